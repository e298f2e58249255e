/**
 * Alfriend, Akella, Frisbee, Foster, Lee & Wilkins (1999), "Probability of collision error analysis", Space Debris
 * 1(1), 21–35.
 *
 *  - Small hard-body approximation: the Gaussian density is taken constant over the disk, equal to its value at
 *    the disk's centre: Pc ≈ πR² · exp(−d²/2)/(2π √det C) = R² exp(−d²/2) / (2 σx σy), with d the Mahalanobis
 *    distance and det C = σx²σy² in the eigen-axes.
 *  - Maximum probability over a scaling of the covariance, C → k²C: Pc(k) = R² exp(−d²/(2k²)) / (2k² σx σy) is
 *    largest at k² = d²/2, giving Pc_max = R² / (e d² σx σy). An upper bound only when R is small against the miss
 *    distance and σ; it exceeds 1 (and is infinite for d = 0) otherwise.
 *
 * Both are evaluated as the exponential of their logarithm, ln Pc = 2 ln R − d²/2 − ln 2 − ln σx − ln σy and
 * ln Pc_max = 2 ln R − 1 − 2 ln d − ln σx − ln σy, with ln d from ln(|xm|/σx) and ln(|ym|/σy): the literal
 * products lose R² below 1e-162 m (it underflows to 0, and 0/0 = NaN at d = 0) and d² when
 * xm/σx underflows, while every logarithm here is finite or −∞ for the planes the engine accepts (σx > 0,
 * lengths ≤ 1e100 m). A value above 1 (or +∞) is the caller's to clamp (probability.ts).
 */
import type { EncounterPlane } from './encounter.ts';

/**
 * ln d, d = √((xm/σx)² + (ym/σy)²), without forming the ratios' squares (−∞ when d = 0):
 * ln d = max(a, b) + ½ ln(1 + e^{2(min − max)}), a = ln(|xm|/σx), b = ln(|ym|/σy).
 */
function logMahalanobis(plane: EncounterPlane): number {
  const a = Math.log(Math.abs(plane.xmM)) - Math.log(plane.sigmaXM);
  const b = Math.log(Math.abs(plane.ymM)) - Math.log(plane.sigmaYM);
  const high = Math.max(a, b);
  if (high === -Infinity) return -Infinity;
  return high + 0.5 * Math.log1p(Math.exp(2 * (Math.min(a, b) - high)));
}

/** ln(R² / (σx σy)), the disk's area against the covariance's, −∞ for R = 0. */
function logAreaRatio(plane: EncounterPlane): number {
  return 2 * Math.log(plane.combinedHardBodyRadiusM) - Math.log(plane.sigmaXM) - Math.log(plane.sigmaYM);
}

/** Alfriend 1999 constant-density Pc, R² exp(−d²/2) / (2 σx σy). */
export function pcAlfriend1999(plane: EncounterPlane): number {
  if (plane.combinedHardBodyRadiusM === 0) return 0;
  // d² as the sum of squares: where a ratio underflows its square is negligible against 1, where it overflows the
  // density is 0 (exp(−∞)); never NaN
  const x = plane.xmM / plane.sigmaXM;
  const y = plane.ymM / plane.sigmaYM;
  const d2 = x * x + y * y;
  return Math.exp(logAreaRatio(plane) - 0.5 * d2 - Math.LN2);
}

/** Alfriend 1999 maximum Pc over a covariance scaling, R² / (e d² σx σy) (+∞ when the Mahalanobis distance is 0 and R > 0). */
export function pcAlfriend1999Max(plane: EncounterPlane): number {
  if (plane.combinedHardBodyRadiusM === 0) return 0;
  return Math.exp(logAreaRatio(plane) - 1 - 2 * logMahalanobis(plane));
}
