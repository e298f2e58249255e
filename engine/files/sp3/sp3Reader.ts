/**
 * SP3 precise orbit file reader, versions a, b, c and d (IGS/NGS "The Extended Standard Product 3 Orbit Format",
 * SP3-a 1991, SP3-c 2010, SP3-d 2016), streaming.
 *
 * Header lines: `#` version/epoch line, `##` GPS week line, `+ ` satellite ids, `++` accuracy exponents, `%c` file
 * type and time system, `%f` accuracy bases, `%i` (ignored), `/*` comments. Data: `*` epoch records, `P` position
 * records (km, clock µs), `V` velocity records (dm/s, clock rate 10⁻⁴ µs/s), `EP`/`EV` correlation records (skipped),
 * `EOF`. Records are handed to a callback as soon as they are complete (after the V record of velocity files),
 * with velocities converted to km/s. Every error names its line.
 *
 * Accepted although not strictly per the format description (as Orekit does):
 * - SP3-a/b/c headers listing 86..99 satellites (the format allows 85) are accepted; more is refused;
 * - the number of comment lines of SP3-a/b/c headers is not required to be exactly 4 (their length is checked);
 * - epoch records with overflowing fields (`16 60  0.0`, `24  0  0.0`) are normalized by carrying over;
 * - P/V records of satellites missing from the header list are skipped and counted (`skippedRecordCount`).
 */
import { Sp3ParseError, quoteInput, readDataRecord, type DataErrorHandler } from '../common/errors.ts';
import { KvnLineSplitter } from '../common/kvnLexer.ts';
import { isCcsdsNumber } from '../common/values.ts';
import type { ApsisTimeScale } from '../common/definitions.ts';
import { Epoch, calendarDateFromMjd, daysInMonth, type CalendarFields } from '../../time/epoch.ts';
import { mjdFromCalendarDate } from '../../time/leapSeconds.ts';

export type Sp3Version = 'a' | 'b' | 'c' | 'd';

export interface Sp3Header {
  version: Sp3Version;
  /** `P` (positions only) or `V` (positions and velocities). */
  positionVelocityFlag: 'P' | 'V';
  startEpoch: CalendarFields;
  numberOfEpochs: number;
  dataUsed: string;
  coordinateSystem: string;
  orbitType: string;
  agency: string;
  gpsWeek: number;
  secondsOfWeek: number;
  epochIntervalS: number;
  modifiedJulianDay: number;
  dayFraction: number;
  /** Normalized satellite ids (`G01`, `R24`, `L51`; SP3-a integer ids become `Gnn`). */
  satelliteIds: string[];
  /** Accuracy exponents per satellite (accuracy = 2^exp mm), 0 = unknown. */
  accuracyExponents: number[];
  /** File type from the first `%c` line (G, M, R, L, E, C, J, I, S), null for SP3-a placeholders. */
  fileType: string | null;
  /** Time system: GPS, GLO, GAL, TAI, UTC, QZS, BDT, IRN, GMT, LCL (`ccc` placeholder = GPS). */
  timeSystem: string;
  positionVelocityBase: number | null;
  clockBase: number | null;
  comments: string[];
}

export interface Sp3Record {
  satelliteId: string;
  /** 0-based index of the epoch record. */
  epochIndex: number;
  /** Epoch as `YYYY-MM-DDThh:mm:ss.ssssssss` in `header.timeSystem`. */
  epoch: string;
  epochFields: CalendarFields;
  /** km; null when the file marks the position as absent (0.000000 in all three). */
  positionKm: [number, number, number] | null;
  /** µs; null when absent (999999.999999 or blank). */
  clockUs: number | null;
  /** km/s (converted from dm/s); null for position files or absent velocities. */
  velocityKmS: [number, number, number] | null;
  /** 10⁻⁴ µs/s; null when absent. */
  clockRate: number | null;
  /** Line of the P record. */
  line: number;
}

export interface Sp3Handlers {
  onHeader?(header: Sp3Header): void;
  onRecord?(record: Sp3Record): void;
  /** A P or V record that cannot be read: reported here and skipped (with the V record of a skipped P). */
  onDataError?: DataErrorHandler;
}

