/**
 * Scheduled tasks owned by a spacecraft: what to produce (kind + parameters), when (schedule), whether (enabled),
 * when next (`next_run_at`, null while disabled or once a one-off has run) and how the last run went. The runner
 * (api/jobs/taskRunner.ts) turns due tasks into leased runs (storage/taskRuns.ts).
 */
import type { InStatement } from '@libsql/client';
import { nullableText } from './sql/rows.ts';
import type { SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { TaskSchedule } from '../domain/tasks/schedule.ts';
import type { LastRunStatus } from '../domain/jobs/model.ts';
import type { TaskKind, TaskLastRun, ScheduledTask } from '../domain/tasks/model.ts';

export const TASK_SORT_COLUMNS: Record<string, string> = {
  name: 'name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  nextRunAt: 'next_run_at',
  kind: 'kind',
};

function scheduleFromRow(row: Record<string, unknown>): TaskSchedule {
  switch (String(row.schedule_type)) {
    case 'INTERVAL':
      return { type: 'INTERVAL', intervalSeconds: Number(row.interval_seconds), start: String(row.schedule_start) };
    case 'CRON':
      return { type: 'CRON', expression: String(row.cron_expression) };
    default:
      return { type: 'ONCE', at: String(row.schedule_start) };
  }
}

function fromRow(row: Record<string, unknown>): ScheduledTask {
  const lastRunId = nullableText(row, 'last_run_id');
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    spacecraftId: String(row.spacecraft_id),
    name: String(row.name),
    kind: String(row.kind) as TaskKind,
    parameters: JSON.parse(String(row.parameters)) as Record<string, unknown>,
    schedule: scheduleFromRow(row),
    enabled: Number(row.enabled) === 1,
    nextRunAt: nullableText(row, 'next_run_at'),
    retention: {
      maxCount: row.retention_max_count == null ? null : Number(row.retention_max_count),
      maxAgeDays: row.retention_max_age_days == null ? null : Number(row.retention_max_age_days),
    },
    lastRun: lastRunId
      ? {
          runId: lastRunId,
          at: String(row.last_run_at),
          status: String(row.last_run_status) as LastRunStatus,
          error: nullableText(row, 'last_run_error'),
          productId: nullableText(row, 'last_product_id'),
        }
      : null,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function scheduleColumns(schedule: TaskSchedule): [string, number | null, string | null, string | null] {
  switch (schedule.type) {
    case 'INTERVAL':
      return ['INTERVAL', schedule.intervalSeconds, schedule.start, null];
    case 'CRON':
      return ['CRON', null, null, schedule.expression];
    case 'ONCE':
      return ['ONCE', null, schedule.at, null];
  }
}

export async function insertScheduledTask(db: SqlExecutor, task: ScheduledTask): Promise<void> {
  const [type, interval, start, cron] = scheduleColumns(task.schedule);
  await db.execute({
    sql: `INSERT INTO scheduled_tasks (id, organization_id, spacecraft_id, name, kind, parameters, schedule_type, interval_seconds,
            schedule_start, cron_expression, enabled, next_run_at, retention_max_count, retention_max_age_days, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      task.id, task.organizationId, task.spacecraftId, task.name, task.kind, JSON.stringify(task.parameters), type, interval, start, cron,
      task.enabled ? 1 : 0, task.nextRunAt, task.retention.maxCount, task.retention.maxAgeDays, task.createdAt, task.updatedAt,
    ],
  });
}

/** Writes every user-editable field (and the next run) of an existing task; false when it is gone. */
export async function updateScheduledTask(db: SqlExecutor, task: ScheduledTask): Promise<boolean> {
  const [type, interval, start, cron] = scheduleColumns(task.schedule);
  const result = await db.execute({
    sql: `UPDATE scheduled_tasks SET name = ?, kind = ?, parameters = ?, schedule_type = ?, interval_seconds = ?, schedule_start = ?,
            cron_expression = ?, enabled = ?, next_run_at = ?, retention_max_count = ?, retention_max_age_days = ?, updated_at = ?
          WHERE organization_id = ? AND spacecraft_id = ? AND id = ?`,
    args: [
      task.name, task.kind, JSON.stringify(task.parameters), type, interval, start, cron, task.enabled ? 1 : 0, task.nextRunAt,
      task.retention.maxCount, task.retention.maxAgeDays, task.updatedAt, task.organizationId, task.spacecraftId, task.id,
    ],
  });
  return result.rowsAffected === 1;
}

export async function findScheduledTask(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<ScheduledTask | null> {
  const result = await db.execute({
    sql: 'SELECT * FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

/** A task by id alone (the runner, which works across organizations). */
export async function findScheduledTaskById(db: SqlExecutor, id: string): Promise<ScheduledTask | null> {
  const result = await db.execute({ sql: 'SELECT * FROM scheduled_tasks WHERE id = ?', args: [id] });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export async function listScheduledTasksPage(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  page: PageRequest,
): Promise<{ items: ScheduledTask[]; totalElements: number }> {
  const where = 'WHERE organization_id = ? AND spacecraft_id = ?';
  const order = pageClause(page, TASK_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT * FROM scheduled_tasks ${where}${order.sql}`, args: [organizationId, spacecraftId, ...order.args] }),
    db.execute({ sql: `SELECT COUNT(*) AS n FROM scheduled_tasks ${where}`, args: [organizationId, spacecraftId] }),
  ]);
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

export async function deleteScheduledTask(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<boolean> {
  const result = await db.execute({
    sql: 'DELETE FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rowsAffected === 1;
}

export async function countScheduledTasks(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<number> {
  const result = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ?',
    args: [organizationId, spacecraftId],
  });
  return Number(result.rows[0]!.n);
}

/** Deletes every scheduled task of the craft (their runs and products go with them); returns how many were deleted. */
export async function deleteScheduledTasksOfSpacecraft(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<number> {
  const result = await db.execute({
    sql: 'DELETE FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ?',
    args: [organizationId, spacecraftId],
  });
  return result.rowsAffected;
}

/** Enabled tasks whose next run is at or before `nowIso`, earliest first. */
export async function listDueTasks(db: SqlExecutor, nowIso: string, limit: number): Promise<ScheduledTask[]> {
  const result = await db.execute({
    sql: `SELECT * FROM scheduled_tasks WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ?
          ORDER BY next_run_at, id LIMIT ?`,
    args: [nowIso, limit],
  });
  return result.rows.map((r) => fromRow(r as Record<string, unknown>));
}

/**
 * Moves the task's next run from `expected` to `next` (null: no further run) only if it still is `expected` —
 * the compare-and-set that lets one instance, and only one, turn a due slot into a run. Taking a slot is not an edit
 * of the task: `updatedAt` (and so the ETag) changes only when the last slot disables the task.
 */
export function advanceNextRunStatement(taskId: string, expected: string, next: string | null, nowIso: string): InStatement {
  return {
    sql: `UPDATE scheduled_tasks SET next_run_at = ?1, enabled = CASE WHEN ?1 IS NULL THEN 0 ELSE enabled END,
            updated_at = CASE WHEN ?1 IS NULL THEN ?2 ELSE updated_at END
          WHERE id = ?3 AND enabled = 1 AND next_run_at = ?4`,
    args: [next, nowIso, taskId, expected],
  };
}

/** Records how the task's latest run stands (shown as `lastRun`). */
export async function recordLastRun(db: SqlExecutor, taskId: string, run: TaskLastRun): Promise<void> {
  await db.execute({
    sql: `UPDATE scheduled_tasks SET last_run_id = ?, last_run_at = ?, last_run_status = ?, last_run_error = ?,
            last_product_id = COALESCE(?, last_product_id)
          WHERE id = ?`,
    args: [run.runId, run.at, run.status, run.error, run.productId, taskId],
  });
}
