/**
 * workers/poolTypes.ts `runWhenRoom`: a step of a request under way waits for room on a saturated pool — it tries
 * again while the pool refuses it as saturated, gives up after its wait, and never retries any other failure (a
 * cancelled task, a task that failed).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PoolSaturatedError, runWhenRoom, TaskCancelledError } from '../../workers/poolTypes.ts';

test('tries again while the pool is saturated, then answers', async () => {
  let tries = 0;
  const value = await runWhenRoom(async () => {
    tries++;
    if (tries < 4) throw new PoolSaturatedError();
    return 'done';
  });
  assert.equal(value, 'done');
  assert.equal(tries, 4);
});

test('gives up with the refusal once its wait is over', async () => {
  let tries = 0;
  const started = performance.now();
  await assert.rejects(runWhenRoom(async () => {
    tries++;
    throw new PoolSaturatedError();
  }, 200), PoolSaturatedError);
  assert.ok(tries >= 3, `tried ${tries} times`);
  assert.ok(performance.now() - started < 1_000, 'within about its wait');
});

test('does not retry a cancelled task or any other failure', async () => {
  for (const error of [new TaskCancelledError('conjunctions.readCdms'), new Error('boom')]) {
    let tries = 0;
    await assert.rejects(runWhenRoom(async () => {
      tries++;
      throw error;
    }), (e) => e === error);
    assert.equal(tries, 1);
  }
});
