/**
 * The rules of an avoidance-plan request (domain/avoidance/request.ts) and the maneuver of an accepted candidate
 * (domain/avoidance/maneuver.ts): defaults, bounds, what the spacecraft must have, the burn that stands for an impulse.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deltaVSizesMetersPerSecond, finiteBurnDurationS, propellantKg } from '../../../engine/avoidance/index.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { G0_M_S2 } from '../../../engine/constants.ts';
import { AVOIDANCE_DIRECTIONS, type PlanCandidateView } from '../../../domain/avoidance/model.ts';
import { normalizeAvoidanceRequest, type AvoidanceRequestContext } from '../../../domain/avoidance/request.ts';
import { avoidanceManeuver, IMPULSE_STAND_IN_DURATION_S } from '../../../domain/avoidance/maneuver.ts';
import { FORCE_MODEL_DEFAULTS, type Spacecraft, type Thruster } from '../../../domain/spacecraft/model.ts';

const TCA = Epoch.parseInstant('2030-01-02T00:00:00Z');

function craft(fields: Partial<Spacecraft> = {}): Spacecraft {
  return { id: 'sc-1', launchMass: 500, dryMass: 400, dragArea: 2, srpArea: 2, dragCoefficient: 2.2, reflectivityCoefficient: 1.8, forceModel: { ...FORCE_MODEL_DEFAULTS, thirdBodies: [...FORCE_MODEL_DEFAULTS.thirdBodies] }, ...fields } as Spacecraft;
}

const THRUSTER = { id: 'th-1', name: 'Main', thrustN: 2, ispS: 230, direction: { x: 0, y: 0, z: 1 }, enabled: true } as Thruster;

function context(fields: Partial<AvoidanceRequestContext> = {}): AvoidanceRequestContext {
  return {
    eventId: 'ev', cdmId: 'cdm', tca: TCA, now: TCA.plusSeconds(-86_400 * 3), thresholds: { mediumPc: 1e-7, highPc: 1e-4 },
    pcMethod: 'LAAS_2015', combinedHardBodyRadiusM: 10, spacecraft: craft(), thrusters: [], ...fields,
  };
}

test('defaults: target = HIGH ÷ 100, a two-day window, every direction, 20 sizes from 5 mm/s to 1 m/s, an impulse at Isp 220 s', () => {
  const outcome = normalizeAvoidanceRequest({}, context());
  assert.ok(outcome.ok);
  const r = outcome.request;
  assert.deepEqual(r.target, { maxPc: 1e-6 });
  assert.equal(r.targetSource, 'DEFAULT');
  assert.equal(r.burnWindow.maximumLeadTimeS, 2 * 86_400);
  assert.equal(r.burnWindow.minimumLeadTimeS, 1800);
  assert.deepEqual(r.directions, [...AVOIDANCE_DIRECTIONS]);
  assert.deepEqual(r.deltaVSizesMetersPerSecond, deltaVSizesMetersPerSecond(0.005, 1, 20));
  assert.deepEqual([r.execution.kind, r.execution.ispS, r.execution.thrusterId], ['IMPULSIVE', 220, null]);
  assert.equal(r.massKg, 500);
  assert.equal(r.spacecraft.massKg, 500);
  // a given target replaces the default
  const given = normalizeAvoidanceRequest({ target: { minMissDistanceM: 1000 } }, context());
  assert.ok(given.ok);
  assert.deepEqual(given.request.target, { minMissDistanceM: 1000 });
  // the window starts now when the TCA is nearer than two days
  const soon = normalizeAvoidanceRequest({}, context({ now: TCA.plusSeconds(-7200) }));
  assert.ok(soon.ok);
  assert.equal(soon.request.burnWindow.maximumLeadTimeS, 7200);
});

test('bounds: lead times outside the window, a trade space over 2,400, an empty window, a window over 7 days', () => {
  const outside = normalizeAvoidanceRequest({ leadTimesS: [600] }, context());
  assert.ok(!outside.ok && outside.kind === 'INVALID' && 'leadTimesS' in outside.fieldErrors);
  const big = normalizeAvoidanceRequest({ leadTimeCount: 12, deltaV: { count: 40 } }, context());
  assert.ok(!big.ok && big.kind === 'INVALID' && 'deltaV' in big.fieldErrors, JSON.stringify(big));
  const past = normalizeAvoidanceRequest({}, context({ now: TCA.plusSeconds(60) }));
  assert.ok(!past.ok && past.kind === 'WINDOW' && 'burnWindow.earliestBurnTime' in past.fieldErrors);
  const far = normalizeAvoidanceRequest({ burnWindow: { earliestBurnTime: TCA.plusSeconds(-8 * 86_400) } }, context());
  assert.ok(!far.ok && far.kind === 'INVALID' && 'burnWindow.earliestBurnTime' in far.fieldErrors);
  const both = normalizeAvoidanceRequest({ deltaV: { sizesMetersPerSecond: [0.1], count: 3 } }, context());
  assert.ok(!both.ok && both.kind === 'INVALID' && 'deltaV.sizesMetersPerSecond' in both.fieldErrors);
});

test('what the spacecraft must have: a mass, the areas of its force model, a thruster for a finite burn (all named at once)', () => {
  const missing = normalizeAvoidanceRequest({ execution: { kind: 'FINITE' } }, context({ spacecraft: craft({ launchMass: null, srpArea: null }) }));
  assert.ok(!missing.ok && missing.kind === 'MISSING');
  assert.equal(missing.missingFields.length, 3, JSON.stringify(missing.missingFields));
  assert.ok(missing.missingFields[0]!.startsWith('mass'));
  assert.equal(missing.missingFields[1], 'srpArea');
  assert.ok(missing.missingFields[2]!.startsWith('thrusters'));
  const disabled = normalizeAvoidanceRequest({ execution: { kind: 'FINITE' } }, context({ thrusters: [{ ...THRUSTER, enabled: false }] }));
  assert.ok(!disabled.ok && disabled.kind === 'MISSING' && disabled.missingFields[0]!.startsWith('an enabled thruster'));
  const finite = normalizeAvoidanceRequest({ execution: { kind: 'FINITE' }, massKg: 450 }, context({ thrusters: [THRUSTER] }));
  assert.ok(finite.ok);
  assert.deepEqual([finite.request.execution.thrustN, finite.request.execution.ispS, finite.request.massKg], [2, 230, 450]);
  const isp = normalizeAvoidanceRequest({ execution: { thrusterId: 'th-1', ispS: 300 } }, context({ thrusters: [THRUSTER] }));
  assert.ok(!isp.ok && isp.kind === 'INVALID' && 'execution.ispS' in isp.fieldErrors);
});

test('the maneuver of a candidate: a finite burn as re-propagated; an impulse as the burn of the same propellant centred on the burn time', () => {
  const candidate = {
    n: 0, leadTimeS: 3000, burnTime: '2030-01-01T23:10:00.000000Z', burnStart: '2030-01-01T23:09:40.000000Z', burnDurationS: 40,
    direction: 'ALONG_TRACK_PLUS', deltaVMetersPerSecond: 0.1, deltaVRtnMetersPerSecond: [0, 0.1, 0], propellantKg: propellantKg(500, 0.1, 220),
  } as unknown as PlanCandidateView;
  const base = normalizeAvoidanceRequest({}, context());
  assert.ok(base.ok);
  const impulse = avoidanceManeuver('12345678-aaaa', base.request, candidate);
  const s = impulse.composition[0]!;
  assert.equal(impulse.name, 'AVOID-12345678-C0');
  assert.equal(s.duration, IMPULSE_STAND_IN_DURATION_S);
  assert.equal(s.attitudeMode, 'RTN');
  assert.deepEqual([s.thrX, s.thrZ], [0, 0]);
  assert.ok(Math.abs((s.thrY * s.duration) / (220 * G0_M_S2) - candidate.propellantKg) < 1e-12, 'the same propellant');
  assert.equal(s.referenceEpoch, '2030-01-01T23:09:59.500000Z');
  const withThruster = normalizeAvoidanceRequest({ execution: { thrusterId: 'th-1' } }, context({ thrusters: [THRUSTER] }));
  assert.ok(withThruster.ok);
  const flown = avoidanceManeuver('12345678-aaaa', withThruster.request, candidate).composition[0]!;
  assert.equal(flown.thrY, 2);
  assert.ok(Math.abs(flown.duration - finiteBurnDurationS(500, 0.1, 2, 230)) < 1e-12);
  const finite = normalizeAvoidanceRequest({ execution: { kind: 'FINITE' } }, context({ thrusters: [THRUSTER] }));
  assert.ok(finite.ok);
  const burn = avoidanceManeuver('12345678-aaaa', finite.request, candidate);
  assert.deepEqual([burn.composition[0]!.referenceEpoch, burn.composition[0]!.duration, burn.composition[0]!.thrY], [candidate.burnStart, 40, 2]);
  assert.ok(burn.purpose.includes('th-1'));
});
