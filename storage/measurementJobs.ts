/**
 * The durable queue of tracking-upload jobs: QUEUED → RUNNING → SUCCEEDED | FAILED, on the lease mechanism shared
 * by every job table (storage/leasedJobs.ts): one atomic claim per job, a lease renewed while it runs, completion
 * only by the lease holder.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';
import { claimNextLeasedJob, completeLeasedJob, failLeasedJob, renewJobLease, type LeasedTable } from './leasedJobs.ts';

export type { LeasedJobStatus as JobStatus } from './leasedJobs.ts';
import type { LeasedJobStatus as JobStatus } from './leasedJobs.ts';

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

/** The upload-job table as the shared lease mechanism sees it. */
const MEASUREMENT_JOBS: LeasedTable = { name: 'measurement_jobs', columns: `${JOB_COLUMNS}, content` };

/** Claims the oldest runnable job for `owner` (see storage/leasedJobs.ts). */
export async function claimNextJob(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<ClaimedJob | null> {
  const row = await claimNextLeasedJob(db, MEASUREMENT_JOBS, owner, leaseMs, now);
  if (!row) return null;
  const content = row.content as ArrayBuffer | Uint8Array;
  return { job: fromRow(row), content: content instanceof Uint8Array ? content : new Uint8Array(content) };
}

/** Extends the lease; false when another owner took the job over (our lease had expired). */
export function renewLease(db: SqlExecutor, jobId: string, owner: string, leaseMs: number): Promise<boolean> {
  return renewJobLease(db, MEASUREMENT_JOBS, jobId, owner, leaseMs);
}

/**
 * Marks the job SUCCEEDED (and drops its stored bytes) if `owner` still holds it; false otherwise (roll back).
 * `summary` entries are merged into the job's summary (e.g. how its stations resolved).
 */
export function completeJob(db: SqlExecutor, jobId: string, owner: string, measurementCount: number, summary?: Record<string, unknown>): Promise<boolean> {
  if (!summary) {
    return completeLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, { sql: 'measurement_count = ?, content = zeroblob(0)', args: [measurementCount] });
  }
  return completeLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, {
    sql: 'measurement_count = ?, content = zeroblob(0), summary = json_patch(summary, ?)',
    args: [measurementCount, JSON.stringify(summary)],
  });
}

/** Marks the job FAILED (permanent error) or back to QUEUED (retryable) if `owner` still holds it. */
export function failJob(db: SqlExecutor, jobId: string, owner: string, error: string, retry: boolean): Promise<boolean> {
  return failLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, error, retry);
}
