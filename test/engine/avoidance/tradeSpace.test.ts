/**
 * The avoidance trade space by linear mapping (engine/avoidance/tradeSpace.ts), checked against references: the
 * Clohessy–Wiltshire closed form on a circular LEO, a numerical re-integration of the burned trajectory (LEO, HEO, GEO),
 * a brute-force search for the optimal direction, the Gates execution-error model and Tsiolkovsky.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Epoch } from '../../../engine/time/epoch.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { propagate, type ForceModelSettings } from '../../../engine/propagation/propagator.ts';
import { localOrbitalRotation } from '../../../engine/math/covariance.ts';
import { G0_M_S2, MU_EARTH_KM3_S2 } from '../../../engine/constants.ts';
import {
  avoidanceLeadTimesS,
  burnPoints,
  deltaVSizesMetersPerSecond,
  executionErrorCovariance,
  keplerPeriodS,
  linearTradeSpace,
  optimalBurnDirection,
  propellantKg,
} from '../../../engine/avoidance/index.ts';
import { avoidancePropagation } from '../../../engine/avoidance/dynamics.ts';
import { EARTH, EOP, TCA_EPOCH, TWO_BODY, stateOf, syntheticEncounter } from './scenarios.ts';

test('Clohessy–Wiltshire: an along-track Δv τ before TCA on a circular LEO moves the primary by (Δv/n)(4 sin nτ − 3nτ) along-track and (2Δv/n)(1 − cos nτ) radially', (t) => {
  const tca = stateOf(7078.137, 0, 98.2, 10, 0, 30);
  const n = Math.sqrt(MU_EARTH_KM3_S2 / 7078.137 ** 3);
  const period = (2 * Math.PI) / n;
  const dv = 0.05; // m/s
  // 24 lead times over the second and third orbits before TCA: the radial offset's mean over whole periods is 2Δv/n
  const leads = Array.from({ length: 24 }, (_, k) => period + (k * 2 * period) / 24);
  const points = burnPoints(tca, leads, { ...avoidancePropagation(TCA_EPOCH, EARTH, { massKg: 500 }, TWO_BODY), variationalPartials: 'FINITE_DIFFERENCES' });
  const encounter = syntheticEncounter(tca, 'LEO');
  const space = linearTradeSpace({ encounter, burnPoints: points, directions: ['ALONG_TRACK_PLUS'], deltaVSizesMetersPerSecond: [dv], executionErrors: { magnitudeFraction: 0, pointingRad: 0 }, ispS: 220 });
  let worst = 0;
  let radialMean = 0;
  let secularWorst = 0;
  for (const c of space.candidates) {
    const tau = c.leadTimeS;
    const radial = ((2 * dv) / n) * (1 - Math.cos(n * tau));
    const along = (dv / n) * (4 * Math.sin(n * tau) - 3 * n * tau);
    const [dR, dT, dN] = c.displacementAtTcaRtnM;
    worst = Math.max(worst, Math.hypot(dR - radial, dT - along, dN) / Math.hypot(radial, along));
    radialMean += dR / space.candidates.length;
    // the reading: ≈ 3·Δv·τ along-track (behind, for a prograde burn), within the periodic term 4Δv/n
    secularWorst = Math.max(secularWorst, Math.abs(-dT - 3 * dv * tau) / ((4 * dv) / n));
  }
  t.diagnostic(`largest |δr − CW| / |CW| ${worst.toExponential(2)}; mean radial ${radialMean.toFixed(3)} m vs 2Δv/n = ${((2 * dv) / n).toFixed(3)} m; |δT + 3Δvτ| ≤ ${secularWorst.toFixed(3)}·4Δv/n`);
  // bound: the STM of a DP853 run at dP 1e-5 m reproduces the linearised two-body motion to < 1e-6 relative
  assert.ok(worst < 1e-6, `CW mismatch ${worst}`);
  assert.ok(Math.abs(radialMean - (2 * dv) / n) < 1e-3 * ((2 * dv) / n), `radial mean ${radialMean}`);
  assert.ok(secularWorst <= 1 + 1e-6);
  // at the half-orbit point 1.5 T the radial offset is its largest, 4Δv/n
  const half = linearTradeSpace({ encounter, burnPoints: burnPoints(tca, [1.5 * period], avoidancePropagation(TCA_EPOCH, EARTH, { massKg: 500 }, TWO_BODY)), directions: ['ALONG_TRACK_PLUS'], deltaVSizesMetersPerSecond: [dv], executionErrors: { magnitudeFraction: 0, pointingRad: 0 }, ispS: 220 });
  assert.ok(Math.abs(half.candidates[0]!.displacementAtTcaRtnM[0] - (4 * dv) / n) < 1e-5 * ((4 * dv) / n));
});

/** The burned state at TCA by numerical integration: back to the burn, Δv added, forward to TCA. */
function numericalDisplacementM(tca: Float64Array, leadS: number, dvGcrfMS: readonly number[], forceModel: ForceModelSettings, environment: InterpolatedEarthEnvironment | null): Float64Array {
  const spacecraft = { massKg: 800, dragAreaM2: 4, dragCoefficient: 2.2, srpAreaM2: 4, reflectivityCoefficient: 1.3 };
  const back = propagate({ positionKm: tca.subarray(0, 3), velocityKmS: tca.subarray(3, 6), spacecraft, forceModel, environment, outputTimesS: [-leadS] });
  const b = back.statesKm;
  const v = [b[3]! + dvGcrfMS[0]! / 1000, b[4]! + dvGcrfMS[1]! / 1000, b[5]! + dvGcrfMS[2]! / 1000];
  // the forward run starts at the burn: its environment is the same one shifted by the lead (same epoch grid)
  const fwd = propagate({ positionKm: b.subarray(0, 3), velocityKmS: v, spacecraft, forceModel, environment: environment === null ? null : shifted(environment, leadS), outputTimesS: [leadS] });
  const out = new Float64Array(6);
  for (let i = 0; i < 6; i++) out[i] = (fwd.statesKm[i]! - tca[i]!) * 1000;
  return out;
}

