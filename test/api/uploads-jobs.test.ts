/**
 * Issue 15 items 9–10: idempotent uploads (tracking files and OPM states) and upload jobs you can see — a paged,
 * filtered job list, progress while running, cancelling a queued job, the upload batch id on every job.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getJob } from '../../api/services/measurements/jobs.ts';
import { claimNextJob } from '../../storage/measurementJobs.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';

const tdm = (start: string, count = 3, craft = 'IDEM-SAT') => makeTdm({ participants: ['DSS-1', craft], start, count });

describe('idempotent uploads and upload jobs', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    await svc.jobRunner.stop(); // jobs are run by hand (drain) so their states are observable
    key = (await svc.key()).secret;
    craft = (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'IDEM-SAT' } })).json()).id;
  });
  after(async () => svc.close());

  const upload = async (files: Array<{ name: string; content: string }>, query = '', withKey = key) => {
    const response = await svc.request('POST', `/operations/measurements${query}`, { key: withKey, body: filesForm(files) });
    return { status: response.status, body: await response.json() };
  };
  const jobs = async (query = '') => (await svc.request('GET', `/operations/measurements/jobs${query}`, { key })).json();
  const findJobOrganization = async (jobId: string) =>
    (await svc.db.execute({ sql: 'SELECT organization_id FROM measurement_jobs WHERE id = ?', args: [jobId] })).rows[0]?.organization_id as string | undefined;
  const measurementCount = async () =>
    (await (await svc.request('GET', '/operations/measurements?startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z&size=1', { key })).json()).totalElements;

  test('9. the same file for the same spacecraft → the existing job (status duplicate), nothing stored twice; allowDuplicate stores it again', async () => {
    const content = tdm('2026-01-01T00:00:00');
    const first = await upload([{ name: 'pass.tdm', content }]);
    assert.equal(first.status, 202);
    const jobId = first.body.results[0].jobId;
    // Queued, not yet run: a second upload (even under another name) answers the queued job.
    const again = await upload([{ name: 'renamed.tdm', content }]);
    assert.equal(again.status, 202, 'a duplicate is not a failure');
    const [result] = again.body.results;
    assert.equal(result.status, 'duplicate');
    assert.equal(result.jobId, jobId);
    assert.equal(result.params.duplicateOfJobId, jobId);
    assert.match(result.message, /allowDuplicate=true/);
    assert.equal(again.body.successCount, 1);
    await svc.jobRunner.drain();
    assert.equal(await measurementCount(), 6);
    // Succeeded with its measurements stored: still a duplicate.
    assert.equal((await upload([{ name: 'pass.tdm', content }])).body.results[0].status, 'duplicate');
    await svc.jobRunner.drain();
    assert.equal(await measurementCount(), 6, 'not stored twice');
    // Explicitly allowed: a new job, the rows stored again.
    const forced = await upload([{ name: 'pass.tdm', content }], '?allowDuplicate=true');
    assert.equal(forced.body.results[0].status, 'success');
    assert.notEqual(forced.body.results[0].jobId, jobId);
    await svc.jobRunner.drain();
    assert.equal(await measurementCount(), 12);
    // Two identical files in one upload: the second is a duplicate of the first.
    const twice = await upload([{ name: 'a.tdm', content: tdm('2026-02-01T00:00:00') }, { name: 'b.tdm', content: tdm('2026-02-01T00:00:00') }]);
    assert.deepEqual(twice.body.results.map((r: { status: string }) => r.status), ['success', 'duplicate']);
    assert.equal(twice.body.results[1].jobId, twice.body.results[0].jobId);
    await svc.jobRunner.drain();
  });

  test('9. what no longer counts is not a duplicate: measurements deleted by file, a cancelled job, another spacecraft', async () => {
    const content = tdm('2026-03-01T00:00:00');
    const first = await upload([{ name: 'del.tdm', content }]);
    await svc.jobRunner.drain();
    assert.equal((await svc.request('DELETE', `/operations/measurements/by-file?spacecraftId=${craft}&file=del.tdm`, { key })).status, 200);
    const reupload = await upload([{ name: 'del.tdm', content }]);
    assert.equal(reupload.body.results[0].status, 'success', 'its measurements were deleted: the content is new again');
    assert.notEqual(reupload.body.results[0].jobId, first.body.results[0].jobId);
    assert.equal((await svc.request('DELETE', `/operations/measurements/jobs/${reupload.body.results[0].jobId}`, { key })).status, 200);
    assert.equal((await upload([{ name: 'del.tdm', content }])).body.results[0].status, 'success', 'a cancelled job does not count');
    await svc.jobRunner.drain();
    // The same bytes resolved to another craft (same name in another organization) are that craft's first upload.
    const other = (await svc.key({ organization: 'org-other' })).secret;
    await svc.request('POST', '/operations/spacecraft', { key: other, json: { name: 'IDEM-SAT' } });
    assert.equal((await upload([{ name: 'del.tdm', content }], '', other)).body.results[0].status, 'success');
  });

  test('9. an identical OPM state (same craft, epoch, frame, values) → the existing state vector unless allowDuplicate', async () => {
    const opm = [
      'CCSDS_OPM_VERS = 2.0', 'CREATION_DATE = 2023-03-08T00:00:00', 'ORIGINATOR = TEST', 'OBJECT_NAME = IDEM-SAT', 'OBJECT_ID = 2023-001A',
      'CENTER_NAME = EARTH', 'REF_FRAME = GCRF', 'TIME_SYSTEM = UTC', 'EPOCH = 2023-03-08T06:30:00.000',
      'X = 1078.7057558860126', 'Y = 473.89419427067367', 'Z = -6987.482439539717',
      'X_DOT = 6.0638805111585015', 'Y_DOT = -4.359194026524568', 'Z_DOT = 0.643596859521826', '',
    ].join('\n');
    const importOpm = async (query = '') =>
      (await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft}${query}`, { key, body: filesForm([{ name: 's.opm', content: opm }]) })).json();
    const first = (await importOpm()).results[0];
    assert.equal(first.status, 'success');
    const second = (await importOpm()).results[0];
    assert.equal(second.status, 'duplicate');
    assert.equal(second.stateVectorId, first.stateVectorId);
    const moved = (await (await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft}`, {
      key,
      body: filesForm([{ name: 's2.opm', content: opm.replace('X = 1078.7057558860126', 'X = 1078.7057558861') }]),
    })).json()).results[0];
    assert.equal(moved.status, 'success', 'another value is another state');
    const forced = (await importOpm('&allowDuplicate=true')).results[0];
    assert.equal(forced.status, 'success');
    assert.notEqual(forced.stateVectorId, first.stateVectorId);
  });

  test('10. every job keeps its upload batch id; the list is paged and filters by status, spacecraft, file and batch', async () => {
    const batch = await upload([{ name: 'b1.tdm', content: tdm('2026-04-01T00:00:00') }, { name: 'b2.tdm', content: tdm('2026-04-02T00:00:00') }]);
    assert.match(batch.body.batchId, /^[0-9a-f-]{36}$/);
    const ids = batch.body.results.map((r: { jobId: string }) => r.jobId);
    const listed = await jobs(`?batchId=${batch.body.batchId}`);
    assert.deepEqual(listed.content.map((j: { jobId: string }) => j.jobId).sort(), [...ids].sort());
    for (const job of listed.content) {
      assert.equal(job.batchId, batch.body.batchId);
      assert.equal(job.status, 'QUEUED');
      assert.deepEqual(job.spacecraftIds, [craft]);
      assert.deepEqual(job.progress, { rowsStored: 0, expectedRows: 6, fraction: 0 });
    }
    assert.deepEqual((await jobs('?file=b1.tdm')).content.map((j: { jobId: string }) => j.jobId), [ids[0]]);
    const queued = await jobs('?status=QUEUED');
    assert.ok(queued.content.every((j: { status: string }) => j.status === 'QUEUED') && queued.totalElements >= 2);
    assert.ok((await jobs(`?spacecraftId=${craft}&size=1`)).totalElements >= 4);
    assert.equal((await jobs('?spacecraftId=no-such-craft')).totalElements, 0);
    const page = await jobs('?size=1&page=0&sort=createdAt,desc');
    assert.equal(page.size, 1);
    assert.equal(page.content.length, 1);
    assert.equal((await svc.request('GET', '/operations/measurements/jobs?status=DONE', { key })).status, 400);
    assert.equal((await svc.request('GET', '/operations/measurements/jobs?page=2147483648', { key })).status, 400);
    await svc.jobRunner.drain();
    const done = await jobs(`?batchId=${batch.body.batchId}&status=SUCCEEDED,FAILED`);
    assert.equal(done.totalElements, 2);
    for (const job of done.content) assert.deepEqual(job.progress, { rowsStored: 6, expectedRows: 6, fraction: 1 });
    // another organization sees none of them
    const stranger = (await svc.key({ organization: 'org-stranger' })).secret;
    const theirs = await (await svc.request('GET', `/operations/measurements/jobs?batchId=${batch.body.batchId}`, { key: stranger })).json();
    assert.equal(theirs.totalElements, 0);
  });

  test('10. progress while running: rows stored of rows expected, read while the job inserts', async () => {
    const big = tdm('2026-05-01T00:00:00', 20_000); // 40,000 measurements (RANGE + AZEL per epoch): several 8,192-row batches
    const { body } = await upload([{ name: 'big.tdm', content: big }]);
    const jobId = body.results[0].jobId;
    const organizationId = (await findJobOrganization(jobId))!;
    // The job re-parses the stored bytes on the pool (as after a restart or on another instance): its batches arrive
    // from the worker one by one, and the event loop runs in between.
    svc.jobRunner.parsedFiles.clear();
    const running = svc.jobRunner.drain();
    let finished = false;
    void running.then(() => (finished = true));
    const seen: number[] = [];
    // The job view as GET …/jobs/{jobId} builds it (storage row + this process's runner). Read through the service:
    // on one embedded database the job's single insert transaction holds the write lock the request audit needs.
    while (!finished) {
      const job = await getJob(svc.db, organizationId, jobId, svc.jobRunner);
      if (job.status === 'RUNNING') seen.push(job.progress.rowsStored);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await running;
    assert.ok(seen.some((rows) => rows > 0 && rows < 40_000), `a partial count was seen while running (${seen.slice(0, 10).join(', ')})`);
    assert.ok(seen.every((rows, i) => i === 0 || rows >= seen[i - 1]!), 'progress never goes back');
    const done = await (await svc.request('GET', `/operations/measurements/jobs/${jobId}`, { key })).json();
    assert.equal(done.status, 'SUCCEEDED');
    assert.deepEqual(done.progress, { rowsStored: 40_000, expectedRows: 40_000, fraction: 1 });
  });

  test('10. DELETE cancels a queued job (CANCELLED, never run, nothing stored); 409 when running or done; 404 when unknown', async () => {
    const queued = (await upload([{ name: 'cancel.tdm', content: tdm('2026-06-01T00:00:00') }])).body.results[0].jobId;
    const cancelled = await svc.request('DELETE', `/operations/measurements/jobs/${queued}`, { key });
    assert.equal(cancelled.status, 200);
    const view = await cancelled.json();
    assert.equal(view.status, 'CANCELLED');
    assert.ok(view.finishedAt);
    assert.equal(await svc.jobRunner.drain(), 0, 'a cancelled job is never claimed');
    const stored = await (await svc.request('GET', '/operations/measurements?startDate=2026-06-01T00:00:00Z&endDate=2026-06-02T00:00:00Z', { key })).json();
    assert.equal(stored.totalElements, 0);
    const again = await svc.request('DELETE', `/operations/measurements/jobs/${queued}`, { key });
    assert.equal(again.status, 409);
    assert.equal((await again.json()).details.status, 'CANCELLED');

    const succeeded = (await upload([{ name: 'done.tdm', content: tdm('2026-06-03T00:00:00') }])).body.results[0].jobId;
    await svc.jobRunner.drain();
    const late = await svc.request('DELETE', `/operations/measurements/jobs/${succeeded}`, { key });
    assert.equal(late.status, 409);
    assert.equal((await late.json()).error, 'JOB_NOT_CANCELLABLE');

    const toRun = (await upload([{ name: 'running.tdm', content: tdm('2026-06-04T00:00:00') }])).body.results[0].jobId;
    const claimed = await claimNextJob(svc.db, 'another-runner', 60_000); // a runner (of any instance) has it
    assert.equal(claimed?.job.id, toRun);
    assert.equal((await svc.request('DELETE', `/operations/measurements/jobs/${toRun}`, { key })).status, 409);

    assert.equal((await svc.request('DELETE', '/operations/measurements/jobs/no-such-job', { key })).status, 404);
    const stranger = (await svc.key({ organization: 'org-stranger-2' })).secret;
    assert.equal((await svc.request('DELETE', `/operations/measurements/jobs/${toRun}`, { key: stranger })).status, 404);
    const readOnly = (await svc.key({ permissions: ['read:tracking'] })).secret;
    assert.equal((await svc.request('DELETE', `/operations/measurements/jobs/${toRun}`, { key: readOnly })).status, 403);
    assert.equal((await svc.request('GET', '/operations/measurements/jobs', { key: readOnly })).status, 200);
  });
});
