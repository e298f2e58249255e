/**
 * What a compute thread loads: a Piscina worker that loads the pool's worker entry runs a task that validates with
 * zod (`ephemeris.parseBatch`), and zod must not have been extended by @hono/zod-openapi in that thread. Before issue
 * 22's phase 2 the task table reached api/ (the batch request's schema, the OCM mapping) and it was. The static side
 * (the import closure of the worker entries) is checked in test/architecture/dependencyRule.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Piscina } from 'piscina';

test('a compute thread runs a zod-validating task without loading @hono/zod-openapi', async () => {
  const pool = new Piscina({ filename: new URL('../helpers/workerModulesProbe.mjs', import.meta.url).href, minThreads: 1, maxThreads: 1 });
  try {
    const report = (await pool.run(null)) as { parsedOk: boolean; zodExtended: boolean };
    assert.equal(report.parsedOk, true, 'the task ran in the thread');
    assert.equal(report.zodExtended, false, 'zod was extended by @hono/zod-openapi in the compute thread');
  } finally {
    await pool.close();
  }
});
