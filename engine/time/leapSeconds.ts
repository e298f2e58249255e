// TAI−UTC (ΔAT) table: the only place that knows about leap seconds.
//
// Sources:
//  * 1972-01-01 onwards: IERS Bulletin C, as distributed in the IETF/NIST `leap-seconds.list` (tzdata 2026f,
//    last entry 2017-01-01 TAI−UTC = 37 s, file valid until 2027-06-28). The test suite checks every row of this
//    table against that file (test/fixtures/time/leap-seconds.list).
//  * 1960-01-01 .. 1971-12-31 ("rubber seconds"): the USNO tai-utc.dat expressions
//    ΔAT = offset + (MJD − refMjd) × rate, as tabulated in ERFA `eraDat` (src/dat.c, BSD-3, derived from SOFA).
//    During those years a UTC second was not an SI second; the conversion follows ERFA `eraUtctai`.
//  * Before 1960-01-01 UTC did not exist. Like ERFA/astropy we use ΔAT = 0 there (UTC label = TAI label), which
//    makes a 1.418 s step at 1960-01-01. Nobody operates spacecraft before 1960; the choice is only documented.
//
// To add a leap second: append one row `{ year, month, taiMinusUtcSeconds }` (the first UTC month with the new
// value, always January or July under current IERS practice) and update LEAP_SECONDS_VALID_UNTIL.

export interface TaiUtcEntry {
  /** First UTC calendar month (day 1, 0h) at which this ΔAT expression applies. */
  readonly year: number;
  readonly month: number;
  /** ΔAT = TAI − UTC in SI seconds at `refMjd` (constant from 1972 on). */
  readonly taiMinusUtcSeconds: number;
  /** Pre-1972 only: reference MJD (UTC) and drift rate (s/day) of the rubber-second era. */
  readonly refMjd?: number;
  readonly driftSecondsPerDay?: number;
}

/** ΔAT table, in date order. Append new leap seconds at the end. */
export const TAI_MINUS_UTC_TABLE: readonly TaiUtcEntry[] = [
  // 1960-1971: USNO/ERFA rubber-second expressions.
  { year: 1960, month: 1, taiMinusUtcSeconds: 1.417818, refMjd: 37300, driftSecondsPerDay: 0.001296 },
  { year: 1961, month: 1, taiMinusUtcSeconds: 1.422818, refMjd: 37300, driftSecondsPerDay: 0.001296 },
  { year: 1961, month: 8, taiMinusUtcSeconds: 1.372818, refMjd: 37300, driftSecondsPerDay: 0.001296 },
  { year: 1962, month: 1, taiMinusUtcSeconds: 1.845858, refMjd: 37665, driftSecondsPerDay: 0.0011232 },
  { year: 1963, month: 11, taiMinusUtcSeconds: 1.945858, refMjd: 37665, driftSecondsPerDay: 0.0011232 },
  { year: 1964, month: 1, taiMinusUtcSeconds: 3.24013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1964, month: 4, taiMinusUtcSeconds: 3.34013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1964, month: 9, taiMinusUtcSeconds: 3.44013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1965, month: 1, taiMinusUtcSeconds: 3.54013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1965, month: 3, taiMinusUtcSeconds: 3.64013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1965, month: 7, taiMinusUtcSeconds: 3.74013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1965, month: 9, taiMinusUtcSeconds: 3.84013, refMjd: 38761, driftSecondsPerDay: 0.001296 },
  { year: 1966, month: 1, taiMinusUtcSeconds: 4.31317, refMjd: 39126, driftSecondsPerDay: 0.002592 },
  { year: 1968, month: 2, taiMinusUtcSeconds: 4.21317, refMjd: 39126, driftSecondsPerDay: 0.002592 },
  // 1972 onwards: integral leap seconds (IERS Bulletin C / leap-seconds.list).
  { year: 1972, month: 1, taiMinusUtcSeconds: 10 },
  { year: 1972, month: 7, taiMinusUtcSeconds: 11 },
  { year: 1973, month: 1, taiMinusUtcSeconds: 12 },
  { year: 1974, month: 1, taiMinusUtcSeconds: 13 },
  { year: 1975, month: 1, taiMinusUtcSeconds: 14 },
  { year: 1976, month: 1, taiMinusUtcSeconds: 15 },
  { year: 1977, month: 1, taiMinusUtcSeconds: 16 },
  { year: 1978, month: 1, taiMinusUtcSeconds: 17 },
  { year: 1979, month: 1, taiMinusUtcSeconds: 18 },
  { year: 1980, month: 1, taiMinusUtcSeconds: 19 },
  { year: 1981, month: 7, taiMinusUtcSeconds: 20 },
  { year: 1982, month: 7, taiMinusUtcSeconds: 21 },
  { year: 1983, month: 7, taiMinusUtcSeconds: 22 },
  { year: 1985, month: 7, taiMinusUtcSeconds: 23 },
  { year: 1988, month: 1, taiMinusUtcSeconds: 24 },
  { year: 1990, month: 1, taiMinusUtcSeconds: 25 },
  { year: 1991, month: 1, taiMinusUtcSeconds: 26 },
  { year: 1992, month: 7, taiMinusUtcSeconds: 27 },
  { year: 1993, month: 7, taiMinusUtcSeconds: 28 },
  { year: 1994, month: 7, taiMinusUtcSeconds: 29 },
  { year: 1996, month: 1, taiMinusUtcSeconds: 30 },
  { year: 1997, month: 7, taiMinusUtcSeconds: 31 },
  { year: 1999, month: 1, taiMinusUtcSeconds: 32 },
  { year: 2006, month: 1, taiMinusUtcSeconds: 33 },
  { year: 2009, month: 1, taiMinusUtcSeconds: 34 },
  { year: 2012, month: 7, taiMinusUtcSeconds: 35 },
  { year: 2015, month: 7, taiMinusUtcSeconds: 36 },
  { year: 2017, month: 1, taiMinusUtcSeconds: 37 },
];

