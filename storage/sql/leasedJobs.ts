/**
 * The lease mechanism shared by every durable job table (tracking uploads today; orbit determinations, scheduled
 * task runs and batch products use the same): QUEUED → RUNNING → SUCCEEDED | FAILED, and QUEUED → CANCELLED by the
 * client (cancelQueuedLeasedJob; a table whose CHECK allows it). A running job is not cancelled here: its runner
 * owns it until it ends (a table may offer a cancel request of its own for running work).
 *
 * A job is claimed with ONE atomic `UPDATE … RETURNING`, which takes a lease (owner + expiry). Several service
 * instances sharing the database therefore never run the same job at once, and a job left RUNNING by a killed
 * process becomes claimable again once its lease expires. A runner renews its lease while working and finishes
 * (complete / fail) only if it still holds it.
 *
 * A leased table has at least these columns: `id TEXT PRIMARY KEY, status TEXT, attempts INTEGER, max_attempts
 * INTEGER, lease_owner TEXT, lease_expires_at TEXT, error TEXT, created_at TEXT, updated_at TEXT, started_at TEXT,
 * finished_at TEXT, claimed_from TEXT` (what the last claim took the job from: QUEUED, or RUNNING for a takeover), and optionally `available_at TEXT` (not claimable before; used for retry backoff and for
 * runs scheduled in the future). Timestamps are ISO-8601 UTC text with milliseconds (text order = time order).
 *
 * Where an instance runs several loops of one table under one owner (screening lanes, batch slice lanes), the lease is
 * taken by the CLAIM (`claimHolder`: the owner and a suffix of its own), not the owner: after a late renewal, the loop
 * whose lease ran out and the loop of the same instance that took the job over would both pass an owner check.
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@libsql/client';
import { jobFailed, type Change } from '../../domain/changes/model.ts';
import { inWriteScope, recordChanges } from '../changes.ts';
import type { SqlExecutor } from './db.ts';

/** A lease owner of one claim by `owner` (`<owner>#<8 hex>`): see the header. */
function claimHolder(owner: string): string {
  return `${owner}#${randomUUID().slice(0, 8)}`;
}

/** The owner (instance) of a claim's holder. */
export function holderOwner(holder: string): string {
  const at = holder.lastIndexOf('#');
  return at < 0 ? holder : holder.slice(0, at);
}

/** A bound SQL argument. */
export type SqlArg = string | number | null | Uint8Array;

/** Describes one leased table. `name` and `columns` are constants of storage/, never caller input. */
export interface LeasedTable {
  readonly name: string;
  /** Columns a claim returns (`RETURNING …`). */
  readonly columns: string;
  /** True when the table has `available_at` (claimable only once it has passed). */
  readonly hasAvailableAt?: boolean;
  /**
   * The job kind a failure is told as (a `job.failed` change, domain/changes/model.ts; the kinds of /metrics'
   * apsis_jobs). Set on every table of client jobs (they have `organization_id`); not on the webhook outbox, whose
   * failures are told by its delivery log instead (a failed delivery telling of itself would never end).
   */
  readonly failureKind?: string;
}

/** Records a `job.failed` change for each job of `table` that has just become FAILED (rows: id, organization_id, attempts, error). */
async function recordJobFailures(tx: SqlExecutor, table: LeasedTable, rows: ReadonlyArray<Record<string, unknown>>, now: string): Promise<void> {
  const kind = table.failureKind;
  if (!kind) return;
  // one recordChanges per organization (it reads the organization's subscriptions once)
  const byOrganization = new Map<string, Change[]>();
  for (const row of rows) {
    if (row.status !== undefined && row.status !== 'FAILED') continue;
    const organizationId = String(row.organization_id);
    const changes = byOrganization.get(organizationId) ?? [];
    changes.push(jobFailed({ jobKind: kind, jobId: String(row.id), attempts: Number(row.attempts), error: String(row.error ?? '') }));
    byOrganization.set(organizationId, changes);
  }
  for (const [organizationId, changes] of byOrganization) await recordChanges(tx, organizationId, changes, now);
}

/** Retry backoff: base · 2^(attempts − 1), capped (attempt 1 failed → base). */
export interface RetryBackoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * Claims that took a job over from a runner whose lease had run out, by table, since this process started (read by
 * /metrics: apsis_lease_takeovers_total).
 */
export const leaseTakeovers = new Map<string, number>();

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Claims the oldest runnable job (QUEUED and available, or RUNNING with an expired lease) for `owner`, in one
 * statement. Jobs that exhausted their attempts while RUNNING (their runner died each time) are failed instead of
 * retried forever. `where` narrows the claimable rows (e.g. one job kind), with its own arguments.
 */
