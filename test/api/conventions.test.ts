/**
 * The one style of the API (README → Conventions): ETag on single resources and If-Match on
 * writes (412 on mismatch, atomic with the write), Location on every 201, one paging style with a bounded page
 * index, one per-file result vocabulary for imports and uploads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { maneuver, segment } from './maneuvers.helpers.ts';
import { ssoState } from './stateVectors.helpers.ts';

describe('conventions: ETag, If-Match, Location, paging, result vocabulary', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    const response = await svc.request('POST', '/operations/spacecraft', {
      key,
      json: { name: 'CONV-SAT', noradId: 43210, launchMass: 1000, dryMass: 800, dragArea: 2, srpArea: 2 },
    });
    assert.equal(response.status, 201);
    craft = (await response.json()).id;
  });
  after(async () => svc.close());

  const get = (path: string) => svc.request('GET', path, { key });

  test('every 201 carries Location, and following it reads what was created (with the same ETag)', async () => {
    const posts: Array<{ path: string; json: unknown }> = [
      { path: '/operations/spacecraft', json: { name: 'LOC-SAT' } },
      { path: `/operations/spacecraft/${craft}/thrusters`, json: { name: 'T', thrustN: 1, ispS: 220, direction: { x: 0, y: 0, z: 1 } } },
      { path: `/operations/spacecraft/${craft}/payloads`, json: { name: 'P', type: 'CAMERA' } },
      { path: '/operations/state-vectors', json: ssoState(craft) },
      { path: '/operations/maneuvers', json: { maneuvers: [maneuver(craft, 'LOC-1', [segment('2030-01-01T00:00:00Z', 10)])] } },
    ];
    for (const { path, json } of posts) {
      const response = await svc.request('POST', path, { key, json });
      assert.equal(response.status, 201, path);
      const location = response.headers.get('location');
      assert.ok(location?.startsWith('/operations/'), `${path}: Location ${location}`);
      const followed = await get(location!);
      assert.equal(followed.status, 200, `${path} → ${location}`);
      if (response.headers.get('etag')) assert.equal(followed.headers.get('etag'), response.headers.get('etag'), `${path}: same ETag`);
    }
  });

  test('a batch create points Location at the list that returns every created record', async () => {
    const response = await svc.request('POST', '/operations/maneuvers', {
      key,
      json: { maneuvers: [maneuver(craft, 'B-1', [segment('2031-01-01T00:00:00Z', 10)]), maneuver(craft, 'B-2', [segment('2031-02-01T00:00:00Z', 10)])] },
    });
    assert.equal(response.status, 201);
    const list = await (await get(response.headers.get('location')!)).json();
    assert.deepEqual(list.items.map((i: { maneuverId: string }) => i.maneuverId).sort(), ['B-1', 'B-2']);
  });

  test('ETag + If-Match on spacecraft: 412 on a stale tag (nothing written), 200 with the current one, * matches, weak never', async () => {
    const path = `/operations/spacecraft/${craft}`;
    const first = await get(path);
    const tag = first.headers.get('etag')!;
    assert.match(tag, /^"[0-9a-f]{32}"$/);
    assert.equal((await get(path)).headers.get('etag'), tag, 'stable while unchanged');
    const updated = await svc.request('PATCH', path, { key, json: { color: '#112233' }, headers: { 'If-Match': tag } });
    assert.equal(updated.status, 200);
    const newTag = updated.headers.get('etag')!;
    assert.notEqual(newTag, tag);
    assert.equal((await get(path)).headers.get('etag'), newTag, 'the write answers the ETag a read gives');
    const stale = await svc.request('PATCH', path, { key, json: { color: '#445566' }, headers: { 'If-Match': tag } });
    assert.equal(stale.status, 412);
    const body = await stale.json();
    assert.equal(body.error, 'PRECONDITION_FAILED');
    assert.equal(body.details.etag, newTag);
    assert.equal((await (await get(path)).json()).color, '#112233', 'nothing written');
    assert.equal((await svc.request('PATCH', path, { key, json: { color: '#445566' }, headers: { 'If-Match': `W/${newTag}` } })).status, 412, 'weak tags never match');
    assert.equal((await svc.request('PATCH', path, { key, json: { color: '#445566' }, headers: { 'If-Match': `"nope", ${newTag}` } })).status, 200, 'any tag of a list');
    assert.equal((await svc.request('PATCH', path, { key, json: { color: '#778899' }, headers: { 'If-Match': '*' } })).status, 200);
    assert.equal((await svc.request('PATCH', path, { key, json: { color: '#778899' }, headers: { 'If-Match': 'garbage' } })).status, 400);
    const lifecycleTag = (await get(path)).headers.get('etag')!;
    assert.equal((await svc.request('PUT', `${path}/lifecycle`, { key, json: { lifecycleStatus: 'Active' }, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('PUT', `${path}/lifecycle`, { key, json: { lifecycleStatus: 'Active' }, headers: { 'If-Match': lifecycleTag } })).status, 200);
  });

  test('two writers with the same If-Match: exactly one wins, the other gets 412 (check and write are atomic)', async () => {
    const path = `/operations/spacecraft/${craft}`;
    const tag = (await get(path)).headers.get('etag')!;
    const results = await Promise.all(
      ['#0A0A0A', '#0B0B0B', '#0C0C0C', '#0D0D0D'].map((color) => svc.request('PATCH', path, { key, json: { color }, headers: { 'If-Match': tag } })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 412, 412, 412]);
  });

  test('maneuvers: ETag on GET, If-Match on PUT and DELETE', async () => {
    const create = await svc.request('POST', '/operations/maneuvers', { key, json: { maneuvers: [maneuver(craft, 'EM-1', [segment('2032-01-01T00:00:00Z', 10)])] } });
    const path = create.headers.get('location')!;
    const tag = (await get(path)).headers.get('etag')!;
    const body = { name: 'EM-1 renamed', attitudeMode: 'TNW', composition: [segment('2032-01-01T00:00:00Z', 20)] };
    const put = await svc.request('PUT', path, { key, json: body, headers: { 'If-Match': tag } });
    assert.equal(put.status, 200);
    const newTag = put.headers.get('etag')!;
    assert.notEqual(newTag, tag);
    assert.equal((await svc.request('PUT', path, { key, json: { ...body, name: 'again' }, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await get(path)).status, 200, 'still there');
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': newTag } })).status, 204);
    assert.equal((await get(path)).status, 404);
  });

  test('state vectors, thrusters and payloads: ETag on GET, If-Match on their writes', async () => {
    const sv = await svc.request('POST', '/operations/state-vectors', { key, json: ssoState(craft, { epoch: '2023-03-09T06:30:00Z' }) });
    const svPath = sv.headers.get('location')!;
    const svTag = (await get(svPath)).headers.get('etag')!;
    const latest = await get(`/operations/state-vectors/latest?spacecraftId=${craft}`);
    assert.equal(latest.headers.get('etag'), svTag, 'latest carries the ETag of the state vector it returns');
    assert.equal((await svc.request('DELETE', svPath, { key, headers: { 'If-Match': '"0000"' } })).status, 412);
    assert.equal((await svc.request('DELETE', svPath, { key, headers: { 'If-Match': svTag } })).status, 204);

    const thruster = await svc.request('POST', `/operations/spacecraft/${craft}/thrusters`, {
      key,
      json: { name: 'ET', thrustN: 2, ispS: 220, direction: { x: 1, y: 0, z: 0 } },
    });
    const thrusterPath = thruster.headers.get('location')!;
    const thrusterTag = thruster.headers.get('etag')!;
    const replace = { name: 'ET2', thrustN: 3, ispS: 230, direction: { x: 1, y: 0, z: 0 } };
    const put = await svc.request('PUT', thrusterPath, { key, json: replace, headers: { 'If-Match': thrusterTag } });
    assert.equal(put.status, 200);
    assert.equal((await get(thrusterPath)).headers.get('etag'), put.headers.get('etag'));
    assert.equal((await svc.request('PUT', thrusterPath, { key, json: replace, headers: { 'If-Match': thrusterTag } })).status, 412);
    assert.equal((await svc.request('DELETE', thrusterPath, { key, headers: { 'If-Match': thrusterTag } })).status, 412);

    const payload = await svc.request('POST', `/operations/spacecraft/${craft}/payloads`, { key, json: { name: 'EP', type: 'RADAR' } });
    const payloadPath = payload.headers.get('location')!;
    const payloadTag = payload.headers.get('etag')!;
    assert.equal((await get(payloadPath)).headers.get('etag'), payloadTag);
    assert.equal((await svc.request('DELETE', payloadPath, { key, headers: { 'If-Match': '"stale"' } })).status, 412);
    assert.equal((await svc.request('DELETE', payloadPath, { key, headers: { 'If-Match': payloadTag } })).status, 204);
  });

  test('ground stations: ETag on GET, If-Match on PATCH and DELETE, Location on create', async () => {
    const created = await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'CONV-GS', latitudeDeg: 45, longitudeDeg: 7, heightM: 300 } });
    assert.equal(created.status, 201);
    const path = created.headers.get('location')!;
    const tag = created.headers.get('etag')!;
    assert.equal((await get(path)).headers.get('etag'), tag);
    const patched = await svc.request('PATCH', path, { key, json: { elevationMaskDeg: 12 }, headers: { 'If-Match': tag } });
    assert.equal(patched.status, 200);
    assert.notEqual(patched.headers.get('etag'), tag);
    assert.equal((await svc.request('PATCH', path, { key, json: { elevationMaskDeg: 3 }, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': patched.headers.get('etag')! } })).status, 204);
  });

  test('scheduled tasks: ETag (not moved by the runner\'s nextRunAt/lastRun), If-Match on PATCH and DELETE', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const created = await svc.request('POST', `/operations/spacecraft/${craft}/tasks`, { key, json: { name: 'later', kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at } } });
    assert.equal(created.status, 201);
    const path = created.headers.get('location')!;
    const tag = created.headers.get('etag')!;
    assert.equal((await get(path)).headers.get('etag'), tag);
    const patched = await svc.request('PATCH', path, { key, json: { name: 'later (renamed)' }, headers: { 'If-Match': tag } });
    assert.equal(patched.status, 200);
    assert.equal((await svc.request('PATCH', path, { key, json: { name: 'x' }, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': tag } })).status, 412);
    assert.equal((await svc.request('DELETE', path, { key, headers: { 'If-Match': patched.headers.get('etag')! } })).status, 204);
  });

  test('page beyond 2^31 → 400 on every paged list (central)', async () => {
    for (const path of [
      '/operations/spacecraft',
      `/operations/spacecraft/${craft}/thrusters`,
      `/operations/spacecraft/${craft}/payloads`,
      '/operations/state-vectors',
      '/operations/ground-stations',
      '/operations/orbit-determinations',
      '/operations/measurements/jobs',
      '/operations/products',
      '/operations/ephemerides/batch',
      `/operations/spacecraft/${craft}/tasks`,
      '/operations/measurements?startDate=2026-01-01T00:00:00Z&endDate=2026-01-02T00:00:00Z',
    ]) {
      const sep = path.includes('?') ? '&' : '?';
      const response = await get(`${path}${sep}page=2147483648`);
      assert.equal(response.status, 400, path);
      assert.ok((await response.json()).fieldErrors.page, path);
      assert.equal((await get(`${path}${sep}page=2147483647`)).status, 200, `${path}: the last page index is fine (and empty)`);
    }
  });

  test('one per-file result vocabulary for imports and uploads: success | failed | ambiguous', async () => {
    const tdm = makeTdm({ participants: ['DSS-1', 'CONV-SAT'], start: '2026-11-01T00:00:00', count: 2 });
    const upload = await (await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'ok.tdm', content: tdm }, { name: 'bad.tdm', content: 'nonsense' }]) })).json();
    const ocmLines = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = T', 'META_START', 'OBJECT_DESIGNATOR = 43210',
      'TIME_SYSTEM = UTC', 'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', 'PHYS_START', 'WET_MASS = 800 [kg]', 'PHYS_STOP', 'MAN_START', 'MAN_ID = V-1',
      'MAN_BASIS = PLANNED', 'MAN_DEVICE_ID = T1', 'MAN_REF_FRAME = RTN', 'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP',
      'MAN_UNITS = [s, N, N, N, s]', '2033-01-01T00:00:00 60 0 1 0 300', 'MAN_STOP', ''];
    const ocm = await (await svc.request('POST', '/operations/maneuvers/import', { key, body: filesForm([{ name: 'ok.ocm', content: ocmLines.join('\n') }, { name: 'bad.ocm', content: 'x' }]) })).json();
    const opm = await (await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'bad.opm', content: 'x' }, { name: 'bad2.opm', content: 'y' }]) })).json();
    assert.deepEqual(upload.results.map((r: { status: string }) => r.status), ['success', 'failed']);
    assert.deepEqual(ocm.results.map((r: { status: string }) => r.status), ['success', 'failed']);
    assert.deepEqual(opm.details.results.map((r: { status: string }) => r.status), ['failed', 'failed']);
  });
});
