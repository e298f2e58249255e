/**
 * The compute pool's contract, shared by its callers and its backends (piscinaPool.ts on Node, denoPool.ts on Deno):
 * the interface, how a task is queued and bounded (RunOptions), the errors a run rejects with, and the time-budget
 * and cancellation wrapper every backend runs its tasks in. A module of its own so that the backends need not import
 * pool.ts, which loads them.
 */
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

export interface PoolStats {
  size: number;
  running: number;
  queueDepth: number;
  maxQueue: number;
}

/** How a task is queued, bounded and cancelled. */
export interface RunOptions {
  /** Transferred (not copied) to the worker: typed-array buffers, message ports. */
  transfer?: Transferable[];
  /** Cancels the task when aborted (TaskCancelledError): dequeued, or its worker terminated and replaced. */
  signal?: AbortSignal;
  /** Time budget in ms (default: the task kind's budget). Exceeded → TaskTimeoutError, worker terminated. */
  timeoutMs?: number;
  /**
   * Background work (scheduled task runs, batch items) is handed to a worker only when one is idle and no request's
   * task is waiting: requests never queue behind it for longer than one background task. Background tasks wait in
   * their own unbounded queue (their producers bound it) and never make the pool refuse requests (503). Their time
   * budget starts when a worker takes them.
   */
  background?: boolean;
}

export interface ComputePool {
  /** `options` may also be a transfer list (the older form). */
  run<N extends TaskName>(task: N, input: TaskInput<N>, options?: RunOptions | Transferable[]): Promise<TaskOutput<N>>;
  stats(): PoolStats;
  close(): Promise<void>;
}

export class PoolSaturatedError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 1) {
    super('The compute queue is full; retry later');
    this.name = 'PoolSaturatedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How long a step of a request already under way waits for room on a saturated pool (runWhenRoom) before it gives up. */
export const WAIT_FOR_ROOM_MS = 60_000;

/**
 * Runs `start` (a pool task) and, while the pool refuses it as saturated, again after a pause (25 ms, doubling up to
 * 400 ms), for at most `maxWaitMs`. For the steps of a long request whose input is already in hand — an upload's read
 * batches and Pc tasks, file after file — which should wait their turn rather than fail half-way with 503 (refusing
 * then would save nothing: the body is already received, and files before it already stored). A request whose client
 * went away stops at its next try (the request's signal cancels the task: TaskCancelledError, not retried).
 */
export async function runWhenRoom<T>(start: () => Promise<T>, maxWaitMs = WAIT_FOR_ROOM_MS): Promise<T> {
  const until = performance.now() + maxWaitMs;
  let pauseMs = 25;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PoolSaturatedError) || performance.now() + pauseMs > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(400, pauseMs * 2);
  }
}

/** The task ran longer than its time budget and was stopped. */
export class TaskTimeoutError extends Error {
  constructor(
    readonly task: string,
    readonly budgetMs: number,
  ) {
    super(`The computation (${task}) exceeded its time budget of ${budgetMs} ms and was stopped`);
    this.name = 'TaskTimeoutError';
  }
}

/** The task's signal aborted (e.g. the HTTP client disconnected) and it was stopped. */
export class TaskCancelledError extends Error {
  constructor(readonly task: string) {
    super(`The computation (${task}) was cancelled`);
    this.name = 'TaskCancelledError';
  }
}

export interface PoolOptions {
  /** Number of worker threads (default: CPU count). */
  size: number;
  /** Tasks allowed to wait for a free worker (default 4 × size). */
  maxQueue?: number;
  /** Per-task-kind budget overrides (TASK_TIME_BUDGETS); see workers/budgets.ts. */
  budgetsMs?: Readonly<Record<string, number>>;
}

/** The options form of `run`'s third argument. */
export function runOptions(options: RunOptions | Transferable[] | undefined): RunOptions {
  if (!options) return {};
  return Array.isArray(options) ? { transfer: options } : options;
}

/**
 * Runs `start(signal)` under a budget and an optional caller signal; the combined signal aborts with
 * TaskTimeoutError or TaskCancelledError, which is what the returned promise rejects with. Backends pass `signal`
 * to their cancellation mechanism (Piscina's task signal, worker termination on Deno).
 */
export async function withBudget<T>(task: string, budgetMs: number, caller: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (caller?.aborted) throw new TaskCancelledError(task);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TaskTimeoutError(task, budgetMs)), budgetMs);
  (timer as { unref?: () => void }).unref?.();
  const onCallerAbort = () => controller.abort(new TaskCancelledError(task));
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await start(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}