export async function claimNextLeasedJob(
  db: SqlExecutor,
  table: LeasedTable,
  owner: string,
  leaseMs: number,
  now: Date = new Date(),
  where?: { sql: string; args: SqlArg[] },
): Promise<Row | null> {
  const nowText = now.toISOString();
  // The failing of exhausted jobs (with their job.failed changes) is a transaction only when there is one to fail: a
  // claim stays one statement otherwise, so claims of instances sharing an embedded file never hold its lock across
  // turns of the event loop (test/api/jobs/measurementJobs.test.ts, two instances in one process).
  const exhausted = await db.execute({
    sql: `SELECT 1 FROM ${table.name} WHERE status = 'RUNNING' AND lease_expires_at < ? AND attempts >= max_attempts LIMIT 1`,
    args: [nowText],
  });
  if (exhausted.rows.length > 0) await inWriteScope(db, async (tx) => {
    const abandoned = await tx.execute({
      sql: `UPDATE ${table.name} SET status = 'FAILED', error = 'abandoned: the job exhausted its attempts', lease_owner = NULL,
              lease_expires_at = NULL, updated_at = ?, finished_at = ?
            WHERE status = 'RUNNING' AND lease_expires_at < ? AND attempts >= max_attempts${table.failureKind ? ' RETURNING id, organization_id, attempts, error' : ''}`,
      args: [nowText, nowText, nowText],
    });
    await recordJobFailures(tx, table, abandoned.rows as unknown as Array<Record<string, unknown>>, nowText);
  });
  const available = table.hasAvailableAt ? ' AND (available_at IS NULL OR available_at <= ?)' : '';
  const extra = where ? ` AND (${where.sql})` : '';
  const extraArgs = where?.args ?? [];
  const result = await db.execute({
    sql: `UPDATE ${table.name}
          SET status = 'RUNNING', attempts = attempts + 1, lease_owner = ?, lease_expires_at = ?, updated_at = ?,
              started_at = COALESCE(started_at, ?), error = NULL, claimed_from = status
          WHERE id = (
            SELECT id FROM ${table.name}
            WHERE ((status = 'QUEUED'${available}) OR (status = 'RUNNING' AND lease_expires_at < ? AND attempts < max_attempts))${extra}
            ORDER BY created_at, id LIMIT 1)
          RETURNING ${table.columns}, claimed_from`,
    args: [owner, iso(now.getTime() + leaseMs), nowText, nowText, ...(table.hasAvailableAt ? [nowText] : []), nowText, ...extraArgs],
  });
  const row = result.rows[0] ?? null;
  if (row?.claimed_from === 'RUNNING') leaseTakeovers.set(table.name, (leaseTakeovers.get(table.name) ?? 0) + 1);
  return row;
}

/**
 * `claimNextLeasedJob` for instance `owner` under a holder of this claim's own (`claimHolder`, the header), with
 * `owner` appended to the table's `attempt_owners` (a JSON array column) and `alsoSet` (constant SQL of storage/,
 * e.g. counters reset for the new attempt) in one UPDATE after the claim. The row is as claimed (its
 * `attempt_owners` without this claim's owner).
 */
export async function claimNextLeasedJobByClaim(
  db: SqlExecutor,
  table: LeasedTable,
  owner: string,
  leaseMs: number,
  now: Date,
  where?: { sql: string; args: SqlArg[] },
  alsoSet?: string,
): Promise<{ row: Row; holder: string } | null> {
  const holder = claimHolder(owner);
  const row = await claimNextLeasedJob(db, table, holder, leaseMs, now, where);
  if (!row) return null;
  await db.execute({
    sql: `UPDATE ${table.name} SET attempt_owners = json_insert(attempt_owners, '$[#]', ?)${alsoSet ? `, ${alsoSet}` : ''}
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [owner, String(row.id), holder],
  });
  return { row, holder };
}

/** Extends the lease; false when another owner took the job over (our lease had expired) or it ended. */
export async function renewJobLease(db: SqlExecutor, table: LeasedTable, jobId: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE ${table.name} SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [iso(now + leaseMs), iso(now), jobId, owner],
  });
  return result.rowsAffected === 1;
}

/**
 * Marks the job SUCCEEDED if `owner` still holds it, setting the table's own result columns too (`set` is an SQL
 * assignment list such as `measurement_count = ?`, with its arguments). False otherwise: the caller must roll back
 * what it wrote in the same transaction.
 */
export async function completeLeasedJob(
  db: SqlExecutor,
  table: LeasedTable,
  jobId: string,
  owner: string,
  set?: { sql: string; args: SqlArg[] },
  now = Date.now(),
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE ${table.name} SET status = 'SUCCEEDED', lease_owner = NULL, lease_expires_at = NULL, updated_at = ?, finished_at = ?,
            error = NULL${set ? `, ${set.sql}` : ''}
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [iso(now), iso(now), ...(set?.args ?? []), jobId, owner],
  });
  return result.rowsAffected === 1;
}

/**
 * Fails the job if `owner` still holds it: back to QUEUED when `retry` and attempts remain (not claimable before
 * the backoff has passed, when the table has `available_at`), else FAILED. `set` as for completeLeasedJob.
 */
export async function failLeasedJob(
  db: SqlExecutor,
  table: LeasedTable,
  jobId: string,
  owner: string,
  error: string,
  retry: boolean,
  options: { backoff?: RetryBackoff; set?: { sql: string; args: SqlArg[] }; now?: number } = {},
): Promise<boolean> {
  const now = options.now ?? Date.now();
  const requeue = `? AND attempts < max_attempts`;
  const availableAt = table.hasAvailableAt && options.backoff
    ? `, available_at = CASE WHEN ${requeue} THEN ? ELSE available_at END`
    : '';
  // attempts is the attempt that just failed (1-based): the delay doubles per failed attempt.
  const backoffArgs = table.hasAvailableAt && options.backoff ? [retry ? 1 : 0] : [];
  const set = options.set ? `, ${options.set.sql}` : '';
  const returning = table.failureKind ? ' RETURNING id, organization_id, attempts, error, status' : '';
  const backoffAt = availableAt ? await backoffUntil(db, table, jobId, options.backoff!, now) : null;
  // the failure and its job.failed change commit together (in the caller's transaction when it passed one); a table
  // whose failures are not told (the webhook outbox) stays one statement
  const fail = async (tx: SqlExecutor): Promise<boolean> => {
    const result = await tx.execute({
      sql: `UPDATE ${table.name}
            SET status = CASE WHEN ${requeue} THEN 'QUEUED' ELSE 'FAILED' END,
                error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?,
                finished_at = CASE WHEN ${requeue} THEN NULL ELSE ? END${availableAt}${set}
            WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'${returning}`,
      args: [
        retry ? 1 : 0,
        error,
        iso(now),
        retry ? 1 : 0,
        iso(now),
        ...(availableAt ? [...backoffArgs, backoffAt] : []),
        ...(options.set?.args ?? []),
        jobId,
        owner,
      ],
    });
    await recordJobFailures(tx, table, result.rows as unknown as Array<Record<string, unknown>>, iso(now));
    // with RETURNING, libSQL's rowsAffected is not the count of rows updated: the rows returned are
    return returning ? result.rows.length === 1 : result.rowsAffected === 1;
  };
  return table.failureKind ? await inWriteScope(db, fail) : await fail(db);
}

