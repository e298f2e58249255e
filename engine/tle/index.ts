/**
 * TLE engine entry point: state → fitted mean elements → two-line text. Pure (no I/O, no clock).
 * The API maps TleCatalogNumberError / TleFormatError to 400 and TleFitError to 422 (details = residual).
 */
import { fitTleMeanElements, type TemeState, type TleFitOptions, type TleFitResult } from './fit.ts';
import { formatTleLines, type TleFields } from './format.ts';
import type { TleEpoch } from './epoch.ts';

export * from './alpha5.ts';
export * from './bstar.ts';
export * from './epoch.ts';
export * from './errors.ts';
export * from './fit.ts';
export * from './format.ts';
export * from './parse.ts';
export * from './gpElements.ts';
export * from './catalog.ts';

export interface TleIdentity {
  /** NORAD catalogue number; absent → 99999 placeholder; > 339999 → TleCatalogNumberError. */
  readonly noradId?: number | null;
  /** COSPAR id (`1998-067A`); absent → blank designator. */
  readonly cosparId?: string | null;
  readonly elementSetNumber?: number;
  readonly revolutionNumberAtEpoch?: number;
}

export interface GeneratedTle {
  /** Line 1 + "\n" + line 2. */
  readonly text: string;
  readonly line1: string;
  readonly line2: string;
  readonly fit: TleFitResult;
}

/**
 * Fit and format in one call. The catalogue number is validated before the (more expensive) fit, so an
 * out-of-range NORAD id fails fast with TleCatalogNumberError.
 */
export function generateTle(
  state: TemeState, epoch: TleEpoch, identity: TleIdentity = {}, options: TleFitOptions = {},
): GeneratedTle {
  const base: Omit<TleFields, 'epoch' | 'bstarPerEarthRadius' | 'inclinationDeg' | 'raanDeg' | 'eccentricity' | 'argPerigeeDeg' | 'meanAnomalyDeg' | 'meanMotionRevPerDay'> = {
    catalogNumber: identity.noradId ?? null,
    cosparId: identity.cosparId ?? null,
    classification: 'U',
    ...(identity.elementSetNumber === undefined ? {} : { elementSetNumber: identity.elementSetNumber }),
    ...(identity.revolutionNumberAtEpoch === undefined ? {} : { revolutionNumberAtEpoch: identity.revolutionNumberAtEpoch }),
  };
  // Validate identity fields with a dry format of a trivially valid element set before fitting.
  formatTleLines({ ...base, epoch, bstarPerEarthRadius: 0, inclinationDeg: 0, raanDeg: 0, eccentricity: 0, argPerigeeDeg: 0, meanAnomalyDeg: 0, meanMotionRevPerDay: 1 });
  const fit = fitTleMeanElements(state, epoch, options);
  const [line1, line2] = formatTleLines({ ...base, ...fit.elements });
  return { text: `${line1}\n${line2}`, line1, line2, fit };
}
