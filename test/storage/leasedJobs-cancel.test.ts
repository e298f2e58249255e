/**
 * The lease mechanism's CANCELLED status and progress reports (storage/sql/leasedJobs.ts), generic for every job table:
 * only a QUEUED job is cancelled (in its scope), a cancelled job is never claimed; progress is written only by the
 * lease holder of a running job.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import {
  cancelQueuedLeasedJob,
  claimNextLeasedJob,
  completeLeasedJob,
  endLeasedJobCancelled,
  reportLeasedJobProgress,
  type LeasedTable,
} from '../../storage/sql/leasedJobs.ts';

const TABLE: LeasedTable = { name: 'demo_jobs', columns: 'id, owner_org, status, done' };

async function demoDb(): Promise<Db> {
  const db = await openDatabase({ url: ':memory:' });
  await db.execute(`CREATE TABLE demo_jobs (
    id TEXT PRIMARY KEY, owner_org TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 3, lease_owner TEXT, lease_expires_at TEXT, error TEXT, done INTEGER NOT NULL DEFAULT 0,
    payload TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, started_at TEXT, finished_at TEXT, claimed_from TEXT)`);
  for (const [id, org, createdAt] of [['a', 'o1', '2026-01-01T00:00:00.000Z'], ['b', 'o1', '2026-01-01T00:00:01.000Z'], ['c', 'o2', '2026-01-01T00:00:02.000Z']]) {
    await db.execute({
      sql: `INSERT INTO demo_jobs (id, owner_org, status, payload, created_at, updated_at) VALUES (?, ?, 'QUEUED', 'bytes', ?, ?)`,
      args: [id, org, createdAt, createdAt],
    });
  }
  return db;
}

const row = async (db: Db, id: string) => (await db.execute({ sql: 'SELECT * FROM demo_jobs WHERE id = ?', args: [id] })).rows[0]!;
const scope = (org: string) => ({ sql: 'owner_org = ?', args: [org] });

test('a QUEUED job is cancelled (terminal, never claimed); other scopes, running and finished jobs are not', async () => {
  const db = await demoDb();
  assert.equal(await cancelQueuedLeasedJob(db, TABLE, 'a', scope('o2')), false, 'another organization: untouched');
  assert.equal(await cancelQueuedLeasedJob(db, TABLE, 'a', scope('o1'), { set: { sql: 'payload = NULL', args: [] } }), true);
  const cancelled = await row(db, 'a');
  assert.equal(cancelled.status, 'CANCELLED');
  assert.equal(cancelled.payload, null, 'the table clears its own columns');
  assert.ok(cancelled.finished_at);
  assert.equal(await cancelQueuedLeasedJob(db, TABLE, 'a', scope('o1')), false, 'once');
  const claimed = await claimNextLeasedJob(db, TABLE, 'runner', 60_000);
  assert.equal(claimed?.id, 'b', 'the cancelled job is skipped');
  assert.equal(await cancelQueuedLeasedJob(db, TABLE, 'b', scope('o1')), false, 'a running job is not cancelled here');
  assert.ok(await completeLeasedJob(db, TABLE, 'b', 'runner'));
  assert.equal(await cancelQueuedLeasedJob(db, TABLE, 'b', scope('o1')), false, 'nor a finished one');
  db.close();
});

test('progress is recorded only by the lease holder of a running job', async () => {
  const db = await demoDb();
  const set = (done: number) => ({ sql: 'done = ?', args: [done] });
  assert.equal(await reportLeasedJobProgress(db, TABLE, 'a', 'runner', set(5)), false, 'not running yet');
  await claimNextLeasedJob(db, TABLE, 'runner', 60_000);
  assert.equal(await reportLeasedJobProgress(db, TABLE, 'a', 'intruder', set(7)), false);
  assert.equal(await reportLeasedJobProgress(db, TABLE, 'a', 'runner', set(5)), true);
  assert.equal(Number((await row(db, 'a')).done), 5);
  db.close();
});

test('a running job ends CANCELLED only by its lease holder (the runner stops on a cancel request)', async () => {
  const db = await demoDb();
  assert.equal(await endLeasedJobCancelled(db, TABLE, 'a', 'runner'), false, 'not running');
  await claimNextLeasedJob(db, TABLE, 'runner', 60_000);
  assert.equal(await endLeasedJobCancelled(db, TABLE, 'a', 'intruder'), false);
  assert.equal(await endLeasedJobCancelled(db, TABLE, 'a', 'runner'), true);
  const ended = await row(db, 'a');
  assert.equal(ended.status, 'CANCELLED');
  assert.equal(ended.lease_owner, null);
  db.close();
});
