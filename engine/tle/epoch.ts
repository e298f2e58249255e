/**
 * TLE epochs as plain numbers: a UTC year and a fractional day of year (1.0 = 1 January 00:00 UTC), the form
 * of the `yyddd.dddddddd` field. SGP4 counts time from this label in UTC days, ignoring leap seconds between
 * epoch and target (Vallado et al. 2006, "Revisiting Spacetrack Report #3", §"Time"), so no TAI conversion
 * is involved here.
 */
import { calendarDateFromMjd, isLeapYear } from '../time/epoch.ts';
import { mjdFromCalendarDate } from '../time/leapSeconds.ts';

export interface TleEpoch {
  /** Four-digit UTC year (1957..2056: the two-digit field maps 57–99 → 19xx, 00–56 → 20xx). */
  readonly year: number;
  /** Fractional day of year in UTC, 1.0 ≤ dayOfYear < daysInYear + 1. */
  readonly dayOfYear: number;
}

/** Resolution of the TLE epoch field: 8 decimals of a day (0.864 ms). */
export const TLE_EPOCH_RESOLUTION_DAYS = 1e-8;

export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

/** MJD of 1970-01-01, the origin of the day counts below. */
const MJD_UNIX_EPOCH = 40587;

/** Days from 1970-01-01 to year-month-day (proleptic Gregorian, engine/time's calendar). */
function daysFromCivil(year: number, month: number, day: number): number {
  return mjdFromCalendarDate(year, month, day) - MJD_UNIX_EPOCH;
}

/** Year containing the given day count since 1970-01-01. */
function yearFromDays(days: number): number {
  return calendarDateFromMjd(days + MJD_UNIX_EPOCH).year;
}

const JD_UNIX_EPOCH = 2440587.5;

/**
 * TLE epoch from a two-part UTC Julian date (jd1 + jd2, any split). The day fraction is formed from the
 * smaller part so that sub-microsecond resolution survives (a single double JD only resolves ~40 µs).
 */
export function tleEpochFromJulianDate(jdUtc1: number, jdUtc2: number): TleEpoch {
  const big = Math.abs(jdUtc1) >= Math.abs(jdUtc2) ? jdUtc1 : jdUtc2;
  const small = big === jdUtc1 ? jdUtc2 : jdUtc1;
  // Whole days since 1970-01-01 00:00 and the fraction, combining parts without losing the small one.
  const bigDays = big - JD_UNIX_EPOCH;
  const whole = Math.floor(bigDays);
  let fraction = bigDays - whole + small;
  const carry = Math.floor(fraction);
  fraction -= carry;
  const days = whole + carry;
  const year = yearFromDays(days);
  const dayOfYear = days - daysFromCivil(year, 1, 1) + 1 + fraction;
  return { year, dayOfYear };
}

/** Milliseconds since 1970-01-01 UTC (ignoring leap seconds, as SGP4's clock does) of a TLE epoch. */
export function tleEpochToUnixMs(epoch: TleEpoch): number {
  return (daysFromCivil(epoch.year, 1, 1) + epoch.dayOfYear - 1) * 86400000;
}

/**
 * The epoch as the TLE text will carry it: day fraction rounded to 1e-8 day, rolled into the next year when
 * rounding reaches the end of the year. Fit at this epoch (after propagating the state to it) when the text
 * must reproduce the state exactly; a requested epoch off this grid is up to 0.432 ms away from its label.
 */
export function roundTleEpoch(epoch: TleEpoch): TleEpoch {
  const units = Math.round((epoch.dayOfYear - 1) * 1e8); // 1e-8 day units since 1 January 00:00
  const yearUnits = daysInYear(epoch.year) * 1e8;
  if (units >= yearUnits) return { year: epoch.year + 1, dayOfYear: 1 + (units - yearUnits) / 1e8 };
  return { year: epoch.year, dayOfYear: 1 + units / 1e8 };
}

/** Validate a TLE epoch; returns a message or null. */
export function tleEpochProblem(epoch: TleEpoch): string | null {
  if (!Number.isInteger(epoch.year) || epoch.year < 1957 || epoch.year > 2056) {
    return `year ${epoch.year} outside 1957..2056 (the two-digit TLE year covers only that window)`;
  }
  if (!Number.isFinite(epoch.dayOfYear) || epoch.dayOfYear < 1 || epoch.dayOfYear >= daysInYear(epoch.year) + 1) {
    return `day of year ${epoch.dayOfYear} outside [1, ${daysInYear(epoch.year) + 1})`;
  }
  return null;
}

/** The part of engine/time's Epoch that a TLE needs (structural, so the TLE core keeps plain numbers). */
export interface UtcDayOfYearSource {
  year(scale: 'UTC'): number;
  dayOfYear(scale: 'UTC'): number;
}

/** TLE epoch from an Epoch (engine/time): UTC calendar year and fractional day of year. */
export function tleEpochFromEpoch(epoch: UtcDayOfYearSource): TleEpoch {
  return { year: epoch.year('UTC'), dayOfYear: epoch.dayOfYear('UTC') };
}

/**
 * The epoch label as ISO-8601 UTC with microseconds and no zone letter (`2023-02-14T00:02:00.145248`), days of
 * 86400 s as SGP4 counts them. On the 1e-8-day grid of the TLE field (864 µs) the text is exact.
 */
export function tleEpochToUtcString(epoch: TleEpoch): string {
  const totalMicroseconds = Math.round((epoch.dayOfYear - 1) * 86400e6);
  const dayMicroseconds = 86400e6;
  const wholeDays = Math.floor(totalMicroseconds / dayMicroseconds);
  let rest = totalMicroseconds - wholeDays * dayMicroseconds;
  const { year, month, day } = calendarDateFromMjd(mjdFromCalendarDate(epoch.year, 1, 1) + wholeDays);
  const hour = Math.floor(rest / 3600e6);
  rest -= hour * 3600e6;
  const minute = Math.floor(rest / 60e6);
  rest -= minute * 60e6;
  const second = Math.floor(rest / 1e6);
  const micro = rest - second * 1e6;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}.${String(micro).padStart(6, '0')}`;
}
