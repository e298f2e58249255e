/**
 * Conjunction screenings (migration 0014): the job row, its chunks on the shared lease mechanism
 * (storage/sql/leasedJobs.ts: claimed with one atomic UPDATE … RETURNING, renewed, taken over once the lease expires), and
 * the merged approaches.
 *
 * A screening's SCREEN chunks are claimable by any instance sharing the database; its single MERGE chunk only once
 * every SCREEN chunk has SUCCEEDED (the claim's own condition, evaluated in the claiming statement), so the merge runs
 * exactly once (a killed merger's lease expires and another instance takes it over, as for any chunk). A chunk's
 * result is written in parts by the lease holder only, and named by its completion: a chunk taken over from a live
 * but slow owner is completed once (the slow owner's writes find its lease gone, and what it wrote before is removed).
 */
import { screeningFinished } from '../domain/changes/model.ts';
import { NO_COVARIANCE_USED, type ApproachCovariances, type ChunkKind, type SecondarySource, type Screening, type NewScreeningChunk, type ScreeningChunk } from '../domain/screenings/model.ts';
import { inWriteScope, recordChanges } from './changes.ts';
import { yieldIfDue, yieldToEventLoop, type Db, type SqlExecutor } from './sql/db.ts';
import {
  claimNextLeasedJobByClaim,
  completeLeasedJob,
  endLeasedJobCancelled,
  failLeasedJob,
  holderOwner,
  renewJobLease,
  type LeasedTable,
} from './sql/leasedJobs.ts';
import type { CatalogSnapshot } from '../domain/catalog/model.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { nullableNumber, nullableText } from './sql/rows.ts';
import { textParts, VALUE_PART_CHARS } from './sql/valueParts.ts';
import type { JobStatus } from '../domain/jobs/model.ts';

const SCREENING_COLUMNS = `id, organization_id, status, request, as_of_set_id, catalog_unpublished_batches, span_start, span_end, pc_threshold, chunk_count, secondary_count,
  cancel_requested, approach_count, event_count, issues, counts, timings, merged_by, error, created_at, updated_at, started_at, finished_at`;

export const SCREENING_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', status: 'status' };

function screeningFromRow(row: Record<string, unknown>): Screening {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    status: String(row.status) as JobStatus,
    request: String(row.request),
    catalogSnapshot: { asOfSetId: Number(row.as_of_set_id), unpublishedBatchIds: JSON.parse(String(row.catalog_unpublished_batches)) as number[] },
    spanStart: String(row.span_start),
    spanEnd: String(row.span_end),
    pcThreshold: Number(row.pc_threshold),
    chunkCount: Number(row.chunk_count),
    secondaryCount: Number(row.secondary_count),
    cancelRequested: Number(row.cancel_requested) === 1,
    approachCount: nullableNumber(row, 'approach_count'),
    eventCount: nullableNumber(row, 'event_count'),
    issues: nullableText(row, 'issues'),
    counts: nullableText(row, 'counts'),
    timings: nullableText(row, 'timings'),
    mergedBy: nullableText(row, 'merged_by'),
    error: nullableText(row, 'error'),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: nullableText(row, 'started_at'),
    finishedAt: nullableText(row, 'finished_at'),
  };
}

const CHUNK_COLUMNS = `id, screening_id, organization_id, chunk_index, kind, plan_key, primary_indices, secondary_source, from_norad_id,
  to_norad_id, norad_cuts, secondary_count, status, attempts, max_attempts, lease_owner, error, ran_by, attempt_owners, approach_count, compute_ms,
  created_at, started_at, finished_at, slice_from_s, slice_to_s`;

/**
 * The chunk table on the lease mechanism. A MERGE chunk is claimable only when no SCREEN chunk of its screening is
 * unfinished (checked inside the claiming statement); no chunk of a screening whose cancel was asked for is claimed.
 */
export const SCREENING_CHUNKS: LeasedTable = { name: 'screening_chunks', columns: CHUNK_COLUMNS, failureKind: 'screening_chunk' };

const CLAIMABLE = {
  sql: `NOT EXISTS (SELECT 1 FROM screenings s WHERE s.id = screening_chunks.screening_id AND s.cancel_requested = 1)
        AND (screening_chunks.kind = 'SCREEN' OR NOT EXISTS (
          SELECT 1 FROM screening_chunks o WHERE o.screening_id = screening_chunks.screening_id AND o.kind = 'SCREEN' AND o.status <> 'SUCCEEDED'))`,
  args: [],
};

