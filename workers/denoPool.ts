/**
 * Deno backend of the compute pool: module Workers wrapped with comlink. Dispatch is ours:
 * each worker runs one task at a time; waiting tasks sit in a bounded FIFO.
 */
import * as Comlink from 'comlink';
import type { ComputePool } from './pool.ts';
import { PoolSaturatedError, runOptions } from './pool.ts';

interface WorkerApi {
  run(task: string, input: unknown): Promise<unknown>;
}

interface Slot {
  worker: Worker;
  api: Comlink.Remote<WorkerApi>;
  busy: boolean;
}

interface Waiting {
  task: string;
  input: unknown;
  transfer: Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function createDenoPool(size: number, maxQueue: number): ComputePool {
  const slots: Slot[] = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./denoWorker.ts', import.meta.url).href, { type: 'module' });
    return { worker, api: Comlink.wrap<WorkerApi>(worker), busy: false };
  });
  const queue: Waiting[] = [];
  // Background tasks (RunOptions.background) go to a worker only when no request's task waits.
  const background: Waiting[] = [];
  let closed = false;

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.busy) continue;
      const next = queue.shift() ?? background.shift();
      if (!next) return;
      slot.busy = true;
      const input = next.transfer.length > 0 ? Comlink.transfer(next.input, next.transfer) : next.input;
      slot.api
        .run(next.task, input)
        .then(next.resolve, next.reject)
        .finally(() => {
          slot.busy = false;
          dispatch();
        });
    }
  }

  return {
    run(task, input, options) {
      const { transfer = [], background: isBackground } = runOptions(options);
      if (closed) return Promise.reject(new Error('pool closed'));
      if (isBackground) {
        return new Promise((resolve, reject) => {
          background.push({ task, input, transfer, resolve: resolve as (value: unknown) => void, reject });
          dispatch();
        }) as never;
      }
      const idle = slots.some((slot) => !slot.busy);
      if (!idle && queue.length >= maxQueue) return Promise.reject(new PoolSaturatedError());
      return new Promise((resolve, reject) => {
        queue.push({ task, input, transfer, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      }) as never;
    },
    stats() {
      return { size, running: slots.filter((slot) => slot.busy).length, queueDepth: queue.length, maxQueue };
    },
    async close() {
      closed = true;
      for (const waiting of background.splice(0)) waiting.reject(new Error('pool closed'));
      while (slots.some((slot) => slot.busy)) await new Promise((r) => setTimeout(r, 10));
      for (const slot of slots) slot.worker.terminate();
    },
  };
}
