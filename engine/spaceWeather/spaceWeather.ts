/**
 * Space weather (solar flux F10.7 and geomagnetic Ap) for atmosphere models: pure parsers of the CelesTrak files and
 * the NRLMSISE-00 drivers at an instant. No I/O (earthData/files.ts reads the files).
 *
 * Formats (https://celestrak.org/SpaceData/SpaceWx-format.php):
 *  * CSSI text (`SpaceWeather-All-v1.2.txt`, `SW-All.txt`): header keywords, then sections `BEGIN OBSERVED`,
 *    `BEGIN DAILY_PREDICTED`, `BEGIN MONTHLY_PREDICTED`, `BEGIN MONTHLY_FIT` … `END …`, each announced by
 *    `NUM_…_POINTS n`; fixed-width data lines of 130 characters, FORMAT(I4,I3,I3,I5,I3,8I3,I4,8I4,I4,F4.1,I2,I4,F6.1,
 *    I2,5F6.1). Every section must end and hold the announced number of lines (a truncated download fails here).
 *  * CelesTrak CSV (`SW-All.csv`): a header row naming the columns (DATE, AP1…AP8, AP_AVG, F10.7_OBS,
 *    F10.7_DATA_TYPE, F10.7_OBS_CENTER81, …), one row per date; F10.7_DATA_TYPE OBS/INT are observed days, PRD
 *    daily predictions, PRM monthly predictions. Blank 3-hour ap values of predicted rows take the daily AP_AVG.
 *
 * Each row applies from 00:00 UTC of its date. Rows are either daily (observed, or daily predictions) or monthly
 * (monthly predictions and the CSSI long-term MONTHLY_FIT, dated the 1st). The NRLMSISE-00 drivers follow Orekit
 * 13.1's `CssiSpaceWeatherData` (see `nrlmsiseDrivers`), with one documented difference: Orekit treats the rows of a
 * non-empty MONTHLY_PREDICTED section as daily values (a step function over the month), we interpolate every monthly
 * row linearly, as Orekit does for MONTHLY_FIT. In the files whose MONTHLY_PREDICTED section is empty (the reference
 * snapshot, and every CSV) both read the same.
 */
import { mjdFromCalendarDate } from '../time/leapSeconds.ts';
import { daysInMonth, Epoch, isoDateFromMjd } from '../time/epoch.ts';

export type SpaceWeatherFormat = 'CSSI' | 'CSV';
export type SpaceWeatherRowKind = 'OBSERVED' | 'DAILY_PREDICTED' | 'MONTHLY';

/** A malformed space-weather file; `line` is 1-based. */
export class SpaceWeatherParseError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`space weather line ${line}: ${reason}`);
    this.name = 'SpaceWeatherParseError';
    this.line = line;
  }
}

/** An instant outside the table (with the margins the drivers need). */
export class SpaceWeatherRangeError extends RangeError {
  constructor(utcMjd: number, firstMjd: number, lastMjd: number) {
    super(`no space weather at ${isoDate(utcMjd)} (the file covers ${isoDate(firstMjd)} .. ${isoDate(lastMjd)})`);
    this.name = 'SpaceWeatherRangeError';
  }
}

/** One parsed row (the values the atmosphere models use). */
export interface SpaceWeatherRow {
  /** MJD (UTC) of 00:00 of the row's date. */
  mjd: number;
  kind: SpaceWeatherRowKind;
  /** The eight 3-hour ap values, 00–03 … 21–24 UT. */
  ap3h: number[];
  /** Daily Ap (mean of the eight). */
  apDaily: number;
  /** Observed F10.7 (sfu, at the Earth–Sun distance) and its 81-day centred average. */
  f107Observed: number;
  f107ObservedCentred81: number;
}

/** Where the table's rows come from and how far they reach. */
export interface SpaceWeatherCoverage {
  format: SpaceWeatherFormat;
  firstMjd: number;
  /** Last observed day (the following rows are predictions). */
  lastObservedMjd: number;
  /** Last daily row (observed or predicted); monthly rows follow. */
  lastDailyMjd: number;
  /** Last row of any kind: the end of the predictions. */
  lastMjd: number;
  /** The file's own `UPDATED` stamp (CSSI), when it has one. */
  updated: string | null;
  rows: number;
}

