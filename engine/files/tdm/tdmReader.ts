/**
 * CCSDS Tracking Data Message (TDM) reader, versions 1.0 and 2.0 (CCSDS 503.0-B-2), KVN and XML, streaming.
 *
 * Each observation (`KEYWORD = epoch value` in KVN, `<observation><EPOCH/><KEYWORD/></observation>` in XML) is
 * handed to a callback with its segment's metadata and its line as soon as it is read.
 */
import { CcsdsParseError, quoteInput, readDataRecord, type DataErrorHandler } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { readEpoch, type EntryToken, type KeySpec, type KeyValue } from '../common/keywords.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, splitFields, type NdmHeader } from '../common/ndmReader.ts';
import { parseNumber } from '../common/values.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';

const T: KeySpec = { type: 'text' };
const N: KeySpec = { type: 'number' };
const enumSpec = (...values: string[]): KeySpec & { values: string[] } => ({ type: 'text', values });

/** 503.0-B-2 table 3-3, TDM metadata keywords; enumerations listed with their allowed values. */
const METADATA_KEYS: Record<string, KeySpec & { values?: string[] }> = {
  TRACK_ID: T, DATA_TYPES: { type: 'list' }, TIME_SYSTEM: { type: 'timeSystem' }, START_TIME: { type: 'epoch' },
  STOP_TIME: { type: 'epoch' }, PARTICIPANT_1: T, PARTICIPANT_2: T, PARTICIPANT_3: T, PARTICIPANT_4: T,
  PARTICIPANT_5: T, MODE: enumSpec('SEQUENTIAL', 'SINGLE_DIFF'), PATH: T, PATH_1: T, PATH_2: T,
  EPHEMERIS_NAME_1: T, EPHEMERIS_NAME_2: T, EPHEMERIS_NAME_3: T, EPHEMERIS_NAME_4: T, EPHEMERIS_NAME_5: T,
  TRANSMIT_BAND: T, RECEIVE_BAND: T, TURNAROUND_NUMERATOR: { type: 'integer' }, TURNAROUND_DENOMINATOR: { type: 'integer' },
  TIMETAG_REF: enumSpec('TRANSMIT', 'RECEIVE'), INTEGRATION_INTERVAL: { type: 'number', units: 's' },
  INTEGRATION_REF: enumSpec('START', 'MIDDLE', 'END'), FREQ_OFFSET: { type: 'number', units: 'Hz' },
  RANGE_MODE: enumSpec('COHERENT', 'CONSTANT', 'ONE_WAY'), RANGE_MODULUS: N, RANGE_UNITS: enumSpec('KM', 'S', 'RU'),
  ANGLE_TYPE: enumSpec('AZEL', 'RADEC', 'XEYN', 'XSYE'), REFERENCE_FRAME: { type: 'frame' }, INTERPOLATION: T,
  INTERPOLATION_DEGREE: { type: 'integer' }, DOPPLER_COUNT_BIAS: N, DOPPLER_COUNT_SCALE: N,
  DOPPLER_COUNT_ROLLOVER: enumSpec('YES', 'NO'),
  TRANSMIT_DELAY_1: N, TRANSMIT_DELAY_2: N, TRANSMIT_DELAY_3: N, TRANSMIT_DELAY_4: N, TRANSMIT_DELAY_5: N,
  RECEIVE_DELAY_1: N, RECEIVE_DELAY_2: N, RECEIVE_DELAY_3: N, RECEIVE_DELAY_4: N, RECEIVE_DELAY_5: N,
  DATA_QUALITY: enumSpec('RAW', 'VALIDATED', 'DEGRADED'), CORRECTION_ANGLE_1: N, CORRECTION_ANGLE_2: N,
  CORRECTION_DOPPLER: N, CORRECTION_MAG: N, CORRECTION_RANGE: N, CORRECTION_RCS: N, CORRECTION_RECEIVE: N,
  CORRECTION_TRANSMIT: N, CORRECTION_ABERRATION_YEARLY: N, CORRECTION_ABERRATION_DIURNAL: N,
  CORRECTIONS_APPLIED: enumSpec('YES', 'NO'),
};

