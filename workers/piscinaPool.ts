/** Node backend of the compute pool: Piscina worker threads. */
import { Piscina } from 'piscina';
import { taskBudgetMs } from './budgets.ts';
import type { ComputePool } from './pool.ts';
import { PoolSaturatedError, runOptions, withBudget } from './pool.ts';

export function createPiscinaPool(size: number, maxQueue: number, budgets: Readonly<Record<string, number>> = {}): ComputePool {
  const piscina = new Piscina({
    filename: new URL('./piscinaWorker.ts', import.meta.url).href,
    minThreads: size,
    maxThreads: size,
    // Bounded by us (below) so that a full queue is a deterministic 503, not an exception from deep inside.
    maxQueue: Number.POSITIVE_INFINITY,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  let submitted = 0;
  return {
    async run(task, input, options) {
      const { transfer, signal, timeoutMs } = runOptions(options);
      // Tasks beyond the workers wait in the queue; refuse once `maxQueue` are already waiting.
      if (submitted - size >= maxQueue) throw new PoolSaturatedError();
      submitted++;
      try {
        // An aborted Piscina task is dequeued, or its worker thread is terminated (and replaced, minThreads).
        return (await withBudget(task, timeoutMs ?? taskBudgetMs(task, budgets), signal, (abort) =>
          piscina.run({ task, input }, { transferList: transfer as never, signal: abort }),
        )) as never;
      } finally {
        submitted--;
      }
    },
    stats() {
      return { size, running: Math.min(submitted, size), queueDepth: Math.max(0, submitted - size), maxQueue };
    },
    async close() {
      await piscina.close({ force: false });
    },
  };
}
