/**
 * Probability of collision in the short-term encounter (2-D) model, by method, made robust where the formulas
 * (and Orekit 13.1) are not (the conjunction reference set, "Degenerate inputs"; test/fixtures/conjunction/README.md):
 *  - every result is a finite number in [0, 1]; a raw value outside (round-off such as Alfano's 1.0000000x, or an
 *    Alfriend formula above 1) is clamped and flagged, never returned as NaN or thrown;
 *  - a zero miss distance is an ordinary input (the disk centred on the mean);
 *  - a Pc ≈ 1 (centimetre sigmas, mean inside the disk) comes out ≈ 1: LAAS_2015 falls back to the exact contour
 *    integral when its series would need too many terms (flagged), PATERA_2005 needs no special case;
 *  - a collision-plane covariance with σx = 0 (or both σ = 0) gives the exact limit: the Gaussian on a line
 *    (a difference of error functions over the chord at xm) or a point mass (Pc = 1 inside the disk, else 0),
 *    for every method (flagged).
 *
 * Methods (the keys of Orekit's ShortTermEncounter2DPOCMethodType and of the reference pc.json files):
 *  LAAS_2015 (exact, series with bounds; the recommended value), PATERA_2005 (exact, contour integral),
 *  ALFANO_2005 (Simpson in x; exact to its step size), CHAN_1997 (equal-area isotropic approximation),
 *  ALFRIEND_1999 (constant density over the disk), ALFRIEND_1999_MAX (maximum over a covariance scaling).
 */
import type { EncounterPlane } from './encounter.ts';
import { CollisionInputError, requireNonNegative } from './errors.ts';
import { erfDifference } from './errorFunction.ts';
import { pcLaas2015, type Laas2015Options } from './laas2015.ts';
import { ALFANO_MAX_ORDER, alfanoOrder, pcAlfano2005 } from './alfano2005.ts';
import { pcPatera2005Detailed, type PateraResult } from './patera2005.ts';
import { pcChan1997Detailed } from './chan1997.ts';
import { pcAlfriend1999, pcAlfriend1999Max } from './alfriend1999.ts';

export const PC_METHODS = ['LAAS_2015', 'ALFANO_2005', 'PATERA_2005', 'CHAN_1997', 'ALFRIEND_1999', 'ALFRIEND_1999_MAX'] as const;
export type PcMethod = (typeof PC_METHODS)[number];

export function isPcMethod(name: string): name is PcMethod {
  return (PC_METHODS as readonly string[]).includes(name);
}

export type PcFlagCode =
  /** The method's raw value was outside [0, 1] (given in the message) and was clamped. */
  | 'CLAMPED_TO_UNIT_INTERVAL'
  /** The LAAS series needed more terms than allowed: the value is the exact contour integral (PATERA_2005). */
  | 'SERIES_NOT_CONVERGED_CONTOUR_INTEGRAL_USED'
  /** σx = 0: the exact line (or point-mass) limit was used instead of the method's formula. */
  | 'DEGENERATE_COVARIANCE'
  /** An approximation (CHAN_1997, ALFRIEND_1999, ALFRIEND_1999_MAX) used with R > σx, outside its premise (R ≪ σ). */
  | 'HARD_BODY_RADIUS_NOT_SMALL'
  /** The contour quadrature stopped at its interval limit before its tolerance. */
  | 'QUADRATURE_NOT_CONVERGED'
  /** CHAN_1997's M-term truncation may leave out more than 1e-3 of the value and more than 1e-12 (bound in the message). */
  | 'SERIES_TRUNCATED'
  /**
   * ALFANO_2005 at its step cap (M = 100000) with a step R/(2M) above σx (its step rule otherwise keeps σx/10):
   * the Simpson sum across x cannot resolve the Gaussian (R ≫ σx, a nearly singular covariance) and can be
   * orders of magnitude off.
   */
  | 'STEP_TOO_COARSE'
  /** A covariance is unknown (maximumProbability.ts): the value is Alfriend's maximum probability, an upper bound. */
  | 'MAXIMUM_PROBABILITY_ONE_COVARIANCE'
  | 'MAXIMUM_PROBABILITY_NO_COVARIANCE';

export interface PcFlag {
  code: PcFlagCode;
  message: string;
}

export interface CollisionProbability {
  method: PcMethod;
  /** Finite, in [0, 1]. */
  value: number;
  /** LAAS_2015 only: the a-priori bounds of Serra et al. (l0 ≤ Pc ≤ u0, u0 ≤ 1). */
  lowerBound?: number;
  upperBound?: number;
  /** True for ALFRIEND_1999_MAX: an upper bound over covariance scalings, not an estimate. */
  isMaximumProbability: boolean;
  flags: PcFlag[];
}

