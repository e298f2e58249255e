/**
 * Shared CCSDS definitions: time systems, reference frames, epoch syntax.
 */
import { daysInMonth, isLeapYear, type CalendarFields } from '../../time/epoch.ts';
import { CcsdsParseError, quoteInput } from './errors.ts';

/**
 * Time systems of CCSDS 502.0-B-3 Annex A (SANA "time systems" registry) that ODM/TDM files may name.
 * Only UTC, TAI, TT, TDB, TCG, TCB, GPS and UT1 map onto Apsis time scales; the others (mission-relative MET/MRT,
 * spacecraft clock SCLK, GMST) are read and reported as such so the caller can decide.
 */
export const CCSDS_TIME_SYSTEMS = [
  'GMST', 'GPS', 'MET', 'MRT', 'SCLK', 'TAI', 'TCB', 'TDB', 'TCG', 'TT', 'UT1', 'UTC',
] as const;
export type CcsdsTimeSystem = (typeof CCSDS_TIME_SYSTEMS)[number];

/** Time scales the Apsis epoch type converts between (see engine/time). */
export type ApsisTimeScale = 'UTC' | 'TAI' | 'TT' | 'TDB' | 'TCG' | 'TCB' | 'GPS' | 'UT1';
const APSIS_SCALES = new Set<string>(['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS', 'UT1']);

/** The Apsis time scale of a CCSDS time system, or null for MET/MRT/SCLK/GMST. */
export function timeScaleOf(timeSystem: string): ApsisTimeScale | null {
  return APSIS_SCALES.has(timeSystem) ? (timeSystem as ApsisTimeScale) : null;
}

/** Validate a TIME_SYSTEM value (case-insensitive, normalized to upper case). */
export function parseTimeSystem(value: string, line: number, keyword = 'TIME_SYSTEM'): CcsdsTimeSystem {
  const upper = value.trim().toUpperCase();
  if (!(CCSDS_TIME_SYSTEMS as readonly string[]).includes(upper)) {
    throw new CcsdsParseError(
      line,
      `${keyword} ${quoteInput(value)} is not a CCSDS time system (expected one of ${CCSDS_TIME_SYSTEMS.join(', ')})`,
      keyword,
    );
  }
  return upper as CcsdsTimeSystem;
}

// ---------------------------------------------------------------------------------------------------------------
// Reference frames: CCSDS 502.0-B-3 Annex A.2 (celestial body frames), A.3 (orbit-relative frames) and the SANA
// spacecraft body frames. Names are compared case-insensitively; ITRF realizations may be written ITRF-97,
// ITRF97, ITRF1997, ITRF2000 ...
// ---------------------------------------------------------------------------------------------------------------

const CELESTIAL_FRAMES = new Set([
  'EME2000', 'J2000', 'GCRF', 'GRC', 'GTOD', 'ICRF', 'ITRF', 'MCI', 'TDR', 'TEME', 'TOD', 'MOD', 'EFG', 'ECEF',
  'FIXED_EARTH', 'WGS84', 'TOD_EARTH', 'B1950',
]);
const ORBIT_RELATIVE_FRAMES = new Set([
  'EQW_INERTIAL', 'LVLH_ROTATING', 'LVLH_INERTIAL', 'LVLH', 'NSW_ROTATING', 'NSW_INERTIAL', 'NTW_ROTATING',
  'NTW_INERTIAL', 'PQW_INERTIAL', 'RSW_ROTATING', 'RSW_INERTIAL', 'RSW', 'RIC', 'RTN', 'QSW', 'TNW_ROTATING',
  'TNW_INERTIAL', 'TNW', 'SEZ_ROTATING', 'SEZ_INERTIAL', 'VNC_ROTATING', 'VNC_INERTIAL', 'UVW', 'NTW', 'VNC',
]);
const SPACECRAFT_BODY_FRAME = /^(SC_BODY|ACTUATOR|CSS|DSS|ESA|GYRO_FRAME|GYRO|IMU_FRAME|IMU|INSTRUMENT|MTA|REACTION_WHEEL|RW|SENSOR|STARTRACKER|STAR_TRACKER|TAM|THRUSTER)(_[A-Z0-9]+)?$/;

/**
 * Validate a reference frame name (REF_FRAME, COV_REF_FRAME, TRAJ_REF_FRAME, MAN_REF_FRAME ...) and return it as
 * written (trimmed). Unknown names (e.g. `ZZRF`) are refused at parse time so that the error names the line,
 * rather than later when the frame is used.
 */
export function parseFrame(value: string, line: number, keyword: string): string {
  const name = value.trim();
  const upper = name.toUpperCase();
  const itrf = /^ITRF-?(\d{2}|\d{4})$/.exec(upper);
  if (itrf) {
    const digits = itrf[1]!;
    const year = digits.length === 2 ? (Number(digits) >= 88 ? 1900 : 2000) + Number(digits) : Number(digits);
    if (year >= 1988 && year <= 2100) return name;
  }
  if (CELESTIAL_FRAMES.has(upper) || ORBIT_RELATIVE_FRAMES.has(upper) || SPACECRAFT_BODY_FRAME.test(upper)) return name;
  throw new CcsdsParseError(line, `${keyword}: unknown reference frame ${quoteInput(name)}`, keyword);
}

