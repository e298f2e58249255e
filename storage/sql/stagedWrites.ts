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
 * Rules that keep a dead writer's batch from lasting (migration 0019):
 *  - every batch is held by a lease (`lease_expires_at`) that its writer renews while the batch is open (a timer, and
 *    each chunk's transaction); a batch whose lease has expired was left by a writer that died, and any instance
 *    abandons it (`abandonExpiredBatches`, the sweeper; `openExclusive` for its own scope). A writer that finds its
 *    batch abandoned (it could not renew in time) fails its write; nothing of it is published;
 *  - batches opened with `openExclusive` exclude the live batches of the same kind and scope: the opening transaction
 *    refuses while one holds a lease, so two writers of one scope never stage at once (a catalog's uploads: the rows
 *    of one would otherwise hold the identities the other needs, and be counted as known while hidden).
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

/**
 * How long a batch stays alive without a renewal. Its writer renews every third of it: a writer missing three
 * renewals in a row (a process killed, or stopped for that long) is taken to be dead.
 */
export const STAGED_BATCH_LEASE_MS = 15_000;

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

const leaseUntil = (nowMs: number, leaseMs: number): string => new Date(nowMs + leaseMs).toISOString();

/** Renews the batch's lease if it is still STAGING; false when it was abandoned (or is gone). */
async function renewLease(db: SqlExecutor, batchId: number, leaseMs: number): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE staged_writes SET lease_expires_at = ? WHERE id = ? AND state = 'STAGING'`,
    args: [leaseUntil(Date.now(), leaseMs), batchId],
  });
  return result.rowsAffected === 1;
}

/** Another writer's live batch holds the scope (openExclusive). */
export class StagedScopeBusyError extends Error {
  constructor(
    readonly kind: string,
    readonly scope: string,
    /** When the holder's lease runs out unless renewed (ISO-8601). */
    readonly holderLeaseExpiresAt: string,
  ) {
    super(`another ${kind} batch of this scope is being written`);
    this.name = 'StagedScopeBusyError';
  }
}

/** How often openExclusive looks again while the scope is held. */
const EXCLUSIVE_RETRY_MS = 250;

/** One staged batch. Open it, write chunks, then publish it or abandon it. */
export class StagedBatch {
  private renewal: ReturnType<typeof setInterval> | null = null;
  private renewing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    readonly id: number,
    private readonly tables: readonly StagedTable[],
    private readonly leaseMs: number,
  ) {
    // Renewed on a timer, not only by chunks: a writer may wait between chunks (for the compute pool, for the client).
    this.renewal = setInterval(() => {
      this.renewing = renewLease(db, id, leaseMs).catch(() => undefined);
    }, Math.max(1, Math.floor(leaseMs / 3)));
    this.renewal.unref?.();
  }

  /**
   * Opens a batch. For a job attempt, batches an earlier attempt of the same job left (its process died, or it lost
   * its lease) are abandoned first: their rows can never be published, since only the lease holder publishes.
   */
  static async open(db: Db, owner: BatchOwner, tables: readonly StagedTable[], leaseMs = STAGED_BATCH_LEASE_MS): Promise<StagedBatch> {
    await abandonBatchesOf(db, tables, owner.kind, owner.key);
    const result = await db.execute({
      sql: `INSERT INTO staged_writes (owner_kind, owner_key, owner, state, created_at, lease_expires_at) VALUES (?, ?, ?, 'STAGING', ?, ?) RETURNING id`,
      args: [owner.kind, owner.key, owner.owner, nowIso(), leaseUntil(Date.now(), leaseMs)],
    });
    return new StagedBatch(db, Number(result.rows[0]!.id), tables, leaseMs);
  }

  /**
   * Opens a batch that excludes every other live batch of `owner.kind` and `scope`. In one write transaction: the
   * scope's batches whose lease expired are marked ABANDONED, and ours is inserted unless one still holds a lease
   * (StagedScopeBusyError, with that lease's end). The rows of the scope's abandoned batches are then deleted before
   * this returns, so none of them holds an identity the new batch writes.
   */
  static async tryOpenExclusive(db: Db, owner: BatchOwner, scope: string, tables: readonly StagedTable[], leaseMs = STAGED_BATCH_LEASE_MS): Promise<StagedBatch> {
    const id = await inTransaction(db, async (tx) => {
      const now = Date.now();
      const nowText = new Date(now).toISOString();
      const live = (await tx.execute({
        sql: `SELECT MAX(lease_expires_at) AS until FROM staged_writes WHERE owner_kind = ? AND scope = ? AND state = 'STAGING' AND lease_expires_at >= ?`,
        args: [owner.kind, scope, nowText],
      })).rows[0]?.until;
      if (live != null) throw new StagedScopeBusyError(owner.kind, scope, String(live));
      await tx.execute({
        sql: `UPDATE staged_writes SET state = 'ABANDONED' WHERE owner_kind = ? AND scope = ? AND state = 'STAGING'`,
        args: [owner.kind, scope],
      });
      const inserted = await tx.execute({
        sql: `INSERT INTO staged_writes (owner_kind, owner_key, owner, state, created_at, lease_expires_at, scope)
              VALUES (?, ?, ?, 'STAGING', ?, ?, ?) RETURNING id`,
        args: [owner.kind, owner.key, owner.owner, nowText, leaseUntil(now, leaseMs), scope],
      });
      return Number(inserted.rows[0]!.id);
    });
    const batch = new StagedBatch(db, id, tables, leaseMs);
    try {
      const dead = await db.execute({
        sql: `SELECT id FROM staged_writes WHERE owner_kind = ? AND scope = ? AND state = 'ABANDONED' ORDER BY id`,
        args: [owner.kind, scope],
      });
      for (const row of dead.rows) await abandonBatch(db, tables, Number(row.id));
    } catch (error) {
      await batch.abandon().catch(() => undefined);
      throw error;
    }
    return batch;
  }

  /**
   * tryOpenExclusive, waiting while another live batch holds the scope: looked at again every EXCLUSIVE_RETRY_MS, for
   * at most `waitMs` (then the StagedScopeBusyError is thrown) or until `signal` aborts (its reason is thrown).
   */
  static async openExclusive(
    db: Db,
    owner: BatchOwner,
    scope: string,
    tables: readonly StagedTable[],
    options: { waitMs: number; signal?: AbortSignal; leaseMs?: number },
  ): Promise<StagedBatch> {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      options.signal?.throwIfAborted();
      try {
        return await StagedBatch.tryOpenExclusive(db, owner, scope, tables, options.leaseMs);
      } catch (error) {
        if (!(error instanceof StagedScopeBusyError) || Date.now() + EXCLUSIVE_RETRY_MS > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, EXCLUSIVE_RETRY_MS));
    }
  }

  /** Stops renewing the lease (the batch was published or abandoned). */
  private async release(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    await this.renewing;
  }

  /**
   * Writes one chunk in its own short transaction (rows tagged with this batch's id by `write`), records the rowid
   * range it added to each staged table, then yields to the event loop. Keep a chunk to a few milliseconds of work
   * (a thousand or so rows): the driver holds the event loop for each statement. Returns what `write` returned; like
   * any transaction's work (storage/sql/db.ts inTransaction), `write` may run more than once.
   */
  async chunk<T>(write: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await inTransaction(this.db, async (tx) => {
      if (!(await renewLease(tx, this.id, this.leaseMs))) throw new StagedBatchAbandonedError(this.id);
      const before = new Map<StagedTable, number>();
      for (const table of this.tables) before.set(table, await maxRowid(tx, table));
      const written = await write(tx);
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
      return written;
    });
    await yieldToEventLoop();
    return result;
  }

  /**
   * Publishes every row of the batch at once: in one small transaction, runs `complete` (e.g. mark the job
   * SUCCEEDED if we still hold its lease; return false to refuse) and unlists the batch. False when `complete`
   * refused (nothing published; abandon() the batch then).
   */
  async publish(complete: (tx: Tx) => Promise<boolean> = async () => true): Promise<boolean> {
    const published = await inTransaction(this.db, async (tx) => {
      if (!(await renewLease(tx, this.id, this.leaseMs))) throw new StagedBatchAbandonedError(this.id);
      if (!(await complete(tx))) return false;
      await tx.execute({ sql: 'DELETE FROM staged_write_ranges WHERE batch_id = ?', args: [this.id] });
      await tx.execute({ sql: 'DELETE FROM staged_writes WHERE id = ?', args: [this.id] });
      return true;
    });
    if (published) await this.release();
    return published;
  }

  /** Deletes the batch's rows (in bounded chunks) and unlists it. Safe to call more than once. */
  async abandon(): Promise<void> {
    await this.release();
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

/**
 * Abandons every batch whose lease expired before `nowMs` (its writer died, or an abandoner died half-way through
 * deleting its rows), of the kinds `tablesOf` knows (the staged tables of each kind). Returns how many.
 */
export async function abandonExpiredBatches(db: Db, tablesOf: ReadonlyMap<string, readonly StagedTable[]>, nowMs = Date.now()): Promise<number> {
  const kinds = [...tablesOf.keys()];
  if (kinds.length === 0) return 0;
  const result = await db.execute({
    sql: `SELECT id, owner_kind FROM staged_writes WHERE lease_expires_at < ? AND owner_kind IN (SELECT value FROM json_each(?)) ORDER BY id`,
    args: [new Date(nowMs).toISOString(), JSON.stringify(kinds)],
  });
  for (const row of result.rows) await abandonBatch(db, tablesOf.get(String(row.owner_kind))!, Number(row.id));
  return result.rows.length;
}
