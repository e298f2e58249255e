/**
 * Secondary conjunctions of avoidance candidates (engine/avoidance/secondaryScreening.ts): a candidate whose burn puts
 * it on a close approach with another catalog object a day later is marked and the next one recommended; a clean
 * candidate is recommended; the original encounter is not counted; the approach found is the true minimum (1-s brute
 * force); and the re-propagation's state-only horizon leaves everything at the TCA unchanged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  avoidancePropagation,
  keplerPeriodS,
  markSecondaryConjunctions,
  planAvoidance,
  recommendWithSecondaryScreening,
  repropagateCandidate,
  screenCandidateGroupSecondaries,
  screenCandidateSecondaries,
  type AvoidancePlanResult,
  type SecondaryScreeningRequest,
} from '../../../engine/avoidance/index.ts';
import type { SecondaryInput } from '../../../engine/collision/screening/index.ts';
import { gpTrajectory, temeTable } from '../../../engine/collision/screening/objects.ts';
import { propagate, type ForceModelSettings } from '../../../engine/propagation/propagator.ts';
import { DenseOutputTrajectory } from '../../../engine/trajectories/denseOutput.ts';
import type { Epoch } from '../../../engine/time/epoch.ts';
import { EARTH, TCA_EPOCH, stateOf, syntheticEncounter } from './scenarios.ts';
import { elementSetThrough } from './elementSets.ts';

const SPACECRAFT = { massKg: 500, dryMassKg: 400, dragAreaM2: 3, dragCoefficient: 2.2, srpAreaM2: 3, reflectivityCoefficient: 1.3 };
/** J2 only: the tests are about the screening's logic, not the force model. */
const J2: ForceModelSettings = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const LEO = stateOf(7078.137, 0.001, 98.2, 10, 90, 30);
const HORIZON_S = 1.5 * 86400;
const EXECUTION = { kind: 'IMPULSIVE', ispS: 220 } as const;
const ERRORS = { magnitudeFraction: 0.02, pointingRad: 0.01 };
const SECONDARY_COVARIANCE = { rtnM2: [3600, 0, 0, 0, 90000, 0, 0, 0, 900] };

const encounter = syntheticEncounter(LEO, 'LEO');
const propagation = avoidancePropagation(TCA_EPOCH, EARTH, SPACECRAFT, J2);
const period = keplerPeriodS(LEO);

// the plan: along-track + and − at the half-orbit point, re-propagated 1.5 days after the TCA
const plan: AvoidancePlanResult = planAvoidance({
  encounter,
  propagation,
  target: { maxPc: 1e-6 },
  leadTimesS: [0.5 * period],
  directions: ['ALONG_TRACK_PLUS', 'ALONG_TRACK_MINUS'],
  deltaVSizesMetersPerSecond: [0.05, 0.1, 0.2],
  execution: EXECUTION,
  executionErrors: ERRORS,
  maxRepropagated: 2,
  horizonS: HORIZON_S,
});
const [first, second] = plan.candidates;
const burnEpoch = (c: typeof first) => TCA_EPOCH.plusSeconds(c!.numerical.burnStartOffsetS);
const stateOnTrajectory = (c: typeof first, fromBurnS: number): Float64Array => {
  const out = new Float64Array(6);
  new DenseOutputTrajectory(c!.numerical.trajectory, burnEpoch(c)).stateAt(fromBurnS, out);
  return out;
};

// X: crosses the first candidate's new trajectory one day after its burn, 150 m off radially (the encounter's geometry)
const AT_S = 86400;
const crossing = syntheticEncounter(stateOnTrajectory(first, AT_S), 'LEO');
const X = elementSetThrough(90002, burnEpoch(first).plusSeconds(AT_S), crossing.secondaryStateKm);
// the original secondary: the event's state at the TCA
const ORIGINAL = elementSetThrough(90001, TCA_EPOCH, encounter.secondaryStateKm);
const secondaries: SecondaryInput[] = [{ elements: ORIGINAL, covariance: SECONDARY_COVARIANCE }, { elements: X, covariance: SECONDARY_COVARIANCE }];

const request = (c: typeof first, extra: Partial<SecondaryScreeningRequest> = {}): SecondaryScreeningRequest => ({
  propagation,
  candidate: c!.numerical,
  execution: EXECUTION,
  secondaries,
  horizonS: HORIZON_S,
  primaryHardBodyRadiusM: 10,
  secondaryHardBodyRadiusM: 5,
  target: { maxPc: 1e-6 },
  pcMethod: 'LAAS_2015',
  original: { secondaryNoradId: 90001 },
  ...extra,
});

