import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propagate } from '../../../engine/propagation/propagator.ts';
import {
  InvalidSettingError,
  MassBelowDryMassError,
  NonFiniteInputError,
  PropagationError,
  StateInsideEarthError,
} from '../../../engine/forces/errors.ts';
import { Dop853Integrator, type OdeSystem } from '../../../engine/propagation/dop853.ts';
import { loadReference, referenceEnvironment } from './referenceData.ts';

const ref = loadReference('SSO_700_98.2');
const r0 = ref.orbit.initial_state_gcrf.pos_km;
const v0 = ref.orbit.initial_state_gcrf.vel_km_s;
const TWO_BODY = { gravityDegree: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } as const;
const SC = { massKg: 800, dryMassKg: 700, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };

test('typed errors: non-finite, inside the Earth, mass below dry mass, unknown frame / settings (400 vs 422)', () => {
  const base = { positionKm: r0, velocityKmS: v0, spacecraft: SC, forceModel: TWO_BODY, outputTimesS: [60] };
  const e1 = assert.throws(() => propagate({ ...base, positionKm: [Number.NaN, 0, 0] }), NonFiniteInputError) as unknown;
  void e1;
  try {
    propagate({ ...base, velocityKmS: [0, Infinity, 0] });
    assert.fail('no error');
  } catch (e) {
    assert.ok(e instanceof NonFiniteInputError);
    assert.equal((e as PropagationError).httpStatus, 400);
  }
  try {
    propagate({ ...base, positionKm: [6000, 0, 0] });
    assert.fail('no error');
  } catch (e) {
    assert.ok(e instanceof StateInsideEarthError);
    assert.equal((e as PropagationError).httpStatus, 422);
  }
  assert.throws(() => propagate({ ...base, spacecraft: { ...SC, massKg: 600 } }), MassBelowDryMassError);
  // a burn that would consume more than the 100 kg of propellant: 400 N at 220 s for 600 s uses 111 kg
  assert.throws(
    () => propagate({ ...base, burns: [{ startS: 10, durationS: 600, thrustN: [400, 0, 0], frame: 'TNW', ispS: 220 }] }),
    MassBelowDryMassError,
  );
  assert.throws(
    () => propagate({ ...base, burns: [{ startS: 10, durationS: 60, thrustN: [1, 0, 0], frame: 'XYZ' as 'TNW', ispS: 220 }] }),
    InvalidSettingError,
  );
  assert.throws(() => propagate({ ...base, forceModel: { ...TWO_BODY, atmosphere: 'JACCHIA' as 'NONE' } }), InvalidSettingError);
  assert.throws(() => propagate({ ...base, forceModel: { gravityDegree: 20 } }), /needs an Earth environment/);
  assert.throws(() => propagate({ ...base, forceModel: { ...TWO_BODY, gravityDegree: 40, gravityOrder: 0 } }), InvalidSettingError);
  assert.throws(() => propagate({ ...base, outputTimesS: [1, Number.NaN] }), NonFiniteInputError);
  const nrl = (() => {
    try {
      propagate({ ...base, forceModel: { ...TWO_BODY, atmosphere: 'NRLMSISE00' } });
    } catch (e) {
      return e as PropagationError;
    }
    return null;
  })();
  assert.equal(nrl?.code, 'SPACE_WEATHER_REQUIRED', 'NRLMSISE-00 without its space-weather drivers');
  assert.equal(nrl?.httpStatus, 422);
});

