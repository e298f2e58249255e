/**
 * The change log (migration 0022): every change a client may be told of, recorded by `recordChanges` inside the
 * transaction of the change itself, and fanned out in the same statement sequence into the webhook outbox — a
 * delivery row for every enabled subscription of the organization that asked for the change's type. So a committed
 * change is never lost (a process killed after the COMMIT leaves the rows; one killed before leaves neither) and a
 * rolled-back one is never told.
 *
 * The change feeds read it back by `seq` (the cursor); the retention sweep removes old rows and raises each feed's
 * horizon (change_feed_horizon) so that a token the sweep overtook is told so (410, api/services/changes/changes.ts).
 */
import { CHANGE_FEEDS, webhookBody, type Change, type ChangeEventType, type ChangeFeed, type StoredChange } from '../domain/changes/model.ts';
import { WEBHOOK_MAX_ATTEMPTS } from '../domain/changes/delivery.ts';
import { randomUUID } from 'node:crypto';
import { yieldIfDue, type Db, type SqlExecutor, type Tx } from './sql/db.ts';

/**
 * Runs `work` in one transaction when `db` is the database, or in the caller's transaction when it is one already: the
 * change and what it describes commit together either way.
 */
export async function inWriteScope<T>(db: SqlExecutor, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  const database = db as Partial<Db>;
  if (typeof database.runInTransaction === 'function' && typeof database.backend === 'string') {
    return await database.runInTransaction((tx: Tx) => work(tx));
  }
  return await work(db);
}

/** Changes (and deliveries) per INSERT: a 10,000-CDM upload is 100 statements, with a look at the event loop between. */
const ROWS_PER_INSERT = 100;

/**
 * Records `changes` of `organizationId` and queues their webhook deliveries. Must run inside the transaction of the
 * change (`tx`). The organization's enabled subscriptions are read once; with none (the usual case) a change costs
 * its share of one multi-row INSERT.
 */
export async function recordChanges(tx: SqlExecutor, organizationId: string, changes: readonly Change[], now: string = new Date().toISOString()): Promise<number[]> {
  if (changes.length === 0) return [];
  const subscriptions = (await tx.execute({
    sql: 'SELECT id, event_types FROM webhook_subscriptions WHERE organization_id = ? AND enabled = 1',
    args: [organizationId],
  })).rows.map((row) => ({ id: String(row.id), types: new Set(JSON.parse(String(row.event_types)) as string[]) }));
  const seqs: number[] = [];
  for (let start = 0; start < changes.length; start += ROWS_PER_INSERT) {
    if (start > 0) await yieldIfDue();
    const part = changes.slice(start, start + ROWS_PER_INSERT);
    const inserted = await tx.execute({
      sql: `INSERT INTO change_events (organization_id, kind, resource_type, resource_id, payload, created_at) VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} RETURNING seq`,
      args: part.flatMap((change) => [organizationId, change.type, change.resourceType, change.resourceId, JSON.stringify(change.payload), now]),
    });
    // one statement's rows take consecutive seqs in VALUES order (AUTOINCREMENT); RETURNING's own order is not promised
    const partSeqs = inserted.rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
    seqs.push(...partSeqs);
    const deliveries = part.flatMap((change, k) => subscriptions
      .filter((subscription) => subscription.types.has(change.type))
      .map((subscription) => ({ subscriptionId: subscription.id, seq: partSeqs[k]!, change })));
    for (let d = 0; d < deliveries.length; d += ROWS_PER_INSERT) {
      const rows = deliveries.slice(d, d + ROWS_PER_INSERT);
      await tx.execute({
        sql: `INSERT INTO webhook_deliveries (id, organization_id, subscription_id, change_seq, event_type, body, status, attempts, max_attempts, created_at, updated_at)
              VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?, ?)").join(', ')}`,
        // The Standard Webhooks message id (`webhook-id`, spec "Webhook metadata"): one per (subscription, change),
        // the same on every retry so that a receiver can deduplicate.
        args: rows.flatMap((row) => [
          webhookMessageId(), organizationId, row.subscriptionId, row.seq, row.change.type, webhookBody(row.change.type, now, row.change.payload), WEBHOOK_MAX_ATTEMPTS, now, now,
        ]),
      });
    }
  }
  return seqs;
}