/** NRLMSISE-00 space-weather drivers at one instant (a mutable holder, so hot loops do not allocate). */
export class NrlmsiseDrivers {
  /** F10.7 of the previous day. */
  f107 = 0;
  /** 81-day centred average of F10.7. */
  f107A = 0;
  /** [0] daily Ap, [1..4] 3-hour ap at t, t−3 h, t−6 h, t−9 h, [5], [6] means of the 24 h before t−12 h and t−36 h. */
  readonly ap = new Float64Array(7);
}

const THREE_HOURS_DAYS = 0.125;

export class SpaceWeatherTable {
  readonly format: SpaceWeatherFormat;
  readonly size: number;
  readonly firstMjd: number;
  readonly lastObservedMjd: number;
  readonly lastDailyMjd: number;
  readonly lastMjd: number;
  readonly updated: string | null;
  readonly #mjd: Float64Array;
  readonly #ap3h: Float64Array;
  readonly #apDaily: Float64Array;
  readonly #f107: Float64Array;
  readonly #f107Centred: Float64Array;
  readonly #kind: Uint8Array;
  /** Index of the last bracket found: consecutive look-ups are close in time. */
  #hint = 0;

  private constructor(rows: readonly SpaceWeatherRow[], format: SpaceWeatherFormat, updated: string | null) {
    const n = rows.length;
    if (n < 2) throw new SpaceWeatherParseError(1, `a space-weather file needs at least two data rows, found ${n}`);
    this.format = format;
    this.size = n;
    this.updated = updated;
    this.#mjd = new Float64Array(n);
    this.#ap3h = new Float64Array(8 * n);
    this.#apDaily = new Float64Array(n);
    this.#f107 = new Float64Array(n);
    this.#f107Centred = new Float64Array(n);
    this.#kind = new Uint8Array(n);
    let lastObserved = Number.NaN;
    let lastDaily = Number.NaN;
    rows.forEach((r, i) => {
      this.#mjd[i] = r.mjd;
      for (let k = 0; k < 8; k++) this.#ap3h[8 * i + k] = r.ap3h[k]!;
      this.#apDaily[i] = r.apDaily;
      this.#f107[i] = r.f107Observed;
      this.#f107Centred[i] = r.f107ObservedCentred81;
      this.#kind[i] = r.kind === 'OBSERVED' ? 0 : r.kind === 'DAILY_PREDICTED' ? 1 : 2;
      if (r.kind === 'OBSERVED') lastObserved = r.mjd;
      if (r.kind !== 'MONTHLY') lastDaily = r.mjd;
    });
    this.firstMjd = this.#mjd[0]!;
    this.lastMjd = this.#mjd[n - 1]!;
    // A file without observations (or daily rows) has them end where it starts.
    this.lastObservedMjd = Number.isNaN(lastObserved) ? this.firstMjd : lastObserved;
    this.lastDailyMjd = Number.isNaN(lastDaily) ? this.firstMjd : lastDaily;
  }

  /** Detects the format (CSSI text or CelesTrak CSV) and parses. */
  static parse(text: string): SpaceWeatherTable {
    const first = text.split(/\r?\n/, 50).find((l) => l.trim() !== '') ?? '';
    if (/^\s*DATE\s*,/i.test(first)) return SpaceWeatherTable.fromCsv(text);
    if (/^DATATYPE\s+CssiSpaceWeather/i.test(first.trim())) return SpaceWeatherTable.fromCssi(text);
    throw new SpaceWeatherParseError(1, 'not a CelesTrak space-weather file (expected "DATATYPE CssiSpaceWeather" or a CSV header starting with DATE,)');
  }

  /** From rows already in memory (strictly increasing dates). */
  static fromRows(rows: readonly SpaceWeatherRow[], format: SpaceWeatherFormat = 'CSV', updated: string | null = null): SpaceWeatherTable {
    return new SpaceWeatherTable(rows, format, updated);
  }