/** 503.0-B-2 table 3-5, TDM data keywords. */
export const TDM_DATA_KEYWORDS: ReadonlySet<string> = new Set([
  'ANGLE_1', 'ANGLE_2', 'CARRIER_POWER', 'CLOCK_BIAS', 'CLOCK_DRIFT', 'DOPPLER_COUNT', 'DOPPLER_INSTANTANEOUS',
  'DOPPLER_INTEGRATED', 'DOR', 'MAG', 'PC_N0', 'PR_N0', 'PRESSURE', 'RANGE', 'RCS', 'RECEIVE_FREQ', 'RHUMIDITY', 'STEC',
  'TEMPERATURE', 'TROPO_DRY', 'TROPO_WET', 'VLBI_DELAY',
  ...[1, 2, 3, 4, 5].flatMap((n) => [
    `RECEIVE_FREQ_${n}`, `RECEIVE_PHASE_CT_${n}`, `TRANSMIT_FREQ_${n}`, `TRANSMIT_FREQ_RATE_${n}`, `TRANSMIT_PHASE_CT_${n}`,
  ]),
]);

export interface TdmSegmentMetadata {
  index: number;
  comments: string[];
  dataComments: string[];
  timeSystem: string;
  startTime: string | null;
  stopTime: string | null;
  /** PARTICIPANT_1..5 in order (index 0 = PARTICIPANT_1); missing ones are null. */
  participants: (string | null)[];
  mode: string | null;
  /** PATH (or PATH_1 / PATH_2 for SINGLE_DIFF) as participant numbers, e.g. [1, 2, 1]. */
  path: number[] | null;
  path1: number[] | null;
  path2: number[] | null;
  angleType: string | null;
  rangeUnits: string | null;
  rangeMode: string | null;
  rangeModulus: number | null;
  referenceFrame: string | null;
  integrationIntervalS: number | null;
  integrationRef: string | null;
  /** Every metadata keyword read, typed. */
  values: Record<string, KeyValue>;
  line: number;
}

export interface TdmObservation {
  /** Data keyword, e.g. RANGE, ANGLE_1, DOPPLER_INTEGRATED, RECEIVE_FREQ_2. */
  keyword: string;
  /** Epoch as written, in `segment.timeSystem`. */
  epoch: string;
  value: number;
  line: number;
  segment: TdmSegmentMetadata;
}

export interface TdmHandlers {
  onHeader?(header: NdmHeader): void;
  onSegment?(segment: TdmSegmentMetadata): void;
  onObservation?(observation: TdmObservation): void;
  /** An observation that cannot be read (bad epoch, value or field count): reported here and skipped. */
  onDataError?: DataErrorHandler;
}

export interface TdmSummary {
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  segmentCount: number;
  observationCount: number;
}

export const TDM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'tdm',
  versionKeyword: 'CCSDS_TDM_VERS',
  blockNames: { metadata: 'META', data: 'DATA', observation: 'observation' },
  emptyContainers: ['header', 'body', 'segment'],
};

/** An enumerated metadata value (table 3-3) in upper case (RANGE_UNITS km and s in lower case), or its error. */
function checkEnumeration(token: EntryToken, value: KeyValue): KeyValue {
  const allowed = METADATA_KEYS[token.keyword]!.values;
  if (!allowed) return value;
  const upper = String(value).trim().toUpperCase();
  if (!allowed.includes(upper)) {
    throw new CcsdsParseError(token.line, `${token.keyword} must be one of ${allowed.join(', ')}, got ${quoteInput(String(value))}`, token.keyword);
  }
  return token.keyword === 'RANGE_UNITS' && upper !== 'RU' ? upper.toLowerCase() : upper;
}

