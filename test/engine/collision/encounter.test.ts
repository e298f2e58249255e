/**
 * Short-term encounter geometry on constructed encounters whose answers follow from the definitions
 * (the conjunction reference set, "The encounter quantities"; test/fixtures/conjunction/README.md), independently of the code's own steps:
 * axis-aligned geometries where the collision plane is object 1's (R, T) plane, invariants of the 2×2 eigenproblem
 * (trace, determinant, pᵀA⁻¹p), Coppola's conditional variance from the 3×3 inverse (Schur complement), invariance
 * under a rotation of the whole scene (to 1e-10), the RTN ↔ inertial covariance convention, and the degenerate inputs.
 * (The comparison with Orekit on every reference CDM is in orekit-reference.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  shortTermEncounter,
  encounterPlane,
  collisionProbability,
  CollisionInputError,
  COPPOLA_ALPHA_C_GAMMA_1E16,
  erf,
  type EncounterObject,
} from '../../../engine/collision/index.ts';
import { MU_EARTH_KM3_S2 } from '../../../engine/constants.ts';

const MU = MU_EARTH_KM3_S2 * 1e9;
const R1 = 7000e3;
const V1 = Math.sqrt(MU / R1);

function close(actual: number, expected: number, relTol: number, label: string): void {
  const err = Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-300);
  assert.ok(err <= relTol, `${label}: ${actual} vs ${expected} (relative ${err.toExponential(2)} > ${relTol})`);
}

function diag36(d: number[]): number[] {
  const m = new Array<number>(36).fill(0);
  for (let i = 0; i < 6; i++) m[i * 6 + i] = d[i]!;
  return m;
}

/** Object 1 on a circular equatorial orbit at +X: RTN = (X, Y, Z) exactly. */
const object1: EncounterObject = {
  positionM: [R1, 0, 0],
  velocityMS: [0, V1, 0],
  covariance: diag36([30 ** 2, 200 ** 2, 15 ** 2, 0.01, 0.04, 0.01]),
  covarianceFrame: 'RTN',
};

test('axis-aligned encounter: collision plane = object 1 (R, T), Mahalanobis, Coppola, periods', () => {
  // object 2 crosses along +Z 120 m above in R: Δr = (120, 0, 0), Δv = (0, 0, 7000)
  const object2: EncounterObject = {
    positionM: [R1 + 120, 0, 0],
    velocityMS: [0, V1, 7000],
    covariance: [40 ** 2, 0, 0, 0, 300 ** 2, 0, 0, 0, 25 ** 2], // 3×3 position block
    covarianceFrame: 'INERTIAL',
  };
  const hbr = 12;
  const e = shortTermEncounter(object1, object2, hbr);
  assert.deepEqual(e.flags, []);
  close(e.missDistanceM, 120, 1e-15, 'miss');
  close(e.relativeSpeedMS, 7000, 1e-15, 'relative speed');
  const axesClose = (u: number[], v: number[], label: string) => assert.ok(u.every((x, i) => Math.abs(x - v[i]!) <= 1e-15), `${label}: ${u}`);
  axesClose(e.encounterFrame.zAxis, [0, 0, 1], 'z');
  axesClose(e.encounterFrame.yAxis, [0, 1, 0], 'y = z × Δr');
  axesClose(e.encounterFrame.xAxis, [1, 0, 0], 'x = y × z');
  // combined covariance: object 1 RTN diag (30², 200², 15²) + object 2 inertial diag (40², 300², 25²)
  const sR2 = 30 ** 2 + 40 ** 2, sT2 = 200 ** 2 + 300 ** 2, sN2 = 15 ** 2 + 25 ** 2;
  close(e.projectedCovarianceM2[0][0], sR2, 1e-15, 'C_xx');
  close(e.projectedCovarianceM2[1][1], sT2, 1e-15, 'C_yy');
  assert.equal(e.projectedCovarianceM2[0][1], 0);
  close(e.sigmaXM, Math.sqrt(sR2), 1e-15, 'σx');
  close(e.sigmaYM, Math.sqrt(sT2), 1e-15, 'σy');
  close(Math.abs(e.xmM), 120, 1e-15, '|xm|');
  assert.ok(Math.abs(e.ymM) <= 1e-12);
  close(e.mahalanobisDistance!, 120 / Math.sqrt(sR2), 1e-15, 'Mahalanobis');
  assert.deepEqual(e.otherPositionCollisionPlaneM, [120, 0]);
  close(e.relativePositionRtnM[0], 120, 1e-15, 'ΔR');
  close(e.relativeVelocityRtnMS[2], 7000, 1e-15, 'ΔvN');
  // no in-plane / along-velocity coupling: b = 0, σv = σN, Δt = (2√2 α σN + R)/|Δv|
  close(e.coppolaEncounterDurationS!, (2 * Math.SQRT2 * COPPOLA_ALPHA_C_GAMMA_1E16 * Math.sqrt(sN2) + hbr) / 7000, 1e-15, 'Coppola');
  close(e.orbitalPeriodsS[0]!, 2 * Math.PI * Math.sqrt(R1 ** 3 / MU), 1e-12, 'period 1');
  assert.equal(e.shortTermAssumptionHolds, true);
  assert.deepEqual(encounterPlane(e), { xmM: e.xmM, ymM: e.ymM, sigmaXM: e.sigmaXM, sigmaYM: e.sigmaYM, combinedHardBodyRadiusM: hbr });
});

