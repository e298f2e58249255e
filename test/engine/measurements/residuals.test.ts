/**
 * Residuals of the reference TDM data against an orbit (engine/measurements/residuals.ts, through the worker task):
 * the truth orbit leaves the stated noise (σ = 5 m, 1 mm/s, 0.01°: RMS within 10 %, and equal to the RMS of the
 * noise actually drawn, observed − Orekit's noise_free, within 2 %); a state 1 km off along-track leaves residuals
 * far above it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MeasurementInput, ResidualsResult, StationInput } from '../../../engine/measurements/types.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { runTask } from '../../../workers/tasks.ts';
import { bundledEarthDataRefs } from '../../../earthData/files.ts';
import { loadMeasurements, loadSolution, loadStations, loadTruth, propagationInput, type ScenarioId } from './odReference.ts';

const SIGMA = { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 };
const NOISE: Record<string, number[]> = { RANGE: [5e-3], RANGE_RATE: [1e-6], AZEL: [0.01, 0.01] };

function stationsWithSigma(): StationInput[] {
  return loadStations().map((s) => ({ ...s, sigma: SIGMA }));
}

/** RMS of observed − noise_free per kind and component (the noise drawn by the reference). */
function drawnNoiseRms(id: ScenarioId, measurements: MeasurementInput[]): Record<string, number[]> {
  const sol = loadSolution(id);
  const key = (k: string, s: string, e: string) => `${k}|${s}|${Epoch.parse(e, 'UTC').toIsoString(3)}`;
  const nf = new Map(sol.residuals.map(([k, s, e, v]) => [key(k, s, e), Array.isArray(v) ? v : [v]]));
  const sums: Record<string, number[]> = {};
  const counts: Record<string, number> = {};
  for (const m of measurements) {
    const ref = nf.get(key(m.kind, m.stationId!, m.epochUtc))!;
    const s = (sums[m.kind] ??= ref.map(() => 0));
    counts[m.kind] = (counts[m.kind] ?? 0) + 1;
    ref.forEach((v, i) => {
      let d = m.observed[i]! - v;
      if (m.kind === 'AZEL' && i === 0) d = ((d + 540) % 360) - 180;
      s[i]! += d * d;
    });
  }
  return Object.fromEntries(Object.entries(sums).map(([k, s]) => [k, s.map((x) => Math.sqrt(x / counts[k]!))]));
}

/** The truth state moved 1 km along-track (S = W × R of the truth's RSW frame). */
function alongTrackOffset(km: number): { pos_km: number[]; vel_km_s: number[] } {
  const { pos_km: r, vel_km_s: v } = loadTruth().truth_state_at_od_epoch_gcrf;
  const w = [r[1]! * v[2]! - r[2]! * v[1]!, r[2]! * v[0]! - r[0]! * v[2]!, r[0]! * v[1]! - r[1]! * v[0]!];
  const wn = Math.hypot(...w);
  const rn = Math.hypot(...r);
  const W = w.map((x) => x / wn);
  const R = r.map((x) => x / rn);
  const S = [W[1]! * R[2]! - W[2]! * R[1]!, W[2]! * R[0]! - W[0]! * R[2]!, W[0]! * R[1]! - W[1]! * R[0]!];
  return { pos_km: r.map((x, i) => x + km * S[i]!), vel_km_s: [...v] };
}

async function residuals(id: ScenarioId, state: { pos_km: number[]; vel_km_s: number[] }): Promise<ResidualsResult> {
  const truth = loadTruth();
  const { measurements } = loadMeasurements(id);
  const out = (await runTask('measurements.residuals', {
    earthData: bundledEarthDataRefs(),
    propagation: propagationInput(state, truth.od_epoch_utc, truth),
    stations: stationsWithSigma(),
    measurements,
  })) as ResidualsResult;
  assert.equal(out.ok, true, JSON.stringify(out).slice(0, 300));
  return out;
}