function parsePath(token: EntryToken): number[] {
  const parts = token.value.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => !/^[1-5]$/.test(p))) {
    throw new CcsdsParseError(token.line, `${token.keyword} must list participant numbers 1-5 separated by commas, got ${quoteInput(token.value)}`, token.keyword);
  }
  return parts.map(Number);
}

const TDM_SPEC: NdmMessageSpec = { xml: TDM_XML_MAPPING, versions: ['1.0', '2.0'], containers: new Set(['header', 'body', 'segment']) };

/** Incremental TDM token consumer; use {@link TdmReader} to feed it text. */
export class TdmParser extends NdmMessageParser<TdmSummary> {
  private state: 'betweenSegments' | 'meta' | 'afterMeta' | 'data' | 'observation' = 'betweenSegments';
  private segment: TdmSegmentMetadata | null = null;
  private segmentCount = 0;
  private observationCount = 0;
  private observationEntries: EntryToken[] = [];
  private observationLine = 0;

  constructor(private readonly handlers: TdmHandlers) {
    super(TDM_SPEC);
  }

  protected override onHeader(header: NdmHeader): void {
    this.handlers.onHeader?.(header);
  }

  protected bodyToken(token: KvnToken): void {
    switch (this.state) {
      case 'betweenSegments':
        if (token.kind === 'start' && token.block === 'META') {
          this.openMetadata(token.line);
          this.state = 'meta';
          return;
        }
        if (token.kind === 'comment') return;
        return this.unexpected(token, 'the message (META_START expected)');
      case 'meta':
        if (this.metadataToken(token, METADATA_KEYS, 'one metadata block', checkEnumeration)) this.endMeta(token.line);
        return;
      case 'afterMeta':
        if (token.kind === 'start' && token.block === 'DATA') {
          this.state = 'data';
          return;
        }
        if (token.kind === 'comment') return;
        return this.unexpected(token, 'the segment (DATA_START expected after META_STOP)');
      case 'data':
        return this.dataToken(token);
      case 'observation':
        return this.observationToken(token);
    }
  }

  protected finishMessage(notation: 'KVN' | 'XML'): TdmSummary {
    if (this.readingHeader || this.state !== 'betweenSegments') {
      const expected = this.readingHeader ? 'META_START' : this.state === 'meta' ? 'META_STOP' : this.state === 'afterMeta' ? 'DATA_START' : 'DATA_STOP';
      throw new CcsdsParseError(this.lastLine, `${expected} missing (truncated file?)`, expected);
    }
    return { notation, header: this.header!, segmentCount: this.segmentCount, observationCount: this.observationCount };
  }

  private endMeta(line: number): void {
    const meta = this.metadata!;
    meta.require(['TIME_SYSTEM', 'PARTICIPANT_1'], line);
    const path = (key: string): number[] | null => (meta.tokens[key] ? parsePath(meta.tokens[key]!) : null);
    const participants = [1, 2, 3, 4, 5].map((n) => meta.text(`PARTICIPANT_${n}`));
    for (const key of ['PATH', 'PATH_1', 'PATH_2']) {
      const p = path(key);
      const missing = p?.find((n) => participants[n - 1] === null);
      if (missing !== undefined) {
        throw new CcsdsParseError(meta.tokens[key]!.line, `${key} refers to PARTICIPANT_${missing}, which is not defined`, key);
      }
    }
    this.segment = {
      index: this.segmentCount++,
      comments: meta.comments,
      dataComments: [],
      timeSystem: meta.text('TIME_SYSTEM')!,
      startTime: meta.text('START_TIME'),
      stopTime: meta.text('STOP_TIME'),
      participants,
      mode: meta.text('MODE'),
      path: path('PATH'),
      path1: path('PATH_1'),
      path2: path('PATH_2'),
      angleType: meta.text('ANGLE_TYPE'),
      rangeUnits: meta.text('RANGE_UNITS'),
      rangeMode: meta.text('RANGE_MODE'),
      rangeModulus: meta.number('RANGE_MODULUS'),
      referenceFrame: meta.text('REFERENCE_FRAME'),
      integrationIntervalS: meta.number('INTEGRATION_INTERVAL'),
      integrationRef: meta.text('INTEGRATION_REF'),
      values: meta.values,
      line: meta.line,
    };
    this.state = 'afterMeta';
    this.handlers.onSegment?.(this.segment);
  }

