/**
 * Scheduled task use cases: create, read, list, partial update, delete, and the list of a task's runs. Every
 * violation is one 400 VALIDATION_ERROR naming the fields (`schedule.expression`, `parameters.durationSeconds`);
 * writes on an archived craft are 409 SPACECRAFT_ARCHIVED; any miss (craft, task, another organization) is 404.
 */
import { randomUUID } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import { conflict, notFound, validationError, type ApiError } from '../http/errors.ts';
import { parseInstantField } from '../http/instants.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../http/preconditions.ts';
import { pageEnvelope, parsePageable, type PageableInput, type PageEnvelope } from '../http/paging.ts';
import { fieldErrorsFromZod } from '../http/errors.ts';
import { TASK_PARAMETER_DEFAULTS, type ScheduledTask, type TaskKind, type TaskRetention, type TaskRun } from '../../domain/tasks/model.ts';
import {
  OdTaskParametersSchema,
  EventTaskParametersSchema,
  OemTaskParametersSchema,
  TASK_RUN_SORTABLE,
  TASK_SORTABLE,
  TleTaskParametersSchema,
  type CreateTaskInput,
  type UpdateTaskInput,
} from '../schemas/tasks.ts';
import { inTransaction, nowIso, type Db, type SqlExecutor } from '../../storage/sql/db.ts';
import { deleteScheduledTask, findScheduledTask, insertScheduledTask, listScheduledTasksPage, updateScheduledTask } from '../../storage/scheduledTasks.ts';
import type { TaskSchedule } from '../../domain/tasks/schedule.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { listTaskRunsPage } from '../../storage/taskRuns.ts';
import { spacecraftNotFound } from './spacecraft/spacecraft.ts';
import { applyTaskRetention, deleteTaskProducts } from './products/products.ts';
import { cronProblem, isoMs, slotAtOrAfter } from '../../domain/tasks/schedule.ts';

type FieldErrors = Record<string, string>;
type ScheduleInput = CreateTaskInput['schedule'];

export const DEFAULT_RETENTION: TaskRetention = { maxCount: 10, maxAgeDays: null };

function taskNotFound(): ApiError {
  return notFound('Scheduled task not found', 'TASK_NOT_FOUND', { code: 'task.not-found' });
}

/** Schedule input → stored schedule (instants normalized to UTC with ms), or field errors under `schedule.`. */
function buildSchedule(input: ScheduleInput, nowMs: number, errors: FieldErrors): TaskSchedule | null {
  const instantMs = (text: string, field: string): string | null => {
    try {
      const iso = parseInstantField(text, field).toIsoString(3);
      if (Number.isNaN(Date.parse(iso))) throw validationError({ [field]: 'must not be inside a leap second' });
      return iso;
    } catch (error) {
      Object.assign(errors, (error as ApiError).options?.fieldErrors ?? { [field]: String(error) });
      return null;
    }
  };
  switch (input.type) {
    case 'INTERVAL': {
      const start = input.start === undefined ? isoMs(Math.floor(nowMs / 1000) * 1000) : instantMs(input.start, 'schedule.start');
      return start === null ? null : { type: 'INTERVAL', intervalSeconds: input.intervalSeconds, start };
    }
    case 'CRON': {
      const expression = input.expression.trim().replace(/\s+/g, ' ');
      const problem = cronProblem(expression, nowMs);
      if (problem) {
        errors['schedule.expression'] = problem;
        return null;
      }
      return { type: 'CRON', expression };
    }
    case 'ONCE': {
      const at = instantMs(input.at, 'schedule.at');
      return at === null ? null : { type: 'ONCE', at };
    }
  }
}

const PARAMETER_SCHEMAS: Record<Exclude<TaskKind, 'UNSPECIFIED'>, z.ZodType<Record<string, unknown>> | null> = {
  GENERATE_OEM: OemTaskParametersSchema,
  GENERATE_TLE: TleTaskParametersSchema,
  ORBIT_DETERMINATION: OdTaskParametersSchema,
  PREDICT_EVENTS: EventTaskParametersSchema,
};

