/**
 * One compute-pool interface for the whole service (its contract: poolTypes.ts), backed by Piscina on Node and by
 * comlink-wrapped module Workers on Deno. The queue is bounded: when it is full, `run` rejects
 * with PoolSaturatedError and the API answers 503 with Retry-After, instead of letting
 * requests pile up behind heavy computations.
 *
 * Every task has a time budget (workers/budgets.ts, or `timeoutMs`) and may be cancelled (`signal`): a task that
 * exceeds its budget or whose signal aborts is removed from the queue, or, when already running, its worker is
 * terminated and replaced, so the core is free again at once. The HTTP layer binds each request's signal to the
 * pool (`withSignal`): when the client disconnects, its computations stop.
 */
import { runOptions, type ComputePool, type PoolOptions, type RunOptions } from './poolTypes.ts';

/** `options` with `signal` added (either aborting cancels the task). */
export function withAddedSignal(options: RunOptions | Transferable[] | undefined, signal: AbortSignal): RunOptions {
  const resolved = runOptions(options);
  return { ...resolved, signal: resolved.signal ? AbortSignal.any([signal, resolved.signal]) : signal };
}

/**
 * The pool, with `signal` added to every task it runs (a request's signal: its tasks stop when the client leaves).
 * `signal` may be a getter, read only when a task is run (creating a request's signal has a cost on Node).
 */
export function withSignal(pool: ComputePool, signal: AbortSignal | (() => AbortSignal)): ComputePool {
  return {
    run(task, input, options) {
      return pool.run(task, input, withAddedSignal(options, typeof signal === 'function' ? signal() : signal));
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

declare const Deno: unknown;

export async function createPool(options: PoolOptions): Promise<ComputePool> {
  const size = Math.max(1, Math.floor(options.size));
  const maxQueue = options.maxQueue ?? size * 4;
  const budgets = options.budgetsMs ?? {};
  if (typeof Deno !== 'undefined') {
    const { createDenoPool } = await import('./denoPool.ts');
    return createDenoPool(size, maxQueue, budgets);
  }
  const { createPiscinaPool } = await import('./piscinaPool.ts');
  return createPiscinaPool(size, maxQueue, budgets);
}
