/**
 * The catalog: each organization's general-perturbations element sets, uploaded as TLE/3LE or
 * CCSDS OMM (502.0-B-3, KVN and XML) files and read by NORAD id.
 *
 * Upload (POST /operations/catalog): each file is read on the compute pool (workers/catalogTasks.ts, format detected
 * from the content) and is atomic: any bad line (every one is listed with its line and reason) fails the file and
 * nothing of it is stored. An accepted file is written as a staged batch (storage/sql/stagedWrites.ts): chunks of
 * CHUNK_SETS sets, each its own short transaction followed by a yield to the event loop, then one small transaction
 * publishes them all at once; then the object list's rows of the NORAD ids written are refreshed range by range.
 * 30,000 objects therefore ingest without holding the event loop for more than a chunk (README → Catalog,
 * `npm run bench:catalog-ingest`).
 *
 * A crash at any point leaves the whole file or none of it visible:
 *  - while staging, the rows are hidden; the batch's lease then runs out and the next upload of the organization (or
 *    any instance's sweeper) deletes them. Uploads of one organization stage one at a time (the batch is exclusive in
 *    its organization, StagedBatch.openExclusive), so an upload never dedups against another upload's hidden sets;
 *  - once published, the sets are all visible; the object list's ranges were queued in the publishing transaction,
 *    and a restarting instance refreshes every queued range before it serves (api/service.ts), a live one those left
 *    for STALE_CATALOG_REFRESH_MS (api/jobs/stagedWriteSweeper.ts), and each upload those of its organization.
 *
 * Sets are kept; the same set twice is stored once ("already known"); an object's current set is the one with the
 * newest epoch (storage/catalog.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CatalogSetRow } from '../../domain/catalog/catalogRow.ts';
import { exactTleLines, gpOrbitSize, type GpElementSet } from '../../engine/tle/gpElements.ts';
import type { CatalogLineError } from '../../engine/tle/catalog.ts';
import { CATALOG_SETS_TABLE, findCatalogObject, insertCatalogElementSets, listCatalogObjects, missingCatalogObjects, pendingCatalogRefreshes, queueCatalogRefreshes, runCatalogRefresh, type CatalogRefreshRange, type CatalogObjectFilter } from '../../storage/catalog.ts';
import type { CatalogElementSetRecord, CatalogObjectRecord, CatalogFileFormat } from '../../domain/catalog/model.ts';
import { inTransaction, nowIso, yieldToEventLoop, type Db } from '../../storage/sql/db.ts';
import type { PageRequest } from '../../storage/sql/paging.ts';
import { StagedBatch, StagedBatchAbandonedError, StagedScopeBusyError } from '../../storage/sql/stagedWrites.ts';
import { ownedBytes } from '../../workers/handOver.ts';
import type { AppDeps } from '../context.ts';
import { ApiError, notFound, validationError } from '../http/errors.ts';
import type { UploadedPart } from '../http/fileNames.ts';
import { pageEnvelope } from '../http/paging.ts';
import { succeeded } from '../http/results.ts';

/** Owner kind of the staged batches of catalog uploads (swept when a dead request left one behind). */
export const CATALOG_UPLOAD_KIND = 'catalog_upload';
/**
 * Sets per staged chunk (one transaction). Its statements are short and the event loop turns between them; what does
 * not split is its COMMIT, which writes the chunk's pages to the WAL in one call (100 sets: 2–3 ms), and every chunk
 * costs six statements of its own (the staged batch's bookkeeping, BEGIN, COMMIT): 50 sets per chunk made the
 * statements' finalizing weigh more than it saved (bench:catalog-ingest prints the longest hold).
 */
export const CHUNK_SETS = 100;
/** Reads the UTF-8 JSON of a chunk of rows from the pool. */
const CHUNK_TEXT = new TextDecoder();
/**
 * Write chunks whose NORAD-id range one queued refresh of the object list covers (about 300 objects, one transaction;
 * storage/catalog.ts refreshes it REFRESH_OBJECTS_PER_STATEMENT objects per statement, with turns of the event loop
 * between them). Its COMMIT writes every index page the refresh touched (three indexes of scattered values): 1,000
 * objects per refresh made that one call several milliseconds.
 */