  private dataToken(token: KvnToken): void {
    switch (token.kind) {
      case 'comment':
        this.segment!.dataComments.push(token.text);
        return;
      case 'entry': {
        if (!TDM_DATA_KEYWORDS.has(token.keyword)) this.unexpected(token, 'the data section');
        readDataRecord(this.handlers.onDataError, () => {
          const fields = splitFields(token.value);
          if (fields.length !== 2) {
            throw new CcsdsParseError(token.line, `${token.keyword} data line must be "epoch value", got ${fields.length} fields in ${quoteInput(token.value)}`, token.keyword);
          }
          this.emit(token.keyword, fields[0]!, fields[1]!, token.line, token.line);
        });
        return;
      }
      case 'start':
        if (token.block === 'observation') {
          this.state = 'observation';
          this.observationEntries = [];
          this.observationLine = token.line;
          return;
        }
        return this.unexpected(token, 'the data section');
      case 'stop':
        if (token.block === 'DATA') {
          this.state = 'betweenSegments';
          return;
        }
        return this.unexpected(token, 'the data section');
      default:
        return this.unexpected(token, 'the data section');
    }
  }

  private observationToken(token: KvnToken): void {
    if (token.kind === 'entry') {
      if (token.keyword !== 'EPOCH' && !TDM_DATA_KEYWORDS.has(token.keyword)) this.unexpected(token, '<observation>');
      this.observationEntries.push(token);
      return;
    }
    if (token.kind === 'stop' && token.block === 'observation') {
      const entries = this.observationEntries;
      const epoch = entries.find((e) => e.keyword === 'EPOCH');
      const data = entries.filter((e) => e.keyword !== 'EPOCH');
      if (!epoch || data.length !== 1 || entries.length !== 2) {
        throw new CcsdsParseError(this.observationLine, '<observation> must contain one EPOCH and one data element', 'observation');
      }
      this.state = 'data';
      readDataRecord(this.handlers.onDataError, () => this.emit(data[0]!.keyword, epoch.value, data[0]!.value, epoch.line, data[0]!.line));
      return;
    }
    if (token.kind === 'comment') return;
    this.unexpected(token, '<observation>');
  }

  private emit(keyword: string, epochText: string, valueText: string, epochLine: number, valueLine: number): void {
    const segment = this.segment!;
    const epoch = readEpoch(epochText, epochLine, `${keyword} epoch`, segment.timeSystem);
    const value = parseNumber(valueText, valueLine, keyword);
    this.observationCount++;
    this.handlers.onObservation?.({ keyword, epoch, value, line: valueLine, segment });
  }
}

/** Incremental TDM reader (KVN or XML, detected from the first characters). */
export class TdmReader extends NdmReader<TdmSummary> {
  constructor(handlers: TdmHandlers = {}) {
    super(new TdmParser(handlers));
  }
}

export interface TdmMessage {
  format: 'TDM';
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  segments: { metadata: TdmSegmentMetadata; observations: TdmObservation[] }[];
}

/** Parse a whole TDM into memory (use {@link TdmReader} for large files). */
export function parseTdm(text: string): TdmMessage {
  const segments: TdmMessage['segments'] = [];
  const reader = new TdmReader({
    onSegment: (metadata) => segments.push({ metadata, observations: [] }),
    onObservation: (observation) => segments[segments.length - 1]!.observations.push(observation),
  });
  reader.push(text);
  const summary = reader.end();
  return { format: 'TDM', notation: summary.notation, header: summary.header, segments };
}
