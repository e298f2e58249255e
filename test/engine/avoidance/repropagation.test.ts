/**
 * Numerical re-propagation of avoidance candidates (engine/avoidance/repropagation.ts, plan.ts): the linear prediction
 * against the re-propagation with the full force model, a finite burn against the impulse it replaces, the covariance
 * with the execution errors, the ranking.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avoidancePropagation, compareCandidates, keplerPeriodS, planAvoidance, repropagateCandidate, type AvoidanceBurn } from '../../../engine/avoidance/index.ts';
import { EARTH, TCA_EPOCH, stateOf, syntheticEncounter } from './scenarios.ts';

const SPACECRAFT = { massKg: 500, dryMassKg: 400, dragAreaM2: 3, dragCoefficient: 2.2, srpAreaM2: 3, reflectivityCoefficient: 1.3 };
const FULL = { gravityDegree: 20, gravityOrder: 20 } as const;
const LEO = stateOf(7078.137, 0.001, 98.2, 10, 90, 30);

test('plan (LEO, full force model, impulsive): candidates re-propagated meet the target, ranked by Δv then lead time, each within its stated linear error', (t) => {
  const encounter = syntheticEncounter(LEO, 'LEO');
  const period = keplerPeriodS(LEO);
  const plan = planAvoidance({
    encounter,
    propagation: avoidancePropagation(TCA_EPOCH, EARTH, SPACECRAFT, FULL),
    target: { maxPc: 1e-6 },
    leadTimesS: [0.5 * period, 1.5 * period],
    directions: ['ALONG_TRACK_PLUS', 'RADIAL_PLUS', 'OPTIMAL'],
    deltaVSizesMetersPerSecond: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2],
    execution: { kind: 'IMPULSIVE', ispS: 220 },
    executionErrors: { magnitudeFraction: 0.02, pointingRad: 0.01 },
    maxRepropagated: 4,
  });
  const nominalPc = plan.tradeSpace.nominal.probability.pc!.value;
  t.diagnostic(`nominal Pc ${nominalPc.toExponential(2)}, ${plan.linearRanking.length} of ${plan.tradeSpace.candidates.length} meet 1e-6 linearly, ${plan.candidates.length} re-propagated`);
  assert.ok(nominalPc > 1e-4, 'the scenario must start dangerous');
  assert.ok(plan.candidates.length >= 3);
  for (let i = 1; i < plan.linearRanking.length; i++) {
    assert.ok(compareCandidates(plan.tradeSpace.candidates[plan.linearRanking[i - 1]!]!, plan.tradeSpace.candidates[plan.linearRanking[i]!]!) <= 0);
  }
  for (const c of plan.candidates) {
    const moved = Math.hypot(...c.linear.displacementAtTcaRtnM);
    t.diagnostic(`${c.linear.direction} τ ${c.linear.leadTimeS.toFixed(0)} s Δv ${c.linear.deltaVMetersPerSecond} m/s: miss ${c.numerical.outcome.missDistanceM.toFixed(1)} m, Pc ${c.difference.numericalPc?.toExponential(2)} (linear ${c.difference.linearPc?.toExponential(2)}), miss vector linear − numerical ${c.difference.missVectorM.toFixed(3)} m`);
    // stated error: 1e-3 of the displacement + 1 m (the linear map's second-order terms, the rectilinear TCA shift)
    assert.ok(c.difference.missVectorM <= 1e-3 * moved + 1, `linear − numerical ${c.difference.missVectorM} m`);
    assert.ok(c.meetsTarget, 'a re-propagated candidate from the linear ranking meets 1e-6');
    assert.ok(Math.abs(c.numerical.tcaOffsetS) < 5);
  }
  const first = plan.candidates[0]!.linear;
  assert.equal(first.deltaVMetersPerSecond, Math.min(...plan.candidates.map((c) => c.linear.deltaVMetersPerSecond)));
});

test('finite burn (1 N, Isp 220 s, held in RTN) against the impulse of the same Δv: the same TCA state within (nD)² of the displacement; the execution errors widen the covariance as the linear map says', (t) => {
  const encounter = syntheticEncounter(LEO, 'LEO');
  const period = keplerPeriodS(LEO);
  const propagation = avoidancePropagation(TCA_EPOCH, EARTH, SPACECRAFT, FULL);
  const speed = 0.2;
  const burn: AvoidanceBurn = { leadTimeS: 1.5 * period, direction: 'ALONG_TRACK_PLUS', deltaVMetersPerSecond: speed, deltaVRtnMetersPerSecond: [0, speed, 0], deltaVGcrfMetersPerSecond: [0, 0, 0] };
  // a finite burn reads the RTN Δv (its GCRF one is the impulse's)
  const errors = { magnitudeFraction: 0.05, pointingRad: 0.02 };
  const finite = repropagateCandidate({ encounter, propagation, burn, execution: { kind: 'FINITE', thrustN: 1, ispS: 220 }, executionErrors: errors });
  const still = repropagateCandidate({ encounter, propagation, burn, execution: { kind: 'FINITE', thrustN: 1, ispS: 220 }, executionErrors: { magnitudeFraction: 0, pointingRad: 0 } });
  const shortBurn = repropagateCandidate({ encounter, propagation, burn, execution: { kind: 'FINITE', thrustN: 400, ispS: 220 }, executionErrors: { magnitudeFraction: 0, pointingRad: 0 } });
  const n = (2 * Math.PI) / period;
  const nd = n * finite.burnDurationS;
  const moved = Math.hypot(...[0, 1, 2].map((i) => (finite.primaryStateKm[i]! - LEO[i]!) * 1000));
  const gap = Math.hypot(...[0, 1, 2].map((i) => (finite.outcome.relativePositionGcrfM[i]! - shortBurn.outcome.relativePositionGcrfM[i]!)));
  t.diagnostic(`burn ${finite.burnDurationS.toFixed(1)} s (nD = ${nd.toFixed(3)}), propellant ${finite.propellantKg.toFixed(4)} kg; displacement ${moved.toFixed(1)} m; 1 N vs 400 N miss vectors ${gap.toFixed(3)} m`);
  assert.ok(Math.abs(finite.propellantKg - 500 * -Math.expm1(-speed / (220 * 9.80665))) < 1e-12);
  assert.ok(gap <= nd * nd * moved + 0.5, `finite vs near-impulsive ${gap} m`);
  // covariance: the execution errors add Φ_rv Q Φ_rvᵀ; the along-track variance grows by about (3τ·σ_∥)² (CW)
  const sigmaT = (p: Float64Array, s: Float64Array): number => {
    const v = [s[3]!, s[4]!, s[5]!];
    const vn = Math.hypot(...v);
    const u = v.map((x) => x / vn);
    let acc = 0;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) acc += u[i]! * p[i * 6 + j]! * u[j]!;
    return Math.sqrt(acc) * 1000;
  };
  const added = Math.sqrt(sigmaT(finite.primaryCovarianceGcrfKm, finite.primaryStateKm) ** 2 - sigmaT(still.primaryCovarianceGcrfKm, still.primaryStateKm) ** 2);
  const cw = 3 * burn.leadTimeS * errors.magnitudeFraction * speed;
  t.diagnostic(`along-track σ added by the execution errors ${added.toFixed(2)} m; CW 3τσ∥ = ${cw.toFixed(2)} m`);
  assert.ok(Math.abs(added - cw) < 0.1 * cw, `added σ ${added} vs ${cw}`);
});