/** Parameters of `kind` with their defaults applied, or field errors under `parameters.`. */
function buildParameters(kind: TaskKind, input: Record<string, unknown>, errors: FieldErrors): Record<string, unknown> {
  if (kind === 'UNSPECIFIED') return input;
  const schema = PARAMETER_SCHEMAS[kind];
  if (!schema) {
    errors.kind = `${kind} is not available`;
    return input;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(fieldErrorsFromZod(parsed.error))) errors[path === 'body' ? 'parameters' : `parameters.${path}`] = message;
    return input;
  }
  return { ...TASK_PARAMETER_DEFAULTS[kind], ...parsed.data };
}

function buildRetention(input: CreateTaskInput['retention'], base: TaskRetention, errors: FieldErrors): TaskRetention {
  const retention: TaskRetention = {
    maxCount: input?.maxCount !== undefined ? input.maxCount : base.maxCount,
    maxAgeDays: input?.maxAgeDays !== undefined ? input.maxAgeDays : base.maxAgeDays,
  };
  if (retention.maxCount === null && retention.maxAgeDays === null) errors.retention = 'give maxCount or maxAgeDays (products must not accumulate forever)';
  return retention;
}

function nextRun(task: Pick<ScheduledTask, 'enabled' | 'kind' | 'schedule'>, nowMs: number): string | null {
  if (!task.enabled || task.kind === 'UNSPECIFIED') return null;
  const slot = slotAtOrAfter(task.schedule, nowMs);
  return slot === null ? null : isoMs(slot);
}

