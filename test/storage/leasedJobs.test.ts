/** The lease mechanism shared by every durable job table (storage/sql/leasedJobs.ts) and the runner loop over it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LeasedJobRunner, type JobLease } from '../../api/jobs/leasedJobRunner.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import {
  claimNextLeasedJob,
  leaseTakeovers,
  completeLeasedJob,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
} from '../../storage/sql/leasedJobs.ts';

const TABLE: LeasedTable = { name: 'demo_jobs', columns: 'id, kind, status, attempts, result', hasAvailableAt: true };

async function demoDb(): Promise<Db> {
  const db = await openDatabase({ url: ':memory:' });
  await db.execute(`CREATE TABLE demo_jobs (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 3, lease_owner TEXT, lease_expires_at TEXT, error TEXT, result TEXT,
    available_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, started_at TEXT, finished_at TEXT, claimed_from TEXT)`);
  return db;
}

async function queue(db: Db, id: string, createdAt: string, kind = 'a', availableAt: string | null = null): Promise<void> {
  await db.execute({
    sql: `INSERT INTO demo_jobs (id, kind, status, available_at, created_at, updated_at) VALUES (?, ?, 'QUEUED', ?, ?, ?)`,
    args: [id, kind, availableAt, createdAt, createdAt],
  });
}

async function row(db: Db, id: string): Promise<Record<string, unknown>> {
  return (await db.execute({ sql: 'SELECT * FROM demo_jobs WHERE id = ?', args: [id] })).rows[0]!;
}

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

test('claims oldest first, one owner per job; `where` narrows; available_at defers', async () => {
  const db = await demoDb();
  await queue(db, 'j2', '2025-12-31T00:00:02.000Z');
  await queue(db, 'j1', '2025-12-31T00:00:01.000Z');
  await queue(db, 'j3', '2025-12-31T00:00:03.000Z', 'b');
  await queue(db, 'j0', '2025-12-31T00:00:00.000Z', 'a', at(60_000).toISOString());
  const first = await claimNextLeasedJob(db, TABLE, 'r1', 10_000, T0);
  assert.equal(first?.id, 'j1', 'j0 is not available yet');
  assert.equal(first?.status, 'RUNNING');
  assert.equal(first?.attempts, 1);
  const onlyB = await claimNextLeasedJob(db, TABLE, 'r2', 10_000, T0, { sql: 'kind = ?', args: ['b'] });
  assert.equal(onlyB?.id, 'j3');
  assert.equal((await claimNextLeasedJob(db, TABLE, 'r2', 10_000, T0, { sql: 'kind = ?', args: ['b'] })), null);
  assert.equal((await claimNextLeasedJob(db, TABLE, 'r3', 10_000, T0))?.id, 'j2');
  assert.equal(await claimNextLeasedJob(db, TABLE, 'r3', 10_000, T0), null);
  assert.equal((await claimNextLeasedJob(db, TABLE, 'r3', 10_000, at(60_000)))?.id, 'j0', 'available once its time has come');
  db.close();
});

test('expired leases are taken over; only the holder completes; exhausted attempts fail', async () => {
  const db = await demoDb();
  await queue(db, 'j', '2025-12-31T00:00:00.000Z');
  const takenOver = leaseTakeovers.get(TABLE.name) ?? 0;
  const first = await claimNextLeasedJob(db, TABLE, 'dead', 1_000, T0);
  assert.deepEqual([first?.id, first?.claimed_from], ['j', 'QUEUED']);
  assert.equal(await claimNextLeasedJob(db, TABLE, 'other', 1_000, at(500)), null, 'lease still held');
  const second = await claimNextLeasedJob(db, TABLE, 'other', 1_000, at(2_000));
  assert.deepEqual([second?.attempts, second?.claimed_from], [2, 'RUNNING'], 'a takeover, and said so');
  assert.equal(leaseTakeovers.get(TABLE.name), takenOver + 1, 'counted for /metrics');
  assert.equal(await renewJobLease(db, TABLE, 'j', 'dead', 1_000), false);
  assert.equal(await completeLeasedJob(db, TABLE, 'j', 'dead', { sql: 'result = ?', args: ['x'] }), false);
  // 'other' dies too; the third claim is the last attempt
  assert.equal((await claimNextLeasedJob(db, TABLE, 'third', 1_000, at(4_000)))?.attempts, 3);
  // the third runner dies as well: the next claim fails the job instead of retrying it forever
  assert.equal(await claimNextLeasedJob(db, TABLE, 'fourth', 1_000, at(6_000)), null);
  const failed = await row(db, 'j');
  assert.equal(failed.status, 'FAILED');
  assert.match(String(failed.error), /exhausted its attempts/);
  db.close();
});

test('complete sets the result; a retryable failure requeues with doubling backoff, then fails for good', async () => {
  const db = await demoDb();
  await queue(db, 'ok', '2025-12-31T00:00:00.000Z');
  await claimNextLeasedJob(db, TABLE, 'r', 10_000, T0);
  assert.equal(await completeLeasedJob(db, TABLE, 'ok', 'r', { sql: 'result = ?', args: ['done'] }, T0.getTime()), true);
  const ok = await row(db, 'ok');
  assert.deepEqual([ok.status, ok.result, ok.lease_owner, ok.finished_at], ['SUCCEEDED', 'done', null, T0.toISOString()]);

  await queue(db, 'flaky', '2025-12-31T00:00:01.000Z');
  const backoff = { baseMs: 1_000, maxMs: 1_500 };
  let now = T0.getTime();
  for (const [attempt, delay] of [[1, 1_000], [2, 1_500]] as const) {
    const claimed = await claimNextLeasedJob(db, TABLE, 'r', 10_000, new Date(now));
    assert.equal(claimed?.attempts, attempt);
    assert.equal(await failLeasedJob(db, TABLE, 'flaky', 'r', `boom ${attempt}`, true, { backoff, now }), true);
    const requeued = await row(db, 'flaky');
    assert.equal(requeued.status, 'QUEUED');
    assert.equal(requeued.available_at, new Date(now + delay).toISOString(), `attempt ${attempt}: delay ${delay} ms (capped)`);
    assert.equal(await claimNextLeasedJob(db, TABLE, 'r', 10_000, new Date(now + delay - 1)), null, 'not before the backoff');
    now += delay;
  }
  await claimNextLeasedJob(db, TABLE, 'r', 10_000, new Date(now));
  assert.equal(await failLeasedJob(db, TABLE, 'flaky', 'r', 'boom 3', true, { backoff, now }), true);
  const failed = await row(db, 'flaky');
  assert.deepEqual([failed.status, failed.error, failed.attempts], ['FAILED', 'boom 3', 3]);
  db.close();
});

class DemoRunner extends LeasedJobRunner<{ id: string }> {
  readonly ran: string[] = [];
  constructor(private readonly db: Db, owner: string, private readonly work: (id: string, lease: JobLease) => Promise<void>) {
    super('demo', { owner, leaseMs: 3_000, pollMs: 50 });
  }
  protected async claim() {
    const claimed = await claimNextLeasedJob(this.db, TABLE, this.owner, this.leaseMs);
    return claimed ? { id: String(claimed.id) } : null;
  }
  protected renew(jobId: string) {
    return renewJobLease(this.db, TABLE, jobId, this.owner, this.leaseMs);
  }
  protected async run(job: { id: string }, lease: JobLease) {
    this.ran.push(job.id);
    await this.work(job.id, lease);
    await completeLeasedJob(this.db, TABLE, job.id, this.owner);
  }
}

test('runner loop: drains the queue, two racing runners never run a job twice, a throwing run does not stop the loop', async () => {
  const db = await demoDb();
  for (let i = 0; i < 20; i++) await queue(db, `j${String(i).padStart(2, '0')}`, new Date(T0.getTime() - 100_000 + i).toISOString());
  const work = async (id: string) => {
    await new Promise((r) => setTimeout(r, 2));
    if (id === 'j05') throw new Error('a job that throws');
  };
  const a = new DemoRunner(db, 'A', work);
  const b = new DemoRunner(db, 'B', work);
  const [na, nb] = await Promise.all([a.drain(), b.drain()]);
  assert.equal(na + nb, 20);
  const all = [...a.ran, ...b.ran].sort();
  assert.deepEqual(all, Array.from({ length: 20 }, (_, i) => `j${String(i).padStart(2, '0')}`), 'each job exactly once');
  const statuses = (await db.execute('SELECT status, COUNT(*) AS n FROM demo_jobs GROUP BY status')).rows.map((r) => `${r.status}:${r.n}`);
  assert.deepEqual(statuses, ['RUNNING:1', 'SUCCEEDED:19'], 'the throwing job keeps its lease (it expires and is retried)');

  // start/wake/stop: a queued job is picked up after wake(), stop() waits for the run in progress
  await queue(db, 'late', new Date().toISOString());
  let release!: () => void;
  const blocked = new Promise<void>((r) => (release = r));
  const c = new DemoRunner(db, 'C', () => blocked);
  c.start();
  for (let i = 0; i < 100 && !c.ran.includes('late'); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(c.ran.includes('late'));
  const stopping = c.stop();
  let stopped = false;
  void stopping.then(() => (stopped = true));
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(stopped, false, 'stop waits for the job in progress');
  release();
  await stopping;
  assert.equal((await row(db, 'late')).status, 'SUCCEEDED');
  db.close();
});
