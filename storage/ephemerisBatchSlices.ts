/**
 * The slices of a batch OEM (migration 0028) on the shared lease mechanism (storage/sql/leasedJobs.ts), and the items'
 * stored outcomes (ZIP entries or failures) the batch's ZIP is assembled from.
 *
 * Rules, each kept by a statement's own condition:
 * - a slice is claimable only while its batch is RUNNING (its lease held by the batch's runner, which made the slices)
 *   and no cancel was asked for; a slice whose runner died is taken over once its lease expires, like any leased job;
 * - a slice's entries, failures and progress are written only while the writer holds the slice's lease (each write is
 *   one statement whose WHERE / EXISTS checks it), and its completion commits with its last entries in one
 *   transaction: a runner that lost its lease stores nothing more, and what it stored before is removed by the next
 *   holder when it claims the slice (`claimNextBatchSlice`), so an item is stored once, by the slice's `ranBy`;
 * - the lease is held by a CLAIM, not by an instance: every claim takes a lease owner of its own (`holder`, the
 *   instance's owner and a random suffix) and every write checks that. An instance runs several slice loops under one
 *   owner; were the owner the lease, a loop whose lease ran out (a late renewal) and a loop of the same instance that
 *   took the slice over would both pass the check, and the first one's completion would commit a slice whose entries
 *   the second one's claim had removed (seen as "item N has no stored outcome" at assembly after a cut link);
 * - the batch's counters are the sums of its slices' (`refreshBatchProgress`), so progress shows every instance's work;
 * - an entry's data is stored in parts of VALUE_PART_BYTES (migration 0030: the row holds the first, the others are
 *   rows of `ephemeris_batch_entry_parts`, under the same lease condition), and no statement carries more than
 *   STATEMENT_VALUE_BYTES of data, written or read: a libSQL server takes neither a value above ~5 MB nor a message
 *   above 16 MiB.
 */
import { inTransaction, yieldToEventLoop, type Db, type SqlExecutor } from './sql/db.ts';
import { claimNextLeasedJobByClaim, holderOwner, completeLeasedJob, endLeasedJobCancelled, failLeasedJob, renewJobLease, type LeasedTable, type SqlArg } from './sql/leasedJobs.ts';
import { nullableText } from './sql/rows.ts';
import { byteParts, joinByteParts, STATEMENT_VALUE_BYTES } from './sql/valueParts.ts';
import type { BatchFailure, BatchItemEntry, BatchSlice } from '../domain/ephemerisBatch/model.ts';
import type { JobStatus } from '../domain/jobs/model.ts';

const SLICE_COLUMNS = `id, batch_id, organization_id, slice_index, first_item, item_count, status, attempts, max_attempts, lease_owner, error,
  items_done, items_failed, ran_by, attempt_owners`;

export const EPHEMERIS_BATCH_SLICES: LeasedTable = { name: 'ephemeris_batch_slices', columns: `${SLICE_COLUMNS}, items` };

/** Claimable: the batch is running (its runner holds it) and not being cancelled. */
const CLAIMABLE_SQL = `EXISTS (SELECT 1 FROM ephemeris_batches b WHERE b.id = ephemeris_batch_slices.batch_id AND b.status = 'RUNNING' AND b.cancel_requested = 0)`;

/** The lease condition of every write of a slice's holder (bound: slice id, the claim's holder). */
const HELD = `EXISTS (SELECT 1 FROM ephemeris_batch_slices s WHERE s.id = ? AND s.lease_owner = ? AND s.status = 'RUNNING')`;

function sliceFromRow(row: Record<string, unknown>): BatchSlice {
  return {
    id: String(row.id),
    batchId: String(row.batch_id),
    organizationId: String(row.organization_id),
    index: Number(row.slice_index),
    firstItem: Number(row.first_item),
    itemCount: Number(row.item_count),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseOwner: nullableText(row, 'lease_owner'),
    itemsDone: Number(row.items_done),
    itemsFailed: Number(row.items_failed),
    ranBy: nullableText(row, 'ran_by'),
    attemptOwners: JSON.parse(String(row.attempt_owners ?? '[]')) as string[],
    error: nullableText(row, 'error'),
  };
}

