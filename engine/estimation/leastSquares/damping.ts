/**
 * Levenberg–Marquardt damping of the batch least squares (optimizer `LEVENBERG_MARQUARDT`). A step minimizes
 * |J·δ − r|² + λ·Σ_j (JᵀJ)_jj·δ_j² (Marquardt 1963, with his scaling by the column norms, so λ is dimensionless); it
 * is solved by the same Householder QR as the Gauss–Newton step, with one row √λ·|column j| appended per parameter
 * (batchLeastSquares.ts `solveStep`). λ starts at 0 — plain Gauss–Newton steps, Orekit's evaluation counts on the
 * references — and is raised only after a step that does not lower the cost; it falls back to 0 near the minimum, so
 * the fit ends with undamped steps and its covariance is the undamped (JᵀWJ)⁻¹. While λ > 0 the editing decisions
 * stay frozen, so that two points are compared on one measurement set.
 */
import type { Optimizer, RejectionReason } from '../common/types.ts';
import type { Evaluation } from '../common/evaluation.ts';

/** The optimizer unless the input names one: it converges from every reference a priori (README, "Estimator"). */
export const DEFAULT_OPTIMIZER: Optimizer = 'LEVENBERG_MARQUARDT';
/** Damping λ after the first rejected step (Marquardt's scaling makes λ dimensionless: 1e-2 shortens each direction ~1 %). */
export const INITIAL_DAMPING = 1e-2;
/**
 * After a rejected step λ is multiplied by ν (2, doubled at each further rejection in a row); after a kept one by
 * max(1/3, 1 − (2ρ − 1)³), ρ the ratio of the actual to the predicted cost reduction (Nielsen's update: Madsen,
 * Nielsen & Tingleff, "Methods for non-linear least squares problems", 2nd ed. 2004, §3.2, eq. 3.16).
 */
export const DAMPING_FACTOR = 2;
/** Below this, the next step is undamped (λ = 0): the fit ends with Gauss–Newton steps and an undamped covariance. */
export const MIN_DAMPING = 1e-4;
/** λ above this: no step lowers the cost — the fit has stalled. */
export const MAX_DAMPING = 1e8;
/**
 * A point is kept when its cost is at most (1 + this) × the previous one: near the minimum a step changes the cost by
 * less than the integration's noise does, and such a step must not count as a failure.
 */
export const COST_INCREASE_TOLERANCE = 1e-4;

/** λ after a kept step of damping `damping` with gain ratio `gain` (Nielsen's update); 0 once below MIN_DAMPING. */
export function dampingAfterKeptStep(damping: number, gain: number): number {
  if (damping === 0) return 0;
  const next = damping * Math.max(1 / 3, 1 - (2 * gain - 1) ** 3);
  return next < MIN_DAMPING ? 0 : next;
}

/**
 * Σr² − |r − J·δ|² over the used rows of `e` for the normalized step δ: the cost reduction the linearized model
 * predicts for the step.
 */
export function linearReduction(e: Evaluation, step: Float64Array, capacity: number): number {
  const m = e.usedComponents;
  const n = step.length;
  let reduction = 0;
  for (let i = 0; i < m; i++) {
    let jd = 0;
    for (let j = 0; j < n; j++) if (step[j] !== 0) jd += e.jacobian[j * capacity + i]! * step[j]!;
    const r = e.rhs[i]!;
    reduction += r * r - (r - jd) * (r - jd);
  }
  return reduction;
}

/**
 * Σ(r/σ)² of evaluation `e` over the measurements both editing decisions leave in (a comparison of two points on one
 * measurement set).
 */
export function costOn(e: Evaluation, rejection: readonly (RejectionReason | null)[], other: readonly (RejectionReason | null)[] = rejection): number {
  let sum2 = 0;
  for (let i = 0; i < e.rows.length; i++) {
    if (rejection[i] !== null || other[i] !== null) continue;
    for (const z of e.rows[i]!.normalized) sum2 += z * z;
  }
  return sum2;
}
