// Leap-second files: pure parsers of the two published lists, and their comparison with the built-in ΔAT table.
//
//  * IERS `Leap_Second.dat` (IERS Earth Orientation Centre, hpiers.obspm.fr/iers/bul/bulc/Leap_Second.dat): `#`
//    comment lines, among them "File expires on 28 June 2026" and "Updated through IERS Bulletin C 70 …", then one
//    line per step: MJD, day, month, year, TAI−UTC (s).
//  * IETF/NIST `leap-seconds.list` (the tz database's copy of IERS Bulletin C): `#$` last update and `#@` expiry as
//    NTP seconds (since 1900-01-01), one line per step "NTP-seconds TAI−UTC # date", and `#h` the SHA-1 of the
//    update time, the expiry and every data line's two numbers, concatenated without white space — verified here, so
//    a damaged or truncated list is refused.
//
// Why a file does not replace the built-in table (engine/time/leapSeconds.ts): every epoch conversion reads that one
// table, and engine modules hold no state that changes at run time. A file is therefore *validated against* the
// table: when it agrees, it extends how far the table is known to hold (its expiry date says no leap second is
// inserted before then); when it announces a step the table lacks, the service reports the mismatch (logs, /health,
// a warning on every product that reaches the new step) and a release with the new table row is needed. No leap
// second has been announced since the one of 2016-12-31, and the CGPM decided in 2022 (Resolution 4) to stop
// inserting them by 2035.
import { sha1Hex } from '../math/sha1.ts';
import { MJD_1972, mjdFromCalendarDate, taiMinusUtcSeconds } from './leapSeconds.ts';

export type LeapSecondFileFormat = 'IERS_LEAP_SECOND_DAT' | 'IETF_LEAP_SECONDS_LIST';

export interface LeapSecondStep {
  /** First UTC day (MJD) with the new TAI − UTC. */
  mjd: number;
  taiMinusUtcSeconds: number;
}

export interface LeapSecondFile {
  format: LeapSecondFileFormat;
  steps: LeapSecondStep[];
  /** The list is valid (no further leap second) until this UTC day (MJD). */
  expiresMjd: number;
  /** Date of the bulletin / update the file reflects (MJD), when it says. */
  updatedMjd: number | null;
}

/** A malformed leap-second file; `line` is 1-based. */
export class LeapSecondFileError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`leap-second file line ${line}: ${reason}`);
    this.name = 'LeapSecondFileError';
    this.line = line;
  }
}

/** 1900-01-01 (the NTP epoch) is MJD 15020. */
const NTP_EPOCH_MJD = 15020;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Detects the format and parses. */
export function parseLeapSecondFile(text: string): LeapSecondFile {
  if (/^#[$@h]/m.test(text)) return parseLeapSecondsList(text);
  if (/File expires on/i.test(text)) return parseIersLeapSecondDat(text);
  throw new LeapSecondFileError(1, 'not a leap-second file (expected IERS Leap_Second.dat or IETF leap-seconds.list)');
}

/** IERS `Leap_Second.dat`. */
export function parseIersLeapSecondDat(text: string): LeapSecondFile {
  const lines = text.split(/\r?\n/);
  const steps: LeapSecondStep[] = [];
  let expiresMjd = Number.NaN;
  let updatedMjd: number | null = null;
  lines.forEach((raw, idx) => {
    const lineNo = idx + 1;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      const expires = /File expires on\s+(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})/i.exec(line);
      if (expires) expiresMjd = dayMonthYear(Number(expires[1]), expires[2]!, Number(expires[3]), lineNo);
      const updated = /issued in\s+([A-Za-z]+)\s+(\d{4})/i.exec(line);
      if (updated) updatedMjd = dayMonthYear(1, updated[1]!, Number(updated[2]), lineNo);
      return;
    }
    const f = line.split(/\s+/);
    if (f.length !== 5 || !f.every((x) => /^\d+(\.\d*)?$/.test(x))) {
      throw new LeapSecondFileError(lineNo, `expected "MJD day month year TAI-UTC", found '${line.slice(0, 60)}'`);
    }
    const [mjd, day, month, year, dat] = f.map(Number) as [number, number, number, number, number];
    if (mjdFromCalendarDate(year, month, day) !== mjd) throw new LeapSecondFileError(lineNo, `date ${year}-${month}-${day} does not match MJD ${mjd}`);
    pushStep(steps, { mjd, taiMinusUtcSeconds: dat }, lineNo);
  });
  if (steps.length === 0) throw new LeapSecondFileError(lines.length, 'no leap-second lines');
  if (Number.isNaN(expiresMjd)) throw new LeapSecondFileError(1, 'no "File expires on" line');
  return { format: 'IERS_LEAP_SECOND_DAT', steps, expiresMjd, updatedMjd };
}

