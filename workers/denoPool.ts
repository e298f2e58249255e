/**
 * Deno backend of the compute pool: module Workers wrapped with comlink. Dispatch is ours:
 * each worker runs one task at a time; waiting tasks sit in a bounded FIFO, background tasks in their own queue
 * behind it (RunOptions.background). A cancelled or timed-out task is dequeued, or its worker is terminated and a
 * fresh one takes its slot (comlink has no way to stop a call).
 */
import * as Comlink from 'comlink';
import { taskBudgetMs } from './budgets.ts';
import { PoolSaturatedError, runOptions, TaskCancelledError, withBudget, type ComputePool } from './poolTypes.ts';

interface WorkerApi {
  run(task: string, input: unknown): Promise<unknown>;
}

interface Slot {
  worker: Worker;
  api: Comlink.Remote<WorkerApi>;
  busy: boolean;
}

/** A task whose budget is running: it goes to the first free worker. */
interface Waiting {
  task: string;
  input: unknown;
  transfer: Transferable[];
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A background task: its budget starts when a worker is free for it. */
interface BackgroundWaiting {
  task: string;
  input: unknown;
  transfer: Transferable[];
  budgetMs: number;
  caller: AbortSignal | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function spawn(): Slot {
  const worker = new Worker(new URL('./denoWorker.ts', import.meta.url).href, { type: 'module' });
  return { worker, api: Comlink.wrap<WorkerApi>(worker), busy: false };
}

export function createDenoPool(size: number, maxQueue: number, budgets: Readonly<Record<string, number>> = {}): ComputePool {
  const slots: Slot[] = Array.from({ length: size }, spawn);
  const queue: Waiting[] = [];
  const background: BackgroundWaiting[] = [];
  let closed = false;

  /** Runs `next` on the free slot `index` (marked busy at once). */
  function execute(index: number, next: Waiting): void {
    const slot = slots[index]!;
    slot.busy = true;
    const input = next.transfer.length > 0 ? Comlink.transfer(next.input, next.transfer) : next.input;
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      // Stop the computation: terminate this worker and give its slot a fresh one.
      slot.worker.terminate();
      slot.api[Comlink.releaseProxy]();
      slots[index] = spawn();
      next.reject(next.signal.reason);
      dispatch();
    };
    next.signal.addEventListener('abort', onAbort, { once: true });
    slot.api
      .run(next.task, input)
      .then(
        (value) => {
          if (!settled) next.resolve(value);
        },
        (error: unknown) => {
          if (!settled) next.reject(error);
        },
      )
      .finally(() => {
        next.signal.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        slot.busy = false;
        dispatch();
      });
  }

  function dispatch(): void {
    for (let index = 0; index < slots.length; index++) {
      if (slots[index]!.busy) continue;
      const next = queue.shift();
      if (next) {
        execute(index, next);
        continue;
      }
      const work = background.shift();
      if (!work) return;
      // withBudget calls its start function synchronously, so the slot is busy before the loop goes on.
      withBudget(work.task, work.budgetMs, work.caller, (abort) =>
        new Promise((resolve, reject) => execute(index, { task: work.task, input: work.input, transfer: work.transfer, signal: abort, resolve, reject })),
      ).then(work.resolve, work.reject);
      if (!slots[index]!.busy) index--; // the caller had already gone: offer this slot to the next task
    }
  }

  return {
    run(task, input, options) {
      if (closed) return Promise.reject(new Error('pool closed'));
      const { transfer = [], signal, timeoutMs, background: isBackground } = runOptions(options);
      const budgetMs = timeoutMs ?? taskBudgetMs(task, budgets);
      if (isBackground) {
        if (signal?.aborted) return Promise.reject(new TaskCancelledError(task));
        return new Promise((resolve, reject) => {
          const work: BackgroundWaiting = { task, input, transfer, budgetMs, caller: signal, resolve, reject };
          signal?.addEventListener('abort', () => {
            const at = background.indexOf(work);
            if (at >= 0) {
              background.splice(at, 1);
              reject(new TaskCancelledError(task));
            }
          }, { once: true });
          background.push(work);
          dispatch();
        }) as never;
      }
      // A caller already gone is told so, even when the pool is full (as the Node backend does).
      if (signal?.aborted) return Promise.reject(new TaskCancelledError(task));
      const idle = slots.some((slot) => !slot.busy);
      if (!idle && queue.length >= maxQueue) return Promise.reject(new PoolSaturatedError());
      return withBudget(task, budgetMs, signal, (abort) =>
        new Promise((resolve, reject) => {
          const waiting: Waiting = { task, input, transfer, signal: abort, resolve, reject };
          // Still queued when aborted: just leave the queue.
          abort.addEventListener('abort', () => {
            const at = queue.indexOf(waiting);
            if (at >= 0) {
              queue.splice(at, 1);
              reject(abort.reason);
            }
          }, { once: true });
          queue.push(waiting);
          dispatch();
        }),
      ) as never;
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