export interface Sp3Summary {
  header: Sp3Header;
  epochCount: number;
  recordCount: number;
  /** P records of satellites missing from the header list, skipped (as Orekit does). */
  skippedRecordCount: number;
}

/** Apsis time scale of an SP3 time system and the offset to add to file epochs to get that scale. */
export function sp3TimeScale(timeSystem: string): { scale: ApsisTimeScale; offsetS: number } {
  switch (timeSystem) {
    case 'GPS':
    case 'GAL': // Galileo System Time is steered to GPS time (same epoch and seconds)
    case 'QZS':
    case 'IRN':
    case 'LCL': // unknown local time: treated as GPS, like Orekit
      return { scale: 'GPS', offsetS: 0 };
    case 'BDT': // BeiDou time = GPS − 14 s
      return { scale: 'GPS', offsetS: 14 };
    case 'GLO': // GLONASS time = UTC + 3 h
      return { scale: 'UTC', offsetS: -10800 };
    case 'TAI':
      return { scale: 'TAI', offsetS: 0 };
    case 'UTC':
    case 'GMT':
      return { scale: 'UTC', offsetS: 0 };
    default:
      throw new RangeError(`unknown SP3 time system ${timeSystem}`);
  }
}

const TIME_SYSTEMS = new Set(['GPS', 'GLO', 'GAL', 'TAI', 'UTC', 'QZS', 'BDT', 'IRN', 'GMT', 'LCL']);
const FILE_TYPES = new Set(['G', 'M', 'R', 'L', 'E', 'S', 'I', 'C', 'J']);
const ABSENT_CLOCK = 999999.999999;

type Section = 'version' | 'gpsWeek' | 'satellites' | 'accuracy' | 'typeLines' | 'baseLines' | 'intLines' | 'comments' | 'data' | 'done';

/** MJD of 1970-01-01: epochs are compared as seconds since 1970 (keeps the doubles small). */
const MJD_1970 = 40587;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Incremental SP3 reader. */
export class Sp3Reader {
  private readonly splitter: KvnLineSplitter;
  private section: Section = 'version';
  private header: Partial<Sp3Header> & { comments: string[]; satelliteIds: string[]; accuracyExponents: number[] } = {
    comments: [],
    satelliteIds: [],
    accuracyExponents: [],
  };
  private declaredSatellites = 0;
  private satelliteSet = new Set<string>();
  private typeLines = 0;
  private baseLines = 0;
  private startSeconds = 0;
  private epochIndex = -1;
  private epochFields: CalendarFields | null = null;
  private epochText = '';
  private seenInEpoch = new Set<string>();
  private pending: Sp3Record | null = null;
  private recordCount = 0;
  private lastLine = 0;
  private builtHeader: Sp3Header | null = null;
  private recordSeen = false;
  private skippedSatellite: string | null = null;
  /** Satellite whose P record could not be read (its V record is skipped, not reported twice). */
  private skipVelocityOf: string | undefined = undefined;
  private skippedRecordCount = 0;

  constructor(private readonly handlers: Sp3Handlers = {}) {
    this.splitter = new KvnLineSplitter((text, line) => this.onLine(text, line), 4096);
  }

  push(chunk: string): this {
    this.splitter.push(chunk);
    return this;
  }

  end(): Sp3Summary {
    this.splitter.end();
    const header = this.builtHeader;
    if (!header) throw new Sp3ParseError(this.lastLine, 'SP3 header is incomplete (truncated file?)');
    this.flush();
    const epochCount = this.epochIndex + 1;
    if (this.section !== 'done') {
      throw new Sp3ParseError(
        this.lastLine,
        `file ends without the EOF line (truncated?): ${epochCount} of ${header.numberOfEpochs} announced epochs found`,
        'EOF',
      );
    }
    return { header, epochCount, recordCount: this.recordCount, skippedRecordCount: this.skippedRecordCount };
  }

  private fail(line: number, message: string, keyword?: string): never {
    throw new Sp3ParseError(line, message, keyword);
  }

