/**
 * Runs of scheduled tasks: one row per due slot, on the shared lease mechanism (storage/sql/leasedJobs.ts) with
 * `available_at` for retry backoff. `scheduled_for` is the slot the run stands for (the span of its product is
 * relative to it); `due_since` is the first slot it covers (earlier than `scheduled_for` when the service was down
 * over several slots: missed slots are collapsed into this one run). UNIQUE(task_id, scheduled_for) is the last line
 * of defence against a slot run twice.
 */
import type { InStatement } from '@libsql/client';
import { nullableText } from './sql/rows.ts';
import type { SqlExecutor } from './sql/db.ts';
import { claimNextLeasedJob, completeLeasedJob, failLeasedJob, renewJobLease, type LeasedTable, type RetryBackoff } from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { JobStatus } from '../domain/jobs/model.ts';
import type { TaskRun, NewTaskRun } from '../domain/tasks/model.ts';

const COLUMNS = `id, organization_id, task_id, spacecraft_id, kind, scheduled_for, due_since, status, attempts, max_attempts,
  available_at, error, product_id, created_at, started_at, finished_at`;

export const TASK_RUNS: LeasedTable = { name: 'task_runs', columns: COLUMNS, hasAvailableAt: true, failureKind: 'task_run' };

export const TASK_RUN_SORT_COLUMNS: Record<string, string> = { scheduledFor: 'scheduled_for', createdAt: 'created_at' };

function fromRow(row: Record<string, unknown>): TaskRun {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    taskId: String(row.task_id),
    spacecraftId: String(row.spacecraft_id),
    kind: String(row.kind),
    scheduledFor: String(row.scheduled_for),
    dueSince: String(row.due_since),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    availableAt: nullableText(row, 'available_at'),
    error: nullableText(row, 'error'),
    productId: nullableText(row, 'product_id'),
    createdAt: String(row.created_at),
    startedAt: nullableText(row, 'started_at'),
    finishedAt: nullableText(row, 'finished_at'),
  };
}

/** Inserts the run unless its slot already has one (another instance got there first). */
export function insertTaskRunStatement(run: NewTaskRun): InStatement {
  return {
    sql: `INSERT INTO task_runs (id, organization_id, task_id, spacecraft_id, kind, scheduled_for, due_since, status, max_attempts,
            created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?, ?) ON CONFLICT (task_id, scheduled_for) DO NOTHING`,
    args: [run.id, run.organizationId, run.taskId, run.spacecraftId, run.kind, run.scheduledFor, run.dueSince, run.maxAttempts, run.createdAt, run.createdAt],
  };
}

/** Earlier runs of the task still waiting (for a retry) give way to a newer slot. */
export function supersedeQueuedRunsStatement(taskId: string, newerSlot: string, nowIso: string): InStatement {
  return {
    sql: `UPDATE task_runs SET status = 'CANCELLED', error = ?, updated_at = ?, finished_at = ?
          WHERE task_id = ? AND status = 'QUEUED' AND scheduled_for < ?`,
    args: [`superseded by the run scheduled for ${newerSlot}`, nowIso, nowIso, taskId, newerSlot],
  };
}

export async function claimNextTaskRun(db: SqlExecutor, owner: string, leaseMs: number, now: Date): Promise<TaskRun | null> {
  const row = await claimNextLeasedJob(db, TASK_RUNS, owner, leaseMs, now);
  return row ? fromRow(row as Record<string, unknown>) : null;
}

export function renewTaskRunLease(db: SqlExecutor, runId: string, owner: string, leaseMs: number, now: number): Promise<boolean> {
  return renewJobLease(db, TASK_RUNS, runId, owner, leaseMs, now);
}

export function completeTaskRun(db: SqlExecutor, runId: string, owner: string, productId: string, now: number): Promise<boolean> {
  return completeLeasedJob(db, TASK_RUNS, runId, owner, { sql: 'product_id = ?', args: [productId] }, now);
}

export function failTaskRun(db: SqlExecutor, runId: string, owner: string, error: string, backoff: RetryBackoff, now: number): Promise<boolean> {
  return failLeasedJob(db, TASK_RUNS, runId, owner, error, true, { backoff, now });
}

export async function findTaskRun(db: SqlExecutor, id: string): Promise<TaskRun | null> {
  const result = await db.execute({ sql: `SELECT ${COLUMNS} FROM task_runs WHERE id = ?`, args: [id] });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export async function listTaskRunsPage(
  db: SqlExecutor,
  organizationId: string,
  taskId: string,
  page: PageRequest,
): Promise<{ items: TaskRun[]; totalElements: number }> {
  const where = 'WHERE organization_id = ? AND task_id = ?';
  const order = pageClause(page, TASK_RUN_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT ${COLUMNS} FROM task_runs ${where}${order.sql}`, args: [organizationId, taskId, ...order.args] }),
    db.execute({ sql: `SELECT COUNT(*) AS n FROM task_runs ${where}`, args: [organizationId, taskId] }),
  ]);
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}
