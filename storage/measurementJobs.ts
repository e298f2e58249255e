/**
 * The durable queue of tracking-upload jobs: QUEUED → RUNNING → SUCCEEDED | FAILED, QUEUED → CANCELLED, on the lease
 * mechanism shared by every job table (storage/leasedJobs.ts): one atomic claim per job, a lease renewed while it
 * runs, completion only by the lease holder. Each job keeps the upload request it came from (batchId), the
 * spacecraft its file resolved to, and its progress (rowsStored of expected).
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';
import {
  cancelQueuedLeasedJob,
  claimNextLeasedJob,
  completeLeasedJob,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
} from './leasedJobs.ts';
import { pageClause, type PageRequest } from './paging.ts';

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
  /** The upload request (one POST) this job came from: every file of one upload shares it. */
  batchId: string;
  /** The spacecraft the file's tracked objects resolved to (sorted). */
  spacecraftIds: string[];
  /** Measurements stored so far (while RUNNING), or in all (SUCCEEDED). */
  rowsStored: number;
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
  /** The upload request's id (default: the job's own id, a batch of one). */
  batchId?: string;
  /** The spacecraft the file resolved to (default: none known). */
  spacecraftIds?: readonly string[];
  maxAttempts?: number;
}

/** `,id1,id2,`: sorted spacecraft ids between commas (an exact key, and `instr` finds one id in it). */
function spacecraftKey(ids: readonly string[]): string {
  return `,${[...new Set(ids)].sort().join(',')},`;
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
    batchId: String(row.batch_id),
    spacecraftIds: String(row.spacecraft_key).split(',').filter((id) => id !== ''),
    rowsStored: Number(row.rows_stored),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
  };
}

const JOB_COLUMNS = `id, organization_id, filename, format, content_sha256, status, attempts, max_attempts, lease_owner,
  lease_expires_at, error, measurement_count, summary, created_at, updated_at, started_at, finished_at, batch_id, spacecraft_key,
  rows_stored`;

export async function insertJob(db: SqlExecutor, job: NewJob): Promise<MeasurementJob> {
  const id = job.id ?? randomUUID();
  const now = nowIso();
  await db.execute({
    sql: `INSERT INTO measurement_jobs (id, organization_id, filename, format, content_sha256, content, status, attempts,
            max_attempts, summary, created_at, updated_at, batch_id, spacecraft_key) VALUES (?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?, ?, ?, ?, ?)`,
    args: [
      id, job.organizationId, job.filename, job.format, job.contentSha256, job.content, job.maxAttempts ?? 3, JSON.stringify(job.summary), now, now,
      job.batchId ?? id, spacecraftKey(job.spacecraftIds ?? []),
    ],
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
  return completeLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, {
    sql: `measurement_count = ?, rows_stored = ?, content = zeroblob(0)${summary ? ', summary = json_patch(summary, ?)' : ''}`,
    args: [measurementCount, measurementCount, ...(summary ? [JSON.stringify(summary)] : [])],
  });
}

/** Cancels the organization's job if it is still QUEUED (its stored bytes are dropped); false otherwise. */
export function cancelQueuedJob(db: SqlExecutor, organizationId: string, jobId: string): Promise<boolean> {
  return cancelQueuedLeasedJob(db, MEASUREMENT_JOBS, jobId, { sql: 'organization_id = ?', args: [organizationId] }, {
    set: { sql: 'content = zeroblob(0)', args: [] },
  });
}

/** Sortable API fields of the job list → columns. */
export const JOB_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  finishedAt: 'finished_at',
  filename: 'filename',
  status: 'status',
};

export interface JobFilter {
  statuses?: readonly JobStatus[];
  spacecraftId?: string;
  /** Exact source file name. */
  filename?: string;
  batchId?: string;
}

/** A page of the organization's jobs (never their stored bytes) and the total. */
export async function listJobs(db: SqlExecutor, organizationId: string, filter: JobFilter, page: PageRequest): Promise<{ items: MeasurementJob[]; totalElements: number }> {
  const conditions = ['organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push(`status IN (${filter.statuses.map(() => '?').join(',')})`);
    args.push(...filter.statuses);
  }
  if (filter.spacecraftId !== undefined) {
    conditions.push("instr(spacecraft_key, ',' || ? || ',') > 0");
    args.push(filter.spacecraftId);
  }
  if (filter.filename !== undefined) {
    conditions.push('filename = ?');
    args.push(filter.filename);
  }
  if (filter.batchId !== undefined) {
    conditions.push('batch_id = ?');
    args.push(filter.batchId);
  }
  const where = conditions.join(' AND ');
  const paging = pageClause(page, JOB_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT ${JOB_COLUMNS} FROM measurement_jobs WHERE ${where}${paging.sql}`, args: [...args, ...paging.args] }),
    db.execute({ sql: `SELECT COUNT(*) AS n FROM measurement_jobs WHERE ${where}`, args }),
  ]);
  return { items: rows.rows.map(fromRow), totalElements: Number(count.rows[0]!.n) };
}

/**
 * An earlier upload of the same content for the same spacecraft that still counts (idempotent uploads): QUEUED or
 * RUNNING, or SUCCEEDED with its measurements still stored (deleting them by file makes the content new again).
 * FAILED and CANCELLED jobs never count. The oldest such job, or null.
 */
export async function findLiveDuplicate(
  db: SqlExecutor,
  organizationId: string,
  contentSha256: string,
  spacecraftIds: readonly string[],
): Promise<MeasurementJob | null> {
  const result = await db.execute({
    sql: `SELECT ${JOB_COLUMNS} FROM measurement_jobs j
          WHERE j.organization_id = ? AND j.content_sha256 = ? AND j.spacecraft_key = ?
            AND (j.status IN ('QUEUED', 'RUNNING')
                 OR (j.status = 'SUCCEEDED' AND EXISTS (
                       SELECT 1 FROM measurements m WHERE m.organization_id = j.organization_id AND m.source_file = j.filename AND m.job_id = j.id)))
          ORDER BY j.created_at, j.id LIMIT 1`,
    args: [organizationId, contentSha256, spacecraftKey(spacecraftIds)],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** Marks the job FAILED (permanent error) or back to QUEUED (retryable) if `owner` still holds it. */
export function failJob(db: SqlExecutor, jobId: string, owner: string, error: string, retry: boolean): Promise<boolean> {
  return failLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, error, retry);
}
