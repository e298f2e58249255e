/**
 * Residuals of stored measurements against an orbit: one propagation of the stored state (the craft's force model
 * and maneuvers) with dense output at every measurement's time tag, then the models with light time at each.
 * observed − (model + known station bias), azimuth and right ascension wrapped to ±180°, normalized by sigma.
 */
import { propagateStoredState, type EarthData, type StoredStatePropagation } from '../propagation/storedState.ts';
import { Epoch } from '../time/epoch.ts';
import { MeasurementModels, ModelEvaluation } from './models.ts';
import { prepareMeasurements, type MeasurementRecord } from './prepare.ts';
import { LocalTrajectory } from './trajectory.ts';
import { OBSERVABLE_KINDS, OBSERVABLES, type ObservableKind } from './observables.ts';
import type { ResidualRow, ResidualsInput, ResidualsResult, ResidualStatistics, SkippedMeasurement } from './types.ts';

/** Residual wrapped to (−180°, 180°]. */
export function wrapDegrees(d: number): number {
  let w = d % 360;
  if (w > 180) w -= 360;
  else if (w <= -180) w += 360;
  return w;
}

/** Sorted distinct time tags (s): the propagation's output times. */
export function tagTimes(records: readonly MeasurementRecord[]): Float64Array {
  const sorted = records.map((r) => r.tagS).sort((a, b) => a - b);
  const distinct: number[] = [];
  for (const t of sorted) if (distinct.length === 0 || t !== distinct[distinct.length - 1]) distinct.push(t);
  return Float64Array.from(distinct);
}

