/**
 * Task schedules: an interval in seconds from a start instant, a 5-field cron expression evaluated in UTC (parsed by
 * `croner`: POSIX field ranges, names JAN–DEC / SUN–SAT, day-of-month OR day-of-week as Vixie cron does), or one
 * instant. Slots are instants in ms; "due" means a slot at or before now.
 */
import { Cron } from 'croner';

/** When a task runs: every `intervalSeconds` from `start`, at the slots of a cron expression, or once `at`. */
export type TaskSchedule =
  | { type: 'INTERVAL'; intervalSeconds: number; start: string }
  | { type: 'CRON'; expression: string }
  | { type: 'ONCE'; at: string };

export const MIN_INTERVAL_SECONDS = 60;
export const MAX_INTERVAL_SECONDS = 366 * 86400;

function cron(expression: string): Cron {
  return new Cron(expression, { timezone: 'UTC', mode: '5-part', paused: true });
}

/** Why a cron expression is refused (croner's reason), or null when it is a valid 5-field expression that ever fires. */
export function cronProblem(expression: string, nowMs: number): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `must have exactly 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`;
  let parsed: Cron;
  try {
    parsed = cron(expression);
  } catch (error) {
    return String((error as Error).message ?? error).replace(/^CronPattern: /, '');
  }
  if (parsed.nextRun(new Date(nowMs)) === null) return 'never fires';
  return null;
}

/** The first slot strictly after `afterMs`, or null (a one-off that has passed, a cron that never fires again). */
export function slotAfter(schedule: TaskSchedule, afterMs: number): number | null {
  switch (schedule.type) {
    case 'INTERVAL': {
      const start = Date.parse(schedule.start);
      const periodMs = schedule.intervalSeconds * 1000;
      if (afterMs < start) return start;
      return start + (Math.floor((afterMs - start) / periodMs) + 1) * periodMs;
    }
    case 'CRON':
      return cron(schedule.expression).nextRun(new Date(afterMs))?.getTime() ?? null;
    case 'ONCE': {
      const at = Date.parse(schedule.at);
      return at > afterMs ? at : null;
    }
  }
}

/** The first slot at or after `fromMs` (a new or re-enabled task's next run). */
export function slotAtOrAfter(schedule: TaskSchedule, fromMs: number): number | null {
  return slotAfter(schedule, fromMs - 1);
}

/**
 * The latest slot at or before `nowMs` — the one a due task runs for. Every slot missed while the service was down
 * collapses into it: a task runs once after downtime, not once per missed slot.
 */
export function latestSlotAtOrBefore(schedule: TaskSchedule, nowMs: number): number | null {
  switch (schedule.type) {
    case 'INTERVAL': {
      const start = Date.parse(schedule.start);
      if (nowMs < start) return null;
      const periodMs = schedule.intervalSeconds * 1000;
      return start + Math.floor((nowMs - start) / periodMs) * periodMs;
    }
    case 'CRON':
      return cron(schedule.expression).previousRuns(1, new Date(nowMs + 1))[0]?.getTime() ?? null;
    case 'ONCE': {
      const at = Date.parse(schedule.at);
      return at <= nowMs ? at : null;
    }
  }
}

export function isoMs(ms: number): string {
  return new Date(ms).toISOString();
}