function chunkFromRow(row: Record<string, unknown>): ScreeningChunk {
  return {
    id: String(row.id),
    screeningId: String(row.screening_id),
    organizationId: String(row.organization_id),
    index: Number(row.chunk_index),
    kind: String(row.kind) as ChunkKind,
    planKey: String(row.plan_key),
    primaryIndices: JSON.parse(String(row.primary_indices)) as number[],
    secondarySource: nullableText(row, 'secondary_source') as SecondarySource | null,
    fromNoradId: nullableNumber(row, 'from_norad_id'),
    toNoradId: nullableNumber(row, 'to_norad_id'),
    noradCuts: JSON.parse(String(row.norad_cuts ?? '[]')) as number[],
    secondaryCount: Number(row.secondary_count),
    slice: row.slice_from_s === null || row.slice_from_s === undefined ? null : { fromS: Number(row.slice_from_s), toS: Number(row.slice_to_s) },
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseOwner: nullableText(row, 'lease_owner'),
    error: nullableText(row, 'error'),
    ranBy: nullableText(row, 'ran_by'),
    attemptOwners: JSON.parse(String(row.attempt_owners ?? '[]')) as string[],
    approachCount: nullableNumber(row, 'approach_count'),
    computeMs: nullableNumber(row, 'compute_ms'),
    createdAt: String(row.created_at),
    startedAt: nullableText(row, 'started_at'),
    finishedAt: nullableText(row, 'finished_at'),
  };
}

/** The chunk's id: the screening's id and its index, zero-padded so that claims take a screening's chunks in order. */
export function chunkId(screeningId: string, index: number): string {
  return `${screeningId}:${String(index).padStart(5, '0')}`;
}

/** Inserts the screening and its chunks (call inside one transaction); its inputs in parts (migration 0031). */
export async function insertScreening(
  db: SqlExecutor,
  screening: {
    id: string; organizationId: string; request: string; inputs: string; catalogSnapshot: CatalogSnapshot; spanStart: string; spanEnd: string;
    pcThreshold: number; secondaryCount: number; createdAt: string;
  },
  chunks: readonly NewScreeningChunk[],
  maxAttempts: number,
): Promise<void> {
  const s = screening;
  const inputParts = textParts(s.inputs);
  await db.execute({
    sql: `INSERT INTO screenings (id, organization_id, status, request, inputs, input_parts, as_of_set_id, catalog_unpublished_batches, span_start, span_end,
            pc_threshold, chunk_count, secondary_count, created_at, updated_at) VALUES (?, ?, 'QUEUED', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [s.id, s.organizationId, s.request, inputParts[0] ?? '', Math.max(1, inputParts.length), s.catalogSnapshot.asOfSetId, JSON.stringify(s.catalogSnapshot.unpublishedBatchIds), s.spanStart, s.spanEnd, s.pcThreshold, chunks.length, s.secondaryCount, s.createdAt, s.createdAt],
  });
  for (let part = 1; part < inputParts.length; part++) {
    await db.execute({ sql: 'INSERT INTO screening_input_parts (screening_id, part, text) VALUES (?, ?, ?)', args: [s.id, part, inputParts[part]!] });
    await yieldToEventLoop();
  }
  for (let start = 0; start < chunks.length; start += 100) {
    const part = chunks.slice(start, start + 100);
    await db.execute({
      sql: `INSERT INTO screening_chunks (id, screening_id, organization_id, chunk_index, kind, plan_key, primary_indices, secondary_source,
              from_norad_id, to_norad_id, norad_cuts, secondary_count, slice_from_s, slice_to_s, status, max_attempts, created_at, updated_at)
            VALUES ${part.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?, ?)`).join(', ')}`,
      args: part.flatMap((c) => [
        chunkId(s.id, c.index), s.id, s.organizationId, c.index, c.kind, c.planKey, JSON.stringify(c.primaryIndices), c.secondarySource,
        c.fromNoradId, c.toNoradId, JSON.stringify(c.noradCuts), c.secondaryCount, c.slice?.fromS ?? null, c.slice?.toS ?? null, maxAttempts, s.createdAt, s.createdAt,
      ]),
    });
  }
}

export async function findScreening(db: SqlExecutor, organizationId: string, id: string): Promise<Screening | null> {
  const result = await db.execute({ sql: `SELECT ${SCREENING_COLUMNS} FROM screenings WHERE organization_id = ? AND id = ?`, args: [organizationId, id] });
  return result.rows[0] ? screeningFromRow(result.rows[0] as Record<string, unknown>) : null;
}

