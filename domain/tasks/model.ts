/**
 * The scheduled task's model: its kinds and the defaults of each kind's parameters, applied by the service
 * (api/services/scheduledTasks.ts) to what was sent. The API's schemas declare the fields optional with the defaults in
 * their descriptions: a `default` keyword in a request schema makes openapi-typescript (default settings) type the
 * field as required.
 */
import { OEM_OPTION_DEFAULTS } from '../products/oemOptions.ts';
import type { TaskSchedule } from './schedule.ts';
import type { LastRunStatus, JobStatus } from '../jobs/model.ts';

/** Kinds a task can be created with. UNSPECIFIED exists only for rows that predate the task API (see the migration). */
export const CREATABLE_TASK_KINDS = ['GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION', 'PREDICT_EVENTS'] as const;
export const TASK_KINDS = ['UNSPECIFIED', ...CREATABLE_TASK_KINDS] as const;

/** A PREDICT_EVENTS product: JSON (passes and eclipses) or CSV (the pass plan, RFC 4180). */
export const EVENT_TASK_FORMATS = ['JSON', 'CSV'] as const;

export const TASK_PARAMETER_DEFAULTS = {
  GENERATE_OEM: { startOffsetSeconds: 0, durationSeconds: 86400, ...OEM_OPTION_DEFAULTS },
  GENERATE_TLE: { epochOffsetSeconds: 0 },
  ORBIT_DETERMINATION: { startOffsetSeconds: -86400, durationSeconds: 86400, autoAccept: false },
  PREDICT_EVENTS: { startOffsetSeconds: 0, durationSeconds: 7 * 86400, eclipses: true, format: 'JSON' },
} as const;

export type TaskKind = 'UNSPECIFIED' | 'GENERATE_OEM' | 'GENERATE_TLE' | 'ORBIT_DETERMINATION' | 'PREDICT_EVENTS';

/** Products of the task kept: the newest `maxCount`, none older than `maxAgeDays` (either may be null). */
export interface TaskRetention {
  maxCount: number | null;
  maxAgeDays: number | null;
}

export interface TaskLastRun {
  runId: string;
  at: string;
  status: LastRunStatus;
  error: string | null;
  productId: string | null;
}

export interface ScheduledTask {
  id: string;
  organizationId: string;
  spacecraftId: string;
  name: string;
  kind: TaskKind;
  parameters: Record<string, unknown>;
  schedule: TaskSchedule;
  enabled: boolean;
  nextRunAt: string | null;
  retention: TaskRetention;
  lastRun: TaskLastRun | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskRun {
  id: string;
  organizationId: string;
  taskId: string;
  spacecraftId: string;
  kind: string;
  scheduledFor: string;
  dueSince: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  availableAt: string | null;
  error: string | null;
  productId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type NewTaskRun = Pick<TaskRun, 'id' | 'organizationId' | 'taskId' | 'spacecraftId' | 'kind' | 'scheduledFor' | 'dueSince' | 'maxAttempts' | 'createdAt'>;
