/**
 * Two-line element set writer in the NORAD layout (Spacetrack Report #3, Hoots & Roehrich 1980, Appendix;
 * column numbers below are 1-based as in that document and in CelesTrak's "NORAD Two-Line Element Set Format").
 *
 * Line 1                                        Line 2
 *  01     line number "1"                        01     line number "2"
 *  03-07  catalogue number (Alpha-5)             03-07  catalogue number
 *  08     classification                         09-16  inclination, deg, F8.4
 *  10-17  international designator yynnnppp      18-25  RAAN, deg, F8.4
 *  19-32  epoch yyddd.dddddddd (UTC)             27-33  eccentricity, decimal point assumed, 7 digits
 *  34-43  ndot/2, rev/day², " .nnnnnnnn"         35-42  argument of perigee, deg, F8.4
 *  45-52  nddot/6, rev/day³, " nnnnn-e"          44-51  mean anomaly, deg, F8.4
 *  54-61  B*, 1/ER, " nnnnn-e"                   53-63  mean motion, rev/day, F11.8
 *  63     ephemeris type                         64-68  revolution number at epoch
 *  65-68  element set number                     69     checksum
 *  69     checksum
 * Every other column is a blank. Lines are exactly 69 characters, joined by one "\n", with no name line.
 *
 * All rounding goes through Number.prototype.toFixed / toExponential, which round the exact binary value to
 * the nearest decimal (ECMA-262 §21.1.3), so a carry such as 359.99996 → 360.0000 or 9.99999e-5 → 1.0000e-4
 * is seen and handled instead of producing a 9-character angle or a 6-digit mantissa.
 */
import { encodeCatalogNumber, PLACEHOLDER_CATALOG_NUMBER } from './alpha5.ts';
import { roundTleEpoch, tleEpochProblem, type TleEpoch } from './epoch.ts';
import { TleFormatError } from './errors.ts';

/** Element set number we write: 999 marks a locally generated set (Orekit's template default as well). */
export const DEFAULT_ELEMENT_SET_NUMBER = 999;

/** Everything a TLE carries. Angles in degrees, mean motion in revolutions per day (Kozai mean motion). */
export interface TleFields {
  /** NORAD catalogue number; null/undefined → placeholder 99999. Above 339999 → TleCatalogNumberError. */
  readonly catalogNumber?: number | null;
  /** Security classification; we only produce unclassified element sets. */
  readonly classification?: 'U';
  /** COSPAR id `YYYY-NNNP{1,3}` (e.g. `1998-067A`); null/undefined → blank designator. */
  readonly cosparId?: string | null;
  readonly epoch: TleEpoch;
  /** First time derivative of mean motion divided by 2, rev/day² (the value printed in columns 34-43). */
  readonly ndotOver2RevPerDay2?: number;
  /** Second time derivative of mean motion divided by 6, rev/day³ (columns 45-52). */
  readonly nddotOver6RevPerDay3?: number;
  /** SGP4 drag term B*, in inverse Earth radii (1/ER). */
  readonly bstarPerEarthRadius: number;
  /** Ephemeris type; 0 = SGP4/SDP4 as distributed. */
  readonly ephemerisType?: number;
  /** Element set number 0..9999, default {@link DEFAULT_ELEMENT_SET_NUMBER}. */
  readonly elementSetNumber?: number;
  readonly inclinationDeg: number;
  readonly raanDeg: number;
  readonly eccentricity: number;
  readonly argPerigeeDeg: number;
  readonly meanAnomalyDeg: number;
  readonly meanMotionRevPerDay: number;
  /** Revolution number at epoch, 0..99999 (written modulo 100000), default 0 (unknown). */
  readonly revolutionNumberAtEpoch?: number;
}

/** Modulo-10 checksum of the first 68 characters: digits count their value, '-' counts 1, all else 0. */
export function tleChecksum(line: string): number {
  let sum = 0;
  const end = Math.min(line.length, 68);
  for (let i = 0; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) sum += c - 48;
    else if (c === 45) sum += 1;
  }
  return sum % 10;
}

