/**
 * Staged bulk writes: how a large insert (a tracking file's measurements; any batch insert of the same kind) reaches
 * the database without holding the event loop or the write lock for seconds, yet becomes visible all at once.
 *
 * The embedded driver is synchronous: one transaction inserting 500,000 rows would block the event loop (and every
 * other writer) for its whole duration. Instead the rows are written in bounded chunks, each its own short
 * transaction, tagged with a batch id that is listed in `staged_writes`; readers exclude listed batches
 * (`stagedRowsFilter`), so the rows stay invisible while they accumulate. One small transaction then publishes the
 * batch — it deletes the batch's `staged_writes` row (and runs the caller's completion, e.g. "mark the job
 * SUCCEEDED if I still hold its lease") — and every row appears at once. A failed, abandoned or crashed attempt's
 * rows are deleted in chunks too (by the rowid ranges each chunk recorded), and only then is its batch unlisted.
 *
 * Rules that keep visibility all-or-nothing:
 *  - a chunk commits only while its batch is still STAGING (checked inside the chunk's transaction), so once a batch
 *    is marked ABANDONED no row of it can be added, whoever still writes it (a runner that lost its lease);
 *  - a batch leaves `staged_writes` either by publishing (STAGING, in the caller's transaction) or after all its rows
 *    were deleted (ABANDONED) — never with rows that should stay hidden;
 *  - batch ids are never reused (AUTOINCREMENT), and each attempt of a job gets its own batch.
 *
 * A staged table has an INTEGER column holding the batch id (0 for rows written without staging).
 */
import type { Db, SqlExecutor, Tx } from './db.ts';
import { inTransaction, nowIso, yieldToEventLoop } from './db.ts';

/** A table rows are staged into. `name` and `batchColumn` are constants of storage/, never caller input. */
export interface StagedTable {
  readonly name: string;
  readonly batchColumn: string;
}

/**
 * Who a batch belongs to: `kind` is a durable job table (e.g. `measurement_jobs`, the batch of one attempt of job
 * `key`) or a request kind (e.g. `maneuver_import`, `key` a request id); `owner` identifies the writer (runner or
 * instance) for diagnostics.
 */
export interface BatchOwner {
  kind: string;
  key: string;
  owner: string;
}

/** SQL condition that hides rows of batches not yet published (append to every read of a staged table). */
export function stagedRowsFilter(table: StagedTable, alias?: string): string {
  return `${alias ? `${alias}.` : ''}${table.batchColumn} NOT IN (SELECT id FROM staged_writes)`;
}

/** Thrown by a chunk whose batch was abandoned meanwhile (another attempt took the job over). */
export class StagedBatchAbandonedError extends Error {
  constructor(readonly batchId: number) {
    super(`staged batch ${batchId} was abandoned`);
    this.name = 'StagedBatchAbandonedError';
  }
}

/** Rowids deleted per statement when a batch is removed (bounded like an insert chunk). */
const DELETE_ROWIDS_PER_STATEMENT = 2000;

async function maxRowid(tx: SqlExecutor, table: StagedTable): Promise<number> {
  const result = await tx.execute(`SELECT COALESCE(MAX(rowid), 0) AS m FROM ${table.name}`);
  return Number(result.rows[0]!.m);
}

async function requireStaging(tx: SqlExecutor, batchId: number): Promise<void> {
  const row = (await tx.execute({ sql: 'SELECT state FROM staged_writes WHERE id = ?', args: [batchId] })).rows[0];
  if (!row || row.state !== 'STAGING') throw new StagedBatchAbandonedError(batchId);
}

/** One staged batch. Open it, write chunks, then publish it or abandon it. */
export class StagedBatch {
  private constructor(
    private readonly db: Db,
    readonly id: number,
    private readonly tables: readonly StagedTable[],
  ) {}

  /**
   * Opens a batch. For a job attempt, batches an earlier attempt of the same job left (its process died, or it lost
   * its lease) are abandoned first: their rows can never be published, since only the lease holder publishes.
   */
  static async open(db: Db, owner: BatchOwner, tables: readonly StagedTable[]): Promise<StagedBatch> {
    await abandonBatchesOf(db, tables, owner.kind, owner.key);
    const result = await db.execute({
      sql: `INSERT INTO staged_writes (owner_kind, owner_key, owner, state, created_at) VALUES (?, ?, ?, 'STAGING', ?) RETURNING id`,
      args: [owner.kind, owner.key, owner.owner, nowIso()],
    });
    return new StagedBatch(db, Number(result.rows[0]!.id), tables);
  }