test('scenario: two candidates meeting the target, X on the first one\'s new trajectory only', (t) => {
  assert.ok(first && second, 'two re-propagated candidates');
  assert.ok(first.meetsTarget && second.meetsTarget);
  const apart = stateOnTrajectory(second, first.numerical.burnStartOffsetS - second.numerical.burnStartOffsetS + AT_S);
  const p = stateOnTrajectory(first, AT_S);
  const gapKm = Math.hypot(apart[0]! - p[0]!, apart[1]! - p[1]!, apart[2]! - p[2]!);
  t.diagnostic(`${first.linear.direction} ${first.linear.deltaVMetersPerSecond} m/s, ${second.linear.direction} ${second.linear.deltaVMetersPerSecond} m/s; the two ${gapKm.toFixed(1)} km apart a day after the burn`);
  assert.ok(gapKm > 20, 'the second candidate is far from X when X crosses the first');
});

test('a candidate whose burn puts it on a close approach a day later is marked and not recommended; the next one is', (t) => {
  const r0 = screenCandidateSecondaries(request(first));
  const r1 = screenCandidateSecondaries(request(second));
  for (const a of r0.approaches) t.diagnostic(`first: NORAD ${a.secondaryNoradId} ${a.tcaUtc} miss ${a.missDistanceM.toFixed(1)} m Pc ${a.pc?.value.toExponential(2)} σ ${a.primarySigmaRtnM?.map((s) => s.toFixed(0)).join('/')} m ${a.aboveTarget.join(',')}`);
  const hit = r0.aboveTarget.find((a) => a.secondaryNoradId === 90002);
  assert.ok(hit, 'the approach with X is above the target');
  assert.ok(Math.abs(hit.tcaFromBurnS - AT_S) < 1, `at ${hit.tcaFromBurnS} s after the burn`);
  assert.ok(Math.abs(hit.missDistanceM - Math.hypot(150, 20)) < 5, `miss ${hit.missDistanceM} m`);
  assert.equal(hit.pc?.method, 'LAAS_2015');
  assert.equal(hit.pc?.isMaximumProbability, false);
  assert.deepEqual(hit.aboveTarget, ['PC']);
  assert.deepEqual(r1.aboveTarget, [], 'the second candidate creates no approach above the target');
  const marked = markSecondaryConjunctions(plan, [r0, r1]);
  assert.equal(marked.candidates[0]!.recommended, false);
  assert.equal(marked.candidates[0]!.secondaryConjunctions.length, r0.aboveTarget.length);
  assert.match(marked.candidates[0]!.reason!, /NORAD 90002/);
  assert.equal(marked.candidates[1]!.recommended, true);
  assert.equal(marked.recommendedRank, 1);
  assert.equal(marked.recommendedIndex, second!.index);
  // JSON round trip: the service stores it as is
  assert.deepEqual(JSON.parse(JSON.stringify(marked.candidates[0]!.secondaryConjunctions)), marked.candidates[0]!.secondaryConjunctions);
  // lazily, in rank order: both screened, the second recommended
  let calls = 0;
  const lazy = recommendWithSecondaryScreening(plan, (c) => (calls++, screenCandidateSecondaries(request(c))));
  assert.equal(calls, 2);
  assert.equal(lazy.recommendedRank, 1);
});