function envAround(epoch: Epoch, startS: number, endS: number): InterpolatedEarthEnvironment {
  return new InterpolatedEarthEnvironment({ epoch, startS, endS, eop: EOP });
}
function shifted(_env: InterpolatedEarthEnvironment, leadS: number): InterpolatedEarthEnvironment {
  return envAround(TCA_EPOCH.plusSeconds(-leadS), -60, leadS + 60);
}

const CASES = [
  // name, state at TCA, lead times (s), Δv (m/s), force model, bound (stated): relative to |δr| plus an absolute floor
  { name: 'LEO 700 km SSO (20×20, drag, SRP, Sun, Moon)', state: stateOf(7078.137, 0.001, 98.2, 10, 90, 30), leads: [2950, 8900], dv: 0.1, forceModel: { gravityDegree: 20, gravityOrder: 20 } as ForceModelSettings, relative: 2e-3, floorM: 0.5 },
  { name: 'HEO 500 × 12,000 km, 63.4° (20×20, drag, SRP, Sun, Moon)', state: stateOf(12628.137, 0.4553324, 63.4, 40, 270, 20), leads: [7000, 20000], dv: 0.1, forceModel: { gravityDegree: 20, gravityOrder: 20 } as ForceModelSettings, relative: 2e-3, floorM: 0.5 },
  { name: 'GEO (8×8, SRP, Sun, Moon)', state: stateOf(42164.17, 0.0002, 0.05, 60, 0, 100), leads: [43082, 86164], dv: 0.05, forceModel: { gravityDegree: 8, gravityOrder: 8, atmosphere: 'NONE' } as ForceModelSettings, relative: 2e-3, floorM: 0.5 },
] as const;

for (const c of CASES) {
  test(`linear mapping vs numerical re-integration of the burned trajectory: ${c.name}`, (t) => {
    const maxLead = Math.max(...c.leads);
    const env = envAround(TCA_EPOCH, -maxLead - 60, 60);
    const spacecraft = { massKg: 800, dragAreaM2: 4, dragCoefficient: 2.2, srpAreaM2: 4, reflectivityCoefficient: 1.3 };
    const points = burnPoints(c.state, [...c.leads], avoidancePropagation(TCA_EPOCH, EARTH, spacecraft, c.forceModel));
    const space = linearTradeSpace({
      encounter: syntheticEncounter(c.state, c.name.startsWith('GEO') ? 'GEO' : 'LEO'),
      burnPoints: points,
      directions: ['ALONG_TRACK_PLUS', 'RADIAL_MINUS', 'CROSS_TRACK_PLUS'],
      deltaVSizesMetersPerSecond: [c.dv],
      executionErrors: { magnitudeFraction: 0, pointingRad: 0 },
      ispS: 220,
    });
    let worst = 0;
    for (const cand of space.candidates) {
      const toRtn = localOrbitalRotation('RTN', c.state.subarray(0, 3), c.state.subarray(3, 6));
      const num = numericalDisplacementM(c.state, cand.leadTimeS, cand.deltaVGcrfMetersPerSecond, c.forceModel, env);
      const numRtn = [0, 1, 2].map((r) => toRtn[3 * r]! * num[0]! + toRtn[3 * r + 1]! * num[1]! + toRtn[3 * r + 2]! * num[2]!);
      const lin = cand.displacementAtTcaRtnM;
      const err = Math.hypot(lin[0] - numRtn[0]!, lin[1] - numRtn[1]!, lin[2] - numRtn[2]!);
      const size = Math.hypot(...lin);
      worst = Math.max(worst, err / (c.relative * size + c.floorM));
      t.diagnostic(`${cand.direction} τ = ${cand.leadTimeS} s: |δr| ${size.toFixed(1)} m, linear − numerical ${err.toFixed(3)} m`);
    }
    assert.ok(worst <= 1, `linear − numerical beyond ${c.relative}·|δr| + ${c.floorM} m (ratio ${worst.toFixed(2)})`);
  });
}

