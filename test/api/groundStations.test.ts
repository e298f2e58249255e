/** Ground stations: CRUD, both position forms, names and aliases, references, isolation, permissions. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runAdmin } from '../../api/cli/admin.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';

/** The reference stations of the OD reference set (test/fixtures/od/README.md; Orekit 13.1 OneAxisEllipsoid.transform of the geodetic values). */
const REFERENCE_STATIONS = [
  { name: 'VIS-STN-1', latitudeDeg: 48.08, longitudeDeg: 11.28, heightM: 600, itrfM: [4187029.996371881, 835131.3520132374, 4723270.269696749] },
  { name: 'VIS-STN-2', latitudeDeg: 35.34, longitudeDeg: -116.87, heightM: 1000, itrfM: [-2354532.63217447, -4647066.277510161, 3669280.07587316] },
  { name: 'VIS-STN-3', latitudeDeg: -35.4, longitudeDeg: 148.98, heightM: 690, itrfM: [-4460969.918628371, 2682540.9550479446, -3674529.547623393] },
];

function tdm(station: string, craft: string, epochs: string[]): string {
  return [
    'CCSDS_TDM_VERS = 2.0', 'CREATION_DATE = 2023-04-10T00:00:00', 'ORIGINATOR = TEST',
    'META_START', 'TIME_SYSTEM = UTC', `PARTICIPANT_1 = ${station}`, `PARTICIPANT_2 = ${craft}`, 'MODE = SEQUENTIAL', 'PATH = 1,2,1',
    'TIMETAG_REF = RECEIVE', 'RANGE_UNITS = km', 'TRANSMIT_BAND = S', 'RECEIVE_BAND = S', 'TURNAROUND_NUMERATOR = 240',
    'TURNAROUND_DENOMINATOR = 221', 'META_STOP', 'DATA_START',
    ...epochs.map((e, i) => `RANGE = ${e} ${1000 + i}`),
    ...epochs.map((e, i) => `DOPPLER_INSTANTANEOUS = ${e} ${0.5 - i * 0.01}`),
    'DATA_STOP', '',
  ].join('\n');
}