/** A general encounter: tilted crossing, correlated covariances in both objects' RTN. */
function generalEncounter(): { o1: EncounterObject; o2: EncounterObject } {
  const c1 = [
    [900, 1200, -50, 0.1, -0.3, 0.02],
    [1200, 40000, 300, -0.5, 0.2, 0.1],
    [-50, 300, 400, 0.05, 0.01, -0.03],
    [0.1, -0.5, 0.05, 1e-4, 0, 0],
    [-0.3, 0.2, 0.01, 0, 1e-4, 0],
    [0.02, 0.1, -0.03, 0, 0, 1e-4],
  ].flat();
  const c2 = [
    [2500, -3000, 800, 0, 0, 0],
    [-3000, 90000, -1500, 0, 0, 0],
    [800, -1500, 1600, 0, 0, 0],
    [0, 0, 0, 1e-3, 0, 0],
    [0, 0, 0, 0, 1e-3, 0],
    [0, 0, 0, 0, 0, 1e-3],
  ].flat();
  // object 2: 40° crossing, ~180 m miss, slightly off-plane state
  const dir = [0, Math.cos((40 * Math.PI) / 180), Math.sin((40 * Math.PI) / 180)];
  return {
    o1: { positionM: [R1, 2000, -500], velocityMS: [10, V1, 30], covariance: c1, covarianceFrame: 'RTN' },
    o2: {
      positionM: [R1 + 150, 2000 - 60, -500 + 80],
      velocityMS: [-5, V1 * dir[1]! + 3, V1 * dir[2]! - 2],
      covariance: c2,
      covarianceFrame: 'RTN',
    },
  };
}

function inverse3(m: number[][]): number[][] {
  const [a, b, c] = m[0]!, [d, e, f] = m[1]!, [g, h, i] = m[2]!;
  const det = a! * (e! * i! - f! * h!) - b! * (d! * i! - f! * g!) + c! * (d! * h! - e! * g!);
  return [
    [(e! * i! - f! * h!) / det, (c! * h! - b! * i!) / det, (b! * f! - c! * e!) / det],
    [(f! * g! - d! * i!) / det, (a! * i! - c! * g!) / det, (c! * d! - a! * f!) / det],
    [(d! * h! - e! * g!) / det, (b! * g! - a! * h!) / det, (a! * e! - b! * d!) / det],
  ];
}

