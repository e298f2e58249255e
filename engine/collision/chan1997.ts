/**
 * Chan (1997), "Collision probability analyses for Earth-orbiting satellites", Adv. Astronaut. Sci. 96,
 * 1033–1048 (also Chan 2008, "Spacecraft Collision Probability", Aerospace Press, ch. 5): the zeroth-order series
 * for the Gaussian over the disk after replacing the elliptic covariance by the isotropic one of equal area,
 *
 *   Pc ≈ e^{−v/2} Σ_{m=0}^{M−1} (v/2)^m/m! · [1 − e^{−u/2} Σ_{k=0}^{m} (u/2)^k/k!],
 *   u = R²/(σx σy),  v = xm²/σx² + ym²/σy²,
 *
 * truncated at M = 3, 10, 20 or 60 terms by Chan's accuracy rule as Orekit 13.1 applies it: M = 3 when u ≤ 0.01
 * or v ≤ 1, else 10 when u ≤ 1 or v ≤ 9, else 20 when u ≤ 25 or v ≤ 25, else 60.
 *
 * Each bracket is the Poisson tail P(N > m), N ~ Poisson(u/2); it is summed directly as Σ_{k>m} e^{−u/2}(u/2)^k/k!
 * when u/2 < m + 1 instead of being formed as 1 − (head), whose cancellation makes the literal formula lose
 * every digit for u ≪ 1 (and go slightly negative: Orekit's −1e-17).
 */
import type { EncounterPlane } from './encounter.ts';

/** Chan's number of series terms for u and v. */
export function chanTermCount(u: number, v: number): number {
  if (u <= 0.01 || v <= 1) return 3;
  if (u <= 1 || v <= 9) return 10;
  if (u <= 25 || v <= 25) return 20;
  return 60;
}

/** P(N > m) for N ~ Poisson(lambda), without cancellation. */
export function poissonUpperTail(m: number, lambda: number): number {
  if (lambda === 0) return 0;
  // the limit λ → ∞ (u or v overflowed): e^{−λ} λ^k would be 0 · ∞
  if (lambda === Infinity) return 1;
  const e = Math.exp(-lambda);
  if (lambda < m + 1) {
    // terms e^{−λ} λ^k/k! for k > m decrease at least geometrically from k = m + 1
    let term = e;
    for (let k = 1; k <= m + 1; k++) term *= lambda / k;
    let sum = 0;
    for (let k = m + 1; k < m + 1000; k++) {
      sum += term;
      term *= lambda / (k + 1);
      if (term <= 1e-17 * sum) break;
    }
    return sum;
  }
  let term = e;
  let head = e;
  for (let k = 1; k <= m; k++) {
    term *= lambda / k;
    head += term;
  }
  return Math.max(0, 1 - head);
}

export interface Chan1997Result {
  value: number;
  terms: number;
  /**
   * Upper bound of what the M-term truncation leaves out: the brackets decrease with m, so the missing terms sum
   * to at most P(Poisson(v/2) ≥ M) · P(Poisson(u/2) > M). Near 1 when the mean is many σ inside a large disk
   * (centimetre sigmas): the truncated series then says ≈ 0 where the true value is ≈ 1.
   */
  truncationBound: number;
}

/** Chan 1997 Pc with its term count and truncation bound. */
export function pcChan1997Detailed(plane: EncounterPlane): Chan1997Result {
  const { xmM, ymM, sigmaXM, sigmaYM, combinedHardBodyRadiusM: r } = plane;
  // u = (R/σx)(R/σy), not R²/(σxσy): R² underflows below 1e-162 m while the ratios keep their digits; an overflow to
  // +∞ is the limit of a disk infinitely large against σ (poissonUpperTail(m, ∞) = 1)
  const u = (r / sigmaXM) * (r / sigmaYM);
  const x = xmM / sigmaXM;
  const y = ymM / sigmaYM;
  const v = x * x + y * y;
  const terms = chanTermCount(u, v);
  // the Poisson(v/2) weights e^{−v/2} (v/2)^m / m! from their logarithm: the running product underflows at
  // e^{−v/2} (v > 1490) although later weights are not negligible, and is 0 · ∞ = NaN for v = ∞ (all weights 0)
  let value = 0;
  if (v !== Infinity) {
    const logHalfV = Math.log(0.5 * v);
    let logWeight = -0.5 * v;
    for (let m = 0; m < terms; m++) {
      if (m > 0) logWeight += logHalfV - Math.log(m);
      value += Math.exp(logWeight) * poissonUpperTail(m, 0.5 * u);
    }
  }
  return { value, terms, truncationBound: poissonUpperTail(terms - 1, 0.5 * v) * poissonUpperTail(terms, 0.5 * u) };
}

/** Chan 1997 Pc (an approximation; may differ from the exact integral by tens of % when R ~ σx). */
export function pcChan1997(plane: EncounterPlane): number {
  return pcChan1997Detailed(plane).value;
}