/** International designator field (8 characters, columns 10-17) from a COSPAR id. */
export function formatInternationalDesignator(cosparId: string | null | undefined): string {
  if (cosparId === null || cosparId === undefined || cosparId.trim() === '') return '        ';
  const m = /^(\d{4})-(\d{3})([A-Z]{1,3})$/.exec(cosparId.trim());
  if (!m) throw new TleFormatError('internationalDesignator', `COSPAR id "${cosparId}" is not YYYY-NNNP{1,3}`);
  return (m[1]!.slice(2) + m[2]! + m[3]!).padEnd(8, ' ');
}

/** Epoch field `yyddd.dddddddd` (14 characters); the day fraction is rounded to 1e-8 day (0.864 ms). */
export function formatEpoch(epoch: TleEpoch): string {
  const problem = tleEpochProblem(epoch);
  if (problem) throw new TleFormatError('epoch', problem);
  const rounded = roundTleEpoch(epoch);
  if (rounded.year > 2056) throw new TleFormatError('epoch', 'rounds into 2057, beyond the two-digit year window');
  const text = rounded.dayOfYear.toFixed(8).padStart(12, '0');
  return String(rounded.year % 100).padStart(2, '0') + text;
}

/** Columns 34-43: ndot/2 as sign + ".nnnnnnnn" (magnitude must round below 1). */
export function formatNdotOver2(valueRevPerDay2: number): string {
  if (!Number.isFinite(valueRevPerDay2)) throw new TleFormatError('ndotOver2', 'not a finite number');
  const text = Math.abs(valueRevPerDay2).toFixed(8);
  if (!text.startsWith('0.')) throw new TleFormatError('ndotOver2', `|${valueRevPerDay2}| rev/day² does not fit ±.nnnnnnnn`);
  const negative = valueRevPerDay2 < 0 && text !== '0.00000000';
  return (negative ? '-' : ' ') + text.slice(1);
}

/**
 * Decimal-point-assumed exponential field, 8 characters: sign (' ' or '-'), five mantissa digits m with the
 * value = 0.m × 10^e, exponent sign and one digit. Zero (and anything that rounds to 0 at e = -9) is
 * " 00000-0", as Orekit and the 18 SDS write it. |value| ≥ 0.999995e9 cannot be written.
 */
export function formatExponentField(value: number, field = 'exponentField'): string {
  if (!Number.isFinite(value)) throw new TleFormatError(field, 'not a finite number');
  const magnitude = Math.abs(value);
  if (magnitude === 0) return ' 00000-0';
  // toExponential(4) = d.dddd e±x with exact decimal rounding; 0.ddddd × 10^(x+1) is the TLE form,
  // and any carry (9.99999e-5 → 1.0000e-4) is already folded into the exponent.
  const [digits, exponentText] = magnitude.toExponential(4).split('e') as [string, string];
  let mantissa = digits.replace('.', '');
  let exponent = Number(exponentText) + 1;
  if (exponent < -9) {
    // Re-round to the fixed resolution 0.00001e-9 = 1e-14: tiny values become zero or e-9 with leading zeros.
    const units = Math.round(magnitude / 1e-14);
    if (units === 0) return ' 00000-0';
    mantissa = String(units).padStart(5, '0');
    exponent = -9;
  }
  if (exponent > 9) throw new TleFormatError(field, `|${value}| exceeds the 0.99999e9 range of the field`);
  const sign = value < 0 ? '-' : ' ';
  return sign + mantissa + (exponent < 0 ? '-' : '+') + String(Math.abs(exponent));
}

/** Angle in [0, 360) as F8.4; a value that rounds to 360.0000 is written 0.0000. */
export function formatAngleDeg(angleDeg: number, field: string): string {
  if (!Number.isFinite(angleDeg)) throw new TleFormatError(field, 'not a finite number');
  let wrapped = angleDeg % 360;
  if (wrapped < 0) wrapped += 360;
  let text = wrapped.toFixed(4);
  if (text === '360.0000') text = '0.0000';
  return text.padStart(8, ' ');
}

/** Inclination in [0, 180] as F8.4 (not wrapped: 180° is a legitimate value, 181° is not). */
function formatInclinationDeg(inclinationDeg: number): string {
  if (!Number.isFinite(inclinationDeg) || inclinationDeg < 0 || inclinationDeg > 180) {
    throw new TleFormatError('inclination', `${inclinationDeg}° outside [0, 180]`);
  }
  return inclinationDeg.toFixed(4).padStart(8, ' ');
}