test('general encounter: eigen-invariants, Mahalanobis as pᵀA⁻¹p, Coppola from the 3×3 inverse', () => {
  const { o1, o2 } = generalEncounter();
  const hbr = 9;
  const e = shortTermEncounter(o1, o2, hbr);
  const [[a, b], [, c]] = e.projectedCovarianceM2;
  close(e.sigmaXM ** 2 + e.sigmaYM ** 2, a + c, 1e-14, 'trace');
  close(e.sigmaXM ** 2 * e.sigmaYM ** 2, a * c - b * b, 1e-12, 'determinant');
  assert.ok(e.sigmaXM <= e.sigmaYM);
  const [px, py] = e.otherPositionCollisionPlaneM;
  close(Math.hypot(e.xmM, e.ymM), Math.hypot(px, py), 1e-14, 'rotation keeps |p|');
  assert.ok(Math.abs(py) <= 1e-12 * Math.abs(px), 'object 2 on the collision-plane x axis');
  const mahalanobis2 = (c * px * px - 2 * b * px * py + a * py * py) / (a * c - b * b);
  close(e.mahalanobisDistance! ** 2, mahalanobis2, 1e-12, 'Mahalanobis² = pᵀA⁻¹p');
  // Schur complement: σv² = 1/(C⁻¹)_zz, b = −(C⁻¹)_{x,y z}/(C⁻¹)_zz
  const inv = inverse3(e.combinedCovarianceEncounterFrameM2);
  const sigmaV2 = 1 / inv[2]![2]!;
  const bx = -inv[0]![2]! / inv[2]![2]!, by = -inv[1]![2]! / inv[2]![2]!;
  const bTb = bx * bx + by * by;
  const expected = (2 * Math.SQRT2 * COPPOLA_ALPHA_C_GAMMA_1E16 * Math.sqrt(sigmaV2) + hbr * (Math.sqrt(1 + bTb) + Math.sqrt(bTb))) / e.relativeSpeedMS;
  close(e.coppolaEncounterDurationS!, expected, 1e-10, 'Coppola');
  // the encounter axes are orthonormal and right-handed, z along Δv
  const { xAxis, yAxis, zAxis } = e.encounterFrame;
  const dot = (u: number[], v: number[]) => u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  for (const [u, v, expectedDot] of [[xAxis, xAxis, 1], [yAxis, yAxis, 1], [zAxis, zAxis, 1], [xAxis, yAxis, 0], [yAxis, zAxis, 0], [xAxis, zAxis, 0]] as const) {
    assert.ok(Math.abs(dot(u, v) - expectedDot) <= 1e-15);
  }
  close(dot(zAxis, e.relativeVelocityMS), e.relativeSpeedMS, 1e-15, 'z ∥ Δv');
  assert.ok(Math.abs(xAxis[1]! * yAxis[2]! - xAxis[2]! * yAxis[1]! - zAxis[0]!) <= 1e-15, 'x × y = z');
});

/** Rotation by angle about a unit axis (Rodrigues), row-major 3×3. */
function rotation(axis: number[], angle: number): number[] {
  const [x, y, z] = axis.map((v) => v / Math.hypot(...axis));
  const c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  return [c + x! * x! * k, x! * y! * k - z! * s, x! * z! * k + y! * s, y! * x! * k + z! * s, c + y! * y! * k, y! * z! * k - x! * s, z! * x! * k - y! * s, z! * y! * k + x! * s, c + z! * z! * k];
}
const mul = (m: number[], v: ArrayLike<number>) => [0, 1, 2].map((i) => m[3 * i]! * v[0]! + m[3 * i + 1]! * v[1]! + m[3 * i + 2]! * v[2]!);

test('RTN covariances are about each object\'s own inertial state (C = Mᵀ P M, rotation only)', () => {
  const { o1, o2 } = generalEncounter();
  // object 2's RTN axes from the README definition, its covariance moved to the inertial frame by hand
  const r = o2.positionM, v = o2.velocityMS;
  const rHat = [0, 1, 2].map((i) => r[i]! / Math.hypot(r[0]!, r[1]!, r[2]!));
  const h = [r[1]! * v[2]! - r[2]! * v[1]!, r[2]! * v[0]! - r[0]! * v[2]!, r[0]! * v[1]! - r[1]! * v[0]!];
  const nHat = h.map((x) => x / Math.hypot(...h));
  const tHat = [nHat[1]! * rHat[2]! - nHat[2]! * rHat[1]!, nHat[2]! * rHat[0]! - nHat[0]! * rHat[2]!, nHat[0]! * rHat[1]! - nHat[1]! * rHat[0]!];
  const axes = [rHat, tHat, nHat]; // rows: RTN axes in inertial
  const pInertial: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) s += axes[k]![i]! * o2.covariance[k * 6 + l]! * axes[l]![j]!;
      pInertial.push(s);
    }
  }
  const viaRtn = shortTermEncounter(o1, o2, 5);
  const viaInertial = shortTermEncounter(o1, { ...o2, covariance: pInertial, covarianceFrame: 'INERTIAL' }, 5);
  close(viaInertial.sigmaXM, viaRtn.sigmaXM, 1e-13, 'σx');
  close(viaInertial.sigmaYM, viaRtn.sigmaYM, 1e-13, 'σy');
  close(viaInertial.mahalanobisDistance!, viaRtn.mahalanobisDistance!, 1e-13, 'Mahalanobis');
});

