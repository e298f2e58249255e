/**
 * The durable queue of tracking-upload jobs: QUEUED → RUNNING → SUCCEEDED | FAILED.
 *
 * A job is claimed with ONE atomic `UPDATE … RETURNING`, which takes a lease (owner + expiry).
 * Several service instances sharing the database therefore never run the same job at once, and a
 * job left RUNNING by a killed process becomes claimable again once its lease expires. A runner
 * renews its lease while working and finishes only if it still holds it.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';

export type JobStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';

export interface MeasurementJob {
  id: string;
  organizationId: string;
  filename: string;
  format: string;
  contentSha256: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  error: string | null;
  measurementCount: number | null;
  /** What synchronous validation found: measurement context, counts, spacecraft resolution. */
  summary: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewJob {
  /** Default: a new UUID (the upload service picks it to cache the parse under it first). */
  id?: string;
  organizationId: string;
  filename: string;
  format: string;
  contentSha256: string;
  content: Uint8Array;
  summary: Record<string, unknown>;
  maxAttempts?: number;
}

function fromRow(row: Record<string, unknown>): MeasurementJob {
  const text = (key: string) => (row[key] == null ? null : String(row[key]));
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    filename: String(row.filename),
    format: String(row.format),
    contentSha256: String(row.content_sha256),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: text('lease_expires_at'),
    error: text('error'),
    measurementCount: row.measurement_count == null ? null : Number(row.measurement_count),
    summary: JSON.parse(String(row.summary)) as Record<string, unknown>,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
  };
}

const JOB_COLUMNS = `id, organization_id, filename, format, content_sha256, status, attempts, max_attempts, lease_owner,
  lease_expires_at, error, measurement_count, summary, created_at, updated_at, started_at, finished_at`;

export async function insertJob(db: SqlExecutor, job: NewJob): Promise<MeasurementJob> {
  const id = job.id ?? randomUUID();
  const now = nowIso();
  await db.execute({
    sql: `INSERT INTO measurement_jobs (id, organization_id, filename, format, content_sha256, content, status, attempts,
            max_attempts, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?, ?, ?)`,
    args: [id, job.organizationId, job.filename, job.format, job.contentSha256, job.content, job.maxAttempts ?? 3, JSON.stringify(job.summary), now, now],
  });
  return (await findJob(db, job.organizationId, id))!;
}

export async function findJob(db: SqlExecutor, organizationId: string, id: string): Promise<MeasurementJob | null> {
  const result = await db.execute({
    sql: `SELECT ${JOB_COLUMNS} FROM measurement_jobs WHERE organization_id = ? AND id = ?`,
    args: [organizationId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

export interface ClaimedJob {
  job: MeasurementJob;
  content: Uint8Array;
}

/**
 * Claims the oldest runnable job (QUEUED, or RUNNING with an expired lease) for `owner`, in one
 * statement. Jobs that exhausted their attempts while RUNNING are failed instead of retried forever.
 */
export async function claimNextJob(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<ClaimedJob | null> {
  const nowText = now.toISOString();
  await db.execute({
    sql: `UPDATE measurement_jobs SET status = 'FAILED', error = 'abandoned: the job exhausted its attempts', lease_owner = NULL,
            updated_at = ?, finished_at = ?
          WHERE status = 'RUNNING' AND lease_expires_at < ? AND attempts >= max_attempts`,
    args: [nowText, nowText, nowText],
  });
  const result = await db.execute({
    sql: `UPDATE measurement_jobs
          SET status = 'RUNNING', attempts = attempts + 1, lease_owner = ?, lease_expires_at = ?, updated_at = ?,
              started_at = COALESCE(started_at, ?), error = NULL
          WHERE id = (
            SELECT id FROM measurement_jobs
            WHERE status = 'QUEUED' OR (status = 'RUNNING' AND lease_expires_at < ? AND attempts < max_attempts)
            ORDER BY created_at, id LIMIT 1)
          RETURNING ${JOB_COLUMNS}, content`,
    args: [owner, new Date(now.getTime() + leaseMs).toISOString(), nowText, nowText, nowText],
  });
  const row = result.rows[0];
  if (!row) return null;
  const content = row.content as ArrayBuffer | Uint8Array;
  return { job: fromRow(row), content: content instanceof Uint8Array ? content : new Uint8Array(content) };
}

/** Extends the lease; false when another owner took the job over (our lease had expired). */
export async function renewLease(db: SqlExecutor, jobId: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE measurement_jobs SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [new Date(Date.now() + leaseMs).toISOString(), nowIso(), jobId, owner],
  });
  return result.rowsAffected === 1;
}

/** Marks the job SUCCEEDED if `owner` still holds it; false otherwise (the caller must roll back). */
export async function completeJob(db: SqlExecutor, jobId: string, owner: string, measurementCount: number): Promise<boolean> {
  const now = nowIso();
  const result = await db.execute({
    sql: `UPDATE measurement_jobs SET status = 'SUCCEEDED', measurement_count = ?, lease_owner = NULL, lease_expires_at = NULL,
            updated_at = ?, finished_at = ?, content = zeroblob(0)
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [measurementCount, now, now, jobId, owner],
  });
  return result.rowsAffected === 1;
}

/** Marks the job FAILED (permanent error) or back to QUEUED (retryable) if `owner` still holds it. */
export async function failJob(db: SqlExecutor, jobId: string, owner: string, error: string, retry: boolean): Promise<boolean> {
  const now = nowIso();
  const result = await db.execute({
    sql: `UPDATE measurement_jobs
          SET status = CASE WHEN ? AND attempts < max_attempts THEN 'QUEUED' ELSE 'FAILED' END,
              error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?,
              finished_at = CASE WHEN ? AND attempts < max_attempts THEN NULL ELSE ? END
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [retry ? 1 : 0, error, now, retry ? 1 : 0, now, jobId, owner],
  });
  return result.rowsAffected === 1;
}