export interface CollisionProbabilityOptions {
  laas?: Laas2015Options;
}

const APPROXIMATIONS: ReadonlySet<PcMethod> = new Set(['CHAN_1997', 'ALFRIEND_1999', 'ALFRIEND_1999_MAX']);

/**
 * A radius below this (m, other than 0) is refused: the exact methods work on R² (LAAS's z = R², Patera's and
 * Alfano's chords), which underflows below 1.5e-154 m and would make Pc 0 where R²/(σxσy) is not small (σ near
 * 1e-154 m). 1e-100 m keeps R² ≥ 1e-200; the service's own radii start at a millimetre (domain/conjunctions/
 * hardBodyRadius.ts), so only a stored value of before those bounds can reach this.
 */
const MIN_RADIUS_M = 1e-100;

/** The smallest normal double, 2^−1022: 1/(2x) is finite for x at or above it. */
const MIN_NORMAL = 2 ** -1022;

/** Lengths beyond this (m) are refused: their squares would overflow the formulas, and no encounter has them. */
const MAX_LENGTH_M = 1e100;

function validatePlane(plane: EncounterPlane): void {
  for (const key of ['xmM', 'ymM'] as const) {
    if (typeof plane[key] !== 'number' || !Number.isFinite(plane[key])) {
      throw new CollisionInputError('NON_FINITE_INPUT', 'INVALID_INPUT', key, `must be a finite number (got ${String(plane[key])})`);
    }
  }
  requireNonNegative('sigmaXM', plane.sigmaXM);
  requireNonNegative('sigmaYM', plane.sigmaYM);
  requireNonNegative('combinedHardBodyRadiusM', plane.combinedHardBodyRadiusM);
  for (const key of ['xmM', 'ymM', 'sigmaXM', 'sigmaYM', 'combinedHardBodyRadiusM'] as const) {
    if (Math.abs(plane[key]) > MAX_LENGTH_M) {
      throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', key, `must not exceed ${MAX_LENGTH_M} m in magnitude (got ${plane[key]})`);
    }
  }
  const r = plane.combinedHardBodyRadiusM;
  if (r > 0 && r < MIN_RADIUS_M) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'combinedHardBodyRadiusM', `must be 0 or at least ${MIN_RADIUS_M} m (got ${r}): R² would leave the range of normal doubles`);
  }
  if (plane.sigmaXM > plane.sigmaYM) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'sigmaXM', `must not exceed sigmaYM (σx ≤ σy by convention; got ${plane.sigmaXM} > ${plane.sigmaYM})`);
  }
}

/**
 * Exact Pc for σx = 0: the Gaussian lies on the line x = xm (its y-spread σy), and the disk's chord there is
 * |y| ≤ √(R² − xm²); Pc = ½[erf((h − ym)/√2σy) − erf((−h − ym)/√2σy)]. With σy = 0 too, a point mass: 1 inside.
 */
export function pcDegenerate(plane: EncounterPlane): number {
  const { xmM: xm, ymM: ym, sigmaYM: sy, combinedHardBodyRadiusM: r } = plane;
  if (sy * sy === 0) return Math.hypot(xm, ym) <= r ? 1 : 0;
  if (Math.abs(xm) >= r) return 0;
  const h = Math.sqrt(r * r - xm * xm);
  return 0.5 * erfDifference((h - ym) / (Math.SQRT2 * sy), (-h - ym) / (Math.SQRT2 * sy));
}

function clampToUnit(raw: number, flags: PcFlag[], method: PcMethod): number {
  if (Number.isNaN(raw)) throw new Error(`${method} produced NaN (an engine bug: every input should give a number)`);
  if (raw >= 0 && raw <= 1) return raw;
  const clamped = raw < 0 ? 0 : 1;
  flags.push({ code: 'CLAMPED_TO_UNIT_INTERVAL', message: `${method} gave ${String(raw)}, clamped to ${clamped}` });
  return clamped;
}

function flagUnconvergedQuadrature(patera: PateraResult, flags: PcFlag[]): void {
  if (patera.quadrature.converged) return;
  flags.push({ code: 'QUADRATURE_NOT_CONVERGED', message: `contour quadrature stopped at ${patera.quadrature.intervals} intervals (estimated error ${patera.quadrature.errorEstimate.toPrecision(3)})` });
}