  private onLine(raw: string, line: number): void {
    this.lastLine = line;
    const text = raw.replace(/\s+$/, '');
    if (this.section === 'done') return; // Orekit also stops at EOF
    if (text === '') {
      if (this.section === 'data') return;
      this.fail(line, 'blank line in the SP3 header');
    }
    switch (this.section) {
      case 'version':
        return this.versionLine(text, line);
      case 'gpsWeek':
        return this.gpsWeekLine(text, line);
      case 'satellites':
      case 'accuracy':
      case 'typeLines':
      case 'baseLines':
      case 'intLines':
      case 'comments':
        return this.headerLine(text, line);
      case 'data':
        return this.dataLine(text, line);
    }
  }

  // ----- header -----

  private versionLine(text: string, line: number): void {
    if (!text.startsWith('#') || text.startsWith('##')) this.fail(line, `first line must be the SP3 version line "#a", "#c" or "#d", got ${quoteInput(text)}`);
    const version = text[1];
    if (version === undefined || !'abcd'.includes(version)) {
      this.fail(line, `unsupported SP3 version ${quoteInput(version ?? '')} (supported: a, b, c, d)`, '#');
    }
    const flag = text[2];
    if (flag !== 'P' && flag !== 'V') this.fail(line, `position/velocity flag must be P or V, got ${quoteInput(flag ?? '')}`, '#');
    const fields = text.slice(3).trim().split(/\s+/);
    if (fields.length < 10) this.fail(line, `version line has ${fields.length + 1} fields, expected at least 11`, '#');
    const integer = (s: string, what: string): number => {
      if (!/^[+-]?\d+$/.test(s)) this.fail(line, `${what} must be an integer, got ${quoteInput(s)}`, '#');
      return Number(s);
    };
    const real = (s: string, what: string): number => {
      if (!isCcsdsNumber(s)) this.fail(line, `${what} must be a number, got ${quoteInput(s)}`, '#');
      return Number(s);
    };
    const startEpoch = this.checkEpochFields(
      {
        year: integer(fields[0]!, 'year'),
        month: integer(fields[1]!, 'month'),
        day: integer(fields[2]!, 'day'),
        hour: integer(fields[3]!, 'hour'),
        minute: integer(fields[4]!, 'minute'),
        second: real(fields[5]!, 'second'),
      },
      line,
      '#',
    );
    Object.assign(this.header, {
      version: version as Sp3Version,
      positionVelocityFlag: flag,
      startEpoch,
      numberOfEpochs: integer(fields[6]!, 'number of epochs'),
      dataUsed: fields[7]!,
      coordinateSystem: fields[8]!,
      orbitType: fields[9]!,
      agency: fields[10] ?? '',
    });
    this.startSeconds = this.secondsOf(startEpoch);
    this.section = 'gpsWeek';
  }

  private gpsWeekLine(text: string, line: number): void {
    if (!text.startsWith('##')) this.fail(line, `second line must start with "##", got ${quoteInput(text)}`, '##');
    const fields = text.slice(2).trim().split(/\s+/);
    if (fields.length !== 5 || !fields.every(isCcsdsNumber)) this.fail(line, `"##" line must hold 5 numbers, got ${quoteInput(text)}`, '##');
    const [week, sow, interval, mjd, fraction] = fields.map(Number) as [number, number, number, number, number];
    if (!(interval > 0)) this.fail(line, `epoch interval must be positive, got ${fields[2]}`, '##');
    Object.assign(this.header, { gpsWeek: week, secondsOfWeek: sow, epochIntervalS: interval, modifiedJulianDay: mjd, dayFraction: fraction });
    this.section = 'satellites';
  }

  private normalizeSatelliteId(raw: string): string {
    const id = raw.trim();
    if (/^\d+$/.test(id)) return `G${id.padStart(2, '0')}`; // SP3-a: GPS PRN numbers only
    return id.length === 3 && id[1] === ' ' ? `${id[0]}0${id[2]}` : id;
  }

  private maxSatellites(): number {
    return this.header.version === 'd' ? 999 : 99;
  }