/** When a job that failed its current attempt may run again: now + base · 2^(attempts − 1), capped. */
async function backoffUntil(db: SqlExecutor, table: LeasedTable, jobId: string, backoff: RetryBackoff, now: number): Promise<string> {
  const row = (await db.execute({ sql: `SELECT attempts FROM ${table.name} WHERE id = ?`, args: [jobId] })).rows[0];
  const attempts = Math.max(1, Number(row?.attempts ?? 1));
  return iso(now + Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempts - 1)));
}

/**
 * Cancels a job that is still QUEUED (never claimed, or waiting for a retry), in one statement: it becomes CANCELLED,
 * terminal, never claimed again. False when it was not QUEUED (running, finished) — or not found by `where` (e.g. the
 * organization scope): the caller tells those apart by reading the job. `set` clears the table's own columns
 * (e.g. stored content).
 */
export async function cancelQueuedLeasedJob(
  db: SqlExecutor,
  table: LeasedTable,
  jobId: string,
  where: { sql: string; args: SqlArg[] },
  options: { set?: { sql: string; args: SqlArg[] }; reason?: string; now?: number } = {},
): Promise<boolean> {
  const now = iso(options.now ?? Date.now());
  const result = await db.execute({
    sql: `UPDATE ${table.name} SET status = 'CANCELLED', error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?,
            finished_at = ?${options.set ? `, ${options.set.sql}` : ''}
          WHERE id = ? AND status = 'QUEUED' AND (${where.sql})`,
    args: [options.reason ?? 'cancelled by the client', now, now, ...(options.set?.args ?? []), jobId, ...where.args],
  });
  return result.rowsAffected === 1;
}

/**
 * Ends a RUNNING job as CANCELLED, by its lease holder only (the runner saw a cancel request between two steps of its
 * work and stopped). False when `owner` no longer holds it.
 */
export async function endLeasedJobCancelled(
  db: SqlExecutor,
  table: LeasedTable,
  jobId: string,
  owner: string,
  options: { reason?: string; now?: number } = {},
): Promise<boolean> {
  const now = iso(options.now ?? Date.now());
  const result = await db.execute({
    sql: `UPDATE ${table.name} SET status = 'CANCELLED', error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?, finished_at = ?
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [options.reason ?? 'cancelled by the client', now, now, jobId, owner],
  });
  return result.rowsAffected === 1;
}

/**
 * Records the progress of a running job (the table's own progress columns, `set`), only while `owner` holds its
 * lease. Must run outside any long write transaction of the job (each call is one short statement).
 */
export async function reportLeasedJobProgress(
  db: SqlExecutor,
  table: LeasedTable,
  jobId: string,
  owner: string,
  set: { sql: string; args: SqlArg[] },
  now = Date.now(),
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE ${table.name} SET ${set.sql}, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [...set.args, iso(now), jobId, owner],
  });
  return result.rowsAffected === 1;
}
