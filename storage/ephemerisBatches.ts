/**
 * Batch OEM jobs on the shared lease mechanism (storage/sql/leasedJobs.ts): QUEUED → RUNNING → SUCCEEDED | FAILED |
 * CANCELLED. The validated items are kept as NDJSON (one item per line). The batch's lease holder cuts it into slices
 * that any instance runs (storage/ephemerisBatchSlices.ts) and assembles the ZIP once they are done; progress (items
 * done / failed, the sums of the slices') is written while the job runs, per-item failures into
 * `ephemeris_batch_failures`.
 */
import { nullableText } from './sql/rows.ts';
import type { SqlExecutor } from './sql/db.ts';
import {
  cancelQueuedLeasedJob,
  claimNextLeasedJob,
  completeLeasedJob,
  endLeasedJobCancelled,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
  type RetryBackoff,
} from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { abandonBatchSlices } from './ephemerisBatchSlices.ts';
import type { JobStatus } from '../domain/jobs/model.ts';
import type { EphemerisBatch, BatchFailure } from '../domain/ephemerisBatch/model.ts';

const COLUMNS = `id, organization_id, status, attempts, max_attempts, error, item_count, items_done, items_failed, retention_days,
  cancel_requested, product_id, created_at, updated_at, started_at, finished_at`;

export const EPHEMERIS_BATCHES: LeasedTable = { name: 'ephemeris_batches', columns: `${COLUMNS}, items`, hasAvailableAt: true, failureKind: 'ephemeris_batch' };

export const BATCH_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', status: 'status' };

function fromRow(row: Record<string, unknown>): EphemerisBatch {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    error: nullableText(row, 'error'),
    itemCount: Number(row.item_count),
    itemsDone: Number(row.items_done),
    itemsFailed: Number(row.items_failed),
    retentionDays: Number(row.retention_days),
    cancelRequested: Number(row.cancel_requested) === 1,
    productId: nullableText(row, 'product_id'),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: nullableText(row, 'started_at'),
    finishedAt: nullableText(row, 'finished_at'),
  };
}

export async function insertBatch(
  db: SqlExecutor,
  batch: { id: string; organizationId: string; itemCount: number; itemsNdjson: string; retentionDays: number; maxAttempts: number; createdAt: string },
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO ephemeris_batches (id, organization_id, status, max_attempts, item_count, items, retention_days, created_at, updated_at)
          VALUES (?, ?, 'QUEUED', ?, ?, ?, ?, ?, ?)`,
    args: [batch.id, batch.organizationId, batch.maxAttempts, batch.itemCount, batch.itemsNdjson, batch.retentionDays, batch.createdAt, batch.createdAt],
  });
}

export async function findBatch(db: SqlExecutor, organizationId: string, id: string): Promise<EphemerisBatch | null> {
  const result = await db.execute({ sql: `SELECT ${COLUMNS} FROM ephemeris_batches WHERE organization_id = ? AND id = ?`, args: [organizationId, id] });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export async function listBatches(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<{ items: EphemerisBatch[]; totalElements: number }> {
  const order = pageClause(page, BATCH_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT ${COLUMNS} FROM ephemeris_batches WHERE organization_id = ?${order.sql}`, args: [organizationId, ...order.args] }),
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM ephemeris_batches WHERE organization_id = ?', args: [organizationId] }),
  ]);
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

export async function listBatchFailures(db: SqlExecutor, batchId: string, limit: number): Promise<BatchFailure[]> {
  const result = await db.execute({
    sql: 'SELECT item_index, error, message FROM ephemeris_batch_failures WHERE batch_id = ? ORDER BY item_index LIMIT ?',
    args: [batchId, limit],
  });
  return result.rows.map((row) => ({ index: Number(row.item_index), error: String(row.error), message: String(row.message) }));
}

/** A claimed batch: the job and its items (NDJSON). */
export interface ClaimedBatch extends EphemerisBatch {
  itemsNdjson: string;
}

export async function claimNextBatch(db: SqlExecutor, owner: string, leaseMs: number, now: Date): Promise<ClaimedBatch | null> {
  const row = await claimNextLeasedJob(db, EPHEMERIS_BATCHES, owner, leaseMs, now, { sql: 'cancel_requested = 0', args: [] });
  return row ? { ...fromRow(row as Record<string, unknown>), itemsNdjson: String(row.items) } : null;
}

