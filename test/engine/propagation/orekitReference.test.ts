/**
 * Accuracy against the Orekit 13.1 references (thinned fixtures) after 1 day with the DEFAULT tolerances.
 * Environment: IERS 20 C04 EOP for March 2023 (the EOP Orekit used), analytic Sun/Moon from engine/bodies
 * (Orekit used DE430), interpolated CIO-based IERS 2010 rotation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propagate, type ForceModelSettings, type FiniteBurn } from '../../../engine/propagation/propagator.ts';
import { compareSamples, loadReference, referenceEnvironment } from './referenceData.ts';

const SPACECRAFT = { massKg: 800, dryMassKg: 500, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };
const NONE = { atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } as const;
const CASES: { name: 'J2_only' | 'gravity_20x20' | 'full' | 'full_with_burn'; fm: ForceModelSettings; tolM: number }[] = [
  { name: 'J2_only', fm: { gravityDegree: 2, gravityOrder: 0, ...NONE }, tolM: 1 },
  { name: 'gravity_20x20', fm: { gravityDegree: 20, gravityOrder: 20, ...NONE }, tolM: 1 },
  { name: 'full', fm: {}, tolM: 25 },
  { name: 'full_with_burn', fm: {}, tolM: 25 },
];
const BURN: FiniteBurn = { startS: 7200, durationS: 600, thrustN: [1, 0, 0], frame: 'TNW', ispS: 220 };

for (const orbit of ['SSO_700_98.2', 'GTO_250x35786_27'] as const) {
  for (const c of CASES) {
    test(`${orbit} ${c.name}: ≤ ${c.tolM} m from Orekit over 1 day (default tolerances)`, (t) => {
      const ref = loadReference(orbit);
      const rc = ref.cases[c.name];
      const res = propagate({
        positionKm: ref.orbit.initial_state_gcrf.pos_km,
        velocityKmS: ref.orbit.initial_state_gcrf.vel_km_s,
        spacecraft: SPACECRAFT,
        forceModel: c.fm,
        burns: c.name === 'full_with_burn' ? [BURN] : [],
        outputTimesS: rc.samples.map((s) => s[0]!),
        environment: referenceEnvironment(ref),
      });
      assert.equal(res.timesS.length, rc.samples.length);
      const d = compareSamples(rc.samples, res.statesKm);
      t.diagnostic(`reached: max ${d.maxPosM.toFixed(4)} m, final ${d.finalPosM.toFixed(4)} m, ${res.statistics.steps} steps`);
      assert.ok(d.maxPosM <= c.tolM, `max position difference ${d.maxPosM.toFixed(4)} m exceeds ${c.tolM} m`);
      if (c.name === 'full_with_burn') {
        const mass = res.massKg[res.massKg.length - 1]!;
        assert.ok(Math.abs(mass - rc.final_mass_kg) <= 1e-3, `final mass ${mass} vs ${rc.final_mass_kg} kg (> 1 g)`);
        // mass column of the samples through the burn
        rc.samples.forEach((s, i) => assert.ok(Math.abs(res.massKg[i]! - s[7]!) <= 1e-6, `mass at t=${s[0]} s`));
        assert.deepEqual(res.events.filter((e) => e.type.startsWith('BURN')).map((e) => [e.type, e.tS]), [['BURN_START', 7200], ['BURN_END', 7800]]);
      }
    });
  }
}

test('SSO full: the burn moves the final position by ~174.5 km (sanity of the burn effect)', () => {
  const ref = loadReference('SSO_700_98.2');
  const env = referenceEnvironment(ref);
  const base = { positionKm: ref.orbit.initial_state_gcrf.pos_km, velocityKmS: ref.orbit.initial_state_gcrf.vel_km_s, spacecraft: SPACECRAFT, outputTimesS: [86400], environment: env };
  const a = propagate(base);
  const b = propagate({ ...base, burns: [BURN] });
  const d = Math.hypot(a.statesKm[0]! - b.statesKm[0]!, a.statesKm[1]! - b.statesKm[1]!, a.statesKm[2]! - b.statesKm[2]!);
  assert.ok(Math.abs(d - 174.504) < 0.05, `burn effect ${d} km`);
});
