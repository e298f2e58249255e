/** Tracking measurements through HTTP: upload outcomes, jobs, resolution, query, outliers, delete. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';

const FIXTURES = new URL('../fixtures/ccsds/', import.meta.url).pathname;

const form = filesForm;

async function waitForJob(svc: TestService, key: string, jobId: string): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i++) {
    const res = await svc.request('GET', `/operations/measurements/jobs/${jobId}`, { key });
    assert.equal(res.status, 200);
    const job = await res.json();
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
    svc.jobRunner.wake();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('measurements', () => {
  let svc: TestService;
  let key: string;
  let otherKey: string;
  const craft: Record<string, string> = {};

  async function createCraft(body: Record<string, unknown>, k = key): Promise<string> {
    const res = await svc.request('POST', '/operations/spacecraft', { key: k, json: body });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()).id;
  }

  async function upload(files: Array<{ name: string; content: string | Uint8Array }>, headers: Record<string, string> = {}, k = key) {
    const res = await svc.request('POST', '/operations/measurements', { key: k, body: form(files), headers });
    return { status: res.status, body: await res.json() };
  }

  before(async () => {
    svc = await createTestService();
    key = (await svc.key({ organization: 'tracking-a' })).secret;
    otherKey = (await svc.key({ organization: 'tracking-b' })).secret;
    craft.byName = await createCraft({ name: 'Sentinel-Test' });
    craft.byExternalKey = await createCraft({ name: 'Ext craft', externalKey: 'EXT-77' });
    craft.byNorad = await createCraft({ name: 'Norad craft', noradId: 43013 });
    craft.byCospar = await createCraft({ name: 'Cospar craft', cosparId: '2019-029AB' });
    craft.mgs = await createCraft({ name: 'MARS GLOBAL SURVEYOR', cosparId: '1996-062A' });
    craft.tdmSample = await createCraft({ name: 'yyyy-nnnA' });
  });
  after(async () => svc.close());

  test('a valid TDM: 202, a durable job, then queryable measurements (RANGE and paired AZEL)', async () => {
    const tdm = makeTdm({ participants: ['DSS-25', 'Sentinel-Test'], start: '2026-11-01T00:00:00', count: 5 });
    const { status, body } = await upload([{ name: 'pass-1.tdm', content: tdm }]);
    assert.equal(status, 202);
    assert.equal(body.successCount, 1);
    assert.equal(body.totalCount, 1);
    const result = body.results[0];
    assert.equal(result.status, 'success');
    assert.equal(result.filename, 'pass-1.tdm');
    assert.deepEqual(result.measurementContext, {
      startDate: '2026-11-01T00:00:00.000000Z',
      endDate: '2026-11-01T00:00:04.000000Z',
      spacecraftIds: [craft.byName],
      measurementTypes: ['RANGE', 'AZEL'],
    });
    assert.match(result.uncertaintySummary, /no per-observation uncertainty/);
    const job = await waitForJob(svc, key, result.jobId);
    assert.equal(job.status, 'SUCCEEDED');
    assert.equal(job.measurementCount, 10);
    assert.equal(job.attempts, 1);

    const res = await svc.request('GET', '/operations/measurements?startDate=2026-11-01T00:00:00Z&endDate=2026-11-01T00:00:04Z&size=100', { key });
    assert.equal(res.status, 200);
    const page = await res.json();
    assert.equal(page.totalElements, 10, 'inclusive bounds');
    assert.equal(page.content[0].epoch, '2026-11-01T00:00:04.000000Z', 'newest first by default');
    const azel = page.content.find((m: any) => m.type === 'AZEL');
    assert.deepEqual(azel.values, { azimuth: 10.04, elevation: 44.96 });
    assert.deepEqual(azel.units, { azimuth: 'deg', elevation: 'deg' });
    const range = page.content.find((m: any) => m.type === 'RANGE');
    assert.deepEqual(range.values, { range: 1004 });
    assert.equal(range.station, 'DSS-25');
    assert.equal(range.sourceFile, 'pass-1.tdm');
    assert.equal(range.spacecraftId, craft.byName);
    assert.equal(range.outlier, false);
  });

  test('resolution by id, externalKey, name (case-insensitive), NORAD and COSPAR; unresolved fails the file listing the ids', async () => {
    const cases: Array<[string, string]> = [
      [craft.byName, craft.byName],
      ['EXT-77', craft.byExternalKey],
      ['sentinel-test', craft.byName],
      ['43013', craft.byNorad],
      ['2019-029AB', craft.byCospar],
    ];
    for (const [identifier, expected] of cases) {
      const tdm = makeTdm({ participants: ['GS-1', identifier], start: '2026-10-01T00:00:00', count: 1 });
      const { status, body } = await upload([{ name: `res-${identifier}.tdm`, content: tdm }]);
      assert.equal(status, 202, `${identifier}: ${JSON.stringify(body)}`);
      assert.deepEqual(body.results[0].measurementContext.spacecraftIds, [expected], identifier);
    }
    const unknown = makeTdm({ participants: ['GS-1', 'NOBODY-1'], start: '2026-10-01T00:00:00', count: 1 });
    const { status, body } = await upload([{ name: 'unknown.tdm', content: unknown }]);
    assert.equal(status, 207);
    const failed = body.results[0];
    assert.equal(failed.status, 'failed');
    assert.equal(failed.errorCode, 'TRK-1003');
    assert.equal(failed.code, 'import.tracking.tdm.unresolved_spacecraft');
    assert.match(failed.message, /GS-1 \/ NOBODY-1/);
    assert.deepEqual(failed.params.unresolvedObjects, ['GS-1 / NOBODY-1']);
    assert.equal(failed.jobId, null);
  });

  test('mixed batch → 207 with per-file results; a malformed file names its line', async () => {
    const good = makeTdm({ participants: ['DSS-25', 'Sentinel-Test'], start: '2026-11-02T00:00:00', count: 2 });
    const bad = good.replace(/RANGE = (2026-11-02T00:00:01\S*) 1001\.000/, 'RANGE = $1 abc');
    assert.notEqual(bad, good);
    const { status, body } = await upload([{ name: 'good.tdm', content: good }, { name: 'bad.tdm', content: bad }]);
    assert.equal(status, 207);
    assert.equal(body.successCount, 1);
    assert.equal(body.failureCount, 1);
    const failed = body.results.find((r: any) => r.filename === 'bad.tdm');
    assert.equal(failed.status, 'failed');
    assert.equal(failed.code, 'import.tracking.tdm.parse_failed');
    assert.match(failed.errorCode, /^TRK-\d+$/);
    assert.match(failed.errors[0].message, /line 17/);
    assert.match(failed.errors[0].code, /^TRK-\d+$/);
  });

  test('no files → 400; unknown format → failed TRK-1002; XXE sample refused', async () => {
    const none = await svc.request('POST', '/operations/measurements', { key, body: form([]) });
    assert.equal(none.status, 400);
    assert.equal((await none.json()).error, 'VALIDATION_ERROR');
    const { status, body } = await upload([
      { name: 'notes.txt', content: 'hello world' },
      { name: 'xxe.xml', content: readFileSync(join(FIXTURES, 'tdm/TDM-external-doctype.xml')) },
    ]);
    assert.equal(status, 207);
    assert.equal(body.results[0].errorCode, 'TRK-1002');
    assert.equal(body.results[1].status, 'failed');
    assert.equal(body.results[1].errorCode, 'TRK-1006');
  });

  test('X-Content-Hash: a mismatch with one file → 409 IMPORT_STALE_PREVIEW; ignored with several files', async () => {
    const tdm = makeTdm({ participants: ['DSS-25', 'Sentinel-Test'], start: '2026-11-03T00:00:00', count: 1 });
    const inspect = await svc.request('POST', '/operations/measurements/inspect', { key, body: form([{ name: 'a.tdm', content: tdm }], 'file') });
    assert.equal(inspect.status, 200);
    const preview = await inspect.json();
    assert.match(preview.contentHash, /^[0-9a-f]{64}$/);
    assert.equal(preview.valid, true);
    assert.equal(preview.measurementCount, 2);
    const changed = tdm.replace('1000.000', '1000.500');
    const stale = await upload([{ name: 'a.tdm', content: changed }], { 'X-Content-Hash': preview.contentHash });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.error, 'IMPORT_STALE_PREVIEW');
    assert.equal(stale.body.code, 'import.commit.preview.stale');
    const fresh = await upload([{ name: 'a.tdm', content: tdm }], { 'X-Content-Hash': preview.contentHash });
    assert.equal(fresh.status, 202);
    const several = await upload([{ name: 'b.tdm', content: changed }, { name: 'c.tdm', content: tdm }], { 'X-Content-Hash': 'deadbeef' });
    assert.equal(several.status, 202);
  });

  test('over MAX_UPLOAD_BYTES → 413', async () => {
    const small = await createTestService({ maxUploadBytes: 2048 });
    try {
      const k = (await small.key()).secret;
      const big = makeTdm({ participants: ['A', 'B'], start: '2026-11-01T00:00:00', count: 100 });
      const res = await small.request('POST', '/operations/measurements', { key: k, body: form([{ name: 'big.tdm', content: big }]) });
      assert.equal(res.status, 413);
    } finally {
      await small.close();
    }
  });

  test('every malformed TDM, SP3 and OEM sample fails cleanly (never 500); valid samples parse', async () => {
    const malformed = [
      ...['TDM-data-inconsistent-line.txt', 'TDM-data-wrong-keyword.txt', 'TDM-external-doctype.xml', 'TDM-inconsistent-time-systems.txt',
        'TDM-metadata-timesystem-not-implemented.txt', 'TDM-missing-participants.xml'].map((f) => `tdm/${f}`),
      ...['OEM-covariance-number-format-error.txt', 'OEM-ephemeris-number-format-error.txt', 'OEM-inconsistent-time-systems.txt',
        'OEM-keyword-within-ephemeris.txt', 'OEM-too-few-covariance-columns.txt', 'OEM-wrong-keyword.txt'].map((f) => `oem/${f}`),
      ...['truncated-line.sp3', 'unsupported-version.sp3', 'wrong-line-identifier.sp3', 'exceeded-sat-count.sp3',
        'inconsistent-sampling-dates.sp3', 'missing-eof.sp3', 'too-long-comment-d.sp3'].map((f) => `sp3/${f}`),
    ];
    const accepted = new Set<string>();
    for (const name of malformed) {
      const { status, body } = await upload([{ name, content: readFileSync(join(FIXTURES, name)) }]);
      assert.notEqual(status, 500, name);
      const result = body.results[0];
      if (result.status === 'success' || result.errorCode === 'TRK-1003') {
        accepted.add(name);
        continue;
      }
      assert.equal(status, 207, name);
      assert.match(result.errorCode, /^TRK-\d+$/, name);
      assert.match(result.code, /^import\.tracking\./, name);
      assert.ok(result.errors.length > 0 && result.errors[0].message.length > 0, name);
    }
    // Only samples that Orekit's own readers also accept may pass syntax validation.
    for (const name of accepted) assert.ok(['sp3/missing-eof.sp3', 'sp3/too-long-comment-d.sp3'].includes(name), `${name} should have failed`);

    const valid = readdirSync(join(FIXTURES, 'tdm')).filter((f) => f.startsWith('TDMExample'));
    for (const name of valid) {
      const res = await svc.request('POST', '/operations/measurements/inspect', { key, body: form([{ name, content: readFileSync(join(FIXTURES, 'tdm', name)) }], 'file') });
      assert.equal(res.status, 200, name);
      const body = await res.json();
      assert.equal(body.format, 'TDM', name);
      assert.deepEqual(body.errors, [], name);
    }
  });

  test('OEM and SP3 uploads become PV measurements with their frame', async () => {
    const oem = readFileSync(join(FIXTURES, 'oem/OEMExample1.txt'));
    const { status, body } = await upload([{ name: 'mgs.oem', content: oem }]);
    assert.equal(status, 202, JSON.stringify(body));
    const job = await waitForJob(svc, key, body.results[0].jobId);
    assert.equal(job.status, 'SUCCEEDED');
    const res = await svc.request('GET', `/operations/measurements?startDate=1996-01-01T00:00:00Z&endDate=1997-12-31T00:00:00Z&measurementTypes=PV&size=1&sort=epoch,asc`, { key });
    const page = await res.json();
    assert.equal(page.totalElements, job.measurementCount);
    const first = page.content[0];
    assert.equal(first.type, 'PV');
    assert.equal(first.spacecraftId, craft.mgs);
    assert.equal(first.referenceFrame, 'MARS BARYCENTER J2000', 'the OEM is Mars-centred; the centre is kept with the frame');
    assert.deepEqual(Object.keys(first.values), ['x', 'y', 'z', 'vx', 'vy', 'vz']);

    const sp3 = readFileSync(join(FIXTURES, 'sp3/example-c-1.sp3'), 'utf8');
    const ids = [...new Set([...sp3.matchAll(/^P(G\d\d)/gm)].map((m) => m[1]!))];
    for (const id of ids) await createCraft({ name: `GPS ${id}`, externalKey: id });
    const sp3Upload = await upload([{ name: 'igs.sp3', content: sp3 }]);
    assert.equal(sp3Upload.status, 202, JSON.stringify(sp3Upload.body));
    const sp3Job = await waitForJob(svc, key, sp3Upload.body.results[0].jobId);
    assert.equal(sp3Job.status, 'SUCCEEDED');
    assert.ok(sp3Job.measurementCount > 0);
    assert.match(sp3Upload.body.results[0].uncertaintySummary, /SP3 header accuracy|no accuracy/);
  });

  test('query filters: explicitly empty spacecraftIds → 400, identifiers by name/NORAD/COSPAR, types, outliers, paging', async () => {
    const base = '/operations/measurements?startDate=2026-11-01T00:00:00Z&endDate=2026-11-30T00:00:00Z';
    const empty = await svc.request('GET', `${base}&spacecraftIds=`, { key });
    assert.equal(empty.status, 400);
    assert.equal((await empty.json()).error, 'VALIDATION_ERROR');
    const missing = await svc.request('GET', '/operations/measurements?startDate=2026-11-01T00:00:00Z', { key });
    assert.equal(missing.status, 400);
    const noZone = await svc.request('GET', '/operations/measurements?startDate=2026-11-01T00:00:00&endDate=2026-11-02T00:00:00Z', { key });
    assert.equal(noZone.status, 400);
    const badType = await svc.request('GET', `${base}&measurementTypes=SONAR`, { key });
    assert.equal(badType.status, 400);
    const badSort = await svc.request('GET', `${base}&sort=values,asc`, { key });
    assert.equal(badSort.status, 400);

    const byName = await (await svc.request('GET', `${base}&spacecraftIds=SENTINEL-TEST&size=1000`, { key })).json();
    assert.ok(byName.totalElements > 0);
    assert.ok(byName.content.every((m: any) => m.spacecraftId === craft.byName));
    const byNorad = await (await svc.request('GET', `/operations/measurements?startDate=2026-10-01T00:00:00Z&endDate=2026-10-02T00:00:00Z&spacecraftIds=43013`, { key })).json();
    assert.equal(byNorad.totalElements, 2);
    const ranges = await (await svc.request('GET', `${base}&spacecraftIds=${craft.byName}&measurementTypes=RANGE&size=2&page=1`, { key })).json();
    assert.ok(ranges.content.every((m: any) => m.type === 'RANGE'));
    assert.equal(ranges.number, 1);
    assert.equal(ranges.size, 2);
  });

  test('outliers by ids (count actually changed) and by file (count of all matches), then hidden unless includeOutliers', async () => {
    const tdm = makeTdm({ participants: ['DSS-34', 'EXT-77'], start: '2026-09-01T00:00:00', count: 3 });
    const { body } = await upload([{ name: 'outliers.tdm', content: tdm }]);
    await waitForJob(svc, key, body.results[0].jobId);
    const window = '/operations/measurements?startDate=2026-09-01T00:00:00Z&endDate=2026-09-01T01:00:00Z&size=100';
    const all = await (await svc.request('GET', window, { key })).json();
    assert.equal(all.totalElements, 6);
    const ids = all.content.slice(0, 2).map((m: any) => m.id);

    const patch = (path: string, json: unknown, k = key) => svc.request('PATCH', path, { key: k, json });
    let res = await patch('/operations/measurements/outliers', { measurementIds: [...ids, 'no-such-id'], outlier: true });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { updatedCount: 2 });
    res = await patch('/operations/measurements/outliers', { measurementIds: ids, outlier: true });
    assert.deepEqual(await res.json(), { updatedCount: 0 }, 'already flagged: nothing actually updated');
    assert.equal((await (await svc.request('GET', window, { key })).json()).totalElements, 4);
    assert.equal((await (await svc.request('GET', `${window}&includeOutliers=true`, { key })).json()).totalElements, 6);

    res = await patch('/operations/measurements/outliers/by-file', { fileName: 'outliers.tdm', outlier: true });
    assert.deepEqual(await res.json(), { updatedCount: 6 }, 'by file counts every match');
    res = await patch('/operations/measurements/outliers/by-file', { fileName: 'OUTLIERS.TDM', outlier: false });
    assert.deepEqual(await res.json(), { updatedCount: 0 }, 'case-sensitive');
    res = await patch('/operations/measurements/outliers/by-file', { fileName: 'outliers.tdm', outlier: true }, otherKey);
    assert.deepEqual(await res.json(), { updatedCount: 0 }, 'other organization');

    for (const [path, json] of [
      ['/operations/measurements/outliers', { measurementIds: [], outlier: true }],
      ['/operations/measurements/outliers', { measurementIds: Array.from({ length: 1001 }, (_, i) => `m${i}`), outlier: true }],
      ['/operations/measurements/outliers', { measurementIds: ['a'] }],
      ['/operations/measurements/outliers/by-file', { fileName: '   ', outlier: true }],
      ['/operations/measurements/outliers/by-file', { outlier: true }],
    ] as const) {
      const bad = await patch(path, json);
      assert.equal(bad.status, 400, JSON.stringify(json).slice(0, 80));
      assert.equal((await bad.json()).error, 'VALIDATION_ERROR');
    }
  });

  test('delete by file: counts, 0 when nothing matches, scoped by spacecraft and organization; 400 without parameters', async () => {
    const tdm = makeTdm({ participants: ['DSS-34', '2019-029AB'], start: '2026-08-01T00:00:00', count: 2 });
    const { body } = await upload([{ name: 'delete-me.tdm', content: tdm }]);
    await waitForJob(svc, key, body.results[0].jobId);
    const del = (query: string, k = key) => svc.request('DELETE', `/operations/measurements/by-file?${query}`, { key: k });
    assert.deepEqual(await (await del(`spacecraftId=${craft.byCospar}&file=delete-me.tdm`, otherKey)).json(), { deletedCount: 0 });
    assert.deepEqual(await (await del(`spacecraftId=${craft.byName}&file=delete-me.tdm`)).json(), { deletedCount: 0 });
    assert.deepEqual(await (await del(`spacecraftId=${craft.byCospar}&file=delete-me.tdm`)).json(), { deletedCount: 4 });
    assert.deepEqual(await (await del(`spacecraftId=${craft.byCospar}&file=delete-me.tdm`)).json(), { deletedCount: 0 });
    assert.equal((await del(`file=delete-me.tdm`)).status, 400);
    assert.equal((await del(`spacecraftId=${craft.byCospar}`)).status, 400);
  });

  test('organization isolation: another organization sees neither measurements nor jobs', async () => {
    const tdm = makeTdm({ participants: ['DSS-25', 'Sentinel-Test'], start: '2026-07-01T00:00:00', count: 1 });
    const { body } = await upload([{ name: 'private.tdm', content: tdm }]);
    const jobId = body.results[0].jobId;
    await waitForJob(svc, key, jobId);
    assert.equal((await svc.request('GET', `/operations/measurements/jobs/${jobId}`, { key: otherKey })).status, 404);
    const other = await (await svc.request('GET', '/operations/measurements?startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z', { key: otherKey })).json();
    assert.equal(other.totalElements, 0);
    const otherUpload = await upload([{ name: 'theirs.tdm', content: tdm }], {}, otherKey);
    assert.equal(otherUpload.status, 207, "another organization's spacecraft do not resolve");
  });

  test('permissions: read:tracking cannot upload; write:tracking is needed for outliers and delete', async () => {
    const reader = (await svc.key({ organization: 'tracking-a', permissions: ['read:tracking'] })).secret;
    assert.equal((await svc.request('GET', '/operations/measurements?startDate=2026-01-01T00:00:00Z&endDate=2026-01-02T00:00:00Z', { key: reader })).status, 200);
    assert.equal((await svc.request('POST', '/operations/measurements', { key: reader, body: form([{ name: 'x', content: 'x' }]) })).status, 403);
    assert.equal((await svc.request('PATCH', '/operations/measurements/outliers', { key: reader, json: { measurementIds: ['a'], outlier: true } })).status, 403);
    assert.equal((await svc.request('DELETE', '/operations/measurements/by-file?spacecraftId=a&file=b', { key: reader })).status, 403);
  });
});