/** Eccentricity as 7 digits with the leading "0." dropped; must round below 1. */
export function formatEccentricity(eccentricity: number): string {
  if (!Number.isFinite(eccentricity) || eccentricity < 0) {
    throw new TleFormatError('eccentricity', `${eccentricity} is not in [0, 1)`);
  }
  const text = eccentricity.toFixed(7);
  if (!text.startsWith('0.')) throw new TleFormatError('eccentricity', `${eccentricity} rounds to 1 or more`);
  return text.slice(2);
}

/** Mean motion F11.8 in rev/day (0 < n < 100). */
export function formatMeanMotion(meanMotionRevPerDay: number): string {
  if (!Number.isFinite(meanMotionRevPerDay) || meanMotionRevPerDay <= 0) {
    throw new TleFormatError('meanMotion', `${meanMotionRevPerDay} rev/day is not positive`);
  }
  const text = meanMotionRevPerDay.toFixed(8);
  if (text.length > 11) throw new TleFormatError('meanMotion', `${meanMotionRevPerDay} rev/day does not fit F11.8`);
  return text.padStart(11, ' ');
}

function integerField(value: number, width: number, field: string, wrap: boolean): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new TleFormatError(field, `${value} is not a non-negative integer`);
  const limit = 10 ** width;
  if (value >= limit && !wrap) throw new TleFormatError(field, `${value} has more than ${width} digits`);
  return String(value % limit).padStart(width, ' ');
}

/** Append the checksum to a 68-character line. */
function withChecksum(body: string): string {
  if (body.length !== 68) throw new Error(`internal: TLE line body has ${body.length} characters, expected 68`);
  return body + String(tleChecksum(body));
}

/** The two lines, each 69 characters, as a tuple. */
export function formatTleLines(fields: TleFields): [string, string] {
  const catalog = encodeCatalogNumber(fields.catalogNumber ?? PLACEHOLDER_CATALOG_NUMBER);
  const classification = fields.classification ?? 'U';
  if (classification !== 'U') throw new TleFormatError('classification', 'only U (unclassified) is produced');
  const ephemerisType = fields.ephemerisType ?? 0;
  if (!Number.isInteger(ephemerisType) || ephemerisType < 0 || ephemerisType > 9) {
    throw new TleFormatError('ephemerisType', `${ephemerisType} is not a single digit`);
  }
  const line1 =
    '1 ' +
    catalog +
    classification +
    ' ' +
    formatInternationalDesignator(fields.cosparId) +
    ' ' +
    formatEpoch(fields.epoch) +
    ' ' +
    formatNdotOver2(fields.ndotOver2RevPerDay2 ?? 0) +
    ' ' +
    formatExponentField(fields.nddotOver6RevPerDay3 ?? 0, 'nddotOver6') +
    ' ' +
    formatExponentField(fields.bstarPerEarthRadius, 'bstar') +
    ' ' +
    String(ephemerisType) +
    ' ' +
    integerField(fields.elementSetNumber ?? DEFAULT_ELEMENT_SET_NUMBER, 4, 'elementSetNumber', false);
  const line2 =
    '2 ' +
    catalog +
    ' ' +
    formatInclinationDeg(fields.inclinationDeg) +
    ' ' +
    formatAngleDeg(fields.raanDeg, 'raan') +
    ' ' +
    formatEccentricity(fields.eccentricity) +
    ' ' +
    formatAngleDeg(fields.argPerigeeDeg, 'argPerigee') +
    ' ' +
    formatAngleDeg(fields.meanAnomalyDeg, 'meanAnomaly') +
    ' ' +
    formatMeanMotion(fields.meanMotionRevPerDay) +
    integerField(fields.revolutionNumberAtEpoch ?? 0, 5, 'revolutionNumberAtEpoch', true);
  return [withChecksum(line1), withChecksum(line2)];
}

/** The TLE text: line 1, one "\n", line 2 (no name line, no trailing newline). */
export function formatTle(fields: TleFields): string {
  const [line1, line2] = formatTleLines(fields);
  return `${line1}\n${line2}`;
}
