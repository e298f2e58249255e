/**
 * What a CDM upload answers per file (CDM ingest, ./ingest.ts): the file's outcome, its messages' outcomes and the
 * errors with their lines and keywords, at most MAX_REPORTED_ERRORS errors and MAX_LISTED_CDMS messages listed.
 */
import { type CdmObjectDigest } from '../../../domain/conjunctions/cdmDigest.ts';
import { type CdmSource } from '../../../domain/conjunctions/model.ts';

/** Errors listed per failed file; CDMs listed per file result. */
export const MAX_REPORTED_ERRORS = 50;
export const MAX_LISTED_CDMS = 1000;

export interface CdmFile {
  /** The file name (uploads) or null (messages made by the service itself). */
  name: string | null;
  bytes: Uint8Array;
}

export interface IngestOptions {
  source: CdmSource;
  /** The request's id (every stored CDM carries it); a new one by default. */
  uploadId?: string;
}

export interface CdmFileError {
  /** 0-based index of the message in the file. */
  messageIndex: number;
  line: number;
  keyword: string | null;
  message: string;
}

export interface CdmResultItem {
  messageIndex: number;
  originator: string;
  messageId: string | null;
  /** `stored`: new; `duplicate`: already stored — cdmId and eventId are then those of the stored one. */
  status: 'stored' | 'duplicate';
  cdmId: string;
  eventId: string;
}

export interface CdmFileResult {
  filename: string | null;
  status: 'success' | 'failed' | 'duplicate';
  message: string;
  code: string;
  /** Machine token of a failure (PARSE_ERROR, UNRESOLVED_OBJECTS, AMBIGUOUS_OBJECT, SPACECRAFT_ARCHIVED, SAME_SPACECRAFT), null otherwise. */
  error: string | null;
  /** Line and keyword of the first error. */
  line: number | null;
  keyword: string | null;
  errors: CdmFileError[];
  /** Messages in the file; of them stored now, and already stored. */
  cdmCount: number;
  storedCount: number;
  duplicateCount: number;
  /** The events the file's messages belong to (at most MAX_LISTED_CDMS). */
  eventIds: string[];
  /** Each message's outcome (at most MAX_LISTED_CDMS; `cdmsTruncated` then). */
  cdms: CdmResultItem[];
  cdmsTruncated: boolean;
  params: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Results

export function emptyResult(file: CdmFile, cdmCount: number, contentHash: string): CdmFileResult {
  return {
    filename: file.name, status: 'success', message: '', code: '', error: null, line: null, keyword: null, errors: [],
    cdmCount, storedCount: 0, duplicateCount: 0, eventIds: [], cdms: [], cdmsTruncated: false, params: { contentHash },
  };
}

export function failedResult(base: CdmFileResult, error: string, code: string, errors: CdmFileError[], truncated: boolean): CdmFileResult {
  const first = errors[0]!;
  const more = errors.length - 1;
  const message = more === 0 && !truncated ? first.message : `${first.message} (and ${more}${truncated ? '+' : ''} more; see errors)`;
  return { ...base, status: 'failed', error, code, message, line: first.line, keyword: first.keyword, errors, params: { ...base.params, ...(errors.length > 1 || truncated ? { errorCount: errors.length, errorsTruncated: truncated } : {}) } };
}

export function describeObject(o: CdmObjectDigest): string {
  return `${o.object} (OBJECT_DESIGNATOR ${JSON.stringify(o.designator)}, OBJECT_NAME ${JSON.stringify(o.name)}, INTERNATIONAL_DESIGNATOR ${JSON.stringify(o.internationalDesignator)})`;
}