test('candidates screened together (one screening, the set-up shared, burns an orbit apart) give each its own approaches', () => {
  // a candidate burning one orbit earlier than the first: the group's span starts at its burn, the first is extended back
  const early = repropagateCandidate({ encounter, propagation, burn: { ...second!.linear, leadTimeS: second!.linear.leadTimeS + period }, execution: EXECUTION, executionErrors: ERRORS, horizonS: HORIZON_S });
  assert.ok(Math.abs(early.burnStartOffsetS - first!.numerical.burnStartOffsetS + period) < 1e-6);
  const { candidate: _c, ...settings } = request(first);
  const group = screenCandidateGroupSecondaries({ ...settings, candidates: [early, first!.numerical] });
  const alone = [screenCandidateSecondaries({ ...settings, candidate: early }), screenCandidateSecondaries(request(first))];
  assert.equal(group.length, 2);
  for (const [k, g] of group.entries()) {
    const a = alone[k]!;
    assert.equal(g.screenedTogether, 2);
    assert.equal(g.spanStartUtc, a.spanStartUtc);
    assert.deepEqual(g.approaches.map((x) => x.secondaryNoradId), a.approaches.map((x) => x.secondaryNoradId));
    assert.deepEqual(g.excluded.map((x) => x.secondaryNoradId), a.excluded.map((x) => x.secondaryNoradId));
    g.approaches.forEach((x, j) => {
      const y = a.approaches[j]!;
      assert.ok(Math.abs(x.tcaFromBurnS - y.tcaFromBurnS) < 1e-4 && Math.abs(x.missDistanceM - y.missDistanceM) < 1e-3, `${x.tcaFromBurnS} vs ${y.tcaFromBurnS} s, ${x.missDistanceM} vs ${y.missDistanceM} m`);
      assert.ok(Math.abs(x.pc!.value - y.pc!.value) <= 1e-6 * y.pc!.value, `Pc ${x.pc!.value} vs ${y.pc!.value}`);
      assert.deepEqual(x.aboveTarget, y.aboveTarget);
    });
  }
  assert.deepEqual(group[1]!.aboveTarget.map((a) => a.secondaryNoradId), [90002], 'the first candidate still meets X, and only it');
  assert.ok(group[1]!.approaches.every((a) => a.tcaFromBurnS >= 0), 'nothing before its own burn (the extension back is not its trajectory)');
});

test('a candidate with no new approach is recommended (and the screening stops there)', () => {
  const clean: SecondaryInput[] = [{ elements: ORIGINAL, covariance: SECONDARY_COVARIANCE }];
  let calls = 0;
  const result = recommendWithSecondaryScreening(plan, (c) => (calls++, screenCandidateSecondaries({ ...request(c), secondaries: clean })));
  assert.equal(calls, 1);
  assert.equal(result.recommendedRank, 0);
  assert.equal(result.candidates[0]!.recommended, true);
  assert.equal(result.candidates[0]!.reason, null);
  assert.equal(result.candidates[1]!.recommended, false);
  assert.match(result.candidates[1]!.reason!, /ranked after the recommended/);
});

test('the original secondary at its TCA is not counted (by NORAD id, or by its state without one); unexcluded it is found', () => {
  const r = screenCandidateSecondaries(request(first));
  assert.equal(r.excluded.length, 1);
  assert.equal(r.excluded[0]!.secondaryNoradId, 90001);
  assert.ok(Math.abs(r.excluded[0]!.tcaFromEventTcaS) < 5, 'the original encounter, near the nominal TCA');
  assert.ok(!r.approaches.some((a) => a.secondaryNoradId === 90001 && Math.abs(a.tcaFromEventTcaS) < 600));
  const byState = screenCandidateSecondaries(request(first, { original: { secondaryStateKm: encounter.secondaryStateKm } }));
  assert.deepEqual(byState.excluded.map((a) => a.secondaryNoradId), [90001]);
  const none = screenCandidateSecondaries(request(first, { original: {} }));
  const found = none.approaches.find((a) => a.secondaryNoradId === 90001 && Math.abs(a.tcaFromEventTcaS) < 600);
  assert.ok(found, 'without the exclusion the original encounter is an approach');
  // its miss is the candidate's re-propagated one (the SGP4 set passes through the event's secondary state)
  assert.ok(Math.abs(found.missDistanceM - first!.numerical.outcome.missDistanceM) < 5, `${found.missDistanceM} vs ${first!.numerical.outcome.missDistanceM} m`);
});

