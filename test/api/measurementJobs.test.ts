/** The durable job queue: atomic claims, lease expiry after a crash, racing runners (issue 9 §3). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { MeasurementJobRunner } from '../../api/services/measurementJobRunner.ts';
import { resolveTrackedObjects } from '../../api/services/measurements.ts';
import { openDatabase } from '../../storage/db.ts';
import { claimNextJob, completeJob, findJob, insertJob } from '../../storage/measurementJobs.ts';
import { migrate } from '../../storage/migrations.ts';
import { inspectTrackingFile } from '../../engine/tracking/index.ts';
import { createTestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';

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
