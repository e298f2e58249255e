// Earth orientation parameters (EOP): pure parsers for IERS files and interpolation at an epoch.
//
// Formats (text in, data out — this module does no I/O; earthData/files.ts reads files):
//  * IERS EOP C04, "14 C04" layout (eopc04_IAU2000.62-now): year month day MJD x y UT1−UTC LOD dX dY + 6 errors,
//    FORMAT(3(I4),I7,2(F11.6),2(F12.7),2(F11.6),2(F11.6),2(F11.7),2(F12.6)); x, y, dX, dY in arcsec, UT1−UTC, LOD in s.
//  * IERS EOP C04, "20 C04" layout (eopc04.1962-now, '#' header): year month day hour MJD x y UT1−UTC dX dY xrt yrt
//    LOD + errors. A header naming dPsi/dEps instead of dX/dY (the IAU 1980 variant) fills ddPsi/ddEps instead.
//  * IERS EOP 20 C04 as semicolon-separated values (eopc04_20.*.csv, the IERS data centre's CSV export): a header
//    row naming the columns (MJD;Year;Month;Day;Type;x_pole;…;UT1-UTC;…;LOD;…;dX;…;dY;…), one row per day; columns
//    are found by their header names, not their position. x, y, dX, dY in arcsec; UT1−UTC, LOD in s.
//  * IERS/USNO finals2000A (finals2000A.all/.data/.daily), fixed columns per readme.finals2000A (bytes 1-185):
//    Bulletin A values are used (x, y arcsec; UT1−UTC s; LOD ms; dX, dY mas w.r.t. IAU 2000A). Rows without
//    polar motion and UT1 (the empty future tail of finals2000A.all) end the coverage.
//
// Interpolation: Orekit's `EOPHistory` with its default degree 3 (the 4-point Lagrange of UT1 and the pole is also
// what the IERS `interp.f` routine does, IERS Conventions 2010 §5.5.1), in TAI time between the daily rows:
//  * UT1−UTC, LOD, dX, dY (and ddPsi, ddEps): Lagrange polynomial through 4 rows, the row at or before the epoch, the
//    one before it and the two after it (the stencil shifted inwards at either end of the table).
//  * Polar motion x_p, y_p: cubic Hermite between the two rows bracketing the epoch, from their values and rates. The
//    rates are the file's (20 C04 `xrt`/`yrt`, CSV `x_rate`/`y_rate`, arcsec/day); a row without them (14 C04,
//    finals2000A) gets the derivative, at its own date, of the Lagrange polynomial through its 4-row stencil.
// UT1−UTC is interpolated as UT1−TAI (the ΔAT step of a leap second, or a pre-1972 ΔAT step, is removed first and
// ΔAT at the epoch added back), so UT1 stays continuous through leap seconds (Orekit removes the 1 s step the
// same way). No diurnal/semi-diurnal tidal corrections (IERS Conventions 2010 §5.5.1/§8.2), as Orekit's
// "simple EOP": they are < 0.1 ms in UT1 and < 1 mas in pole.
// Against linear interpolation between the rows (astropy's method, used by the project's frames oracle) the values
// differ between rows by up to 0.03 ms in UT1 and 0.12 mas in pole (1.4 and 4 mm on the ground) on the oracle's
// instants; test/engine/time/eop.test.ts checks the scheme against Orekit's EOPHistory (≤ 1e-12) and bounds the
// difference from astropy.
//
// ddPsi/ddEps are corrections to IAU 1980 nutation. C04 IAU 2000 files and finals2000A carry dX/dY w.r.t. IAU 2000A
// instead; converting between the two would mix nutation models, so ddPsi/ddEps are 0 for those files (the IAU-76/80
// chain then runs without celestial-pole corrections, as the oracle's iau1980 model does).
import { Epoch } from '../time/epoch.ts';
import { mjdFromCalendarDate, taiMinusUtcSeconds, utcDayInfo } from '../time/leapSeconds.ts';

