/**
 * Issue 14 item 6: a TDM angle without its partner at the same epoch is reported with its line at inspect and
 * upload and not stored (never an AZEL/RADEC with a null component, never a job failing on the database); Orekit's
 * valid TDMExampleAllKeywords samples upload and store; content errors fail a job at once with a TRK code and no SQL
 * text; infrastructure errors alone are retried.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { classifyJobFailure } from '../../api/jobs/measurementJobRunner.ts';
import { findJob } from '../../storage/measurementJobs.ts';
import { PoolSaturatedError, TaskTimeoutError } from '../../workers/poolTypes.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';

const TDM_DIR = new URL('../fixtures/ccsds/tdm/', import.meta.url);

let svc: TestService;
let key: string;
let organizationId: string;
before(async () => {
  svc = await createTestService();
  await svc.jobRunner.stop(); // jobs are drained by hand
  ({ secret: key, organizationId } = await svc.key());
  for (const name of ['yyyy-nnnA', 'LONE-ANGLE', 'TRIGGER-CRAFT']) {
    assert.equal((await svc.request('POST', '/operations/spacecraft', { key, json: { name } })).status, 201);
  }
});
after(async () => svc.close());

async function upload(name: string, content: string): Promise<{ status: number; result: Record<string, any> }> {
  const response = await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name, content }]) });
  return { status: response.status, result: (await response.json()).results[0] };
}

async function storedRows(jobId: string) {
  return (await svc.db.execute({ sql: 'SELECT type, epoch, value_1, value_2, units FROM measurements WHERE job_id = ? ORDER BY epoch', args: [jobId] })).rows;
}

/** 1-based line of the first line of `text` containing `fragment`. */
function lineOf(text: string, fragment: string): number {
  return text.split('\n').findIndex((line) => line.includes(fragment)) + 1;
}

describe('TDM angles come in pairs', () => {
  test('ANGLE_2 without ANGLE_1 (and vice versa): named with its line at inspect and upload, the rest stored, the job succeeds first time', async () => {
    const text = makeTdm({ participants: ['DSS-65', 'LONE-ANGLE'], start: '2026-08-01T00:00:00', count: 3 })
      .replace('ANGLE_1 = 2026-08-01T00:00:01.000 10.0100\n', '')
      .replace('ANGLE_2 = 2026-08-01T00:00:02.000 44.9800\n', '');
    const lone2 = lineOf(text, 'ANGLE_2 = 2026-08-01T00:00:01.000');
    const lone1 = lineOf(text, 'ANGLE_1 = 2026-08-01T00:00:02.000');
    const inspect = await (await svc.request('POST', '/operations/measurements/inspect', { key, body: filesForm([{ name: 'lone.tdm', content: text }], 'file') })).json();
    assert.equal(inspect.valid, true);
    assert.equal(inspect.measurementCount, 4); // 3 RANGE + 1 AZEL pair
    assert.deepEqual(inspect.warnings, [
      `line ${lone2}: ANGLE_2 at 2026-08-01T00:00:01.000 has no ANGLE_1 at the same epoch; not stored (angles are stored as AZEL pairs)`,
      `line ${lone1}: ANGLE_1 at 2026-08-01T00:00:02.000 has no ANGLE_2 at the same epoch; not stored (angles are stored as AZEL pairs)`,
    ]);
    const { status, result } = await upload('lone.tdm', text);
    assert.equal(status, 202);
    assert.deepEqual(result.warnings, inspect.warnings);
    assert.equal(await svc.jobRunner.drain(), 1);
    const job = (await findJob(svc.db, organizationId, result.jobId))!;
    assert.equal(job.status, 'SUCCEEDED', String(job.error));
    assert.equal(job.attempts, 1);
    const rows = await storedRows(result.jobId);
    assert.equal(rows.length, 4);
    const azel = rows.filter((r) => r.type === 'AZEL');
    assert.deepEqual(azel.map((r) => [r.epoch, r.value_1, r.value_2]), [['2026-08-01T00:00:00.000000Z', 10, 45]]);
  });

  test("Orekit's valid TDMExampleAllKeywords samples (KVN sequential, XML single-diff) upload and store their measurements", async () => {
    for (const name of ['TDMExampleAllKeywordsSequential.txt', 'TDMExampleAllKeywordsSingleDiff.xml']) {
      const text = readFileSync(new URL(name, TDM_DIR), 'utf8');
      const { status, result } = await upload(name, text);
      assert.equal(status, 202, JSON.stringify(result));
      assert.equal(result.warnings.length, 2, JSON.stringify(result.warnings));
      assert.match(result.warnings[0], new RegExp(`^line ${lineOf(text, '2062.6480624709635516')}: ANGLE_1 at 2017-06-14T10:53:36(\\.000)? has no ANGLE_2`));
      assert.match(result.warnings[1], new RegExp(`^line ${lineOf(text, '2119.9438419840458724')}: ANGLE_2 at 2017-06-14T10:53:37(\\.000)? has no ANGLE_1`));
      assert.equal(await svc.jobRunner.drain(), 1);
      const job = (await findJob(svc.db, organizationId, result.jobId))!;
      assert.equal(job.status, 'SUCCEEDED', String(job.error));
      const rows = await storedRows(result.jobId);
      assert.deepEqual(
        rows.map((r) => [r.type, String(r.epoch).slice(11, 19), r.value_1, JSON.parse(String(r.units))[0]]),
        [
          ['DOPPLER', '10:53:03', 0.003, 'km/s'],
          ['DOPPLER', '10:53:04', 0.004, 'km/s'],
          ['RANGE', '10:53:17', 17, 'RU'],
          ['DOPPLER', '10:53:18', 18, 'Hz'],
          ['DOPPLER', '10:53:19', 19, 'Hz'],
          ['DOPPLER', '10:53:20', 20, 'Hz'],
          ['DOPPLER', '10:53:21', 21, 'Hz'],
          ['DOPPLER', '10:53:22', 22, 'Hz'],
          ['DOPPLER', '10:53:23', 23, 'Hz'],
        ],
        name,
      );
    }
  });
});