  /** CSSI fixed-width text (`SpaceWeather-All-v1.2.txt` / `SW-All.txt`). */
  static fromCssi(text: string): SpaceWeatherTable {
    const lines = text.split(/\r?\n/);
    const rows: SpaceWeatherRow[] = [];
    const dates = new Set<number>();
    let updated: string | null = null;
    let section: string | null = null;
    let sectionStart = 0;
    let sectionLines = 0;
    let announced: number | null = null;
    const announcedCounts = new Map<string, number>();
    const seenSections: string[] = [];
    lines.forEach((raw, idx) => {
      const lineNo = idx + 1;
      const line = raw.trimEnd();
      if (line.trim() === '' || line.startsWith('#')) return;
      const begin = /^BEGIN\s+(\w+)$/.exec(line);
      const end = /^END\s+(\w+)$/.exec(line);
      const count = /^NUM_(\w+)_POINTS\s+(\d+)$/.exec(line);
      if (begin) {
        if (section !== null) throw new SpaceWeatherParseError(lineNo, `BEGIN ${begin[1]} inside section ${section} (no END ${section})`);
        section = begin[1]!;
        if (!['OBSERVED', 'DAILY_PREDICTED', 'MONTHLY_PREDICTED', 'MONTHLY_FIT'].includes(section)) {
          throw new SpaceWeatherParseError(lineNo, `unknown section ${section}`);
        }
        seenSections.push(section);
        sectionStart = lineNo;
        sectionLines = 0;
        announced = announcedCounts.get(section) ?? null;
        return;
      }
      if (end) {
        if (end[1] !== section) throw new SpaceWeatherParseError(lineNo, `END ${end[1]} without BEGIN ${end[1]}`);
        if (announced !== null && sectionLines !== announced) {
          throw new SpaceWeatherParseError(lineNo, `section ${section} has ${sectionLines} data lines, NUM_${section}_POINTS announced ${announced}`);
        }
        section = null;
        return;
      }
      if (count) {
        announcedCounts.set(count[1]!, Number(count[2]));
        return;
      }
      if (section === null) {
        if (/^UPDATED\s+/.test(line)) updated = line.replace(/^UPDATED\s+/, '').trim();
        else if (/^\d{4} /.test(line)) throw new SpaceWeatherParseError(lineNo, 'data line outside a BEGIN … END section');
        return; // DATATYPE, VERSION and other header keywords
      }
      if (line.length !== 130) throw new SpaceWeatherParseError(lineNo, `data lines are 130 characters long, this one has ${line.length} (truncated?)`);
      sectionLines++;
      const kind: SpaceWeatherRowKind = section === 'OBSERVED' ? 'OBSERVED' : section === 'DAILY_PREDICTED' ? 'DAILY_PREDICTED' : 'MONTHLY';
      const field = (from: number, to: number, what: string) => parseNumber(line.slice(from - 1, to), lineNo, `${what} (columns ${from}-${to})`);
      const mjd = calendarMjd(field(1, 4, 'year'), field(6, 7, 'month'), field(9, 10, 'day'), lineNo);
      const prev = rows[rows.length - 1];
      if (prev && mjd <= prev.mjd) {
        // MONTHLY_FIT repeats the daily predictions: a date already read is kept as first read (Orekit's rule).
        if (dates.has(mjd)) return;
        throw new SpaceWeatherParseError(lineNo, `date ${isoDate(mjd)} is before the previous line's ${isoDate(prev.mjd)}`);
      }
      dates.add(mjd);
      const ap3h: number[] = [];
      for (let k = 0; k < 8; k++) ap3h.push(field(48 + 4 * k, 50 + 4 * k, `ap ${k + 1}`));
      rows.push({
        mjd,
        kind,
        ap3h,
        apDaily: field(80, 82, 'Ap'),
        f107Observed: field(114, 118, 'observed F10.7'),
        f107ObservedCentred81: field(120, 124, 'observed F10.7 centred 81-day mean'),
      });
    });
    if (section !== null) throw new SpaceWeatherParseError(sectionStart, `section ${section} has no END ${section} (truncated file?)`);
    if (!seenSections.includes('OBSERVED')) throw new SpaceWeatherParseError(lines.length, 'no BEGIN OBSERVED section');
    return new SpaceWeatherTable(rows, 'CSSI', updated);
  }

