/**
 * Issue 14 item 2: propagation is bounded (gap between the stored state and the requested span ≤ 60 days, 422
 * PROPAGATION_SPAN_TOO_LONG otherwise), every pool task has a time budget, and a request whose client disconnects
 * stops its computation: the worker is freed within 1 s.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../api/config.ts';
import { TASK_BUDGETS_MS, taskBudgetMs } from '../../workers/budgets.ts';
import { createPool } from '../../workers/pool.ts';
import { TaskCancelledError, TaskTimeoutError } from '../../workers/poolTypes.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, ssoState } from './stateVectors.helpers.ts';

async function waitUntil(condition: () => boolean, limitMs: number): Promise<number> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > limitMs) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

describe('propagation gap limit (60 days)', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let sv: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { noradId: 43013, cosparId: '2017-073A' });
    sv = (await createStateVector(svc, key, ssoState(craft))).id; // 2023-03-08T06:30:00Z
  });
  after(async () => svc.close());

  test('TLE 33 years after the state → 422 PROPAGATION_SPAN_TOO_LONG with the gap, at once (no worker used)', async () => {
    const started = performance.now();
    const response = await svc.request('GET', `/operations/spacecraft/${craft}/tle?epoch=2056-12-31T00:00:00Z`, { key });
    const body = await response.json();
    assert.equal(response.status, 422, JSON.stringify(body));
    assert.equal(body.error, 'PROPAGATION_SPAN_TOO_LONG');
    assert.equal(body.details.maxGapDays, 60);
    assert.ok(Math.abs(body.details.gapDays - 12351.729167) < 1e-6, String(body.details.gapDays));
    assert.equal(body.details.stateVectorId, sv);
    assert.ok(performance.now() - started < 2000);
  });

  test('OEM starting 6 months after the state → 422 with the gap; within 60 days (also backwards) it is computed', async () => {
    const far = await svc.request('POST', `/operations/state-vectors/${sv}/generate-oem`, { key, json: { initialDate: '2023-09-08T06:30:00Z', finalDate: '2023-09-09T06:30:00Z' } });
    const body = await far.json();
    assert.equal(far.status, 422, JSON.stringify(body));
    assert.equal(body.error, 'PROPAGATION_SPAN_TOO_LONG');
    assert.ok(Math.abs(body.details.gapDays - 184) < 1e-6, String(body.details.gapDays));
    const before = await svc.request('POST', `/operations/state-vectors/${sv}/generate-oem`, { key, json: { initialDate: '2023-01-05T06:30:00Z', finalDate: '2023-01-06T06:30:00Z' } });
    assert.equal(before.status, 422);
    assert.ok(Math.abs((await before.json()).details.gapDays - 61) < 1e-6);
    const near = await svc.request('POST', `/operations/state-vectors/${sv}/generate-oem`, {
      key, json: { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600 },
    });
    assert.equal(near.status, 200, await near.text());
  });
});

describe('time budgets and cancellation', () => {
  test('budgets: a default per task kind, overridable by TASK_TIME_BUDGETS', () => {
    assert.equal(taskBudgetMs('tle.generate'), TASK_BUDGETS_MS['tle.generate']);
    assert.equal(taskBudgetMs('some.new.task'), 120_000);
    const config = loadConfig({ TASK_TIME_BUDGETS: 'tle.generate=20000, ephemeris.generateOem=90000' });
    assert.deepEqual(config.taskTimeBudgetsMs, { 'tle.generate': 20_000, 'ephemeris.generateOem': 90_000 });
    assert.equal(taskBudgetMs('tle.generate', config.taskTimeBudgetsMs), 20_000);
    assert.throws(() => loadConfig({ TASK_TIME_BUDGETS: 'tle.generate' }), /task=milliseconds/);
  });

  test('pool: a task over its budget is stopped, an aborted task (queued or running) is stopped, and the pool keeps working', async () => {
    const pool = await createPool({ size: 1, budgetsMs: { 'diagnostics.cpuSpin': 400 } });
    try {
      // Worker start-up counts against a budget (it runs from submission): warm up with a long one.
      await pool.run('diagnostics.cpuSpin', { durationMs: 1 }, { timeoutMs: 60_000 });
      await assert.rejects(pool.run('diagnostics.cpuSpin', { durationMs: 20_000 }), (error: unknown) => error instanceof TaskTimeoutError && error.budgetMs === 400);
      const abort = new AbortController();
      const running = pool.run('diagnostics.cpuSpin', { durationMs: 20_000 }, { signal: abort.signal, timeoutMs: 60_000 });
      const queued = pool.run('diagnostics.cpuSpin', { durationMs: 20_000 }, { signal: abort.signal, timeoutMs: 60_000 });
      await waitUntil(() => pool.stats().running === 1 && pool.stats().queueDepth === 1, 5000);
      abort.abort();
      await assert.rejects(running, TaskCancelledError);
      await assert.rejects(queued, TaskCancelledError);
      assert.deepEqual([pool.stats().running, pool.stats().queueDepth], [0, 0]);
      // The terminated worker was replaced.
      assert.ok((await pool.run('diagnostics.cpuSpin', { durationMs: 1 }, { timeoutMs: 60_000 })).iterations >= 0);
    } finally {
      await pool.close();
    }
  });

  test('HTTP: a long TLE request whose client disconnects frees its worker within 1 s', async () => {
    const svc = await createTestService({ workers: 1 });
    try {
      const key = (await svc.key()).secret;
      const craft = await createSpacecraft(svc, key, { noradId: 43014 });
      await createStateVector(svc, key, ssoState(craft));
      // 59 days of full-model propagation: several seconds of work.
      const client = new AbortController();
      // The client's own fetch rejects (AbortError) as soon as it aborts: caught here, awaited below.
      const response = svc.request('GET', `/operations/spacecraft/${craft}/tle?epoch=2023-05-06T00:00:00Z`, { key, signal: client.signal }).catch((error: unknown) => error);
      await waitUntil(() => svc.pool.stats().running === 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      client.abort();
      const freedMs = await waitUntil(() => svc.pool.stats().running === 0, 1000);
      assert.ok(freedMs < 1000, `worker freed after ${freedMs.toFixed(0)} ms`);
      assert.equal((await response as Error).name, 'AbortError');
      // The pool serves the next request (on a fresh worker).
      assert.ok((await svc.pool.run('diagnostics.cpuSpin', { durationMs: 1 })).iterations >= 0);
    } finally {
      await svc.close();
    }
  });

  test('HTTP: a computation over its budget answers 503 COMPUTE_TIME_BUDGET_EXCEEDED and frees the worker', async () => {
    const svc = await createTestService({ workers: 1, taskTimeBudgetsMs: { 'tle.generate': 300 } });
    try {
      const key = (await svc.key()).secret;
      const craft = await createSpacecraft(svc, key, { noradId: 43015 });
      await createStateVector(svc, key, ssoState(craft));
      await svc.pool.run('diagnostics.cpuSpin', { durationMs: 1 });
      const response = await svc.request('GET', `/operations/spacecraft/${craft}/tle?epoch=2023-05-06T00:00:00Z`, { key });
      const body = await response.json();
      assert.equal(response.status, 503, JSON.stringify(body));
      assert.equal(body.error, 'COMPUTE_TIME_BUDGET_EXCEEDED');
      assert.deepEqual(body.details, { task: 'tle.generate', budgetMs: 300 });
      assert.equal(svc.pool.stats().running, 0);
    } finally {
      await svc.close();
    }
  });
});
