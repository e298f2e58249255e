/**
 * One compute-pool interface for the whole service, backed by Piscina on Node and by
 * comlink-wrapped module Workers on Deno. The queue is bounded: when it is full, `run` rejects
 * with PoolSaturatedError and the API answers 503 with Retry-After, instead of letting
 * requests pile up behind heavy computations.
 */
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

export interface PoolStats {
  size: number;
  running: number;
  queueDepth: number;
  maxQueue: number;
}

/** How a task is queued. */
export interface RunOptions {
  transfer?: Transferable[];
  /**
   * Background work (scheduled task runs, batch items) is handed to a worker only when one is idle and no request's
   * task is waiting: requests never queue behind it for longer than one background task. Background tasks wait in
   * their own unbounded queue (their producers bound it) and never make the pool refuse requests (503).
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

/** The options form of `run`'s third argument. */
export function runOptions(options: RunOptions | Transferable[] | undefined): RunOptions {
  if (options === undefined) return {};
  return Array.isArray(options) ? { transfer: options } : options;
}

export interface PoolOptions {
  /** Number of worker threads (default: CPU count). */
  size: number;
  /** Tasks allowed to wait for a free worker (default 4 × size). */
  maxQueue?: number;
}

declare const Deno: unknown;

export async function createPool(options: PoolOptions): Promise<ComputePool> {
  const size = Math.max(1, Math.floor(options.size));
  const maxQueue = options.maxQueue ?? size * 4;
  if (typeof Deno !== 'undefined') {
    const { createDenoPool } = await import('./denoPool.ts');
    return createDenoPool(size, maxQueue);
  }
  const { createPiscinaPool } = await import('./piscinaPool.ts');
  return createPiscinaPool(size, maxQueue);
}