test('a rotation of the whole scene leaves every scalar unchanged (1e-10: rotating 7000 km positions rounds them by ~1 nm)', () => {
  const { o1, o2 } = generalEncounter();
  const q = rotation([0.3, -1, 0.7], 1.234);
  const turn = (o: EncounterObject): EncounterObject => ({ ...o, positionM: mul(q, o.positionM), velocityMS: mul(q, o.velocityMS) });
  const a = shortTermEncounter(o1, o2, 7);
  const b = shortTermEncounter(turn(o1), turn(o2), 7); // RTN covariances rotate with their states
  for (const key of ['missDistanceM', 'relativeSpeedMS', 'sigmaXM', 'sigmaYM', 'mahalanobisDistance', 'coppolaEncounterDurationS'] as const) {
    close(b[key] as number, a[key] as number, 1e-10, key);
  }
  close(Math.abs(b.xmM), Math.abs(a.xmM), 1e-10, '|xm|');
  close(Math.abs(b.ymM), Math.abs(a.ymM), 1e-10, '|ym|');
  for (let i = 0; i < 3; i++) close(b.relativePositionRtnM[i]!, a.relativePositionRtnM[i]!, 1e-10, `ΔRTN[${i}]`);
});

test('swapping the objects gives the same Pc (the disk integral is symmetric)', () => {
  const { o1, o2 } = generalEncounter();
  const forward = collisionProbability(encounterPlane(shortTermEncounter(o1, o2, 20)), 'LAAS_2015');
  const backward = collisionProbability(encounterPlane(shortTermEncounter(o2, o1, 20)), 'LAAS_2015');
  close(backward.value, forward.value, 1e-12, 'Pc');
  assert.ok(forward.value > 1e-4, `a meaningful Pc (${forward.value})`);
});

test('zero miss distance: any basis ⟂ v_rel, flagged, xm = ym = 0, Pc well defined', () => {
  const o2: EncounterObject = { positionM: object1.positionM, velocityMS: [0, 0, V1], covariance: object1.covariance, covarianceFrame: 'RTN' };
  const e = shortTermEncounter(object1, o2, 10);
  assert.deepEqual(e.flags.map((f) => f.code), ['MISS_DISTANCE_ZERO']);
  assert.equal(e.missDistanceM, 0);
  assert.equal(e.xmM, 0);
  assert.equal(e.ymM, 0);
  assert.equal(e.mahalanobisDistance, 0);
  const { xAxis, yAxis, zAxis } = e.encounterFrame;
  const dot = (u: number[], v: number[]) => u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  assert.ok(Math.abs(dot(xAxis, zAxis)) <= 1e-15 && Math.abs(dot(yAxis, zAxis)) <= 1e-15 && Math.abs(dot(xAxis, yAxis)) <= 1e-15);
  const pc = collisionProbability(encounterPlane(e), 'LAAS_2015');
  assert.ok(pc.value > 0 && pc.value < 1);
});

test('miss vector along v_rel and states away from TCA are flagged', () => {
  const along = shortTermEncounter(object1, { ...object1, positionM: [R1, 0, 50], velocityMS: [0, V1, 7000] }, 5);
  assert.deepEqual(along.flags.map((f) => f.code), ['MISS_VECTOR_ALONG_RELATIVE_VELOCITY']);
  assert.equal(along.xmM, 0);
  assert.equal(along.ymM, 0);
  const early = shortTermEncounter(object1, { ...object1, positionM: [R1 + 100, 0, 300], velocityMS: [0, V1, 7000] }, 5);
  assert.deepEqual(early.flags.map((f) => f.code), ['NOT_AT_CLOSEST_APPROACH']);
  close(Math.hypot(early.xmM, early.ymM), 100, 1e-14, 'uses the component ⟂ v_rel');
  close(early.missDistanceM, Math.hypot(100, 300), 1e-15, 'miss distance is still |Δr|');
});

