/**
 * The catalog over the socket: TLE, 3LE, OMM KVN and XML uploads (fixtures of
 * test/fixtures/conjunction/catalog, see its README), the newest epoch wins, duplicates stored once, an atomic file
 * refused with every bad line, filters, paging, isolation, permissions and 400s naming the field.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PERMISSIONS } from '../../api/permissions.ts';
import { readTleCatalog } from '../../engine/tle/catalog.ts';
import { formatTleLines } from '../../engine/tle/format.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/conjunction/catalog/${name}`, import.meta.url), 'utf8');
const THREE_LINE = fixture('sample.3le');
const OMM_KVN = fixture('sample-spacetrack.kvn');
const OMM_XML = fixture('sample-celestrak.xml');
/** The same sets as bare two-line records (name lines removed). */
const TWO_LINE = THREE_LINE.split('\n').filter((l) => /^[12] /.test(l)).join('\n');
const FIXTURE_SETS = readTleCatalog(THREE_LINE).entries;
const NORAD_IDS = FIXTURE_SETS.map((s) => s.noradId).sort((a, b) => a - b);

/** A TLE of `noradId` with the fixture's elements at another epoch (days added) and another mean anomaly. */
function shiftedTle(noradId: number, days: number, name: string): string {
  const base = FIXTURE_SETS.find((s) => s.noradId === noradId)!;
  const lines = formatTleLines({
    catalogNumber: noradId, cosparId: base.cosparId, epoch: { year: base.epoch.year, dayOfYear: Math.round((base.epoch.dayOfYear + days) * 1e8) / 1e8 },
    ndotOver2RevPerDay2: base.ndotOver2RevPerDay2!, nddotOver6RevPerDay3: base.nddotOver6RevPerDay3!, bstarPerEarthRadius: base.bstarPerEarthRadius,
    ephemerisType: 0, elementSetNumber: 999, inclinationDeg: base.inclinationDeg, raanDeg: base.raanDeg, eccentricity: base.eccentricity,
    argPerigeeDeg: base.argPerigeeDeg, meanAnomalyDeg: (base.meanAnomalyDeg + 30) % 360, meanMotionRevPerDay: base.meanMotionRevPerDay,
    revolutionNumberAtEpoch: base.revolutionNumberAtEpoch!,
  });
  return `${name}\n${lines.join('\n')}\n`;
}

let svc: TestService;
let key: string;
before(async () => {
  svc = await createTestService();
  ({ secret: key } = await svc.key({ organization: 'org-catalog' }));
});
after(async () => svc.close());

const upload = (files: Array<{ name: string; content: string }>, secret = key) =>
  svc.request('POST', '/operations/catalog', { key: secret, body: filesForm(files) });
const get = (path: string, secret = key) => svc.request('GET', path, { key: secret });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (response: Response): Promise<any> => response.json();

