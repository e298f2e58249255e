/** Background work on the compute pool (task runs, batch items) goes behind requests and never causes a 503. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPool } from '../../workers/pool.ts';

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
