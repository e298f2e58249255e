/**
 * The maximum-probability policy of the plan's secondary screening (domain/avoidance/secondary.ts): a Pc that is only
 * an upper bound counts against the Pc target inside the policy's miss distance, is flagged outside it; a Pc with both
 * covariances and the target's miss-distance bound count as they are.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { policyViolations } from '../../../domain/avoidance/secondary.ts';
import type { SecondaryApproach } from '../../../engine/avoidance/index.ts';

const approach = (missDistanceM: number, pc: number, isMaximumProbability: boolean): SecondaryApproach => ({
  secondaryNoradId: 1, secondaryName: null, tcaUtc: '2010-03-14T00:00:00Z', tcaFromBurnS: 3600, tcaFromEventTcaS: 1800, missDistanceM, relativeSpeedMS: 10_000,
  relativePositionRtnM: [missDistanceM, 0, 0], combinedHardBodyRadiusM: 10, pc: { method: 'LAAS_2015', value: pc, isMaximumProbability }, mahalanobisDistance: null,
  primarySigmaRtnM: [10, 100, 10], secondaryCovarianceReference: null, flags: [], aboveTarget: [],
});

test('a maximum-probability Pc counts inside the policy’s miss distance, is flagged outside it', () => {
  const target = { maxPc: 1e-6 };
  assert.deepEqual(policyViolations(approach(150, 1e-3, true), target, 1000), { aboveTarget: ['PC'], flagged: false });
  assert.deepEqual(policyViolations(approach(4000, 1e-5, true), target, 1000), { aboveTarget: [], flagged: true });
  assert.deepEqual(policyViolations(approach(4000, 1e-8, true), target, 1000), { aboveTarget: [], flagged: false }, 'below the target even as a bound');
});

test('a Pc with both covariances and the target’s miss distance count as they are', () => {
  assert.deepEqual(policyViolations(approach(4000, 1e-5, false), { maxPc: 1e-6 }, 1000), { aboveTarget: ['PC'], flagged: false });
  assert.deepEqual(policyViolations(approach(4000, 1e-5, true), { maxPc: 1e-6, minMissDistanceM: 5000 }, 5000), { aboveTarget: ['PC', 'MISS_DISTANCE'], flagged: false });
  assert.deepEqual(policyViolations(approach(6000, 1e-5, true), { maxPc: 1e-6, minMissDistanceM: 5000 }, 5000), { aboveTarget: [], flagged: true });
});