describe('catalog', () => {
  test('a 3LE file: every set stored and read back with its exact TLE lines; the same file again is a duplicate', async () => {
    const response = await upload([{ name: 'sample.3le', content: THREE_LINE }]);
    assert.equal(response.status, 200);
    const body = await json(response);
    assert.equal(body.successCount, 1);
    const [result] = body.results;
    assert.equal(result.status, 'success');
    assert.equal(result.format, 'TLE');
    assert.equal(result.setCount, FIXTURE_SETS.length);
    assert.equal(result.storedCount, FIXTURE_SETS.length);
    assert.equal(result.objectsAdded, FIXTURE_SETS.length);
    assert.equal(result.objectsUpdated, FIXTURE_SETS.length);

    const list = await json(await get('/operations/catalog/objects?size=100'));
    assert.equal(list.totalElements, FIXTURE_SETS.length);
    assert.deepEqual(list.content.map((o: { noradId: number }) => o.noradId), NORAD_IDS);
    const lines = THREE_LINE.split('\n').map((l) => l.trimEnd());
    for (const set of FIXTURE_SETS) {
      const detail = await json(await get(`/operations/catalog/objects/${set.noradId}`));
      const at = lines.findIndex((l) => l.startsWith(`1 ${String(set.noradId).padStart(5, '0')}`));
      assert.deepEqual(detail.current.tleLines, [lines[at], lines[at + 1]], `${set.noradId}`);
      assert.equal(detail.current.elements.meanMotionRevPerDay, set.meanMotionRevPerDay);
      assert.equal(detail.current.elements.bstarPerEarthRadius, set.bstarPerEarthRadius);
      assert.equal(detail.name, set.name);
      assert.equal(detail.epoch, `${set.epochUtc}Z`);
      assert.equal(detail.history.length, 1);
      assert.equal(detail.current.source.format, 'TLE');
      assert.equal(detail.current.source.fileName, 'sample.3le');
      assert.equal(detail.current.source.line, set.source!.line);
    }

    const again = await json(await upload([{ name: 'sample.3le', content: THREE_LINE }]));
    assert.equal(again.results[0].status, 'duplicate');
    assert.equal(again.results[0].storedCount, 0);
    assert.equal(again.results[0].alreadyKnownCount, FIXTURE_SETS.length);
    assert.equal(again.results[0].objectsUpdated, 0);
    assert.equal((await json(await get('/operations/catalog/objects/99001'))).setCount, 1);
  });

  test('TLE, OMM KVN and OMM XML files (one request): each read, the same objects and numbers as the 3LE', async () => {
    const org = (await svc.key({ organization: 'org-catalog-formats' })).secret;
    for (const [name, content, format] of [['bare.tle', TWO_LINE, 'TLE'], ['sample.kvn', OMM_KVN, 'OMM'], ['sample.xml', OMM_XML, 'OMM']] as const) {
      const other = (await svc.key({ organization: `org-catalog-${name}` })).secret;
      const body = await json(await upload([{ name, content }], other));
      assert.equal(body.results[0].status, 'success', name);
      assert.equal(body.results[0].format, format, name);
      assert.equal(body.results[0].setCount, FIXTURE_SETS.length, name);
      for (const set of FIXTURE_SETS) {
        const detail = await json(await get(`/operations/catalog/objects/${set.noradId}`, other));
        const e = detail.current.elements;
        // the OMM files carry the TLE fields' numbers: the same doubles
        for (const field of ['meanMotionRevPerDay', 'eccentricity', 'inclinationDeg', 'raanDeg', 'argPerigeeDeg', 'meanAnomalyDeg', 'bstarPerEarthRadius'] as const) {
          assert.equal(e[field], set[field], `${name} ${set.noradId} ${field}`);
        }
        // the epoch to the microsecond the ISO text carries (TLE epochs hold 1e-8 day)
        assert.ok(Math.abs(Date.parse(detail.epoch) - Date.parse(`${set.epochUtc}Z`)) <= 1, `${name} ${set.noradId} epoch`);
        assert.equal(detail.current.source.format, format);
      }
    }
    const all = await json(await upload([{ name: 'bare.tle', content: TWO_LINE }, { name: 'sample.kvn', content: OMM_KVN }, { name: 'sample.xml', content: OMM_XML }], org));
    assert.equal(all.successCount, 3);
    assert.deepEqual(all.results.map((r: { format: string }) => r.format), ['TLE', 'OMM', 'OMM']);
    assert.equal((await json(await get('/operations/catalog/objects', org))).totalElements, FIXTURE_SETS.length);
  });

  test('the newest epoch is the current set whatever the upload order; older sets are kept in the history', async () => {
    const org = (await svc.key({ organization: 'org-catalog-newest' })).secret;
    await upload([{ name: 'base.3le', content: THREE_LINE }], org);
    const newer = await json(await upload([{ name: 'newer.tle', content: shiftedTle(99003, 1, 'SSO NEWER') }], org));
    assert.equal(newer.results[0].objectsUpdated, 1);
    assert.equal(newer.results[0].objectsAdded, 0);
    const older = await json(await upload([{ name: 'older.tle', content: shiftedTle(99003, -1, 'SSO OLDER') }], org));
    assert.equal(older.results[0].storedCount, 1);
    assert.equal(older.results[0].objectsUpdated, 0);
    const detail = await json(await get('/operations/catalog/objects/99003', org));
    assert.equal(detail.name, 'SSO NEWER');
    assert.equal(detail.setCount, 3);
    assert.deepEqual(detail.history.map((h: { name: string }) => h.name), ['SSO NEWER', 'APSIS-TEST SSO', 'SSO OLDER']);
    const epochs = detail.history.map((h: { epoch: string }) => Date.parse(h.epoch));
    assert.ok(epochs[0] > epochs[1] && epochs[1] > epochs[2]);
    assert.equal(detail.current.setId, detail.history[0].setId);
    // the list shows the current set too
    const listed = await json(await get('/operations/catalog/objects?noradId=99003', org));
    assert.equal(listed.content[0].name, 'SSO NEWER');
    assert.equal(listed.content[0].setCount, 3);
  });

  test('a file with bad lines is refused whole: every bad line with its number and reason, nothing stored', async () => {
    const org = (await svc.key({ organization: 'org-catalog-bad' })).secret;
    const lines = THREE_LINE.split('\n');
    // line 3: a wrong checksum (the last digit of line 2 of the first set); line 6: a letter in the mean motion
    lines[2] = lines[2]!.slice(0, 68) + String((Number(lines[2]!.at(68)) + 1) % 10);
    lines[5] = lines[5]!.slice(0, 52) + 'X' + lines[5]!.slice(53);
    const bad = lines.join('\n');
    const response = await upload([{ name: 'bad.3le', content: bad }, { name: 'good.kvn', content: OMM_KVN }], org);
    assert.equal(response.status, 207);
    const body = await json(response);
    assert.equal(body.failureCount, 1);
    const [failed, good] = body.results;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error, 'PARSE_ERROR');
    assert.deepEqual(failed.errors.map((e: { line: number }) => e.line), [3, 6]);
    assert.equal(failed.line, 3);
    assert.match(failed.errors[0].message, /checksum/i);
    assert.equal(failed.errorCount, 2);
    assert.equal(failed.storedCount, 0);
    assert.equal(good.status, 'success');
    // nothing of the refused file: the sets present are the OMM file's (source OMM)
    const list = await json(await get('/operations/catalog/objects?size=100', org));
    for (const o of list.content) {
      const detail = await json(await get(`/operations/catalog/objects/${o.noradId}`, org));
      assert.deepEqual(detail.history.map((h: { source: { format: string } }) => h.source.format), ['OMM']);
    }
    // alone, the refused file leaves an empty catalog
    const empty = (await svc.key({ organization: 'org-catalog-bad-alone' })).secret;
    const alone = await upload([{ name: 'bad.3le', content: bad }], empty);
    assert.equal(alone.status, 207);
    assert.equal((await json(await get('/operations/catalog/objects', empty))).totalElements, 0);
    // a file of another kind, and an empty one
    const other = await json(await upload([{ name: 'x.oem', content: 'CCSDS_OEM_VERS = 2.0\n' }, { name: 'empty.tle', content: '\n' }], empty));
    assert.deepEqual(other.results.map((r: { error: string }) => r.error), ['UNSUPPORTED_FORMAT', 'UNSUPPORTED_FORMAT']);
  });

  test('filters (NORAD id, name, perigee/apogee, epoch age) and paging', async () => {
    const ids = async (query: string): Promise<number[]> =>
      (await json(await get(`/operations/catalog/objects?size=100&${query}`))).content.map((o: { noradId: number }) => o.noradId);
    assert.deepEqual(await ids('noradId=99005'), [99005]);
    assert.deepEqual(await ids('name=molniya'), [99005]);
    assert.deepEqual(await ids('name=apsis-test'), FIXTURE_SETS.filter((s) => s.name?.includes('APSIS-TEST')).map((s) => s.noradId).sort((a, b) => a - b));
    assert.deepEqual(await ids('name=%25'), []);
    const all = (await json(await get('/operations/catalog/objects?size=100'))).content as Array<{ noradId: number; perigeeKm: number; apogeeKm: number; epochAgeDays: number }>;
    const expect = (keep: (o: (typeof all)[number]) => boolean) => all.filter(keep).map((o) => o.noradId);
    assert.deepEqual(await ids('minPerigeeKm=30000'), expect((o) => o.perigeeKm >= 30000));
    assert.deepEqual(await ids('maxPerigeeKm=2000&minApogeeKm=10000'), expect((o) => o.perigeeKm <= 2000 && o.apogeeKm >= 10000));
    assert.ok((await ids('maxPerigeeKm=2000&minApogeeKm=10000')).length >= 2, 'the GTO and the Molniya');
    assert.deepEqual(await ids('maxApogeeKm=600'), expect((o) => o.apogeeKm <= 600));
    assert.ok((await ids('maxApogeeKm=600')).length >= 2);
    // the fixtures' epochs are in February 2023
    assert.deepEqual(await ids('maxEpochAgeDays=1'), []);
    assert.deepEqual(await ids('maxEpochAgeDays=100000'), NORAD_IDS);
    const oldest = Math.max(...all.map((o) => o.epochAgeDays));
    assert.deepEqual(await ids(`maxEpochAgeDays=${oldest - 0.25}`), expect((o) => o.epochAgeDays <= oldest - 0.25));
    // perigee height check: a LEO set's figures are those of a = (μ/n²)^(1/3) (here 99002, n = 15.49852375 rev/d)
    const iss = all.find((o) => o.noradId === 99002)!;
    const n = (15.49852375 * 2 * Math.PI) / 86400;
    const a = Math.cbrt(398600.4418 / (n * n));
    assert.ok(Math.abs(iss.perigeeKm - (a * (1 - 0.0004558) - 6378.137)) < 1e-9);
    // paging and sorting
    const page = await json(await get('/operations/catalog/objects?size=3&page=1&sort=noradId,desc'));
    assert.equal(page.totalElements, NORAD_IDS.length);
    assert.equal(page.totalPages, Math.ceil(NORAD_IDS.length / 3));
    assert.deepEqual(page.content.map((o: { noradId: number }) => o.noradId), [...NORAD_IDS].reverse().slice(3, 6));
    const byPerigee = await json(await get('/operations/catalog/objects?size=100&sort=perigeeKm,asc'));
    const perigees = byPerigee.content.map((o: { perigeeKm: number }) => o.perigeeKm);
    assert.deepEqual(perigees, [...perigees].sort((x: number, y: number) => x - y));
  });

  test('organizations are isolated (404), permissions are enforced (403)', async () => {
    const other = (await svc.key({ organization: 'org-catalog-other' })).secret;
    const response = await get('/operations/catalog/objects/99001', other);
    assert.equal(response.status, 404);
    assert.equal((await json(response)).error, 'CATALOG_OBJECT_NOT_FOUND');
    assert.equal((await json(await get('/operations/catalog/objects', other))).totalElements, 0);
    const readOnly = (await svc.key({ organization: 'org-catalog', permissions: PERMISSIONS.filter((p) => p !== 'write:conjunctions') })).secret;
    const writeOnly = (await svc.key({ organization: 'org-catalog', permissions: PERMISSIONS.filter((p) => p !== 'read:conjunctions') })).secret;
    const refused = await upload([{ name: 'sample.3le', content: THREE_LINE }], readOnly);
    assert.equal(refused.status, 403);
    assert.equal((await json(refused)).error, 'ACCESS_ERROR');
    for (const path of ['/operations/catalog/objects', '/operations/catalog/objects/99001']) {
      assert.equal((await get(path, writeOnly)).status, 403, path);
      assert.equal((await get(path, readOnly)).status, 200, path);
    }
  });

  test('validation: a 400 naming the field', async () => {
    const fieldOf = async (response: Response, field: string) => {
      assert.equal(response.status, 400, field);
      const body = await json(response);
      assert.equal(body.error, 'VALIDATION_ERROR');
      assert.ok(field in (body.fieldErrors ?? {}), `${field}: ${JSON.stringify(body.fieldErrors)}`);
    };
    await fieldOf(await get('/operations/catalog/objects?minPerigeeKm=low'), 'minPerigeeKm');
    await fieldOf(await get('/operations/catalog/objects?maxApogeeKm=1e999'), 'maxApogeeKm');
    await fieldOf(await get('/operations/catalog/objects?maxEpochAgeDays=-1'), 'maxEpochAgeDays');
    await fieldOf(await get('/operations/catalog/objects?noradId=-5'), 'noradId');
    await fieldOf(await get('/operations/catalog/objects?noradId=12.5'), 'noradId');
    await fieldOf(await get('/operations/catalog/objects?sort=bogus,asc'), 'sort');
    await fieldOf(await get('/operations/catalog/objects?size=0'), 'size');
    await fieldOf(await get('/operations/catalog/objects/ISS'), 'noradId');
    const noFiles = new FormData();
    noFiles.append('other', 'x');
    await fieldOf(await svc.request('POST', '/operations/catalog', { key, body: noFiles }), 'files');
  });
});
