/**
 * Measurement editing of an orbit determination (the batch least squares today; a sequential filter would use the
 * same test): which measurements an evaluation leaves out, and why.
 *
 * Operator-flagged outliers are never used. After `EDITOR_WARMUP` evaluations (while the orbit may still be far off,
 * its elevations are too: a 20 m/s a priori error puts 90 % of real passes below the horizon), a measurement below
 * its station's elevation mask (geometric elevation at reception) is rejected, and one is rejected when its
 * normalized residual exceeds editingSigma·max(1, RMS of the previous evaluation) (Orekit's `OutlierFilter` after
 * its warm-up, with the threshold widened while the fit is still far from the data as its dynamic variant does).
 * A measurement of several components (az/el, ra/dec, PV) is tested by the RMS of its normalized components,
 * sqrt(Σ(r_i/σ_i)²/d): testing each angle on its own would double the false rejections of good data (V2 has five
 * 3.2–3.6σ azimuths among 410 components; rejecting them moves that angles-only fit by 1σ ≈ 15 m). Editing is
 * re-decided at every evaluation, so a measurement can come back.
 */
import type { MeasurementRecord } from '../../measurements/prepare.ts';
import type { ResidualRow } from '../../measurements/types.ts';
import type { RejectionReason } from './types.ts';

export const DEFAULT_EDITING_SIGMA = 3;
/** Evaluations before the automatic editor acts (Orekit's OutlierFilter warm-up). */
export const EDITOR_WARMUP = 2;

/** The automatic editor's threshold on the normalized residual at `iteration`; +∞ while it does not act. */
export function editorThreshold(editingSigma: number, iteration: number, previousRms: number): number {
  const editing = Number.isFinite(editingSigma) && editingSigma > 0;
  return editing && iteration > EDITOR_WARMUP ? editingSigma * Math.max(1, previousRms) : Number.POSITIVE_INFINITY;
}

/** Why evaluation `iteration` leaves the measurement out (its residual row just computed), or null to use it. */
export function rejectionOf(rec: MeasurementRecord, row: ResidualRow, iteration: number, threshold: number): RejectionReason | null {
  if (rec.input.outlier) return 'FLAGGED_OUTLIER';
  if (row.belowMask && iteration > EDITOR_WARMUP) return 'ELEVATION_MASK';
  let z2 = 0;
  for (const z of row.normalized) z2 += z * z;
  if (Math.sqrt(z2 / rec.dimension) > threshold) return 'EDITOR';
  return null;
}
