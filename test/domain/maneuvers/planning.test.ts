/**
 * The planning rules of domain/maneuvers/planning.ts on their own: blackout and allowed windows,
 * minimum separation, duty cycle over the neighbours, minimum burn. Through the API: test/api/maneuver-planning.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPlanningRules, type PlanningRules } from '../../../domain/maneuvers/planning.ts';

const NO_RULES: PlanningRules = { allowedWindows: [], blackoutWindows: [], minimumSeparationS: null, thrusters: [] };

test('rules (pure): blackout overlap vs touching, allowed windows, separation, duty cycle over neighbours, minimum burn', () => {
  const candidate = { maneuverId: 'C', burns: [{ startS: 100, durationS: 50 }] };
  const window = (startS: number, endS: number) => ({ startS, endS, label: `${startS}-${endS}` });
  assert.deepEqual(checkPlanningRules(candidate, [], NO_RULES), []);
  assert.equal(checkPlanningRules(candidate, [], { ...NO_RULES, blackoutWindows: [window(140, 200)] })[0]!.code, 'BLACKOUT_WINDOW');
  assert.deepEqual(checkPlanningRules(candidate, [], { ...NO_RULES, blackoutWindows: [window(150, 200), window(0, 100)] }), [], 'touching is allowed');
  assert.deepEqual(checkPlanningRules(candidate, [], { ...NO_RULES, allowedWindows: [window(0, 150)] }), []);
  assert.equal(checkPlanningRules(candidate, [], { ...NO_RULES, allowedWindows: [window(0, 149)] })[0]!.code, 'OUTSIDE_ALLOWED_WINDOWS');
  const neighbour = { maneuverId: 'N', burns: [{ startS: 170, durationS: 10 }] };
  const separation = checkPlanningRules(candidate, [neighbour], { ...NO_RULES, minimumSeparationS: 30 });
  assert.equal(separation[0]!.code, 'MINIMUM_SEPARATION');
  assert.equal(separation[0]!.details!.gapSeconds, 20);
  assert.deepEqual(checkPlanningRules(candidate, [neighbour], { ...NO_RULES, minimumSeparationS: 20 }), [], 'exactly the minimum is enough');
  // Duty cycle: 50 s burn + the neighbour's 10 s within a 100 s window = 60 % > 55 %; alone it would be 50 %.
  const duty = (max: number) => ({ ...NO_RULES, thrusters: [{ thrusterId: 't1', dutyCycleWindowSeconds: 100, maximumDutyCycle: max, minimumBurnSeconds: null }] });
  const over = checkPlanningRules(candidate, [neighbour], duty(0.55));
  assert.equal(over[0]!.code, 'DUTY_CYCLE');
  assert.ok(Math.abs((over[0]!.details!.dutyCycle as number) - 0.6) < 1e-12);
  assert.deepEqual(checkPlanningRules(candidate, [], duty(0.55)), []);
  assert.deepEqual(checkPlanningRules(candidate, [neighbour], duty(0.6)), [], 'at the limit is allowed');
  // Any thruster able to fly it is enough.
  const two = { ...NO_RULES, thrusters: [...duty(0.55).thrusters, { thrusterId: 't2', dutyCycleWindowSeconds: 1000, maximumDutyCycle: 0.9, minimumBurnSeconds: null }] };
  assert.deepEqual(checkPlanningRules(candidate, [neighbour], two), []);
  const burns = { ...NO_RULES, thrusters: [{ thrusterId: 't1', dutyCycleWindowSeconds: null, maximumDutyCycle: null, minimumBurnSeconds: 60 }] };
  assert.equal(checkPlanningRules(candidate, [], burns)[0]!.code, 'MINIMUM_BURN');
});