const REFRESH_CHUNKS = 3;
/**
 * How long an upload waits for another upload of its organization to finish staging (a 30,000-object file stages in
 * a few seconds; a dead one's lease runs out within STAGED_BATCH_LEASE_MS): then 503 with Retry-After.
 */
export const CATALOG_UPLOAD_WAIT_MS = 60_000;
/** Bad lines listed per failed file (errorCount counts them all). */
export const MAX_REPORTED_LINE_ERRORS = 1000;

export interface CatalogFileResult {
  filename: string;
  status: 'success' | 'failed' | 'duplicate';
  code: string;
  message: string;
  /** PARSE_ERROR, UNSUPPORTED_FORMAT, ENCODING or NO_ELEMENT_SETS when failed; null otherwise. */
  error: string | null;
  format: CatalogFileFormat | null;
  /** Line of the first error. */
  line: number | null;
  errors: CatalogLineError[];
  errorCount: number;
  errorsTruncated: boolean;
  setCount: number;
  objectCount: number;
  storedCount: number;
  alreadyKnownCount: number;
  objectsUpdated: number;
  objectsAdded: number;
  params: { contentHash: string };
}

export interface CatalogUploadResponse {
  uploadId: string;
  successCount: number;
  failureCount: number;
  totalCount: number;
  results: CatalogFileResult[];
}

function failedResult(file: UploadedPart, contentHash: string, outcome: { format: CatalogFileFormat | null; code: string; message: string; errors: CatalogLineError[]; errorCount: number }): CatalogFileResult {
  return {
    filename: file.name, status: 'failed', error: outcome.code, code: `import.catalog.${outcome.code.toLowerCase()}`, message: outcome.message,
    format: outcome.format, line: outcome.errors[0]?.line ?? null, errors: outcome.errors, errorCount: outcome.errorCount,
    errorsTruncated: outcome.errorCount > outcome.errors.length, setCount: 0, objectCount: 0, storedCount: 0, alreadyKnownCount: 0,
    objectsUpdated: 0, objectsAdded: 0, params: { contentHash },
  };
}