/** The craft must exist (404) and be Active (409) for a task to be written. */
async function requireActiveSpacecraft(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<void> {
  const spacecraft = await findSpacecraftById(db, organizationId, spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(spacecraftId);
  if (spacecraft.lifecycleStatus !== 'Active') {
    throw conflict('SPACECRAFT_ARCHIVED', `Spacecraft ${spacecraftId} is archived: restore it before scheduling tasks`, {
      code: 'task.spacecraft.archived',
      details: { spacecraftId, lifecycleStatus: spacecraft.lifecycleStatus },
    });
  }
}

export function taskView(task: ScheduledTask) {
  return {
    id: task.id,
    spacecraftId: task.spacecraftId,
    name: task.name,
    kind: task.kind,
    parameters: task.parameters,
    schedule: task.schedule,
    enabled: task.enabled,
    nextRunAt: task.nextRunAt,
    retention: task.retention,
    lastRun: task.lastRun,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
  };
}

export async function createTask(db: Db, organizationId: string, spacecraftId: string, input: CreateTaskInput, nowMs = Date.now()): Promise<ScheduledTask> {
  const errors: FieldErrors = {};
  const schedule = buildSchedule(input.schedule, nowMs, errors);
  const parameters = buildParameters(input.kind, input.parameters ?? {}, errors);
  const retention = buildRetention(input.retention, DEFAULT_RETENTION, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const now = isoMs(nowMs);
  const enabled = input.enabled ?? true;
  const task: ScheduledTask = {
    id: randomUUID(),
    organizationId,
    spacecraftId,
    name: input.name,
    kind: input.kind,
    parameters,
    schedule: schedule!,
    enabled,
    nextRunAt: null,
    retention,
    lastRun: null,
    createdAt: now,
    updatedAt: now,
  };
  task.nextRunAt = nextRun(task, nowMs);
  if (enabled && task.nextRunAt === null) throw validationError({ schedule: 'has no run in the future' });
  await inTransaction(db, async (tx) => {
    await requireActiveSpacecraft(tx, organizationId, spacecraftId);
    await insertScheduledTask(tx, task);
  });
  return task;
}

/**
 * The ETag of a task (api/http/preconditions.ts): of what its owner writes — not `nextRunAt` and `lastRun`, which the
 * runner moves on every run.
 */
export function taskTag(task: ScheduledTask): string {
  return entityTag({ ...task, nextRunAt: undefined, lastRun: undefined });
}

export async function getTask(db: SqlExecutor, organizationId: string, spacecraftId: string, taskId: string): Promise<ScheduledTask> {
  const task = await findScheduledTask(db, organizationId, spacecraftId, taskId);
  if (!task) throw taskNotFound();
  return task;
}

export async function listTasks(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  query: PageableInput,
): Promise<PageEnvelope<ReturnType<typeof taskView>>> {
  const page = parsePageable(query, TASK_SORTABLE, [{ field: 'createdAt', direction: 'asc' }]);
  if (!(await findSpacecraftById(db, organizationId, spacecraftId))) throw spacecraftNotFound(spacecraftId);
  const { items, totalElements } = await listScheduledTasksPage(db, organizationId, spacecraftId, page);
  return pageEnvelope(items.map(taskView), totalElements, page);
}

/**
 * PATCH: only the fields sent change. A new kind replaces the parameters (its defaults, plus those sent); otherwise
 * sent parameters are merged into the current ones. The next run is recomputed when the schedule changes or the task
 * is (re-)enabled; a disabled task has none.
 */
export async function updateTask(
  db: Db,
  organizationId: string,
  spacecraftId: string,
  taskId: string,
  input: UpdateTaskInput,
  nowMs = Date.now(),
  ifMatch: IfMatch = null,
): Promise<ScheduledTask> {
  const updated = await inTransaction(db, async (tx) => {
    await requireActiveSpacecraft(tx, organizationId, spacecraftId);
    const current = await getTask(tx, organizationId, spacecraftId, taskId);
    assertIfMatch(ifMatch, taskTag(current));
    const errors: FieldErrors = {};
    const kind: TaskKind = input.kind ?? current.kind;
    const kindChanged = kind !== current.kind;
    const parameters =
      input.parameters !== undefined || kindChanged
        ? buildParameters(kind, { ...(kindChanged ? {} : current.parameters), ...(input.parameters ?? {}) }, errors)
        : current.parameters;
    const schedule = input.schedule ? buildSchedule(input.schedule, nowMs, errors) : current.schedule;
    const retention = buildRetention(input.retention, current.retention, errors);
    const enabled = input.enabled ?? current.enabled;
    if (enabled && kind === 'UNSPECIFIED') errors.enabled = 'a task of kind UNSPECIFIED cannot run: give it a kind first';
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const task: ScheduledTask = { ...current, name: input.name ?? current.name, kind, parameters, schedule: schedule!, enabled, retention, updatedAt: isoMs(nowMs) };
    const rescheduled = input.schedule !== undefined || (enabled && !current.enabled) || kindChanged;
    task.nextRunAt = !enabled ? null : rescheduled || current.nextRunAt === null ? nextRun(task, nowMs) : current.nextRunAt;
    if (enabled && task.nextRunAt === null) throw validationError({ schedule: 'has no run in the future' });
    if (!(await updateScheduledTask(tx, task))) throw taskNotFound();
    return task;
  });
  if (input.retention !== undefined) await applyTaskRetention(db, updated, nowMs);
  return updated;
}

export async function removeTask(db: Db, organizationId: string, spacecraftId: string, taskId: string, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    assertIfMatch(ifMatch, taskTag(await getTask(tx, organizationId, spacecraftId, taskId)));
    await deleteTaskProducts(tx, organizationId, spacecraftId, taskId);
    if (!(await deleteScheduledTask(tx, organizationId, spacecraftId, taskId))) throw taskNotFound();
  });
}

export function taskRunView(run: TaskRun) {
  return {
    id: run.id,
    taskId: run.taskId,
    status: run.status,
    scheduledFor: run.scheduledFor,
    dueSince: run.dueSince,
    attempts: run.attempts,
    maxAttempts: run.maxAttempts,
    retryAt: run.status === 'QUEUED' && run.attempts > 0 ? run.availableAt : null,
    error: run.error,
    productId: run.productId,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export async function listTaskRuns(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  taskId: string,
  query: PageableInput,
): Promise<PageEnvelope<ReturnType<typeof taskRunView>>> {
  const page = parsePageable(query, TASK_RUN_SORTABLE, [{ field: 'scheduledFor', direction: 'desc' }]);
  await getTask(db, organizationId, spacecraftId, taskId);
  const { items, totalElements } = await listTaskRunsPage(db, organizationId, taskId, page);
  return pageEnvelope(items.map(taskRunView), totalElements, page);
}