test('brute force: 1-s samples of the distance around the TCA found are never below its miss distance', () => {
  const r = screenCandidateSecondaries(request(first));
  const hit = r.approaches.find((a) => a.secondaryNoradId === 90002)!;
  const start = burnEpoch(first);
  const primary = new DenseOutputTrajectory(first!.numerical.trajectory, start);
  const built = gpTrajectory(X, temeTable(start, HORIZON_S));
  assert.ok(!('problem' in built));
  const a = new Float64Array(6);
  const b = new Float64Array(6);
  const distanceM = (tS: number): number => {
    primary.stateAt(tS, a);
    built.trajectory.stateAt(tS, b);
    return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * 1000;
  };
  let best = Infinity;
  let bestT = NaN;
  for (let k = -300; k <= 300; k++) {
    const tS = Math.round(hit.tcaFromBurnS) + k;
    const d = distanceM(tS);
    if (d < best) [best, bestT] = [d, tS];
  }
  // the screening's TCA is refined to 1e-6 s: its miss is the minimum, no sample lies below it (1 mm of rounding)
  assert.ok(hit.missDistanceM <= best + 1e-3, `screening ${hit.missDistanceM} m, sampled minimum ${best} m`);
  assert.ok(Math.abs(bestT - hit.tcaFromBurnS) <= 1, 'the sampled minimum is the sample next to the TCA');
  assert.ok(Math.abs(distanceM(hit.tcaFromBurnS) - hit.missDistanceM) < 1e-3, 'the miss is the distance at the TCA');
  // and a minimum: the distance grows on both sides
  assert.ok(distanceM(hit.tcaFromBurnS - 1e-3) >= hit.missDistanceM && distanceM(hit.tcaFromBurnS + 1e-3) >= hit.missDistanceM);
});

test('re-propagation with a horizon: the covariance only over the TCA window, everything at the TCA unchanged, the trajectory as one covariance run', () => {
  const burn = first!.linear;
  const near = repropagateCandidate({ encounter, propagation, burn, execution: EXECUTION, executionErrors: ERRORS });
  const far = repropagateCandidate({ encounter, propagation, burn, execution: EXECUTION, executionErrors: ERRORS, horizonS: HORIZON_S });
  assert.deepEqual(far.outcome, near.outcome);
  assert.deepEqual(far.primaryStateKm, near.primaryStateKm);
  assert.deepEqual(far.primaryCovarianceGcrfKm, near.primaryCovarianceGcrfKm);
  assert.equal(far.tcaOffsetS, near.tcaOffsetS);
  assert.deepEqual(far.orbitChange, near.orbitChange);
  assert.equal(far.trajectoryEndS, -far.burnStartOffsetS + HORIZON_S);
  // the old way: one run with the covariance over the whole horizon, from the post-impulse state
  const start = burnEpoch(first);
  const traj = new DenseOutputTrajectory(far.trajectory, start);
  const s0 = new Float64Array(6);
  traj.stateAt(0, s0);
  const dyn = propagation.dynamicsAt(far.burnStartOffsetS, 0, far.trajectoryEndS);
  const whole = propagate({
    spacecraft: { ...SPACECRAFT, massKg: far.massAfterBurnKg }, ...dyn, positionKm: [s0[0]!, s0[1]!, s0[2]!], velocityKmS: [s0[3]!, s0[4]!, s0[5]!],
    outputTimesS: [far.trajectoryEndS], covarianceKm: Array.from({ length: 36 }, (_, i) => (i % 7 === 0 ? 1e-6 : 0)), denseOutput: true,
  });
  const ref = new DenseOutputTrajectory(whole.denseOutput!, start);
  const x = new Float64Array(6);
  const y = new Float64Array(6);
  let worst = 0;
  for (let tS = 0; tS <= far.trajectoryEndS; tS += 3600) {
    traj.stateAt(tS, x);
    ref.stateAt(tS, y);
    worst = Math.max(worst, Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!) * 1000);
  }
  assert.ok(worst < 0.05, `state-only continuation vs one covariance run: ${worst} m`);
});

test('a secondary without covariance: the maximum-probability Pc over the candidate\'s counts against the target unless the caller says not; a miss-distance target', () => {
  const bare: SecondaryInput[] = [{ elements: ORIGINAL }, { elements: X }];
  const counted = screenCandidateSecondaries({ ...request(first), secondaries: bare });
  const hit = counted.approaches.find((a) => a.secondaryNoradId === 90002)!;
  assert.equal(hit.pc?.isMaximumProbability, true);
  assert.equal(hit.mahalanobisDistance, null);
  assert.ok(hit.flags.some((f) => f.code === 'MAXIMUM_PROBABILITY_ONE_COVARIANCE'));
  assert.deepEqual(hit.aboveTarget, ['PC']);
  const ignored = screenCandidateSecondaries({ ...request(first), secondaries: bare, maximumProbabilityCountsAgainstTarget: false });
  assert.deepEqual(ignored.aboveTarget, []);
  const byMiss = screenCandidateSecondaries({ ...request(first), secondaries: bare, target: { minMissDistanceM: 1000 } });
  assert.deepEqual(byMiss.aboveTarget.map((a) => [a.secondaryNoradId, a.aboveTarget]), [[90002, ['MISS_DISTANCE']]]);
});