  private headerLine(text: string, line: number): void {
    const version = this.header.version!;
    if (text.startsWith('++')) {
      if (this.section !== 'satellites' && this.section !== 'accuracy') this.fail(line, 'unexpected "++" line', '++');
      if (this.section === 'satellites') this.endSatellites(line);
      this.section = 'accuracy';
      for (let start = 9; start + 3 <= text.length && this.header.accuracyExponents.length < this.declaredSatellites; start += 3) {
        const field = text.slice(start, start + 3).trim();
        if (field === '') continue;
        if (!/^\d+$/.test(field)) this.fail(line, `accuracy exponent must be an integer, got ${quoteInput(field)}`, '++');
        this.header.accuracyExponents.push(Number(field));
      }
      return;
    }
    if (text.startsWith('+')) {
      if (this.section !== 'satellites') this.fail(line, 'unexpected "+" line after the satellite list', '+');
      if (this.header.satelliteIds.length === 0 && this.declaredSatellites === 0) {
        const count = text.slice(3, 6).trim();
        if (!/^\d+$/.test(count)) this.fail(line, `number of satellites must be an integer, got ${quoteInput(count)}`, '+');
        this.declaredSatellites = Number(count);
        if (this.declaredSatellites > this.maxSatellites()) {
          this.fail(
            line,
            `SP3-${version} allows at most ${version === 'd' ? 999 : 85} satellites${version === 'd' ? '' : ' (99 tolerated)'}, the header lists ${this.declaredSatellites}`,
            '+',
          );
        }
      }
      for (let start = 9; start + 3 <= text.length && this.header.satelliteIds.length < this.declaredSatellites; start += 3) {
        const field = text.slice(start, start + 3);
        if (field.trim() === '' || field.trim() === '0') continue;
        if (!/^[A-Z ]?[ \d]\d$|^\d{1,3}$/.test(field.trim()) && !/^[A-Z][ \d]\d$/.test(field)) {
          this.fail(line, `invalid satellite id ${quoteInput(field)}`, '+');
        }
        const id = this.normalizeSatelliteId(field);
        if (this.satelliteSet.has(id)) this.fail(line, `satellite ${id} listed twice`, '+');
        this.satelliteSet.add(id);
        this.header.satelliteIds.push(id);
      }
      return;
    }
    if (this.section === 'satellites') this.fail(line, `expected "+" or "++" header line, got ${quoteInput(text)}`);
    if (this.section === 'accuracy') {
      if (!text.startsWith('%c')) this.fail(line, `expected "%c" header line, got ${quoteInput(text)}`, '%c');
      this.section = 'typeLines';
    }
    if (text.startsWith('%c')) {
      if (this.section !== 'typeLines' || this.typeLines >= 2) this.fail(line, 'unexpected "%c" line', '%c');
      if (this.typeLines === 0) {
        const fileType = text.slice(3, 5).trim();
        const timeSystem = text.slice(9, 12).trim();
        if (version !== 'a') {
          if (!FILE_TYPES.has(fileType)) this.fail(line, `unknown SP3 file type ${quoteInput(fileType)}`, '%c');
        }
        const system = timeSystem.toLowerCase() === 'ccc' || timeSystem === '' ? 'GPS' : timeSystem;
        if (!TIME_SYSTEMS.has(system)) this.fail(line, `unknown SP3 time system ${quoteInput(timeSystem)}`, '%c');
        this.header.fileType = FILE_TYPES.has(fileType) ? fileType : null;
        this.header.timeSystem = system;
      }
      this.typeLines++;
      return;
    }
    if (this.section === 'typeLines') {
      if (!text.startsWith('%f')) this.fail(line, `expected "%f" header line, got ${quoteInput(text)}`, '%f');
      this.section = 'baseLines';
    }
    if (text.startsWith('%f')) {
      if (this.section !== 'baseLines' || this.baseLines >= 2) this.fail(line, 'unexpected "%f" line', '%f');
      if (this.baseLines === 0) {
        const posVel = text.slice(3, 13).trim();
        const clock = text.slice(14, 26).trim();
        if (!isCcsdsNumber(posVel) || !isCcsdsNumber(clock)) this.fail(line, `"%f" line must hold the accuracy bases, got ${quoteInput(text)}`, '%f');
        this.header.positionVelocityBase = Number(posVel) === 0 ? null : Number(posVel);
        this.header.clockBase = Number(clock) === 0 ? null : Number(clock);
      }
      this.baseLines++;
      return;
    }
    if (this.section === 'baseLines') {
      if (!text.startsWith('%i')) this.fail(line, `expected "%i" header line, got ${quoteInput(text)}`, '%i');
      this.section = 'intLines';
    }
    if (text.startsWith('%i')) {
      if (this.section !== 'intLines') this.fail(line, 'unexpected "%i" line', '%i');
      return;
    }
    if (text.startsWith('/*') || text.startsWith('%/*')) {
      // SP3-a/b/c: comment lines are 60 columns; SP3-d: up to 80 columns
      const maxLength = version === 'd' ? 80 : 60;
      if (text.length > maxLength) {
        this.fail(line, `comment line is ${text.length} characters long, SP3-${version} allows ${maxLength}`, '/*');
      }
      this.header.comments.push(text.slice(text.indexOf('*') + 1).trim());
      this.section = 'comments';
      return;
    }
    if (text.startsWith('*')) {
      this.finishHeader(line);
      return this.dataLine(text, line);
    }
    this.fail(line, `unexpected header line ${quoteInput(text)}`);
  }

