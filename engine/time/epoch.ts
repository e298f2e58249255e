// Immutable epoch with sub-nanosecond resolution, and conversions between UTC, TAI, TT, TDB, TCG, TCB, GPS, UT1.
//
// Representation: the TAI calendar day as an integer MJD (`taiDay`) plus the TAI seconds of that day
// (`taiSeconds`, a double in [0, 86400)). A double below 86400 has a spacing of at most 1.5e-11 s, so the
// resolution is ~15 ps at any date; nothing depends on JS Date or on float seconds since 1970.
//
// Every other scale is handled as a *label*: (MJD day, seconds of day) read on that scale's own clock.
//   TT  = TAI + 32.184 s                                 (IAU 1991 / IERS Conventions 2010 §10.1)
//   GPS = TAI − 19 s                                     (IS-GPS-200; GPS week 0 starts 1980-01-06T00:00:00 GPS)
//   TDB = TT + (TDB−TT)(Fairhead & Bretagnon)            (ERFA eraTttdb/eraDtdb at the geocentre, see tdb.ts)
//   TCG = TT + (TT − T0)·LG/(1−LG)                       (IAU 2000 B1.9; ERFA eraTttcg)
//   TCB = TDB − TDB0 + (TDB − TDB0 − T0)·LB/(1−LB)       (IAU 2006 B3; ERFA eraTdbtcb)
//     with LG = 6.969290134e-10, LB = 1.550519768e-8, TDB0 = −6.55e-5 s, T0 = 1977-01-01T00:00:32.184 TT
//     (JD 2443144.5003725).
//   UTC = TAI − ΔAT (leapSeconds.ts). A leap second is the label 23:59:60.x; Julian dates in UTC follow the ERFA
//     "quasi-JD" convention (a leap-second day is 86401 s long in the fraction).
//   UT1 = UTC + (UT1−UTC) from EOP; the caller supplies dut1Seconds (engine/frames/eop.ts computes it). Inside a
//     leap second UT1 is continuous: label = UTC label seconds (running to 86400.x) + dut1 (ERFA eraUtcut1).
import { SECONDS_PER_DAY } from '../constants.ts';
import { mjdFromCalendarDate, taiMinusUtcSeconds, utcDayInfo } from './leapSeconds.ts';
import { tdbMinusTtSeconds } from './tdb.ts';

export type TimeScale = 'UTC' | 'TAI' | 'TT' | 'TDB' | 'TCG' | 'TCB' | 'GPS' | 'UT1';
export const TIME_SCALES: readonly TimeScale[] = ['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS', 'UT1'];

export function isTimeScale(value: string): value is TimeScale {
  return (TIME_SCALES as readonly string[]).includes(value);
}

/** Thrown for text that is not a valid epoch; the message says why. */
export class EpochParseError extends Error {
  readonly input: string;
  constructor(input: string, reason: string) {
    super(`invalid epoch '${input}': ${reason}`);
    this.name = 'EpochParseError';
    this.input = input;
  }
}

/** UT1−UTC source: a constant (s) or a function of the (UTC) epoch, e.g. `(e) => eop.at(e).dut1Seconds`. */
export type Dut1Source = number | ((epoch: Epoch) => number);

export const TT_MINUS_TAI_SECONDS = 32.184;
export const GPS_MINUS_TAI_SECONDS = -19;
/** JD − MJD. */
export const MJD_ZERO_JD = 2400000.5;
/** IAU 2000 B1.9: 1 − d(TT)/d(TCG). */
export const LG = 6.969290134e-10;
/** IAU 2006 B3: 1 − d(TDB)/d(TCB). */
export const LB = 1.550519768e-8;
/** IAU 2006 B3: TDB − TCB at T0 (s). */
export const TDB0_SECONDS = -6.55e-5;
/** T0 = 1977-01-01T00:00:32.184 TT = JD 2443144.5003725 (TT), as MJD day + seconds. */
const T0_MJD_DAY = 43144;
const T0_SECONDS = 32.184;
/** GPS week 0 starts at MJD 44244 (1980-01-06) 00:00:00 GPS. */
const GPS_EPOCH_MJD_DAY = 44244;
/** J2000.0 = JD 2451545.0 TT = MJD 51544.5. */
const J2000_MJD_DAY = 51544;
const J2000_SECONDS = 43200;

/** A (MJD day, seconds of day) pair read on one scale's clock. */
interface Label {
  day: number;
  seconds: number;
}