/** The upload could not be written now (another upload held the catalog, or this one lost its batch): retry. */
function catalogBusy(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(503, 'CATALOG_BUSY', message, {
    code: 'import.catalog.busy',
    details: { retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

async function openCatalogBatch(db: Db, organizationId: string, uploadId: string, fileIndex: number, signal?: AbortSignal): Promise<StagedBatch> {
  try {
    return await StagedBatch.openExclusive(db, { kind: CATALOG_UPLOAD_KIND, key: `${uploadId}:${fileIndex}`, owner: 'catalog-upload' }, organizationId, [CATALOG_SETS_TABLE], {
      waitMs: CATALOG_UPLOAD_WAIT_MS,
      signal,
    });
  } catch (error) {
    if (!(error instanceof StagedScopeBusyError)) throw error;
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(error.holderLeaseExpiresAt) - Date.now()) / 1000));
    throw catalogBusy(`another upload of this organization's catalog has been writing for over ${CATALOG_UPLOAD_WAIT_MS / 1000} s; retry later`, retryAfterSeconds);
  }
}

async function ingestFile(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, uploadId: string, fileIndex: number, file: UploadedPart, signal?: AbortSignal): Promise<CatalogFileResult> {
  // The file's bytes are moved to the pool, which hashes and reads them: copying (structured clone) and hashing a
  // 4 MB file on the event loop took 5–25 ms there (bench:catalog-ingest). The part's bytes are not used after this.
  const bytes = ownedBytes(file.bytes);
  const read = await deps.pool.run('catalog.readFile', { bytes, chunkSets: CHUNK_SETS, maxErrors: MAX_REPORTED_LINE_ERRORS }, { transfer: [bytes.buffer] });
  const contentHash = read.contentHash;
  if (!read.ok) return failedResult(file, contentHash, read);
  const batch = await openCatalogBatch(deps.db, organizationId, uploadId, fileIndex, signal);
  const totals = { stored: 0, alreadyKnown: 0, updatedObjects: 0, newObjects: 0 };
  const storedAt = nowIso();
  let queued: CatalogRefreshRange[] = [];
  try {
    for (const chunk of read.chunks) {
      // decoded chunk by chunk as written (workers/catalogTasks.ts: a few hundred KB each, well under a millisecond)
      const rows = JSON.parse(CHUNK_TEXT.decode(chunk.rows)) as CatalogSetRow[];
      const outcome = await batch.chunk((tx) => insertCatalogElementSets(tx, organizationId, { uploadId, batchId: batch.id, fileName: file.name, storedAt }, rows));
      totals.stored += outcome.stored;
      totals.alreadyKnown += outcome.alreadyKnown;
      totals.updatedObjects += outcome.updatedObjects;
      totals.newObjects += outcome.newObjects;
    }
    // the object list's ranges are queued in the publishing transaction: refreshed below, or by the sweeper should
    // this process die first
    const ranges: Array<{ fromNoradId: number; toNoradId: number }> = [];
    for (let k = 0; k < read.chunks.length; k += REFRESH_CHUNKS) {
      ranges.push({ fromNoradId: read.chunks[k]!.fromNoradId, toNoradId: read.chunks[Math.min(k + REFRESH_CHUNKS, read.chunks.length) - 1]!.toNoradId });
    }
    const published = await batch.publish(async (tx) => {
      // queued when published: the sweeper takes a range this old to be left by a dead upload
      if (totals.stored > 0) queued = await queueCatalogRefreshes(tx, organizationId, ranges, nowIso());
      return true;
    });
    if (!published) throw new Error(`catalog batch ${batch.id} could not be published`);
  } catch (error) {
    await batch.abandon().catch(() => undefined);
    // our lease ran out (the database was out of reach, or this process stalled) and another writer took over
    if (error instanceof StagedBatchAbandonedError) throw catalogBusy('the upload could not be written in time and nothing of it was stored; retry', 1);
    throw error;
  }
  // the object list's rows (storage/catalog.ts refreshCatalogObjects), range by range: short statements, yields between;
  // then any range of the organization an earlier upload published and did not refresh (its process died meanwhile)
  await refreshCatalogRanges(deps.db, queued);
  await refreshCatalogRanges(deps.db, await pendingCatalogRefreshes(deps.db, { organizationId }));
  const duplicate = totals.stored === 0;
  return {
    filename: file.name,
    status: duplicate ? 'duplicate' : 'success',
    code: duplicate ? 'import.catalog.duplicate' : 'import.catalog.stored',
    message: duplicate
      ? `every one of the ${read.setCount} element sets is already in the catalog`
      : `${totals.stored} element set${totals.stored === 1 ? '' : 's'} stored (${totals.alreadyKnown} already known); ${totals.updatedObjects} object${totals.updatedObjects === 1 ? '' : 's'} updated`,
    error: null, format: read.format, line: null, errors: [], errorCount: 0, errorsTruncated: false,
    setCount: read.setCount, objectCount: read.objectCount, storedCount: totals.stored, alreadyKnownCount: totals.alreadyKnown,
    objectsUpdated: totals.updatedObjects, objectsAdded: totals.newObjects, params: { contentHash },
  };
}

/** Refreshes queued ranges of the object list, one short transaction each, yielding between them. */
export async function refreshCatalogRanges(db: Db, ranges: readonly CatalogRefreshRange[]): Promise<void> {
  for (const range of ranges) {
    await inTransaction(db, (tx) => runCatalogRefresh(tx, range));
    await yieldToEventLoop();
  }
}

/**
 * Refreshes every queued range of the object list, whoever queued it: at a start, before the instance serves, so that
 * an upload whose process was killed between publishing and refreshing shows its objects at once after the restart.
 */
export async function refreshPendingCatalogRanges(db: Db): Promise<number> {
  const pending = await pendingCatalogRefreshes(db);
  await refreshCatalogRanges(db, pending);
  return pending.length;
}

/** POST /operations/catalog: one result per file; 200 when every file was stored or is a duplicate, 207 otherwise. */
export async function uploadCatalogFiles(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, files: readonly UploadedPart[], signal?: AbortSignal): Promise<{ status: 200 | 207; body: CatalogUploadResponse }> {
  if (files.length === 0) throw validationError({ files: 'at least one file is required (multipart part `files`)' });
  const uploadId = randomUUID();
  const results: CatalogFileResult[] = [];
  // one file after the other: the staged chunks of one file are already a stream of short transactions
  for (const [index, file] of files.entries()) results.push(await ingestFile(deps, organizationId, uploadId, index, file, signal));
  const successCount = succeeded(results);
  return {
    status: successCount === results.length ? 200 : 207,
    body: { uploadId, successCount, failureCount: results.length - successCount, totalCount: results.length, results },
  };
}

/** ISO-8601 UTC with the zone letter (the set keeps its epoch without it, to the microsecond). */
const epochInstant = (elements: GpElementSet): string => `${elements.epochUtc}Z`;

function objectSummary(record: CatalogObjectRecord, nowMs: number) {
  const e = record.current.elements;
  const size = gpOrbitSize(e);
  return {
    noradId: record.noradId,
    name: e.name,
    cosparId: e.cosparId,
    epoch: epochInstant(e),
    epochAgeDays: (nowMs / 1000 - record.current.epochS) / 86400,
    perigeeKm: size.perigeeAltitudeKm,
    apogeeKm: size.apogeeAltitudeKm,
    inclinationDeg: e.inclinationDeg,
    periodMinutes: size.periodMinutes,
    setCount: record.setCount,
  };
}

function elementSetView(record: CatalogElementSetRecord) {
  const e = record.elements;
  const size = gpOrbitSize(e);
  return {
    setId: record.setId,
    epoch: epochInstant(e),
    name: e.name,
    cosparId: e.cosparId,
    classification: e.classification,
    elements: {
      meanMotionRevPerDay: e.meanMotionRevPerDay,
      eccentricity: e.eccentricity,
      inclinationDeg: e.inclinationDeg,
      raanDeg: e.raanDeg,
      argPerigeeDeg: e.argPerigeeDeg,
      meanAnomalyDeg: e.meanAnomalyDeg,
      bstarPerEarthRadius: e.bstarPerEarthRadius,
      ndotOver2RevPerDay2: e.ndotOver2RevPerDay2,
      nddotOver6RevPerDay3: e.nddotOver6RevPerDay3,
      ephemerisType: e.ephemerisType,
      elementSetNumber: e.elementSetNumber,
      revolutionNumberAtEpoch: e.revolutionNumberAtEpoch,
    },
    derived: {
      semiMajorAxisKm: size.semiMajorAxisKm,
      perigeeKm: size.perigeeAltitudeKm,
      apogeeKm: size.apogeeAltitudeKm,
      periodMinutes: size.periodMinutes,
      inclinationDeg: e.inclinationDeg,
    },
    tleLines: exactTleLines(e),
    source: { format: record.format, fileName: record.fileName, line: record.fileLine, uploadId: record.uploadId, storedAt: record.storedAt },
  };
}

export interface CatalogListFilter extends Omit<CatalogObjectFilter, 'minEpochS'> {
  maxEpochAgeDays?: number;
}

export async function listCatalog(db: Db, organizationId: string, filter: CatalogListFilter, page: PageRequest, nowMs = Date.now()) {
  const { maxEpochAgeDays, ...rest } = filter;
  const storageFilter: CatalogObjectFilter = { ...rest };
  if (maxEpochAgeDays !== undefined) storageFilter.minEpochS = nowMs / 1000 - maxEpochAgeDays * 86400;
  const { items, total } = await listCatalogObjects(db, organizationId, storageFilter, page);
  return pageEnvelope(items.map((item) => objectSummary(item, nowMs)), total, page);
}

/** A bulk query by NORAD ids (POST …/objects/query): the page, and the ids the catalog holds nothing of. */
export async function queryCatalog(db: Db, organizationId: string, filter: CatalogListFilter & { noradIds: readonly number[] }, page: PageRequest, nowMs = Date.now()) {
  const envelope = await listCatalog(db, organizationId, filter, page, nowMs);
  return { ...envelope, missingNoradIds: await missingCatalogObjects(db, organizationId, filter.noradIds) };
}

export function catalogObjectNotFound(noradId: number) {
  return notFound(`Catalog object ${noradId} not found`, 'CATALOG_OBJECT_NOT_FOUND', { code: 'catalog.object.not-found' });
}

/** One object: its current set (TLE lines when a TLE carries it exactly, derived sizes) and every set kept. */
export async function getCatalogObject(db: Db, organizationId: string, noradId: number, nowMs = Date.now()) {
  const found = await findCatalogObject(db, organizationId, noradId);
  if (!found) throw catalogObjectNotFound(noradId);
  return {
    ...objectSummary({ noradId, current: found.current, setCount: found.history.length }, nowMs),
    current: elementSetView(found.current),
    history: found.history.map(elementSetView),
  };
}
