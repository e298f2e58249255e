/**
 * The durable queue of tracking-upload jobs: QUEUED → RUNNING → SUCCEEDED | FAILED, QUEUED → CANCELLED, on the lease
 * mechanism shared by every job table (storage/sql/leasedJobs.ts): one atomic claim per job, a lease renewed while it
 * runs, completion only by the lease holder. Each job keeps the upload request it came from (batchId), the
 * spacecraft its file resolved to, and its progress (rowsStored of expected).
 */
import { joinByteParts } from './sql/valueParts.ts';
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso, yieldToEventLoop } from './sql/db.ts';
import {
  cancelQueuedLeasedJob,
  claimNextLeasedJob,
  completeLeasedJob,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
} from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';

import type { JobStatus } from '../domain/jobs/model.ts';
import type { MeasurementJob, NewJob } from '../domain/measurements/model.ts';

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

/**
 * The uploaded bytes live beside the job, in chunks of this size (`measurement_job_content`), not in the job row:
 * SQLite rewrites a whole row on every UPDATE, and the job row is updated at each claim, lease renewal and completion
 * (a 33 MB row took 0.3–1.1 s per update, on the event loop). Each chunk is one short statement.
 */
export const JOB_CONTENT_CHUNK_BYTES = 256 * 1024;
/** Content chunks deleted per statement (4 MiB). */
const CONTENT_CHUNKS_PER_DELETE = 16;

/**
 * Queues a job: its content chunks first (one statement each, yielding between them), then the job row, which is
 * what makes it claimable, so a runner never sees a job whose bytes are incomplete. Chunks of an upload that died
 * before its row existed are removed by deleteOrphanJobContent.
 */
export async function insertJob(db: SqlExecutor, job: NewJob): Promise<MeasurementJob> {
  const id = job.id ?? randomUUID();
  const now = nowIso();
  await writeJobContent(db, id, job.content);
  await db.execute({
    sql: `INSERT INTO measurement_jobs (id, organization_id, filename, format, content_sha256, content, status, attempts,
            max_attempts, summary, created_at, updated_at, batch_id, spacecraft_key) VALUES (?, ?, ?, ?, ?, zeroblob(0), 'QUEUED', 0, ?, ?, ?, ?, ?, ?)`,
    args: [
      id, job.organizationId, job.filename, job.format, job.contentSha256, job.maxAttempts ?? 3, JSON.stringify(job.summary), now, now,
      job.batchId ?? id, spacecraftKey(job.spacecraftIds ?? []),
    ],
  });
  return (await findJob(db, job.organizationId, id))!;
}

/** Stores `content` as the bytes of job `jobId` (replacing any), chunk by chunk. */
export async function writeJobContent(db: SqlExecutor, jobId: string, content: Uint8Array): Promise<void> {
  await deleteJobContent(db, jobId);
  const createdAt = nowIso();
  for (let at = 0, seq = 0; at < content.length || seq === 0; at += JOB_CONTENT_CHUNK_BYTES, seq++) {
    await db.execute({
      sql: 'INSERT INTO measurement_job_content (job_id, seq, bytes, created_at) VALUES (?, ?, ?, ?)',
      args: [jobId, seq, content.subarray(at, at + JOB_CONTENT_CHUNK_BYTES), createdAt],
    });
    await yieldToEventLoop();
  }
}

/** The stored bytes of a job (read chunk by chunk), or null when they are gone (the job succeeded). */
export async function readJobContent(db: SqlExecutor, jobId: string): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  for (let seq = 0; ; seq++) {
    const row = (await db.execute({ sql: 'SELECT bytes FROM measurement_job_content WHERE job_id = ? AND seq = ?', args: [jobId, seq] })).rows[0];
    if (!row) break;
    const bytes = row.bytes as ArrayBuffer | Uint8Array;
    chunks.push(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
    await yieldToEventLoop();
  }
  if (chunks.length === 0) return null;
  return joinByteParts(chunks);
}

/** Deletes the stored bytes of a job, a few chunks per statement. */
export async function deleteJobContent(db: SqlExecutor, jobId: string): Promise<void> {
  for (;;) {
    const result = await db.execute({
      sql: `DELETE FROM measurement_job_content WHERE job_id = ? AND seq IN (
              SELECT seq FROM measurement_job_content WHERE job_id = ? ORDER BY seq LIMIT ${CONTENT_CHUNKS_PER_DELETE})`,
      args: [jobId, jobId],
    });
    if (result.rowsAffected === 0) return;
    await yieldToEventLoop();
  }
}

/**
 * Content nobody needs: that of SUCCEEDED or CANCELLED jobs (left behind when a process stopped right after publishing
 * or cancelling), and
 * chunks without a job row older than `beforeIso` (an upload that died while writing them). Returns the job ids.
 */
export async function findLeftoverJobContent(db: SqlExecutor, beforeIso: string): Promise<string[]> {
  const result = await db.execute({
    sql: `SELECT DISTINCT c.job_id FROM measurement_job_content c LEFT JOIN measurement_jobs j ON j.id = c.job_id
          WHERE c.seq = 0 AND ((j.id IS NULL AND c.created_at < ?) OR j.status IN ('SUCCEEDED', 'CANCELLED'))`,
    args: [beforeIso],
  });
  return result.rows.map((row) => String(row.job_id));
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
}

/** The upload-job table as the shared lease mechanism sees it. */
const MEASUREMENT_JOBS: LeasedTable = { name: 'measurement_jobs', columns: JOB_COLUMNS, failureKind: 'tracking_upload' };

/** Claims the oldest runnable job for `owner` (see storage/sql/leasedJobs.ts); its bytes are read with readJobContent. */
export async function claimNextJob(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<ClaimedJob | null> {
  const row = await claimNextLeasedJob(db, MEASUREMENT_JOBS, owner, leaseMs, now);
  if (!row) return null;
  return { job: fromRow(row) };
}

/** Extends the lease; false when another owner took the job over (our lease had expired). */
export function renewLease(db: SqlExecutor, jobId: string, owner: string, leaseMs: number): Promise<boolean> {
  return renewJobLease(db, MEASUREMENT_JOBS, jobId, owner, leaseMs);
}

/**
 * Marks the job SUCCEEDED if `owner` still holds it; false otherwise (roll back). Its bytes are deleted afterwards
 * (deleteJobContent). `summary` entries are merged into the job's summary (e.g. how its stations resolved).
 */
export function completeJob(db: SqlExecutor, jobId: string, owner: string, measurementCount: number, summary?: Record<string, unknown>): Promise<boolean> {
  return completeLeasedJob(db, MEASUREMENT_JOBS, jobId, owner, {
    sql: `measurement_count = ?, rows_stored = ?${summary ? ', summary = json_patch(summary, ?)' : ''}`,
    args: [measurementCount, measurementCount, ...(summary ? [JSON.stringify(summary)] : [])],
  });
}

/** Cancels the organization's job if it is still QUEUED; false otherwise. Its bytes are deleted afterwards (deleteJobContent). */
export function cancelQueuedJob(db: SqlExecutor, organizationId: string, jobId: string): Promise<boolean> {
  return cancelQueuedLeasedJob(db, MEASUREMENT_JOBS, jobId, { sql: 'organization_id = ?', args: [organizationId] });
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
