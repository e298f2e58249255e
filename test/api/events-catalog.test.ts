/**
 * Passes, eclipses and orbit events from the catalog, over the socket: E3 of the Orekit
 * 13.1 event references (TLE LEO ≈ 424 × 444 km, three stations, 3 days from 2023-02-24T12:00Z) set up as an operator
 * would — the TLE uploaded to the catalog (POST /operations/catalog), a spacecraft with its NORAD id, the three
 * stations — and the answers compared with Orekit's events with the tolerances of the engine's E3 test
 * (test/engine/events/referenceCases.ts): every pass found and nothing extra, AOS/LOS within 0.1 s (and within the
 * reference's tolerance_s), maximum elevation within its elevation tolerance (0.002°) and its time within the pass's
 * tolerance; eclipse contacts within their tolerance_s (1 s); nodes within theirs (0.01 s). The reference is read in
 * place (../shared/reference/events, not redistributable) and the comparison skipped visibly when absent; the
 * 4xx answers (no NORAD id, no catalog set, a bad source) are checked on a fresh clone.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';

const E3_DIR = fileURLToPath(new URL('../../../shared/reference/events/E3/', import.meta.url));
const REFERENCE_ABSENT = existsSync(`${E3_DIR}events.json`) ? false : '../shared/reference/events is not present (fresh clone; not redistributable): the E3 comparison is skipped';
const AOS_LOS_LIMIT_S = 0.1;
const SPAN_START = '2023-02-24T12:00:00Z';
const SPAN = `from=${SPAN_START}&to=2023-02-27T12:00:00Z`;

/** Seconds since the span start of an ISO instant, to its last digit (Date.parse keeps milliseconds only). */
function tOf(iso: string): number {
  const match = /^(.*T\d\d:\d\d:\d\d)(\.\d+)?Z$/.exec(iso);
  assert.ok(match, iso);
  return (Date.parse(`${match[1]}Z`) - Date.parse(SPAN_START)) / 1000 + Number(match[2] ?? 0);
}

