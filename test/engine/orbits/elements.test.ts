/**
 * Element conversions (keplerian.ts, equinoctial.ts) against:
 *  - the shared astropy/erfa oracle (kepler-oracle.json, made with the oracle's kepler.py by
 *    tools/make-kepler-oracle.py, plus Vallado Ex. 2-5 from the oracle examples);
 *  - Orekit's osculating elements in the DSST reference fixture;
 *  - round trips over seeded random orbits including circular/equatorial corners.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MU_EARTH_KM3_S2 } from '../../../engine/constants.ts';
import {
  apogeeRadiusKm,
  cartesianToKeplerian,
  eccentricToMeanAnomaly,
  eccentricToTrueAnomaly,
  keplerianToCartesian,
  meanMotionRadPerS,
  meanToTrueAnomaly,
  normalizeAngleMinusPiToPi,
  orbitalPeriodS,
  perigeeRadiusKm,
  semiLatusRectumKm,
  solveHyperbolicKeplerEquation,
  solveKeplerEquation,
  trueToEccentricAnomaly,
  trueToMeanAnomaly,
} from '../../../engine/orbits/keplerian.ts';
import {
  cartesianToEquinoctial,
  completeEquinoctial,
  equinoctialToCartesian,
  equinoctialToKeplerian,
  keplerianToEquinoctial,
  meanToTrueLongitude,
  trueToMeanLongitude,
} from '../../../engine/orbits/equinoctial.ts';

const DEG = Math.PI / 180;

/** Smallest signed difference of two angles, rad. */
function angleDiff(aRad: number, bRad: number): number {
  return normalizeAngleMinusPiToPi(aRad - bRad);
}

function assertClose(actual: number, expected: number, tol: number, what: string): void {
  const err = Math.abs(actual - expected);
  assert.ok(err <= tol, `${what}: got ${actual}, expected ${expected}, |err| ${err.toExponential(3)} > ${tol}`);
}

function assertAngleClose(actualRad: number, expectedRad: number, tolRad: number, what: string): void {
  const err = Math.abs(angleDiff(actualRad, expectedRad));
  assert.ok(err <= tolRad, `${what}: got ${actualRad / DEG}°, expected ${expectedRad / DEG}°, |err| ${(err / DEG).toExponential(3)}° > ${tolRad / DEG}°`);
}

function vecErr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** Deterministic PRNG (mulberry32) so failures are reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface OracleCase {
  name: string;
  elements_in: Record<string, number>;
  cartesian: { r: number[]; v: number[] };
  elements_out: Record<string, number | null | string | number[]>;
}
const oracle = JSON.parse(readFileSync(new URL('./kepler-oracle.json', import.meta.url), 'utf8')) as {
  mu: number;
  cases: OracleCase[];
};

