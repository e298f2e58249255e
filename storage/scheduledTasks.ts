/**
 * Scheduled tasks owned by a spacecraft. Their HTTP API and runner come later; the spacecraft
 * lifecycle needs to count them and to delete them when a craft is archived with confirmation.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';

export interface ScheduledTask {
  id: string;
  spacecraftId: string;
  organizationId: string;
  name: string;
  scheduledAt: string;
  createdAt: string;
}

export interface NewScheduledTask {
  organizationId: string;
  spacecraftId: string;
  name: string;
  scheduledAt: string;
}

function fromRow(row: Record<string, unknown>): ScheduledTask {
  return {
    id: String(row.id),
    spacecraftId: String(row.spacecraft_id),
    organizationId: String(row.organization_id),
    name: String(row.name),
    scheduledAt: String(row.scheduled_at),
    createdAt: String(row.created_at),
  };
}

export async function insertScheduledTask(db: SqlExecutor, input: NewScheduledTask): Promise<ScheduledTask> {
  const task: ScheduledTask = { id: randomUUID(), ...input, createdAt: nowIso() };
  await db.execute({
    sql: `INSERT INTO scheduled_tasks (id, spacecraft_id, organization_id, name, scheduled_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [task.id, task.spacecraftId, task.organizationId, task.name, task.scheduledAt, task.createdAt],
  });
  return task;
}

export async function countScheduledTasks(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<number> {
  const result = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ?',
    args: [organizationId, spacecraftId],
  });
  return Number(result.rows[0]!.n);
}

export async function listScheduledTasks(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<ScheduledTask[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ? ORDER BY scheduled_at, id',
    args: [organizationId, spacecraftId],
  });
  return result.rows.map(fromRow);
}

/** Deletes every scheduled task of the craft; returns how many were deleted. */
export async function deleteScheduledTasksOfSpacecraft(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<number> {
  const result = await db.execute({
    sql: 'DELETE FROM scheduled_tasks WHERE organization_id = ? AND spacecraft_id = ?',
    args: [organizationId, spacecraftId],
  });
  return result.rowsAffected;
}
