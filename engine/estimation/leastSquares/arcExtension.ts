/**
 * Arc extension (Levenberg–Marquardt only): from a poor a priori — 5 km / 5 m/s off, an energy error that has drifted
 * by a good part of an orbit at the far end of a 1–2 day span, where the problem is far from linear — the fit starts
 * again on a short arc around the fit epoch and lengthens it, each converged arc seeding the next, then fits the whole
 * span. On V3 (HEO, 48 h) from 5 km radial and 5 m/s along-track off, Levenberg–Marquardt over the whole span had
 * only reached a weighted RMS of 3.6e4 after 25 evaluations; arcs of ±3.7 h, ±15 h and the full span converge.
 */
import type { MeasurementRecord } from '../../measurements/prepare.ts';
import { orbitalPeriodS } from '../common/solutionEpoch.ts';

/**
 * When after this many evaluations over the whole span the weighted RMS is still above ARC_PROBE_RMS, the fit starts
 * again from the a priori on short arcs. From the reference a priori (1 km, 1 m/s) the RMS is near 1 by then (V1, V2:
 * evaluation 5, V3: 6), and from 5 km / 5 m/s off in the directions that converge directly too.
 */
export const ARC_PROBE_EVALUATIONS = 8;
export const ARC_PROBE_RMS = 100;
/** Convergence of a short arc: every normalized change ≤ 1 (1 m, ~1 mm/s) and the RMS settled to 1 %. */
export const ARC_CONVERGENCE_THRESHOLD = 1;
export const ARC_RMS_CONVERGENCE_THRESHOLD = 1e-2;
/**
 * The first arc holds at least this fraction of the residual components (and half an orbit): several passes. One or
 * two passes leave the short-arc problem nearly singular — from 5 km / 5 m/s off in LEO, the fit over the first 1.6 h
 * (two passes) crawled along that valley for 25 evaluations; with a sixth of the data every reference case converges.
 */
export const ARC_MIN_FRACTION = 1 / 6;
/** Each arc is this many times longer than the previous one. */
export const ARC_GROWTH = 4;

/**
 * Half-lengths (s) of the arcs around the fit epoch (t = 0 of the records' time tags) for `parameters` unknowns: half
 * an orbital period of the state `values` (the along-track error of a poor a priori then stays a small part of the
 * orbit) and at least ARC_MIN_FRACTION of the residual components (3 per unknown at the very least), then ARC_GROWTH
 * times longer each time, all short of the farthest measurement (the whole span is fitted after them).
 */
export function arcLengths(records: readonly MeasurementRecord[], values: Float64Array, muKm3S2: number, parameters: number): number[] {
  const usable = records.filter((x) => !x.input.outlier).map((x) => ({ t: Math.abs(x.tagS), d: x.dimension })).sort((a, b) => a.t - b.t);
  const minComponents = Math.max(3 * parameters, ARC_MIN_FRACTION * usable.reduce((sum, x) => sum + x.d, 0));
  const farthest = usable.length > 0 ? usable[usable.length - 1]!.t : 0;
  let enough = farthest;
  for (let i = 0, sum = 0; i < usable.length; i++) {
    sum += usable[i]!.d;
    if (sum >= minComponents) {
      enough = usable[i]!.t;
      break;
    }
  }
  const period = orbitalPeriodS(values, values.subarray(3, 6), muKm3S2);
  const halfPeriod = Number.isFinite(period) ? period / 2 : farthest;
  const lengths: number[] = [];
  for (let length = Math.max(halfPeriod, enough); length < farthest; length *= ARC_GROWTH) lengths.push(length);
  return lengths;
}