function normalize(day: number, seconds: number): Label {
  if (seconds >= 0 && seconds < SECONDS_PER_DAY) return { day, seconds };
  const k = Math.floor(seconds / SECONDS_PER_DAY);
  let d = day + k;
  let s = seconds - k * SECONDS_PER_DAY;
  // Guard the rounding edge cases (e.g. −1e-20 → 86400 after the subtraction).
  if (s >= SECONDS_PER_DAY) {
    s -= SECONDS_PER_DAY;
    d += 1;
  } else if (s < 0) {
    s += SECONDS_PER_DAY;
    d -= 1;
  }
  return { day: d, seconds: s };
}

/** Gregorian calendar date of an integer MJD (Fliegel & Van Flandern 1968, as in ERFA eraJd2cal). */
export function calendarDateFromMjd(mjdDay: number): { year: number; month: number; day: number } {
  let l = mjdDay + 2400001 + 68569;
  const n = Math.floor((4 * l) / 146097);
  l -= Math.floor((146097 * n + 3) / 4);
  const i = Math.floor((4000 * (l + 1)) / 1461001);
  l -= Math.floor((1461 * i) / 4) - 31;
  const k = Math.floor((80 * l) / 2447);
  const day = l - Math.floor((2447 * k) / 80);
  l = Math.floor(k / 11);
  const month = k + 2 - 12 * l;
  const year = 100 * (n - 49) + i + l;
  return { year, month, day };
}

/** YYYY-MM-DD of the calendar day holding a (fractional) MJD. */
export function isoDateFromMjd(mjd: number): string {
  const { year, month, day } = calendarDateFromMjd(Math.floor(mjd));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  // one table, not an array per call (every epoch printed or parsed asks)
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Seconds from T0 (1977-01-01T00:00:32.184) of a TT- or TDB-like label. */
function secondsSinceT0(l: Label): number {
  return (l.day - T0_MJD_DAY) * SECONDS_PER_DAY + (l.seconds - T0_SECONDS);
}

function tdbMinusTtAt(l: Label): number {
  return tdbMinusTtSeconds(l.day + 2400001, l.seconds / SECONDS_PER_DAY - 0.5);
}

// ---- UTC ⇄ TAI (ERFA eraUtctai / eraTaiutc, generalised to rubber seconds and leap days) ----

function utcLabelToTai(day: number, seconds: number): Label {
  const info = utcDayInfo(day);
  return normalize(day, info.taiMinusUtcAtStartSeconds + seconds * (1 + info.driftSecondsPerDay / SECONDS_PER_DAY));
}

function taiToUtcLabel(taiDay: number, taiSeconds: number): Label {
  // The UTC day that contains this instant is the TAI day or the one before (ΔAT is positive since 1960).
  let day = taiDay;
  for (let iter = 0; iter < 4; iter++) {
    const info = utcDayInfo(day);
    const s =
      ((taiDay - day) * SECONDS_PER_DAY + taiSeconds - info.taiMinusUtcAtStartSeconds) /
      (1 + info.driftSecondsPerDay / SECONDS_PER_DAY);
    if (s < 0) {
      day -= 1;
      continue;
    }
    if (s >= info.lengthSeconds) {
      day += 1;
      continue;
    }
    return { day, seconds: s };
  }
  /* c8 ignore next */
  throw new Error(`UTC conversion did not converge at TAI MJD ${taiDay} + ${taiSeconds} s`);
}

/** Move a UTC label by `deltaSeconds` within/over UTC days of varying length (used for UT1 ⇄ UTC). */
function shiftUtcLabel(day: number, seconds: number, deltaSeconds: number): Label {
  let d = day;
  let s = seconds + deltaSeconds;
  while (s < 0) {
    d -= 1;
    s += utcDayInfo(d).lengthSeconds;
  }
  for (let len = utcDayInfo(d).lengthSeconds; s >= len; len = utcDayInfo(d).lengthSeconds) {
    s -= len;
    d += 1;
  }
  return { day: d, seconds: s };
}

function resolveDut1(source: Dut1Source | undefined, utc: () => Epoch, scale: TimeScale): number {
  if (source === undefined) {
    throw new Error(`time scale ${scale} needs UT1−UTC from EOP: pass dut1Seconds (e.g. eopTable.at(epoch).dut1Seconds)`);
  }
  return typeof source === 'number' ? source : source(utc());
}

export interface CalendarFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Seconds with fraction; 60 ≤ second < 61 inside a UTC leap second. */
  second: number;
}