/**
 * Stores an uploaded OEM primary's UTF-8 text, part by part (call inside the screening's creation transaction): one
 * row per part (workers/screeningTasks.ts OEM_PART_BYTES each), a turn of the event loop after each statement
 * (migration 0017).
 */
export async function insertScreeningPrimaryOem(tx: SqlExecutor, screeningId: string, primaryIndex: number, parts: readonly Uint8Array[]): Promise<void> {
  for (const [part, bytes] of parts.entries()) {
    await tx.execute({
      sql: 'INSERT INTO screening_primary_oems (screening_id, primary_index, part, bytes) VALUES (?, ?, ?, ?)',
      args: [screeningId, primaryIndex, part, bytes],
    });
    await yieldToEventLoop();
  }
}

/**
 * An OEM primary's text as stored, in its parts (each its own buffer, so it can be handed over to a worker), read one
 * part per statement with a turn of the event loop between two; empty when the primary has none.
 */
export async function screeningPrimaryOemParts(db: SqlExecutor, screeningId: string, primaryIndex: number): Promise<Uint8Array[]> {
  const listed = await db.execute({
    sql: 'SELECT part FROM screening_primary_oems WHERE screening_id = ? AND primary_index = ? ORDER BY part',
    args: [screeningId, primaryIndex],
  });
  const parts: Uint8Array[] = [];
  for (const row of listed.rows) {
    await yieldToEventLoop();
    const result = await db.execute({
      sql: 'SELECT bytes FROM screening_primary_oems WHERE screening_id = ? AND primary_index = ? AND part = ?',
      args: [screeningId, primaryIndex, Number(row.part)],
    });
    // an ArrayBuffer from the client, a Uint8Array (Buffer) from the cached reader (storage/sql/cachedReader.ts)
    const bytes = result.rows[0]?.bytes as unknown;
    if (bytes instanceof ArrayBuffer) parts.push(new Uint8Array(bytes));
    else if (bytes instanceof Uint8Array) {
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      parts.push(whole ? bytes : bytes.slice());
    } else throw new Error(`screening ${screeningId}: part ${String(row.part)} of primary ${primaryIndex}'s OEM is gone or not bytes`);
  }
  return parts;
}

/** The prepared inputs every chunk reads (JSON text), joined from their parts (one per statement, a turn between two). */
export async function findScreeningInputs(db: SqlExecutor, id: string): Promise<string | null> {
  const result = await db.execute({ sql: 'SELECT inputs, input_parts FROM screenings WHERE id = ?', args: [id] });
  const row = result.rows[0];
  if (!row) return null;
  const parts = [String(row.inputs)];
  for (let part = 1; part < Number(row.input_parts); part++) {
    await yieldToEventLoop();
    const read = await db.execute({ sql: 'SELECT text FROM screening_input_parts WHERE screening_id = ? AND part = ?', args: [id, part] });
    if (read.rows.length !== 1) throw new Error(`screening ${id}: part ${part} of its inputs is gone`);
    parts.push(String(read.rows[0]!.text));
  }
  return parts.join('');
}

