/**
 * Cd, Cr and station biases recovered from simulated tracking (test/engine/estimation/simulate.ts): the truth flies
 * with Cd = 2.64 and Cr = 2.25 (the a priori says 2.2 and 1.5), station VIS-STN-2's range reads 15 m long and its
 * angles 0.03° high; 1 day of two-way range (5 m), range rate (1 mm/s) and az/el (0.01°) from the three reference
 * stations with seeded noise. Every estimate must fall within 3.5σ of its true value, and each perturbed one must
 * have been moved by the data (true − a priori > 5σ), so the test fails if a column of the Jacobian is wrong or
 * missing. Reached: Cd 2.6392 ± 0.0010, Cr 2.12 ± 0.08, range bias 15.5 ± 0.7 m, angle biases 0.0291/0.0324 ± 0.0013°
 * (every parameter within 2.2σ). Solved for the end of the day (the state and covariance mapped with Φ and the Cd/Cr
 * sensitivity columns), the truth's state there is within 1.2σ on every axis and the other parameters do not move.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateOrbit } from '../../../engine/estimation/leastSquares/batchLeastSquares.ts';
import { propagateStoredState } from '../../../engine/propagation/storedState.ts';
import { bundledEarthData } from '../../../earthData/files.ts';
import { loadStations, loadTruth, propagationInput } from '../measurements/odReference.ts';
import { assertSymmetricPositiveDefinite } from './helpers.ts';
import { simulateMeasurements } from './simulate.ts';

test('Cd, Cr and per-station biases: a known perturbation is recovered from simulated data (within 3.5σ, each > 5σ from the a priori)', (t) => {
  const truth = loadTruth();
  const trueInput = propagationInput(truth.truth_state_at_od_epoch_gcrf, truth.od_epoch_utc, truth);
  const CD = 2.2 * 1.2;
  const CR = 1.5 * 1.5;
  trueInput.spacecraft = { ...trueInput.spacecraft, dragCoefficient: CD, reflectivityCoefficient: CR };
  const stations = loadStations();
  const biased = stations.map((s) => (s.id === 'VIS-STN-2' ? { ...s, bias: { rangeM: 15, angleDeg: 0.03 } } : s));
  const measurements = simulateMeasurements({
    truth: trueInput,
    stations: biased,
    kinds: [
      { kind: 'RANGE', twoWay: true, sigma: [0.005] },
      { kind: 'RANGE_RATE', twoWay: true, sigma: [1e-6] },
      { kind: 'AZEL', twoWay: false, sigma: [0.01, 0.01] },
    ],
    spanS: 86400,
    stepS: 30,
    seed: 20230210,
  });
  const input = { apriori: propagationInput(truth.a_priori_state_gcrf, truth.od_epoch_utc, truth), solveFor: { dragCoefficient: true, srpCoefficient: true, stationBiases: true }, stations, measurements };
  const res = estimateOrbit(input, bundledEarthData());
  assert.equal(res.converged, true, res.failureReason ?? '');
  const n = res.parameterNames.length;
  assert.equal(n, 6 + 2 + 3 * 4);
  assertSymmetricPositiveDefinite(res.covariance, n);
  const expected: Record<string, number> = {
    X: truth.truth_state_at_od_epoch_gcrf.pos_km[0]!, Y: truth.truth_state_at_od_epoch_gcrf.pos_km[1]!, Z: truth.truth_state_at_od_epoch_gcrf.pos_km[2]!,
    VX: truth.truth_state_at_od_epoch_gcrf.vel_km_s[0]!, VY: truth.truth_state_at_od_epoch_gcrf.vel_km_s[1]!, VZ: truth.truth_state_at_od_epoch_gcrf.vel_km_s[2]!,
    DRAG_COEFFICIENT: CD, SRP_COEFFICIENT: CR,
  };
  for (const name of res.parameterNames) if (name.startsWith('BIAS:')) expected[name] = 0;
  Object.assign(expected, { 'BIAS:VIS-STN-2:RANGE': 0.015, 'BIAS:VIS-STN-2:AZIMUTH': 0.03, 'BIAS:VIS-STN-2:ELEVATION': 0.03 });
  const apriori: Record<string, number> = { DRAG_COEFFICIENT: 2.2, SRP_COEFFICIENT: 1.5, 'BIAS:VIS-STN-2:RANGE': 0, 'BIAS:VIS-STN-2:AZIMUTH': 0, 'BIAS:VIS-STN-2:ELEVATION': 0 };
  res.parameterNames.forEach((name, i) => {
    const sigma = Math.sqrt(res.covariance[i * n + i]!);
    const value = res.estimatedParameters[name]!;
    const z = (value - expected[name]!) / sigma;
    t.diagnostic(`${name}: ${value.toPrecision(7)} ± ${sigma.toPrecision(2)} ${res.parameterUnits[i]} (true ${expected[name]!.toPrecision(7)}, ${z.toFixed(2)}σ)`);
    assert.ok(Math.abs(z) < 3.5, `${name}: ${value} is ${z.toFixed(2)}σ from ${expected[name]}`);
    if (name in apriori) assert.ok(Math.abs(expected[name]! - apriori[name]!) > 5 * sigma, `${name}: the perturbation is not observable (σ ${sigma})`);
  });
  assert.equal(res.forceModel.dragCoefficient, res.estimatedParameters.DRAG_COEFFICIENT);
  assert.equal(res.forceModel.reflectivityCoefficient, res.estimatedParameters.SRP_COEFFICIENT);
  // the post-fit residuals include the estimated biases: normalized RMS ≈ 1 on every station and type
  for (const s of res.statistics.filter((x) => x.stationId !== null)) {
    assert.ok(s.normalizedRms > 0.75 && s.normalizedRms < 1.25, `${s.kind} ${s.stationId}: ${s.normalizedRms}`);
    s.normalized.mean.forEach((m) => assert.ok(Math.abs(m) < 0.5, `${s.kind} ${s.stationId} mean ${m}`));
  }
  // solved for the end of the day: the same fit, its state and covariance mapped with Φ and the Cd/Cr columns; the
  // truth's state there within 3.5σ on every axis, the coefficients and biases unchanged
  const end = estimateOrbit({ ...input, solutionEpochUtc: '2023-02-11T00:00:00Z' }, bundledEarthData());
  assert.equal(end.converged, true, end.failureReason ?? '');
  assertSymmetricPositiveDefinite(end.covariance, n);
  const trueEnd = propagateStoredState({ ...trueInput, integrator: { positionToleranceM: 1e-6 } }, Float64Array.of(86400), bundledEarthData()).result.statesKm;
  end.parameterNames.forEach((name, i) => {
    const sigma = Math.sqrt(end.covariance[i * n + i]!);
    if (i < 6) {
      const z = (end.estimatedParameters[name]! - trueEnd[i]!) / sigma;
      t.diagnostic(`at the end: ${name} ${(z).toFixed(2)}σ from the truth (σ ${(sigma * 1000).toPrecision(3)} ${i < 3 ? 'm' : 'm/s'})`);
      assert.ok(Math.abs(z) < 3.5, `${name} at the end: ${z.toFixed(2)}σ`);
    } else {
      const moved = Math.abs(end.estimatedParameters[name]! - res.estimatedParameters[name]!) / sigma;
      if (name === 'DRAG_COEFFICIENT') t.diagnostic(`at the end: Cd moved by ${moved.toExponential(2)}σ`);
      assert.ok(moved <= 1e-3, `${name} moved by ${moved}σ`);
      assert.ok(Math.abs(sigma / Math.sqrt(res.covariance[i * n + i]!) - 1) < 1e-4, `${name}: σ unchanged by the mapping`);
    }
  });
  t.diagnostic(`RSS position σ at the end ${(Math.hypot(...[0, 1, 2].map((i) => Math.sqrt(end.covariance[i * n + i]!))) * 1000).toFixed(3)} m`);
});
