/**
 * Pool behaviours checked on both runtimes: the Node test calls these with a Piscina pool, and the Deno test runs the
 * same function in `deno eval` with the comlink pool (test/workers/poolBackground.test.ts).
 */
import { TaskCancelledError, TaskTimeoutError, type ComputePool } from '../../workers/poolTypes.ts';

const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'finished',
    (error: unknown) => (error instanceof TaskTimeoutError ? 'timeout' : error instanceof TaskCancelledError ? 'cancelled' : String(error)),
  );

/**
 * On a one-worker pool: a background task's budget starts when the worker takes it (not while it waits), a background
 * task cancelled while it waits leaves the queue without running, one over its budget is stopped, and the pool
 * works afterwards.
 */
export async function backgroundBudgetScenario(pool: ComputePool): Promise<Record<string, unknown>> {
  await pool.run('diagnostics.cpuSpin', { durationMs: 1 }); // the worker is up
  const first = outcome(pool.run('diagnostics.cpuSpin', { durationMs: 1500 }, { background: true }));
  // Waits ~1.5 s for the worker, then runs 20 ms: within a 1 s budget only if the budget starts at dispatch (the
  // slack of ~1 s keeps a loaded machine, where background threads run at low priority, from failing it).
  const waitedLong = outcome(pool.run('diagnostics.cpuSpin', { durationMs: 20 }, { background: true, timeoutMs: 1000 }));
  const abort = new AbortController();
  const cancelledWhileWaiting = outcome(pool.run('diagnostics.cpuSpin', { durationMs: 5000 }, { background: true, signal: abort.signal }));
  const overBudget = outcome(pool.run('diagnostics.cpuSpin', { durationMs: 30_000 }, { background: true, timeoutMs: 500 }));
  setTimeout(() => abort.abort(), 100);
  const started = performance.now();
  const results = {
    first: await first,
    waitedLong: await waitedLong,
    cancelledWhileWaiting: await cancelledWhileWaiting,
    overBudget: await overBudget,
    elapsedMs: performance.now() - started,
    after: await outcome(pool.run('diagnostics.cpuSpin', { durationMs: 1 })),
    stats: pool.stats(),
  };
  return results;
}
