/** The durable job queue: atomic claims, lease expiry after a crash, racing runners. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { MeasurementJobRunner } from '../../../api/jobs/measurementJobRunner.ts';
import { ParsedFileCache, type ParsedFile } from '../../../api/services/measurements/trackingStream.ts';
import { resolveTrackedObjects } from '../../../api/services/measurements/upload.ts';
import { openDatabase } from '../../../storage/sql/db.ts';
import { claimNextJob, completeJob, findJob, insertJob, writeJobContent } from '../../../storage/measurementJobs.ts';
import { migrate } from '../../../storage/sql/migrations.ts';
import { inspectTrackingFile } from '../../../engine/tracking/index.ts';
import { createTestService, filesForm } from '../../helpers/service.ts';
import { makeTdm } from '../../helpers/tracking.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function queueJob(svc: Awaited<ReturnType<typeof createTestService>>, organizationId: string, craftName: string) {
  const text = makeTdm({ participants: ['DSS-65', craftName], start: '2026-06-01T00:00:00', count: 4 });
  const inspected = inspectTrackingFile(text);
  assert.ok(inspected.ok);
  const { resolved } = await resolveTrackedObjects(svc.db, organizationId, inspected.summary.objects);
  return await insertJob(svc.db, {
    organizationId, filename: 'crash.tdm', format: 'TDM', contentSha256: 'x', content: new TextEncoder().encode(text),
    summary: { resolution: resolved, measurementCount: inspected.summary.measurementCount },
  });
}

test('a job left RUNNING by a killed process is picked up again once its lease expires', async () => {
  const svc = await createTestService();
  try {
    await svc.jobRunner.stop(); // drive the queue by hand
    const { secret, organizationId } = await svc.key();
    const created = await svc.request('POST', '/operations/spacecraft', { key: secret, json: { name: 'Crash Craft' } });
    assert.equal(created.status, 201);
    const job = await queueJob(svc, organizationId, 'Crash Craft');

    // The "killed" runner claims the job with a short lease and never finishes it.
    const dead = await claimNextJob(svc.db, 'runner-that-died', 50);
    assert.equal(dead?.job.id, job.id);
    assert.equal((await findJob(svc.db, organizationId, job.id))!.status, 'RUNNING');
    // While the lease is valid, nobody else may take it.
    assert.equal(await claimNextJob(svc.db, 'someone-else', 60_000), null);
    await new Promise((r) => setTimeout(r, 80));

    // After a restart, a new runner recovers it.
    const restarted = new MeasurementJobRunner(svc.db, svc.pool, { owner: 'runner-after-restart' });
    assert.equal(await restarted.drain(), 1);
    const finished = (await findJob(svc.db, organizationId, job.id))!;
    assert.equal(finished.status, 'SUCCEEDED');
    assert.equal(finished.attempts, 2);
    assert.equal(finished.measurementCount, 8);
    // The dead runner can no longer complete it (its lease is gone): no double insert.
    assert.equal(await completeJob(svc.db, job.id, 'runner-that-died', 8), false);
    const rows = await svc.db.execute({ sql: 'SELECT COUNT(*) AS n FROM measurements WHERE job_id = ?', args: [job.id] });
    assert.equal(Number(rows.rows[0]!.n), 8);
  } finally {
    await svc.close();
  }
});

test('two service instances sharing one database never claim the same job', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-race-'));
  dirs.push(dir);
  const url = `file:${join(dir, 'shared.db')}`;
  const a = await openDatabase({ url });
  await migrate(a);
  const b = await openDatabase({ url });
  await a.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00Z')`);
  const jobCount = 20;
  for (let i = 0; i < jobCount; i++) {
    await insertJob(a, { organizationId: 'org', filename: `f${i}`, format: 'TDM', contentSha256: 'x', content: new Uint8Array([1]), summary: {} });
  }
  // Two instances (two connections) claim as fast as they can, interleaved.
  const claims: Record<string, string[]> = { a: [], b: [] };
  const claimAll = async (db: typeof a, owner: 'a' | 'b') => {
    for (;;) {
      const claimed = await claimNextJob(db, owner, 60_000);
      if (!claimed) return;
      claims[owner]!.push(claimed.job.id);
      await new Promise((r) => setImmediate(r));
    }
  };
  await Promise.all([claimAll(a, 'a'), claimAll(b, 'b')]);
  const all = [...claims.a!, ...claims.b!];
  assert.equal(all.length, jobCount, 'every job claimed once');
  assert.equal(new Set(all).size, jobCount, 'no job claimed twice');
  assert.ok(claims.a!.length > 0 && claims.b!.length > 0, `both instances got work (a ${claims.a!.length}, b ${claims.b!.length})`);
  a.close();
  b.close();
});

test('parse once: the job inserts the batches the upload parsed; after the cache is dropped it re-parses the stored bytes with the same rows', async () => {
  const svc = await createTestService();
  try {
    await svc.jobRunner.stop(); // drive the queue by hand
    const { secret, organizationId } = await svc.key();
    const created = await svc.request('POST', '/operations/spacecraft', { key: secret, json: { name: 'Cache Craft' } });
    assert.equal(created.status, 201);
    const text = makeTdm({ participants: ['DSS-65', 'Cache Craft'], start: '2026-07-01T00:00:00', count: 25 });
    const uploadOne = async (name: string): Promise<string> => {
      // The same content three times on purpose: allowDuplicate (uploads are otherwise idempotent).
      const res = await svc.request('POST', '/operations/measurements?allowDuplicate=true', { key: secret, body: filesForm([{ name, content: text }]) });
      assert.equal(res.status, 202, await res.clone().text());
      return (await res.json()).results[0].jobId as string;
    };
    const cache = svc.jobRunner.parsedFiles;

    // 1. Cached: the upload's parse is used. Proof: the stored bytes are made unparseable and the job still succeeds.
    const cachedJob = await uploadOne('cached.tdm');
    assert.equal(cache.size, 1);
    assert.ok(cache.bytes > 0);
    await writeJobContent(svc.db, cachedJob, new TextEncoder().encode('not a tracking file'));
    assert.equal(await svc.jobRunner.drain(), 1);
    let job = (await findJob(svc.db, organizationId, cachedJob))!;
    assert.equal(job.status, 'SUCCEEDED', String(job.error));
    assert.equal(job.measurementCount, 50);
    assert.equal(cache.size, 0, 'the job took its entry');
    assert.equal(cache.bytes, 0);

    // 2. Fallback: the cache was dropped (evicted, or a restart) → the job parses the stored bytes again.
    const fallbackJob = await uploadOne('fallback.tdm');
    assert.equal(cache.size, 1);
    cache.clear();
    assert.equal(await svc.jobRunner.drain(), 1);
    job = (await findJob(svc.db, organizationId, fallbackJob))!;
    assert.equal(job.status, 'SUCCEEDED', String(job.error));
    assert.equal(job.measurementCount, 50);

    // Both paths stored the same measurements.
    const rowsOf = async (jobId: string) =>
      (await svc.db.execute({
        sql: `SELECT spacecraft_id, type, epoch, value_1, value_2, value_3, value_4, value_5, value_6, units, sigma, participants, station,
                reference_frame, outlier FROM measurements WHERE job_id = ? ORDER BY epoch, type`,
        args: [jobId],
      })).rows.map((r) => JSON.stringify(r));
    const cachedRows = await rowsOf(cachedJob);
    assert.equal(cachedRows.length, 50);
    assert.deepEqual(cachedRows, await rowsOf(fallbackJob));

    // 3. Fallback with bad stored bytes fails the job without retry and stores nothing.
    const brokenJob = await uploadOne('broken.tdm');
    cache.clear();
    await writeJobContent(svc.db, brokenJob, new TextEncoder().encode('not a tracking file'));
    assert.equal(await svc.jobRunner.drain(), 1);
    job = (await findJob(svc.db, organizationId, brokenJob))!;
    assert.equal(job.status, 'FAILED');
    assert.equal(job.attempts, 1);
    const stored = await svc.db.execute({ sql: 'SELECT COUNT(*) AS n FROM measurements WHERE job_id = ?', args: [brokenJob] });
    assert.equal(Number(stored.rows[0]!.n), 0);
  } finally {
    await svc.close();
  }
});

test('the parsed-upload cache keeps at most its cap, evicting the oldest entries, and drops stale ones', () => {
  const entry = (bytes: number): ParsedFile => ({ batches: [], end: { ok: false, format: null, errors: [] }, bytes });
  const cache = new ParsedFileCache(100, 1000);
  assert.equal(cache.put('a', entry(40), 0), true);
  assert.equal(cache.put('b', entry(40), 10), true);
  assert.equal(cache.put('c', entry(40), 20), true); // evicts a
  assert.equal(cache.size, 2);
  assert.equal(cache.bytes, 80);
  assert.equal(cache.take('a'), null);
  assert.equal(cache.put('huge', entry(101), 30), false, 'an entry over the cap is not kept');
  assert.equal(cache.bytes, 80);
  assert.equal(cache.take('b')?.bytes, 40);
  assert.equal(cache.take('b'), null, 'taken once');
  assert.equal(cache.put('d', entry(10), 2000), true); // c is older than 1000 ms: dropped
  assert.equal(cache.take('c'), null);
  assert.equal(cache.size, 1);
  assert.equal(cache.bytes, 10);
});