/** Orbit-relative (local orbital) frame names, e.g. for covariance in RTN/TNW. */
export function isOrbitRelativeFrame(name: string): boolean {
  return ORBIT_RELATIVE_FRAMES.has(name.trim().toUpperCase());
}

/**
 * The metadata every ODM data block names (502.0-B-3 table 3-3, OPM, and table 5-3, OEM segments): the object, the
 * centre and frame of its states, and their time system, as written.
 */
export interface OdmObjectMetadata {
  comments: string[];
  objectName: string;
  objectId: string;
  centerName: string;
  refFrame: string;
  refFrameEpoch: string | null;
  timeSystem: string;
}

/**
 * Keywords of the 21 terms of a 6×6 position/velocity covariance's lower triangle, row by row (502.0-B-3 table 3-4
 * for the OPM; the same names are the elements of the OEM `<covarianceMatrix>` in XML, 505.0-B-2).
 */
export const COVARIANCE_KEYWORDS = [
  'CX_X',
  'CY_X', 'CY_Y',
  'CZ_X', 'CZ_Y', 'CZ_Z',
  'CX_DOT_X', 'CX_DOT_Y', 'CX_DOT_Z', 'CX_DOT_X_DOT',
  'CY_DOT_X', 'CY_DOT_Y', 'CY_DOT_Z', 'CY_DOT_X_DOT', 'CY_DOT_Y_DOT',
  'CZ_DOT_X', 'CZ_DOT_Y', 'CZ_DOT_Z', 'CZ_DOT_X_DOT', 'CZ_DOT_Y_DOT', 'CZ_DOT_Z_DOT',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Epochs: CCSDS 502.0-B-3 §7.5.10 — `YYYY-MM-DDThh:mm:ss[.d…d][Z]` or `YYYY-DDDThh:mm:ss[.d…d][Z]`, any number of
// fractional digits; `23:59:60` only for a leap second.
// ---------------------------------------------------------------------------------------------------------------

const CALENDAR_EPOCH = /^([+-]?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:\.\d*)?)Z?$/;
const ORDINAL_EPOCH = /^([+-]?\d{4,})-(\d{3})T(\d{2}):(\d{2}):(\d{2}(?:\.\d*)?)Z?$/;

/**
 * Parse the syntax of a CCSDS epoch string into calendar fields as written (seconds may carry any number of
 * decimals), or throw `line N: KEY: invalid epoch "…"`.
 * `relativeTimeSystem` (MET/MRT) allows the day-of-year 000 used for elapsed times (`0000-023T02:28:01`).
 */
export function parseEpochFields(text: string, line: number, keyword: string, relativeTimeSystem = false): CalendarFields {
  // (no closure for the failures: this runs for every epoch an OEM writer prints, and a closure per call cost more
  // than the parse itself)
  let year: number;
  let month: number;
  let day: number;
  let hour: number;
  let minute: number;
  let second: number;
  const calendar = CALENDAR_EPOCH.exec(text);
  if (calendar) {
    year = Number(calendar[1]);
    month = Number(calendar[2]);
    day = Number(calendar[3]);
    hour = Number(calendar[4]);
    minute = Number(calendar[5]);
    second = Number(calendar[6]);
    if (month < 1 || month > 12) invalidEpoch(text, line, keyword, 'month out of range');
    const monthDays = daysInMonth(year, month);
    if (day < 1 || day > monthDays) invalidEpoch(text, line, keyword, 'day out of range');
  } else {
    const ordinal = ORDINAL_EPOCH.exec(text);
    if (!ordinal) return invalidEpoch(text, line, keyword, 'expected YYYY-MM-DDThh:mm:ss[.fff] or YYYY-DDDThh:mm:ss[.fff]');
    year = Number(ordinal[1]);
    const dayOfYear = Number(ordinal[2]);
    hour = Number(ordinal[3]);
    minute = Number(ordinal[4]);
    second = Number(ordinal[5]);
    const yearDays = isLeapYear(year) ? 366 : 365;
    if (dayOfYear > yearDays || (dayOfYear < 1 && !relativeTimeSystem)) invalidEpoch(text, line, keyword, 'day of year out of range');
    if (dayOfYear === 0) {
      month = 1;
      day = 0;
    } else {
      let remaining = dayOfYear;
      month = 1;
      for (; month <= 12; month++) {
        const monthDays = daysInMonth(year, month);
        if (remaining <= monthDays) break;
        remaining -= monthDays;
      }
      day = remaining;
    }
  }
  if (hour > 23) invalidEpoch(text, line, keyword, 'hour out of range');
  if (minute > 59) invalidEpoch(text, line, keyword, 'minute out of range');
  if (second >= 61 || (second >= 60 && !(hour === 23 && minute === 59))) invalidEpoch(text, line, keyword, 'second out of range');
  return { year, month, day, hour, minute, second };
}

function invalidEpoch(text: string, line: number, keyword: string, why: string): never {
  throw new CcsdsParseError(line, `${keyword}: invalid epoch ${quoteInput(text)} (${why})`, keyword);
}

/**
 * True when `id` has the international designator form YYYY-NNNP{PP} (COSPAR, e.g. `1998-067A`).
 * CCSDS 502.0-B-3 only *recommends* this form for OBJECT_ID, so readers accept any text and callers may warn.
 */
export function isInternationalDesignator(id: string): boolean {
  return /^\d{4}-\d{3}[A-Z]{1,3}$/.test(id.trim());
}