/** A claimed slice: the slice, its items (NDJSON, one line per item, in order) and the claim's lease owner. */
export interface ClaimedSlice extends BatchSlice {
  itemsNdjson: string;
  /** This claim's lease owner: every write of the claim's holder passes it (not the instance's owner). */
  holder: string;
}

/** The slice's id: the batch's id and its index, zero-padded so that claims take a batch's slices in order. */
export function batchSliceId(batchId: string, index: number): string {
  return `${batchId}:${String(index).padStart(5, '0')}`;
}

/**
 * Makes the batch's slices unless it has them (a runner that took the batch over keeps the slices, and what they
 * stored, of the runner before it), in one transaction. `lines` are the batch's items, one NDJSON line each.
 */
export async function ensureBatchSlices(
  db: Db,
  batch: { id: string; organizationId: string; createdAt: string },
  lines: readonly string[],
  slices: ReadonlyArray<{ firstItem: number; itemCount: number }>,
  maxAttempts: number,
): Promise<boolean> {
  const existing = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM ephemeris_batch_slices WHERE batch_id = ?', args: [batch.id] });
  if (Number(existing.rows[0]!.n) > 0) return false;
  await inTransaction(db, async (tx) => {
    for (let start = 0; start < slices.length; start += 10) {
      const part = slices.slice(start, start + 10);
      await tx.execute({
        sql: `INSERT OR IGNORE INTO ephemeris_batch_slices (id, batch_id, organization_id, slice_index, first_item, item_count, items, status, max_attempts, created_at, updated_at)
              VALUES ${part.map(() => `(?, ?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?, ?)`).join(', ')}`,
        args: part.flatMap((s, k) => [
          batchSliceId(batch.id, start + k), batch.id, batch.organizationId, start + k, s.firstItem, s.itemCount,
          lines.slice(s.firstItem, s.firstItem + s.itemCount).join('\n'), maxAttempts, batch.createdAt, batch.createdAt,
        ]),
      });
    }
  });
  return true;
}

/**
 * Claims the next runnable slice (of `batchId` only, when given) for instance `owner` under a lease owner of this
 * claim's own (`holder`): records the instance among the slice's attempt owners and removes what an earlier holder of
 * the slice stored (it lost its lease: its rows do not count).
 */
export async function claimNextBatchSlice(db: SqlExecutor, owner: string, leaseMs: number, now: Date, batchId?: string): Promise<ClaimedSlice | null> {
  const where: { sql: string; args: SqlArg[] } = batchId === undefined
    ? { sql: CLAIMABLE_SQL, args: [] }
    : { sql: `batch_id = ? AND ${CLAIMABLE_SQL}`, args: [batchId] };
  const claimed = await claimNextLeasedJobByClaim(db, EPHEMERIS_BATCH_SLICES, owner, leaseMs, now, where, 'items_done = 0, items_failed = 0');
  if (!claimed) return null;
  const { row, holder } = claimed;
  const slice = sliceFromRow(row as Record<string, unknown>);
  // (an earlier attempt given back by a shutdown is not counted in `attempts`: always look)
  await removeEarlierOutcomes(db, slice, holder);
  return { ...slice, attemptOwners: [...slice.attemptOwners, owner], itemsDone: 0, itemsFailed: 0, itemsNdjson: String(row.items ?? ''), holder };
}

/**
 * What earlier holders of the slice stored (entries, their parts, failures), removed by the claim `holder` right after
 * it claimed the slice — and only while it still holds it: these statements are not part of the claim's, and one
 * delayed in the network (a link cut and restored: TCP sends it again) could otherwise run after the slice was taken
 * over and completed by another claim, and remove that claim's committed entries (seen: "250 of 300 items have a stored
 * outcome" at assembly after a cut link, test/api/sqld-faults.test.ts).
 */
export async function removeEarlierOutcomes(db: SqlExecutor, slice: { id: string; batchId: string; firstItem: number; itemCount: number }, holder: string): Promise<void> {
  await deleteSliceEntries(db, slice.id, holder);
  await db.execute({
    sql: `DELETE FROM ephemeris_batch_failures WHERE batch_id = ? AND item_index >= ? AND item_index < ? AND ${HELD}`,
    args: [slice.batchId, slice.firstItem, slice.firstItem + slice.itemCount, slice.id, holder],
  });
}