  /** CelesTrak CSV (`SW-All.csv`), columns found by their header names. */
  static fromCsv(text: string): SpaceWeatherTable {
    const lines = text.split(/\r?\n/);
    const headerIdx = lines.findIndex((l) => l.trim() !== '');
    const names = (lines[headerIdx] ?? '').split(',').map((h) => h.trim().toUpperCase());
    const column = (name: string): number => {
      const k = names.indexOf(name);
      if (k < 0) throw new SpaceWeatherParseError(headerIdx + 1, `header has no ${name} column`);
      return k;
    };
    const c = {
      date: column('DATE'),
      ap: [1, 2, 3, 4, 5, 6, 7, 8].map((k) => column(`AP${k}`)),
      apAvg: column('AP_AVG'),
      f107: column('F10.7_OBS'),
      type: column('F10.7_DATA_TYPE'),
      centred: column('F10.7_OBS_CENTER81'),
    };
    const rows: SpaceWeatherRow[] = [];
    let rank = 0;
    for (let idx = headerIdx + 1; idx < lines.length; idx++) {
      const line = lines[idx]!;
      const lineNo = idx + 1;
      if (line.trim() === '') continue;
      const f = line.split(',');
      if (f.length !== names.length) throw new SpaceWeatherParseError(lineNo, `expected ${names.length} fields like the header, found ${f.length} (truncated?)`);
      const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(f[c.date]!.trim());
      if (!date) throw new SpaceWeatherParseError(lineNo, `DATE '${f[c.date]}' is not YYYY-MM-DD`);
      const mjd = calendarMjd(Number(date[1]), Number(date[2]), Number(date[3]), lineNo);
      const prev = rows[rows.length - 1];
      if (prev && mjd <= prev.mjd) throw new SpaceWeatherParseError(lineNo, `date ${isoDate(mjd)} is not after the previous row's ${isoDate(prev.mjd)}`);
      const type = f[c.type]!.trim().toUpperCase();
      const kind: SpaceWeatherRowKind | undefined = { OBS: 'OBSERVED', INT: 'OBSERVED', PRD: 'DAILY_PREDICTED', PRM: 'MONTHLY' }[type] as SpaceWeatherRowKind | undefined;
      if (!kind) throw new SpaceWeatherParseError(lineNo, `F10.7_DATA_TYPE '${type}' is not OBS, INT, PRD or PRM`);
      const kindRank = kind === 'OBSERVED' ? 0 : kind === 'DAILY_PREDICTED' ? 1 : 2;
      if (kindRank < rank) throw new SpaceWeatherParseError(lineNo, `${type} row after predicted rows`);
      rank = kindRank;
      const value = (k: number, what: string) => parseNumber(f[k]!, lineNo, what);
      const apDaily = value(c.apAvg, 'AP_AVG');
      rows.push({
        mjd,
        kind,
        ap3h: c.ap.map((k, j) => (f[k]!.trim() === '' && kind !== 'OBSERVED' ? apDaily : value(k, `AP${j + 1}`))),
        apDaily,
        f107Observed: value(c.f107, 'F10.7_OBS'),
        f107ObservedCentred81: value(c.centred, 'F10.7_OBS_CENTER81'),
      });
    }
    if (rows.length === 0) throw new SpaceWeatherParseError(lines.length, 'no data rows');
    return new SpaceWeatherTable(rows, 'CSV', null);
  }

  coverage(): SpaceWeatherCoverage {
    return {
      format: this.format,
      firstMjd: this.firstMjd,
      lastObservedMjd: this.lastObservedMjd,
      lastDailyMjd: this.lastDailyMjd,
      lastMjd: this.lastMjd,
      updated: this.updated,
      rows: this.size,
    };
  }

