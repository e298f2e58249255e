/**
 * The one cancellation of a running job (api/jobs/cancellableRun.ts): the first reason wins and stops the task once;
 * the lease and the client's request are polled; `end` clears the timers, so nothing fires after it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CancellableRun } from '../../../api/jobs/cancellableRun.ts';

const lease = (lost = false) => ({ lost });

test('the time budget stops the task once; a later reason changes nothing', async () => {
  let stops = 0;
  const run = new CancellableRun({ budgetMs: 20, lease: lease(), checkMs: 5, stopTask: () => stops++, clientRequested: async () => false });
  await sleep(60);
  assert.equal(run.reason, 'budget');
  run.cancel('shutdown');
  assert.equal(run.end(), 'budget');
  assert.equal(stops, 1);
});

test('a lost lease and the client’s request are seen by the poll', async () => {
  const held = lease();
  const a = new CancellableRun({ budgetMs: 10_000, lease: held, checkMs: 5, stopTask: () => undefined });
  held.lost = true;
  await sleep(30);
  assert.equal(a.end(), 'lease');
  let asked = false;
  const b = new CancellableRun({ budgetMs: 10_000, lease: lease(), checkMs: 5, stopTask: () => undefined, clientRequested: async () => asked });
  await sleep(20);
  assert.equal(b.reason, null);
  asked = true;
  await sleep(30);
  assert.equal(b.end(), 'client');
});

test('a failing client check is ignored; after end nothing fires', async () => {
  let stops = 0;
  const run = new CancellableRun({ budgetMs: 40, lease: lease(), checkMs: 5, stopTask: () => stops++, clientRequested: () => Promise.reject(new Error('database away')) });
  await sleep(20);
  assert.equal(run.end(), null);
  await sleep(60);
  assert.equal(stops, 0);
  assert.equal(run.reason, null);
});