for (const id of ['V1', 'V2'] as ScenarioId[]) {
  test(`${id}: residuals of the truth orbit are the stated noise (RMS within 10 % of σ, within 2 % of the noise drawn)`, async (t) => {
    const { measurements } = loadMeasurements(id);
    const out = await residuals(id, loadTruth().truth_state_at_od_epoch_gcrf);
    assert.equal(out.residuals.length, measurements.length);
    assert.deepEqual(out.skipped, []);
    const drawn = drawnNoiseRms(id, measurements);
    const overall = out.statistics.filter((s) => s.stationId === null);
    assert.deepEqual(overall.map((s) => s.kind).sort(), Object.keys(drawn).sort());
    for (const s of overall) {
      t.diagnostic(`${s.kind}: count ${s.count}, RMS ${s.rms.map((x, i) => `${x.toExponential(4)} ${s.units[i]}`).join(', ')} (noise drawn ${drawn[s.kind]!.map((x) => x.toExponential(4)).join(', ')}), normalized RMS ${s.normalizedRms.toFixed(3)}`);
      s.rms.forEach((rms, i) => {
        const sigma = NOISE[s.kind]![i]!;
        assert.ok(Math.abs(rms / sigma - 1) <= 0.1, `${s.kind}[${i}] RMS ${rms} vs σ ${sigma}`);
        assert.ok(Math.abs(rms / drawn[s.kind]![i]! - 1) <= 0.02, `${s.kind}[${i}] RMS ${rms} vs noise drawn ${drawn[s.kind]![i]}`);
        assert.ok(Math.abs(s.mean[i]!) < 3 * sigma / Math.sqrt(s.count), `${s.kind}[${i}] mean ${s.mean[i]} is not noise`);
      });
      assert.ok(s.normalizedRms > 0.85 && s.normalizedRms < 1.15);
    }
    // per-station rows add up to the overall count
    for (const s of overall) {
      const perStation = out.statistics.filter((x) => x.kind === s.kind && x.stationId !== null);
      assert.equal(perStation.length, 3);
      assert.equal(perStation.reduce((n, x) => n + x.count, 0), s.count);
    }
    for (const row of out.residuals) {
      assert.ok(row.elevationDeg !== null && row.elevationDeg >= 9.99, `elevation ${row.elevationDeg}`);
      assert.equal(row.belowMask, false);
      row.residual.forEach((r, i) => assert.ok(Math.abs(r / row.sigma[i]! - row.normalized[i]!) < 1e-12));
      if (row.kind === 'AZEL') assert.ok(row.computed[0]! >= 0 && row.computed[0]! < 360 && Math.abs(row.residual[0]!) <= 180);
    }
  });

  test(`${id}: a state 1 km off along-track leaves residuals far above the noise (normalized RMS > 5; truth ≈ 1)`, async (t) => {
    const out = await residuals(id, alongTrackOffset(1));
    for (const s of out.statistics.filter((x) => x.stationId === null)) {
      t.diagnostic(`${s.kind}: normalized RMS ${s.normalizedRms.toFixed(1)}, RMS ${s.rms.map((x) => x.toExponential(3)).join(', ')} ${s.units.join(', ')}`);
      assert.ok(s.normalizedRms > 5, `${s.kind} normalized RMS ${s.normalizedRms}`);
    }
  });
}

test('residuals: unknown stations, unsupported frames and bad values are skipped with a reason; masks, biases and outlier flags', async () => {
  const truth = loadTruth();
  const { measurements } = loadMeasurements('V1');
  const first = measurements[0]!;
  const stations = stationsWithSigma().map((s, i) => (i === 0 ? { ...s, elevationMaskDeg: 30, bias: { rangeM: 100 } } : s));
  const input: MeasurementInput[] = [
    first,
    { ...first, id: 'flagged', outlier: true },
    { ...first, id: 'nostation', stationId: 'NOPE' },
    { ...first, id: 'nan', observed: [Number.NaN] },
    { ...first, id: 'radec-frame', kind: 'RADEC', observed: [1, 2], frame: 'B1950' },
    { ...first, id: 'pv-noframe', kind: 'PV', observed: [1, 2, 3, 4, 5, 6], frame: null, stationId: null },
    { ...first, id: 'bad-epoch', epochUtc: '2023-02-30T00:00:00Z' },
  ];
  const out = (await runTask('measurements.residuals', {
    earthData: bundledEarthDataRefs(), propagation: propagationInput(truth.truth_state_at_od_epoch_gcrf, truth.od_epoch_utc, truth), stations, measurements: input })) as ResidualsResult;
  assert.equal(out.ok, true);
  assert.deepEqual(out.skipped.map((s) => s.id), ['nostation', 'nan', 'radec-frame', 'pv-noframe', 'bad-epoch']);
  for (const s of out.skipped) assert.ok(s.reason.length > 10, s.reason);
  const [row, flagged] = out.residuals;
  // the first sample of the day is at 19.6° elevation: below this station's 30° mask
  assert.equal(row!.belowMask, true);
  assert.equal(flagged!.outlier, true);
  // the known 100 m bias is part of the computed value
  assert.ok(Math.abs(row!.computed[0]! - row!.observed[0]! - 0.1) < 0.05, `computed ${row!.computed[0]} observed ${row!.observed[0]}`);
  // masked and flagged rows are listed but not counted
  assert.deepEqual(out.statistics, []);
});

test('residuals: no measurements → empty statistics, no propagation error', async () => {
  const truth = loadTruth();
  const out = (await runTask('measurements.residuals', {
    earthData: bundledEarthDataRefs(), propagation: propagationInput(truth.truth_state_at_od_epoch_gcrf, truth.od_epoch_utc, truth), stations: [], measurements: [] })) as ResidualsResult;
  assert.deepEqual(out, { ok: true, residuals: [], statistics: [], skipped: [] });
});
