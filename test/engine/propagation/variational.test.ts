/**
 * Orbit-determination options of the propagator: the SEMI_ANALYTIC variational partials and the force-scale
 * sensitivities (∂x/∂s for drag and SRP, s = 1 nominal) against central differences of whole propagations (dP 1e-7 m)
 * over one day of the reference LEO orbit with the full force model. Reached: STM 5e-8 of its largest element (the
 * FINITE_DIFFERENCES partials reach 1e-8), drag 3e-7, SRP 1.4e-4 (SRP moves the orbit by 4 m a day: its differences
 * are at the integrator's noise).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { loadTruth } from '../measurements/odReference.ts';

const TIMES = [3600, 43200, 86400];
const SC = { massKg: 500, dragAreaM2: 1, dragCoefficient: 2.2, srpAreaM2: 1, reflectivityCoefficient: 1.5 };

test('SEMI_ANALYTIC STM (≤ 1e-6) and drag/SRP scale sensitivities (≤ 1e-4 / 1e-3) match central differences over 1 day', (t) => {
  const truth = loadTruth();
  const env = new InterpolatedEarthEnvironment({ epoch: Epoch.parse(truth.od_epoch_utc, 'UTC'), startS: 0, endS: 86400, eop: bundledEopTable() });
  const x0 = [...truth.truth_state_at_od_epoch_gcrf.pos_km, ...truth.truth_state_at_od_epoch_gcrf.vel_km_s];
  const run = (x: number[], sc = SC, extra = {}) =>
    propagate({ positionKm: x.slice(0, 3), velocityKmS: x.slice(3), spacecraft: sc, outputTimesS: TIMES, environment: env, integrator: { positionToleranceM: 1e-7 }, ...extra });
  const res = run(x0, SC, { stm: true, sensitivities: ['DRAG', 'SOLAR_RADIATION_PRESSURE'], variationalPartials: 'SEMI_ANALYTIC' });
  assert.ok(res.stm && res.sensitivity);
  assert.equal(res.sensitivity.length, 12 * TIMES.length);
  const steps = [1e-3, 1e-3, 1e-3, 1e-6, 1e-6, 1e-6];
  const numeric = new Float64Array(36 * TIMES.length);
  for (let j = 0; j < 6; j++) {
    const xp = [...x0];
    const xm = [...x0];
    xp[j]! += steps[j]!;
    xm[j]! -= steps[j]!;
    const p = run(xp).statesKm;
    const m = run(xm).statesKm;
    for (let k = 0; k < TIMES.length; k++) for (let i = 0; i < 6; i++) numeric[36 * k + 6 * i + j] = (p[6 * k + i]! - m[6 * k + i]!) / (2 * steps[j]!);
  }
  for (let k = 0; k < TIMES.length; k++) {
    let scale = 0;
    let diff = 0;
    for (let e = 0; e < 36; e++) {
      scale = Math.max(scale, Math.abs(numeric[36 * k + e]!));
      diff = Math.max(diff, Math.abs(res.stm[36 * k + e]! - numeric[36 * k + e]!));
    }
    t.diagnostic(`t = ${TIMES[k]} s: STM max difference ${(diff / scale).toExponential(2)} of its largest element`);
    assert.ok(diff / scale <= 1e-6);
  }
  for (const [p, key, tol] of [[0, 'dragCoefficient', 1e-4], [1, 'reflectivityCoefficient', 1e-3]] as const) {
    const c = SC[key];
    const h = 0.01 * c;
    const plus = run(x0, { ...SC, [key]: c + h }).statesKm;
    const minus = run(x0, { ...SC, [key]: c - h }).statesKm;
    for (let k = 1; k < TIMES.length; k++) {
      let scale = 0;
      let diff = 0;
      for (let i = 0; i < 6; i++) {
        const num = ((plus[6 * k + i]! - minus[6 * k + i]!) / (2 * h)) * c;
        scale = Math.max(scale, Math.abs(num));
        diff = Math.max(diff, Math.abs(res.sensitivity[12 * k + 2 * i + p]! - num));
      }
      t.diagnostic(`${key} at t = ${TIMES[k]} s: |∂x/∂s| ${(scale * 1000).toFixed(3)} m, difference ${(diff / scale).toExponential(2)}`);
      assert.ok(diff / scale <= tol);
    }
  }
});

test('sensitivities of a force the model does not have are refused', () => {
  assert.throws(
    () => propagate({ positionKm: [7000, 0, 0], velocityKmS: [0, 7.5, 0], spacecraft: SC, forceModel: { atmosphere: 'NONE', thirdBodies: [], solarRadiationPressure: false, gravityDegree: 0 }, outputTimesS: [60], sensitivities: ['DRAG'] }),
    /sensitivities: the force model has no DRAG force/,
  );
});