/** A claim's renewal (`holder`: the claim's lease owner). */
export function renewBatchSliceLease(db: SqlExecutor, id: string, holder: string, leaseMs: number, now: number): Promise<boolean> {
  return renewJobLease(db, EPHEMERIS_BATCH_SLICES, id, holder, leaseMs, now);
}

/** Rows of entries per INSERT: bounded by count here, and by their data's bytes (STATEMENT_VALUE_BYTES). */
const ENTRY_ROWS_PER_INSERT = 32;

/**
 * Stores items' outcomes of a slice and its progress, only while the claim `holder` holds the slice's lease (every
 * statement checks it). False when the lease is lost: stop working on the slice.
 */
export async function storeSliceEntries(
  db: SqlExecutor,
  slice: { id: string; batchId: string },
  holder: string,
  entries: readonly BatchItemEntry[],
  progress: { done: number; failed: number },
  nowIso: string,
): Promise<boolean> {
  const held = await db.execute({
    sql: `UPDATE ephemeris_batch_slices SET items_done = ?, items_failed = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [progress.done, progress.failed, nowIso, slice.id, holder],
  });
  if (held.rowsAffected !== 1) return false;
  const rows = entries.map((entry) => ({ entry, parts: entry.ok ? byteParts(entry.data) : [] }));
  let start = 0;
  while (start < rows.length) {
    // up to ENTRY_ROWS_PER_INSERT rows whose first parts sum to at most STATEMENT_VALUE_BYTES (at least one row)
    let end = start + 1;
    let bytes = rows[start]!.parts[0]?.length ?? 0;
    while (end < rows.length && end - start < ENTRY_ROWS_PER_INSERT && bytes + (rows[end]!.parts[0]?.length ?? 0) <= STATEMENT_VALUE_BYTES) {
      bytes += rows[end]!.parts[0]?.length ?? 0;
      end++;
    }
    const part = rows.slice(start, end);
    const inserted = await db.execute({
      sql: `INSERT OR REPLACE INTO ephemeris_batch_entries (batch_id, item_index, slice_id, status, file_name, state_vector_id, spacecraft_id, error, message,
              crc, size_bytes, data, span_start, span_end, data_parts)
            SELECT column1, column2, column3, column4, column5, column6, column7, column8, column9, column10, column11, column12, column13, column14, column15
            FROM (VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}) WHERE ${HELD}`,
      args: [
        ...part.flatMap(({ entry: e, parts }): SqlArg[] => e.ok
          ? [slice.batchId, e.index, slice.id, 'OK', e.name, e.stateVectorId, e.spacecraftId, null, null, e.crc, e.sizeBytes, parts[0]!, e.spanStart, e.spanEnd, parts.length]
          : [slice.batchId, e.index, slice.id, 'FAILED', null, e.stateVectorId, e.spacecraftId, e.error, e.message, null, null, null, null, null, 0]),
        slice.id, holder,
      ],
    });
    if (inserted.rowsAffected === 0) return false;
    await yieldToEventLoop();
    // the entries' further parts, one per statement
    for (const { entry, parts } of part) {
      for (let k = 1; k < parts.length; k++) {
        const stored = await db.execute({
          sql: `INSERT OR REPLACE INTO ephemeris_batch_entry_parts (batch_id, item_index, part, slice_id, data) SELECT ?, ?, ?, ?, ? WHERE ${HELD}`,
          args: [slice.batchId, entry.index, k, slice.id, parts[k]!, slice.id, holder],
        });
        if (stored.rowsAffected === 0) return false;
        await yieldToEventLoop();
      }
    }
    start = end;
  }
  const failures = entries.filter((e) => !e.ok) as Array<Extract<BatchItemEntry, { ok: false }>>;
  for (let start = 0; start < failures.length; start += 200) {
    const part = failures.slice(start, start + 200);
    await db.execute({
      sql: `INSERT OR REPLACE INTO ephemeris_batch_failures (batch_id, item_index, error, message)
            SELECT column1, column2, column3, column4 FROM (VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}) WHERE ${HELD}`,
      args: [...part.flatMap((f) => [slice.batchId, f.index, f.error, f.message]), slice.id, holder],
    });
  }
  return true;
}

/**
 * Completes a slice with its last entries in one transaction, if the claim `holder` still holds its lease (false:
 * taken over or cancelled; nothing of this call is stored); `ran_by` is the holder's instance.
 */
export async function completeBatchSlice(
  db: Db,
  slice: { id: string; batchId: string },
  holder: string,
  entries: readonly BatchItemEntry[],
  progress: { done: number; failed: number },
  now: number,
): Promise<boolean> {
  return await inTransaction(db, async (tx) => {
    if (!(await storeSliceEntries(tx, slice, holder, entries, progress, new Date(now).toISOString()))) throw new LeaseLost();
    const completed = await completeLeasedJob(tx, EPHEMERIS_BATCH_SLICES, slice.id, holder, {
      sql: 'items_done = ?, items_failed = ?, ran_by = ?, items = NULL',
      args: [progress.done, progress.failed, holderOwner(holder)],
    }, now);
    if (!completed) throw new LeaseLost();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof LeaseLost) return false;
    throw error;
  });
}

class LeaseLost extends Error {}

/** The holder gives its slice back at once (a shutdown): QUEUED, the attempt not counted; false if no longer held. */
export async function releaseBatchSlice(db: SqlExecutor, id: string, holder: string, nowIso: string): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE ephemeris_batch_slices SET status = 'QUEUED', attempts = MAX(0, attempts - 1), lease_owner = NULL, lease_expires_at = NULL,
            error = 'released by a shutdown', updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [nowIso, id, holder],
  });
  return result.rowsAffected === 1;
}

/** Fails the slice's attempt (retried while attempts remain, else FAILED: the batch fails with it). */
export function failBatchSlice(db: SqlExecutor, id: string, holder: string, error: string, retry: boolean, now: number): Promise<boolean> {
  return failLeasedJob(db, EPHEMERIS_BATCH_SLICES, id, holder, error, retry, { now });
}

/** The holder ends its slice as CANCELLED (the batch's cancel was asked for). */
export function endBatchSliceCancelled(db: SqlExecutor, id: string, holder: string, now: number): Promise<boolean> {
  return endLeasedJobCancelled(db, EPHEMERIS_BATCH_SLICES, id, holder, { now });
}

/**
 * The batch's counters as the sums of its slices' (a slice taken over counts from 0 again), while it runs. Answers
 * whether the batch still runs and whether its cancel was asked for.
 */
export async function refreshBatchProgress(db: SqlExecutor, batchId: string, nowIso: string): Promise<{ running: boolean; cancelRequested: boolean }> {
  const result = await db.execute({
    sql: `UPDATE ephemeris_batches SET
            items_done = (SELECT COALESCE(SUM(items_done), 0) FROM ephemeris_batch_slices WHERE batch_id = ?),
            items_failed = (SELECT COALESCE(SUM(items_failed), 0) FROM ephemeris_batch_slices WHERE batch_id = ?),
            updated_at = ?
          WHERE id = ? AND status = 'RUNNING' RETURNING cancel_requested`,
    args: [batchId, batchId, nowIso, batchId],
  });
  const row = result.rows[0];
  if (!row) {
    const cancelled = await db.execute({ sql: 'SELECT cancel_requested FROM ephemeris_batches WHERE id = ?', args: [batchId] });
    return { running: false, cancelRequested: Number(cancelled.rows[0]?.cancel_requested ?? 0) === 1 };
  }
  return { running: true, cancelRequested: Number(row.cancel_requested) === 1 };
}

/** The slices of a batch by status: how many, and the error of a FAILED one. */
export async function batchSliceStates(db: SqlExecutor, batchId: string): Promise<{ total: number; byStatus: Partial<Record<JobStatus, number>>; failedError: string | null }> {
  const result = await db.execute({
    sql: 'SELECT status, COUNT(*) AS n, MAX(error) AS error FROM ephemeris_batch_slices WHERE batch_id = ? GROUP BY status',
    args: [batchId],
  });
  const byStatus: Partial<Record<JobStatus, number>> = {};
  let total = 0;
  let failedError: string | null = null;
  for (const row of result.rows) {
    const status = String(row.status) as JobStatus;
    byStatus[status] = Number(row.n);
    total += Number(row.n);
    if (status === 'FAILED') failedError = row.error === null ? 'a slice failed' : String(row.error);
  }
  return { total, byStatus, failedError };
}

export async function listBatchSlices(db: SqlExecutor, batchId: string): Promise<BatchSlice[]> {
  const result = await db.execute({ sql: `SELECT ${SLICE_COLUMNS} FROM ephemeris_batch_slices WHERE batch_id = ? ORDER BY slice_index`, args: [batchId] });
  return result.rows.map((row) => sliceFromRow(row as Record<string, unknown>));
}

/**
 * Ends every unfinished slice of the batch (CANCELLED, lease cleared: their holders' next writes find no lease and
 * store nothing), then removes the stored entries. For a batch that is cancelled, failed for good or interrupted
 * before its slices were made.
 */
export async function abandonBatchSlices(db: SqlExecutor, batchId: string, reason: string, nowIso: string): Promise<void> {
  await db.execute({
    sql: `UPDATE ephemeris_batch_slices SET status = 'CANCELLED', error = ?, lease_owner = NULL, lease_expires_at = NULL, items = NULL, updated_at = ?, finished_at = ?
          WHERE batch_id = ? AND status IN ('QUEUED', 'RUNNING')`,
    args: [reason, nowIso, nowIso, batchId],
  });
  await deleteBatchEntries(db, batchId);
}

/** Removes the stored entries of a batch, one slice's per statement (a slice's entries are megabytes at most). */
export async function deleteBatchEntries(db: SqlExecutor, batchId: string): Promise<void> {
  const slices = await db.execute({ sql: 'SELECT DISTINCT slice_id FROM ephemeris_batch_entries WHERE batch_id = ?', args: [batchId] });
  for (const row of slices.rows) {
    await deleteSliceEntries(db, String(row.slice_id));
    await yieldToEventLoop();
  }
}

/** Removes a slice's stored entries and their further parts (with `holder`: only while that claim holds the slice). */
async function deleteSliceEntries(db: SqlExecutor, sliceId: string, holder?: string): Promise<void> {
  const held = holder === undefined ? '' : ` AND ${HELD}`;
  const args = holder === undefined ? [sliceId] : [sliceId, sliceId, holder];
  await db.execute({ sql: `DELETE FROM ephemeris_batch_entry_parts WHERE slice_id = ?${held}`, args });
  await db.execute({ sql: `DELETE FROM ephemeris_batch_entries WHERE slice_id = ?${held}`, args });
}

/**
 * Batches no longer running that still have stored entries or unfinished slices (their runner died between its commit
 * and the clean-up, or the batch was failed by the claim's attempts rule).
 */
export async function finishedBatchesWithLeftovers(db: SqlExecutor, limit = 10): Promise<string[]> {
  const result = await db.execute({
    // from the few rows there are to look at (unfinished slices, entries not yet assembled), not from every batch
    sql: `SELECT b.id AS id FROM ephemeris_batches b WHERE b.status NOT IN ('QUEUED', 'RUNNING')
            AND b.id IN (SELECT batch_id FROM ephemeris_batch_slices WHERE status IN ('QUEUED', 'RUNNING') UNION SELECT batch_id FROM ephemeris_batch_entries)
          LIMIT ?`,
    args: [limit],
  });
  return result.rows.map((row) => String(row.id));
}

/**
 * The failures that a new runner of the batch keeps: those of items whose outcome is stored (a lost attempt's others
 * are removed), and the batch's counters made the sums of its slices' again — only while `owner` holds the batch's
 * lease: a copy delayed by a cut link must not remove the failures of a batch another runner has since completed
 * (whose entries are gone by then) nor rewrite its counters.
 */
export async function reconcileBatchProgress(db: SqlExecutor, batchId: string, owner: string, nowIso: string): Promise<void> {
  await db.execute({
    sql: `DELETE FROM ephemeris_batch_failures WHERE batch_id = ?
            AND item_index NOT IN (SELECT item_index FROM ephemeris_batch_entries WHERE batch_id = ? AND status = 'FAILED')
            AND EXISTS (SELECT 1 FROM ephemeris_batches b WHERE b.id = ? AND b.lease_owner = ? AND b.status = 'RUNNING')`,
    args: [batchId, batchId, batchId, owner],
  });
  await db.execute({
    sql: `UPDATE ephemeris_batches SET
            items_done = (SELECT COALESCE(SUM(items_done), 0) FROM ephemeris_batch_slices WHERE batch_id = ?),
            items_failed = (SELECT COALESCE(SUM(items_failed), 0) FROM ephemeris_batch_slices WHERE batch_id = ?),
            updated_at = ?
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [batchId, batchId, nowIso, batchId, owner],
  });
}