describe('Keplerian conversions vs the astropy/erfa oracle (kepler.py)', () => {
  for (const c of oracle.cases) {
    const inp = c.elements_in;
    test(`${c.name}: elements -> Cartesian within 1e-12 relative (position) and Cartesian -> elements within 1e-9°`, () => {
      const anomaly =
        inp.M !== undefined ? { meanAnomalyRad: inp.M * DEG } : inp.E !== undefined ? { eccentricAnomalyRad: inp.E * DEG } : { trueAnomalyRad: inp.nu! * DEG };
      const state = keplerianToCartesian(
        { aKm: inp.a!, e: inp.e!, iRad: inp.i! * DEG, raanRad: inp.raan! * DEG, argPerigeeRad: inp.argp! * DEG, ...anomaly },
        oracle.mu,
      );
      const rNorm = Math.hypot(...c.cartesian.r);
      const vNorm = Math.hypot(...c.cartesian.v);
      assert.ok(vecErr(state.positionKm, c.cartesian.r) <= 1e-12 * rNorm * 10, `position err ${vecErr(state.positionKm, c.cartesian.r)} km`);
      assert.ok(vecErr(state.velocityKmPerS, c.cartesian.v) <= 1e-11 * vNorm, `velocity err ${vecErr(state.velocityKmPerS, c.cartesian.v)} km/s`);

      const out = c.elements_out as Record<string, number>;
      const k = cartesianToKeplerian(c.cartesian.r, c.cartesian.v, oracle.mu);
      assertClose(k.aKm, out.a!, 1e-11 * Math.abs(out.a!), 'a');
      assertClose(k.e, out.e!, 1e-12, 'e');
      // the oracle's i = acos(hz/|h|) carries ~1e-16/sin i rad of rounding near i = 0; ours uses atan2
      assertAngleClose(k.iRad, out.i! * DEG, 1e-11 + 4e-16 / Math.sin(k.iRad), 'i');
      assertAngleClose(k.iRad, inp.i! * DEG, 1e-11, 'i (vs the input definition)');
      // The node is ill-conditioned near i = 0 (δΩ ≈ δh / sin i) and perigee near e = 0 (δω ≈ δe / e):
      // the tolerance grows accordingly, and the well-conditioned sums are checked tightly.
      const sinI = Math.sin(k.iRad);
      assertAngleClose(k.raanRad, out.raan! * DEG, 1e-13 / sinI + 1e-11, 'RAAN');
      assertAngleClose(k.raanRad + k.argPerigeeRad, out.lonper! * DEG, 1e-13 / k.e + 1e-11, 'RAAN+argp');
      assertAngleClose(k.argPerigeeRad, out.argp! * DEG, 1e-13 / k.e + 1e-13 / sinI + 1e-11, 'argp');
      assertAngleClose(k.argPerigeeRad + k.trueAnomalyRad, ((out.argp! + out.nu!) * DEG), 1e-13 / sinI + 1e-11, 'argument of latitude');
      if (k.e < 1) {
        assertAngleClose(k.trueAnomalyRad, out.nu! * DEG, 1e-13 / k.e + 1e-11, 'true anomaly');
        assertAngleClose(k.eccentricAnomalyRad, out.E! * DEG, 1e-13 / k.e + 1e-11, 'eccentric anomaly');
        assertAngleClose(k.meanAnomalyRad, out.M! * DEG, 1e-13 / k.e + 1e-11, 'mean anomaly');
        assertClose(orbitalPeriodS(k.aKm, oracle.mu), out.period_s!, 1e-11 * out.period_s!, 'period');
        assertClose(apogeeRadiusKm(k.aKm, k.e), out.ra!, 1e-11 * out.ra!, 'apogee radius');
      } else {
        assertClose(k.trueAnomalyRad, normalizeAngleMinusPiToPi(out.nu! * DEG), 1e-11, 'true anomaly');
        assertClose(k.eccentricAnomalyRad, out.E! * DEG, 1e-11, 'hyperbolic anomaly');
        assertClose(k.meanAnomalyRad, out.M! * DEG, 1e-10, 'hyperbolic mean anomaly');
        assert.equal(apogeeRadiusKm(k.aKm, k.e), Number.POSITIVE_INFINITY);
      }
      assertClose(perigeeRadiusKm(k.aKm, k.e), out.rp!, 1e-11 * out.rp!, 'perigee radius');
      assertClose(semiLatusRectumKm(k.aKm, k.e), out.p!, 1e-11 * out.p!, 'p');
      assertClose(meanMotionRadPerS(k.aKm, oracle.mu), out.n_rad_s!, 1e-12 * out.n_rad_s!, 'mean motion');
    });
  }

  test('Vallado Example 2-5 (RV2COE) to the oracle digits', () => {
    const k = cartesianToKeplerian([6524.834, 6862.875, 6448.296], [4.901327, 5.533756, -1.976341]);
    assertClose(k.aKm, 36127.337619678656, 1e-8, 'a');
    assertClose(k.e, 0.8328533984875215, 1e-13, 'e');
    assertClose(k.iRad / DEG, 87.86912617702644, 1e-10, 'i');
    assertClose(k.raanRad / DEG, 227.8982603572737, 1e-10, 'RAAN');
    assertClose(k.argPerigeeRad / DEG, 53.384930618459755, 1e-10, 'argp');
    assertClose(k.trueAnomalyRad / DEG, 92.33515676213737, 1e-10, 'nu');
    assertClose(k.eccentricAnomalyRad / DEG, 34.92196021921414, 1e-10, 'E');
    assertClose(k.meanAnomalyRad / DEG, 7.604741766406412, 1e-10, 'M');
    assertClose(orbitalPeriodS(k.aKm), 68338.41739684303, 1e-7, 'period');
  });
});