export function renewBatchLease(db: SqlExecutor, id: string, owner: string, leaseMs: number, now: number): Promise<boolean> {
  return renewJobLease(db, EPHEMERIS_BATCHES, id, owner, leaseMs, now);
}

/**
 * Progress of the lease holder: counters, the new failures, and whether a cancel was asked for. False when the lease
 * is lost (stop working).
 */
export async function recordBatchProgress(
  db: SqlExecutor,
  id: string,
  owner: string,
  done: number,
  failed: number,
  newFailures: readonly BatchFailure[],
  nowIso: string,
): Promise<{ held: boolean; cancelRequested: boolean }> {
  const result = await db.execute({
    sql: `UPDATE ephemeris_batches SET items_done = ?, items_failed = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'
          RETURNING cancel_requested`,
    args: [done, failed, nowIso, id, owner],
  });
  const row = result.rows[0];
  if (!row) return { held: false, cancelRequested: false };
  for (let i = 0; i < newFailures.length; i += 200) {
    const slice = newFailures.slice(i, i + 200);
    await db.execute({
      sql: `INSERT OR REPLACE INTO ephemeris_batch_failures (batch_id, item_index, error, message) VALUES ${slice.map(() => '(?, ?, ?, ?)').join(', ')}`,
      args: slice.flatMap((f) => [id, f.index, f.error, f.message]),
    });
  }
  return { held: true, cancelRequested: Number(row.cancel_requested) === 1 };
}

/** A new attempt starts from scratch: counters and failures of an earlier (killed) attempt are cleared. */
export async function resetBatchProgress(db: SqlExecutor, id: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM ephemeris_batch_failures WHERE batch_id = ?', args: [id] });
  await db.execute({ sql: 'UPDATE ephemeris_batches SET items_done = 0, items_failed = 0 WHERE id = ?', args: [id] });
}

export function completeBatch(db: SqlExecutor, id: string, owner: string, productId: string, done: number, failed: number, now: number): Promise<boolean> {
  return completeLeasedJob(db, EPHEMERIS_BATCHES, id, owner, { sql: 'product_id = ?, items_done = ?, items_failed = ?', args: [productId, done, failed] }, now);
}

export function failBatch(db: SqlExecutor, id: string, owner: string, error: string, retry: boolean, backoff: RetryBackoff, now: number): Promise<boolean> {
  return failLeasedJob(db, EPHEMERIS_BATCHES, id, owner, error, retry, { backoff, now });
}

/** The lease holder ends a batch whose cancel was asked for. */
export function finishCancelledBatch(db: SqlExecutor, id: string, owner: string, nowIso: string): Promise<boolean> {
  return endLeasedJobCancelled(db, EPHEMERIS_BATCHES, id, owner, { now: Date.parse(nowIso) });
}

/** Cancels a batch: a QUEUED one at once (true), a RUNNING one by flag (its runner stops at its next progress write). */
export async function requestBatchCancel(db: SqlExecutor, organizationId: string, id: string, nowIso: string): Promise<'cancelled' | 'requested' | 'finished' | null> {
  const queued = await cancelQueuedLeasedJob(db, EPHEMERIS_BATCHES, id, { sql: 'organization_id = ?', args: [organizationId] }, {
    set: { sql: 'cancel_requested = 1', args: [] },
    now: Date.parse(nowIso),
  });
  if (queued) {
    // a batch waiting for a retry may have slices and stored entries of its earlier attempts
    await abandonBatchSlices(db, id, 'the batch was cancelled', nowIso);
    return 'cancelled';
  }
  const running = await db.execute({
    sql: `UPDATE ephemeris_batches SET cancel_requested = 1, updated_at = ? WHERE organization_id = ? AND id = ? AND status = 'RUNNING'`,
    args: [nowIso, organizationId, id],
  });
  if (running.rowsAffected === 1) return 'requested';
  const exists = await findBatch(db, organizationId, id);
  return exists ? 'finished' : null;
}

/** Products a killed attempt of this batch left WRITING. */
export async function unfinishedBatchProducts(db: SqlExecutor, batchId: string): Promise<string[]> {
  const result = await db.execute({ sql: `SELECT id FROM products WHERE batch_id = ? AND status = 'WRITING'`, args: [batchId] });
  return result.rows.map((row) => String(row.id));
}