export async function listScreenings(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<{ items: Screening[]; totalElements: number }> {
  const order = pageClause(page, SCREENING_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT ${SCREENING_COLUMNS} FROM screenings WHERE organization_id = ?${order.sql}`, args: [organizationId, ...order.args] }),
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM screenings WHERE organization_id = ?', args: [organizationId] }),
  ]);
  return { items: rows.rows.map((r) => screeningFromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/** Progress of several screenings at once: chunks done, and the approaches their finished chunks found so far. */
export async function screeningProgress(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, { chunksDone: number; chunksRunning: number; approachesSoFar: number }>> {
  const out = new Map<string, { chunksDone: number; chunksRunning: number; approachesSoFar: number }>();
  if (ids.length === 0) return out;
  const result = await db.execute({
    sql: `SELECT screening_id, SUM(CASE WHEN status = 'SUCCEEDED' THEN 1 ELSE 0 END) AS done, SUM(CASE WHEN status = 'RUNNING' THEN 1 ELSE 0 END) AS running,
            COALESCE(SUM(approach_count), 0) AS approaches
          FROM screening_chunks WHERE kind = 'SCREEN' AND screening_id IN (${ids.map(() => '?').join(', ')}) GROUP BY screening_id`,
    args: [...ids],
  });
  for (const row of result.rows) {
    out.set(String(row.screening_id), { chunksDone: Number(row.done), chunksRunning: Number(row.running), approachesSoFar: Number(row.approaches) });
  }
  return out;
}

export async function listScreeningChunks(db: SqlExecutor, screeningId: string): Promise<ScreeningChunk[]> {
  const result = await db.execute({ sql: `SELECT ${CHUNK_COLUMNS} FROM screening_chunks WHERE screening_id = ? ORDER BY chunk_index`, args: [screeningId] });
  return result.rows.map((r) => chunkFromRow(r as Record<string, unknown>));
}

// ---------------------------------------------------------------------------------------------
// The chunks' lease life cycle

/** Claims the next runnable chunk of any screening (oldest screening first, its chunks in order) for `owner`. */
/** A claimed chunk and the claim's lease owner (storage/sql/leasedJobs.ts `claimNextLeasedJobByClaim`): every write of it passes `holder`. */
export interface ClaimedScreeningChunk extends ScreeningChunk {
  holder: string;
}

/**
 * Claims the next runnable chunk for instance `owner`, under a lease owner of this claim's own (`holder`: an
 * instance's lanes share its owner, and two of them may hold one chunk after a late renewal — only the last claim's
 * writes count).
 */
export async function claimNextScreeningChunk(db: SqlExecutor, owner: string, leaseMs: number, now: Date): Promise<ClaimedScreeningChunk | null> {
  // who claimed it, attempt by attempt (a takeover shows as a second owner)
  const claimed = await claimNextLeasedJobByClaim(db, SCREENING_CHUNKS, owner, leaseMs, now, CLAIMABLE);
  if (!claimed) return null;
  const { row, holder } = claimed;
  const chunk = chunkFromRow(row as Record<string, unknown>);
  // the screening is running
  const nowText = now.toISOString();
  await db.execute({
    sql: `UPDATE screenings SET status = 'RUNNING', started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ? AND status = 'QUEUED'`,
    args: [nowText, nowText, chunk.screeningId],
  });
  return { ...chunk, attemptOwners: [...chunk.attemptOwners, owner], holder };
}

export function renewScreeningChunkLease(db: SqlExecutor, id: string, holder: string, leaseMs: number, now: number): Promise<boolean> {
  return renewJobLease(db, SCREENING_CHUNKS, id, holder, leaseMs, now);
}

/**
 * Completes a SCREEN chunk with its result, if the claim `holder` still holds it (false: it was taken over; nothing
 * of it kept); `ran_by` is the holder's instance. The result goes in parts (migration 0029, storag./sql/valueParts.ts),
 * each inserted only while the claim holds the chunk, a turn of the event loop after each; the completion names the
 * holder's parts as the result and removes any other claim's (a claim that lost the chunk midway can insert nothing
 * after it lost it, so no part of it outlives the completion).
 */
export async function completeScreeningChunk(
  db: SqlExecutor,
  id: string,
  holder: string,
  result: { json: string; approachCount: number; computeMs: number },
  now: number,
  partChars = VALUE_PART_CHARS,
): Promise<boolean> {
  const parts = textParts(result.json, partChars);
  let held = true;
  for (const [part, text] of parts.entries()) {
    const inserted = await db.execute({
      sql: `INSERT INTO screening_chunk_results (chunk_id, holder, part, text)
            SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM screening_chunks WHERE id = ? AND lease_owner = ? AND status = 'RUNNING')`,
      args: [id, holder, part, text, id, holder],
    });
    await yieldToEventLoop();
    if (inserted.rowsAffected !== 1) {
      held = false;
      break;
    }
  }
  const completed = held && await completeLeasedJob(db, SCREENING_CHUNKS, id, holder, {
    sql: 'result = NULL, result_holder = ?, result_parts = ?, approach_count = ?, compute_ms = ?, ran_by = ?',
    args: [holder, parts.length, result.approachCount, result.computeMs, holderOwner(holder)],
  }, now);
  await db.execute({
    sql: `DELETE FROM screening_chunk_results WHERE chunk_id = ? AND ${completed ? 'holder <> ?' : 'holder = ?'}`,
    args: [id, holder],
  });
  return completed;
}

/** Fails a chunk (retried while attempts remain); false when the claim `holder` no longer holds it. */
export function failScreeningChunk(db: SqlExecutor, id: string, holder: string, error: string, retry: boolean, now: number): Promise<boolean> {
  return failLeasedJob(db, SCREENING_CHUNKS, id, holder, error, retry, { now });
}

/** The claim `holder` ends its chunk as CANCELLED (the screening's cancel was asked for). */
export function endScreeningChunkCancelled(db: SqlExecutor, id: string, holder: string, now: number): Promise<boolean> {
  return endLeasedJobCancelled(db, SCREENING_CHUNKS, id, holder, { now });
}

/**
 * The stored results of a screening's SCREEN chunks (JSON texts), in chunk order: one part per statement (migration
 * 0029), with a turn of the event loop between two (the ten results of a 30,000-object screening, ~4 MB, read in one
 * statement held it 26 ms: bench:screening).
 */
export async function screeningChunkResults(db: SqlExecutor, screeningId: string): Promise<string[]> {
  const listed = await db.execute({
    sql: `SELECT id, result_holder, result_parts FROM screening_chunks WHERE screening_id = ? AND kind = 'SCREEN' AND status = 'SUCCEEDED' ORDER BY chunk_index`,
    args: [screeningId],
  });
  const results: string[] = [];
  for (const row of listed.rows) {
    const chunk = String(row.id);
    const count = Number(row.result_parts ?? 0);
    const parts: string[] = [];
    for (let part = 0; part < count; part++) {
      await yieldToEventLoop();
      const read = await db.execute({
        sql: 'SELECT text FROM screening_chunk_results WHERE chunk_id = ? AND holder = ? AND part = ?',
        args: [chunk, String(row.result_holder), part],
      });
      if (read.rows.length !== 1) throw new Error(`screening chunk ${chunk}: part ${part} of its result is gone`);
      parts.push(String(read.rows[0]!.text));
    }
    results.push(parts.join(''));
  }
  return results;
}

/** True when a cancel of the screening was asked for (a running chunk stops at its next check). */
export async function screeningCancelRequested(db: SqlExecutor, screeningId: string): Promise<boolean> {
  const result = await db.execute({ sql: 'SELECT cancel_requested FROM screenings WHERE id = ?', args: [screeningId] });
  return Number(result.rows[0]?.cancel_requested ?? 1) === 1;
}

/**
 * A chunk failed for good (attempts exhausted): the screening FAILED with its reason, its queued chunks CANCELLED.
 * Also ends a screening one of whose chunks another claim marked abandoned.
 */
export async function failScreening(db: SqlExecutor, screeningId: string, error: string, nowIso: string): Promise<void> {
  await inWriteScope(db, async (tx) => {
    const failed = await tx.execute({
      sql: `UPDATE screenings SET status = 'FAILED', error = ?, updated_at = ?, finished_at = ? WHERE id = ? AND status IN ('QUEUED', 'RUNNING')
            RETURNING organization_id`,
      args: [error, nowIso, nowIso, screeningId],
    });
    await tx.execute({
      sql: `UPDATE screening_chunks SET status = 'CANCELLED', error = 'the screening failed', updated_at = ?, finished_at = ? WHERE screening_id = ? AND status = 'QUEUED'`,
      args: [nowIso, nowIso, screeningId],
    });
    const row = failed.rows[0];
    if (row) {
      await recordChanges(tx, String(row.organization_id), [screeningFinished({ id: screeningId, status: 'FAILED', approachCount: null, eventCount: null, error })], nowIso);
    }
  });
}

/** Screenings still QUEUED/RUNNING one of whose chunks FAILED (e.g. abandoned by the claim's attempts rule). */
export async function screeningsWithFailedChunks(db: SqlExecutor): Promise<Array<{ id: string; error: string }>> {
  const result = await db.execute(
    `SELECT s.id AS id, c.error AS error FROM screenings s JOIN screening_chunks c ON c.screening_id = s.id
     WHERE s.status IN ('QUEUED', 'RUNNING') AND c.status = 'FAILED' GROUP BY s.id`,
  );
  return result.rows.map((row) => ({ id: String(row.id), error: String(row.error ?? 'a chunk failed') }));
}

/**
 * Cancels a screening: QUEUED/RUNNING → cancel asked for (no chunk is claimed any more), its queued chunks CANCELLED;
 * when no chunk is running the screening is CANCELLED at once, else the last running chunk's runner ends it.
 */
export async function requestScreeningCancel(db: SqlExecutor, organizationId: string, id: string, nowIso: string): Promise<'cancelled' | 'requested' | 'finished' | null> {
  const marked = await db.execute({
    sql: `UPDATE screenings SET cancel_requested = 1, updated_at = ? WHERE organization_id = ? AND id = ? AND status IN ('QUEUED', 'RUNNING')`,
    args: [nowIso, organizationId, id],
  });
  if (marked.rowsAffected === 0) {
    const exists = await db.execute({ sql: 'SELECT 1 FROM screenings WHERE organization_id = ? AND id = ?', args: [organizationId, id] });
    return exists.rows.length > 0 ? 'finished' : null;
  }
  await db.execute({
    sql: `UPDATE screening_chunks SET status = 'CANCELLED', error = 'cancelled by the client', updated_at = ?, finished_at = ? WHERE screening_id = ? AND status = 'QUEUED'`,
    args: [nowIso, nowIso, id],
  });
  return (await finishCancelledScreening(db, id, nowIso)) ? 'cancelled' : 'requested';
}

/** Ends a screening whose cancel was asked for once none of its chunks runs any more; true when it did. */
export async function finishCancelledScreening(db: SqlExecutor, id: string, nowIso: string): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE screenings SET status = 'CANCELLED', error = 'cancelled by the client', updated_at = ?, finished_at = ?
          WHERE id = ? AND cancel_requested = 1 AND status IN ('QUEUED', 'RUNNING')
            AND NOT EXISTS (SELECT 1 FROM screening_chunks c WHERE c.screening_id = screenings.id AND c.status = 'RUNNING')`,
    args: [nowIso, nowIso, id],
  });
  return result.rowsAffected === 1;
}

