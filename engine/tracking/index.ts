/**
 * Tracking files → measurements: detect the format from the content (never the file name), read
 * it with the matching streaming reader, and turn every failure into a coded TrackingError with
 * its line. Used by the worker tasks `tracking.inspect` and `tracking.parse`.
 */
import { detectFormat } from '../ccsds/detect.ts';
import { CcsdsParseError } from '../ccsds/errors.ts';
import { readOemMeasurements } from './oem.ts';
import { readSp3Measurements } from './sp3.ts';
import { readTdmMeasurements } from './tdm.ts';
import {
  TRACKING_ERROR_CODES,
  TrackingContentError,
  type TrackingError,
  type TrackingFileSummary,
  type TrackingFormat,
  type TrackingMeasurement,
  type TrackingParseResult,
} from './model.ts';

export * from './model.ts';

/** TDM, SP3 or OEM from the content (engine/ccsds detectFormat), or null for any other file. */
export function detectTrackingFormat(text: string): TrackingFormat | null {
  const format = detectFormat(text);
  return format === 'TDM' || format === 'SP3' || format === 'OEM' ? format : null;
}

const READERS: Record<TrackingFormat, (text: string) => { summary: TrackingFileSummary; measurements: TrackingMeasurement[] }> = {
  TDM: readTdmMeasurements,
  SP3: readSp3Measurements,
  OEM: readOemMeasurements,
};

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

export function parseTrackingFile(text: string): TrackingParseResult {
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
  try {
    const { summary, measurements } = READERS[format](text);
    return { ok: true, summary, measurements };
  } catch (error) {
    return { ok: false, format, errors: [toTrackingError(error)] };
  }
}

/** Same as parseTrackingFile without the measurement array (a cheap result to send across threads). */
export function inspectTrackingFile(text: string): { ok: true; summary: TrackingFileSummary } | { ok: false; format: TrackingFormat | null; errors: TrackingError[] } {
  const result = parseTrackingFile(text);
  return result.ok ? { ok: true, summary: result.summary } : result;
}
