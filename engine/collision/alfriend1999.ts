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
 */
import type { EncounterPlane } from './encounter.ts';

function squaredMahalanobis(plane: EncounterPlane): number {
  const x = plane.xmM / plane.sigmaXM;
  const y = plane.ymM / plane.sigmaYM;
  return x * x + y * y;
}

/** Alfriend 1999 constant-density Pc. */
export function pcAlfriend1999(plane: EncounterPlane): number {
  const r = plane.combinedHardBodyRadiusM;
  return (r * r * Math.exp(-0.5 * squaredMahalanobis(plane))) / (2 * plane.sigmaXM * plane.sigmaYM);
}

/** Alfriend 1999 maximum Pc over a covariance scaling (+∞ when the Mahalanobis distance is 0). */
export function pcAlfriend1999Max(plane: EncounterPlane): number {
  const r = plane.combinedHardBodyRadiusM;
  return (r * r) / (Math.E * squaredMahalanobis(plane) * plane.sigmaXM * plane.sigmaYM);
}