describe('ground stations', () => {
  let svc: TestService;
  let key: string;
  let otherKey: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key({ organization: 'gs-a' })).secret;
    otherKey = (await svc.key({ organization: 'gs-b' })).secret;
  });
  after(async () => svc.close());

  const create = (body: unknown, k = key) => svc.request('POST', '/operations/ground-stations', { key: k, json: body });

  test('geodetic input derives the ITRF position Orekit computes (≤ 1 mm), 201 with Location, defaults', async () => {
    for (const ref of REFERENCE_STATIONS) {
      const res = await create({ name: ref.name, latitudeDeg: ref.latitudeDeg, longitudeDeg: ref.longitudeDeg, heightM: ref.heightM });
      assert.equal(res.status, 201);
      const body = await res.json();
      assert.equal(res.headers.get('location'), `/operations/ground-stations/${body.id}`);
      for (let k = 0; k < 3; k++) assert.ok(Math.abs(body.itrfPositionM[k] - ref.itrfM[k]!) < 1e-3, `${ref.name} axis ${k}`);
      assert.equal(body.elevationMaskDeg, 10);
      assert.equal(body.enabled, true);
      assert.deepEqual(body.sigma, { rangeM: null, rangeRateMS: null, angleDeg: null });
      assert.equal(body.measurementCount, 0);
    }
  });

  test('ITRF input derives the geodetic position (≤ 1e-9 deg, 1 mm); sending both forms is a 400', async () => {
    const ref = REFERENCE_STATIONS[1]!;
    const res = await create({ name: 'ITRF-ONLY', itrfPositionM: ref.itrfM, elevationMaskDeg: 5, sigma: { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 }, bias: { rangeM: -2.5 } });
    assert.equal(res.status, 201);
    const body = await res.json();
    assert.ok(Math.abs(body.latitudeDeg - ref.latitudeDeg) < 1e-9);
    assert.ok(Math.abs(body.longitudeDeg - ref.longitudeDeg) < 1e-9);
    assert.ok(Math.abs(body.heightM - ref.heightM) < 1e-3);
    assert.deepEqual(body.sigma, { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 });
    assert.deepEqual(body.bias, { rangeM: -2.5, rangeRateMS: null, angleDeg: null });
    const both = await create({ name: 'BOTH', itrfPositionM: ref.itrfM, latitudeDeg: 1, longitudeDeg: 2, heightM: 3 });
    assert.equal(both.status, 400);
    assert.ok((await both.json()).fieldErrors.itrfPositionM);
  });

  test('validation names the fields', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: ' ', latitudeDeg: 0, longitudeDeg: 0, heightM: 0 }, 'name'],
      [{ name: 'X1', latitudeDeg: 91, longitudeDeg: 0, heightM: 0 }, 'latitudeDeg'],
      [{ name: 'X2', latitudeDeg: 0, longitudeDeg: 0 }, 'heightM'],
      [{ name: 'X3' }, 'position'],
      [{ name: 'X4', latitudeDeg: 0, longitudeDeg: 0, heightM: 90000 }, 'heightM'],
      [{ name: 'X5', itrfPositionM: [1, 2, 3] }, 'itrfPositionM'],
      [{ name: 'X6', itrfPositionM: [1, 2] }, 'itrfPositionM'],
      [{ name: 'X7', latitudeDeg: 0, longitudeDeg: 0, heightM: 0, elevationMaskDeg: 95 }, 'elevationMaskDeg'],
      [{ name: 'X8', latitudeDeg: 0, longitudeDeg: 0, heightM: 0, sigma: { rangeM: 0 } }, 'sigma.rangeM'],
      [{ name: 'X9', latitudeDeg: 0, longitudeDeg: 0, heightM: 0, aliases: ['A', 'a'] }, 'aliases.1'],
      [{ name: 'X10', latitudeDeg: 0, longitudeDeg: 0, heightM: 0, aliases: ['x10'] }, 'aliases.0'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const error = await res.json();
      assert.equal(error.error, 'VALIDATION_ERROR');
      assert.ok(field in error.fieldErrors, `${field} in ${JSON.stringify(error.fieldErrors)}`);
    }
  });

  test('names and aliases are unique per organization (case-insensitive); another organization may reuse them', async () => {
    const first = await create({ name: 'Weilheim', aliases: ['WHM', 'WEILHEIM-2'], latitudeDeg: 47.88, longitudeDeg: 11.08, heightM: 660 });
    assert.equal(first.status, 201);
    for (const name of ['weilheim', 'whm ', 'Weilheim-2']) {
      const res = await create({ name, latitudeDeg: 0, longitudeDeg: 0, heightM: 0 });
      assert.equal(res.status, 409, name);
      const body = await res.json();
      assert.equal(body.error, 'STATION_NAME_CONFLICT');
      assert.equal(body.details.conflicts[0].stationName, 'Weilheim');
    }
    const alias = await create({ name: 'Other', aliases: ['WHM'], latitudeDeg: 0, longitudeDeg: 0, heightM: 0 });
    assert.equal(alias.status, 409);
    const elsewhere = await create({ name: 'Weilheim', latitudeDeg: 47.88, longitudeDeg: 11.08, heightM: 660 }, otherKey);
    assert.equal(elsewhere.status, 201);
  });

  test('list: paged, filter by name or alias, sort; another organization sees none of ours', async () => {
    const page = await (await svc.request('GET', '/operations/ground-stations?size=2&sort=name,asc', { key })).json();
    assert.equal(page.size, 2);
    assert.equal(page.content.length, 2);
    assert.ok(page.totalElements >= 5);
    const names = page.content.map((s: { name: string }) => s.name);
    assert.deepEqual(names, [...names].sort());
    const byAlias = await (await svc.request('GET', '/operations/ground-stations?name=whm', { key })).json();
    assert.deepEqual(byAlias.content.map((s: { name: string }) => s.name), ['Weilheim']);
    const other = await (await svc.request('GET', '/operations/ground-stations', { key: otherKey })).json();
    assert.deepEqual(other.content.map((s: { name: string }) => s.name), ['Weilheim']);
    const badSort = await svc.request('GET', '/operations/ground-stations?sort=altitude,asc', { key });
    assert.equal(badSort.status, 400);
  });

  test('PATCH changes only what is sent; geodetic fields alone re-derive ITRF; another organization is 404', async () => {
    const created = await (await create({ name: 'PATCH-ME', latitudeDeg: 10, longitudeDeg: 20, heightM: 100, sigma: { rangeM: 3, angleDeg: 0.02 } })).json();
    const res = await svc.request('PATCH', `/operations/ground-stations/${created.id}`, { key, json: { heightM: 1100, sigma: { angleDeg: null, rangeRateMS: 0.002 }, enabled: false } });
    assert.equal(res.status, 200);
    const patched = await res.json();
    assert.equal(patched.latitudeDeg, 10);
    assert.equal(patched.heightM, 1100);
    assert.deepEqual(patched.sigma, { rangeM: 3, rangeRateMS: 0.002, angleDeg: null });
    assert.equal(patched.enabled, false);
    const radial = Math.hypot(...(patched.itrfPositionM as [number, number, number])) - Math.hypot(...(created.itrfPositionM as [number, number, number]));
    assert.ok(Math.abs(radial - 1000) < 5, `radius grew by ${radial} m`);
    const other = await svc.request('PATCH', `/operations/ground-stations/${created.id}`, { key: otherKey, json: { heightM: 0 } });
    assert.equal(other.status, 404);
    assert.equal((await svc.request('GET', `/operations/ground-stations/${created.id}`, { key: otherKey })).status, 404);
    assert.equal((await svc.request('DELETE', `/operations/ground-stations/${created.id}`, { key: otherKey })).status, 404);
  });

  test('permissions: read:stations reads, write:stations writes', async () => {
    const reader = (await svc.key({ organization: 'gs-a', permissions: ['read:stations'] })).secret;
    assert.equal((await svc.request('GET', '/operations/ground-stations', { key: reader })).status, 200);
    assert.equal((await create({ name: 'NOPE', latitudeDeg: 0, longitudeDeg: 0, heightM: 0 }, reader)).status, 403);
    const writer = (await svc.key({ organization: 'gs-a', permissions: ['write:stations'] })).secret;
    assert.equal((await svc.request('GET', '/operations/ground-stations', { key: writer })).status, 403);
  });

  test('admin CLI grants read:stations / write:stations / read:orbitdetermination / write:orbitdetermination; unknown names are refused', async () => {
    await runAdmin(svc.db, ['org', 'create', 'gs-cli']);
    const created = (await runAdmin(svc.db, ['key', 'create', '--org', 'gs-cli', '--owner', 'cli@gs.example', '--permissions', 'read:stations,write:orbitdetermination'])) as { secret: string };
    assert.equal((await svc.request('GET', '/operations/ground-stations', { key: created.secret })).status, 200);
    assert.equal((await create({ name: 'CLI', latitudeDeg: 0, longitudeDeg: 0, heightM: 0 }, created.secret)).status, 403);
    await assert.rejects(runAdmin(svc.db, ['key', 'create', '--org', 'gs-cli', '--owner', 'cli@gs.example', '--permissions', 'read:station']), /unknown permissions: read:station/);
  });

  test('TDM ingest resolves the ground participant by name or alias, keeps the context, reports unknown stations; delete needs force', async () => {
    const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'CTX-SAT' } })).json();
    const station = await (await create({ name: 'Kourou', aliases: ['KRU-34M'], latitudeDeg: 5.25, longitudeDeg: -52.8, heightM: 15 })).json();
    const epochs = ['2023-02-10T00:00:30.0', '2023-02-10T00:01:00.0', '2023-02-10T00:01:30.0'];
    const files = [
      { name: 'kru.tdm', content: tdm('kru-34m', 'CTX-SAT', epochs) },
      { name: 'unknown.tdm', content: tdm('NEW-STATION', 'CTX-SAT', epochs) },
    ];
    const upload = await svc.request('POST', '/operations/measurements', { key, body: filesForm(files) });
    assert.equal(upload.status, 202);
    const results = (await upload.json()).results;
    assert.deepEqual(results[0].params.stations, { resolved: [{ name: 'kru-34m', stationId: station.id }], unresolved: [] });
    assert.deepEqual(results[1].params.stations.unresolved, ['NEW-STATION']);
    for (const result of results) {
      let job;
      for (let i = 0; i < 200; i++) {
        job = await (await svc.request('GET', `/operations/measurements/jobs/${result.jobId}`, { key })).json();
        if (job.status === 'SUCCEEDED' || job.status === 'FAILED') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal(job.status, 'SUCCEEDED');
      if (result.filename === 'unknown.tdm') assert.deepEqual(job.stations, { resolved: [], unresolved: ['NEW-STATION'] });
      else assert.deepEqual(job.stations, { resolved: [{ name: 'kru-34m', stationId: station.id }], unresolved: [] });
    }
    const query = `/operations/measurements?startDate=2023-02-10T00:00:00Z&endDate=2023-02-11T00:00:00Z&spacecraftIds=${craft.id}&sort=epoch,asc&size=100`;
    const rows = (await (await svc.request('GET', query, { key })).json()).content;
    assert.equal(rows.length, 12);
    const kru = rows.filter((r: { sourceFile: string }) => r.sourceFile === 'kru.tdm');
    assert.ok(kru.every((r: { groundStationId: string }) => r.groundStationId === station.id));
    const doppler = kru.find((r: { type: string }) => r.type === 'DOPPLER');
    assert.deepEqual(doppler.context, {
      recorded: true, segmentIndex: 0, dataKeyword: 'DOPPLER_INSTANTANEOUS',
      participants: [{ number: 1, name: 'kru-34m', roles: ['TRANSMITTER', 'RECEIVER'] }, { number: 2, name: 'CTX-SAT', roles: ['TRANSPONDER'] }],
      path: [1, 2, 1], path2: null, mode: 'SEQUENTIAL', timetagRef: 'RECEIVE', integrationIntervalS: null, integrationRef: null,
      turnaroundNumerator: 240, turnaroundDenominator: 221, rangeMode: null, rangeModulus: null, rangeUnits: 'km', angleType: null,
      transmitBand: 'S', receiveBand: 'S', referenceFrame: null,
    });
    assert.ok(rows.filter((r: { sourceFile: string }) => r.sourceFile === 'unknown.tdm').every((r: { groundStationId: null }) => r.groundStationId === null));

    // A station created later under the unknown name picks its measurements up.
    const late = await (await create({ name: 'new-station', latitudeDeg: 1, longitudeDeg: 2, heightM: 3 })).json();
    assert.equal(late.measurementCount, 6);
    assert.equal((await (await svc.request('GET', `/operations/ground-stations/${station.id}`, { key })).json()).measurementCount, 6);

    const refused = await svc.request('DELETE', `/operations/ground-stations/${station.id}`, { key });
    assert.equal(refused.status, 409);
    const body = await refused.json();
    assert.equal(body.error, 'STATION_IN_USE');
    assert.equal(body.details.measurementCount, 6);
    assert.match(body.message, /6 stored measurements/);
    // Still editable while referenced.
    assert.equal((await svc.request('PATCH', `/operations/ground-stations/${station.id}`, { key, json: { elevationMaskDeg: 5 } })).status, 200);
    assert.equal((await svc.request('DELETE', `/operations/ground-stations/${station.id}?force=true`, { key })).status, 204);
    assert.equal((await svc.request('GET', `/operations/ground-stations/${station.id}`, { key })).status, 404);
    const after = (await (await svc.request('GET', query, { key })).json()).content.filter((r: { sourceFile: string }) => r.sourceFile === 'kru.tdm');
    assert.ok(after.every((r: { groundStationId: null; station: string }) => r.groundStationId === null && r.station === 'kru-34m'));

    // Deleting the measurements by file drops their references: the late station can go without force.
    await svc.request('DELETE', `/operations/measurements/by-file?spacecraftId=${craft.id}&file=unknown.tdm`, { key });
    assert.equal((await svc.request('DELETE', `/operations/ground-stations/${late.id}`, { key })).status, 204);
  });
});
