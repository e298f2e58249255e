/**
 * Tracking measurements as Apsis stores them, independent of the file format they came from.
 * Each reader (TDM, SP3, OEM) turns its records into these; the service resolves `objectKey`
 * to a spacecraft of the caller's organization.
 */
import { OBSERVABLES, type MeasurementType } from '../measurements/observables.ts';
import { daysInMonth, Epoch, EpochParseError, type TimeScale } from '../time/epoch.ts';
import { SUPPORTED_EPOCH_LAST, SUPPORTED_EPOCH_RANGE_TEXT, SUPPORTED_EPOCH_START } from '../time/supportedRange.ts';

export type TrackingFormat = 'TDM' | 'SP3' | 'OEM';

export interface TrackingMeasurement {
  /** Which tracked object this belongs to: a key of `TrackingFileSummary.objects`. */
  objectKey: string;
  type: MeasurementType;
  /** UTC, fixed width `YYYY-MM-DDThh:mm:ss.ssssssZ` (text order = time order). */
  epochUtc: string;
  values: Array<number | null>;
  units: string[];
  sigma: Array<number | null> | null;
  participants: string[];
  /** Reference frame of the values where it matters (PV states, RADEC angles), else null. */
  frame: string | null;
  /** TDM: the segment's metadata a model needs (see TrackingContext); null for SP3 and OEM. */
  context?: TrackingContext | null;
}

/** A tracked object named by the file, with the identifiers to try (in order) when resolving it. */
export interface TrackedObject {
  key: string;
  candidates: string[];
  /** TDM: the object is one of these participants; the others are stations. */
  participants?: string[];
}

/** Error codes of tracking uploads (README → "Tracking upload error codes"). */
export const TRACKING_ERROR_CODES = {
  PARSE_FAILED: 'TRK-1001',
  UNKNOWN_FORMAT: 'TRK-1002',
  UNRESOLVED_SPACECRAFT: 'TRK-1003',
  NO_MEASUREMENTS: 'TRK-1004',
  UNSUPPORTED_TIME_SYSTEM: 'TRK-1005',
  UNSAFE_XML: 'TRK-1006',
  UNSUPPORTED_CONTENT: 'TRK-1007',
} as const;

export type TrackingErrorCode = (typeof TRACKING_ERROR_CODES)[keyof typeof TRACKING_ERROR_CODES];

export interface TrackingError {
  code: TrackingErrorCode;
  message: string;
  line: number | null;
  /** Segment / block the error is in (e.g. `segment-2`), when known. */
  blockId: string | null;
  /** Epoch of the first record of that block, when known (UTC ISO). */
  firstEpoch: string | null;
}

export interface TrackingFileSummary {
  format: TrackingFormat;
  notation: 'KVN' | 'XML' | 'SP3';
  measurementCount: number;
  objects: TrackedObject[];
  startUtc: string | null;
  endUtc: string | null;
  types: MeasurementType[];
  /** Human-readable statement of the uncertainty information the file carries. */
  uncertaintySummary: string;
  /** Observations of kinds Apsis does not store (e.g. TDM TRANSMIT_FREQ_1), counted per keyword. */
  ignoredRecords: Record<string, number>;
  /** Records of the file that were not stored and why, each naming its line (at most MAX_WARNINGS, then a count). */
  warnings: string[];
}

/** Warnings listed per file; beyond this only their number is given. */
export const MAX_WARNINGS = 100;

export type TrackingParseResult =
  | { ok: true; summary: TrackingFileSummary; measurements: TrackingMeasurement[] }
  | { ok: false; format: TrackingFormat | null; errors: TrackingError[] };

/** Thrown by readers for a content problem that is not a syntax error (time system, unsupported data). */
export class TrackingContentError extends Error {
  constructor(
    readonly code: TrackingErrorCode,
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'TrackingContentError';
  }
}

/**
 * Converts an epoch written in a file's time system to the stored UTC text. Throws
 * TrackingContentError for a time system Apsis cannot convert (e.g. MET), or a bad date.
 */