export interface EopValues {
  /** UT1 − UTC (s). */
  dut1Seconds: number;
  /** Polar motion x_p, y_p (arcsec). */
  xpArcsec: number;
  ypArcsec: number;
  /** Excess length of day (s). */
  lodSeconds: number;
  /** Celestial pole offsets dX, dY w.r.t. IAU 2006/2000A (arcsec). */
  dxArcsec: number;
  dyArcsec: number;
  /** Nutation corrections dΔψ, dΔε w.r.t. IAU 1980 (arcsec); 0 unless the file carries them. */
  ddPsiArcsec: number;
  ddEpsArcsec: number;
  /** False when the epoch lies outside the table: every value is then 0. */
  covered: boolean;
  /** True when a bracketing row is flagged as a prediction (finals2000A 'P'). */
  predicted?: boolean;
}

/** One daily row (0h UTC unless the MJD says otherwise): the values of `EopValues` at that MJD. */
export interface EopRow extends Omit<EopValues, 'covered' | 'predicted'> {
  mjd: number;
  predicted: boolean;
  /** Polar-motion rates (arcsec/day) when the file gives them (20 C04); otherwise absent and derived (see header). */
  xpRateArcsecPerDay?: number;
  ypRateArcsecPerDay?: number;
}

export type EopFormat = 'C04' | 'C04_CSV' | 'finals2000A' | 'rows' | 'empty';

/** How far a table reaches: observed rows up to `lastObservedMjd`, predictions (finals2000A 'P' rows) after it. */
export interface EopCoverage {
  format: EopFormat;
  rows: number;
  firstMjd: number;
  lastObservedMjd: number;
  lastMjd: number;
}

/** A malformed EOP file; `line` is 1-based. */
export class EopParseError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`EOP line ${line}: ${reason}`);
    this.name = 'EopParseError';
    this.line = line;
  }
}

const ZERO: Readonly<EopValues> = Object.freeze({
  dut1Seconds: 0,
  xpArcsec: 0,
  ypArcsec: 0,
  lodSeconds: 0,
  dxArcsec: 0,
  dyArcsec: 0,
  ddPsiArcsec: 0,
  ddEpsArcsec: 0,
  covered: false,
});

/** Rows in the Lagrange stencil of UT1, LOD and the celestial pole offsets (Orekit's degree 3 + 1). */
const STENCIL = 4;

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eEdD][+-]?\d+)?$/;

function num(text: string, line: number, what: string): number {
  const t = text.trim();
  if (!NUMBER_RE.test(t)) throw new EopParseError(line, `${what} '${text}' is not a number`);
  return Number(t.replace(/[dD]/, 'e'));
}

/** TAI − UTC at a (possibly fractional) UTC MJD. */
function datAt(mjd: number): number {
  const day = Math.floor(mjd);
  return taiMinusUtcSeconds(day, mjd - day);
}

function checkDate(line: number, year: number, month: number, day: number, mjd: number): void {
  if (month < 1 || month > 12 || day < 1 || day > 31 || mjdFromCalendarDate(year, month, day) !== Math.floor(mjd)) {
    throw new EopParseError(line, `date ${year}-${month}-${day} does not match MJD ${mjd}`);
  }
}