/** The Pc of one method on the encounter plane (see the module comment for the robustness rules). */
export function collisionProbability(plane: EncounterPlane, method: PcMethod, options: CollisionProbabilityOptions = {}): CollisionProbability {
  if (!isPcMethod(method)) {
    throw new CollisionInputError('UNKNOWN_METHOD', 'INVALID_INPUT', 'method', `unknown Pc method '${String(method)}' (supported: ${PC_METHODS.join(', ')})`);
  }
  validatePlane(plane);
  const flags: PcFlag[] = [];
  const result = (value: number, extra: Partial<CollisionProbability> = {}): CollisionProbability => ({
    method,
    value: clampToUnit(value, flags, method),
    isMaximumProbability: method === 'ALFRIEND_1999_MAX',
    flags,
    ...extra,
  });
  const r = plane.combinedHardBodyRadiusM;
  if (r === 0) return result(0, method === 'LAAS_2015' ? { lowerBound: 0, upperBound: 0 } : {});
  // σx² below the smallest normal double (σx < 1.5e-154 m, also σx = 0): the formulas divide by σx², and 1/(2σx²)
  // overflows to ∞ for a subnormal square (then 0 · ∞ = NaN in Alfano's exponentials). The line limit is
  // exact there to double precision for any disk of a millimetre or more.
  if (plane.sigmaXM * plane.sigmaXM < MIN_NORMAL) {
    flags.push({ code: 'DEGENERATE_COVARIANCE', message: 'σx = 0: the exact limit of a Gaussian on a line (or a point mass) was used' });
    const exact = pcDegenerate(plane);
    return result(exact, method === 'LAAS_2015' ? { lowerBound: exact, upperBound: exact } : {});
  }
  if (APPROXIMATIONS.has(method) && r > plane.sigmaXM) {
    flags.push({ code: 'HARD_BODY_RADIUS_NOT_SMALL', message: `R = ${r} m exceeds σx = ${plane.sigmaXM.toPrecision(4)} m: ${method} assumes R ≪ σ and can be far from the exact value` });
  }
  switch (method) {
    case 'LAAS_2015': {
      const laas = pcLaas2015(plane, options.laas);
      if (laas.converged) return result(laas.value, { lowerBound: laas.lowerBound, upperBound: laas.upperBound });
      const patera = pcPatera2005Detailed(plane);
      flags.push({
        code: 'SERIES_NOT_CONVERGED_CONTOUR_INTEGRAL_USED',
        message: laas.terms === 0
          ? 'the LAAS series would need more terms than allowed (tiny sigmas against the disk): the value is the exact contour integral'
          : `the LAAS series had not converged after ${laas.terms} terms (partial sum ${laas.value.toPrecision(6)}): the value is the exact contour integral`,
      });
      flagUnconvergedQuadrature(patera, flags);
      return result(patera.value, { lowerBound: laas.lowerBound, upperBound: laas.upperBound });
    }
    case 'PATERA_2005': {
      const patera = pcPatera2005Detailed(plane);
      flagUnconvergedQuadrature(patera, flags);
      return result(patera.value);
    }
    case 'ALFANO_2005': {
      // below the cap the rule M = ⌊5R/min(σx, σy, miss)⌋ keeps the step near min/10 ≤ σx/10; a step up to σx still
      // resolves the Gaussian (σx/2: 2e-9 relative on test/fixtures/conjunction/pc_extremes_mpmath.json)
      const order = alfanoOrder(plane);
      const stepM = r / (2 * order);
      if (order === ALFANO_MAX_ORDER && stepM > plane.sigmaXM) {
        flags.push({ code: 'STEP_TOO_COARSE', message: `Alfano's step ${stepM.toPrecision(3)} m (${ALFANO_MAX_ORDER} panels, its cap) exceeds σx = ${plane.sigmaXM.toPrecision(3)} m: the value can be far from the exact one (LAAS_2015, PATERA_2005)` });
      }
      return result(pcAlfano2005(plane));
    }
    case 'CHAN_1997': {
      const chan = pcChan1997Detailed(plane);
      if (chan.truncationBound > 1e-3 * chan.value && chan.truncationBound > 1e-12) {
        flags.push({ code: 'SERIES_TRUNCATED', message: `Chan's ${chan.terms}-term series may leave out up to ${chan.truncationBound.toPrecision(3)}` });
      }
      return result(chan.value);
    }
    case 'ALFRIEND_1999':
      return result(pcAlfriend1999(plane));
    case 'ALFRIEND_1999_MAX':
      return result(pcAlfriend1999Max(plane));
  }
}

/** Every method (or the given ones) on the same plane. */
export function collisionProbabilities(plane: EncounterPlane, methods: readonly PcMethod[] = PC_METHODS, options: CollisionProbabilityOptions = {}): CollisionProbability[] {
  return methods.map((m) => collisionProbability(plane, m, options));
}
