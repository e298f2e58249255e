/**
 * Batch least squares on the Orekit reference scenarios (test/fixtures/od): from the stated a priori (1118 m, 1 m/s
 * off), with the default settings (3σ editor, dP 1e-4 m). Required (issue 13): converged; position error vs truth
 * ≤ 1.5 × Orekit's + 1 m; evaluations within Orekit's ± 2; covariance symmetric positive definite with the truth
 * error below 3σ per axis. Reached (asserted tighter where stated): V1 error 0.06 m (Orekit 0.055 m), 1.2 cm from
 * Orekit's estimate; V2 4.71 m (Orekit 4.715 m), 7 mm from Orekit's; both in Orekit's 6 evaluations; formal sigmas
 * within 0.1 % of Orekit's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateOrbit } from '../../../engine/estimation/batchLeastSquares.ts';
import type { EstimationResult } from '../../../engine/estimation/types.ts';
import type { MeasurementInput } from '../../../engine/measurements/types.ts';
import { bundledEarthData } from '../../../earthData/files.ts';
import { loadMeasurements, loadSolution, loadStations, loadTruth, propagationInput, type ScenarioId } from '../measurements/odReference.ts';
import { assertSymmetricPositiveDefinite, positionError } from './helpers.ts';
import { seededRandom } from '../../helpers/random.ts';

const SIGMA = { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 };

function fit(id: ScenarioId, measurements: MeasurementInput[] = loadMeasurements(id).measurements): EstimationResult {
  const truth = loadTruth();
  return estimateOrbit(
    { apriori: propagationInput(truth.a_priori_state_gcrf, truth.od_epoch_utc, truth), solveFor: {}, stations: loadStations().map((s) => ({ ...s, sigma: SIGMA })), measurements },
    bundledEarthData(),
  );
}

function checkAgainstOrekit(id: ScenarioId, res: EstimationResult, t: { diagnostic(s: string): void }, label: string): void {
  const truth = loadTruth();
  const sol = loadSolution(id);
  assert.equal(res.converged, true, res.failureReason ?? '');
  assert.equal(res.failureReason, null);
  const err = positionError(res, truth.truth_state_at_od_epoch_gcrf.pos_km);
  const orekitErr = sol.error_vs_truth.position_error_m;
  const bound = 1.5 * orekitErr + 1;
  const fromOrekit = positionError(res, sol.solution.estimated_state_gcrf.pos_km);
  t.diagnostic(`${label}: error vs truth ${err.toFixed(3)} m (Orekit ${orekitErr.toFixed(3)} m, bound ${bound.toFixed(3)} m), ${fromOrekit.toFixed(3)} m from Orekit's estimate; ${res.iterations.length} evaluations (Orekit ${sol.solution.iterations}); weighted RMS ${res.iterations.at(-1)!.weightedRms.toFixed(4)} (Orekit ${sol.solution.rms_normalized_residuals.toFixed(4)})`);
  assert.ok(err <= bound, `position error ${err} m > ${bound} m`);
  assert.ok(Math.abs(res.iterations.length - sol.solution.iterations) <= 2, `${res.iterations.length} evaluations vs Orekit ${sol.solution.iterations}`);
  const rms = res.iterations.at(-1)!.weightedRms;
  assert.ok(rms > 0.8 && rms < 1.2, `normalized RMS ${rms}`);
  // covariance: 6×6 in km, SPD; truth error below 3σ on each axis; sigmas within 20 % of Orekit's
  const n = res.parameterNames.length;
  assert.equal(res.covariance.length, n * n);
  assertSymmetricPositiveDefinite(res.covariance, n);
  const truthState = [...truth.truth_state_at_od_epoch_gcrf.pos_km, ...truth.truth_state_at_od_epoch_gcrf.vel_km_s];
  const est = [...res.positionKm, ...res.velocityKmS];
  const normalized: string[] = [];
  for (let i = 0; i < 6; i++) {
    const sigma = Math.sqrt(res.covariance[i * n + i]!);
    const z = (est[i]! - truthState[i]!) / sigma;
    normalized.push(z.toFixed(2));
    assert.ok(Math.abs(z) < 3, `axis ${i}: error ${(est[i]! - truthState[i]!) * 1000} m is ${z.toFixed(2)}σ`);
    const orekitSigma = sol.solution.sigmas[i]! / 1000;
    assert.ok(Math.abs(sigma / orekitSigma - 1) < 0.2, `axis ${i}: σ ${sigma} km vs Orekit ${orekitSigma} km`);
  }
  t.diagnostic(`${label}: truth error / σ per axis ${normalized.join(', ')}; σ(x,y,z) ${[0, 1, 2].map((i) => (Math.sqrt(res.covariance[i * n + i]!) * 1000).toFixed(4)).join(', ')} m (Orekit ${sol.solution.sigmas.slice(0, 3).map((x) => x.toFixed(4)).join(', ')})`);
}

for (const id of ['V1', 'V2'] as ScenarioId[]) {
  test(`${id}: converges from the a priori within 1.5 × Orekit's error + 1 m, Orekit's evaluations ± 2, consistent covariance`, (t) => {
    const res = fit(id);
    checkAgainstOrekit(id, res, t, id);
    const sol = loadSolution(id);
    // tighter than required: the same estimate as Orekit's (well inside its formal σ: 4 cm V1, 11–17 m V2)
    assert.ok(positionError(res, sol.solution.estimated_state_gcrf.pos_km) < (id === 'V1' ? 0.02 : 0.1));
    assert.equal(res.residuals.filter((r) => r.rejected).length, 0, 'nothing edited on clean data');
    assert.deepEqual(res.parameterNames, ['X', 'Y', 'Z', 'VX', 'VY', 'VZ']);
    const used = res.counts.reduce((s, c) => s + c.used, 0);
    assert.equal(used, res.residuals.length);
  });
}

test('V1 with gross errors (+3 km on 2 % of the ranges, −2 km on 1 % more): all rejected by the editor, bound still holds', (t) => {
  const { measurements } = loadMeasurements('V1');
  const random = seededRandom(1301);
  const corrupted = new Set<string>();
  const ranges = measurements.filter((m) => m.kind === 'RANGE');
  while (corrupted.size < Math.ceil(0.02 * ranges.length)) corrupted.add(ranges[Math.floor(random() * ranges.length)]!.id);
  const negative = new Set<string>();
  while (negative.size < 2) {
    const id = ranges[Math.floor(random() * ranges.length)]!.id;
    if (!corrupted.has(id)) negative.add(id);
  }
  const data = measurements.map((m) => (corrupted.has(m.id) ? { ...m, observed: [m.observed[0]! + 3] } : negative.has(m.id) ? { ...m, observed: [m.observed[0]! - 2] } : m));
  const res = fit('V1', data);
  checkAgainstOrekit('V1', res, t, 'V1 + gross errors');
  const rejected = new Set(res.residuals.filter((r) => r.rejected).map((r) => r.id));
  for (const id of [...corrupted, ...negative]) assert.ok(rejected.has(id), `${id} not rejected`);
  assert.ok(rejected.size <= corrupted.size + negative.size + 2, `${rejected.size} rejected for ${corrupted.size + negative.size} injected`);
  for (const r of res.residuals.filter((x) => x.rejected)) assert.equal(r.rejectionReason, 'EDITOR');
  t.diagnostic(`rejected ${rejected.size} (${corrupted.size + negative.size} injected)`);
});

test('V2 with gross errors (+0.5° in azimuth on 2 %, −0.3° in elevation on 2 % more of the pairs): all rejected, bound still holds', (t) => {
  const { measurements } = loadMeasurements('V2');
  const random = seededRandom(1302);
  const az = new Set<string>();
  const el = new Set<string>();
  const count = Math.ceil(0.02 * measurements.length);
  while (az.size < count) az.add(measurements[Math.floor(random() * measurements.length)]!.id);
  while (el.size < count) {
    const id = measurements[Math.floor(random() * measurements.length)]!.id;
    if (!az.has(id)) el.add(id);
  }
  const data = measurements.map((m) => (az.has(m.id) ? { ...m, observed: [m.observed[0]! + 0.5, m.observed[1]!] } : el.has(m.id) ? { ...m, observed: [m.observed[0]!, m.observed[1]! - 0.3] } : m));
  const res = fit('V2', data);
  checkAgainstOrekit('V2', res, t, 'V2 + gross errors');
  const rejected = new Set(res.residuals.filter((r) => r.rejected).map((r) => r.id));
  for (const id of [...az, ...el]) assert.ok(rejected.has(id), `${id} not rejected`);
  assert.ok(rejected.size <= az.size + el.size + 2, `${rejected.size} rejected for ${az.size + el.size} injected`);
  t.diagnostic(`rejected ${rejected.size} (${az.size + el.size} injected)`);
});