// ---------------------------------------------------------------------------------------------
// The merge's output

export interface ScreeningApproachRow {
  seq: number;
  /** The primary among the screening's (null: an all-vs-all approach between two catalog objects). */
  primaryIndex: number | null;
  primarySpacecraftId: string | null;
  /** The primary's NORAD id and name when it is a catalog object (all-vs-all), else null. */
  primaryNoradId: number | null;
  primaryName: string | null;
  secondaryNoradId: number | null;
  secondaryName: string | null;
  secondarySpacecraftId: string | null;
  secondaryFitted: boolean;
  tca: string;
  tcaS: number;
  missDistanceM: number;
  relativeSpeedMS: number;
  relativeStateRtn: { positionM: [number, number, number]; velocityMS: [number, number, number] };
  pc: number | null;
  pcMethod: string | null;
  pcMaximumProbability: boolean | null;
  flags: Array<{ code: string; message: string }>;
  /** The covariances the Pc used (migration 0016; rows stored before it: none for both). */
  covariances: ApproachCovariances;
  eventId: string | null;
  cdmId: string | null;
  eventProblem: string | null;
}

/**
 * A new attempt of the merge starts over: the approaches an earlier (killed) attempt stored are removed — only while
 * the merge's claim `merge.holder` holds it: a delete delayed in the network (a link cut and restored) must not remove
 * the approaches of the claim that took the merge over and completed it.
 */