/** A webhook message id: `msg_` and 128 random bits (the form the Standard Webhooks examples use). */
export function webhookMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

function fromRow(row: Record<string, unknown>): StoredChange {
  return {
    seq: Number(row.seq),
    type: String(row.kind) as ChangeEventType,
    resourceType: String(row.resource_type),
    resourceId: String(row.resource_id),
    payload: JSON.parse(String(row.payload)) as unknown,
    occurredAt: String(row.created_at),
  };
}

/** The changes of `feed` of the organization with seq > `afterSeq`, in seq order, at most `limit`. */
export async function listFeedChanges(db: SqlExecutor, organizationId: string, feed: ChangeFeed, afterSeq: number, limit: number): Promise<StoredChange[]> {
  const kinds: readonly string[] = CHANGE_FEEDS[feed];
  const result = await db.execute({
    sql: `SELECT seq, kind, resource_type, resource_id, payload, created_at FROM change_events
           WHERE organization_id = ? AND kind IN (${kinds.map(() => '?').join(', ')}) AND seq > ? ORDER BY seq LIMIT ?`,
    args: [organizationId, ...kinds, afterSeq, limit],
  });
  return result.rows.map((row) => fromRow(row as Record<string, unknown>));
}

/** The highest seq of the whole log (0 when empty): where a feed read that found nothing leaves its next token. */
export async function latestChangeSeq(db: SqlExecutor): Promise<number> {
  const row = (await db.execute('SELECT COALESCE(MAX(seq), 0) AS seq FROM change_events')).rows[0];
  return Number(row?.seq ?? 0);
}

/** The highest seq of `feed` the retention sweep removed (0: none). */
export async function feedHorizon(db: SqlExecutor, feed: ChangeFeed): Promise<number> {
  const row = (await db.execute({ sql: 'SELECT pruned_through_seq FROM change_feed_horizon WHERE feed = ?', args: [feed] })).rows[0];
  return row ? Number(row.pruned_through_seq) : 0;
}

/** Rows removed per statement by the retention sweep (a sweep never holds the writer long). */
const PRUNE_ROWS_PER_STATEMENT = 5_000;

/**
 * Removes the changes recorded before `beforeIso` (CHANGE_RETENTION_DAYS), raising each feed's horizon first in the
 * same transaction, and finished webhook deliveries older than that. Returns the number of change rows removed.
 */
export async function pruneChanges(db: Db, beforeIso: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await db.runInTransaction(async (tx) => {
      const last = (await tx.execute({
        sql: 'SELECT MAX(seq) AS seq FROM (SELECT seq FROM change_events WHERE created_at < ? ORDER BY seq LIMIT ?)',
        args: [beforeIso, PRUNE_ROWS_PER_STATEMENT],
      })).rows[0];
      if (last?.seq === null || last?.seq === undefined) return 0;
      const throughSeq = Number(last.seq);
      for (const [feed, kinds] of Object.entries(CHANGE_FEEDS) as Array<[ChangeFeed, readonly string[]]>) {
        const top = (await tx.execute({
          sql: `SELECT MAX(seq) AS seq FROM change_events WHERE seq <= ? AND kind IN (${kinds.map(() => '?').join(', ')})`,
          args: [throughSeq, ...kinds],
        })).rows[0];
        if (top?.seq === null || top?.seq === undefined) continue;
        await tx.execute({
          sql: `INSERT INTO change_feed_horizon (feed, pruned_through_seq, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (feed) DO UPDATE SET pruned_through_seq = MAX(pruned_through_seq, excluded.pruned_through_seq), updated_at = excluded.updated_at`,
          args: [feed, Number(top.seq), new Date().toISOString()],
        });
      }
      const deleted = await tx.execute({ sql: 'DELETE FROM change_events WHERE seq <= ? AND created_at < ?', args: [throughSeq, beforeIso] });
      return deleted.rowsAffected;
    });
    removed += count;
    if (count < PRUNE_ROWS_PER_STATEMENT) break;
  }
  await db.execute({
    sql: `DELETE FROM webhook_deliveries WHERE status IN ('SUCCEEDED', 'FAILED', 'CANCELLED') AND updated_at < ?`,
    args: [beforeIso],
  });
  return removed;
}
