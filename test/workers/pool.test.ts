/** The compute pool: saturation never blocks request handling; a full queue is a 503. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { Hono } from 'hono';
import { toErrorResponse } from '../../api/middleware/onError.ts';
import { createPool } from '../../workers/pool.ts';
import { PoolSaturatedError, TaskCancelledError } from '../../workers/poolTypes.ts';
import { createTestService } from '../helpers/service.ts';

test('GET /health answers within milliseconds while every worker runs multi-second CPU tasks', async () => {
  const svc = await createTestService({ workers: 2 });
  try {
    // Warm the workers so their start-up is not part of the measurement (and the harness's response check of /health).
    await Promise.all([svc.pool.run('diagnostics.cpuSpin', { durationMs: 1 }), svc.pool.run('diagnostics.cpuSpin', { durationMs: 1 })]);
    // The pool's figures are the operator's view of /health (a key holding read:health); the key is cached after this.
    const key = (await svc.key()).secret;
    assert.equal((await svc.request('GET', '/health', { key })).status, 200);
    const spinMs = 2500;
    const started = performance.now();
    const tasks = Array.from({ length: 4 }, () => svc.pool.run('diagnostics.cpuSpin', { durationMs: spinMs }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stats = svc.pool.stats();
    assert.equal(stats.running, 2, 'both workers busy');
    assert.equal(stats.queueDepth, 2, 'two tasks waiting');

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await svc.request('GET', '/health', { key });
      latencies.push(performance.now() - t0);
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.pool.size, 2);
      assert.equal(body.pool.running, 2);
    }
    const healthDone = performance.now() - started;
    assert.ok(healthDone < spinMs, `health answered ${latencies.length} times in ${healthDone.toFixed(0)} ms, before the first tasks ended`);
    assert.ok(Math.max(...latencies) < 250, `max /health latency ${Math.max(...latencies).toFixed(1)} ms while saturated`);
    const results = await Promise.all(tasks);
    assert.ok(results.every((r) => r.iterations > 0));
  } finally {
    await svc.close();
  }
});

test('a full queue rejects with PoolSaturatedError, mapped to 503 with Retry-After', async () => {
  const pool = await createPool({ size: 1, maxQueue: 1 });
  try {
    const running = pool.run('diagnostics.cpuSpin', { durationMs: 600 });
    const queued = pool.run('diagnostics.cpuSpin', { durationMs: 10 });
    await assert.rejects(pool.run('diagnostics.cpuSpin', { durationMs: 10 }), PoolSaturatedError);
    // a caller already gone is told it was cancelled, not to retry later (runWhenRoom stops on it)
    await assert.rejects(pool.run('diagnostics.cpuSpin', { durationMs: 10 }, { signal: AbortSignal.abort() }), TaskCancelledError);
    await Promise.all([running, queued]);
    // Once drained, the pool accepts work again.
    assert.ok((await pool.run('diagnostics.cpuSpin', { durationMs: 5 })).iterations >= 0);
  } finally {
    await pool.close();
  }
  const app = new Hono();
  app.get('/x', () => {
    throw new PoolSaturatedError(2);
  });
  app.onError((error, c) => toErrorResponse(error, c));
  const res = await app.request('/x');
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('retry-after'), '2');
  assert.equal((await res.json()).status, 503);
});

test('compute threads run at a lower priority than the HTTP thread (Linux: per-thread nice)', { skip: process.platform !== 'linux' ? 'per-thread nice is Linux-only' : false }, async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
  const pool = await createPool({ size: 2 });
  try {
    await Promise.all([pool.run('diagnostics.cpuSpin', { durationMs: 1 }), pool.run('diagnostics.cpuSpin', { durationMs: 1 })]);
    const nices = readdirSync('/proc/self/task').map(niceOf);
    assert.equal(niceOf(String(process.pid)), 0, 'the main (HTTP) thread keeps normal priority');
    assert.ok(nices.filter((n) => n === 10).length >= 2, `two compute threads at nice 10 (saw ${nices.join(',')})`);
  } finally {
    await pool.close();
  }
});

test('Deno pool: a cancelled or timed-out task terminates its worker and a fresh one takes the slot', { timeout: 120_000 }, async () => {
  const script = [
    "import { createPool } from './workers/pool.ts';",
    "import { TaskCancelledError, TaskTimeoutError } from './workers/poolTypes.ts';",
    "const pool = await createPool({ size: 1 });",
    "await pool.run('diagnostics.cpuSpin', { durationMs: 1 });",
    "const abort = new AbortController();",
    "const t0 = performance.now();",
    "const running = pool.run('diagnostics.cpuSpin', { durationMs: 30000 }, { signal: abort.signal });",
    "setTimeout(() => abort.abort(), 300);",
    "const cancelled = await running.then(() => 'finished', (e) => e instanceof TaskCancelledError ? 'cancelled' : String(e));",
    "const cancelMs = performance.now() - t0;",
    "const timedOut = await pool.run('diagnostics.cpuSpin', { durationMs: 30000 }, { timeoutMs: 2000 }).then(() => 'finished', (e) => e instanceof TaskTimeoutError ? 'timeout' : String(e));",
    "const after = await pool.run('diagnostics.cpuSpin', { durationMs: 1 }).then((r) => r.iterations >= 0);",
    "console.log(JSON.stringify({ cancelled, cancelMs, timedOut, after, stats: pool.stats() }));",
    "await pool.close();",
  ].join('\n');
  const run = spawnSync('node_modules/.bin/deno', ['eval', '--ext=ts', script], { encoding: 'utf8', timeout: 110_000, env: { ...process.env } });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const result = JSON.parse(line);
  assert.equal(result.cancelled, 'cancelled');
  assert.ok(result.cancelMs < 1300, `cancelled after ${result.cancelMs} ms`);
  assert.equal(result.timedOut, 'timeout');
  assert.equal(result.after, true);
  assert.equal(result.stats.running, 0);
});
