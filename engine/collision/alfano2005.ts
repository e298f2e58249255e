/**
 * Alfano (2005), "A numerical implementation of spherical object collision probability", J. Astronaut. Sci.
 * 53(1), 103–109. The disk integral of the Gaussian is integrated analytically in y (a difference of error
 * functions over the chord at abscissa x) and numerically in x by Simpson's rule on [−R, 0], the x > 0 half being
 * folded onto it through exp(−(x − xm)²/2σx²) + exp(−(x + xm)²/2σx²):
 *
 *   Pc = Δx / (3 σx √(8π)) · [m0 + mEven + mOdd],  Δx = R/(2M),
 *   f(x) = [erf((−ym + √(R² − x²))/(√2 σy)) − erf((−ym − √(R² − x²))/(√2 σy))]
 *          · [exp(−(x − xm)²/(2σx²)) + exp(−(x + xm)²/(2σx²))],
 *   m0 = 2 f(x0) with x0 = 0.015 Δx − R (Alfano's offset from the chord of zero length at x = −R),
 *   mEven = 2 [Σ_{i=1}^{M−1} f(2iΔx − R) + exp(−xm²/(2σx²)) · (erf((R − ym)/(√2σy)) − erf((−R − ym)/(√2σy)))],
 *   mOdd = 4 Σ_{i=1}^{M} f((2i − 1)Δx − R),
 *
 * with M = ⌊5R / min(σx, σy, miss)⌋ clamped to 10…100000 (the step rule of Orekit 13.1's Alfano2005, which the
 * reference values follow). The erf differences are taken without cancellation in the tails (erfDifference).
 */
import type { EncounterPlane } from './encounter.ts';
import { erfDifference } from './errorFunction.ts';

export const ALFANO_MIN_ORDER = 10;
export const ALFANO_MAX_ORDER = 100000;

/** Alfano's development order M (number of Simpson panels on [−R, 0]). */
export function alfanoOrder(plane: EncounterPlane): number {
  const miss = Math.hypot(plane.xmM, plane.ymM);
  const m = Math.floor((5 * plane.combinedHardBodyRadiusM) / Math.min(plane.sigmaXM, plane.sigmaYM, miss));
  if (!(m > ALFANO_MIN_ORDER)) return ALFANO_MIN_ORDER; // also NaN (0/0)
  return Math.min(m, ALFANO_MAX_ORDER);
}

/** Alfano 2005 Pc. */
export function pcAlfano2005(plane: EncounterPlane): number {
  const { xmM: xm, ymM: ym, sigmaXM: sx, sigmaYM: sy, combinedHardBodyRadiusM: r } = plane;
  if (r === 0) return 0;
  const order = alfanoOrder(plane);
  const dx = r / (2 * order);
  const invRoot2Sy = 1 / (Math.SQRT2 * sy);
  const invTwoSx2 = 1 / (2 * sx * sx);
  const f = (x: number): number => {
    const halfChord = Math.sqrt(Math.max(0, r * r - x * x));
    const dxm = x - xm;
    const sxm = x + xm;
    return erfDifference((halfChord - ym) * invRoot2Sy, (-halfChord - ym) * invRoot2Sy) * (Math.exp(-dxm * dxm * invTwoSx2) + Math.exp(-sxm * sxm * invTwoSx2));
  };
  const m0 = 2 * f(0.015 * dx - r);
  let evenSum = 0;
  for (let i = 1; i < order; i++) evenSum += f(2 * i * dx - r);
  const centre = Math.exp(-xm * xm * invTwoSx2) * erfDifference((r - ym) * invRoot2Sy, (-r - ym) * invRoot2Sy);
  const mEven = 2 * (evenSum + centre);
  let oddSum = 0;
  for (let i = 1; i <= order; i++) oddSum += f((2 * i - 1) * dx - r);
  const mOdd = 4 * oddSum;
  return (dx / (3 * sx * Math.sqrt(8 * Math.PI))) * (m0 + mEven + mOdd);
}