test('optimal direction (Bombardelli & Hernando-Ayuso 2015): no direction of 4,000 on the sphere gives a larger Mahalanobis distance, and its Pc is the lowest of the trade space', () => {
  const tca = stateOf(7078.137, 0.001, 98.2, 10, 90, 30);
  const encounter = syntheticEncounter(tca, 'LEO');
  const points = burnPoints(tca, [2950], avoidancePropagation(TCA_EPOCH, EARTH, { massKg: 500 }, TWO_BODY));
  const sizes = [0.002, 0.01, 0.05];
  const space = linearTradeSpace({ encounter, burnPoints: points, directions: ['OPTIMAL', 'ALONG_TRACK_PLUS', 'ALONG_TRACK_MINUS', 'RADIAL_PLUS', 'RADIAL_MINUS', 'CROSS_TRACK_PLUS', 'CROSS_TRACK_MINUS'], deltaVSizesMetersPerSecond: sizes, executionErrors: { magnitudeFraction: 0, pointingRad: 0 }, ispS: 220 });
  for (const size of sizes) {
    const same = space.candidates.filter((c) => c.deltaVMetersPerSecond === size);
    const optimal = same.find((c) => c.direction === 'OPTIMAL')!;
    for (const other of same) assert.ok(optimal.outcome.probability.pc!.value <= other.outcome.probability.pc!.value * (1 + 1e-9), `${other.direction} at ${size} m/s has a lower Pc`);
  }
  // brute force on the reduced problem: random K, W, b₀
  let seed = 7;
  const rnd = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let trial = 0; trial < 20; trial++) {
    const k = Array.from({ length: 6 }, rnd).map((x) => x * 3000);
    const a = Math.abs(rnd()) * 1e4 + 100, cc = Math.abs(rnd()) * 1e4 + 100, b = rnd() * Math.sqrt(a * cc) * 0.9;
    const det = a * cc - b * b;
    const w = [cc / det, -b / det, -b / det, a / det];
    const b0 = trial === 0 ? [0, 0] : [rnd() * 300, rnd() * 300];
    const delta = Math.abs(rnd()) * 0.2 + 0.001;
    const f = (u: ArrayLike<number>): number => {
      const x = b0[0]! - delta * (k[0]! * u[0]! + k[1]! * u[1]! + k[2]! * u[2]!);
      const y = b0[1]! - delta * (k[3]! * u[0]! + k[4]! * u[1]! + k[5]! * u[2]!);
      return x * (w[0]! * x + w[1]! * y) + y * (w[2]! * x + w[3]! * y);
    };
    const best = f(optimalBurnDirection(k, w, b0, delta));
    for (let i = 0; i < 4000; i++) {
      // Fibonacci sphere
      const z = 1 - (2 * (i + 0.5)) / 4000;
      const r = Math.sqrt(1 - z * z);
      const phi = i * Math.PI * (3 - Math.sqrt(5));
      assert.ok(f([r * Math.cos(phi), r * Math.sin(phi), z]) <= best * (1 + 1e-9) + 1e-12, `trial ${trial}: a sampled direction beats the optimum`);
    }
  }
});

test('execution errors (Gates 1963): σ along the burn = k·|Δv|, σ across = σθ·|Δv|; Tsiolkovsky propellant; lead times hold the half-orbit points', () => {
  const q = executionErrorCovariance([0.3, 0.4, 0], { magnitudeFraction: 0.02, pointingRad: 0.01 });
  const u = [0.6, 0.8, 0];
  const along = u.reduce((s, ui, i) => s + ui * u.reduce((t2, uj, j) => t2 + q[i * 3 + j]! * uj, 0), 0);
  assert.ok(Math.abs(along - (0.02 * 0.5) ** 2) < 1e-15);
  assert.ok(Math.abs(q[8]! - (0.01 * 0.5) ** 2) < 1e-15);
  const m = propellantKg(1000, 10, 220);
  assert.ok(Math.abs(m - 1000 * (1 - Math.exp(-10 / (220 * G0_M_S2)))) < 1e-12);
  const period = keplerPeriodS(stateOf(7078.137, 0, 98, 0, 0, 0));
  const leads = avoidanceLeadTimesS(600, 3 * period, period, 6);
  assert.equal(leads.length, 6);
  for (const k of [0.5, 1.5, 2.5]) assert.ok(leads.some((l) => Math.abs(l - k * period) < 1e-6), `${k} T missing from ${leads}`);
  const sizes = deltaVSizesMetersPerSecond(0.001, 1, 4);
  assert.deepEqual(sizes.map((s) => Number(s.toPrecision(6))), [0.001, 0.01, 0.1, 1]);
});