export function binarySearch(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = a[mid]!;
    if (v === x) return mid;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Evaluates record `rec` on the trajectory through `stateKm[offset..+6]` (GCRF km, km/s at the record's tag) and
 * fills `out`; `rotation9` is scratch for the pole used by the Taylor step.
 */
export function evaluateAtTag(
  models: MeasurementModels,
  traj: LocalTrajectory,
  propagation: StoredStatePropagation,
  rec: MeasurementRecord,
  stateKm: Float64Array,
  offset: number,
  rotation9: Float64Array,
  out: ModelEvaluation,
): ModelEvaluation {
  propagation.environment.gcrfToItrf(rec.tagS, rotation9);
  traj.setKm(rec.tagS, stateKm, offset, [rotation9[6]!, rotation9[7]!, rotation9[8]!]);
  return models.evaluate(rec, traj, out);
}

/** A residual row from a model evaluation; `extraBias` (estimated biases, may be null) is added like the known bias. */
export function residualRow(rec: MeasurementRecord, ev: ModelEvaluation, extraBias: ArrayLike<number> | null = null): ResidualRow {
  const dim = rec.dimension;
  const observed = rec.input.observed.slice(0, dim);
  const computed = new Array<number>(dim);
  const residual = new Array<number>(dim);
  const normalized = new Array<number>(dim);
  const sigma = Array.from(rec.sigma);
  const wrapped = OBSERVABLES[rec.kind].wrapped;
  for (let i = 0; i < dim; i++) {
    const c = ev.value[i]! + rec.bias[i]! + (extraBias ? extraBias[i]! : 0);
    computed[i] = wrapped[i] ? ((c % 360) + 360) % 360 : c;
    const d = observed[i]! - c;
    residual[i] = wrapped[i] ? wrapDegrees(d) : d;
    normalized[i] = residual[i]! / sigma[i]!;
  }
  const elevationDeg = Number.isNaN(ev.elevationDeg) ? null : ev.elevationDeg;
  return {
    id: rec.input.id,
    kind: rec.kind,
    stationId: rec.station?.id ?? null,
    epochUtc: rec.input.epochUtc,
    observed,
    computed,
    residual,
    normalized,
    sigma,
    elevationDeg,
    belowMask: elevationDeg !== null && rec.station !== null && elevationDeg < rec.station.elevationMaskDeg,
    outlier: rec.input.outlier === true,
  };
}

interface Accumulator {
  kind: ObservableKind;
  stationId: string | null;
  count: number;
  sum: number[];
  sum2: number[];
  min: number[];
  max: number[];
  nsum: number[];
  nsum2: number[];
  nmin: number[];
  nmax: number[];
}

/**
 * Per kind and station, and per kind over all stations (stationId null): count, mean, RMS, min, max of the
 * residuals (measurement units) and of the normalized residuals. Only rows with `include(row)` count.
 */
export function residualStatistics(rows: readonly ResidualRow[], include: (row: ResidualRow) => boolean): ResidualStatistics[] {
  const groups = new Map<string, Accumulator>();
  const acc = (kind: ObservableKind, stationId: string | null): Accumulator => {
    const key = `${kind}\u0000${stationId ?? ''}`;
    let a = groups.get(key);
    if (!a) {
      const d = OBSERVABLES[kind].dimension;
      const z = () => new Array<number>(d).fill(0);
      a = {
        kind, stationId, count: 0, sum: z(), sum2: z(), nsum: z(), nsum2: z(),
        min: z().fill(Infinity), max: z().fill(-Infinity), nmin: z().fill(Infinity), nmax: z().fill(-Infinity),
      };
      groups.set(key, a);
    }
    return a;
  };
  for (const row of rows) {
    if (!include(row)) continue;
    const targets = row.stationId === null ? [acc(row.kind, null)] : [acc(row.kind, null), acc(row.kind, row.stationId)];
    for (const a of targets) {
      a.count++;
      row.residual.forEach((r, i) => {
        const n = row.normalized[i]!;
        a.sum[i]! += r;
        a.sum2[i]! += r * r;
        a.min[i] = Math.min(a.min[i]!, r);
        a.max[i] = Math.max(a.max[i]!, r);
        a.nsum[i]! += n;
        a.nsum2[i]! += n * n;
        a.nmin[i] = Math.min(a.nmin[i]!, n);
        a.nmax[i] = Math.max(a.nmax[i]!, n);
      });
    }
  }
  const out: ResidualStatistics[] = [];
  for (const a of groups.values()) {
    const n = a.count;
    const nsum2 = a.nsum2.reduce((s, x) => s + x, 0);
    out.push({
      kind: a.kind,
      stationId: a.stationId,
      count: n,
      mean: a.sum.map((s) => s / n),
      rms: a.sum2.map((s) => Math.sqrt(s / n)),
      min: a.min,
      max: a.max,
      normalizedRms: Math.sqrt(nsum2 / (n * a.sum.length)),
      normalized: { mean: a.nsum.map((s) => s / n), rms: a.nsum2.map((s) => Math.sqrt(s / n)), min: a.nmin, max: a.nmax },
      units: [...OBSERVABLES[a.kind].units],
      components: [...OBSERVABLES[a.kind].components],
    });
  }
  out.sort((x, y) => OBSERVABLE_KINDS.indexOf(x.kind) - OBSERVABLE_KINDS.indexOf(y.kind) || (x.stationId ?? '').localeCompare(y.stationId ?? ''));
  return out;
}

/**
 * Residuals of `input.measurements` against the orbit of `input.propagation`. Statistics count the rows above the
 * station's elevation mask and not flagged as outliers; every row is returned.
 */
export function computeResiduals(input: ResidualsInput, earth: EarthData): ResidualsResult {
  const eop = earth.eop;
  const stateEpoch = Epoch.parse(input.propagation.state.epoch, 'UTC');
  const set = prepareMeasurements(stateEpoch, input.stations, input.measurements, eop);
  const skipped: SkippedMeasurement[] = [...set.skipped];
  const rows: ResidualRow[] = [];
  if (set.records.length > 0) {
    const times = tagTimes(set.records);
    const propagation = propagateStoredState(input.propagation, times, earth);
    const result = propagation.result;
    const models = new MeasurementModels(propagation.environment);
    const traj = new LocalTrajectory(input.propagation.forceModel.muM3S2);
    const ev = new ModelEvaluation();
    const rot = new Float64Array(9);
    for (const rec of set.records) {
      // after an altitude-floor stop only the outputs before it exist (in the requested, sorted order)
      const k = binarySearch(result.timesS, rec.tagS);
      if (k < 0) {
        skipped.push({ id: rec.input.id, reason: `the orbit ends before this epoch (${result.truncated ? 'altitude floor reached' : 'not propagated'})` });
        continue;
      }
      evaluateAtTag(models, traj, propagation, rec, result.statesKm, 6 * k, rot, ev);
      rows.push(residualRow(rec, ev));
    }
  }
  return {
    ok: true,
    residuals: rows,
    statistics: residualStatistics(rows, (r) => !r.belowMask && !r.outlier),
    skipped,
  };
}
