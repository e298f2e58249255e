/**
 * The covariances and the method of a Pc when an object's covariance is not known — not given, not a covariance, or
 * (a CDM's COVARIANCE_METHOD = DEFAULT, CCSDS 508.0-B-1 §3.5.2) a made-up one rather than an estimate. The Pc is then
 * the maximum probability of Alfriend et al. (1999), an upper bound, never an estimate:
 *  - one covariance known: the maximum over a scaling of that covariance (the unknown one taken as zero);
 *  - none: the maximum over an isotropic covariance, R²/(e·miss²), evaluated at the maximising scale σ² = miss²/2
 *    (combined, in the encounter plane) so that the method's flags (R against σ) speak of the right scale.
 * Both known: the requested method on both, unchanged. The one place this rule is written: a screening's approach
 * (screening/approach.ts) and a stored CDM's assessment use it alike, so an approach and the event made of it carry
 * the same Pc, method and flag.
 */
import type { PcFlagCode, PcMethod } from './probability.ts';

export const MAXIMUM_PROBABILITY_METHOD = 'ALFRIEND_1999_MAX' satisfies PcMethod;

export type MaximumProbabilityFlagCode = Extract<PcFlagCode, 'MAXIMUM_PROBABILITY_ONE_COVARIANCE' | 'MAXIMUM_PROBABILITY_NO_COVARIANCE'>;

export interface PcCovariances {
  /** `method` when both covariances are known, else MAXIMUM_PROBABILITY_METHOD. */
  method: PcMethod;
  /** The covariances to compute it with (6×6 or 3×3 row-major, as given; a 3×3 zero for an unknown one). */
  covariance1: ArrayLike<number>;
  covariance2: ArrayLike<number>;
  /** Why the Pc is a maximum (null when both are known). */
  flag: { code: MaximumProbabilityFlagCode; message: string } | null;
}

const ZERO_POSITION_COVARIANCE: readonly number[] = Object.freeze(new Array<number>(9).fill(0));

/**
 * `labels`: how the flag's message names each object ("the primary", "OBJECT2 (COVARIANCE_METHOD = DEFAULT)").
 * `missDistanceM`: |r2 − r1| at TCA, for the isotropic scale when neither covariance is known.
 */
export function covariancesForPc(
  method: PcMethod,
  missDistanceM: number,
  covariance1: ArrayLike<number> | undefined,
  covariance2: ArrayLike<number> | undefined,
  labels: readonly [string, string],
): PcCovariances {
  if (covariance1 !== undefined && covariance2 !== undefined) return { method, covariance1, covariance2, flag: null };
  if (covariance1 !== undefined || covariance2 !== undefined) {
    const [unknown, known] = covariance1 === undefined ? [labels[0], labels[1]] : [labels[1], labels[0]];
    return {
      method: MAXIMUM_PROBABILITY_METHOD,
      covariance1: covariance1 ?? ZERO_POSITION_COVARIANCE,
      covariance2: covariance2 ?? ZERO_POSITION_COVARIANCE,
      flag: {
        code: 'MAXIMUM_PROBABILITY_ONE_COVARIANCE',
        message: `no covariance for ${unknown}: Pc is the maximum over a scaling of the covariance of ${known} (Alfriend et al. 1999)`,
      },
    };
  }
  const variance = missDistanceM > 0 ? 0.5 * missDistanceM * missDistanceM : 1;
  return {
    method: MAXIMUM_PROBABILITY_METHOD,
    covariance1: [variance, 0, 0, 0, variance, 0, 0, 0, variance],
    covariance2: ZERO_POSITION_COVARIANCE,
    flag: { code: 'MAXIMUM_PROBABILITY_NO_COVARIANCE', message: 'no covariance for either object: Pc is the maximum over an isotropic covariance, R²/(e·miss²) (Alfriend et al. 1999)' },
  };
}
