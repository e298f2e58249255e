/**
 * The status of every durable job of the service — uploads, orbit determinations, webhook deliveries, batch OEMs,
 * screenings and their chunks, scheduled task runs — and of a scheduled task's last run. One definition: the rows
 * (storage/), the runners (api/jobs/) and the API's schemas (a `z.enum` of these constants) read the same values.
 *
 * QUEUED: waiting for an instance to claim it; RUNNING: claimed, its lease renewed; SUCCEEDED / FAILED: finished
 * (FAILED with its reason); CANCELLED: by its caller before it finished.
 */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** An orbit determination's: the same, without CANCELLED (the API offers no cancel of one). */
export const OD_JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const satisfies readonly JobStatus[];

/**
 * A scheduled task's last run as the task shows it: a job status, or RETRYING (its attempt failed and another is due).
 */
export const LAST_RUN_STATUSES = [...JOB_STATUSES, 'RETRYING'] as const;
export type LastRunStatus = (typeof LAST_RUN_STATUSES)[number];

export interface JobCount {
  kind: string;
  state: string;
  count: number;
}