export async function deleteScreeningApproaches(db: SqlExecutor, screeningId: string, merge: { chunkId: string; holder: string }): Promise<void> {
  await db.execute({
    sql: `DELETE FROM screening_approaches WHERE screening_id = ?
            AND EXISTS (SELECT 1 FROM screening_chunks c WHERE c.id = ? AND c.lease_owner = ? AND c.status = 'RUNNING')`,
    args: [screeningId, merge.chunkId, merge.holder],
  });
}

/**
 * Approach rows per INSERT (24 values each). On the embedded file the statement runs on the event loop: 200 rows in one
 * held it several milliseconds, hence 25. On a libSQL server it runs there, and each statement is a round trip
 * (~4.4 ms for 25 rows: 176 µs a row on the 2-core host, sqld beside): 50 rows a statement took 101–104 µs a row, 100
 * and 200 the same (2026-12-08).
 */
const APPROACH_ROWS_PER_INSERT = { embedded: 25, remote: 50 } as const;

/**
 * Stores approaches, APPROACH_ROWS_PER_INSERT per statement with a turn of the event loop after each. With `merge`
 * (the merge's chunk and its claim's holder), each statement stores only while the claim holds the merge: false once
 * it does not (taken over: the new holder removed what was stored and stores it again) — stop.
 */
export async function insertScreeningApproaches(
  db: SqlExecutor & Pick<Db, 'backend'>,
  screeningId: string,
  organizationId: string,
  rows: readonly ScreeningApproachRow[],
  merge?: { chunkId: string; holder: string },
): Promise<boolean> {
  const perInsert = APPROACH_ROWS_PER_INSERT[db.backend];
  for (let start = 0; start < rows.length; start += perInsert) {
    const part = rows.slice(start, start + perInsert);
    if ((await insertApproachRows(db, screeningId, organizationId, part, merge)) !== part.length) return false;
    await yieldToEventLoop();
  }
  return true;
}

