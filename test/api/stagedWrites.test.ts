/**
 * Issue 14 item 1: bulk writes are staged in short chunks that readers never see, published at once by one small
 * transaction (only by the lease holder), and removed when an attempt fails, crashes or loses its lease; the event
 * loop keeps serving requests while a large job inserts.
 */
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { MeasurementJobRunner } from '../../api/services/measurementJobRunner.ts';
import { inspectTrackingFile } from '../../engine/tracking/index.ts';
import { resolveTrackedObjects } from '../../api/services/measurements.ts';
import { claimNextJob, findJob, insertJob } from '../../storage/measurementJobs.ts';
import {
  deleteMeasurementsByFile,
  insertMeasurements,
  MEASUREMENTS_TABLE,
  queryMeasurements,
  setOutlierByFile,
  setOutlierByIds,
  type NewMeasurement,
} from '../../storage/measurements.ts';
import { abandonBatches, StagedBatch, StagedBatchAbandonedError } from '../../storage/stagedWrites.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';

let svc: TestService;
let key: string;
let organizationId: string;
let craftId: string;
before(async () => {
  svc = await createTestService();
  await svc.jobRunner.stop(); // jobs are driven by hand
  ({ secret: key, organizationId } = await svc.key());
  const created = await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'Staged craft' } });
  craftId = (await created.json()).id;
});
after(async () => svc.close());

const DAY = { startEpoch: '2026-10-01T00:00:00.000000Z', endEpoch: '2026-10-02T00:00:00.000000Z', spacecraftIds: null, types: null, includeOutliers: true };
const PAGE = { page: 0, size: 1000, sort: [{ field: 'epoch', direction: 'asc' as const }] };

function rows(count: number, from = 0): NewMeasurement[] {
  return Array.from({ length: count }, (_, i) => ({
    spacecraftId: craftId, type: 'RANGE', epoch: `2026-10-01T00:${String(Math.floor((from + i) / 60) % 60).padStart(2, '0')}:${String((from + i) % 60).padStart(2, '0')}.000000Z`,
    values: [1000 + from + i], units: ['km'], sigma: null, participants: ['DSS-65', 'Staged craft'], station: 'DSS-65', frame: null,
  }));
}

/** Stages `count` rows of file `file` in chunks of `chunk` rows into a new batch of job `jobId`. */
async function stage(jobId: string, file: string, count: number, chunk = 100): Promise<StagedBatch> {
  const batch = await StagedBatch.open(svc.db, { jobTable: 'measurement_jobs', jobId, owner: 'test' }, [MEASUREMENTS_TABLE]);
  const all = rows(count);
  for (let at = 0; at < count; at += chunk) {
    await batch.chunk(async (tx) => {
      await insertMeasurementsIn(tx, jobId, file, all.slice(at, at + chunk), batch.id);
    });
  }
  return batch;
}

/** Inserts `measurements` of file `file` into staged batch `batchId`. */
async function insertMeasurementsIn(tx: Parameters<typeof insertMeasurements>[0], jobId: string, file: string, measurements: NewMeasurement[], batchId: number) {
  await insertMeasurements(tx, organizationId, jobId, file, measurements, batchId);
}

const count = async (sql: string, args: Array<string | number> = []) => Number((await svc.db.execute({ sql, args })).rows[0]!.n);