export interface JulianDate {
  /** Whole (integer) part: JD of the noon that starts the day's half, ERFA/astropy style. */
  jd1: number;
  /** Fraction in [−0.5, 0.5) (for UTC the leap-second day is stretched, ERFA quasi-JD). */
  jd2: number;
}

const ISO_RE =
  /^(\d{4})-(?:(\d{2})-(\d{2})|(\d{3}))(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

interface ParsedText {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  wholeSecond: number;
  fraction: number; // [0, 1)
  zoneOffsetMinutes: number | null; // null = no zone designator
}

function parseText(text: string): ParsedText {
  if (typeof text !== 'string') throw new EpochParseError(String(text), 'not a string');
  const trimmed = text.trim();
  const m = ISO_RE.exec(trimmed);
  if (!m) {
    throw new EpochParseError(
      text,
      'expected YYYY-MM-DDThh:mm:ss[.f][Z|±hh:mm] or YYYY-DDDThh:mm:ss[.f] (ISO-8601 / CCSDS ASCII time code)',
    );
  }
  const year = Number(m[1]);
  let month: number;
  let day: number;
  if (m[4] !== undefined) {
    const doy = Number(m[4]);
    const ndays = isLeapYear(year) ? 366 : 365;
    if (doy < 1 || doy > ndays) {
      throw new EpochParseError(text, `day of year ${m[4]} is out of range 001-${ndays} for ${year}`);
    }
    let rest = doy;
    month = 1;
    while (rest > daysInMonth(year, month)) rest -= daysInMonth(year, month++);
    day = rest;
  } else {
    month = Number(m[2]);
    day = Number(m[3]);
    if (month < 1 || month > 12) throw new EpochParseError(text, `month ${m[2]} is out of range 01-12`);
    const dim = daysInMonth(year, month);
    if (day < 1 || day > dim) {
      throw new EpochParseError(text, `day ${m[3]} is out of range 01-${dim} for ${year}-${pad(month, 2)}`);
    }
  }
  const hour = m[5] === undefined ? 0 : Number(m[5]);
  const minute = m[6] === undefined ? 0 : Number(m[6]);
  const wholeSecond = m[7] === undefined ? 0 : Number(m[7]);
  const fraction = m[8] === undefined ? 0 : Number(`0.${m[8]}`);
  if (hour > 24) throw new EpochParseError(text, `hour ${m[5]} is out of range 00-23`);
  if (minute > 59) throw new EpochParseError(text, `minute ${m[6]} is out of range 00-59`);
  if (wholeSecond > 60) throw new EpochParseError(text, `second ${m[7]} is out of range 00-59 (60 only in a leap second)`);
  if (hour === 24 && (minute !== 0 || wholeSecond !== 0 || fraction !== 0)) {
    throw new EpochParseError(text, 'hour 24 is only allowed as 24:00:00 (end of day)');
  }
  let zoneOffsetMinutes: number | null = null;
  if (m[9] !== undefined) zoneOffsetMinutes = 0;
  else if (m[10] !== undefined) {
    const oh = Number(m[11]);
    const om = m[12] === undefined ? 0 : Number(m[12]);
    if (oh > 23 || om > 59) throw new EpochParseError(text, `UTC offset ${m[10]}${m[11]}:${m[12] ?? '00'} is out of range`);
    zoneOffsetMinutes = (m[10] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { year, month, day, hour, minute, wholeSecond, fraction, zoneOffsetMinutes };
}

export class Epoch {
  /** TAI calendar day as an integer MJD. */
  readonly taiDay: number;
  /** TAI seconds of that day, in [0, 86400). */
  readonly taiSeconds: number;

  private constructor(taiDay: number, taiSeconds: number) {
    this.taiDay = taiDay;
    this.taiSeconds = taiSeconds;
    Object.freeze(this);
  }

  // ---------------------------------------------------------------- construction

  /** From a TAI day (MJD, need not be integral) and seconds (any value); normalised. */
  static fromTai(mjdDay: number, seconds = 0): Epoch {
    if (!Number.isFinite(mjdDay) || !Number.isFinite(seconds)) throw new RangeError('Epoch.fromTai: non-finite input');
    const whole = Math.floor(mjdDay);
    const n = normalize(whole, seconds + (mjdDay - whole) * SECONDS_PER_DAY);
    return new Epoch(n.day, n.seconds);
  }

  /** Rebuild from plain data (e.g. after crossing a worker boundary): `{ taiDay, taiSeconds }`. */
  static fromJSON(data: { taiDay: number; taiSeconds: number } | string): Epoch {
    if (typeof data === 'string') return Epoch.parse(data);
    return Epoch.fromTai(data.taiDay, data.taiSeconds);
  }

  /** J2000.0 = 2000-01-01T12:00:00 TT. */
  static readonly J2000: Epoch = Epoch.fromLabel('TT', J2000_MJD_DAY, J2000_SECONDS);

  /** From a (MJD day, seconds-of-day) label read in `scale`. UT1 needs `dut1` (UT1−UTC). */
  static fromLabel(scale: TimeScale, mjdDay: number, seconds: number, dut1?: Dut1Source): Epoch {
    let l: Label;
    switch (scale) {
      case 'TAI':
        l = normalize(mjdDay, seconds);
        break;
      case 'TT':
        l = normalize(mjdDay, seconds - TT_MINUS_TAI_SECONDS);
        break;
      case 'GPS':
        l = normalize(mjdDay, seconds - GPS_MINUS_TAI_SECONDS);
        break;
      case 'TDB': {
        // TT = TDB − dtdb(TT); dtdb is evaluated at TDB first, then refined once at the TT estimate
        // (d(dtdb)/dt ≈ 3e-10, so the second pass changes the result by < 1e-12 s).
        const tdb = normalize(mjdDay, seconds);
        let tt = normalize(tdb.day, tdb.seconds - tdbMinusTtAt(tdb));
        tt = normalize(tdb.day, tdb.seconds - tdbMinusTtAt(tt));
        l = normalize(tt.day, tt.seconds - TT_MINUS_TAI_SECONDS);
        break;
      }
      case 'TCG': {
        // ERFA eraTcgtt: TT = TCG − LG·(TCG − T0).
        const tcg = normalize(mjdDay, seconds);
        l = normalize(tcg.day, tcg.seconds - LG * secondsSinceT0(tcg) - TT_MINUS_TAI_SECONDS);
        break;
      }
      case 'TCB': {
        // ERFA eraTcbtdb: TDB = TCB − LB·(TCB − T0) + TDB0.
        const tcb = normalize(mjdDay, seconds);
        const tdb = normalize(tcb.day, tcb.seconds - LB * secondsSinceT0(tcb) + TDB0_SECONDS);
        return Epoch.fromLabel('TDB', tdb.day, tdb.seconds);
      }
      case 'UTC': {
        const n = Number.isInteger(mjdDay) ? { day: mjdDay, seconds } : normalize(Math.floor(mjdDay), seconds + (mjdDay - Math.floor(mjdDay)) * SECONDS_PER_DAY);
        l = utcLabelToTai(n.day, n.seconds);
        break;
      }
      case 'UT1': {
        // UTC label ≈ UT1 label − dut1; dut1 is looked up at that UTC estimate and the shift redone once.
        const ut1 = normalize(mjdDay, seconds);
        const first = resolveDut1(dut1, () => Epoch.fromLabel('UTC', ut1.day, ut1.seconds), scale);
        let utc = shiftUtcLabel(ut1.day, ut1.seconds, -first);
        if (typeof dut1 === 'function') {
          const second = dut1(Epoch.fromLabel('UTC', utc.day, utc.seconds));
          utc = shiftUtcLabel(ut1.day, ut1.seconds, -second);
        }
        l = utcLabelToTai(utc.day, utc.seconds);
        break;
      }
    }
    return new Epoch(l.day, l.seconds);
  }

  /** Calendar constructor; `second` may carry a fraction (and be 60.x inside a UTC leap second). */
  static fromCalendar(
    year: number,
    month: number,
    day: number,
    hour = 0,
    minute = 0,
    second = 0,
    scale: TimeScale = 'UTC',
    dut1?: Dut1Source,
  ): Epoch {
    for (const [v, name] of [[year, 'year'], [month, 'month'], [day, 'day'], [hour, 'hour'], [minute, 'minute']] as const) {
      if (!Number.isInteger(v)) throw new RangeError(`Epoch.fromCalendar: ${name} must be an integer, got ${v}`);
    }
    if (month < 1 || month > 12) throw new RangeError(`Epoch.fromCalendar: month ${month} out of range 1-12`);
    if (day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Epoch.fromCalendar: day ${day} out of range for ${year}-${month}`);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) throw new RangeError('Epoch.fromCalendar: hour/minute out of range');
    if (!(second >= 0 && second < 61)) throw new RangeError(`Epoch.fromCalendar: second ${second} out of range`);
    const mjd = mjdFromCalendarDate(year, month, day);
    if (second >= 60) {
      const leap = scale === 'UTC' ? utcDayInfo(mjd).leapSeconds : 0;
      if (!(hour === 23 && minute === 59 && second < 60 + leap)) {
        throw new RangeError(`Epoch.fromCalendar: second ${second} is only valid inside a UTC leap second`);
      }
    }
    return Epoch.fromLabel(scale, mjd, hour * 3600 + minute * 60 + second, dut1);
  }

  /** From a two-part Julian date in `scale` (UTC: ERFA quasi-JD convention). */
  static fromJulianDate(jd1: number, jd2: number, scale: TimeScale = 'TT', dut1?: Dut1Source): Epoch {
    if (!Number.isFinite(jd1) || !Number.isFinite(jd2)) throw new RangeError('Epoch.fromJulianDate: non-finite input');
    // Split each part into whole MJD days and a fraction without adding the two large numbers together.
    const m1 = jd1 - MJD_ZERO_JD;
    const a = Math.floor(m1);
    const b = Math.floor(jd2);
    let f = m1 - a + (jd2 - b);
    let day = a + b;
    const c = Math.floor(f);
    day += c;
    f -= c;
    if (scale === 'UTC') return Epoch.fromLabel('UTC', day, f * utcDayInfo(day).lengthSeconds);
    return Epoch.fromLabel(scale, day, f * SECONDS_PER_DAY, dut1);
  }

  /** From a Modified Julian Date in `scale` (one double: ~1 µs resolution; prefer fromLabel for more). */
  static fromMjd(mjd: number, scale: TimeScale = 'UTC', dut1?: Dut1Source): Epoch {
    return Epoch.fromJulianDate(MJD_ZERO_JD, mjd, scale, dut1);
  }

  /** From GPS week number (from 1980-01-06, no rollover) and seconds of week. */
  static fromGpsWeek(week: number, secondsOfWeek: number): Epoch {
    return Epoch.fromLabel('GPS', GPS_EPOCH_MJD_DAY + 7 * week, secondsOfWeek);
  }

  /**
   * Parse ISO-8601 / CCSDS ASCII time code A and B (day of year) text: `YYYY-MM-DDThh:mm:ss[.f…]`,
   * `YYYY-DDDThh:mm:ss[.f…]`, optionally `Z` or a numeric offset (`+05:30`, `-0800`, `+05`). A date alone means 0h;
   * `hh:mm` without seconds is accepted; `24:00:00` means the next midnight. Text without zone is a label in
   * `scale`; text with a zone is UTC-based and only allowed when `scale` is UTC. `23:59:60.x` is accepted only
   * inside a real UTC leap second. UT1 needs `dut1`.
   */
  static parse(text: string, scale: TimeScale = 'UTC', dut1?: Dut1Source): Epoch {
    const p = parseText(text);
    if (p.zoneOffsetMinutes !== null && scale !== 'UTC') {
      throw new EpochParseError(text, `a UTC designator or offset is only allowed for UTC, but the time scale is ${scale}`);
    }
    if (!isTimeScale(scale)) throw new EpochParseError(text, `unknown time scale ${String(scale)}`);
    let day = mjdFromCalendarDate(p.year, p.month, p.day);
    // Minute of day after removing the zone offset; the seconds field is kept apart (it may be 60).
    let minuteOfDay = p.hour * 60 + p.minute - (p.zoneOffsetMinutes ?? 0);
    const dayShift = Math.floor(minuteOfDay / 1440);
    day += dayShift;
    minuteOfDay -= dayShift * 1440;
    const second = p.wholeSecond + p.fraction;
    if (p.wholeSecond === 60) {
      if (scale !== 'UTC') throw new EpochParseError(text, `second 60 exists only in UTC (leap second), not in ${scale}`);
      if (minuteOfDay !== 1439) throw new EpochParseError(text, 'second 60 is only valid at 23:59 UTC (leap second)');
    }
    if (scale === 'UTC' && minuteOfDay === 1439) {
      // Last minute of a UTC day lasts 60 + ΔAT step seconds: 61 before a leap second (ERFA eraDtf2d "seclim").
      const leap = utcDayInfo(day).leapSeconds;
      if (second >= 60 + leap) {
        const d = calendarDateFromMjd(day);
        throw new EpochParseError(
          text,
          leap > 0.5
            ? `second ${second} is beyond the end of the leap second of ${d.year}-${pad(d.month, 2)}-${pad(d.day, 2)}`
            : `${d.year}-${pad(d.month, 2)}-${pad(d.day, 2)} has no leap second, so 23:59:60 does not exist`,
        );
      }
    }
    return Epoch.fromLabel(scale, day, minuteOfDay * 60 + second, dut1);
  }

  /** Like parse, but returns null instead of throwing. */
  static tryParse(text: string, scale: TimeScale = 'UTC'): Epoch | null {
    try {
      return Epoch.parse(text, scale);
    } catch {
      return null;
    }
  }

  /** True when the text carries `Z` or a numeric UTC offset (an "ISO instant with time zone"). */
  static hasExplicitZone(text: string): boolean {
    const m = ISO_RE.exec(typeof text === 'string' ? text.trim() : '');
    return m !== null && (m[9] !== undefined || m[10] !== undefined);
  }

  /** Parse an ISO instant that must carry `Z` or an offset (API fields "ISO-8601 instant with timezone"). */
  static parseInstant(text: string): Epoch {
    // Say first whether the text is an instant at all: "garbage" lacks far more than a zone.
    if (!ISO_RE.test(typeof text === 'string' ? text.trim() : '')) {
      throw new EpochParseError(String(text), 'not an ISO-8601 instant (expected YYYY-MM-DDThh:mm:ss[.f] with Z or ±hh:mm)');
    }
    if (!Epoch.hasExplicitZone(text)) {
      throw new EpochParseError(text, 'a time zone designator (Z or ±hh:mm) is required');
    }
    return Epoch.parse(text, 'UTC');
  }

  // ---------------------------------------------------------------- labels in other scales

  /** (MJD day, seconds of day) on the clock of `scale`. UTC seconds reach 86400.x inside a leap second. */
  label(scale: TimeScale, dut1?: Dut1Source): { day: number; seconds: number } {
    switch (scale) {
      case 'TAI':
        return { day: this.taiDay, seconds: this.taiSeconds };
      case 'TT':
        return normalize(this.taiDay, this.taiSeconds + TT_MINUS_TAI_SECONDS);
      case 'GPS':
        return normalize(this.taiDay, this.taiSeconds + GPS_MINUS_TAI_SECONDS);
      case 'TDB': {
        const tt = normalize(this.taiDay, this.taiSeconds + TT_MINUS_TAI_SECONDS);
        return normalize(tt.day, tt.seconds + tdbMinusTtAt(tt));
      }
      case 'TCG': {
        // ERFA eraTttcg: TCG = TT + (TT − T0)·LG/(1−LG).
        const tt = normalize(this.taiDay, this.taiSeconds + TT_MINUS_TAI_SECONDS);
        return normalize(tt.day, tt.seconds + secondsSinceT0(tt) * (LG / (1 - LG)));
      }
      case 'TCB': {
        // ERFA eraTdbtcb: TCB = TDB − TDB0 + (TDB − TDB0 − T0)·LB/(1−LB).
        const tdb = this.label('TDB');
        const x = secondsSinceT0(tdb) - TDB0_SECONDS;
        return normalize(tdb.day, tdb.seconds - TDB0_SECONDS + x * (LB / (1 - LB)));
      }
      case 'UTC':
        return taiToUtcLabel(this.taiDay, this.taiSeconds);
      case 'UT1': {
        const utc = taiToUtcLabel(this.taiDay, this.taiSeconds);
        return normalize(utc.day, utc.seconds + resolveDut1(dut1, () => this, scale));
      }
    }
  }

  /** Length in label seconds of the calendar day of this epoch in `scale` (86401 on a UTC leap-second day). */
  private dayLength(scale: TimeScale, day: number): number {
    return scale === 'UTC' ? utcDayInfo(day).lengthSeconds : SECONDS_PER_DAY;
  }

  /** Calendar fields in `scale`. */
  toCalendar(scale: TimeScale = 'UTC', dut1?: Dut1Source): CalendarFields {
    const l = this.label(scale, dut1);
    const { year, month, day } = calendarDateFromMjd(l.day);
    let hour: number;
    let minute: number;
    let second: number;
    if (l.seconds >= SECONDS_PER_DAY) {
      hour = 23;
      minute = 59;
      second = 60 + (l.seconds - SECONDS_PER_DAY);
    } else {
      hour = Math.floor(l.seconds / 3600);
      minute = Math.floor((l.seconds - hour * 3600) / 60);
      second = l.seconds - hour * 3600 - minute * 60;
    }
    return { year, month, day, hour, minute, second };
  }

  /**
   * `YYYY-MM-DDThh:mm:ss.fff` in `scale` (no zone), rounded half-up to `fractionDigits` (0-12) with carry into
   * minutes, days, months, years; a UTC leap second prints as `23:59:60.fff`.
   */
  toString(scale: TimeScale = 'UTC', fractionDigits = 3, dut1?: Dut1Source): string {
    const f = this.formatParts(scale, fractionDigits, dut1);
    return `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)}T${f.time}`;
  }

  /** UTC ISO-8601 with trailing `Z`. */
  toIsoString(fractionDigits = 3): string {
    return `${this.toString('UTC', fractionDigits)}Z`;
  }

  /** Day-of-year form `YYYY-DDDThh:mm:ss.fff` (CCSDS ASCII time code B) in `scale`. */
  toDayOfYearString(scale: TimeScale = 'UTC', fractionDigits = 3, dut1?: Dut1Source): string {
    const f = this.formatParts(scale, fractionDigits, dut1);
    const doy = f.mjd - mjdFromCalendarDate(f.year, 1, 1) + 1;
    return `${pad(f.year, 4)}-${pad(doy, 3)}T${f.time}`;
  }

  /** ISO with 9 digits in UTC; Epoch.fromJSON / Epoch.parse read it back (to 1 ns). */
  toJSON(): string {
    return this.toIsoString(9);
  }

  private formatParts(
    scale: TimeScale,
    fractionDigits: number,
    dut1?: Dut1Source,
  ): { year: number; month: number; day: number; mjd: number; time: string } {
    if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 12) {
      throw new RangeError(`fractionDigits must be an integer 0-12, got ${fractionDigits}`);
    }
    const l = this.label(scale, dut1);
    let mjd = l.day;
    const unit = 10 ** fractionDigits;
    let whole = Math.floor(l.seconds);
    let frac = Math.round((l.seconds - whole) * unit);
    if (frac >= unit) {
      frac -= unit;
      whole += 1;
    }
    // Carry into the next day when the rounded label reaches the end of this (scale's) day.
    if (whole * unit + frac >= Math.round(this.dayLength(scale, mjd) * unit)) {
      mjd += 1;
      whole = 0;
      frac = 0;
    }
    let hh: number;
    let mm: number;
    let ss: number;
    if (whole >= SECONDS_PER_DAY) {
      hh = 23;
      mm = 59;
      ss = 60 + (whole - SECONDS_PER_DAY);
    } else {
      hh = Math.floor(whole / 3600);
      mm = Math.floor((whole % 3600) / 60);
      ss = whole % 60;
    }
    const { year, month, day } = calendarDateFromMjd(mjd);
    const time = `${pad(hh, 2)}:${pad(mm, 2)}:${pad(ss, 2)}${fractionDigits > 0 ? `.${pad(frac, fractionDigits)}` : ''}`;
    return { year, month, day, mjd, time };
  }

  // ---------------------------------------------------------------- numbers

  /** Two-part Julian date in `scale`: jd1 = whole JD (…​.0), jd2 in [−0.5, 0.5). UTC uses the quasi-JD. */
  julianDate(scale: TimeScale = 'TT', dut1?: Dut1Source): JulianDate {
    const l = this.label(scale, dut1);
    return { jd1: l.day + 2400001, jd2: l.seconds / this.dayLength(scale, l.day) - 0.5 };
  }

  /** Two-part Julian date in UT1 for a given UT1−UTC (s). */
  julianDateUt1(dut1Seconds: number): JulianDate {
    return this.julianDate('UT1', dut1Seconds);
  }

  /** Modified Julian Date in `scale` as one double (~1 µs resolution). UTC uses the quasi-MJD. */
  mjd(scale: TimeScale = 'UTC', dut1?: Dut1Source): number {
    const l = this.label(scale, dut1);
    return l.day + l.seconds / this.dayLength(scale, l.day);
  }

  /** Fractional day of year in `scale`: 1.0 = 1 January 0h (TLE epoch field in UTC: yyddd.dddddddd). */
  dayOfYear(scale: TimeScale = 'UTC', dut1?: Dut1Source): number {
    const l = this.label(scale, dut1);
    const { year } = calendarDateFromMjd(l.day);
    return l.day - mjdFromCalendarDate(year, 1, 1) + 1 + l.seconds / this.dayLength(scale, l.day);
  }

  /** Calendar year of the epoch in `scale`. */
  year(scale: TimeScale = 'UTC'): number {
    return calendarDateFromMjd(this.label(scale).day).year;
  }

  /** Seconds elapsed since J2000.0 (2000-01-01T12:00:00 TT) in the TT scale. */
  secondsSinceJ2000TT(): number {
    const tt = this.label('TT');
    return (tt.day - J2000_MJD_DAY) * SECONDS_PER_DAY + (tt.seconds - J2000_SECONDS);
  }

  /** Julian centuries of TT since J2000.0 (the argument of precession/nutation series). */
  julianCenturiesTT(): number {
    return this.secondsSinceJ2000TT() / (36525 * SECONDS_PER_DAY);
  }

  /** Julian centuries of TDB since J2000.0. */
  julianCenturiesTDB(): number {
    const l = this.label('TDB');
    return ((l.day - J2000_MJD_DAY) * SECONDS_PER_DAY + (l.seconds - J2000_SECONDS)) / (36525 * SECONDS_PER_DAY);
  }

  /** TAI − UTC (s) that applies to this instant (old value inside a leap second, like ERFA eraDat). */
  taiMinusUtcSeconds(): number {
    const utc = this.label('UTC');
    return taiMinusUtcSeconds(utc.day, utc.seconds / utcDayInfo(utc.day).lengthSeconds);
  }

  /** TDB − TT (s) at this instant (geocentre). */
  tdbMinusTtSeconds(): number {
    return tdbMinusTtAt(this.label('TT'));
  }

  /** GPS week (from 1980-01-06, no rollover) and seconds of week. */
  gpsWeek(): { week: number; secondsOfWeek: number } {
    const g = this.label('GPS');
    const days = g.day - GPS_EPOCH_MJD_DAY;
    const week = Math.floor(days / 7);
    return { week, secondsOfWeek: (days - 7 * week) * SECONDS_PER_DAY + g.seconds };
  }

  /** True when this instant lies inside a UTC leap second (label 23:59:60.x). */
  isInLeapSecond(): boolean {
    return this.label('UTC').seconds >= SECONDS_PER_DAY;
  }

  // ---------------------------------------------------------------- arithmetic and comparison

  /** This epoch shifted by `seconds` SI seconds (TAI). */
  plusSeconds(seconds: number): Epoch {
    if (!Number.isFinite(seconds)) throw new RangeError(`plusSeconds: non-finite ${seconds}`);
    const k = Math.floor(seconds / SECONDS_PER_DAY);
    const n = normalize(this.taiDay + k, this.taiSeconds + (seconds - k * SECONDS_PER_DAY));
    return new Epoch(n.day, n.seconds);
  }

  plusDays(days: number): Epoch {
    const whole = Math.trunc(days);
    return Epoch.fromTai(this.taiDay + whole, this.taiSeconds + (days - whole) * SECONDS_PER_DAY);
  }

  /** `this − other` in SI seconds. */
  secondsSince(other: Epoch): number {
    return (this.taiDay - other.taiDay) * SECONDS_PER_DAY + (this.taiSeconds - other.taiSeconds);
  }

  compareTo(other: Epoch): number {
    if (this.taiDay !== other.taiDay) return this.taiDay < other.taiDay ? -1 : 1;
    if (this.taiSeconds !== other.taiSeconds) return this.taiSeconds < other.taiSeconds ? -1 : 1;
    return 0;
  }

  /** Same instant, optionally within `toleranceSeconds`. */
  equals(other: Epoch, toleranceSeconds = 0): boolean {
    return Math.abs(this.secondsSince(other)) <= toleranceSeconds;
  }

  isBefore(other: Epoch): boolean {
    return this.compareTo(other) < 0;
  }

  isAfter(other: Epoch): boolean {
    return this.compareTo(other) > 0;
  }

  static min(a: Epoch, b: Epoch): Epoch {
    return a.compareTo(b) <= 0 ? a : b;
  }

  static max(a: Epoch, b: Epoch): Epoch {
    return a.compareTo(b) >= 0 ? a : b;
  }
}

/** Julian centuries of TT since J2000.0. */
export function julianCenturiesTT(epoch: Epoch): number {
  return epoch.julianCenturiesTT();
}

/** True when the text carries `Z` or a numeric UTC offset (same as Epoch.hasExplicitZone). */
export function hasExplicitZone(text: string): boolean {
  return Epoch.hasExplicitZone(text);
}