describe('Osculating elements vs Orekit (DSST reference fixture, osculating part)', () => {
  const ref = JSON.parse(readFileSync(new URL('../../fixtures/dsst/dsst_mean_zonal.json', import.meta.url), 'utf8')) as {
    results: Array<{
      name: string;
      state_gcrf: { pos_km: number[]; vel_km_s: number[] };
      osculating_keplerian_from_state: Record<string, number>;
      osculating_equinoctial_from_state: Record<string, number>;
    }>;
  };
  const muOrbit = 398600.4418;
  for (const c of ref.results) {
    test(`${c.name}: Keplerian and equinoctial from the GCRF state match Orekit (a 1e-9 km, e/ex/ey/hx/hy 1e-14, angles 1e-9°)`, () => {
      const k = cartesianToKeplerian(c.state_gcrf.pos_km, c.state_gcrf.vel_km_s, muOrbit);
      const o = c.osculating_keplerian_from_state;
      assertClose(k.aKm, o.a_km!, 1e-9, 'a');
      assertClose(k.e, o.e!, 1e-14, 'e');
      assertAngleClose(k.iRad, o.i_deg! * DEG, 1e-9 * DEG, 'i');
      assertAngleClose(k.raanRad, o.raan_deg! * DEG, 1e-9 * DEG / Math.sin(k.iRad), 'RAAN');
      assertAngleClose(k.argPerigeeRad + k.meanAnomalyRad, (o.argp_deg! + o.mean_anomaly_deg!) * DEG, 1e-9 * DEG / Math.sin(k.iRad), 'argp+M');
      assertAngleClose(k.trueAnomalyRad, o.true_anomaly_deg! * DEG, 1e-13 / k.e, 'true anomaly');
      const q = cartesianToEquinoctial(c.state_gcrf.pos_km, c.state_gcrf.vel_km_s, muOrbit);
      const oe = c.osculating_equinoctial_from_state;
      assertClose(q.aKm, oe.a_km!, 1e-9, 'a');
      assertClose(q.ex, oe.ex!, 1e-14, 'ex');
      assertClose(q.ey, oe.ey!, 1e-14, 'ey');
      assertClose(q.hx, oe.hx!, 1e-14, 'hx');
      assertClose(q.hy, oe.hy!, 1e-14, 'hy');
      assertAngleClose(q.meanLongitudeRad, oe.mean_longitude_deg! * DEG, 1e-9 * DEG, 'mean longitude');
    });
  }
});

describe("Kepler's equation", () => {
  test('elliptic: residual |E − e sin E − M| ≤ 2e-15·max(1,|M|) for e up to 1 − 1e-9 and M over several revolutions', () => {
    const es = [0, 1e-12, 1e-6, 0.001, 0.1, 0.5, 0.8, 0.9, 0.99, 0.999, 0.999999, 1 - 1e-9];
    let worst = 0;
    for (const e of es) {
      for (let k = -400; k <= 400; k++) {
        const m = k * 0.0317 + (k % 7 === 0 ? 1e-9 : 0);
        const E = solveKeplerEquation(m, e);
        const res = Math.abs(E - e * Math.sin(E) - m) / Math.max(1, Math.abs(m));
        worst = Math.max(worst, res);
        assert.ok(res <= 2e-15, `e=${e} M=${m}: residual ${res}`);
        // E lies in the same revolution as M: |E − M| ≤ e
        assert.ok(Math.abs(E - m) <= e + 1e-15, `e=${e} M=${m}: E=${E} off by more than e`);
      }
    }
    assert.ok(worst <= 2e-15);
  });

  test('elliptic: near-parabolic tiny mean anomalies (e = 0.9999999, M = 1e-10..1e-3) converge', () => {
    const e = 0.9999999;
    for (const m of [1e-10, 1e-8, 1e-6, 1e-4, 1e-3, -1e-7]) {
      const E = solveKeplerEquation(m, e);
      assert.ok(Math.abs(E - e * Math.sin(E) - m) <= 1e-17 + 4e-16 * Math.abs(E), `M=${m}: E=${E}`);
    }
  });

  test('hyperbolic: residual |e sinh H − H − M| ≤ 1e-14·max(1,|M|) for e in (1, 30], |M| up to 1e4', () => {
    for (const e of [1.0001, 1.01, 1.5, 2, 5, 30]) {
      for (const m of [-1e4, -50, -1, -1e-3, 0, 1e-6, 0.3, 2, 40, 1e3, 1e4]) {
        const H = solveHyperbolicKeplerEquation(m, e);
        const res = Math.abs(e * Math.sinh(H) - H - m) / Math.max(1, Math.abs(m));
        assert.ok(res <= 1e-14, `e=${e} M=${m}: H=${H} residual ${res}`);
      }
    }
  });

  test('rejects eccentricities outside each branch', () => {
    assert.throws(() => solveKeplerEquation(1, 1), RangeError);
    assert.throws(() => solveKeplerEquation(1, -0.1), RangeError);
    assert.throws(() => solveHyperbolicKeplerEquation(1, 0.5), RangeError);
  });

  test('anomaly conversions are mutually inverse (elliptic and hyperbolic) to 1e-14 rad', () => {
    const next = rng(7);
    for (let k = 0; k < 2000; k++) {
      const e = k % 2 === 0 ? next() * 0.999 : 1.001 + next() * 4;
      if (e < 1) {
        const nu = (next() * 2 - 1) * Math.PI;
        const E = trueToEccentricAnomaly(nu, e);
        assertClose(eccentricToTrueAnomaly(E, e), nu, 1e-14 * (1 + 1 / (1 - e)), `ν→E→ν e=${e}`);
        const m = trueToMeanAnomaly(nu, e);
        assertClose(meanToTrueAnomaly(m, e), nu, 2e-13 / (1 - e), `ν→M→ν e=${e}`);
        assertClose(eccentricToMeanAnomaly(E, e), m, 1e-15 * 10, 'E→M');
      } else {
        const nuMax = Math.acos(-1 / e);
        const nu = (next() * 2 - 1) * nuMax * 0.95;
        const H = trueToEccentricAnomaly(nu, e);
        assertClose(eccentricToTrueAnomaly(H, e), nu, 1e-13, `ν→H→ν e=${e}`);
        assertClose(meanToTrueAnomaly(trueToMeanAnomaly(nu, e), e), nu, 1e-11, `ν→M→ν (hyperbolic) e=${e}`);
      }
    }
  });
});