async function insertApproachRows(db: SqlExecutor, screeningId: string, organizationId: string, rows: readonly ScreeningApproachRow[], merge?: { chunkId: string; holder: string }): Promise<number> {
  const columns = Array.from({ length: 24 }, (_, k) => `column${k + 1}`).join(', ');
  const held = merge ? ` WHERE EXISTS (SELECT 1 FROM screening_chunks c WHERE c.id = ? AND c.lease_owner = ? AND c.status = 'RUNNING')` : '';
  const inserted = await db.execute({
    sql: `INSERT INTO screening_approaches (screening_id, seq, organization_id, primary_index, primary_spacecraft_id, secondary_norad_id, secondary_name,
            secondary_spacecraft_id, secondary_fitted, tca, tca_s, miss_distance_m, relative_speed_m_s, relative_state_rtn, pc, pc_method,
            pc_maximum_probability, flags, covariances, event_id, cdm_id, event_problem, primary_norad_id, primary_name)
          SELECT ${columns} FROM (VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')})${held}`,
    args: [...rows.flatMap((r) => [
      screeningId, r.seq, organizationId, r.primaryIndex, r.primarySpacecraftId, r.secondaryNoradId, r.secondaryName, r.secondarySpacecraftId,
      r.secondaryFitted ? 1 : 0, r.tca, r.tcaS, r.missDistanceM, r.relativeSpeedMS, JSON.stringify(r.relativeStateRtn), r.pc, r.pcMethod,
      r.pcMaximumProbability === null ? null : r.pcMaximumProbability ? 1 : 0, JSON.stringify(r.flags), JSON.stringify(r.covariances), r.eventId, r.cdmId, r.eventProblem,
      r.primaryNoradId, r.primaryName,
    ]), ...(merge ? [merge.chunkId, merge.holder] : [])],
  });
  return inserted.rowsAffected;
}

/** Completes the MERGE chunk and the screening together (one transaction, by the merge's lease holder only). */
export async function completeScreeningMerge(
  db: SqlExecutor,
  chunk: { id: string; screeningId: string },
  holder: string,
  merged: { approachCount: number; eventCount: number; issues: string; counts: string; timings: string | null },
  now: number,
): Promise<boolean> {
  const owner = holderOwner(holder);
  if (!(await completeLeasedJob(db, SCREENING_CHUNKS, chunk.id, holder, { sql: 'ran_by = ?, approach_count = ?', args: [owner, merged.approachCount] }, now))) return false;
  const nowText = new Date(now).toISOString();
  const result = await db.execute({
    sql: `UPDATE screenings SET status = 'SUCCEEDED', approach_count = ?, event_count = ?, issues = ?, counts = ?, timings = ?, merged_by = ?,
            error = NULL, updated_at = ?, finished_at = ? WHERE id = ? AND status IN ('QUEUED', 'RUNNING') RETURNING organization_id`,
    args: [merged.approachCount, merged.eventCount, merged.issues, merged.counts, merged.timings, owner, nowText, nowText, chunk.screeningId],
  });
  const row = result.rows[0];
  if (!row) return false;
  // screening.finished in the merge's transaction (the caller's `db` is it)
  await recordChanges(db, String(row.organization_id), [
    screeningFinished({ id: chunk.screeningId, status: 'SUCCEEDED', approachCount: merged.approachCount, eventCount: merged.eventCount, error: null }),
  ], nowText);
  return true;
}

export const APPROACH_SORT_COLUMNS: Record<string, string> = { tca: 'tca_s', missDistanceM: 'miss_distance_m', pc: 'pc', seq: 'seq' };