test('zero covariances: degenerate collision plane, exact point-mass Pc', () => {
  const zero = new Array<number>(36).fill(0);
  const o1: EncounterObject = { ...object1, covariance: zero };
  const inside = shortTermEncounter(o1, { positionM: [R1 + 3, 0, 0], velocityMS: [0, V1, 7000], covariance: zero, covarianceFrame: 'RTN' }, 5);
  assert.ok(inside.flags.some((f) => f.code === 'DEGENERATE_COVARIANCE'));
  assert.ok(inside.flags.some((f) => f.code === 'COPPOLA_DURATION_UNDEFINED'));
  assert.equal(inside.sigmaXM, 0);
  assert.equal(inside.sigmaYM, 0);
  assert.equal(inside.coppolaEncounterDurationS, null);
  assert.equal(inside.shortTermAssumptionHolds, null);
  for (const method of ['LAAS_2015', 'PATERA_2005', 'ALFANO_2005', 'CHAN_1997'] as const) {
    const pc = collisionProbability(encounterPlane(inside), method);
    assert.equal(pc.value, 1, method);
    assert.deepEqual(pc.flags.map((f) => f.code), ['DEGENERATE_COVARIANCE']);
  }
  const outside = shortTermEncounter(o1, { positionM: [R1 + 8, 0, 0], velocityMS: [0, V1, 7000], covariance: zero, covarianceFrame: 'RTN' }, 5);
  assert.equal(collisionProbability(encounterPlane(outside), 'PATERA_2005').value, 0);
});

test('bad input is refused with the field named (400) or as unprocessable (422)', () => {
  const o2: EncounterObject = { positionM: [R1 + 100, 0, 0], velocityMS: [0, V1, 7000], covariance: object1.covariance, covarianceFrame: 'RTN' };
  const expectError = (fn: () => unknown, code: string, field: string, status: 400 | 422) => {
    assert.throws(fn, (err: unknown) => {
      assert.ok(err instanceof CollisionInputError, String(err));
      assert.equal(err.code, code);
      assert.equal(err.field, field);
      assert.equal(err.httpStatus, status);
      return true;
    });
  };
  const nanCov = [...(object1.covariance as number[])];
  nanCov[4] = NaN;
  expectError(() => shortTermEncounter({ ...object1, covariance: nanCov }, o2, 5), 'NON_FINITE_INPUT', 'object1.covariance[4]', 400);
  expectError(() => shortTermEncounter(object1, { ...o2, covariance: [1, 2, 3] }, 5), 'INVALID_SIZE', 'object2.covariance', 400);
  const hugeCov = [...(object1.covariance as number[])];
  hugeCov[0] = 1e250;
  expectError(() => shortTermEncounter(object1, { ...o2, covariance: hugeCov }, 5), 'INVALID_VALUE', 'object2.covariance[0]', 400);
  expectError(() => shortTermEncounter(object1, { ...o2, positionM: [1, 2] }, 5), 'INVALID_SIZE', 'object2.positionM', 400);
  expectError(() => shortTermEncounter(object1, o2, -1), 'INVALID_VALUE', 'combinedHardBodyRadiusM', 400);
  expectError(() => shortTermEncounter(object1, { ...o2, covarianceFrame: 'TNW' as never }, 5), 'UNKNOWN_FRAME', 'object2.covarianceFrame', 400);
  expectError(() => shortTermEncounter(object1, { ...o2, velocityMS: object1.velocityMS }, 5), 'ZERO_RELATIVE_VELOCITY', 'object2.velocityMS', 422);
  expectError(() => shortTermEncounter({ ...object1, positionM: [0, 0, 0] }, o2, 5), 'RTN_UNDEFINED', 'object1.covarianceFrame', 422);
});