describe('Round trips over random orbits', () => {
  function randomOrbit(next: () => number, kind: number) {
    const aKm = 6500 + next() * 40000;
    let e = next() * 0.95;
    let iRad = next() * Math.PI * 0.999;
    if (kind === 1) e = [0, 1e-15, 1e-12, 1e-9, 1e-6][Math.floor(next() * 5)]!;
    if (kind === 2) iRad = [0, 1e-15, 1e-12, 1e-9, 1e-6][Math.floor(next() * 5)]!;
    if (kind === 3) {
      e = [0, 1e-12, 1e-7][Math.floor(next() * 3)]!;
      iRad = [0, 1e-12, 1e-7][Math.floor(next() * 3)]!;
    }
    return { aKm, e, iRad, raanRad: next() * 2 * Math.PI, argPerigeeRad: next() * 2 * Math.PI, meanAnomalyRad: next() * 2 * Math.PI };
  }

  test('Cartesian -> Keplerian -> Cartesian: position ≤ 1e-12·r·10, velocity ≤ 1e-11·v (2000 orbits, incl. e, i ∈ {0, 1e-15 … 1e-6})', () => {
    const next = rng(42);
    for (let k = 0; k < 2000; k++) {
      const orbit = randomOrbit(next, k % 4);
      const s = keplerianToCartesian(orbit);
      const kep = cartesianToKeplerian(s.positionKm, s.velocityKmPerS);
      const s2 = keplerianToCartesian({ ...kep, meanAnomalyRad: undefined, eccentricAnomalyRad: undefined });
      const r = Math.hypot(...s.positionKm);
      const v = Math.hypot(...s.velocityKmPerS);
      assert.ok(vecErr(s.positionKm, s2.positionKm) <= 1e-11 * r, `case ${k} ${JSON.stringify(orbit)} position err ${vecErr(s.positionKm, s2.positionKm)}`);
      assert.ok(vecErr(s.velocityKmPerS, s2.velocityKmPerS) <= 1e-11 * v, `case ${k} velocity err`);
      // the element set itself comes back where it is well defined
      assertClose(kep.aKm, orbit.aKm, 1e-11 * orbit.aKm, 'a');
      assertClose(kep.e, orbit.e, 1e-12, 'e');
      assertClose(kep.iRad, orbit.iRad, 1e-12, 'i');
      const lambda = orbit.raanRad + orbit.argPerigeeRad + orbit.meanAnomalyRad;
      assertAngleClose(kep.raanRad + kep.argPerigeeRad + kep.meanAnomalyRad, lambda, 1e-11, 'mean longitude');
    }
  });

  test('Cartesian -> equinoctial -> Cartesian and Keplerian <-> equinoctial agree (2000 orbits)', () => {
    const next = rng(4242);
    for (let k = 0; k < 2000; k++) {
      const orbit = randomOrbit(next, k % 4);
      const s = keplerianToCartesian(orbit);
      const q = cartesianToEquinoctial(s.positionKm, s.velocityKmPerS);
      // definitions: ex = e cos(ω+Ω), ey = e sin(ω+Ω), hx = tan(i/2) cos Ω, hy = tan(i/2) sin Ω
      const lonPer = orbit.argPerigeeRad + orbit.raanRad;
      assertClose(q.ex, orbit.e * Math.cos(lonPer), 1e-12, 'ex');
      assertClose(q.ey, orbit.e * Math.sin(lonPer), 1e-12, 'ey');
      const t = Math.tan(orbit.iRad / 2);
      // hx = −w_y/(1 + w_z) cancels near i = 180°: relative rounding grows like 1 + tan²(i/2)
      assertClose(q.hx, t * Math.cos(orbit.raanRad), 1e-13 * (1 + t * t), 'hx');
      assertClose(q.hy, t * Math.sin(orbit.raanRad), 1e-13 * (1 + t * t), 'hy');
      assertAngleClose(q.meanLongitudeRad, lonPer + orbit.meanAnomalyRad, 1e-11, 'λ');
      for (const input of [
        { ...q, eccentricLongitudeRad: undefined, meanLongitudeRad: undefined },
        { ...q, trueLongitudeRad: undefined, eccentricLongitudeRad: undefined },
        { ...q, trueLongitudeRad: undefined, meanLongitudeRad: undefined },
      ]) {
        const s2 = equinoctialToCartesian(input);
        assert.ok(vecErr(s.positionKm, s2.positionKm) <= 1e-11 * Math.hypot(...s.positionKm), `case ${k} position`);
        assert.ok(vecErr(s.velocityKmPerS, s2.velocityKmPerS) <= 1e-11 * Math.hypot(...s.velocityKmPerS), `case ${k} velocity`);
      }
      const kFromQ = equinoctialToKeplerian(q);
      const s3 = keplerianToCartesian({ ...kFromQ, meanAnomalyRad: undefined, eccentricAnomalyRad: undefined });
      assert.ok(vecErr(s.positionKm, s3.positionKm) <= 1e-11 * Math.hypot(...s.positionKm), `case ${k} via Keplerian`);
      const qFromK = keplerianToEquinoctial(kFromQ);
      assertClose(qFromK.ex, q.ex, 1e-14, 'ex');
      // tan(i/2) amplifies rounding of i by (1 + tan²(i/2)) near i = 180°
      const tanHalfI2 = q.hx * q.hx + q.hy * q.hy;
      assertClose(qFromK.hx, q.hx, 1e-13 * (1 + tanHalfI2), 'hx');
      assertClose(qFromK.hy, q.hy, 1e-13 * (1 + tanHalfI2), 'hy');
      assertAngleClose(qFromK.meanLongitudeRad, q.meanLongitudeRad, 1e-13, 'λ');
      assertAngleClose(meanToTrueLongitude(q.ex, q.ey, trueToMeanLongitude(q.ex, q.ey, q.trueLongitudeRad)), q.trueLongitudeRad, 1e-12, 'L→λ→L');
      assert.deepEqual(completeEquinoctial({ ...q, eccentricLongitudeRad: undefined, meanLongitudeRad: undefined }).aKm, q.aKm);
    }
  });

  test('circular equatorial orbit (e, sin i at rounding level): ω = Ω = 0 and the anomaly is the true longitude', () => {
    const v = Math.sqrt(MU_EARTH_KM3_S2 / 7000);
    const k = cartesianToKeplerian([0, 7000, 0], [-v, 0, 0]);
    assert.ok(k.raanRad === 0, `RAAN ${k.raanRad}`);
    assert.ok(k.argPerigeeRad === 0, `argp ${k.argPerigeeRad}`);
    assert.ok(k.e < 1e-15);
    assertAngleClose(k.trueAnomalyRad, Math.PI / 2, 1e-15, 'true longitude');
    const q = cartesianToEquinoctial([0, 7000, 0], [-v, 0, 0]);
    assert.ok(q.hx === 0 && q.hy === 0, `hx ${q.hx} hy ${q.hy}`);
    assertAngleClose(q.trueLongitudeRad, Math.PI / 2, 1e-15, 'L');
  });

  test('degenerate and unsupported inputs throw RangeError', () => {
    assert.throws(() => cartesianToKeplerian([7000, 0, 0], [1, 0, 0]), RangeError); // rectilinear
    assert.throws(() => cartesianToKeplerian([0, 0, 0], [0, 7, 0]), RangeError);
    assert.throws(() => cartesianToEquinoctial([7000, 0, 0], [0, 12, 0]), RangeError); // hyperbolic
    assert.throws(() => cartesianToEquinoctial([7000, 0, 0], [0, -7.5, 0]), RangeError); // retrograde equatorial
    assert.throws(() => keplerianToCartesian({ aKm: 7000, e: 1.2, iRad: 0, raanRad: 0, argPerigeeRad: 0, trueAnomalyRad: 0 }), RangeError);
    assert.throws(() => keplerianToCartesian({ aKm: 7000, e: 0, iRad: 0, raanRad: 0, argPerigeeRad: 0 }), TypeError);
  });
});