function approachFromRow(row: Record<string, unknown>): ScreeningApproachRow {
  const maxProbability = nullableNumber(row, 'pc_maximum_probability');
  return {
    seq: Number(row.seq),
    primaryIndex: nullableNumber(row, 'primary_index'),
    primarySpacecraftId: nullableText(row, 'primary_spacecraft_id'),
    primaryNoradId: nullableNumber(row, 'primary_norad_id'),
    primaryName: nullableText(row, 'primary_name'),
    secondaryNoradId: nullableNumber(row, 'secondary_norad_id'),
    secondaryName: nullableText(row, 'secondary_name'),
    secondarySpacecraftId: nullableText(row, 'secondary_spacecraft_id'),
    secondaryFitted: Number(row.secondary_fitted) === 1,
    tca: String(row.tca),
    tcaS: Number(row.tca_s),
    missDistanceM: Number(row.miss_distance_m),
    relativeSpeedMS: Number(row.relative_speed_m_s),
    relativeStateRtn: JSON.parse(String(row.relative_state_rtn)) as ScreeningApproachRow['relativeStateRtn'],
    pc: nullableNumber(row, 'pc'),
    pcMethod: nullableText(row, 'pc_method'),
    pcMaximumProbability: maxProbability === null ? null : maxProbability === 1,
    flags: JSON.parse(String(row.flags)) as ScreeningApproachRow['flags'],
    covariances: row.covariances === null || row.covariances === undefined
      ? { primary: NO_COVARIANCE_USED, secondary: NO_COVARIANCE_USED }
      : (JSON.parse(String(row.covariances)) as ApproachCovariances),
    eventId: nullableText(row, 'event_id'),
    cdmId: nullableText(row, 'cdm_id'),
    eventProblem: nullableText(row, 'event_problem'),
  };
}

export interface ApproachFilter {
  /** Approaches of this spacecraft: as the primary, or as the secondary (our fleet's). */
  spacecraftId?: string;
  /** Only approaches with one of our spacecraft (all-vs-all: not the pairs of two catalog objects). */
  oursOnly?: boolean;
  minPc?: number;
  maxMissDistanceM?: number;
}

/**
 * Rows per statement of a page of approaches. A page of 1,000 read in one statement held the event loop ~17 ms (the
 * rows decoded, their JSON parsed). The page's `seq`s are found first, in one statement (the sort over the matches is
 * done once), then its rows read this many per statement, with a look at the event-loop slice between them, all in
 * one read transaction (one snapshot: the rows are those of the keys).
 */
export const APPROACH_ROWS_PER_STATEMENT = 100;
const APPROACHES_BY_SEQ = `SELECT * FROM screening_approaches WHERE screening_id = ? AND seq IN (${new Array(APPROACH_ROWS_PER_STATEMENT).fill('?').join(', ')})`;

export async function listScreeningApproaches(
  db: Db,
  organizationId: string,
  screeningId: string,
  filter: ApproachFilter,
  page: PageRequest,
): Promise<{ items: ScreeningApproachRow[]; totalElements: number }> {
  const where = ['organization_id = ?', 'screening_id = ?'];
  const args: Array<string | number> = [organizationId, screeningId];
  if (filter.spacecraftId !== undefined) {
    where.push('(primary_spacecraft_id = ? OR secondary_spacecraft_id = ?)');
    args.push(filter.spacecraftId, filter.spacecraftId);
  }
  if (filter.oursOnly) where.push('primary_spacecraft_id IS NOT NULL');
  if (filter.minPc !== undefined) {
    where.push('pc >= ?');
    args.push(filter.minPc);
  }
  if (filter.maxMissDistanceM !== undefined) {
    where.push('miss_distance_m <= ?');
    args.push(filter.maxMissDistanceM);
  }
  const clause = pageClause(page, APPROACH_SORT_COLUMNS, 'seq ASC');
  const tx = await db.transaction('read');
  try {
    const totalElements = Number((await tx.execute({ sql: `SELECT COUNT(*) AS n FROM screening_approaches WHERE ${where.join(' AND ')}`, args })).rows[0]!.n);
    const seqs = (await tx.execute({ sql: `SELECT seq FROM screening_approaches WHERE ${where.join(' AND ')}${clause.sql}`, args: [...args, ...clause.args] }))
      .rows.map((row) => Number(row.seq));
    const items: ScreeningApproachRow[] = [];
    for (let i = 0; i < seqs.length; i += APPROACH_ROWS_PER_STATEMENT) {
      await yieldIfDue();
      const part = seqs.slice(i, i + APPROACH_ROWS_PER_STATEMENT);
      // always APPROACH_ROWS_PER_STATEMENT values (the last repeated): one statement text, prepared once per connection
      const values = part.concat(new Array<number>(APPROACH_ROWS_PER_STATEMENT - part.length).fill(part[part.length - 1]!));
      const rows = (await tx.execute({ sql: APPROACHES_BY_SEQ, args: [screeningId, ...values] })).rows;
      const bySeq = new Map(rows.map((row) => [Number(row.seq), row as Record<string, unknown>]));
      for (const seq of part) items.push(approachFromRow(bySeq.get(seq)!));
    }
    return { items, totalElements };
  } finally {
    tx.close();
  }
}
