/**
 * CCSDS Orbit Ephemeris Message (OEM) reader, versions 1.0, 2.0 (502.0-B-2 §5) and 3.0 (502.0-B-3 §5), KVN and XML.
 *
 * The reader is incremental: push text chunks, receive each segment's metadata, each state and each covariance
 * matrix through callbacks as soon as its line is read, so a file of any length is processed in bounded memory.
 * {@link parseOem} collects everything for small files and tests.
 */
import { CcsdsParseError, readDataRecord, type DataErrorHandler } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { COVARIANCE_KEYWORDS, parseFrame, timeScaleOf, type OdmObjectMetadata } from '../common/definitions.ts';
import { readEntryValue, readEpoch, type EntryToken, type KeySpec, type KeyValue } from '../common/keywords.ts';
import { Epoch } from '../../time/epoch.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, splitFields, type NdmHeader } from '../common/ndmReader.ts';
import { parseNumber } from '../common/values.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';

/** `comments`: the metadata block's. */
export interface OemSegmentMetadata extends OdmObjectMetadata {
  /** 0-based segment index. */
  index: number;
  dataComments: string[];
  startTime: string;
  useableStartTime: string | null;
  useableStopTime: string | null;
  stopTime: string;
  interpolation: string | null;
  interpolationDegree: number | null;
  /** Line of META_START (or `<metadata>`). */
  line: number;
}

export interface OemState {
  /** Epoch as written, in the segment's TIME_SYSTEM. */
  epoch: string;
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  /** Optional accelerations (10-column lines / X_DDOT...), null when absent. */
  accelerationKmS2: [number, number, number] | null;
  line: number;
  /** Set when this line repeats the previous state of the segment exactly (same epoch and values): its line. */
  repeatOfLine?: number;
}

export interface OemCovariance {
  epoch: string;
  /** COV_REF_FRAME, or null: then the segment's REF_FRAME applies (502.0-B-2 §5.2.5). */
  refFrame: string | null;
  /** Lower triangle of the 6×6 position/velocity covariance, row by row (21 values, km², km²/s, km²/s²). */
  lowerTriangle: number[];
  line: number;
}

export interface OemHandlers {
  onHeader?(header: NdmHeader): void;
  /** Called at META_STOP. */
  onSegment?(segment: OemSegmentMetadata): void;
  onState?(state: OemState, segment: OemSegmentMetadata): void;
  onCovariance?(covariance: OemCovariance, segment: OemSegmentMetadata): void;
  /** An ephemeris data line that cannot be read (field count, epoch, number): reported here and skipped. */
  onDataError?: DataErrorHandler;
}

export interface OemSummary {
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  segmentCount: number;
  stateCount: number;
  covarianceCount: number;
}

export const OEM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'oem',
  versionKeyword: 'CCSDS_OEM_VERS',
  blockNames: { metadata: 'META', stateVector: 'stateVector', covarianceMatrix: 'covarianceMatrix' },
  emptyContainers: ['header', 'body', 'segment', 'data'],
};

const T: KeySpec = { type: 'text' };
/** 502.0-B-2 table 5-3 / 502.0-B-3 table 5-3, OEM metadata. */
const METADATA_KEYS: Record<string, KeySpec> = {
  OBJECT_NAME: T, OBJECT_ID: T, CENTER_NAME: T, REF_FRAME: { type: 'frame' }, REF_FRAME_EPOCH: { type: 'epoch' },
  TIME_SYSTEM: { type: 'timeSystem' }, START_TIME: { type: 'epoch' }, USEABLE_START_TIME: { type: 'epoch' },
  USEABLE_STOP_TIME: { type: 'epoch' }, STOP_TIME: { type: 'epoch' }, INTERPOLATION: T,
  INTERPOLATION_DEGREE: { type: 'integer' },
};
const REQUIRED_METADATA = ['OBJECT_NAME', 'OBJECT_ID', 'CENTER_NAME', 'REF_FRAME', 'TIME_SYSTEM', 'START_TIME', 'STOP_TIME'];
const STATE_KEYS = ['EPOCH', 'X', 'Y', 'Z', 'X_DOT', 'Y_DOT', 'Z_DOT', 'X_DDOT', 'Y_DDOT', 'Z_DDOT'];
const STATE_UNITS: Record<string, string> = {
  X: 'km', Y: 'km', Z: 'km', X_DOT: 'km/s', Y_DOT: 'km/s', Z_DOT: 'km/s', X_DDOT: 'km/s**2', Y_DDOT: 'km/s**2', Z_DDOT: 'km/s**2',
};
const OEM_SPEC: NdmMessageSpec = {
  xml: OEM_XML_MAPPING,
  versions: ['1.0', '2.0', '3.0'],
  containers: new Set(['header', 'body', 'segment', 'data']),
};