  /** The rows (for validation and tests). */
  rows(): SpaceWeatherRow[] {
    const out: SpaceWeatherRow[] = [];
    for (let i = 0; i < this.size; i++) {
      out.push({
        mjd: this.#mjd[i]!,
        kind: (['OBSERVED', 'DAILY_PREDICTED', 'MONTHLY'] as const)[this.#kind[i]!]!,
        ap3h: Array.from(this.#ap3h.subarray(8 * i, 8 * i + 8)),
        apDaily: this.#apDaily[i]!,
        f107Observed: this.#f107[i]!,
        f107ObservedCentred81: this.#f107Centred[i]!,
      });
    }
    return out;
  }

  /** UTC MJD span over which `nrlmsiseDrivers` answers: it reads back up to 57 hours (the Ap means before t − 36 h). */
  driversSpan(): { firstMjd: number; lastMjd: number } {
    return { firstMjd: this.firstMjd + 57 / 24, lastMjd: this.lastMjd };
  }

  /**
   * NRLMSISE-00 drivers at `utcMjd` (MJD in UTC, fractional), by the rules of Orekit's `CssiSpaceWeatherData`:
   *  - f107 = observed F10.7 of the day containing t − 1 day; f107A = observed 81-day centred mean of the day of t;
   *    ap[0] = daily Ap of the day of t — each taken from the row of that day while daily rows exist (t up to 00:00
   *    of the last daily row), after that interpolated linearly in time between the two rows around it;
   *  - ap[1..4] = the 3-hour ap of the bin holding t, t − 3 h, t − 6 h, t − 9 h while observations last (until the
   *    end of the last observed day), else the daily Ap of that instant;
   *  - ap[5], ap[6] = the mean of the eight 3-hour values at t − 12 h, t − 15 h … t − 33 h (resp. from t − 36 h) while
   *    daily rows exist, else the daily Ap at t − 12 h (resp. t − 36 h).
   * Throws `SpaceWeatherRangeError` outside `driversSpan()`.
   */
  nrlmsiseDrivers(utcMjd: number, out: NrlmsiseDrivers): NrlmsiseDrivers {
    const span = this.driversSpan();
    if (!(utcMjd >= span.firstMjd && utcMjd <= span.lastMjd)) throw new SpaceWeatherRangeError(utcMjd, span.firstMjd, span.lastMjd);
    out.f107 = this.dailyValue(this.#f107, utcMjd - 1);
    out.f107A = this.dailyValue(this.#f107Centred, utcMjd);
    const ap = out.ap;
    ap[0] = this.dailyValue(this.#apDaily, utcMjd);
    for (let k = 0; k < 4; k++) ap[1 + k] = this.threeHourAp(utcMjd - k * THREE_HOURS_DAYS);
    ap[5] = this.dailyMeanAp(utcMjd - 0.5);
    ap[6] = this.dailyMeanAp(utcMjd - 1.5);
    return out;
  }

  /** `nrlmsiseDrivers` at an epoch (allocates; for tests and one-off look-ups). */
  nrlmsiseDriversAt(epoch: Epoch): NrlmsiseDrivers {
    return this.nrlmsiseDrivers(epoch.mjd('UTC'), new NrlmsiseDrivers());
  }

  /** Index of the last row at or before t (t within the table). */
  private bracket(t: number): number {
    const m = this.#mjd;
    let i = this.#hint;
    if (!(m[i]! <= t && (i === this.size - 1 || t < m[i + 1]!))) {
      let lo = 0;
      let hi = this.size - 1;
      if (t < m[0]!) throw new SpaceWeatherRangeError(t, this.firstMjd, this.lastMjd);
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (m[mid]! <= t) lo = mid;
        else hi = mid;
      }
      i = t >= m[hi]! ? hi : lo;
      this.#hint = i;
    }
    return i;
  }

  /** A daily quantity: the row's value up to 00:00 of the last daily row, then linear in time between rows. */
  private dailyValue(column: Float64Array, t: number): number {
    const i = this.bracket(t);
    if (t <= this.lastDailyMjd || i === this.size - 1) return column[i]!;
    const m0 = this.#mjd[i]!;
    const m1 = this.#mjd[i + 1]!;
    return (column[i]! * (m1 - t) + column[i + 1]! * (t - m0)) / (m1 - m0);
  }

  private threeHourAp(t: number): number {
    if (!(t < this.lastObservedMjd + 1)) return this.dailyValue(this.#apDaily, t);
    const i = this.bracket(t);
    const bin = Math.min(7, Math.floor((t - this.#mjd[i]!) * 8));
    return this.#ap3h[8 * i + bin]!;
  }

  private dailyMeanAp(t: number): number {
    if (!(t <= this.lastDailyMjd)) return this.dailyValue(this.#apDaily, t);
    let sum = 0;
    for (let k = 0; k < 8; k++) sum += this.threeHourAp(t - k * THREE_HOURS_DAYS);
    return sum / 8;
  }

  describe(): string {
    return `space weather ${this.format} ${isoDate(this.firstMjd)} .. ${isoDate(this.lastMjd)} (observed to ${isoDate(this.lastObservedMjd)}, ${this.size} rows)`;
  }
}

function parseNumber(text: string, line: number, what: string): number {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) throw new SpaceWeatherParseError(line, `${what} '${text}' is not a number`);
  return Number(t);
}

function calendarMjd(year: number, month: number, day: number, line: number): number {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) {
    throw new SpaceWeatherParseError(line, `${year}-${month}-${day} is not a calendar date`);
  }
  return mjdFromCalendarDate(year, month, day);
}

/** YYYY-MM-DD of a (fractional) UTC MJD. */
export function isoDate(mjd: number): string {
  return Number.isFinite(mjd) ? isoDateFromMjd(mjd) : String(mjd);
}
