/** Node backend of the compute pool: Piscina worker threads. */
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { taskBudgetMs } from './budgets.ts';
import { PoolSaturatedError, runOptions, TaskCancelledError, withBudget, type ComputePool, type RunOptions } from './poolTypes.ts';

/**
 * The worker entry: piscinaWorker.ts, loaded through tsx as every module is; or, where the test runner set
 * APSIS_TEST_POOL_WORKER, the same module bundled into one file for the run (scripts/run-tests.mjs: a worker thread
 * then boots in ~0.5 s instead of ~2 s of module loading, for each of the hundreds of pools a run starts).
 */
function workerEntry(): string {
  const bundled = process.env.APSIS_TEST_POOL_WORKER;
  return bundled ? pathToFileURL(bundled).href : new URL('./piscinaWorker.ts', import.meta.url).href;
}

export function createPiscinaPool(size: number, maxQueue: number, budgets: Readonly<Record<string, number>> = {}): ComputePool {
  const piscina = new Piscina({
    filename: workerEntry(),
    minThreads: size,
    maxThreads: size,
    // Bounded by us (below) so that a full queue is a deterministic 503, not an exception from deep inside.
    maxQueue: Number.POSITIVE_INFINITY,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  let submitted = 0;
  // Background tasks are submitted to Piscina only while a worker is idle (see RunOptions.background).
  const background: Array<{ start: () => void; reject: (error: unknown) => void }> = [];
  const submitBackground = () => {
    while (background.length > 0 && submitted < size) background.shift()!.start();
  };
  // The budget runs from here: for a request, from its submission (queue wait included); for background work, from
  // the moment a worker is free for it.
  const submit = async (task: string, input: unknown, { transfer, signal, timeoutMs }: RunOptions): Promise<never> => {
    submitted++;
    try {
      // An aborted Piscina task is dequeued, or its worker thread is terminated (and replaced, minThreads).
      return (await withBudget(task, timeoutMs ?? taskBudgetMs(task, budgets), signal, (abort) =>
        piscina.run({ task, input }, { transferList: transfer as never, signal: abort }),
      )) as never;
    } finally {
      submitted--;
      submitBackground();
    }
  };
  return {
    async run(task, input, options) {
      const resolved = runOptions(options);
      if (resolved.background) {
        if (resolved.signal?.aborted) throw new TaskCancelledError(task);
        return await new Promise<never>((resolve, reject) => {
          const entry = {
            start: () => {
              resolved.signal?.removeEventListener('abort', onAbort);
              void submit(task, input, resolved).then(resolve, reject);
            },
            reject,
          };
          // Cancelled while waiting for an idle worker: leaves the background queue.
          const onAbort = () => {
            const index = background.indexOf(entry);
            if (index >= 0) background.splice(index, 1);
            reject(new TaskCancelledError(task));
          };
          resolved.signal?.addEventListener('abort', onAbort, { once: true });
          background.push(entry);
          submitBackground();
        });
      }
      // A caller already gone is told so, even when the pool is full: a saturated refusal would invite it to try again
      // (workers/poolTypes.ts runWhenRoom).
      if (resolved.signal?.aborted) throw new TaskCancelledError(task);
      // Tasks beyond the workers wait in the queue; refuse once `maxQueue` are already waiting.
      if (submitted - size >= maxQueue) throw new PoolSaturatedError();
      return await submit(task, input, resolved);
    },
    stats() {
      return { size, running: Math.min(submitted, size), queueDepth: Math.max(0, submitted - size), maxQueue };
    },
    async close() {
      for (const waiting of background.splice(0)) waiting.reject(new Error('pool closed'));
      await piscina.close({ force: false });
    },
  };
}
