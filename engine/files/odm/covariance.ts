/**
 * The position/velocity covariance matrix of the OPM and the OMM, CCSDS 502.0-B-3 §3.2.4 (table 3-4) and §4.2.4
 * (table 4-3): an optional COV_REF_FRAME (absent: the metadata REF_FRAME) and the 21 terms of the 6×6 matrix's lower
 * triangle, CX_X ... CZ_DOT_Z_DOT (common/definitions.ts COVARIANCE_KEYWORDS), all required once one is given.
 */
import { COVARIANCE_KEYWORDS } from '../common/definitions.ts';
import { CcsdsParseError } from '../common/errors.ts';
import { numberKey, type KeySpec } from '../common/keywords.ts';
import type { OdmKeywordsRead } from './keywordsRead.ts';

export interface CovarianceMatrix {
  /** COV_REF_FRAME, or null: then the metadata REF_FRAME applies. */
  refFrame: string | null;
  /** 21 lower-triangle terms CX_X ... CZ_DOT_Z_DOT, row by row (km², km²/s, km²/s²). */
  lowerTriangle: number[];
  /** Line of the first covariance keyword. */
  line: number;
}

/** A term's units: km² for two position components, one 1/s more for each velocity component (`_DOT`) it pairs. */
function termUnits(keyword: string): string {
  const velocityComponents = (keyword.match(/_DOT/g) ?? []).length;
  return ['km**2', 'km**2/s', 'km**2/s**2'][velocityComponents]!;
}

/** The covariance keywords and their value types. */
export const COVARIANCE_MATRIX_KEYS: Readonly<Record<string, KeySpec>> = {
  COV_REF_FRAME: { type: 'frame' },
  ...Object.fromEntries(COVARIANCE_KEYWORDS.map((keyword) => [keyword, numberKey(termUnits(keyword))])),
};

/** The covariance read, or null when the message gives none; a term missing is an error at the covariance's first line. */
export function covarianceMatrixOf(read: OdmKeywordsRead): CovarianceMatrix | null {
  const line = read.firstLine(Object.keys(COVARIANCE_MATRIX_KEYS));
  if (line === null) return null;
  const missing = COVARIANCE_KEYWORDS.find((keyword) => !read.has(keyword));
  if (missing) throw new CcsdsParseError(line, `covariance starting at this line lacks ${missing} (all 21 terms are required)`, missing);
  return {
    refFrame: read.optionalText('COV_REF_FRAME'),
    lowerTriangle: COVARIANCE_KEYWORDS.map((keyword) => read.values[keyword] as number),
    line,
  };
}
