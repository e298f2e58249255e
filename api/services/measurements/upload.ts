/**
 * Tracking measurements: upload (validate synchronously on the pool, then one durable job per
 * file), inspect, query, outlier flags and delete by file (spec → Measurements, issue 9).
 */
import { contentHashOf } from '../contentHash.ts';
import { randomUUID } from 'node:crypto';
import type { Epoch } from '../../engine/time/epoch.ts';
import {
  batchBytes,
  MAX_REPORTED_ERRORS,
  TRACKING_ERROR_CODES,
  type MeasurementBatch,
  type TrackedObject,
  type TrackingError,
  type TrackingFileSummary,
  type TrackingStreamResult,
} from '../../engine/tracking/index.ts';
import { inTransaction, type Db } from '../../storage/db.ts';
import { resolveStationNames } from '../../storage/groundStations.ts';
import { deleteContextsByFile, findMeasurementContexts, type MeasurementContextRecord } from '../../storage/measurementContexts.ts';
import {
  cancelQueuedJob,
  deleteJobContent,
  findJob,
  findLiveDuplicate,
  insertJob,
  JOB_SORT_COLUMNS,
  listJobs,
  type JobStatus,
  type MeasurementJob,
} from '../../storage/measurementJobs.ts';
import { pageEnvelope, parsePageable, type PageableInput } from '../paging.ts';
import { MEASUREMENT_COMPONENTS, type MeasurementType } from '../../engine/measurements/observables.ts';
import {
  deleteMeasurementsByFile,
  queryMeasurements,
  setOutlierByFile,
  setOutlierByIds,
  type Measurement,
} from '../../storage/measurements.ts';
import type { PageRequest } from '../../storage/paging.ts';
import { resolveSpacecraft } from '../../storage/spacecraft.ts';
import type { ComputePool } from '../../workers/poolTypes.ts';
import { ApiError, conflict, jobNotCancellable, notFound, validationError } from '../errors.ts';
import { instantText } from '../../domain/instants.ts';
import { logError } from '../log.ts';
import { TrackingStream, type JobResolution, type ParsedFile, type ParsedFileCache } from '../jobs/measurementJobRunner.ts';

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

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

/**
 * A job as the API shows it. `progress`: rows stored so far of the rows expected (the count the upload's validation
 * found); `liveRowsStored` is the runner's in-process count while this instance runs the job (more recent than the
 * stored one while one long transaction holds the rows).
 */
