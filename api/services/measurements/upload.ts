/**
 * Tracking-measurement upload (spec → Measurements): each file is validated synchronously on the pool
 * (parsed, its tracked objects resolved to spacecraft, its stations previewed), then queued as one durable job
 * (api/jobs/measurementJobRunner.ts stores it); inspect is the same validation without a job.
 */
import { contentHashOf } from '../../contentHash.ts';
import { randomUUID } from 'node:crypto';
import {
  batchBytes,
  MAX_REPORTED_ERRORS,
  TRACKING_ERROR_CODES,
  type MeasurementBatch,
  type TrackedObject,
  type TrackingError,
  type TrackingFileSummary,
  type TrackingStreamResult,
} from '../../../engine/tracking/index.ts';
import { type Db, inTransaction } from '../../../storage/sql/db.ts';
import { resolveStationNames } from '../../../storage/groundStations.ts';
import { findLiveDuplicate, insertJob } from '../../../storage/measurementJobs.ts';
import { resolveSpacecraft } from '../../../storage/spacecraft.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import { type ParsedFile, type ParsedFileCache, TrackingStream } from './trackingStream.ts';

/** What the job's summary records about spacecraft resolution (written here, read by the upload job). */
export interface JobResolution {
  /** Tracked-object key → the spacecraft it resolved to and the identifier that matched. */
  resolution: Record<string, { spacecraftId: string; identifier: string }>;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface FileResultError {
  blockId: string;
  code: string;
  firstEpoch: string | null;
  message: string;
}

export interface FileResult {
  filename: string;
  jobId: string | null;
  status: 'success' | 'failed' | 'duplicate';
  message: string;
  code: string;
  errorCode: string | null;
  errors: FileResultError[];
  params: Record<string, unknown>;
  measurementContext: { startDate: string | null; endDate: string | null; spacecraftIds: string[]; measurementTypes: string[] } | null;
  uncertaintySummary: string | null;
  /** Records of an accepted file that will not be stored, each with its line (e.g. a TDM angle without its pair). */
  warnings: string[];
}

export interface BatchUploadResponse {
  /** The upload request: every job it queued carries it (GET /operations/measurements/jobs?batchId=…). */
  batchId: string;
  successCount: number;
  failureCount: number;
  totalCount: number;
  results: FileResult[];
}

export interface UploadOptions {
  /** Store a file again although the same content was already uploaded for the same spacecraft. */
  allowDuplicate?: boolean;
}

/** Dotted code for a failure of this file (`import.tracking.tdm.parse_failed`). */
function failureCode(format: string | null, code: string): string {
  const suffix: Record<string, string> = {
    [TRACKING_ERROR_CODES.PARSE_FAILED]: 'parse_failed',
    [TRACKING_ERROR_CODES.UNKNOWN_FORMAT]: 'unknown_format',
    [TRACKING_ERROR_CODES.UNRESOLVED_SPACECRAFT]: 'unresolved_spacecraft',
    [TRACKING_ERROR_CODES.NO_MEASUREMENTS]: 'no_measurements',
    [TRACKING_ERROR_CODES.UNSUPPORTED_TIME_SYSTEM]: 'unsupported_time_system',
    [TRACKING_ERROR_CODES.UNSAFE_XML]: 'unsafe_xml',
    [TRACKING_ERROR_CODES.UNSUPPORTED_CONTENT]: 'unsupported_content',
  };
  return format ? `import.tracking.${format.toLowerCase()}.${suffix[code] ?? 'failed'}` : `import.tracking.${suffix[code] ?? 'failed'}`;
}

/** Every error of the file is listed (up to MAX_REPORTED_ERRORS); the message gives the first and how many more. */
function failedResult(filename: string, format: string | null, errors: TrackingError[], params: Record<string, unknown>, truncated = false): FileResult {
  const first = errors[0]!;
  const more = errors.length - 1;
  const message =
    more === 0 && !truncated
      ? first.message
      : `${first.message} (and ${more}${truncated ? '+' : ''} more error${more === 1 && !truncated ? '' : 's'}${truncated ? `; reading stopped after ${MAX_REPORTED_ERRORS}` : ''}; see errors)`;
  if (errors.length > 1 || truncated) {
    params.errorCount = errors.length;
    params.errorsTruncated = truncated;
  }
  return {
    filename,
    jobId: null,
    status: 'failed',
    message,
    code: failureCode(format, first.code),
    errorCode: first.code,
    errors: errors.map((e) => ({ blockId: e.blockId ?? 'file', code: e.code, firstEpoch: e.firstEpoch, message: e.message })),
    params,
    measurementContext: null,
    uncertaintySummary: null,
    warnings: [],
  };
}

export interface ObjectResolution {
  resolved: JobResolution['resolution'];
  unresolved: string[];
}

/**
 * Finds the spacecraft of each tracked object: the first candidate identifier (id, externalKey,
 * name, NORAD or COSPAR) that names exactly one craft of the organization.
 */
export async function resolveTrackedObjects(db: Db, organizationId: string, objects: readonly TrackedObject[]): Promise<ObjectResolution> {
  const resolved: JobResolution['resolution'] = {};
  const unresolved: string[] = [];
  for (const object of objects) {
    let match: { spacecraftId: string; identifier: string } | null = null;
    for (const candidate of object.candidates) {
      if (!candidate) continue;
      const matches = await resolveSpacecraft(db, organizationId, candidate, ['id', 'externalKey', 'name', 'noradId', 'cosparId']);
      if (matches.length === 1) {
        match = { spacecraftId: matches[0]!.spacecraft.id, identifier: candidate };
        break;
      }
    }
    if (match) resolved[object.key] = match;
    else unresolved.push(object.candidates.filter(Boolean).join(' / '));
  }
  return { resolved, unresolved };
}

/**
 * How the ground participants of a TDM's tracked objects resolve to ground stations now (the job resolves them again
 * at ingest and records the outcome in its summary). Null for files without participants (SP3, OEM).
 */
async function previewStations(
  db: Db,
  organizationId: string,
  objects: readonly TrackedObject[],
  resolved: ObjectResolution['resolved'],
): Promise<{ resolved: Array<{ name: string; stationId: string }>; unresolved: string[] } | null> {
  const names = new Set<string>();
  for (const object of objects) {
    if (!object.participants) continue;
    for (const name of object.participants) if (name !== resolved[object.key]?.identifier) names.add(name);
  }
  if (names.size === 0) return null;
  const stationIds = await resolveStationNames(db, organizationId, [...names]);
  return {
    resolved: [...names].filter((n) => stationIds.has(n)).map((name) => ({ name, stationId: stationIds.get(name)! })),
    unresolved: [...names].filter((n) => !stationIds.has(n)),
  };
}

interface InspectOutcome {
  contentHash: string;
  format: string | null;
  ok: boolean;
  summary: TrackingFileSummary | null;
  errors: TrackingError[];
  /** More errors than the reported ones may exist (reading stopped at the cap). */
  errorsTruncated: boolean;
  /** With a cache: the measurements in the batches a job consumes (null when not kept: no cache, or too big). */
  parsed: ParsedFile | null;
}

function outcomeOf(contentHash: string, result: TrackingStreamResult, parsed: ParsedFile | null): InspectOutcome {
  if (!result.ok) {
    return { contentHash, format: result.format, ok: false, summary: null, errors: result.errors, errorsTruncated: result.errorsTruncated === true, parsed: null };
  }
  return { contentHash, format: result.summary.format, ok: true, summary: result.summary, errors: [], errorsTruncated: false, parsed };
}

/**
 * Validates the file on the pool. Without a cache only the summary comes back (`tracking.inspect`). With one, the
 * same single parse also streams the columnar batches back (`tracking.stream`, typed arrays transferred, no
 * read-ahead limit), kept while they fit the cache so the job need not parse the file again.
 */
async function inspectBytes(pool: ComputePool, file: UploadedFile, cache: ParsedFileCache | null = null): Promise<InspectOutcome> {
  const contentHash = await contentHashOf(file.bytes);
  // The worker decodes the bytes (a copy: the upload still stores them).
  if (!cache) return outcomeOf(contentHash, await pool.run('tracking.inspect', { bytes: file.bytes, fileName: file.name }), null);
  const stream = new TrackingStream(pool, { bytes: file.bytes }, Number.MAX_SAFE_INTEGER);
  let batches: MeasurementBatch[] | null = [];
  let bytes = 0;
  try {
    for (;;) {
      const message = await stream.next();
      if ('end' in message) return outcomeOf(contentHash, message.end, batches && message.end.ok ? { batches, end: message.end, bytes } : null);
      if (!batches) continue;
      bytes += batchBytes(message.batch);
      if (bytes <= cache.capBytes) batches.push(message.batch);
      else batches = null; // would not fit: validate only, the job re-parses
    }
  } finally {
    stream.close();
  }
}

/**
 * Validates one file and, when valid, queues its job — unless the same content was already uploaded for the same
 * spacecraft and that upload still counts (queued, running, or succeeded with its measurements stored): then the
 * result is `duplicate` with that job's id and nothing is queued (idempotent uploads; `allowDuplicate` overrides).
 * The check and the insert are one write transaction, so two simultaneous uploads of one file queue one job.
 */
async function acceptFile(
  db: Db,
  pool: ComputePool,
  organizationId: string,
  file: UploadedFile,
  cache: ParsedFileCache | null,
  batchId: string,
  options: UploadOptions,
): Promise<FileResult> {
  const inspected = await inspectBytes(pool, file, cache);
  const params: Record<string, unknown> = { contentHash: inspected.contentHash, format: inspected.format };
  if (!inspected.ok || !inspected.summary) return failedResult(file.name, inspected.format, inspected.errors, params, inspected.errorsTruncated);
  const summary = inspected.summary;
  params.measurementCount = summary.measurementCount;
  if (summary.measurementCount === 0) {
    return failedResult(file.name, summary.format, [{
      code: TRACKING_ERROR_CODES.NO_MEASUREMENTS, message: 'the file contains no measurements', line: null, blockId: null, firstEpoch: null,
    }], params);
  }
  const { resolved, unresolved } = await resolveTrackedObjects(db, organizationId, summary.objects);
  if (unresolved.length > 0) {
    params.unresolvedObjects = unresolved;
    return failedResult(file.name, summary.format, [{
      code: TRACKING_ERROR_CODES.UNRESOLVED_SPACECRAFT,
      message: `no unique spacecraft of this organization matches: ${unresolved.join(', ')}`,
      line: null, blockId: null, firstEpoch: summary.startUtc,
    }], params);
  }
  const measurementContext = {
    startDate: summary.startUtc,
    endDate: summary.endUtc,
    spacecraftIds: [...new Set(Object.values(resolved).map((r) => r.spacecraftId))],
    measurementTypes: summary.types,
  };
  const stations = await previewStations(db, organizationId, summary.objects, resolved);
  if (stations) params.stations = stations;
  // Cached before the row exists, so a runner that claims the job at once already finds the parse.
  const jobId = randomUUID();
  if (cache && inspected.parsed) cache.put(jobId, inspected.parsed);
  const outcome = await inTransaction(db, async (tx) => {
    if (!options.allowDuplicate) {
      const earlier = await findLiveDuplicate(tx, organizationId, inspected.contentHash, measurementContext.spacecraftIds);
      if (earlier) return { duplicateOf: earlier, job: null };
    }
    const job = await insertJob(tx, {
      id: jobId,
      organizationId,
      filename: file.name,
      format: summary.format,
      contentSha256: inspected.contentHash,
      content: file.bytes,
      summary: { resolution: resolved, measurementContext, uncertaintySummary: summary.uncertaintySummary, measurementCount: summary.measurementCount },
      batchId,
      spacecraftIds: measurementContext.spacecraftIds,
    });
    return { duplicateOf: null, job };
  }).catch((error: unknown) => {
    cache?.delete(jobId);
    throw error;
  });
  if (outcome.duplicateOf) {
    cache?.delete(jobId);
    const earlier = outcome.duplicateOf;
    params.duplicateOfJobId = earlier.id;
  }
  // What every accepted file's result says, queued or duplicate.
  const accepted = {
    filename: file.name, errorCode: null, errors: [], params, measurementContext,
    uncertaintySummary: summary.uncertaintySummary, warnings: summary.warnings,
  };
  if (outcome.duplicateOf) {
    const earlier = outcome.duplicateOf;
    return {
      ...accepted,
      jobId: earlier.id,
      status: 'duplicate',
      message:
        `the same content was already uploaded for the same spacecraft (${JSON.stringify(earlier.filename)}, job ${earlier.id}, ${earlier.status}); ` +
        'nothing queued — upload with ?allowDuplicate=true to store it again',
      code: `import.tracking.${summary.format.toLowerCase()}.duplicate`,
    };
  }
  return {
    ...accepted,
    jobId: outcome.job!.id,
    status: 'success',
    message: `${summary.measurementCount} measurements queued for import`,
    code: `import.tracking.${summary.format.toLowerCase()}.queued`,
  };
}

export async function uploadMeasurements(
  db: Db,
  pool: ComputePool,
  organizationId: string,
  files: UploadedFile[],
  contentHashHeader: string | undefined,
  cache: ParsedFileCache | null = null,
  options: UploadOptions = {},
): Promise<{ status: 202 | 207; body: BatchUploadResponse }> {
  if (files.length === 0) throw validationError({ files: 'at least one file is required' });
  // Spec rule 3: with exactly one file, a preview hash must still match the content.
  const actualContentHash = files.length === 1 && contentHashHeader !== undefined ? await contentHashOf(files[0]!.bytes) : null;
  if (actualContentHash !== null && contentHashHeader!.trim().toLowerCase() !== actualContentHash) {
    throw new ApiError(409, 'IMPORT_STALE_PREVIEW', 'The file differs from the inspected one (X-Content-Hash does not match)', {
      code: 'import.commit.preview.stale',
      details: { expectedContentHash: contentHashHeader, actualContentHash },
    });
  }
  const results: FileResult[] = [];
  const batchId = randomUUID();
  for (const file of files) results.push(await acceptFile(db, pool, organizationId, file, cache, batchId, options));
  // A duplicate is not a failure: its measurements are (being) stored by the earlier job.
  const successCount = results.filter((r) => r.status !== 'failed').length;
  return {
    status: successCount === results.length ? 202 : 207,
    body: { batchId, successCount, failureCount: results.length - successCount, totalCount: results.length, results },
  };
}

export async function inspectMeasurementsFile(db: Db, pool: ComputePool, organizationId: string, file: UploadedFile) {
  const inspected = await inspectBytes(pool, file);
  const resolution = inspected.summary ? await resolveTrackedObjects(db, organizationId, inspected.summary.objects) : null;
  return {
    filename: file.name,
    contentHash: inspected.contentHash,
    format: inspected.format,
    valid: inspected.ok && resolution !== null && resolution.unresolved.length === 0 && (inspected.summary?.measurementCount ?? 0) > 0,
    measurementCount: inspected.summary?.measurementCount ?? 0,
    measurementContext: inspected.summary
      ? {
          startDate: inspected.summary.startUtc,
          endDate: inspected.summary.endUtc,
          spacecraftIds: [...new Set(Object.values(resolution?.resolved ?? {}).map((r) => r.spacecraftId))],
          measurementTypes: inspected.summary.types,
        }
      : null,
    unresolvedObjects: resolution?.unresolved ?? [],
    uncertaintySummary: inspected.summary?.uncertaintySummary ?? null,
    warnings: inspected.summary?.warnings ?? [],
    errors: inspected.errors.map((e) => ({ blockId: e.blockId ?? 'file', code: e.code, firstEpoch: e.firstEpoch, message: e.message })),
    errorsTruncated: inspected.errorsTruncated,
  };
}
