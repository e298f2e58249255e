/**
 * Tracking measurements: upload (validate synchronously on the pool, then one durable job per
 * file), inspect, query, outlier flags and delete by file (spec → Measurements, issue 9).
 */
import { sha256Hex } from '../contentHash.ts';
import { randomUUID } from 'node:crypto';
import type { Epoch } from '../../engine/time/epoch.ts';
import {
  batchBytes,
  TRACKING_ERROR_CODES,
  type MeasurementBatch,
  type MeasurementType,
  type TrackedObject,
  type TrackingError,
  type TrackingFileSummary,
  type TrackingStreamResult,
} from '../../engine/tracking/index.ts';
import { inTransaction, type Db } from '../../storage/db.ts';
import { resolveStationNames } from '../../storage/groundStations.ts';
import { deleteContextsByFile, findMeasurementContexts, type MeasurementContextRecord } from '../../storage/measurementContexts.ts';
import { findJob, insertJob, type MeasurementJob } from '../../storage/measurementJobs.ts';
import {
  deleteMeasurementsByFile,
  MEASUREMENT_COMPONENTS,
  queryMeasurements,
  setOutlierByFile,
  setOutlierByIds,
  type Measurement,
} from '../../storage/measurements.ts';
import type { PageRequest } from '../../storage/paging.ts';
import { resolveSpacecraft } from '../../storage/spacecraft.ts';
import type { ComputePool } from '../../workers/pool.ts';
import { ApiError, notFound, validationError } from '../errors.ts';
import { utcText } from '../instants.ts';
import { TrackingStream, type JobResolution, type ParsedFile, type ParsedFileCache } from './measurementJobRunner.ts';

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
  status: 'success' | 'failed';
  message: string;
  code: string;
  errorCode: string | null;
  errors: FileResultError[];
  params: Record<string, unknown>;
  measurementContext: { startDate: string | null; endDate: string | null; spacecraftIds: string[]; measurementTypes: string[] } | null;
  uncertaintySummary: string | null;
}

export interface BatchUploadResponse {
  successCount: number;
  failureCount: number;
  totalCount: number;
  results: FileResult[];
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

function failedResult(filename: string, format: string | null, errors: TrackingError[], params: Record<string, unknown>): FileResult {
  const first = errors[0]!;
  return {
    filename,
    jobId: null,
    status: 'failed',
    message: first.message,
    code: failureCode(format, first.code),
    errorCode: first.code,
    errors: errors.map((e) => ({ blockId: e.blockId ?? 'file', code: e.code, firstEpoch: e.firstEpoch, message: e.message })),
    params,
    measurementContext: null,
    uncertaintySummary: null,
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
  /** With a cache: the measurements in the batches a job consumes (null when not kept: no cache, or too big). */
  parsed: ParsedFile | null;
}

function outcomeOf(contentHash: string, result: TrackingStreamResult, parsed: ParsedFile | null): InspectOutcome {
  if (!result.ok) return { contentHash, format: result.format, ok: false, summary: null, errors: result.errors, parsed: null };
  return { contentHash, format: result.summary.format, ok: true, summary: result.summary, errors: [], parsed };
}

/**
 * Validates the file on the pool. Without a cache only the summary comes back (`tracking.inspect`). With one, the
 * same single parse also streams the columnar batches back (`tracking.stream`, typed arrays transferred, no
 * read-ahead limit), kept while they fit the cache so the job need not parse the file again.
 */
async function inspectBytes(pool: ComputePool, file: UploadedFile, cache: ParsedFileCache | null = null): Promise<InspectOutcome> {
  const contentHash = sha256Hex(file.bytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file.bytes);
  if (!cache) return outcomeOf(contentHash, await pool.run('tracking.inspect', { text, fileName: file.name }), null);
  const stream = new TrackingStream(pool, text, Number.MAX_SAFE_INTEGER);
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

/** Validates one file and, when valid, queues its job. */
async function acceptFile(db: Db, pool: ComputePool, organizationId: string, file: UploadedFile, cache: ParsedFileCache | null): Promise<FileResult> {
  const inspected = await inspectBytes(pool, file, cache);
  const params: Record<string, unknown> = { contentHash: inspected.contentHash, format: inspected.format };
  if (!inspected.ok || !inspected.summary) return failedResult(file.name, inspected.format, inspected.errors, params);
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
  const job = await insertJob(db, {
    id: jobId,
    organizationId,
    filename: file.name,
    format: summary.format,
    contentSha256: inspected.contentHash,
    content: file.bytes,
    summary: { resolution: resolved, measurementContext, uncertaintySummary: summary.uncertaintySummary, measurementCount: summary.measurementCount },
  }).catch((error: unknown) => {
    cache?.delete(jobId);
    throw error;
  });
  return {
    filename: file.name,
    jobId: job.id,
    status: 'success',
    message: `${summary.measurementCount} measurements queued for import`,
    code: `import.tracking.${summary.format.toLowerCase()}.queued`,
    errorCode: null,
    errors: [],
    params,
    measurementContext,
    uncertaintySummary: summary.uncertaintySummary,
  };
}

export async function uploadMeasurements(
  db: Db,
  pool: ComputePool,
  organizationId: string,
  files: UploadedFile[],
  contentHashHeader: string | undefined,
  cache: ParsedFileCache | null = null,
): Promise<{ status: 202 | 207; body: BatchUploadResponse }> {
  if (files.length === 0) throw validationError({ files: 'at least one file is required' });
  // Spec rule 3: with exactly one file, a preview hash must still match the content.
  if (files.length === 1 && contentHashHeader !== undefined && contentHashHeader.trim().toLowerCase() !== sha256Hex(files[0]!.bytes)) {
    throw new ApiError(409, 'IMPORT_STALE_PREVIEW', 'The file differs from the inspected one (X-Content-Hash does not match)', {
      code: 'import.commit.preview.stale',
      details: { expectedContentHash: contentHashHeader, actualContentHash: sha256Hex(files[0]!.bytes) },
    });
  }
  const results: FileResult[] = [];
  for (const file of files) results.push(await acceptFile(db, pool, organizationId, file, cache));
  const successCount = results.filter((r) => r.status === 'success').length;
  return {
    status: successCount === results.length ? 202 : 207,
    body: { successCount, failureCount: results.length - successCount, totalCount: results.length, results },
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
    errors: inspected.errors.map((e) => ({ blockId: e.blockId ?? 'file', code: e.code, firstEpoch: e.firstEpoch, message: e.message })),
  };
}

export function jobView(job: MeasurementJob) {
  const summary = job.summary as { measurementContext?: unknown; uncertaintySummary?: string; measurementCount?: number; stations?: unknown };
  return {
    jobId: job.id,
    filename: job.filename,
    format: job.format,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    expectedMeasurementCount: summary.measurementCount ?? null,
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

export async function getJob(db: Db, organizationId: string, jobId: string) {
  const job = await findJob(db, organizationId, jobId);
  if (!job) throw notFound(`No measurement job ${jobId}`);
  return jobView(job);
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
    { startEpoch: utcText(filter.start), endEpoch: utcText(filter.end), spacecraftIds, types: filter.types, includeOutliers: filter.includeOutliers },
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