export function toUtcText(epochText: string, scale: TimeScale | null, timeSystem: string, line: number | null): string {
  if (!scale) {
    throw new TrackingContentError(TRACKING_ERROR_CODES.UNSUPPORTED_TIME_SYSTEM, `time system ${timeSystem} cannot be converted to UTC`, line);
  }
  try {
    return `${Epoch.parse(epochText.replace(/Z$/, ''), scale).toString('UTC', 6)}Z`;
  } catch (error) {
    if (error instanceof EpochParseError) {
      throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `invalid epoch "${epochText}": ${error.message}`, line);
    }
    throw error;
  }
}

const PLAIN_UTC_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z?$/;

/**
 * The common case without Epoch arithmetic: a UTC `YYYY-MM-DDThh:mm:ss[.f{1,6}][Z]` with seconds below 60
 * prints as itself padded to six fraction digits (Epoch.toString rounds half-up, so ≤ 6 digits are exact).
 * Null for anything else (day-of-year, offsets, leap seconds, more digits, other scales): use Epoch.
 */
function plainUtcText(epochText: string): string | null {
  const m = PLAIN_UTC_RE.exec(epochText);
  if (!m) return null;
  const year = +m[1]!;
  const month = +m[2]!;
  const day = +m[3]!;
  if (month < 1 || month > 12 || day < 1 || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${epochText.slice(0, 19)}.${(m[7] ?? '').padEnd(6, '0')}Z`;
}

/**
 * toUtcText with a memory of the previous conversion (TDM data lines often repeat one epoch for several
 * keywords; SP3 repeats one epoch for every satellite) and the plain-UTC fast path.
 */
export class UtcConverter {
  private lastText: string | null = null;
  private lastScale: TimeScale | null = null;
  private lastUtc = '';

  convert(epochText: string, scale: TimeScale | null, timeSystem: string, line: number | null): string {
    if (epochText === this.lastText && scale === this.lastScale) return this.lastUtc;
    const utc = (scale === 'UTC' ? plainUtcText(epochText) : null) ?? toUtcText(epochText, scale, timeSystem, line);
    this.lastText = epochText;
    this.lastScale = scale;
    this.lastUtc = utc;
    return utc;
  }
}

/** Running min/max/type bookkeeping shared by the readers. */
export class SummaryBuilder {
  startUtc: string | null = null;
  endUtc: string | null = null;
  count = 0;
  readonly types = new Set<MeasurementType>();
  private readonly warnings: string[] = [];
  private warningCount = 0;

  /** A record that was not stored; `message` names its line. */
  warn(message: string): void {
    this.warningCount++;
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(message);
  }

  add(type: MeasurementType, epochUtc: string): void {
    this.count++;
    this.types.add(type);
    if (this.startUtc === null || epochUtc < this.startUtc) this.startUtc = epochUtc;
    if (this.endUtc === null || epochUtc > this.endUtc) this.endUtc = epochUtc;
  }

  /** The summary fields every reader reports the same way. */
  fields(): Pick<TrackingFileSummary, 'measurementCount' | 'startUtc' | 'endUtc' | 'types' | 'warnings'> {
    const warnings = [...this.warnings];
    if (this.warningCount > warnings.length) warnings.push(`… and ${this.warningCount - warnings.length} more records not stored`);
    return { measurementCount: this.count, startUtc: this.startUtc, endUtc: this.endUtc, types: [...this.types], warnings };
  }
}

/** A streaming tracking-file reader over a sink: push text chunks, then end() for the summary. */
export interface TrackingReader {
  push(chunk: string): void;
  end(): TrackingFileSummary;
}

/** At most this many errors are reported per file; reading stops when one more is found. */
export const MAX_REPORTED_ERRORS = 50;

/** Thrown by TrackingErrorCollector once the cap is exceeded: reading stops there. */
export class TooManyErrors extends Error {
  constructor(readonly line: number | null) {
    super(`more than ${MAX_REPORTED_ERRORS} errors`);
    this.name = 'TooManyErrors';
  }
}

/**
 * The errors of one file's data records (bad epochs, values, field counts), each reported with its line while the
 * reading goes on, so an operator sees every bad record at once (up to MAX_REPORTED_ERRORS). The file fails as a
 * whole when any is found: nothing of it is stored.
 */
export class TrackingErrorCollector {
  readonly errors: TrackingError[] = [];
  /** True when reading stopped because the cap was reached (more errors may follow). */
  truncated = false;

  report(error: TrackingError): void {
    if (this.errors.length >= MAX_REPORTED_ERRORS) {
      this.truncated = true;
      throw new TooManyErrors(error.line);
    }
    this.errors.push(error);
  }

  /** A parse error of one data record (files/common/errors.ts DataErrorHandler). */
  readonly onDataError = (error: { line: number; message: string }): void => {
    this.report({ code: TRACKING_ERROR_CODES.PARSE_FAILED, message: error.message, line: error.line || null, blockId: null, firstEpoch: null });
  };

  /**
   * Runs the conversion of one record (time system → UTC); a per-record content error (an impossible epoch) is
   * reported and the record skipped (false). Errors of the whole segment (an unconvertible time system) stay fatal.
   */
  record(convert: () => void): boolean {
    try {
      convert();
      return true;
    } catch (error) {
      if (!(error instanceof TrackingContentError) || error.code !== TRACKING_ERROR_CODES.PARSE_FAILED) throw error;
      this.report({
        code: error.code,
        message: error.line ? `line ${error.line}: ${error.message}` : error.message,
        line: error.line,
        blockId: null,
        firstEpoch: null,
      });
      return false;
    }
  }
}

/** What a participant does on the signal path (CCSDS 503.0-B-2 §3.3.2.4, PATH): first = sends, last = receives. */
/** A participant's role along a signal path (CCSDS 503.0-B-2 PATH: the first sends, the last receives). */
export const PARTICIPANT_ROLES = ['TRANSMITTER', 'TRANSPONDER', 'RECEIVER'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

export interface ContextParticipant {
  /** n of PARTICIPANT_n. */
  number: number;
  name: string;
  /** Its roles on PATH (or PATH_1 / PATH_2); empty when it is on no path. */
  roles: ParticipantRole[];
}

/**
 * The TDM metadata a measurement model needs (503.0-B-2 table 3-3), kept per segment and data keyword: what instant
 * a value refers to (TIMETAG_REF, INTEGRATION_*), round trip or one way (PATH, MODE), units and ambiguity of range
 * (RANGE_UNITS, RANGE_MODE, RANGE_MODULUS), the angle convention (ANGLE_TYPE, REFERENCE_FRAME), frequency data
 * (TRANSMIT/RECEIVE_BAND, TURNAROUND ratio) and who sent, transponded and received the signal.
 */
export interface TrackingContext {
  /** 0-based segment of the file. */
  segmentIndex: number;
  /** The data keyword of the values (`RANGE`, `DOPPLER_INSTANTANEOUS`, `ANGLE_1,ANGLE_2`, `RECEIVE_FREQ_2`, …). */
  dataKeyword: string;
  participants: ContextParticipant[];
  /** PATH as participant numbers (e.g. [1, 2, 1]); PATH_1 for SINGLE_DIFF. */
  path: number[] | null;
  /** PATH_2 (SINGLE_DIFF only). */
  path2: number[] | null;
  mode: string | null;
  /** RECEIVE or TRANSMIT; null when absent (the standard's default is RECEIVE). */
  timetagRef: string | null;
  integrationIntervalS: number | null;
  integrationRef: string | null;
  turnaroundNumerator: number | null;
  turnaroundDenominator: number | null;
  rangeMode: string | null;
  rangeModulus: number | null;
  /** km, s or RU (RANGE only). */
  rangeUnits: string | null;
  angleType: string | null;
  transmitBand: string | null;
  receiveBand: string | null;
  /** REFERENCE_FRAME (RADEC angles). */
  referenceFrame: string | null;
}

/** What measurements of one kind share: stored once per batch stream, referenced by index from each row. */
export interface MeasurementGroup {
  objectKey: string;
  type: MeasurementType;
  units: string[];
  participants: string[];
  frame: string | null;
  /** TDM measurements: the segment's context; null for SP3 and OEM states. */
  context?: TrackingContext | null;
}

/** Units of stored PV states (SP3 and OEM): those of the PV observable. */
export const PV_UNITS: string[] = [...OBSERVABLES.PV.units];

/** Width of the fixed-width UTC epoch text (`YYYY-MM-DDThh:mm:ss.ssssssZ`). */
export const EPOCH_TEXT_WIDTH = 27;
/** Value (and sigma) slots per measurement: the most components of any type (PV). */
export const VALUE_SLOTS = 6;

/** The supported epoch range as stored UTC text (same width and order as the stored epochs). */
const FIRST_UTC_TEXT = `${SUPPORTED_EPOCH_START.toString('UTC', 6)}Z`;
const LAST_UTC_TEXT = `${SUPPORTED_EPOCH_LAST.toString('UTC', 6)}Z`;

/**
 * Measurements in columns, cheap to move between threads (typed arrays go in a transfer list, the epochs are
 * one string). Row i: group `group[i]` (groups are numbered across the whole stream; `newGroups` are those first
 * used in this batch, numbered from `groupBase`), epoch `epochs.slice(27 i, 27 i + 27)`, values
 * `values[6 i … 6 i + 5]` (NaN = absent), sigma likewise or `hasSigma[i] = 0` for none (`sigma` is empty when no
 * row of the batch has one).
 */
export interface MeasurementBatch {
  count: number;
  groupBase: number;
  newGroups: MeasurementGroup[];
  group: Uint32Array;
  epochs: string;
  values: Float64Array;
  sigma: Float64Array;
  hasSigma: Uint8Array;
}

/** Memory a batch holds (its typed arrays and epoch text): what the upload's parsed-file cache counts. */
export function batchBytes(batch: MeasurementBatch): number {
  return batch.group.byteLength + batch.values.byteLength + batch.sigma.byteLength + batch.hasSigma.byteLength + batch.epochs.length * 2;
}

/** The typed arrays of a batch, for a transfer list. */
export function batchTransferables(batch: MeasurementBatch): ArrayBuffer[] {
  return [batch.group.buffer, batch.values.buffer, batch.sigma.buffer, batch.hasSigma.buffer] as ArrayBuffer[];
}

/**
 * Where readers put measurements: the summary is always kept; rows are collected into batches of `batchSize`
 * only when an `onBatch` consumer is given (inspection keeps nothing but the summary, so memory stays flat).
 */
export class MeasurementSink {
  readonly summary = new SummaryBuilder();
  private readonly groups: MeasurementGroup[] = [];
  private readonly groupIndex = new Map<string, number>();
  private flushedGroups = 0;
  private n = 0;
  private group!: Uint32Array;
  private epochs: string[] = [];
  private values!: Float64Array;
  private sigma!: Float64Array;
  private hasSigma!: Uint8Array;

  constructor(
    private readonly batchSize = 0,
    private readonly onBatch: ((batch: MeasurementBatch) => void) | null = null,
  ) {
    if (onBatch) this.allocate();
  }

  private allocate(): void {
    this.group = new Uint32Array(this.batchSize);
    this.values = new Float64Array(this.batchSize * VALUE_SLOTS).fill(Number.NaN);
    this.sigma = new Float64Array(this.batchSize * VALUE_SLOTS).fill(Number.NaN);
    this.hasSigma = new Uint8Array(this.batchSize);
    this.epochs = [];
    this.n = 0;
  }

  /** Index of the group with this key, creating it with `make()` the first time. Readers cache the result. */
  groupId(key: string, make: () => MeasurementGroup): number {
    let id = this.groupIndex.get(key);
    if (id === undefined) {
      id = this.groups.length;
      this.groups.push(make());
      this.groupIndex.set(key, id);
    }
    return id;
  }

  /**
   * One measurement; `values`/`sigma` are in component order (null = absent; the first component is always
   * required). Every check that the database would otherwise make (or fail on) is made here, naming `line`: the
   * epoch inside the supported range, every value and sigma finite.
   */
  add(
    groupId: number,
    type: MeasurementType,
    epochUtc: string,
    values: ArrayLike<number | null>,
    sigma: ArrayLike<number | null> | null,
    line: number | null = null,
  ): void {
    if (epochUtc.length !== EPOCH_TEXT_WIDTH || epochUtc < FIRST_UTC_TEXT || epochUtc > LAST_UTC_TEXT) {
      throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `epoch ${epochUtc} is outside the supported range ${SUPPORTED_EPOCH_RANGE_TEXT}`, line);
    }
    for (let k = 0; k < values.length; k++) {
      const v = values[k];
      if (v === null || v === undefined ? k === 0 : !Number.isFinite(v)) {
        throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `${type} value ${k + 1} is ${v === null || v === undefined ? 'missing' : `not a finite number (${v})`}`, line);
      }
      const s = sigma?.[k];
      if (s !== null && s !== undefined && !Number.isFinite(s)) {
        throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `${type} sigma ${k + 1} is not a finite number (${s})`, line);
      }
    }
    this.summary.add(type, epochUtc);
    if (!this.onBatch) return;
    const i = this.n;
    this.group[i] = groupId;
    this.epochs.push(epochUtc);
    const base = i * VALUE_SLOTS;
    for (let k = 0; k < values.length; k++) this.values[base + k] = values[k] ?? Number.NaN;
    if (sigma) {
      this.hasSigma[i] = 1;
      for (let k = 0; k < sigma.length; k++) this.sigma[base + k] = sigma[k] ?? Number.NaN;
    }
    this.n++;
    if (this.n === this.batchSize) this.flush();
  }

  /** Emits the rows collected so far (call once more at the end). */
  flush(): void {
    if (!this.onBatch || this.n === 0) return;
    const n = this.n;
    // No sigma in the batch (TDM, most SP3): send and keep an empty sigma column instead of 48 bytes of NaN a row.
    const anySigma = this.hasSigma.subarray(0, n).includes(1);
    const batch: MeasurementBatch = {
      count: n,
      groupBase: this.flushedGroups,
      newGroups: this.groups.slice(this.flushedGroups),
      group: n === this.batchSize ? this.group : this.group.slice(0, n),
      epochs: this.epochs.join(''),
      values: n === this.batchSize ? this.values : this.values.slice(0, n * VALUE_SLOTS),
      sigma: !anySigma ? new Float64Array(0) : n === this.batchSize ? this.sigma : this.sigma.slice(0, n * VALUE_SLOTS),
      hasSigma: n === this.batchSize ? this.hasSigma : this.hasSigma.slice(0, n),
    };
    this.flushedGroups = this.groups.length;
    this.allocate();
    this.onBatch(batch);
  }
}

/** The rows of a batch as TrackingMeasurement objects (tests, small files); `groups` is the cumulative table. */
export function batchMeasurements(batch: MeasurementBatch, groups: MeasurementGroup[]): TrackingMeasurement[] {
  groups.push(...batch.newGroups);
  const out: TrackingMeasurement[] = [];
  for (let i = 0; i < batch.count; i++) {
    const g = groups[batch.group[i]!]!;
    const width = g.units.length;
    const values: Array<number | null> = [];
    const sigma: Array<number | null> = [];
    for (let k = 0; k < width; k++) {
      const v = batch.values[i * VALUE_SLOTS + k]!;
      const s = batch.hasSigma[i] ? batch.sigma[i * VALUE_SLOTS + k]! : Number.NaN;
      values.push(Number.isNaN(v) ? null : v);
      sigma.push(Number.isNaN(s) ? null : s);
    }
    out.push({
      objectKey: g.objectKey,
      type: g.type,
      epochUtc: batch.epochs.slice(i * EPOCH_TEXT_WIDTH, (i + 1) * EPOCH_TEXT_WIDTH),
      values,
      units: g.units,
      sigma: batch.hasSigma[i] ? sigma : null,
      participants: g.participants,
      frame: g.frame,
      context: g.context ?? null,
    });
  }
  return out;
}
