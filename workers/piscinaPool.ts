/** Node backend of the compute pool: Piscina worker threads. */
import { Piscina } from 'piscina';
import type { ComputePool } from './pool.ts';
import { PoolSaturatedError, runOptions } from './pool.ts';

export function createPiscinaPool(size: number, maxQueue: number): ComputePool {
  const piscina = new Piscina({
    filename: new URL('./piscinaWorker.ts', import.meta.url).href,
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
  const submit = async (task: string, input: unknown, transfer: Transferable[] | undefined): Promise<never> => {
    submitted++;
    try {
      return (await piscina.run({ task, input }, { transferList: transfer as never })) as never;
    } finally {
      submitted--;
      submitBackground();
    }
  };
  return {
    async run(task, input, options) {
      const { transfer, background: isBackground } = runOptions(options);
      if (isBackground) {
        return await new Promise<never>((resolve, reject) => {
          background.push({ start: () => void submit(task, input, transfer).then(resolve, reject), reject });
          submitBackground();
        });
      }
      // Tasks beyond the workers wait in the queue; refuse once `maxQueue` are already waiting.
      if (submitted - size >= maxQueue) throw new PoolSaturatedError();
      return await submit(task, input, transfer);
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
