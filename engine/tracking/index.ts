/**
 * Tracking files → measurements: detect the format from the content (never the file name), read
 * it with the matching streaming reader, and turn every failure into a coded TrackingError with
 * its line. Used by the worker tasks `tracking.inspect` and `tracking.parse`.
 */
import { detectFormat } from '../files/common/detectFormat.ts';
import { CcsdsParseError } from '../files/common/errors.ts';
import { oemMeasurementReader } from './oemMeasurements.ts';
import { sp3MeasurementReader } from './sp3Measurements.ts';
import { tdmMeasurementReader } from './tdmMeasurements.ts';
import {
  batchMeasurements,
  MeasurementSink,
  TRACKING_ERROR_CODES,
  TooManyErrors,
  TrackingContentError,
  TrackingErrorCollector,
  type MeasurementBatch,
  type MeasurementGroup,
  type TrackingError,
  type TrackingFileSummary,
  type TrackingFormat,
  type TrackingMeasurement,
  type TrackingParseResult,
  type TrackingReader,
} from './model.ts';

export * from './model.ts';

/** TDM, SP3 or OEM from the content (files/common/detectFormat.ts), or null for any other file. */
export function detectTrackingFormat(text: string): TrackingFormat | null {
  const format = detectFormat(text);
  return format === 'TDM' || format === 'SP3' || format === 'OEM' ? format : null;
}

const READERS: Record<TrackingFormat, (sink: MeasurementSink, errors: TrackingErrorCollector) => TrackingReader> = {
  TDM: tdmMeasurementReader,
  SP3: sp3MeasurementReader,
  OEM: oemMeasurementReader,
};

/** Characters pushed to a reader at a time: the streaming readers never see more than this at once. */
export const TRACKING_CHUNK_CHARS = 256 * 1024;

function toTrackingError(error: unknown): TrackingError {
  if (error instanceof TrackingContentError) {
    return { code: error.code, message: error.line ? `line ${error.line}: ${error.message}` : error.message, line: error.line, blockId: null, firstEpoch: null };
  }
  if (error instanceof CcsdsParseError) {
    const unsafe = /DOCTYPE|DTD|entity/i.test(error.detail);
    return {
      code: unsafe ? TRACKING_ERROR_CODES.UNSAFE_XML : TRACKING_ERROR_CODES.PARSE_FAILED,
      message: error.message,
      line: error.line || null,
      blockId: null,
      firstEpoch: null,
    };
  }
  // Anything else a reader throws was still caused by the file's content: report it, never crash the upload.
  return { code: TRACKING_ERROR_CODES.PARSE_FAILED, message: String((error as Error)?.message ?? error), line: null, blockId: null, firstEpoch: null };
}

/** XML with a document type declaration or entity declarations is refused outright (no DTD, no XXE). */
function unsafeXml(text: string): TrackingError | null {
  const head = text.slice(0, 65536);
  const match = /<!(DOCTYPE|ENTITY)\b/i.exec(head);
  if (!match || !/^\s*(?:\uFEFF)?</.test(text)) return null;
  const line = head.slice(0, match.index).split('\n').length;
  return {
    code: TRACKING_ERROR_CODES.UNSAFE_XML,
    message: `line ${line}: XML document type and entity declarations are not allowed (<!${match[1]}>)`,
    line, blockId: null, firstEpoch: null,
  };
}

export type TrackingStreamResult =
  | { ok: true; summary: TrackingFileSummary }
  /** `errorsTruncated`: reading stopped at MAX_REPORTED_ERRORS, more errors may follow. */
  | { ok: false; format: TrackingFormat | null; errors: TrackingError[]; errorsTruncated?: boolean };

/** The result of a reading: every collected record error, then the error that stopped it (if any). */
function failure(format: TrackingFormat, collected: TrackingErrorCollector, stop: unknown): TrackingStreamResult {
  const errors = [...collected.errors];
  if (stop !== null && !(stop instanceof TooManyErrors)) errors.push(toTrackingError(stop));
  return { ok: false, format, errors, ...(collected.truncated ? { errorsTruncated: true } : {}) };
}

/** Format detection and the XML safety check, before any reading. */
function precheck(text: string): { ok: true; format: TrackingFormat } | { ok: false; format: TrackingFormat | null; errors: TrackingError[] } {
  const unsafe = unsafeXml(text);
  if (unsafe) return { ok: false, format: detectTrackingFormat(text), errors: [unsafe] };
  const format = detectTrackingFormat(text);
  if (!format) {
    return {
      ok: false,
      format: null,
      errors: [{
        code: TRACKING_ERROR_CODES.UNKNOWN_FORMAT,
        message: 'not a tracking file: expected CCSDS TDM or OEM (KVN or XML) or SP3-a/c/d',
        line: 1, blockId: null, firstEpoch: null,
      }],
    };
  }
  return { ok: true, format };
}

/**
 * Reads a tracking file in TRACKING_CHUNK_CHARS pieces into `sink`. After each piece `between()` may pause the
 * reading (the worker awaits its consumer there, so at most a few batches are ever in flight); false stops it.
 */
export async function streamTrackingFile(text: string, sink: MeasurementSink, between?: () => Promise<boolean>): Promise<TrackingStreamResult> {
  const checked = precheck(text);
  if (!checked.ok) return checked;
  const collected = new TrackingErrorCollector();
  try {
    const reader = READERS[checked.format](sink, collected);
    for (let at = 0; at < text.length; at += TRACKING_CHUNK_CHARS) {
      reader.push(text.slice(at, at + TRACKING_CHUNK_CHARS));
      if (between && !(await between())) {
        return { ok: false, format: checked.format, errors: [{ code: TRACKING_ERROR_CODES.PARSE_FAILED, message: 'cancelled by the consumer', line: null, blockId: null, firstEpoch: null }] };
      }
    }
    const summary = reader.end();
    if (collected.errors.length > 0) return failure(checked.format, collected, null);
    sink.flush();
    return { ok: true, summary };
  } catch (error) {
    return failure(checked.format, collected, error);
  }
}

/** Synchronous streamTrackingFile (no pauses). */
function readTrackingFile(text: string, sink: MeasurementSink): TrackingStreamResult {
  const checked = precheck(text);
  if (!checked.ok) return checked;
  const collected = new TrackingErrorCollector();
  try {
    const reader = READERS[checked.format](sink, collected);
    for (let at = 0; at < text.length; at += TRACKING_CHUNK_CHARS) reader.push(text.slice(at, at + TRACKING_CHUNK_CHARS));
    const summary = reader.end();
    if (collected.errors.length > 0) return failure(checked.format, collected, null);
    sink.flush();
    return { ok: true, summary };
  } catch (error) {
    return failure(checked.format, collected, error);
  }
}

/** Every measurement as an object (small files, tests); the service streams batches instead. */
export function parseTrackingFile(text: string): TrackingParseResult {
  const batches: MeasurementBatch[] = [];
  const result = readTrackingFile(text, new MeasurementSink(4096, (batch) => batches.push(batch)));
  if (!result.ok) return result;
  const groups: MeasurementGroup[] = [];
  const measurements: TrackingMeasurement[] = [];
  for (const batch of batches) measurements.push(...batchMeasurements(batch, groups));
  return { ok: true, summary: result.summary, measurements };
}

/**
 * Validates the whole file and returns its summary without keeping any measurement (memory stays flat in the
 * file size; a cheap result to send across threads).
 */
export function inspectTrackingFile(text: string): TrackingStreamResult {
  return readTrackingFile(text, new MeasurementSink());
}
