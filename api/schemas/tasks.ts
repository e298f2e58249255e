/** Scheduled task and task-run schemas (validation + OpenAPI). */
import { safeText } from './limits.ts';
import { z } from '@hono/zod-openapi';
import { LOCAL_ORBITAL_FRAMES } from '../../engine/math/covariance.ts';
import { OEM_REFERENCE_FRAMES, OEM_TIME_SYSTEMS } from '../../engine/products/oemProduct.ts';
import { MAX_INTERVAL_SECONDS, MIN_INTERVAL_SECONDS } from '../../domain/tasks/schedule.ts';
import { pageableQuery } from '../http/paging.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { EVENT_MAX_SPAN_DAYS, EVENT_MAX_STATIONS } from './events.ts';
import { JOB_STATUSES, LAST_RUN_STATUSES } from '../../domain/jobs/model.ts';
import { CREATABLE_TASK_KINDS, EVENT_TASK_FORMATS, TASK_KINDS, TASK_PARAMETER_DEFAULTS } from '../../domain/tasks/model.ts';


const MAX_OFFSET_SECONDS = 30 * 86400;

const instant = (description: string) => z.string().min(1).max(64).openapi({ description, format: 'date-time' });


const OEM_TASK = TASK_PARAMETER_DEFAULTS.GENERATE_OEM;
const TLE_TASK = TASK_PARAMETER_DEFAULTS.GENERATE_TLE;
const OD_TASK = TASK_PARAMETER_DEFAULTS.ORBIT_DETERMINATION;
const EVENTS_TASK = TASK_PARAMETER_DEFAULTS.PREDICT_EVENTS;

export const OemTaskParametersSchema = z
  .object({
    startOffsetSeconds: z.number().int().min(-MAX_OFFSET_SECONDS).max(MAX_OFFSET_SECONDS).optional().openapi({
      description: `Start of the span relative to the run time (the slot the run stands for), seconds; default ${OEM_TASK.startOffsetSeconds}`,
    }),
    durationSeconds: z.number().int().min(60).max(30 * 86400).optional()
      .openapi({ description: `Span length, s (60 s … 30 days; default ${OEM_TASK.durationSeconds} = 1 day)` }),
    timeBetweenPoints: z.number().int().min(60).max(86400).optional().openapi({ description: `Seconds, 60..86400 (default ${OEM_TASK.timeBetweenPoints})` }),
    referenceFrame: z.enum(OEM_REFERENCE_FRAMES).optional().openapi({ description: `REF_FRAME (default ${OEM_TASK.referenceFrame})` }),
    timeSystem: z.enum(OEM_TIME_SYSTEMS).optional().openapi({ description: `TIME_SYSTEM of the epochs (default ${OEM_TASK.timeSystem})` }),
    includeCovariance: z.boolean().optional().openapi({ description: `Propagate and write the state covariance (default ${OEM_TASK.includeCovariance})` }),
    covarianceFrame: z.enum(LOCAL_ORBITAL_FRAMES).optional().openapi({ description: `COV_REF_FRAME (default ${OEM_TASK.covarianceFrame})` }),
  })
  .strict()
  .openapi('OemTaskParameters', { description: "GENERATE_OEM: an OEM of the craft's latest eligible state over [run time + startOffsetSeconds, + durationSeconds]" });

export const TleTaskParametersSchema = z
  .object({
    epochOffsetSeconds: z.number().int().min(-MAX_OFFSET_SECONDS).max(MAX_OFFSET_SECONDS).optional().openapi({
      description: `TLE epoch relative to the run time, seconds; default ${TLE_TASK.epochOffsetSeconds}`,
    }),
  })
  .strict()
  .openapi('TleTaskParameters', { description: 'GENERATE_TLE: a TLE of the craft at run time + epochOffsetSeconds' });

export const OdTaskParametersSchema = z
  .object({
    startOffsetSeconds: z.number().int().min(-MAX_OFFSET_SECONDS).max(0).optional().openapi({
      description: `Start of the tracking span relative to the run time, seconds (≤ 0; default ${OD_TASK.startOffsetSeconds} = −1 day)`,
    }),
    durationSeconds: z.number().int().min(60).max(30 * 86400).optional()
      .openapi({ description: `Span length, s (60 s … 30 days; default ${OD_TASK.durationSeconds} = 1 day)` }),
    autoAccept: z.boolean().optional()
      .openapi({ description: `Accept a converged solution as a state vector (later OEM/TLE use it); default ${OD_TASK.autoAccept}` }),
  })
  .strict()
  .openapi('OdTaskParameters', { description: 'ORBIT_DETERMINATION: an orbit determination over [run time + startOffsetSeconds, + durationSeconds]' });

export const EventTaskParametersSchema = z
  .object({
    startOffsetSeconds: z.number().int().min(-MAX_OFFSET_SECONDS).max(MAX_OFFSET_SECONDS).optional().openapi({
      description: `Start of the span relative to the run time, seconds; default ${EVENTS_TASK.startOffsetSeconds}`,
    }),
    durationSeconds: z.number().int().min(60).max(EVENT_MAX_SPAN_DAYS * 86400).optional()
      .openapi({ description: `Span length, s (60 s … ${EVENT_MAX_SPAN_DAYS} days; default ${EVENTS_TASK.durationSeconds} = 7 days)` }),
    stationIds: z.array(z.string().min(1).max(MAX_ID_LENGTH)).min(1).max(EVENT_MAX_STATIONS).optional()
      .openapi({ description: 'Ground stations of the pass plan (default: every enabled station of the organization when the task runs)' }),
    minElevationDeg: z.number().min(-90).max(90).optional()
      .openapi({ description: "Count a pass only above this elevation where it is higher than the station's mask" }),
    eclipses: z.boolean().optional().openapi({ description: `Also the eclipses and the share of each orbit in shadow (JSON only; default ${EVENTS_TASK.eclipses})` }),
    format: z.enum(EVENT_TASK_FORMATS).optional().openapi({ description: `JSON: passes and eclipses; CSV: the pass plan (RFC 4180); default ${EVENTS_TASK.format}` }),
  })
  .strict()
  .openapi('EventTaskParameters', { description: 'PREDICT_EVENTS: the pass plan (and eclipses) of the craft over [run time + startOffsetSeconds, + durationSeconds]' });