describe('job failures: content at once with a TRK code and no SQL, infrastructure retried', () => {
  test('a value the database refuses fails the job on its first attempt, names only the result code, stores nothing', async () => {
    await svc.db.execute(`CREATE TRIGGER refuse_big_range BEFORE INSERT ON measurements WHEN NEW.value_1 > 1e6
      BEGIN SELECT RAISE(ABORT, 'measurements.value_1 refused by INSERT trigger'); END`);
    try {
      const text = makeTdm({ participants: ['DSS-65', 'TRIGGER-CRAFT'], start: '2026-09-01T00:00:00', count: 2000 }).replace('RANGE = 2026-09-01T00:16:40.000 2000.000', 'RANGE = 2026-09-01T00:16:40.000 2000000.000');
      const { status, result } = await upload('refused.tdm', text);
      assert.equal(status, 202);
      assert.equal(await svc.jobRunner.drain(), 1);
      const job = (await findJob(svc.db, organizationId, result.jobId))!;
      assert.equal(job.status, 'FAILED');
      assert.equal(job.attempts, 1);
      assert.match(job.error!, /^TRK-1007: the database refused a value of the file \(SQLITE_CONSTRAINT[A-Z_]*\)$/);
      assert.doesNotMatch(job.error!, /INSERT|measurements|value_1|refused by/);
      assert.equal((await storedRows(result.jobId)).length, 0, 'the chunks staged before the failure were removed');
      assert.equal(Number((await svc.db.execute('SELECT COUNT(*) AS n FROM staged_writes')).rows[0]!.n), 0);
    } finally {
      await svc.db.execute('DROP TRIGGER refuse_big_range');
    }
  });

  test('classification: database refusals and parse errors are content; busy database, saturated pool, budget, crash are retried', () => {
    const libsql = (code: string, message: string) => Object.assign(new Error(message), { code, name: 'LibsqlError' });
    const notNull = classifyJobFailure(libsql('SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT_NOTNULL: NOT NULL constraint failed: measurements.value_1'));
    assert.deepEqual(notNull, { retry: false, message: 'TRK-1007: the database refused a value of the file (SQLITE_CONSTRAINT_NOTNULL)' });
    assert.equal(classifyJobFailure(new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments')).retry, false);
    assert.deepEqual(classifyJobFailure(libsql('SQLITE_BUSY', 'SQLITE_BUSY: database is locked')), { retry: true, message: 'database unavailable (SQLITE_BUSY); the job is retried' });
    assert.equal(classifyJobFailure(new PoolSaturatedError()).retry, true);
    assert.equal(classifyJobFailure(new TaskTimeoutError('tracking.stream', 1000)).retry, true);
    const crash = classifyJobFailure(new Error('worker exited with code 1 while reading /secret/path'));
    assert.deepEqual(crash, { retry: true, message: 'infrastructure failure (Error); the job is retried' });
  });
});