/** IETF/NIST `leap-seconds.list`, with its SHA-1 checked. */
export function parseLeapSecondsList(text: string): LeapSecondFile {
  const lines = text.split(/\r?\n/);
  const steps: LeapSecondStep[] = [];
  let updated: string | null = null;
  let expires: string | null = null;
  let hash: string | null = null;
  let hashLine = 0;
  const hashed: string[] = [];
  lines.forEach((raw, idx) => {
    const lineNo = idx + 1;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#$')) updated = ntpField(line, lineNo);
    else if (line.startsWith('#@')) expires = ntpField(line, lineNo);
    else if (line.startsWith('#h')) {
      hash = line.slice(2).replace(/\s+/g, '').toLowerCase();
      hashLine = lineNo;
    } else if (!line.startsWith('#')) {
      const f = line.split('#')[0]!.trim().split(/\s+/);
      if (f.length !== 2 || !f.every((x) => /^\d+$/.test(x))) throw new LeapSecondFileError(lineNo, `expected "NTP-seconds TAI-UTC", found '${line.slice(0, 60)}'`);
      const seconds = Number(f[0]);
      if (seconds % 86400 !== 0) throw new LeapSecondFileError(lineNo, `${f[0]} is not a whole day`);
      pushStep(steps, { mjd: NTP_EPOCH_MJD + seconds / 86400, taiMinusUtcSeconds: Number(f[1]) }, lineNo);
      hashed.push(f[0]!, f[1]!);
    }
  });
  if (updated === null) throw new LeapSecondFileError(1, 'no #$ (last update) line');
  if (expires === null) throw new LeapSecondFileError(1, 'no #@ (expiration) line');
  if (hash === null) throw new LeapSecondFileError(lines.length, 'no #h (SHA-1) line: the file is incomplete');
  if (steps.length === 0) throw new LeapSecondFileError(lines.length, 'no leap-second lines');
  const computed = sha1Hex(new TextEncoder().encode(updated + expires + hashed.join('')));
  if (computed !== hash) throw new LeapSecondFileError(hashLine, `SHA-1 mismatch (file says ${hash}, content gives ${computed}): damaged or edited list`);
  return {
    format: 'IETF_LEAP_SECONDS_LIST',
    steps,
    expiresMjd: NTP_EPOCH_MJD + Math.floor(Number(expires) / 86400),
    updatedMjd: NTP_EPOCH_MJD + Math.floor(Number(updated) / 86400),
  };
}

/** How a leap-second file relates to the built-in ΔAT table. */
export interface LeapSecondComparison {
  /** Every step of the file is in the table with the same TAI − UTC, and the table has no step the file lacks. */
  agrees: boolean;
  /** Steps the file announces that the built-in table does not have (a release is needed). */
  unknownSteps: LeapSecondStep[];
  /** Steps whose value differs from the table, or table steps after the file's first that the file lacks. */
  conflicts: string[];
}

export function compareWithBuiltInTable(file: LeapSecondFile): LeapSecondComparison {
  const unknownSteps: LeapSecondStep[] = [];
  const conflicts: string[] = [];
  let previous: number | null = null;
  for (const step of file.steps) {
    if (step.mjd < MJD_1972) continue;
    const after = taiMinusUtcSeconds(step.mjd);
    const before = taiMinusUtcSeconds(step.mjd - 1);
    if (after === step.taiMinusUtcSeconds && (previous === null || before === previous)) {
      previous = step.taiMinusUtcSeconds;
      continue;
    }
    if (previous !== null && before === previous && after === previous) unknownSteps.push(step);
    else conflicts.push(`MJD ${step.mjd}: file TAI-UTC ${step.taiMinusUtcSeconds} s, built-in ${after} s`);
    previous = step.taiMinusUtcSeconds;
  }
  // a table step the file does not list (the file is older than the build, or edited)
  const fileMjds = new Set(file.steps.map((s) => s.mjd));
  const first = file.steps.find((s) => s.mjd >= MJD_1972)?.mjd ?? MJD_1972;
  for (let mjd = first + 1, prev = taiMinusUtcSeconds(first); mjd <= file.expiresMjd; mjd++) {
    const dat = taiMinusUtcSeconds(mjd);
    if (dat !== prev && !fileMjds.has(mjd)) conflicts.push(`MJD ${mjd}: built-in step to ${dat} s is not in the file`);
    prev = dat;
  }
  return { agrees: unknownSteps.length === 0 && conflicts.length === 0, unknownSteps, conflicts };
}

function pushStep(steps: LeapSecondStep[], step: LeapSecondStep, line: number): void {
  const prev = steps[steps.length - 1];
  if (prev && !(step.mjd > prev.mjd)) throw new LeapSecondFileError(line, `MJD ${step.mjd} is not after the previous line's ${prev.mjd}`);
  if (prev && Math.abs(step.taiMinusUtcSeconds - prev.taiMinusUtcSeconds) !== 1) {
    throw new LeapSecondFileError(line, `TAI-UTC steps from ${prev.taiMinusUtcSeconds} to ${step.taiMinusUtcSeconds} s (a leap second is 1 s)`);
  }
  steps.push(step);
}

function ntpField(line: string, lineNo: number): string {
  const v = line.slice(2).trim();
  if (!/^\d+$/.test(v)) throw new LeapSecondFileError(lineNo, `'${v}' is not a count of NTP seconds`);
  return v;
}

function dayMonthYear(day: number, monthName: string, year: number, line: number): number {
  const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
  if (month === 0) throw new LeapSecondFileError(line, `'${monthName}' is not a month`);
  return mjdFromCalendarDate(year, month, day);
}