describe('events from the catalog (source=CATALOG)', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key({ organization: 'events-catalog' })).secret;
  });
  after(async () => svc?.close());

  const get = (path: string) => svc.request('GET', path, { key });
  const craftWith = async (body: Record<string, unknown>) =>
    (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: `craft-${Math.random()}`, ...body } })).json()).id as string;

  test('4xx: no NORAD id, no catalog set of it, an unknown source (error envelope naming what is missing)', async () => {
    await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'GS-X', latitudeDeg: 10, longitudeDeg: 10, heightM: 0, elevationMaskDeg: 5 } });
    const anonymous = await craftWith({});
    let response = await get(`/operations/spacecraft/${anonymous}/passes?${SPAN}&source=CATALOG`);
    assert.equal(response.status, 422);
    let body = await response.json();
    assert.equal(body.error, 'NO_NORAD_ID');
    assert.equal(body.details.spacecraftId, anonymous);
    const numbered = await craftWith({ noradId: 99990 });
    for (const path of ['passes', 'eclipses', 'orbit-events']) {
      response = await get(`/operations/spacecraft/${numbered}/${path}?${SPAN}&source=CATALOG`);
      assert.equal(response.status, 422, path);
      body = await response.json();
      assert.equal(body.error, 'NO_CATALOG_ELEMENT_SET', path);
      assert.equal(body.details.noradId, 99990);
    }
    response = await get(`/operations/spacecraft/${numbered}/passes?${SPAN}&source=TLE`);
    assert.equal(response.status, 400);
    body = await response.json();
    assert.ok('source' in body.fieldErrors, JSON.stringify(body.fieldErrors));
  });

  test('E3: passes, eclipses and nodes from the catalog TLE match Orekit\'s within their tolerances', { skip: REFERENCE_ABSENT }, async () => {
    const caseJson = JSON.parse(readFileSync(`${E3_DIR}case.json`, 'utf8'));
    const reference = JSON.parse(readFileSync(`${E3_DIR}events.json`, 'utf8'));
    const tle = readFileSync(`${E3_DIR}tle.txt`, 'utf8');
    const org = (await svc.key({ organization: 'events-catalog-e3' })).secret;
    const as = (method: string, path: string, options: Record<string, unknown> = {}) => svc.request(method, path, { key: org, ...options });
    const upload = await (await as('POST', '/operations/catalog', { body: filesForm([{ name: 'E3.tle', content: tle }]) })).json();
    assert.equal(upload.results[0].status, 'success');
    const noradId = Number(tle.split('\n')[0]!.slice(2, 7));
    const craft = (await (await as('POST', '/operations/spacecraft', { json: { name: 'E3-LEO', noradId } })).json()).id;
    for (const s of caseJson.stations) {
      const created = await as('POST', '/operations/ground-stations', {
        json: { name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: s.elevation_mask_deg },
      });
      assert.equal(created.status, 201);
    }

    const passesResponse = await as('GET', `/operations/spacecraft/${craft}/passes?${SPAN}&source=CATALOG`);
    const passes = await passesResponse.json();
    assert.equal(passesResponse.status, 200, JSON.stringify(passes));
    assert.equal(passes.source, 'CATALOG');
    assert.equal(passes.stateVectorId, null);
    assert.deepEqual(passes.elementSet, { noradId, epoch: '2023-02-24T06:00:00.000000Z', name: null });
    let worstAosLosS = 0;
    let worstMaxElevationDeg = 0;
    for (const station of caseJson.stations) {
      const refs = reference.passes.filter((p: { station: string }) => p.station === station.name);
      const mine = passes.passes.filter((p: { stationName: string }) => p.stationName === station.name);
      assert.equal(mine.length, refs.length, `${station.name}: ${mine.length} passes, reference ${refs.length}`);
      refs.forEach((ref: any, i: number) => {
        const p = mine[i];
        const what = `${station.name} pass ${ref.pass}`;
        assert.equal(p.cutAtStart, ref.cut_at_start, what);
        assert.equal(p.cutAtEnd, ref.cut_at_end, what);
        for (const [r, got, name] of [[ref.aos, p.aos, 'AOS'], [ref.los, p.los, 'LOS']] as const) {
          assert.equal(got === null, r === null, `${what} ${name}`);
          if (r === null) continue;
          const dt = Math.abs(tOf(got.time) - r.t_s);
          assert.ok(dt <= Math.min(AOS_LOS_LIMIT_S, r.tolerance_s), `${what} ${name} off by ${dt} s`);
          worstAosLosS = Math.max(worstAosLosS, dt);
        }
        const dEl = Math.abs(p.maximum.elevationDeg - ref.max.elevation_deg);
        assert.ok(dEl <= ref.max.elevation_tolerance_deg, `${what} maximum elevation off by ${dEl}°`);
        worstMaxElevationDeg = Math.max(worstMaxElevationDeg, dEl);
        if (ref.max.tolerance_s !== null) assert.ok(Math.abs(tOf(p.maximum.time) - ref.max.t_s) <= ref.max.tolerance_s, `${what} maximum time`);
      });
    }

    const eclipses = await (await as('GET', `/operations/spacecraft/${craft}/eclipses?${SPAN}&source=CATALOG`)).json();
    assert.equal(eclipses.source, 'CATALOG');
    assert.equal(eclipses.eclipses.length, reference.eclipses.length);
    let worstContactS = 0;
    reference.eclipses.forEach((ref: any, i: number) => {
      const e = eclipses.eclipses[i];
      for (const [r, got, name] of [[ref.penumbra_entry, e.penumbraEntry, 'penumbra entry'], [ref.penumbra_exit, e.penumbraExit, 'penumbra exit'], [ref.umbra_entry, e.umbra[0]?.entry ?? null, 'umbra entry'], [ref.umbra_exit, e.umbra[0]?.exit ?? null, 'umbra exit']] as const) {
        assert.equal(got === null, r === null, `eclipse ${i + 1} ${name}`);
        if (r === null) continue;
        const dt = Math.abs(tOf(got) - r.t_s);
        assert.ok(dt <= r.tolerance_s, `eclipse ${i + 1} ${name} off by ${dt} s`);
        worstContactS = Math.max(worstContactS, dt);
      }
    });

    const orbit = await (await as('GET', `/operations/spacecraft/${craft}/orbit-events?${SPAN}&source=CATALOG&types=NODE`)).json();
    assert.equal(orbit.nodes.length, reference.nodes.length);
    let worstNodeS = 0;
    reference.nodes.forEach((ref: any, i: number) => {
      const node = orbit.nodes[i];
      assert.equal(node.type, ref.type.toUpperCase());
      const dt = Math.abs(tOf(node.time) - ref.t_s);
      assert.ok(dt <= ref.tolerance_s, `node ${i + 1} off by ${dt} s`);
      worstNodeS = Math.max(worstNodeS, dt);
    });
    console.log(`reached E3 via the catalog: AOS/LOS ${worstAosLosS.toExponential(2)} s, max elevation ${worstMaxElevationDeg.toExponential(2)}°, eclipse contacts ${worstContactS.toExponential(2)} s, nodes ${worstNodeS.toExponential(2)} s`);
  });
});