test('altitude floor: a decaying orbit stops at 100 km and reports it; later outputs are dropped', () => {
  // perigee inside the atmosphere: r = 6578 km at apogee with a slow velocity (perigee ≈ 80 km below the floor)
  const res = propagate({
    positionKm: [6378.137 + 400, 0, 0],
    velocityKmS: [0, 7.55, 0],
    spacecraft: { massKg: 100 },
    forceModel: TWO_BODY,
    outputTimesS: [600, 1200, 1800, 2400, 3000, 3600],
  });
  assert.notEqual(res.truncated, null);
  assert.equal(res.truncated!.reason, 'ALTITUDE_FLOOR');
  assert.ok(Math.abs(res.truncated!.altitudeKm - 100) < 1e-3, `floor altitude ${res.truncated!.altitudeKm}`);
  assert.ok(res.timesS.length < 6);
  assert.ok(res.timesS.every((t) => t <= res.truncated!.tS));
  assert.deepEqual(res.events.map((e) => e.type), ['ALTITUDE_FLOOR']);
});

test('eclipse events: SSO entries/exits alternate, umbra inside penumbra, shadow duration ~ 35 min per revolution', () => {
  const res = propagate({
    positionKm: r0,
    velocityKmS: v0,
    spacecraft: SC,
    outputTimesS: [86400],
    environment: referenceEnvironment(ref),
    reportEclipses: true,
  });
  const ev = res.events.filter((e) => e.type.includes('UMBRA'));
  const entries = ev.filter((e) => e.type === 'UMBRA_ENTRY');
  const exits = ev.filter((e) => e.type === 'UMBRA_EXIT');
  // 1 day / 5926 s ≈ 14.6 revolutions
  assert.ok(entries.length >= 14 && entries.length <= 15, `${entries.length} umbra entries`);
  assert.ok(Math.abs(entries.length - exits.length) <= 1);
  const pen = res.events.filter((e) => e.type === 'PENUMBRA_ENTRY');
  // each umbra entry is preceded by a penumbra entry a few seconds earlier
  for (const e of entries) {
    const p = pen.filter((x) => x.tS < e.tS).pop();
    assert.ok(p !== undefined && e.tS - p.tS < 30, `penumbra before umbra at ${e.tS}`);
  }
  // umbra fraction: the reference has 472 of 1441 samples in umbra (32.8 %)
  let inUmbra = 0;
  for (let i = 0; i < exits.length; i++) {
    const en = entries.filter((x) => x.tS < exits[i]!.tS).pop();
    if (en) inUmbra += exits[i]!.tS - en.tS;
  }
  const firstExitWithoutEntry = exits[0] && (!entries[0] || exits[0].tS < entries[0].tS) ? exits[0].tS : 0;
  const lastEntryOpen = entries.length > 0 && entries[entries.length - 1]!.tS > (exits[exits.length - 1]?.tS ?? 0) ? 86400 - entries[entries.length - 1]!.tS : 0;
  const frac = (inUmbra + firstExitWithoutEntry + lastEntryOpen) / 86400;
  assert.ok(Math.abs(frac - 472 / 1441) < 0.01, `umbra fraction ${frac}`);
});

test('DOP853: dense output of a harmonic oscillator (7th order) and exact step ends; backward integration', () => {
  const sys: OdeSystem = {
    dimension: 2,
    computeDerivatives: (_t, y, d) => {
      d[0] = y[1]!;
      d[1] = -y[0]!;
    },
  };
  const integ = new Dop853Integrator(sys, { minStepS: 1e-6, maxStepS: 1, initialStepS: 0.5, absTol: new Float64Array([1e-12, 1e-12]), relTol: new Float64Array([1e-12, 1e-12]) });
  const out = new Float64Array(2);
  let worst = 0;
  const y = new Float64Array([1, 0]);
  integ.integrate(0, y, 20, (it) => {
    for (let k = 1; k < 10; k++) {
      const t = it.tStart + ((it.tEnd - it.tStart) * k) / 10;
      it.interpolate(t, out);
      worst = Math.max(worst, Math.abs(out[0]! - Math.cos(t)));
    }
  });
  assert.ok(Math.abs(y[0]! - Math.cos(20)) < 1e-10);
  assert.ok(worst < 1e-10, `dense output error ${worst}`);
  integ.integrate(20, y, 0, null);
  assert.ok(Math.abs(y[0]! - 1) < 1e-10 && Math.abs(y[1]!) < 1e-10);
});