describe('staged batches', () => {
  test('staged rows are invisible to the query, outlier and delete-by-file operations until published, then all appear at once', async () => {
    const batch = await stage('job-visible', 'visible.tdm', 450);
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE batch_id = ?', [batch.id]), 450, 'rows are written');
    assert.equal((await queryMeasurements(svc.db, organizationId, DAY, PAGE)).total, 0);
    assert.equal(await setOutlierByFile(svc.db, organizationId, 'visible.tdm', true), 0);
    const someId = String((await svc.db.execute({ sql: 'SELECT id FROM measurements WHERE batch_id = ? LIMIT 1', args: [batch.id] })).rows[0]!.id);
    assert.equal(await setOutlierByIds(svc.db, organizationId, [someId], true), 0);
    assert.equal(await deleteMeasurementsByFile(svc.db, organizationId, craftId, 'visible.tdm'), 0);
    assert.equal(await batch.publish(), true);
    const page = await queryMeasurements(svc.db, organizationId, DAY, PAGE);
    assert.equal(page.total, 450);
    assert.ok(page.items.every((m) => !m.outlier), 'the outlier update did not reach the staged rows');
    assert.equal(await setOutlierByFile(svc.db, organizationId, 'visible.tdm', true), 450);
    assert.equal(await deleteMeasurementsByFile(svc.db, organizationId, craftId, 'visible.tdm'), 450);
    assert.equal(await count('SELECT COUNT(*) AS n FROM staged_writes'), 0);
  });

  test('a refused publication (lease lost) publishes nothing; abandon removes every row; an abandoned batch takes no more chunks', async () => {
    const batch = await stage('job-refused', 'refused.tdm', 300);
    assert.equal(await batch.publish(async () => false), false);
    assert.equal((await queryMeasurements(svc.db, organizationId, DAY, PAGE)).total, 0);
    await batch.abandon();
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE job_id = ?', ['job-refused']), 0);
    assert.equal(await count('SELECT COUNT(*) AS n FROM staged_writes'), 0);
    assert.equal(await count('SELECT COUNT(*) AS n FROM staged_write_ranges'), 0);

    // A zombie writer keeps writing a batch that a new attempt of the same job abandoned: its chunks are refused.
    const zombie = await stage('job-zombie', 'zombie.tdm', 50);
    const fresh = await StagedBatch.open(svc.db, { jobTable: 'measurement_jobs', jobId: 'job-zombie', owner: 'new' }, [MEASUREMENTS_TABLE]);
    await assert.rejects(zombie.chunk((tx) => insertMeasurementsIn(tx, 'job-zombie', 'zombie.tdm', rows(10), zombie.id)), StagedBatchAbandonedError);
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE batch_id = ?', [zombie.id]), 0);
    await fresh.abandon();
  });

  test('a crashed attempt: its staged rows are removed when the job runs again, and the job publishes each row once', async () => {
    const text = makeTdm({ participants: ['DSS-65', 'Staged craft'], start: '2026-10-01T03:00:00', count: 700 });
    const inspected = inspectTrackingFile(text);
    assert.ok(inspected.ok);
    const { resolved } = await resolveTrackedObjects(svc.db, organizationId, inspected.summary.objects);
    const job = await insertJob(svc.db, {
      organizationId, filename: 'crash.tdm', format: 'TDM', contentSha256: 'x', content: new TextEncoder().encode(text),
      summary: { resolution: resolved, measurementCount: inspected.summary.measurementCount },
    });
    // The first attempt claims the job with a short lease, stages part of the rows and "dies".
    await claimNextJob(svc.db, 'runner-that-died', 50);
    const crashed = await stage(job.id, 'crash.tdm', 500);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const runner = new MeasurementJobRunner(svc.db, svc.pool, { owner: 'runner-after-restart' });
    assert.equal(await runner.drain(), 1);
    const finished = (await findJob(svc.db, organizationId, job.id))!;
    assert.equal(finished.status, 'SUCCEEDED', String(finished.error));
    assert.equal(finished.attempts, 2);
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE batch_id = ?', [crashed.id]), 0, 'the dead attempt left nothing');
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE job_id = ?', [job.id]), 1400);
    assert.equal(await count('SELECT COUNT(*) AS n FROM staged_writes'), 0);
  });

  test('batches of jobs that ended without them (failed after exhausting attempts) are swept', async () => {
    const job = await insertJob(svc.db, { organizationId, filename: 'orphan.tdm', format: 'TDM', contentSha256: 'x', content: new Uint8Array([1]), summary: {} });
    await stage(job.id, 'orphan.tdm', 120);
    await svc.db.execute({ sql: `UPDATE measurement_jobs SET status = 'FAILED' WHERE id = ?`, args: [job.id] });
    assert.equal(await abandonBatches(svc.db, [MEASUREMENTS_TABLE], { jobTable: 'measurement_jobs' }), 1);
    assert.equal(await count('SELECT COUNT(*) AS n FROM measurements WHERE job_id = ?', [job.id]), 0);
  });
});

describe('the event loop during a large job', () => {
  test('a 100,000-measurement job never holds the event loop long: requests are answered while it inserts', async () => {
    const text = makeTdm({ participants: ['DSS-65', 'Staged craft'], start: '2026-10-03T00:00:00', count: 50_000 });
    const uploaded = await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'big.tdm', content: text }]) });
    assert.equal(uploaded.status, 202);
    const jobId = (await uploaded.json()).results[0].jobId as string;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let answered = 0;
    let running = true;
    const prober = (async () => {
      while (running) {
        const res = await svc.request('GET', `/operations/spacecraft/${craftId}`, { key });
        assert.equal(res.status, 200);
        answered++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      assert.equal(await svc.jobRunner.drain(), 1);
    } finally {
      running = false;
      await prober;
      delay.disable();
    }
    assert.equal((await findJob(svc.db, organizationId, jobId))!.status, 'SUCCEEDED');
    const maxMs = delay.max / 1e6;
    // Before staging the whole insert ran without yielding: the loop was blocked for the whole job (seconds).
    console.log(`longest event-loop block ${maxMs.toFixed(0)} ms, ${answered} answered`);
    assert.ok(maxMs < 1000, `longest event-loop block ${maxMs.toFixed(0)} ms`);
    assert.ok(answered >= 5, `only ${answered} requests answered during the job`);
  });
});
