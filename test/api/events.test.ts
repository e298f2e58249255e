/**
 * Passes, eclipses and orbit events through the API, over the socket: the E1 case of the Orekit
 * event references (LEO 550 km, three stations, 3 days) set up as an operator would — a spacecraft, its initial state,
 * three ground stations — and the answers compared with Orekit's events (../shared/reference/events, read in place
 * and skipped visibly when absent: they are not redistributable). The forms (JSON, CSV, iCalendar, the sky SVG in
 * headless Chromium), the validation of every query field and the organization boundary are checked on a fresh clone.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';
import { sunPositionAt } from '../../engine/bodies/index.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { findChromium, renderSvgPixels } from '../helpers/chromium.ts';

const REFERENCE = fileURLToPath(new URL('../../../shared/reference/events/E1/events.json', import.meta.url));
const REFERENCE_ABSENT = existsSync(REFERENCE) ? false : '../shared/reference/events is not present (fresh clone; not redistributable): Orekit comparison skipped';

/** E1 (case.json): LEO a 6928.137 km, e 0.0012, i 53°, full force model, GCRF state at 2023-01-16T00:00Z. */
const E1 = {
  epoch: '2023-01-16T00:00:00Z',
  from: '2023-01-16T00:00:00Z',
  to: '2023-01-19T00:00:00Z',
  positionKm: [3341.3374741342263, 6051.388928158365, -495.1637971982136],
  velocityKmS: [-4.209709320813666, 1.8409061798710893, -6.0321719757561745],
  stations: [
    { name: 'GS-A', latitudeDeg: 48.08, longitudeDeg: 11.28, heightM: 600, elevationMaskDeg: 10 },
    { name: 'GS-B', latitudeDeg: 67.86, longitudeDeg: 20.96, heightM: 400, elevationMaskDeg: 10 },
    { name: 'GS-C', latitudeDeg: -35.4, longitudeDeg: 148.98, heightM: 690, elevationMaskDeg: 5 },
  ],
};
const SPAN = `from=${E1.from}&to=${E1.to}`;

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('passes, eclipses and orbit events of a spacecraft (E1 case)', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let passes: any;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key({ organization: 'events' })).secret;
    // Orekit's E1 spacecraft: 500 kg, 1 m² for drag and solar pressure, Cd 2.2, Cr 1.5; the default force model
    // (EGM96 20×20, Harris–Priester, SRP with the conical shadow, Sun and Moon) is Orekit's model of the case.
    const created = await svc.request('POST', '/operations/spacecraft', {
      key,
      json: { name: 'E1-LEO', launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1, dragCoefficient: 2.2, reflectivityCoefficient: 1.5 },
    });
    craft = (await created.json()).id;
    for (const station of E1.stations) assert.equal((await svc.request('POST', '/operations/ground-stations', { key, json: station })).status, 201);
    const state = await svc.request('POST', '/operations/state-vectors', {
      key,
      json: { spacecraftId: craft, epoch: E1.epoch, referenceFrame: 'GCRF', mass: 500, position: E1.positionKm, velocity: E1.velocityKmS },
    });
    assert.equal(state.status, 201);
    const response = await svc.request('GET', `/operations/spacecraft/${craft}/passes?${SPAN}`, { key });
    passes = await response.json();
    assert.equal(response.status, 200, JSON.stringify(passes));
  });
  after(async () => svc?.close());

  test('passes: consistent answers (sorted, AOS < maximum < LOS, durations, threshold = mask), the basis named', () => {
    assert.equal(passes.stateVectorId, 'SV-1');
    assert.equal(passes.from, '2023-01-16T00:00:00.000Z');
    assert.equal(passes.truncatedAt, null);
    assert.ok(passes.passes.length > 30);
    let previous = -Infinity;
    passes.passes.forEach((p: any, i: number) => {
      assert.equal(p.index, i);
      assert.ok(seconds(p.start) >= previous);
      previous = seconds(p.start);
      assert.ok(seconds(p.start) < seconds(p.maximum.time) && seconds(p.maximum.time) < seconds(p.end));
      assert.ok(Math.abs(seconds(p.end) - seconds(p.start) - p.durationS) < 2e-3);
      const mask = E1.stations.find((s) => s.name === p.stationName)!.elevationMaskDeg;
      assert.equal(p.elevationThresholdDeg, mask);
      if (p.aos) assert.ok(Math.abs(p.aos.elevationDeg - mask) < 1e-6);
      assert.ok(p.maximum.elevationDeg > mask);
    });
  });

  test('passes against Orekit 13.1 (E1): every pass, AOS/LOS and maximum within the reference tolerances', (t) => {
    if (REFERENCE_ABSENT) return t.skip(REFERENCE_ABSENT);
    const reference = JSON.parse(readFileSync(REFERENCE, 'utf8'));
    assert.equal(passes.passes.length, reference.passes.length);
    let worstEdge = 0;
    let worstElevation = 0;
    for (const ref of reference.passes) {
      const ours = passes.passes.find((p: any) => p.stationName === ref.station && p.number === ref.pass);
      assert.ok(ours, `${ref.station} pass ${ref.pass}`);
      for (const edge of ['aos', 'los'] as const) {
        if (!ref[edge]) continue;
        const error = Math.abs(seconds(ours[edge].time) - seconds(ref[edge].utc));
        worstEdge = Math.max(worstEdge, error);
        // printed to the millisecond: the reference tolerance plus half a millisecond of rounding
        assert.ok(error <= ref[edge].tolerance_s + 5e-4, `${ref.station} ${ref.pass} ${edge}: ${error} s`);
        assert.ok(Math.abs(ours[edge].azimuthDeg - ref[edge].azimuth_deg) < 0.01);
      }
      const elevationError = Math.abs(ours.maximum.elevationDeg - ref.max.elevation_deg);
      worstElevation = Math.max(worstElevation, elevationError);
      assert.ok(elevationError <= ref.max.elevation_tolerance_deg, `${ref.station} ${ref.pass} max elevation ${elevationError}°`);
      if (ref.max.tolerance_s !== null) assert.ok(Math.abs(seconds(ours.maximum.time) - seconds(ref.max.utc)) <= ref.max.tolerance_s + 5e-4);
    }
    console.log(`# E1 through the API: worst AOS/LOS ${(worstEdge * 1000).toFixed(2)} ms, worst maximum elevation ${worstElevation.toExponential(2)}°`);
  });

  test('eclipses and orbit events against Orekit 13.1 (E1): every eclipse edge within 1 s, nodes and apsides within their tolerances', async (t) => {
    const eclipses = await (await svc.request('GET', `/operations/spacecraft/${craft}/eclipses?${SPAN}`, { key })).json();
    const events = await (await svc.request('GET', `/operations/spacecraft/${craft}/orbit-events?${SPAN}`, { key })).json();
    // Orbit shares: ascending node to ascending node, fractions inside [0, 1], complete orbits shorter than 2 h.
    for (const orbit of eclipses.orbits) {
      assert.ok(orbit.shadowFraction >= 0 && orbit.shadowFraction <= 1 && orbit.umbraFraction <= orbit.shadowFraction);
      if (orbit.complete) assert.ok(Math.abs(seconds(orbit.end) - seconds(orbit.start) - 5740) < 60);
    }
    assert.ok(eclipses.eclipses[0].cutAtStart, 'the span starts in shadow');
    if (REFERENCE_ABSENT) return t.skip(REFERENCE_ABSENT);
    const reference = JSON.parse(readFileSync(REFERENCE, 'utf8'));
    assert.equal(eclipses.eclipses.length, reference.eclipses.length);
    eclipses.eclipses.forEach((ours: any, i: number) => {
      const ref = reference.eclipses[i];
      for (const [mine, theirs] of [[ours.penumbraEntry, ref.penumbra_entry], [ours.penumbraExit, ref.penumbra_exit], [ours.umbra[0]?.entry ?? null, ref.umbra_entry], [ours.umbra[0]?.exit ?? null, ref.umbra_exit]]) {
        assert.equal(mine === null, !theirs, `eclipse ${i + 1}: the same contacts`);
        if (mine && theirs) assert.ok(Math.abs(seconds(mine) - seconds(theirs.utc)) <= theirs.tolerance_s + 5e-4, `eclipse ${i + 1}: ${mine} vs ${theirs.utc}`);
      }
    });
    assert.equal(events.nodes.length, reference.nodes.length);
    assert.equal(events.apsides.length, reference.apsides.length);
    events.nodes.forEach((n: any, i: number) => assert.ok(Math.abs(seconds(n.time) - seconds(reference.nodes[i].utc)) <= reference.nodes[i].tolerance_s + 5e-4));
    events.apsides.forEach((a: any, i: number) => {
      assert.equal(a.type, reference.apsides[i].type.toUpperCase());
      assert.ok(Math.abs(seconds(a.time) - seconds(reference.apsides[i].utc)) <= reference.apsides[i].tolerance_s + 5e-4);
    });
  });

  test('orbit events: types=NODE leaves the apsides out; types=APSIS the nodes', async () => {
    const one = `/operations/spacecraft/${craft}/orbit-events?from=2023-01-16T00:00:00Z&to=2023-01-16T06:00:00Z`;
    const nodes = await (await svc.request('GET', `${one}&types=NODE`, { key })).json();
    assert.equal(nodes.apsides, null);
    assert.ok(nodes.nodes.length >= 6);
    const apsides = await (await svc.request('GET', `${one}&types=APSIS`, { key })).json();
    assert.equal(apsides.nodes, null);
    assert.ok(apsides.apsides.every((a: any) => a.altitudeKm > 530 && a.altitudeKm < 580));
  });

  test('the pass plan as CSV (RFC 4180) and iCalendar (RFC 5545): one row and one VEVENT per pass', async () => {
    const oneDay = `/operations/spacecraft/${craft}/passes?from=2023-01-16T00:00:00Z&to=2023-01-17T00:00:00Z`;
    const json = await (await svc.request('GET', oneDay, { key })).json();
    const csv = await svc.request('GET', oneDay, { key, headers: { Accept: 'text/csv' } });
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    const rows = (await csv.text()).split('\r\n');
    assert.equal(rows.at(-1), '', 'CRLF after the last row');
    assert.equal(rows[0], 'stationName,stationId,number,aos,los,durationS,maxElevationTime,maxElevationDeg,aosAzimuthDeg,maxAzimuthDeg,losAzimuthDeg,maxRangeKm,cutAtStart,cutAtEnd');
    assert.equal(rows.length - 2, json.passes.length);
    const first = rows[1]!.split(',');
    assert.deepEqual([first[0], first[3], first[7]], [json.passes[0].stationName, json.passes[0].aos.time, String(json.passes[0].maximum.elevationDeg)]);
    const ics = await svc.request('GET', oneDay, { key, headers: { Accept: 'text/calendar' } });
    assert.equal(ics.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const calendar = await ics.text();
    assert.match(calendar, /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    assert.equal((calendar.match(/BEGIN:VEVENT/g) ?? []).length, json.passes.length);
    assert.ok(calendar.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75), 'lines folded at 75 octets');
    const aos = json.passes[0].aos.time.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    assert.ok(calendar.includes(`DTSTART:${aos}`), `DTSTART ${aos}`);
    // The most preferred of what the client accepts; nothing acceptable → 406.
    const prefers = await svc.request('GET', oneDay, { key, headers: { Accept: 'text/calendar;q=0.5, text/csv' } });
    assert.equal(prefers.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal((await svc.request('GET', oneDay, { key, headers: { Accept: 'application/xml' } })).status, 406);
  });

  test('the sky plot of a pass: SVG with the track, the marks and the shaded mask; drawn in headless Chromium', async (t) => {
    const response = await svc.request('GET', `/operations/spacecraft/${craft}/passes/0/sky.svg?${SPAN}`, { key });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    const svg = await response.text();
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal((svg.match(/class="track"/g) ?? []).length, 1);
    assert.equal((svg.match(/class="(aos|maximum|los)"/g) ?? []).length, 3);
    assert.match(svg, /class="mask"/);
    assert.match(svg, /E1-LEO over GS-A, pass 1/);
    assert.equal((await svc.request('GET', `/operations/spacecraft/${craft}/passes/999/sky.svg?${SPAN}`, { key })).status, 404);
    const chromium = findChromium();
    if (!chromium) return t.skip('no chromium on this machine (apt-get install -y chromium): the SVG was not rendered in a browser');
    const pixels = renderSvgPixels(chromium, svg, 560, 620, { track: '#1f77b4', mask: '#d9d9d9', aos: '#2ca02c', los: '#d62728' });
    assert.ok(pixels.loaded, pixels.loaded ? '' : pixels.detail);
    assert.ok(pixels.counts.track! > 100, `the blue track is drawn (${pixels.counts.track} px)`);
    assert.ok(pixels.counts.mask! > 1000, `the sky below the mask is shaded (${pixels.counts.mask} px)`);
    assert.ok(pixels.counts.aos! > 20 && pixels.counts.los! > 20, 'AOS (green) and LOS (red) marks');
  });

  test('bad input is a 400 naming the field; unknown stations 404; another organization 404; no state 422', async () => {
    const base = `/operations/spacecraft/${craft}`;
    const field = async (path: string) => {
      const response = await svc.request('GET', path, { key });
      assert.equal(response.status, 400, path);
      return Object.keys((await response.json()).fieldErrors);
    };
    assert.deepEqual(await field(`${base}/passes?from=2023-01-16T00:00:00Z&to=2023-02-16T00:00:01Z`), ['to']);
    assert.deepEqual(await field(`${base}/passes?from=2023-01-16T00:00:00Z&to=2023-01-15T00:00:00Z`), ['to']);
    assert.deepEqual(await field(`${base}/passes?from=yesterday&to=2023-01-15T00:00:00Z`), ['from']);
    assert.deepEqual(await field(`${base}/passes?${SPAN}&minElevationDeg=abc`), ['minElevationDeg']);
    assert.deepEqual(await field(`${base}/passes?${SPAN}&stationIds=`), ['stationIds']);
    assert.deepEqual(await field(`${base}/orbit-events?${SPAN}&types=NODE,PERIGEE`), ['types']);
    assert.deepEqual(await field(`${base}/passes/first/sky.svg?${SPAN}`), ['index']);
    assert.equal((await svc.request('GET', `${base}/passes?${SPAN}&stationIds=no-such-station`, { key })).status, 404);
    const other = (await svc.key({ organization: 'events-other' })).secret;
    assert.equal((await svc.request('GET', `${base}/passes?${SPAN}`, { key: other })).status, 404);
    const empty = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'NO-STATE' } })).json();
    const none = await svc.request('GET', `/operations/spacecraft/${empty.id}/eclipses?${SPAN}`, { key });
    assert.equal(none.status, 422);
    assert.equal((await none.json()).error, 'NO_ELIGIBLE_STATE');
  });

  test('a PREDICT_EVENTS task: its product is the pass plan with eclipses (JSON) or the pass plan (CSV), as the endpoints give them', async () => {
    // A craft with a state at the present (a task's span is relative to its run time). E1's orbit (53°, 557 km) has
    // no eclipse when the Sun is more than 67° out of its plane, which some weeks of the year bring for a fixed plane:
    // its state is turned about the Earth's axis so that its node faces the Sun's right ascension today: the Sun is then
    // at most asin(cos 53° · sin 23.4°) ≈ 14° out of the plane, shadow on every orbit whatever the date the test runs.
    // The plan spans a day: the Earth turns once under the orbit, so GS-A (48° N) and GS-C (35° S) see it whatever the
    // time of day the test runs (12 h at 01:19 UTC gave none, the node now being fixed by the Sun).
    const now = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const sun = [0, 0, 0];
    sunPositionAt(Epoch.parseInstant(now), sun);
    const [rx, ry, rz] = E1.positionKm as [number, number, number];
    const [vx, vy, vz] = E1.velocityKmS as [number, number, number];
    const nodeRad = Math.atan2(ry * vz - rz * vy, -(rz * vx - rx * vz));
    const turn = Math.atan2(sun[1]!, sun[0]!) - nodeRad;
    const rotate = ([x, y, z]: number[]) => [Math.cos(turn) * x! - Math.sin(turn) * y!, Math.sin(turn) * x! + Math.cos(turn) * y!, z!];
    const sc = await (await svc.request('POST', '/operations/spacecraft', {
      key,
      json: { name: 'PLAN-LEO', launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1, dragCoefficient: 2.2, reflectivityCoefficient: 1.5 },
    })).json();
    assert.equal((await svc.request('POST', '/operations/state-vectors', {
      key,
      json: { spacecraftId: sc.id, epoch: now, referenceFrame: 'GCRF', mass: 500, position: rotate(E1.positionKm), velocity: rotate(E1.velocityKmS) },
    })).status, 201);
    const plans: Record<string, { product: any; text: string; scheduledFor: string }> = {};
    for (const format of ['JSON', 'CSV'] as const) {
      const at = new Date(Date.now() + 1500).toISOString();
      const created = await svc.request('POST', `/operations/spacecraft/${sc.id}/tasks`, {
        key,
        json: { name: `plan ${format}`, kind: 'PREDICT_EVENTS', schedule: { type: 'ONCE', at }, parameters: { durationSeconds: 86_400, format } },
      });
      assert.equal(created.status, 201, await created.clone().text());
      const task = await created.json();
      assert.deepEqual(task.parameters, { startOffsetSeconds: 0, durationSeconds: 86_400, eclipses: true, format }, 'defaults applied');
      let product: any = null;
      for (let i = 0; i < 600 && !product; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const list = await (await svc.request('GET', `/operations/products?taskId=${task.id}`, { key })).json();
        product = list.content[0] ?? null;
        if (!product) {
          const state = await (await svc.request('GET', `/operations/spacecraft/${sc.id}/tasks/${task.id}`, { key })).json();
          assert.notEqual(state.lastRun?.status, 'FAILED', JSON.stringify(state.lastRun));
        }
      }
      assert.ok(product, 'the run stored its product');
      assert.equal(product.kind, 'EVENT_PLAN');
      const content = await svc.request('GET', `/operations/products/${product.id}/content`, { key });
      assert.equal(content.status, 200);
      plans[format] = { product, text: await content.text(), scheduledFor: at };
    }
    const json = JSON.parse(plans.JSON!.text);
    const same = await (await svc.request('GET', `/operations/spacecraft/${sc.id}/passes?from=${json.from}&to=${json.to}`, { key })).json();
    assert.deepEqual(json.passes, same.passes, 'the plan holds what GET …/passes gives for its span');
    assert.ok(json.passes.length > 0 && json.eclipses.length > 0 && json.orbits.length > 0, `${json.passes.length} passes, ${json.eclipses.length} eclipses, ${json.orbits.length} orbits from ${json.from} to ${json.to}`);
    assert.equal(plans.JSON!.product.summary.passes, json.passes.length);
    assert.match(plans.CSV!.product.mediaType, /^text\/csv/);
    assert.match(plans.CSV!.text, /^stationName,stationId,number,aos,los,/);
  });

  test('minElevationDeg above the masks raises every threshold: fewer, shorter passes', async () => {
    const high = await (await svc.request('GET', `/operations/spacecraft/${craft}/passes?${SPAN}&minElevationDeg=30`, { key })).json();
    assert.ok(high.passes.length > 0 && high.passes.length < passes.passes.length);
    assert.ok(high.passes.every((p: any) => p.elevationThresholdDeg === 30 && p.maximum.elevationDeg > 30));
  });
});