test('a position covariance that is not positive semi-definite is refused (422), not taken as σx = 0 and Pc = 0', () => {
  const o2: EncounterObject = { positionM: [R1 + 100, 0, 0], velocityMS: [0, V1, 7000], covariance: object1.covariance, covarianceFrame: 'RTN' };
  const refused = (covariance: number[], field: string, cause: RegExp) =>
    assert.throws(
      () => shortTermEncounter({ ...object1, covariance }, o2, 5),
      (err: unknown) => err instanceof CollisionInputError && err.code === 'COVARIANCE_NOT_POSITIVE_SEMIDEFINITE' && err.field === field && err.httpStatus === 422 && cause.test(err.message),
    );
  // a correlation of 10 between R and T (a hostile file): its collision-plane projection has a
  // negative variance, which the geometry took as σx = 0 (DEGENERATE_COVARIANCE) and every method as Pc = 0
  const indefinite = diag36([100, 100, 100, 0.01, 0.01, 0.01]);
  indefinite[1] = indefinite[6] = 1000;
  refused(indefinite, 'object1.covariance', /correlation \[0\]\[1\] = 10\.0000 exceeds 1/);
  // every correlation within ±1 but no Gaussian: correlations 0.9, 0.9, −0.9 (smallest eigenvalue −0.8)
  const noGaussian = [100, 90, 90, 90, 100, -90, 90, -90, 100];
  assert.throws(() => shortTermEncounter(object1, { ...o2, covariance: noGaussian, covarianceFrame: 'INERTIAL' }, 5), /object2\.covariance: .*smallest eigenvalue of its correlation matrix is -0\.8/);
  // a negative variance, and a 3×3 that is not symmetric
  refused(diag36([-1, 100, 100, 0.01, 0.01, 0.01]), 'object1.covariance', /diagonal element \[0\]\[0\] is negative/);
  const asymmetric = diag36([100, 100, 100, 0.01, 0.01, 0.01]);
  asymmetric[1] = 50;
  refused(asymmetric, 'object1.covariance', /not symmetric/);

  // only the position block is the Gaussian's: velocity terms that make the 6×6 indefinite (as in Orekit's CDMExample1,
  // a correlation eigenvalue of −0.44 from its printed digits) are accepted
  const velocityIndefinite = diag36([100, 100, 100, 1, 1, 1]);
  velocityIndefinite[3 * 6 + 4] = velocityIndefinite[4 * 6 + 3] = 5;
  assert.ok(Number.isFinite(collisionProbability(encounterPlane(shortTermEncounter({ ...object1, covariance: velocityIndefinite }, o2, 5)), 'LAAS_2015').value));
  // nearly singular but positive semi-definite (an R–T correlation of 1 − 1e-10, the other object's zero): assessed,
  // and the Pc is the limit of the Gaussian on the line R = T (σ = √200 m along it, σx ≈ 1e-4 m across), whose chord
  // through the disk centred on it 10√2 m out is its diameter: ½[erf((d + R)/√2σ) − erf((d − R)/√2σ)]
  const nearlySingular = diag36([100, 100, 100, 0.01, 0.01, 0.01]);
  nearlySingular[1] = nearlySingular[6] = 100 * (1 - 1e-10);
  const onLine: EncounterObject = { positionM: [R1 + 10, 10, 0], velocityMS: [0, V1, 7000], covariance: new Array(9).fill(0), covarianceFrame: 'INERTIAL' };
  const e = shortTermEncounter({ ...object1, covariance: nearlySingular }, onLine, 5);
  assert.ok(!e.flags.some((f) => f.code === 'DEGENERATE_COVARIANCE') && e.sigmaXM > 0, JSON.stringify(e.flags));
  const sigma = Math.sqrt(200);
  const d = 10 * Math.SQRT2;
  const lineLimit = 0.5 * (erf((d + 5) / (Math.SQRT2 * sigma)) - erf((d - 5) / (Math.SQRT2 * sigma)));
  for (const method of ['LAAS_2015', 'PATERA_2005'] as const) {
    const pc = collisionProbability(encounterPlane(e), method);
    assert.ok(Math.abs(pc.value - lineLimit) <= 1e-6 * lineLimit, `${method}: ${pc.value} vs the line limit ${lineLimit}`);
  }
});