export const ScheduleSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('INTERVAL'),
      intervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).max(MAX_INTERVAL_SECONDS)
        .openapi({ description: `Period, s (${MIN_INTERVAL_SECONDS} … ${MAX_INTERVAL_SECONDS})` }),
      start: instant('First slot (ISO-8601 instant with zone); default: the creation time. Slots are start + k·interval').optional(),
    }).strict(),
    z.object({
      type: z.literal('CRON'),
      expression: z.string().min(1).max(120).openapi({ description: '5-field cron expression (minute hour day-of-month month day-of-week), evaluated in UTC', example: '0 */6 * * *' }),
    }).strict(),
    z.object({ type: z.literal('ONCE'), at: instant('The one run (ISO-8601 instant with zone)') }).strict(),
  ])
  .openapi('TaskSchedule');

export const RetentionSchema = z
  .object({
    maxCount: z.number().int().min(1).max(1000).nullable().optional().openapi({ description: 'Keep at most this many products (newest first)' }),
    maxAgeDays: z.number().int().min(1).max(3650).nullable().optional().openapi({ description: 'Delete products older than this many days' }),
  })
  .strict()
  .openapi('TaskRetention', { description: 'Retention of the products of the task; default {maxCount: 10}. At least one of the two.' });

const commonFields = {
  name: safeText(100),
  schedule: ScheduleSchema,
  enabled: z.boolean().optional().openapi({ description: 'Default true' }),
  retention: RetentionSchema.optional(),
};

export const CreateTaskSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...commonFields, kind: z.literal('GENERATE_OEM'), parameters: OemTaskParametersSchema.optional() }).strict(),
    z.object({ ...commonFields, kind: z.literal('GENERATE_TLE'), parameters: TleTaskParametersSchema.optional() }).strict(),
    z.object({ ...commonFields, kind: z.literal('ORBIT_DETERMINATION'), parameters: OdTaskParametersSchema.optional() }).strict(),
    z.object({ ...commonFields, kind: z.literal('PREDICT_EVENTS'), parameters: EventTaskParametersSchema.optional() }).strict(),
  ])
  .openapi('CreateTaskRequest');

export type CreateTaskInput = z.infer<typeof CreateTaskSchema>;

export const UpdateTaskSchema = z
  .object({
    name: commonFields.name.optional(),
    kind: z.enum(CREATABLE_TASK_KINDS).optional().openapi({ description: 'Changing the kind replaces parameters (defaults unless sent)' }),
    parameters: z.record(z.string(), z.unknown()).optional().openapi({ description: 'Merged into the current parameters (replaced when the kind changes)' }),
    schedule: ScheduleSchema.optional(),
    enabled: z.boolean().optional(),
    retention: RetentionSchema.optional(),
  })
  .strict()
  .openapi('UpdateTaskRequest');

export type UpdateTaskInput = z.infer<typeof UpdateTaskSchema>;

const LastRunSchema = z.object({
  runId: z.string(),
  at: z.string().openapi({ format: 'date-time', description: 'When the status was recorded' }),
  status: z.enum(LAST_RUN_STATUSES),
  error: z.string().nullable(),
  productId: z.string().nullable(),
});

export const TaskSchema = z
  .object({
    id: z.string(),
    spacecraftId: z.string(),
    name: z.string(),
    kind: z.enum(TASK_KINDS),
    parameters: z.record(z.string(), z.unknown()),
    schedule: ScheduleSchema.openapi({ description: 'As sent, with INTERVAL start filled in' }),
    enabled: z.boolean(),
    nextRunAt: z.string().nullable().openapi({ format: 'date-time', description: 'Null while disabled or after a one-off ran' }),
    retention: z.object({ maxCount: z.number().int().nullable(), maxAgeDays: z.number().int().nullable() }),
    lastRun: LastRunSchema.nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ScheduledTask');

export const TaskRunSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    status: z.enum(JOB_STATUSES),
    scheduledFor: z.string().openapi({ format: 'date-time', description: 'The slot the run stands for (its product span is relative to it)' }),
    dueSince: z.string().openapi({ format: 'date-time', description: 'First slot it covers; earlier than scheduledFor when slots were missed (downtime): they run once' }),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    retryAt: z.string().nullable().openapi({ format: 'date-time', description: 'QUEUED after a failure: not before this instant (backoff)' }),
    error: z.string().nullable(),
    productId: z.string().nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi('TaskRun');

export const TaskCollectionPathSchema = z.object({
  spacecraftId: z.string().min(1).openapi({ param: { name: 'spacecraftId', in: 'path' }, description: 'Canonical spacecraft id' }),
});

export const TaskPathSchema = TaskCollectionPathSchema.extend({
  taskId: z.string().min(1).openapi({ param: { name: 'taskId', in: 'path' }, description: 'Task id' }),
});

export const TaskListQuerySchema = z.object({ ...pageableQuery });

export const TASK_SORTABLE = ['name', 'createdAt', 'updatedAt', 'nextRunAt', 'kind'] as const;
export const TASK_RUN_SORTABLE = ['scheduledFor', 'createdAt'] as const;