export class EopTable {
  /** MJD (UTC) of the first and last row; NaN for an empty table. */
  readonly firstMjd: number;
  readonly lastMjd: number;
  /** MJD (UTC) of the last row that is not a prediction; NaN for an empty table or one of predictions only. */
  readonly lastObservedMjd: number;
  readonly format: EopFormat;
  readonly size: number;
  // Column arrays; UT1 is stored as UT1 − TAI so that interpolation never straddles a ΔAT step.
  readonly #mjd: Float64Array;
  readonly #ut1MinusTai: Float64Array;
  readonly #xp: Float64Array;
  readonly #yp: Float64Array;
  readonly #lod: Float64Array;
  readonly #dx: Float64Array;
  readonly #dy: Float64Array;
  readonly #ddPsi: Float64Array;
  readonly #ddEps: Float64Array;
  readonly #predicted: Uint8Array;
  /** Row instants as TAI MJD (uniform days: the abscissa of the interpolation). */
  readonly #taiMjd: Float64Array;
  /** Polar-motion rates, arcsec/day (the file's, else derived). */
  readonly #xpRate: Float64Array;
  readonly #ypRate: Float64Array;
  /** Whether the rates of each row came from the file (rows() gives back only those). */
  readonly #givenRates: Uint8Array;
  readonly #weights = new Float64Array(STENCIL);