  private endSatellites(line: number): void {
    if (this.header.satelliteIds.length !== this.declaredSatellites) {
      this.fail(line, `header announces ${this.declaredSatellites} satellites but lists ${this.header.satelliteIds.length}`, '+');
    }
  }

  private finishHeader(line: number): void {
    if (this.section !== 'comments' && this.section !== 'intLines') this.fail(line, 'epoch record before the end of the header');
    const h = this.header;
    this.builtHeader = {
      version: h.version!,
      positionVelocityFlag: h.positionVelocityFlag!,
      startEpoch: h.startEpoch!,
      numberOfEpochs: h.numberOfEpochs!,
      dataUsed: h.dataUsed!,
      coordinateSystem: h.coordinateSystem!,
      orbitType: h.orbitType!,
      agency: h.agency!,
      gpsWeek: h.gpsWeek!,
      secondsOfWeek: h.secondsOfWeek!,
      epochIntervalS: h.epochIntervalS!,
      modifiedJulianDay: h.modifiedJulianDay!,
      dayFraction: h.dayFraction!,
      satelliteIds: h.satelliteIds,
      accuracyExponents: h.accuracyExponents,
      fileType: h.fileType ?? null,
      timeSystem: h.timeSystem ?? 'GPS',
      positionVelocityBase: h.positionVelocityBase ?? null,
      clockBase: h.clockBase ?? null,
      comments: h.comments,
    };
    this.section = 'data';
    this.handlers.onHeader?.(this.builtHeader);
  }

  // ----- epochs -----

