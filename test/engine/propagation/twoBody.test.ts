import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { compareSamples, loadReference } from './referenceData.ts';

const TWO_BODY = { gravityDegree: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } as const;

for (const name of ['SSO_700_98.2', 'GTO_250x35786_27'] as const) {
  test(`two-body ${name}: default tolerances match Orekit (1e-6 m run) to ≤ 1 cm over 1 day`, () => {
    const ref = loadReference(name);
    const c = ref.cases.two_body;
    const res = propagate({
      positionKm: ref.orbit.initial_state_gcrf.pos_km,
      velocityKmS: ref.orbit.initial_state_gcrf.vel_km_s,
      spacecraft: { massKg: ref.orbit.mass_kg },
      forceModel: TWO_BODY,
      outputTimesS: c.samples.map((s) => s[0]!),
    });
    const d = compareSamples(c.samples, res.statesKm);
    assert.ok(d.maxPosM <= 0.01, `max position difference ${d.maxPosM} m > 1 cm`);
    assert.equal(res.timesS.length, c.samples.length);
    assert.equal(res.truncated, null);
  });

  test(`two-body ${name}: tight tolerance (dP 1e-6 m) reproduces Orekit to ≤ 1 mm`, () => {
    const ref = loadReference(name);
    const c = ref.cases.two_body;
    const res = propagate({
      positionKm: ref.orbit.initial_state_gcrf.pos_km,
      velocityKmS: ref.orbit.initial_state_gcrf.vel_km_s,
      spacecraft: { massKg: ref.orbit.mass_kg },
      forceModel: TWO_BODY,
      outputTimesS: c.samples.map((s) => s[0]!),
      integrator: { positionToleranceM: 1e-6 },
    });
    const d = compareSamples(c.samples, res.statesKm);
    assert.ok(d.maxPosM <= 1e-3, `max position difference ${d.maxPosM} m > 1 mm`);
  });
}

test('two-body: energy conserved to 1e-10 relative over 10 days (default tolerances), forward and backward', () => {
  const ref = loadReference('SSO_700_98.2');
  const mu = 398600.4418;
  const r0 = ref.orbit.initial_state_gcrf.pos_km;
  const v0 = ref.orbit.initial_state_gcrf.vel_km_s;
  const energy = (s: ArrayLike<number>, o: number): number =>
    0.5 * (s[o + 3]! ** 2 + s[o + 4]! ** 2 + s[o + 5]! ** 2) - mu / Math.hypot(s[o]!, s[o + 1]!, s[o + 2]!);
  const e0 = energy([...r0, ...v0], 0);
  const times: number[] = [];
  for (let t = -10 * 86400; t <= 10 * 86400; t += 3600) times.push(t);
  const res = propagate({ positionKm: r0, velocityKmS: v0, spacecraft: { massKg: 800 }, forceModel: TWO_BODY, outputTimesS: times });
  let worst = 0;
  for (let i = 0; i < times.length; i++) worst = Math.max(worst, Math.abs(energy(res.statesKm, 6 * i) / e0 - 1));
  assert.ok(worst <= 1e-10, `relative energy error ${worst}`);
  // the t = 0 output is the initial state itself
  const i0 = times.indexOf(0);
  assert.deepEqual([...res.statesKm.subarray(6 * i0, 6 * i0 + 3)], r0);
});

test('two-body: backward propagation returns to the initial state', () => {
  const ref = loadReference('GTO_250x35786_27');
  const c = ref.cases.two_body;
  const last = c.samples[c.samples.length - 1]!;
  const res = propagate({
    positionKm: last.slice(1, 4),
    velocityKmS: last.slice(4, 7),
    spacecraft: { massKg: 800 },
    forceModel: TWO_BODY,
    outputTimesS: [-last[0]!],
  });
  const r0 = ref.orbit.initial_state_gcrf.pos_km;
  const d = Math.hypot(res.statesKm[0]! - r0[0]!, res.statesKm[1]! - r0[1]!, res.statesKm[2]! - r0[2]!) * 1000;
  assert.ok(d <= 0.01, `backward to t0 differs by ${d} m`);
});