/**
 * Up to `limit` stored outcomes from item `fromIndex` on, in item order: their fields in one statement, then their data
 * in statements of at most STATEMENT_VALUE_BYTES (consecutive entries' first parts together; further parts one per
 * statement). The caller bounds `limit`.
 */
export async function readBatchEntries(db: SqlExecutor, batchId: string, fromIndex: number, limit: number): Promise<BatchItemEntry[]> {
  const result = await db.execute({
    sql: `SELECT item_index, status, file_name, state_vector_id, spacecraft_id, error, message, crc, size_bytes, span_start, span_end, data_parts,
            length(data) AS first_part_bytes
          FROM ephemeris_batch_entries WHERE batch_id = ? AND item_index >= ? ORDER BY item_index LIMIT ?`,
    args: [batchId, fromIndex, limit],
  });
  const rows = result.rows;
  const data = new Map<number, Uint8Array[]>();
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    let bytes = Number(rows[start]!.first_part_bytes ?? 0);
    while (end < rows.length && bytes + Number(rows[end]!.first_part_bytes ?? 0) <= STATEMENT_VALUE_BYTES) bytes += Number(rows[end++]!.first_part_bytes ?? 0);
    const read = await db.execute({
      sql: `SELECT item_index, data FROM ephemeris_batch_entries WHERE batch_id = ? AND item_index >= ? AND item_index <= ? AND status = 'OK'`,
      args: [batchId, Number(rows[start]!.item_index), Number(rows[end - 1]!.item_index)],
    });
    for (const row of read.rows) data.set(Number(row.item_index), [blobBytes(row.data)]);
    for (let r = start; r < end; r++) {
      const index = Number(rows[r]!.item_index);
      const count = String(rows[r]!.status) === 'OK' ? Number(rows[r]!.data_parts) : 0;
      for (let k = 1; k < count; k++) {
        const part = await db.execute({
          sql: 'SELECT data FROM ephemeris_batch_entry_parts WHERE batch_id = ? AND item_index = ? AND part = ?',
          args: [batchId, index, k],
        });
        if (part.rows.length !== 1) throw new Error(`batch ${batchId}: part ${k} of item ${index}'s entry is gone`);
        data.get(index)?.push(blobBytes(part.rows[0]!.data));
      }
    }
    start = end;
  }
  return rows.map((row): BatchItemEntry => {
    const index = Number(row.item_index);
    if (String(row.status) !== 'OK') {
      return { index, ok: false, stateVectorId: String(row.state_vector_id), spacecraftId: String(row.spacecraft_id), error: String(row.error), message: String(row.message) };
    }
    const parts = data.get(index);
    if (parts === undefined) throw new Error(`batch ${batchId}: item ${index}'s entry data is gone`);
    return {
      index, ok: true, name: String(row.file_name), stateVectorId: String(row.state_vector_id), spacecraftId: String(row.spacecraft_id),
      crc: Number(row.crc) >>> 0, sizeBytes: Number(row.size_bytes), data: joinByteParts(parts), spanStart: String(row.span_start), spanEnd: String(row.span_end),
    };
  });
}

/** Failures found while assembling (ZIP_SIZE_LIMIT), stored with the batch's completion (call in its transaction). */
export async function insertBatchFailures(db: SqlExecutor, batchId: string, failures: readonly BatchFailure[]): Promise<void> {
  for (let start = 0; start < failures.length; start += 200) {
    const part = failures.slice(start, start + 200);
    await db.execute({
      sql: `INSERT OR REPLACE INTO ephemeris_batch_failures (batch_id, item_index, error, message) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
      args: part.flatMap((f) => [batchId, f.index, f.error, f.message]),
    });
  }
}

/** A BLOB as bytes: an ArrayBuffer from the client, a Uint8Array (Buffer) from the cached reader. */
function blobBytes(value: unknown): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Uint8Array) return value;
  throw new Error('a stored batch entry has no bytes');
}
