/** Background work on the compute pool (task runs, batch items) goes behind requests and never causes a 503. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { createPool } from '../../workers/pool.ts';
import { backgroundBudgetScenario } from '../helpers/poolScenarios.ts';

test('a request task overtakes waiting background tasks; background tasks never saturate the queue', async () => {
  const pool = await createPool({ size: 1, maxQueue: 1 });
  try {
    await pool.run('diagnostics.cpuSpin', { durationMs: 1 }); // worker started
    const order: string[] = [];
    const track = (name: string, promise: Promise<unknown>) => promise.then(() => order.push(name));
    const running = track('background-1', pool.run('diagnostics.cpuSpin', { durationMs: 300 }, { background: true }));
    // More background work than maxQueue allows for requests: queued in its own queue, never refused.
    const waiting = [2, 3, 4].map((i) => track(`background-${i}`, pool.run('diagnostics.cpuSpin', { durationMs: 20 }, { background: true })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(pool.stats(), { size: 1, running: 1, queueDepth: 0, maxQueue: 1 }, 'only one background task was handed to the worker');
    const request = track('request', pool.run('diagnostics.cpuSpin', { durationMs: 20 }));
    await Promise.all([running, request, ...waiting]);
    assert.deepEqual(order, ['background-1', 'request', 'background-2', 'background-3', 'background-4']);
  } finally {
    await pool.close();
  }
});

/** What backgroundBudgetScenario must give on either runtime. */
function checkBackgroundBudgets(result: Record<string, unknown>): void {
  assert.equal(result.first, 'finished');
  assert.equal(result.waitedLong, 'finished', 'the budget of a background task starts when a worker takes it');
  assert.equal(result.cancelledWhileWaiting, 'cancelled');
  assert.equal(result.overBudget, 'timeout');
  // 1500 + 20 + 500 ms of work; had the cancelled 5 s task run, at least 7 s.
  assert.ok((result.elapsedMs as number) < 6500, `took ${result.elapsedMs} ms: the cancelled task ran`);
  assert.equal(result.after, 'finished');
  assert.equal((result.stats as { running: number }).running, 0);
}

test('background tasks: budget from dispatch, cancelled while waiting, stopped over budget (Node pool)', async () => {
  const pool = await createPool({ size: 1 });
  try {
    checkBackgroundBudgets(await backgroundBudgetScenario(pool));
  } finally {
    await pool.close();
  }
});

test('background tasks: budget from dispatch, cancelled while waiting, stopped over budget (Deno pool)', { timeout: 120_000 }, async () => {
  const script = [
    "import { createPool } from './workers/pool.ts';",
    "import { backgroundBudgetScenario } from './test/helpers/poolScenarios.ts';",
    'const pool = await createPool({ size: 1 });',
    'console.log(JSON.stringify(await backgroundBudgetScenario(pool)));',
    'await pool.close();',
  ].join('\n');
  const run = spawnSync('node_modules/.bin/deno', ['eval', '--ext=ts', script], { encoding: 'utf8', timeout: 110_000, env: { ...process.env } });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  checkBackgroundBudgets(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}'));
});