  private checkEpochFields(fields: CalendarFields, line: number, keyword: string): CalendarFields {
    const { year, month, day, hour, minute, second } = fields;
    if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 0 || day > 31 || hour < 0 || hour > 24 || minute < 0 || minute > 60 || !(second >= 0 && second <= 60.5)) {
      this.fail(line, `invalid epoch ${year} ${month} ${day} ${hour} ${minute} ${second}`, keyword);
    }
    const monthDays = daysInMonth(year, month);
    if (day > monthDays) this.fail(line, `invalid epoch: day ${day} of month ${month}/${year}`, keyword);
    return fields;
  }

  /** Build the epoch with the Apsis time API in the file's time scale, so impossible dates fail with their line. */
  private checkWithEpochApi(f: CalendarFields, line: number): void {
    const { scale } = sp3TimeScale(this.builtHeader!.timeSystem);
    try {
      Epoch.fromCalendar(f.year, f.month, f.day, f.hour, f.minute, f.second, scale, 0);
    } catch (error) {
      if (error instanceof RangeError) this.fail(line, `invalid epoch: ${error.message}`, '*');
      throw error;
    }
  }

  /** Seconds since 1970 of calendar fields, overflowing fields carried (time-scale agnostic). */
  private secondsOf(f: CalendarFields): number {
    return (mjdFromCalendarDate(f.year, f.month, f.day) - MJD_1970) * 86400 + f.hour * 3600 + f.minute * 60 + f.second;
  }

  private epochLine(text: string, line: number): void {
    this.flush();
    const fields = text.slice(1).trim().split(/\s+/);
    if (fields.length !== 6 || !fields.slice(0, 5).every((s) => /^\d+$/.test(s)) || !isCcsdsNumber(fields[5]!)) {
      this.fail(line, `epoch record must be "*  YYYY MM DD hh mm ss.ssssssss", got ${quoteInput(text)}`, '*');
    }
    const raw = this.checkEpochFields(
      { year: +fields[0]!, month: +fields[1]!, day: +fields[2]!, hour: +fields[3]!, minute: +fields[4]!, second: +fields[5]! },
      line,
      '*',
    );
    const seconds = this.secondsOf(raw);
    const header = this.builtHeader!;
    const steps = (seconds - this.startSeconds) / header.epochIntervalS;
    if (Math.abs(steps - Math.round(steps)) > 1e-3) {
      this.fail(line, `epoch is not on the ${header.epochIntervalS} s sampling grid starting at the header epoch`, '*');
    }
    if (this.epochIndex >= 0 && seconds <= this.secondsOf(this.epochFields!)) {
      this.fail(line, 'epochs must increase', '*');
    }
    // normalize overflowing fields (minute 60, hour 24) by carrying, as some producers write them
    const decimals = fields[5]!.includes('.') ? fields[5]!.length - fields[5]!.indexOf('.') - 1 : 0;
    // The seconds field is F11.8: more digits than a double holds is not a time.
    if (decimals > 17) this.fail(line, `the seconds field "${fields[5]}" has ${decimals} decimals (at most 17)`, '*');
    let normalized = raw;
    if (raw.hour > 23 || raw.minute > 59 || raw.second >= 60) {
      const days = Math.floor(seconds / 86400);
      const secondsOfDay = seconds - days * 86400;
      const hour = Math.floor(secondsOfDay / 3600);
      const minute = Math.floor((secondsOfDay - hour * 3600) / 60);
      normalized = { ...calendarDateFromMjd(days + MJD_1970), hour, minute, second: Number((secondsOfDay - hour * 3600 - minute * 60).toFixed(decimals)) };
    }
    const secondText = normalized.second.toFixed(decimals);
    this.checkWithEpochApi(normalized, line);
    this.epochFields = normalized;
    this.epochText =
      `${normalized.year}-${pad(normalized.month)}-${pad(normalized.day)}T${pad(normalized.hour)}:${pad(normalized.minute)}:` +
      (normalized.second < 10 ? `0${secondText}` : secondText);
    this.epochIndex++;
    this.seenInEpoch.clear();
    this.recordSeen = false;
    if (this.epochIndex >= header.numberOfEpochs) {
      this.fail(line, `more epoch records than the ${header.numberOfEpochs} announced in the header`, '*');
    }
  }

  // ----- data records -----

  private dataLine(text: string, line: number): void {
    if (/^EOF\s*$/i.test(text)) {
      this.flush();
      const header = this.builtHeader!;
      if (this.epochIndex + 1 !== header.numberOfEpochs) {
        this.fail(line, `header announces ${header.numberOfEpochs} epochs but the file has ${this.epochIndex + 1}`, 'EOF');
      }
      this.section = 'done';
      return;
    }
    if (text.startsWith('* ') || text === '*') return this.epochLine(text, line);
    if (text.startsWith('EP') || text.startsWith('EV')) {
      if (this.skipVelocityOf !== undefined) return; // belongs to a P record that could not be read
      if (!this.recordSeen) this.fail(line, `${text.slice(0, 2)} correlation record without a preceding record`, text.slice(0, 2));
      return;
    }
    if (text[0] === 'P') {
      this.skipVelocityOf = undefined;
      if (!readDataRecord(this.handlers.onDataError, () => this.positionLine(text, line))) {
        // Its V record (if any) has nothing to attach to: skip it instead of reporting a second error.
        this.pending = null;
        this.skipVelocityOf = this.normalizeSatelliteId(text.slice(1, 4));
      }
      return;
    }
    if (text[0] === 'V') {
      if (this.skipVelocityOf !== undefined && this.normalizeSatelliteId(text.slice(1, 4)) === this.skipVelocityOf) return;
      if (!readDataRecord(this.handlers.onDataError, () => this.velocityLine(text, line))) this.pending = null;
      return;
    }
    this.fail(line, `unknown SP3 record ${quoteInput(text)} (expected *, P, V, EP, EV or EOF)`);
  }

  private readVector(text: string, line: number, record: 'P' | 'V'): { id: string; values: [number, number, number]; clock: number | null; texts: string[] } {
    if (this.epochIndex < 0) this.fail(line, `${record} record before the first epoch record`, record);
    if (text.length < 46) this.fail(line, `${record} record is truncated (${text.length} columns, at least 46 expected)`, record);
    if (text.length > 46 && text.length < 60) {
      this.fail(line, `${record} record is truncated in the clock field (${text.length} columns, 60 expected)`, record);
    }
    const id = this.normalizeSatelliteId(text.slice(1, 4));
    if (!/^[A-Z]\d{2}$/.test(id)) this.fail(line, `${record} record has an invalid satellite id ${quoteInput(text.slice(1, 4))}`, record);
    const field = (from: number, to: number, what: string): number => {
      const s = text.slice(from, to).trim();
      if (!isCcsdsNumber(s)) this.fail(line, `${record} record ${what} must be a number, got ${quoteInput(s)}`, record);
      return Number(s);
    };
    const values: [number, number, number] = [field(4, 18, 'x'), field(18, 32, 'y'), field(32, 46, 'z')];
    const texts = [text.slice(4, 18).trim(), text.slice(18, 32).trim(), text.slice(32, 46).trim()];
    let clock: number | null = null;
    if (text.length >= 60 && text.slice(46, 60).trim() !== '') {
      const c = field(46, 60, 'clock');
      clock = Math.abs(c - ABSENT_CLOCK) < 1e-6 ? null : c;
    }
    return { id, values, clock, texts };
  }

  private positionLine(text: string, line: number): void {
    this.flush();
    const { id, values, clock } = this.readVector(text, line, 'P');
    this.recordSeen = true;
    if (!this.satelliteSet.has(id)) {
      // like Orekit, records of satellites missing from the header list are skipped (counted in the summary)
      this.skippedSatellite = id;
      this.skippedRecordCount++;
      return;
    }
    this.skippedSatellite = null;
    if (this.seenInEpoch.has(id)) this.fail(line, `satellite ${id} appears twice in the same epoch`, 'P');
    this.seenInEpoch.add(id);
    const absent = values[0] === 0 && values[1] === 0 && values[2] === 0;
    this.pending = {
      satelliteId: id,
      epochIndex: this.epochIndex,
      epoch: this.epochText,
      epochFields: this.epochFields!,
      positionKm: absent ? null : values,
      clockUs: clock,
      velocityKmS: null,
      clockRate: null,
      line,
    };
    if (this.builtHeader!.positionVelocityFlag === 'P') this.flush();
  }

  private velocityLine(text: string, line: number): void {
    const { id, values, clock, texts } = this.readVector(text, line, 'V');
    if (this.skippedSatellite === id) return;
    const pending = this.pending;
    if (!pending || pending.satelliteId !== id) this.fail(line, `V record for ${id} does not follow its P record`, 'V');
    if (this.builtHeader!.positionVelocityFlag !== 'V') this.fail(line, 'V record in a position-only (P) file', 'V');
    const absent = values[0] === 0 && values[1] === 0 && values[2] === 0;
    // SP3 velocities are in dm/s: 1 dm/s = 1e-4 km/s (scaled in decimal, so the result is the double nearest the
    // written value, without a binary multiplication error)
    const kmS = (i: number): number => Number(`${texts[i]}e-4`);
    pending.velocityKmS = absent ? null : [kmS(0), kmS(1), kmS(2)];
    pending.clockRate = clock;
    this.flush();
  }

  private flush(): void {
    if (!this.pending) return;
    const record = this.pending;
    this.pending = null;
    this.recordCount++;
    this.handlers.onRecord?.(record);
  }
}

export interface Sp3File {
  header: Sp3Header;
  records: Sp3Record[];
  epochCount: number;
  skippedRecordCount: number;
}

/** Parse a whole SP3 file into memory (use {@link Sp3Reader} for large files). */
export function parseSp3(text: string): Sp3File {
  const records: Sp3Record[] = [];
  const reader = new Sp3Reader({ onRecord: (record) => records.push(record) });
  reader.push(text);
  const summary = reader.end();
  return { header: summary.header, records, epochCount: summary.epochCount, skippedRecordCount: summary.skippedRecordCount };
}
