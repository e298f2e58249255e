/**
 * Where the fit iterates and how its result reaches the solution epoch. The batch least squares iterates on the state
 * at the a priori epoch (moved to the nearer end of the measurement span only when the a priori lies more than an
 * orbit outside it) and adds the requested solution epoch to every propagation's outputs; the reported state is the
 * converged trajectory at that epoch and the covariance P_s = M·P·Mᵀ, M the state transition matrix Φ(t_s, t_fit)
 * bordered by the Cd/Cr sensitivity columns. Solving at t_s directly would give the same minimum (H_s = H·M⁻¹, so
 * (H_sᵀWH_s)⁻¹ = M(HᵀWH)⁻¹Mᵀ) but from a priori errors mapped over the span first: the reference a priori mapped 24 h
 * ahead diverged (state corrections 134, 400, 506 km) where the same data converge in 6 evaluations from its epoch.
 */
import type { MeasurementRecord } from '../../measurements/prepare.ts';
import type { EstimatedParameters } from './parameters.ts';

/**
 * Seconds from the a priori epoch to the fit epoch: 0 when the a priori lies within the span of the usable
 * measurements (not flagged) or less than an orbital period `periodS` outside it, else the offset of the nearer end
 * of that span. Iterating where the a priori is (its error is what an operator knows, e.g. 1 km, 1 m/s) keeps the
 * first steps as linear as Orekit's; the same a priori mapped a day ahead first would carry a grown, strongly
 * nonlinear along-track error (the end-epoch fit that diverged with steps of 134, 400, 506 km). An a priori days
 * before the data is moved to their start, where the data constrain the state without that long lever arm.
 */
export function fitEpochOffset(records: readonly MeasurementRecord[], periodS: number): number {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of records) {
    if (r.input.outlier) continue;
    first = Math.min(first, r.tagS);
    last = Math.max(last, r.tagS);
  }
  if (!(first <= last) || (first <= periodS && last >= -periodS)) return 0;
  return first > 0 ? first : last;
}

/** Keplerian period (s) of position `r` (km) and velocity `v` (km/s); +∞ for an open orbit. */
export function orbitalPeriodS(r: ArrayLike<number>, v: ArrayLike<number>, muKm3S2: number): number {
  const sma = 1 / (2 / Math.hypot(r[0]!, r[1]!, r[2]!) - (v[0]! ** 2 + v[1]! ** 2 + v[2]! ** 2) / muKm3S2);
  return sma > 0 ? 2 * Math.PI * Math.sqrt((sma * sma * sma) / muKm3S2) : Number.POSITIVE_INFINITY;
}

/**
 * The n×n map M from the parameters at the fit epoch to those at the solution epoch (physical units): Φ(t_s, t_fit)
 * in the state block, ∂x(t_s)/∂p = Ψ_p(t_s)/p in the Cd and Cr columns (Ψ per unit force scale), identity for the
 * rest (coefficients and biases do not depend on the epoch).
 */
export function solutionMapping(variational: { stm: Float64Array; sensitivities: Float64Array }, params: EstimatedParameters): Float64Array {
  const n = params.names.length;
  const nSens = params.sensitivities.length;
  const m = new Float64Array(n * n);
  for (let j = 6; j < n; j++) m[j * n + j] = 1;
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) m[i * n + j] = variational.stm[6 * i + j]!;
  for (let q = 0; q < nSens; q++) {
    const col = q === 0 && params.dragIndex >= 0 ? params.dragIndex : params.srpIndex;
    for (let i = 0; i < 6; i++) m[i * n + col] = variational.sensitivities[i * nSens + q]! / params.values[col]!;
  }
  return m;
}