/**
 * Expiry of the leap-second information (leap-seconds.list `#@` line, tzdata 2026f): after this UTC date a leap
 * second could have been announced that this table does not know. Informational; conversions keep using 37 s.
 */
export const LEAP_SECONDS_VALID_UNTIL = '2027-06-28';

/** MJD of a Gregorian calendar date (0h), ERFA `eraCal2jd` integer algorithm (valid for year ≥ −4799). */
export function mjdFromCalendarDate(year: number, month: number, day: number): number {
  const my = Math.trunc((month - 14) / 12);
  const iypmy = year + my;
  return (
    Math.trunc((1461 * (iypmy + 4800)) / 4) +
    Math.trunc((367 * (month - 2 - 12 * my)) / 12) -
    Math.trunc((3 * Math.trunc((iypmy + 4900) / 100)) / 4) +
    day -
    2432076
  );
}

interface CompiledEntry {
  readonly startMjd: number;
  readonly offsetSeconds: number;
  readonly refMjd: number;
  readonly rateSecondsPerDay: number;
}

const COMPILED: readonly CompiledEntry[] = TAI_MINUS_UTC_TABLE.map((e) => ({
  startMjd: mjdFromCalendarDate(e.year, e.month, 1),
  offsetSeconds: e.taiMinusUtcSeconds,
  refMjd: e.refMjd ?? 0,
  rateSecondsPerDay: e.driftSecondsPerDay ?? 0,
}));

/** MJD (UTC) of 1972-01-01, start of integral leap seconds. */
export const MJD_1972 = mjdFromCalendarDate(1972, 1, 1);

function entryIndex(utcMjdDay: number): number {
  // Linear scan from the end: the table is short and recent dates are the common case.
  for (let i = COMPILED.length - 1; i >= 0; i--) {
    if (utcMjdDay >= COMPILED[i]!.startMjd) return i;
  }
  return -1;
}

/**
 * TAI − UTC (s) on UTC calendar day `utcMjdDay` at fraction `dayFraction` of that day (the fraction matters only
 * before 1972). Like ERFA `eraDat`, a day that ends with a leap second gets the value *before* the leap second.
 */
export function taiMinusUtcSeconds(utcMjdDay: number, dayFraction = 0): number {
  const i = entryIndex(utcMjdDay);
  if (i < 0) return 0;
  const e = COMPILED[i]!;
  if (e.rateSecondsPerDay === 0) return e.offsetSeconds;
  return e.offsetSeconds + (utcMjdDay + dayFraction - e.refMjd) * e.rateSecondsPerDay;
}

/** What one UTC calendar day looks like, following ERFA `eraDtf2d`/`eraUtctai`. */
export interface UtcDayInfo {
  /** TAI − UTC at 0h of this UTC day (s). */
  readonly taiMinusUtcAtStartSeconds: number;
  /** Rubber-second drift of TAI − UTC over this day (s/day; 0 from 1972). */
  readonly driftSecondsPerDay: number;
  /** Step of TAI − UTC at the end of this day (s): +1 on a leap-second day, 0 normally. */
  readonly leapSeconds: number;
  /** Length of the day in UTC label seconds: 86400 + leapSeconds (86401 on a leap-second day). */
  readonly lengthSeconds: number;
}

export function utcDayInfo(utcMjdDay: number): UtcDayInfo {
  const dat0 = taiMinusUtcSeconds(utcMjdDay, 0);
  const dat12 = taiMinusUtcSeconds(utcMjdDay, 0.5);
  const dat24 = taiMinusUtcSeconds(utcMjdDay + 1, 0);
  const drift = 2 * (dat12 - dat0);
  const leap = dat24 - (dat0 + drift);
  // Post-1972 values are exact integers; keep pre-1972 values as computed (ERFA does the same).
  return {
    taiMinusUtcAtStartSeconds: dat0,
    driftSecondsPerDay: drift,
    leapSeconds: leap,
    lengthSeconds: 86400 + leap,
  };
}

/** UTC days (MJD) that end with a positive leap second, from 1972 on (for tests and listings). */
export function leapSecondDays(): number[] {
  const out: number[] = [];
  for (let i = 1; i < COMPILED.length; i++) {
    const e = COMPILED[i]!;
    if (e.startMjd >= MJD_1972 && e.startMjd > MJD_1972) out.push(e.startMjd - 1);
  }
  return out;
}