  /**
   * Writes one chunk in its own short transaction (rows tagged with this batch's id by `write`), records the rowid
   * range it added to each staged table, then yields to the event loop. Keep a chunk to a few milliseconds of work
   * (a thousand or so rows): the driver holds the event loop for each statement.
   */
  async chunk(write: (tx: Tx) => Promise<void>): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      await requireStaging(tx, this.id);
      const before = new Map<StagedTable, number>();
      for (const table of this.tables) before.set(table, await maxRowid(tx, table));
      await write(tx);
      for (const table of this.tables) {
        const after = await maxRowid(tx, table);
        const first = before.get(table)! + 1;
        if (after >= first) {
          await tx.execute({
            sql: 'INSERT INTO staged_write_ranges (batch_id, table_name, first_rowid, last_rowid) VALUES (?, ?, ?, ?)',
            args: [this.id, table.name, first, after],
          });
        }
      }
    });
    await yieldToEventLoop();
  }

  /**
   * Publishes every row of the batch at once: in one small transaction, runs `complete` (e.g. mark the job
   * SUCCEEDED if we still hold its lease; return false to refuse) and unlists the batch. False when `complete`
   * refused (nothing published; abandon() the batch then).
   */
  async publish(complete: (tx: Tx) => Promise<boolean> = async () => true): Promise<boolean> {
    return await inTransaction(this.db, async (tx) => {
      await requireStaging(tx, this.id);
      if (!(await complete(tx))) return false;
      await tx.execute({ sql: 'DELETE FROM staged_write_ranges WHERE batch_id = ?', args: [this.id] });
      await tx.execute({ sql: 'DELETE FROM staged_writes WHERE id = ?', args: [this.id] });
      return true;
    });
  }

  /** Deletes the batch's rows (in bounded chunks) and unlists it. Safe to call more than once. */
  async abandon(): Promise<void> {
    await abandonBatch(this.db, this.tables, this.id);
  }
}

/** Marks the batch ABANDONED (no chunk of it commits after this), deletes its rows chunk by chunk, then unlists it. */
export async function abandonBatch(db: Db, tables: readonly StagedTable[], batchId: number): Promise<void> {
  await db.execute({ sql: `UPDATE staged_writes SET state = 'ABANDONED' WHERE id = ?`, args: [batchId] });
  const ranges = (await db.execute({
    sql: 'SELECT table_name, first_rowid, last_rowid FROM staged_write_ranges WHERE batch_id = ? ORDER BY first_rowid',
    args: [batchId],
  })).rows;
  for (const range of ranges) {
    const table = tables.find((t) => t.name === String(range.table_name));
    if (!table) throw new Error(`staged batch ${batchId} has rows in ${String(range.table_name)}, which the caller did not name`);
    const last = Number(range.last_rowid);
    for (let first = Number(range.first_rowid); first <= last; first += DELETE_ROWIDS_PER_STATEMENT) {
      await db.execute({
        sql: `DELETE FROM ${table.name} WHERE rowid BETWEEN ? AND ? AND ${table.batchColumn} = ?`,
        args: [first, Math.min(last, first + DELETE_ROWIDS_PER_STATEMENT - 1), batchId],
      });
      await yieldToEventLoop();
    }
  }
  await inTransaction(db, async (tx) => {
    await tx.execute({ sql: 'DELETE FROM staged_write_ranges WHERE batch_id = ?', args: [batchId] });
    await tx.execute({ sql: 'DELETE FROM staged_writes WHERE id = ?', args: [batchId] });
  });
}

/**
 * The lowest id a batch not yet published has or will have: a record published from a batch numbered at least this
 * became visible after this call (batch ids only grow).
 */
export async function firstUnpublishedBatchId(db: SqlExecutor): Promise<number> {
  const result = await db.execute(
    `SELECT COALESCE((SELECT MIN(id) FROM staged_writes), (SELECT seq + 1 FROM sqlite_sequence WHERE name = 'staged_writes'), 1) AS id`,
  );
  return Number(result.rows[0]!.id);
}

/** Abandons every batch of `kind` + `key` (a job's earlier attempts). Returns how many. */
export async function abandonBatchesOf(db: Db, tables: readonly StagedTable[], kind: string, key: string): Promise<number> {
  const result = await db.execute({ sql: 'SELECT id FROM staged_writes WHERE owner_kind = ? AND owner_key = ?', args: [kind, key] });
  for (const row of result.rows) await abandonBatch(db, tables, Number(row.id));
  return result.rows.length;
}

/**
 * Abandons the batches of job table `jobTable` whose job is no longer queued or running (it finished, failed or was
 * cancelled while a batch was left behind: a process killed mid-write, a job failed by the claim after exhausting
 * its attempts). `jobTable` is a constant of storage/ with `id` and `status` columns. Returns how many.
 */
export async function abandonOrphanJobBatches(db: Db, tables: readonly StagedTable[], jobTable: string): Promise<number> {
  const result = await db.execute({
    sql: `SELECT s.id FROM staged_writes s WHERE s.owner_kind = ? AND NOT EXISTS (
            SELECT 1 FROM ${jobTable} j WHERE j.id = s.owner_key AND j.status IN ('QUEUED', 'RUNNING'))`,
    args: [jobTable],
  });
  for (const row of result.rows) await abandonBatch(db, tables, Number(row.id));
  return result.rows.length;
}

/** Abandons the batches of `kind` opened before `beforeIso` (request-bound writes whose process died). Returns how many. */
export async function abandonBatchesOpenedBefore(db: Db, tables: readonly StagedTable[], kind: string, beforeIso: string): Promise<number> {
  const result = await db.execute({ sql: 'SELECT id FROM staged_writes WHERE owner_kind = ? AND created_at < ?', args: [kind, beforeIso] });
  for (const row of result.rows) await abandonBatch(db, tables, Number(row.id));
  return result.rows.length;
}