/** Incremental OEM token consumer; use {@link OemReader} to feed it text. */
export class OemParser extends NdmMessageParser<OemSummary> {
  private state: 'meta' | 'data' | 'covariance' | 'xmlState' | 'xmlCovariance' = 'data';
  private segment: OemSegmentMetadata | null = null;
  private segmentIndex = 0;
  private firstTimeSystem: string | null = null;
  private statesInSegment = 0;
  private stateCount = 0;
  private covarianceCount = 0;
  // covariance being read
  private covEpoch: string | null = null;
  private covFrame: string | null = null;
  private covLine = 0;
  private covValues: number[] = [];
  private covRows = 0;
  // XML stateVector / covarianceMatrix being read
  private xmlEntries: Record<string, EntryToken> = {};
  private xmlLine = 0;

  constructor(private readonly handlers: OemHandlers) {
    super(OEM_SPEC);
  }

  protected override onHeader(header: NdmHeader): void {
    this.handlers.onHeader?.(header);
  }

  protected bodyToken(token: KvnToken): void {
    switch (this.state) {
      case 'meta':
        return this.metaToken(token);
      case 'data':
        return this.dataToken(token);
      case 'covariance':
        return this.covarianceToken(token);
      case 'xmlState':
      case 'xmlCovariance':
        return this.xmlBlockToken(token);
    }
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OemSummary {
    if (this.readingHeader) throw new CcsdsParseError(this.lastLine, 'META_START expected: the OEM has no segment', 'META_START');
    if (this.state === 'meta') throw new CcsdsParseError(this.lastLine, 'META_STOP missing (truncated file?)', 'META_STOP');
    if (this.state === 'covariance') throw new CcsdsParseError(this.lastLine, 'COVARIANCE_STOP missing (truncated file?)', 'COVARIANCE_STOP');
    if (this.state === 'xmlState' || this.state === 'xmlCovariance') {
      throw new CcsdsParseError(this.lastLine, 'XML element not closed (truncated file?)');
    }
    this.closeSegment(this.lastLine);
    return {
      notation,
      header: this.header!,
      segmentCount: this.segmentIndex,
      stateCount: this.stateCount,
      covarianceCount: this.covarianceCount,
    };
  }

  private startMeta(line: number): void {
    this.closeSegment(line);
    this.openMetadata(line);
    this.state = 'meta';
  }

  private closeSegment(line: number): void {
    if (this.segment && this.statesInSegment === 0) {
      throw new CcsdsParseError(line, `segment ${this.segment.index + 1} (line ${this.segment.line}) has no ephemeris data lines`);
    }
    this.segment = null;
  }

  private metaToken(token: KvnToken): void {
    if (!this.metadataToken(token, METADATA_KEYS, 'one metadata block', (entry, value) => this.checkTimeSystem(entry, value))) return;
    const meta = this.metadata!;
    meta.require(REQUIRED_METADATA, token.line);
    const timeSystem = meta.text('TIME_SYSTEM')!;
    this.firstTimeSystem ??= timeSystem;
    this.segment = {
      index: this.segmentIndex++,
      comments: meta.comments,
      dataComments: [],
      objectName: meta.text('OBJECT_NAME')!,
      objectId: meta.text('OBJECT_ID')!,
      centerName: meta.text('CENTER_NAME')!,
      refFrame: meta.text('REF_FRAME')!,
      refFrameEpoch: meta.text('REF_FRAME_EPOCH'),
      timeSystem,
      startTime: meta.text('START_TIME')!,
      useableStartTime: meta.text('USEABLE_START_TIME'),
      useableStopTime: meta.text('USEABLE_STOP_TIME'),
      stopTime: meta.text('STOP_TIME')!,
      interpolation: meta.text('INTERPOLATION'),
      interpolationDegree: meta.number('INTERPOLATION_DEGREE'),
      line: meta.line,
    };
    this.statesInSegment = 0;
    this.previousState = null;
    this.segmentHasCovariance = false;
    this.state = 'data';
    this.handlers.onSegment?.(this.segment);
  }

  /** 502.0-B-3 §5.2.3: all segments of one OEM use the same time system. */
  private checkTimeSystem(token: EntryToken, value: KeyValue): KeyValue {
    if (token.keyword === 'TIME_SYSTEM' && this.firstTimeSystem !== null && value !== this.firstTimeSystem) {
      throw new CcsdsParseError(
        token.line,
        `TIME_SYSTEM ${value} differs from ${this.firstTimeSystem} used by the first segment (one OEM has one time system)`,
        'TIME_SYSTEM',
      );
    }
    return value;
  }

  private dataToken(token: KvnToken): void {
    if (token.kind === 'start' && token.block === 'META') return this.startMeta(token.line);
    if (!this.segment) return this.unexpected(token, 'the message (META_START expected)');
    switch (token.kind) {
      case 'raw':
        readDataRecord(this.handlers.onDataError, () => this.stateLine(token.text, token.line, token.unterminated === true));
        return;
      case 'comment':
        if (this.statesInSegment > 0) {
          throw new CcsdsParseError(token.line, 'COMMENT between ephemeris data lines (comments must precede the data)', 'COMMENT');
        }
        this.segment.dataComments.push(token.text);
        return;
      case 'start':
        if (token.block === 'COVARIANCE') {
          this.state = 'covariance';
          this.covEpoch = null;
          return;
        }
        if (token.block === 'stateVector' || token.block === 'covarianceMatrix') {
          this.state = token.block === 'stateVector' ? 'xmlState' : 'xmlCovariance';
          this.xmlEntries = {};
          this.xmlLine = token.line;
          return;
        }
        return this.unexpected(token, 'the ephemeris data');
      default:
        return this.unexpected(token, 'the ephemeris data');
    }
  }

  private stateLine(text: string, line: number, unterminated: boolean): void {
    const fields = splitFields(text);
    if (fields.length !== 7 && fields.length !== 10) {
      throw new CcsdsParseError(line, `ephemeris line must have 7 or 10 fields (epoch x y z vx vy vz [ax ay az]), got ${fields.length}`);
    }
    if (unterminated && this.previousState) checkNotTruncated(fields, this.previousState.fields, line);
    const epoch = readEpoch(fields[0]!, line, 'ephemeris epoch', this.segment!.timeSystem);
    const value = (i: number): number => parseNumber(fields[i]!, line, STATE_KEYS[i]!);
    this.emitState({
      epoch,
      positionKm: [value(1), value(2), value(3)],
      velocityKmS: [value(4), value(5), value(6)],
      accelerationKmS2: fields.length === 10 ? [value(7), value(8), value(9)] : null,
      line,
    }, fields);
  }

  private emitState(state: OemState, fields: string[] = []): void {
    if (this.segmentHasCovariance) {
      throw new CcsdsParseError(state.line, 'ephemeris data line after the covariance section of the segment');
    }
    // One state per instant, in increasing time order: a repeated epoch would be a duplicate row (and two
    // different states at one instant are contradictory); interpolators need increasing epochs.
    // An exact repetition of the previous line (Orekit's OEMExample1 has one) is kept once; the same epoch with another
    // state is a contradiction and is refused.
    const order = epochOrderKey(state.epoch, this.segment!.timeSystem);
    const previous = this.previousState;
    const values = stateValues(state);
    if (previous && (order !== null && previous.order !== null ? order <= previous.order : state.epoch === previous.epoch)) {
      if (order === previous.order || state.epoch === previous.epoch) {
        if (values.length === previous.values.length && values.every((v, i) => v === previous.values[i])) {
          state.repeatOfLine = previous.line;
          this.statesInSegment++;
          this.stateCount++;
          this.handlers.onState?.(state, this.segment!);
          return;
        }
        throw new CcsdsParseError(state.line, `ephemeris epoch ${state.epoch} repeats the epoch of line ${previous.line} with a different state (one state per epoch)`);
      }
      throw new CcsdsParseError(
        state.line,
        `ephemeris epoch ${state.epoch} is before the epoch ${previous.epoch} of line ${previous.line} (epochs must increase within a segment)`,
      );
    }
    this.previousState = { order, epoch: state.epoch, line: state.line, fields, values };
    this.statesInSegment++;
    this.stateCount++;
    this.handlers.onState?.(state, this.segment!);
  }

  private segmentHasCovariance = false;
  /** The segment's last state: its epoch as a comparable number (null when its time system has no absolute scale) and its fields. */
  private previousState: { order: number | null; epoch: string; line: number; fields: string[]; values: number[] } | null = null;

  private covarianceToken(token: KvnToken): void {
    if (token.kind === 'comment') {
      if (this.covEpoch !== null && this.covRows > 0) {
        throw new CcsdsParseError(token.line, 'COMMENT inside a covariance matrix', 'COMMENT');
      }
      return;
    }
    if (token.kind === 'entry') {
      if (token.keyword === 'EPOCH') {
        this.requireCovarianceComplete(token.line);
        this.covEpoch = readEpoch(token.value, token.line, 'EPOCH', this.segment!.timeSystem);
        this.covFrame = null;
        this.covLine = token.line;
        this.covValues = [];
        this.covRows = 0;
        return;
      }
      if (token.keyword === 'COV_REF_FRAME') {
        if (this.covEpoch === null || this.covRows > 0) this.unexpected(token, 'the covariance section (COV_REF_FRAME must follow EPOCH)');
        this.covFrame = parseFrame(token.value, token.line, 'COV_REF_FRAME');
        return;
      }
      return this.unexpected(token, 'the covariance section');
    }
    if (token.kind === 'raw') {
      if (this.covEpoch === null) throw new CcsdsParseError(token.line, 'covariance data line before EPOCH', 'EPOCH');
      const fields = splitFields(token.text);
      const row = this.covRows + 1;
      if (row > 6) throw new CcsdsParseError(token.line, 'covariance matrix has more than 6 rows (EPOCH expected)');
      if (fields.length !== row) {
        throw new CcsdsParseError(token.line, `covariance row ${row} must have ${row} values (lower triangle), got ${fields.length}`);
      }
      for (let i = 0; i < fields.length; i++) this.covValues.push(parseNumber(fields[i]!, token.line, `covariance row ${row} value ${i + 1}`));
      this.covRows = row;
      if (row === 6) this.emitCovariance({ epoch: this.covEpoch, refFrame: this.covFrame, lowerTriangle: this.covValues, line: this.covLine });
      return;
    }
    if (token.kind === 'stop' && token.block === 'COVARIANCE') {
      this.requireCovarianceComplete(token.line);
      if (this.covEpoch === null) throw new CcsdsParseError(token.line, 'empty covariance section', 'COVARIANCE_STOP');
      this.state = 'data';
      this.segmentHasCovariance = true;
      return;
    }
    this.unexpected(token, 'the covariance section');
  }

  private requireCovarianceComplete(line: number): void {
    if (this.covEpoch !== null && this.covRows < 6) {
      throw new CcsdsParseError(line, `covariance matrix at line ${this.covLine} has ${this.covRows} of 6 rows`);
    }
  }

  private emitCovariance(covariance: OemCovariance): void {
    this.covarianceCount++;
    this.handlers.onCovariance?.(covariance, this.segment!);
  }

  private xmlBlockToken(token: KvnToken): void {
    const isState = this.state === 'xmlState';
    const block = isState ? 'stateVector' : 'covarianceMatrix';
    if (token.kind === 'comment') return;
    if (token.kind === 'entry') {
      const allowed = isState ? STATE_KEYS.includes(token.keyword) : token.keyword === 'EPOCH' || token.keyword === 'COV_REF_FRAME' || (COVARIANCE_KEYWORDS as readonly string[]).includes(token.keyword);
      if (!allowed) this.unexpected(token, `<${block}>`);
      if (token.keyword in this.xmlEntries) throw new CcsdsParseError(token.line, `${token.keyword} given twice in <${block}>`, token.keyword);
      this.xmlEntries[token.keyword] = token;
      return;
    }
    if (token.kind === 'stop' && token.block === block) {
      const entries = this.xmlEntries;
      const get = (key: string): EntryToken => {
        const entry = entries[key];
        if (!entry) throw new CcsdsParseError(token.line, `${key} is required in <${block}> (line ${this.xmlLine})`, key);
        return entry;
      };
      const epochToken = get('EPOCH');
      const epoch = readEpoch(epochToken.value, epochToken.line, 'EPOCH', this.segment!.timeSystem);
      const numberOf = (key: string, units?: string): number => {
        const entry = get(key);
        return readEntryValue(entry, units ? { type: 'number', units } : { type: 'number' }) as number;
      };
      this.state = 'data';
      if (isState) {
        const hasAcceleration = 'X_DDOT' in entries || 'Y_DDOT' in entries || 'Z_DDOT' in entries;
        this.emitState({
          epoch,
          positionKm: [numberOf('X', 'km'), numberOf('Y', 'km'), numberOf('Z', 'km')],
          velocityKmS: [numberOf('X_DOT', 'km/s'), numberOf('Y_DOT', 'km/s'), numberOf('Z_DOT', 'km/s')],
          accelerationKmS2: hasAcceleration ? [numberOf('X_DDOT', STATE_UNITS['X_DDOT']), numberOf('Y_DDOT', STATE_UNITS['Y_DDOT']), numberOf('Z_DDOT', STATE_UNITS['Z_DDOT'])] : null,
          line: this.xmlLine,
        });
      } else {
        const frame = entries['COV_REF_FRAME'];
        this.segmentHasCovariance = true;
        this.emitCovariance({
          epoch,
          refFrame: frame ? parseFrame(frame.value, frame.line, 'COV_REF_FRAME') : null,
          lowerTriangle: COVARIANCE_KEYWORDS.map((key) => numberOf(key)),
          line: this.xmlLine,
        });
      }
      return;
    }
    this.unexpected(token, `<${block}>`);
  }
}

function stateValues(state: OemState): number[] {
  return [...state.positionKm, ...state.velocityKmS, ...(state.accelerationKmS2 ?? [])];
}

/** An epoch as TAI seconds since MJD 0 (comparable within a segment), or null when its time system is not convertible. */
function epochOrderKey(text: string, timeSystem: string): number | null {
  const scale = timeScaleOf(timeSystem);
  if (!scale) return null;
  try {
    const epoch = Epoch.parse(text.replace(/Z$/i, ''), scale);
    return epoch.taiDay * 86_400 + epoch.taiSeconds;
  } catch {
    return null;
  }
}

/** Decimal places of a number as written (-1 without a decimal point); the mantissa's when it has an exponent. */
function decimalsOf(text: string): number {
  const mantissa = text.split(/[eE]/)[0]!;
  const dot = mantissa.indexOf('.');
  return dot < 0 ? -1 : mantissa.length - dot - 1;
}

/**
 * The file ends inside this ephemeris line (no line break after it). A line cut inside a number still parses
 * (`-1.9676` cut to `-1`), so compare it with the line before: a value written without a decimal point where the
 * previous line had one, or with fewer than half its decimals, means the line was cut, and it is refused. (Orekit's
 * own samples end without a line break on a complete line, so a missing final line break alone is accepted.)
 */
function checkNotTruncated(fields: readonly string[], previous: readonly string[], line: number): void {
  for (let i = 1; i < fields.length && i < previous.length; i++) {
    const now = decimalsOf(fields[i]!);
    const before = decimalsOf(previous[i]!);
    if ((before >= 0 && now < 0) || now * 2 < before) {
      throw new CcsdsParseError(
        line,
        `the file ends inside this ephemeris line (no line break after it) and its ${STATE_KEYS[i]} "${fields[i]}" has fewer digits than ` +
          `the line before ("${previous[i]}"): the file looks truncated`,
        STATE_KEYS[i],
      );
    }
  }
}

/** Incremental OEM reader (KVN or XML, detected from the first characters). */
export class OemReader extends NdmReader<OemSummary> {
  constructor(handlers: OemHandlers = {}) {
    super(new OemParser(handlers));
  }
}

export interface OemSegment {
  metadata: OemSegmentMetadata;
  states: OemState[];
  covariances: OemCovariance[];
}

export interface OemMessage {
  format: 'OEM';
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  segments: OemSegment[];
}

/** Parse a whole OEM into memory (use {@link OemReader} for large files). */
export function parseOem(text: string): OemMessage {
  const segments: OemSegment[] = [];
  const reader = new OemReader({
    onSegment: (metadata) => segments.push({ metadata, states: [], covariances: [] }),
    onState: (state) => segments[segments.length - 1]!.states.push(state),
    onCovariance: (covariance) => segments[segments.length - 1]!.covariances.push(covariance),
  });
  reader.push(text);
  const summary = reader.end();
  return { format: 'OEM', notation: summary.notation, header: summary.header, segments };
}