export function jobView(job: MeasurementJob, liveRowsStored?: number) {
  const summary = job.summary as { measurementContext?: unknown; uncertaintySummary?: string; measurementCount?: number; stations?: unknown };
  const expected = summary.measurementCount ?? null;
  const rowsStored = job.status === 'RUNNING' && liveRowsStored !== undefined ? Math.max(job.rowsStored, liveRowsStored) : job.rowsStored;
  return {
    jobId: job.id,
    batchId: job.batchId,
    filename: job.filename,
    format: job.format,
    spacecraftIds: job.spacecraftIds,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: {
      rowsStored,
      expectedRows: expected,
      fraction: expected && expected > 0 ? Math.min(1, rowsStored / expected) : job.status === 'SUCCEEDED' ? 1 : 0,
    },
    expectedMeasurementCount: expected,
    measurementCount: job.measurementCount,
    error: job.error,
    contentHash: job.contentSha256,
    measurementContext: summary.measurementContext ?? null,
    uncertaintySummary: summary.uncertaintySummary ?? null,
    stations: summary.stations ?? null,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

/** What the job routes need from this process's runner (in-process progress, the parse it holds for a job). */
export interface JobRunnerView {
  progressOf?(jobId: string): number | undefined;
  forget?(jobId: string): void;
}

function jobNotFound(jobId: string): ApiError {
  return notFound(`No measurement job ${jobId}`, 'JOB_NOT_FOUND', { code: 'measurement.job.not-found' });
}

export async function getJob(db: Db, organizationId: string, jobId: string, runner: JobRunnerView | null = null) {
  const job = await findJob(db, organizationId, jobId);
  if (!job) throw jobNotFound(jobId);
  return jobView(job, runner?.progressOf?.(job.id));
}

export interface JobListQuery extends PageableInput {
  status?: string | string[];
  spacecraftId?: string;
  file?: string;
  batchId?: string;
}

/** A page of the organization's upload jobs (newest first by default), filtered by status, spacecraft, file, batch. */
export async function listUploadJobs(db: Db, organizationId: string, query: JobListQuery, runner: JobRunnerView | null = null) {
  const page = parsePageable(query, Object.keys(JOB_SORT_COLUMNS), [{ field: 'createdAt', direction: 'desc' }]);
  const statusTexts = query.status === undefined ? [] : (Array.isArray(query.status) ? query.status : [query.status]).flatMap((s) => s.split(',')).map((s) => s.trim());
  const unknown = statusTexts.filter((s) => !(JOB_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0) throw validationError({ status: `unknown status ${unknown.join(', ')}; one of ${JOB_STATUSES.join(', ')}` });
  const { items, totalElements } = await listJobs(
    db,
    organizationId,
    {
      statuses: statusTexts as JobStatus[],
      ...(query.spacecraftId !== undefined ? { spacecraftId: query.spacecraftId } : {}),
      ...(query.file !== undefined ? { filename: query.file } : {}),
      ...(query.batchId !== undefined ? { batchId: query.batchId } : {}),
    },
    page,
  );
  return pageEnvelope(items.map((job) => jobView(job, runner?.progressOf?.(job.id))), totalElements, page);
}

/** Cancels a QUEUED job (it becomes CANCELLED, nothing of it is stored); 409 when it runs or has finished. */
export async function cancelUploadJob(db: Db, organizationId: string, jobId: string, runner: JobRunnerView | null = null) {
  if (await cancelQueuedJob(db, organizationId, jobId)) {
    runner?.forget?.(jobId);
    // A leftover (the process stopped in between) is swept: stagedWriteSweeper.
    await deleteJobContent(db, jobId).catch((error: unknown) => logError('job content not deleted', { jobId, error: String(error) }));
    return jobView((await findJob(db, organizationId, jobId))!);
  }
  const job = await findJob(db, organizationId, jobId);
  if (!job) throw jobNotFound(jobId);
  throw jobNotCancellable('Job', jobId, job.status, 'measurement.job');
}

/** The stored context of a measurement as the API shows it (null for SP3/OEM rows). */
export function contextView(context: MeasurementContextRecord | null | undefined) {
  if (!context) return null;
  return {
    recorded: context.recorded,
    segmentIndex: context.segmentIndex,
    dataKeyword: context.dataKeyword,
    participants: context.participants,
    path: context.path,
    path2: context.path2,
    mode: context.mode,
    timetagRef: context.timetagRef,
    integrationIntervalS: context.integrationIntervalS,
    integrationRef: context.integrationRef,
    turnaroundNumerator: context.turnaroundNumerator,
    turnaroundDenominator: context.turnaroundDenominator,
    rangeMode: context.rangeMode,
    rangeModulus: context.rangeModulus,
    rangeUnits: context.rangeUnits,
    angleType: context.angleType,
    transmitBand: context.transmitBand,
    receiveBand: context.receiveBand,
    referenceFrame: context.referenceFrame,
  };
}

export type MeasurementWithContext = Measurement & { context: MeasurementContextRecord | null };

export function measurementView(m: MeasurementWithContext) {
  const names = MEASUREMENT_COMPONENTS[m.type];
  const values: Record<string, number | null> = {};
  const units: Record<string, string> = {};
  const sigma: Record<string, number | null> = {};
  names.forEach((name, i) => {
    values[name] = m.values[i] ?? null;
    units[name] = m.units[i] ?? '';
    if (m.sigma) sigma[name] = m.sigma[i] ?? null;
  });
  return {
    id: m.id,
    spacecraftId: m.spacecraftId,
    type: m.type,
    epoch: m.epoch,
    values,
    units,
    sigma: m.sigma ? sigma : null,
    referenceFrame: m.frame,
    participants: m.participants,
    station: m.station,
    groundStationId: m.context?.groundStationId ?? null,
    context: contextView(m.context),
    sourceFile: m.sourceFile,
    jobId: m.jobId,
    outlier: m.outlier,
    createdAt: m.createdAt,
  };
}

export interface MeasurementFilter {
  start: Epoch;
  end: Epoch;
  spacecraftIdentifiers: string[] | null;
  types: MeasurementType[] | null;
  includeOutliers: boolean;
}

export async function listMeasurements(db: Db, organizationId: string, filter: MeasurementFilter, page: PageRequest) {
  let spacecraftIds: string[] | null = null;
  if (filter.spacecraftIdentifiers) {
    const ids = new Set<string>();
    for (const identifier of filter.spacecraftIdentifiers) {
      for (const match of await resolveSpacecraft(db, organizationId, identifier, ['id', 'name', 'noradId', 'cosparId'])) {
        ids.add(match.spacecraft.id);
      }
    }
    spacecraftIds = [...ids];
  }
  const { items, total } = await queryMeasurements(
    db,
    organizationId,
    { startEpoch: instantText(filter.start), endEpoch: instantText(filter.end), spacecraftIds, types: filter.types, includeOutliers: filter.includeOutliers },
    page,
  );
  // The page's contexts in one query (a page references a handful), not a join in the 1M-row query.
  const contexts = await findMeasurementContexts(db, organizationId, items.flatMap((m) => (m.contextId === null ? [] : [m.contextId])));
  return { items: items.map((m) => ({ ...m, context: m.contextId === null ? null : contexts.get(m.contextId) ?? null })), total };
}

export async function flagOutliersByIds(db: Db, organizationId: string, ids: string[], outlier: boolean): Promise<{ updatedCount: number }> {
  return { updatedCount: await setOutlierByIds(db, organizationId, [...new Set(ids)], outlier) };
}

export async function flagOutliersByFile(db: Db, organizationId: string, fileName: string, outlier: boolean): Promise<{ updatedCount: number }> {
  return { updatedCount: await setOutlierByFile(db, organizationId, fileName, outlier) };
}

export async function deleteByFile(db: Db, organizationId: string, spacecraftId: string, fileName: string): Promise<{ deletedCount: number }> {
  // The contexts go with their measurements (their counts are what a station delete reports).
  const deletedCount = await inTransaction(db, async (tx) => {
    const count = await deleteMeasurementsByFile(tx, organizationId, spacecraftId, fileName);
    await deleteContextsByFile(tx, organizationId, spacecraftId, fileName);
    return count;
  });
  return { deletedCount };
}
