/**
 * The scheduled task's model: its kinds and the defaults of each kind's parameters, applied by the service
 * (api/services/scheduledTasks.ts) to what was sent. The API's schemas declare the fields optional with the defaults in
 * their descriptions: a `default` keyword in a request schema makes openapi-typescript (default settings) type the
 * field as required.
 */
import { OEM_OPTION_DEFAULTS } from '../products/oemOptions.ts';

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