  private constructor(rows: readonly EopRow[], format: EopFormat) {
    const n = rows.length;
    this.format = format;
    this.size = n;
    this.#mjd = new Float64Array(n);
    this.#ut1MinusTai = new Float64Array(n);
    this.#xp = new Float64Array(n);
    this.#yp = new Float64Array(n);
    this.#lod = new Float64Array(n);
    this.#dx = new Float64Array(n);
    this.#dy = new Float64Array(n);
    this.#ddPsi = new Float64Array(n);
    this.#ddEps = new Float64Array(n);
    this.#predicted = new Uint8Array(n);
    this.#taiMjd = new Float64Array(n);
    this.#xpRate = new Float64Array(n);
    this.#ypRate = new Float64Array(n);
    this.#givenRates = new Uint8Array(n);
    rows.forEach((r, i) => {
      if (i > 0 && !(r.mjd > rows[i - 1]!.mjd)) {
        throw new Error(`EOP rows must be in strictly increasing MJD order (MJD ${r.mjd} after ${rows[i - 1]!.mjd})`);
      }
      this.#mjd[i] = r.mjd;
      this.#ut1MinusTai[i] = r.dut1Seconds - datAt(r.mjd);
      this.#xp[i] = r.xpArcsec;
      this.#yp[i] = r.ypArcsec;
      this.#lod[i] = r.lodSeconds;
      this.#dx[i] = r.dxArcsec;
      this.#dy[i] = r.dyArcsec;
      this.#ddPsi[i] = r.ddPsiArcsec;
      this.#ddEps[i] = r.ddEpsArcsec;
      this.#predicted[i] = r.predicted ? 1 : 0;
      this.#taiMjd[i] = r.mjd + datAt(r.mjd) / 86400;
      const given = Number.isFinite(r.xpRateArcsecPerDay) && Number.isFinite(r.ypRateArcsecPerDay);
      this.#givenRates[i] = given ? 1 : 0;
      this.#xpRate[i] = given ? r.xpRateArcsecPerDay! : Number.NaN;
      this.#ypRate[i] = given ? r.ypRateArcsecPerDay! : Number.NaN;
    });
    // Missing rates: the derivative at the row of the Lagrange polynomial through its 4-row stencil (Orekit's
    // EOPHistory does the same for files without rates).
    const w = new Float64Array(STENCIL);
    for (let i = 0; i < n; i++) {
      if (this.#givenRates[i] === 1) continue;
      const start = this.#stencilStart(i, Math.min(STENCIL, n));
      const m = Math.min(STENCIL, n);
      lagrangeDerivativeWeights(this.#taiMjd, start, m, this.#taiMjd[i]!, w);
      let dx = 0;
      let dy = 0;
      for (let k = 0; k < m; k++) {
        dx += w[k]! * this.#xp[start + k]!;
        dy += w[k]! * this.#yp[start + k]!;
      }
      this.#xpRate[i] = dx;
      this.#ypRate[i] = dy;
    }
    this.firstMjd = n > 0 ? this.#mjd[0]! : Number.NaN;
    this.lastMjd = n > 0 ? this.#mjd[n - 1]! : Number.NaN;
    let lastObserved = n - 1;
    while (lastObserved >= 0 && this.#predicted[lastObserved] === 1) lastObserved--;
    this.lastObservedMjd = lastObserved >= 0 ? this.#mjd[lastObserved]! : Number.NaN;
  }

  coverage(): EopCoverage {
    return { format: this.format, rows: this.size, firstMjd: this.firstMjd, lastObservedMjd: this.lastObservedMjd, lastMjd: this.lastMjd };
  }

  /** A table without data: every `at()` returns zeros with covered = false. */
  static empty(): EopTable {
    return new EopTable([], 'empty');
  }

  /** From rows already in memory (strictly increasing MJD). */
  static fromRows(rows: readonly EopRow[]): EopTable {
    return new EopTable(rows, 'rows');
  }

  /** Detects the format (C04 or finals2000A) from the first data line and parses. */
  static parse(text: string): EopTable {
    const lines = text.split(/\r?\n/);
    for (const line of lines) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      if (/^\s*MJD\s*;/i.test(line)) return EopTable.fromC04Csv(text);
      if (isFinalsDataLine(line)) return EopTable.fromFinals2000A(text);
      if (C04_DATA_RE.test(line)) return EopTable.fromC04(text);
    }
    throw new EopParseError(1, 'no EOP data rows found (expected IERS C04 or finals2000A format)');
  }

  /** IERS EOP C04 (14 C04 and 20 C04 layouts). */
  static fromC04(text: string): EopTable {
    const lines = text.split(/\r?\n/);
    const rows: EopRow[] = [];
    let nutationIsDpsiDeps = false;
    lines.forEach((line, idx) => {
      const lineNo = idx + 1;
      if (line.trim() === '') return;
      if (line.startsWith('#')) {
        if (/dPsi/i.test(line) && /dEps/i.test(line)) nutationIsDpsiDeps = true;
        return;
      }
      if (!C04_DATA_RE.test(line)) {
        // Free-text header lines (14 C04 has 14 of them) are allowed only before the first data row.
        if (rows.length === 0) return;
        throw new EopParseError(lineNo, `not a C04 data line: '${line.slice(0, 40)}'`);
      }
      const t = line.trim().split(/\s+/);
      let mjd: number;
      let v: number[];
      const year = num(t[0]!, lineNo, 'year');
      const month = num(t[1]!, lineNo, 'month');
      const day = num(t[2]!, lineNo, 'day');
      if (t.length === 16) {
        // 14 C04: y m d MJD x y UT1-UTC LOD dX dY + 6 errors
        mjd = num(t[3]!, lineNo, 'MJD');
        v = [4, 5, 6, 7, 8, 9].map((k, j) => num(t[k]!, lineNo, ['x', 'y', 'UT1-UTC', 'LOD', 'dX', 'dY'][j]!));
        checkDate(lineNo, year, month, day, mjd);
        const [x, y, ut1, lod, a, b] = v as [number, number, number, number, number, number];
        rows.push(c04Row(mjd, x, y, ut1, lod, a, b, nutationIsDpsiDeps));
      } else if (t.length >= 13 && t.length <= 21) {
        // 20 C04: y m d h MJD x y UT1-UTC dX dY xrt yrt LOD [+ 8 errors]
        const hour = num(t[3]!, lineNo, 'hour');
        mjd = num(t[4]!, lineNo, 'MJD');
        checkDate(lineNo, year, month, day, mjd);
        if (Math.abs(mjd - Math.floor(mjd) - hour / 24) > 1e-6) {
          throw new EopParseError(lineNo, `hour ${hour} does not match MJD ${mjd}`);
        }
        v = [5, 6, 7, 8, 9, 10, 11, 12].map((k, j) => num(t[k]!, lineNo, ['x', 'y', 'UT1-UTC', 'dX', 'dY', 'xrt', 'yrt', 'LOD'][j]!));
        const [x, y, ut1, a, b, xRate, yRate, lod] = v as [number, number, number, number, number, number, number, number];
        rows.push({ ...c04Row(mjd, x, y, ut1, lod, a, b, nutationIsDpsiDeps), xpRateArcsecPerDay: xRate, ypRateArcsecPerDay: yRate });
      } else {
        throw new EopParseError(lineNo, `expected 16 (14 C04) or 13-21 (20 C04) fields, found ${t.length}`);
      }
      const prev = rows[rows.length - 2];
      if (prev && !(mjd > prev.mjd)) throw new EopParseError(lineNo, `MJD ${mjd} is not after the previous row (${prev.mjd})`);
    });
    if (rows.length === 0) throw new EopParseError(lines.length, 'no C04 data rows found');
    return new EopTable(rows, 'C04');
  }

  /** IERS EOP 20 C04 semicolon-separated values with a header row (columns found by name). */
  static fromC04Csv(text: string): EopTable {
    const lines = text.split(/\r?\n/);
    const headerIdx = lines.findIndex((l) => /^\s*MJD\s*;/i.test(l));
    if (headerIdx < 0) throw new EopParseError(1, 'no header row starting with MJD; found (expected IERS C04 CSV)');
    const names = lines[headerIdx]!.split(';').map((h) => h.trim());
    const column = (name: string): number => {
      const k = names.indexOf(name);
      if (k < 0) throw new EopParseError(headerIdx + 1, `header has no '${name}' column`);
      return k;
    };
    const c = {
      mjd: column('MJD'), year: column('Year'), month: column('Month'), day: column('Day'),
      x: column('x_pole'), y: column('y_pole'), ut1: column('UT1-UTC'), lod: column('LOD'), dx: column('dX'), dy: column('dY'),
    };
    // pole rates (arcsec/day) are optional columns: without them the rates are derived (see the header)
    const xRateColumn = names.indexOf('x_rate');
    const yRateColumn = names.indexOf('y_rate');
    const rows: EopRow[] = [];
    for (let idx = headerIdx + 1; idx < lines.length; idx++) {
      const line = lines[idx]!;
      const lineNo = idx + 1;
      if (line.trim() === '') continue;
      const f = line.split(';');
      if (f.length !== names.length) throw new EopParseError(lineNo, `expected ${names.length} fields like the header, found ${f.length}`);
      const field = (k: number, what: string) => num(f[k]!, lineNo, what);
      const optional = (k: number, what: string) => (f[k]!.trim() === '' ? 0 : field(k, what));
      const mjd = field(c.mjd, 'MJD');
      checkDate(lineNo, field(c.year, 'Year'), field(c.month, 'Month'), field(c.day, 'Day'), mjd);
      const prev = rows[rows.length - 1];
      if (prev && !(mjd > prev.mjd)) throw new EopParseError(lineNo, `MJD ${mjd} is not after the previous row (${prev.mjd})`);
      const row = c04Row(mjd, field(c.x, 'x_pole'), field(c.y, 'y_pole'), field(c.ut1, 'UT1-UTC'), optional(c.lod, 'LOD'),
        optional(c.dx, 'dX'), optional(c.dy, 'dY'), false);
      const rate = (k: number, what: string) => (k < 0 || f[k]!.trim() === '' ? Number.NaN : field(k, what));
      const xRate = rate(xRateColumn, 'x_rate');
      const yRate = rate(yRateColumn, 'y_rate');
      rows.push(Number.isFinite(xRate) && Number.isFinite(yRate) ? { ...row, xpRateArcsecPerDay: xRate, ypRateArcsecPerDay: yRate } : row);
    }
    if (rows.length === 0) throw new EopParseError(lines.length, 'no C04 CSV data rows found');
    return new EopTable(rows, 'C04_CSV');
  }

  /**
   * `older` continued by `newer`: the rows of `older` before `newer` starts, then every row of `newer` (a newer
   * series wins where both cover a day). Used to extend a long historical series with a recent file.
   */
  static spliced(older: EopTable, newer: EopTable): EopTable {
    if (newer.size === 0) return older;
    const head = older.rows().filter((r) => r.mjd < newer.firstMjd);
    const format = older.format.startsWith('C04') && newer.format.startsWith('C04') ? 'C04' : 'rows';
    return new EopTable([...head, ...newer.rows()], format);
  }

  /** IERS/USNO finals2000A fixed-column format (Bulletin A columns). */
  static fromFinals2000A(text: string): EopTable {
    const lines = text.split(/\r?\n/);
    const rows: EopRow[] = [];
    let ended = false;
    lines.forEach((raw, idx) => {
      const lineNo = idx + 1;
      if (raw.trim() === '') return;
      if (!isFinalsDataLine(raw)) throw new EopParseError(lineNo, `not a finals2000A line (columns 1-15 must be yymmdd and MJD)`);
      const line = raw.padEnd(185, ' ');
      const col = (a: number, b: number) => line.slice(a - 1, b); // 1-based inclusive byte columns
      const mjd = num(col(8, 15), lineNo, 'MJD (cols 8-15)');
      const yy = num(col(1, 2), lineNo, 'year (cols 1-2)');
      const year = yy + (mjd <= 51543 ? 1900 : 2000);
      checkDate(lineNo, year, num(col(3, 4), lineNo, 'month (cols 3-4)'), num(col(5, 6), lineNo, 'day (cols 5-6)'), mjd);
      const pmBlank = col(19, 27).trim() === '' && col(38, 46).trim() === '';
      const ut1Blank = col(59, 68).trim() === '';
      if (pmBlank && ut1Blank) {
        // The empty future tail of finals2000A.all: coverage ends at the previous row.
        ended = true;
        return;
      }
      if (ended) throw new EopParseError(lineNo, 'data row after rows without values');
      if (pmBlank || ut1Blank) throw new EopParseError(lineNo, `missing ${pmBlank ? 'polar motion (cols 19-46)' : 'UT1-UTC (cols 59-68)'}`);
      for (const [c, name] of [[17, 'polar motion'], [58, 'UT1-UTC'], [96, 'nutation']] as const) {
        const f = col(c, c);
        if (f !== ' ' && f !== 'I' && f !== 'P') throw new EopParseError(lineNo, `${name} flag (col ${c}) must be I or P, found '${f}'`);
      }
      const opt = (a: number, b: number, what: string) => (col(a, b).trim() === '' ? 0 : num(col(a, b), lineNo, what));
      const prev = rows[rows.length - 1];
      if (prev && !(mjd > prev.mjd)) throw new EopParseError(lineNo, `MJD ${mjd} is not after the previous row (${prev.mjd})`);
      rows.push({
        mjd,
        xpArcsec: num(col(19, 27), lineNo, 'PM-x (cols 19-27)'),
        ypArcsec: num(col(38, 46), lineNo, 'PM-y (cols 38-46)'),
        dut1Seconds: num(col(59, 68), lineNo, 'UT1-UTC (cols 59-68)'),
        lodSeconds: opt(80, 86, 'LOD (cols 80-86)') / 1000,
        dxArcsec: opt(98, 106, 'dX (cols 98-106)') / 1000,
        dyArcsec: opt(117, 125, 'dY (cols 117-125)') / 1000,
        ddPsiArcsec: 0,
        ddEpsArcsec: 0,
        predicted: col(17, 17) === 'P' || col(58, 58) === 'P',
      });
    });
    if (rows.length === 0) throw new EopParseError(lines.length, 'no finals2000A data rows found');
    return new EopTable(rows, 'finals2000A');
  }

  /** True when `mjdUtc` lies within [firstMjd, lastMjd]. */
  covers(mjdUtc: number): boolean {
    return this.size > 0 && mjdUtc >= this.firstMjd && mjdUtc <= this.lastMjd;
  }

  /**
   * First row of the `count`-row stencil around the interval starting at row i: i − ⌊(count − 1)/2⌋, shifted inside
   * the table (Orekit's `SortedListTrimmer`): rows i−1 … i+2 for 4, i … i+1 for 2.
   */
  #stencilStart(i: number, count: number): number {
    const start = Math.max(0, i - ((count - 1) >> 1));
    return Math.min(this.size, start + count) - count;
  }

  /**
   * EOP at `epoch`, interpolated as the header says (Lagrange through 4 rows, cubic Hermite for the pole); zeros with
   * covered = false outside the table. Never throws.
   */
  at(epoch: Epoch): EopValues {
    const utc = epoch.label('UTC');
    // MJD(UTC) as astropy/ERFA form it (quasi-MJD): the leap-second day counts 86401 s.
    const mjd = utc.day + utc.seconds / utcDayInfo(utc.day).lengthSeconds;
    if (!this.covers(mjd)) return { ...ZERO };
    const m = this.#mjd;
    // Binary search for the interval [m[i], m[i+1]) holding mjd (i = last row at its own instant).
    let lo = 0;
    let hi = this.size - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (m[mid]! <= mjd) lo = mid;
      else hi = mid;
    }
    const i = mjd >= m[this.size - 1]! ? this.size - 1 : lo;
    const tai = epoch.label('TAI');
    const x = tai.day + tai.seconds / 86400;
    // 4-point Lagrange (fewer rows: all of them)
    const count = Math.min(STENCIL, this.size);
    const start = this.#stencilStart(i, count);
    const w = this.#weights;
    lagrangeWeights(this.#taiMjd, start, count, x, w);
    const lagrange = (a: Float64Array) => {
      let v = 0;
      for (let k = 0; k < count; k++) v += w[k]! * a[start + k]!;
      return v;
    };
    // cubic Hermite on the bracketing pair (a single row: its value)
    let xp = this.#xp[i]!;
    let yp = this.#yp[i]!;
    if (this.size > 1) {
      const a = this.#stencilStart(i, 2);
      const b = a + 1;
      const h = this.#taiMjd[b]! - this.#taiMjd[a]!;
      const u = (x - this.#taiMjd[a]!) / h;
      const u2 = u * u;
      const u3 = u2 * u;
      const h00 = 2 * u3 - 3 * u2 + 1;
      const h10 = (u3 - 2 * u2 + u) * h;
      const h01 = -2 * u3 + 3 * u2;
      const h11 = (u3 - u2) * h;
      xp = h00 * this.#xp[a]! + h10 * this.#xpRate[a]! + h01 * this.#xp[b]! + h11 * this.#xpRate[b]!;
      yp = h00 * this.#yp[a]! + h10 * this.#ypRate[a]! + h01 * this.#yp[b]! + h11 * this.#ypRate[b]!;
    }
    const j = Math.min(i + 1, this.size - 1);
    // ΔAT at the epoch, for its UTC calendar day (old value inside a leap second, like the table's own rows).
    const dat = taiMinusUtcSeconds(utc.day, mjd - utc.day);
    return {
      dut1Seconds: lagrange(this.#ut1MinusTai) + dat,
      xpArcsec: xp,
      ypArcsec: yp,
      lodSeconds: lagrange(this.#lod),
      dxArcsec: lagrange(this.#dx),
      dyArcsec: lagrange(this.#dy),
      ddPsiArcsec: lagrange(this.#ddPsi),
      ddEpsArcsec: lagrange(this.#ddEps),
      covered: true,
      predicted: this.#predicted[i] === 1 || (mjd > m[i]! && this.#predicted[j] === 1),
    };
  }

  /** UT1−UTC source for Epoch.parse/toString/julianDate in UT1 (zero outside coverage). */
  dut1(): (epoch: Epoch) => number {
    return (epoch: Epoch) => this.at(epoch).dut1Seconds;
  }

  /** The rows as parsed (UT1−UTC restored). */
  rows(): EopRow[] {
    const out: EopRow[] = [];
    for (let i = 0; i < this.size; i++) {
      const mjd = this.#mjd[i]!;
      out.push({
        mjd,
        dut1Seconds: this.#ut1MinusTai[i]! + datAt(mjd),
        xpArcsec: this.#xp[i]!,
        ypArcsec: this.#yp[i]!,
        lodSeconds: this.#lod[i]!,
        dxArcsec: this.#dx[i]!,
        dyArcsec: this.#dy[i]!,
        ddPsiArcsec: this.#ddPsi[i]!,
        ddEpsArcsec: this.#ddEps[i]!,
        predicted: this.#predicted[i] === 1,
        ...(this.#givenRates[i] === 1 ? { xpRateArcsecPerDay: this.#xpRate[i]!, ypRateArcsecPerDay: this.#ypRate[i]! } : {}),
      });
    }
    return out;
  }

  /** Human-readable coverage, e.g. for an OEM COMMENT: "EOP C04 1962-01-01 .. 2022-11-29 (22248 rows)". */
  describe(): string {
    if (this.size === 0) return 'no EOP data';
    const d = (mjd: number) => Epoch.fromLabel('UTC', Math.floor(mjd), 0).toString('UTC', 0).slice(0, 10);
    return `EOP ${this.format} ${d(this.firstMjd)} .. ${d(this.lastMjd)} (${this.size} rows)`;
  }
}

const C04_DATA_RE = /^\s*\d{4}\s+\d{1,2}\s+\d{1,2}\s+\d/;

function isFinalsDataLine(line: string): boolean {
  return line.length >= 15 && /^[ \d]{6} $/.test(line.slice(0, 7)) && /^ *\d+\.\d+$/.test(line.slice(7, 15));
}

function c04Row(
  mjd: number,
  x: number,
  y: number,
  ut1: number,
  lod: number,
  nutA: number,
  nutB: number,
  nutationIsDpsiDeps: boolean,
): EopRow {
  return {
    mjd,
    xpArcsec: x,
    ypArcsec: y,
    dut1Seconds: ut1,
    lodSeconds: lod,
    dxArcsec: nutationIsDpsiDeps ? 0 : nutA,
    dyArcsec: nutationIsDpsiDeps ? 0 : nutB,
    ddPsiArcsec: nutationIsDpsiDeps ? nutA : 0,
    ddEpsArcsec: nutationIsDpsiDeps ? nutB : 0,
    predicted: false,
  };
}

/** Lagrange weights at x over the nodes t[start … start+count−1] into w[0 … count−1]. */
function lagrangeWeights(t: Float64Array, start: number, count: number, x: number, w: Float64Array): void {
  for (let k = 0; k < count; k++) {
    const tk = t[start + k]!;
    let v = 1;
    for (let l = 0; l < count; l++) if (l !== k) v *= (x - t[start + l]!) / (tk - t[start + l]!);
    w[k] = v;
  }
}

/** Weights of the derivative d/dx of the Lagrange polynomial at x over the same nodes (per day). */
function lagrangeDerivativeWeights(t: Float64Array, start: number, count: number, x: number, w: Float64Array): void {
  for (let k = 0; k < count; k++) {
    const tk = t[start + k]!;
    let den = 1;
    for (let l = 0; l < count; l++) if (l !== k) den *= tk - t[start + l]!;
    // d/dx Π_{l≠k}(x − t_l) = Σ_{m≠k} Π_{l≠k,m}(x − t_l)
    let sum = 0;
    for (let q = 0; q < count; q++) {
      if (q === k) continue;
      let p = 1;
      for (let l = 0; l < count; l++) if (l !== k && l !== q) p *= x - t[start + l]!;
      sum += p;
    }
    w[k] = sum / den;
  }
}
