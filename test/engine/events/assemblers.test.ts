/**
 * Pass and eclipse assembly at the edges of the span, the orbit shadow shares, the minimum-elevation option and
 * bad input (SGP4 of a synthetic SSO TLE over the bundled EOP; nothing outside the repository):
 *  - a span starting and ending inside passes: those passes are cut and flagged, their AOS/LOS null, the span edge
 *    reported, the maximum at the edge when higher than every local maximum; the passes inside are the same as
 *    those of a longer search (1e-6 s);
 *  - a span starting inside an eclipse: the first eclipse and its umbra are cut and flagged;
 *  - the orbits run from ascending node to ascending node, the shadow time over all orbits equals the eclipses'
 *    total, fractions lie in [0, 1];
 *  - `minElevationDeg` above the masks keeps exactly the passes that rise above it, with AOS/LOS at that elevation;
 *  - bad input is refused naming the field.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Epoch } from '../../../engine/time/epoch.ts';
import { EventRequestError, predictEvents } from '../../../engine/events/index.ts';
import { Sgp4Trajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { TEST_EPOCH, TEST_STATIONS, environmentFor, testTle } from './helpers.ts';

const SPAN = 86400;
const [L1, L2] = testTle();
const trajectory = new Sgp4Trajectory(L1, L2, { epoch: TEST_EPOCH, startS: 0, endS: SPAN, eop: bundledEopTable() });
const environment = environmentFor(TEST_EPOCH, SPAN);
const full = predictEvents({ trajectory, environment, fromS: 0, toS: SPAN, passes: { stations: TEST_STATIONS }, eclipses: true, nodes: true });

test('passes cut by the span are flagged, with the span edge reported and the maximum there when higher', () => {
  const passes = full.passes!.filter((p) => p.stationId === 'svalbard' && !p.cutAtStart && !p.cutAtEnd);
  const first = passes[2]!;
  const last = passes[6]!;
  // start after the first pass's maximum (edge higher than any maximum left), end before the last pass's maximum
  const from = first.maximum.tS + 0.25 * (first.endS - first.maximum.tS);
  const to = last.startS + 0.5 * (last.maximum.tS - last.startS);
  const cut = predictEvents({ trajectory, environment, fromS: from, toS: to, passes: { stations: [TEST_STATIONS[0]!] } }).passes!;
  const head = cut[0]!;
  assert.ok(head.cutAtStart && !head.cutAtEnd && head.aos === null && head.los !== null);
  assert.equal(head.startS, from);
  assert.equal(head.atSpanStart!.tS, from);
  assert.ok(head.maximum.atSpanEdge && head.maximum.tS === from, 'maximum at the span start');
  assert.equal(head.localMaxima.length, 0);
  assert.ok(Math.abs(head.los!.tS - first.los!.tS) < 1e-6);
  const tail = cut[cut.length - 1]!;
  assert.ok(tail.cutAtEnd && tail.los === null && tail.atSpanEnd!.tS === to && tail.endS === to);
  assert.ok(tail.maximum.atSpanEdge && tail.maximum.tS === to, 'maximum at the span end (elevation still rising)');
  assert.ok(Math.abs(tail.aos!.tS - last.aos!.tS) < 1e-6);
  const inner = cut.slice(1, -1);
  assert.deepEqual(inner.map((p) => p.aos!.tS.toFixed(6)), passes.slice(3, 6).map((p) => p.aos!.tS.toFixed(6)));
  assert.deepEqual(inner.map((p) => p.los!.tS.toFixed(6)), passes.slice(3, 6).map((p) => p.los!.tS.toFixed(6)));
  assert.deepEqual(inner.map((p) => p.number), [2, 3, 4]);
  for (const p of full.passes!) {
    if (!p.aos) continue;
    assert.ok(Math.abs(p.aos.elevationDeg - p.elevationThresholdDeg) < 1e-6, 'AOS at the mask');
    assert.ok(p.aos.elevationRateDegS > 0 && p.los!.elevationRateDegS < 0);
    assert.ok(p.maximum.elevationDeg >= p.aos.elevationDeg);
  }
});

test('an eclipse in progress at the span start is cut and flagged, umbra included', () => {
  const e = full.eclipses!.find((x) => x.hasUmbra && !x.cutAtStart && !x.cutAtEnd)!;
  const u = e.umbra[0]!;
  const from = 0.5 * (u.startS + u.endS);
  const cut = predictEvents({ trajectory, environment, fromS: from, toS: from + 7200, eclipses: true }).eclipses!;
  const head = cut[0]!;
  assert.ok(head.cutAtStart && head.penumbraEntry === null && head.penumbraExit !== null && head.startS === from);
  assert.ok(head.umbra[0]!.cutAtStart && head.umbra[0]!.entry === null);
  assert.ok(Math.abs(head.umbraDurationS - (u.endS - from)) < 1e-6);
  assert.ok(Math.abs(head.penumbraExit!.tS - e.penumbraExit!.tS) < 1e-6);
  assert.ok(head.penumbraExit!.rateDegS > 0 && e.penumbraEntry!.rateDegS < 0, 'entries decrease, exits increase');
});

test('orbit shadow shares: ascending node to ascending node, totals consistent with the eclipses', () => {
  const orbits = full.orbitShadow!;
  const ascending = full.nodes!.filter((n) => n.type === 'ASCENDING');
  assert.equal(orbits.length, ascending.length + 1);
  assert.ok(!orbits[0]!.complete && !orbits[orbits.length - 1]!.complete);
  for (const o of orbits.slice(1, -1)) {
    assert.ok(o.complete);
    assert.ok(Math.abs(o.endS - o.startS - 86400 / 15.21) < 60, `orbit ${o.number} lasts ${o.endS - o.startS} s`);
    assert.ok(o.shadowFraction > 0.2 && o.shadowFraction < 0.5 && o.umbraFraction <= o.shadowFraction);
  }
  const shadow = orbits.reduce((s, o) => s + o.shadowDurationS, 0);
  const eclipses = full.eclipses!.reduce((s, e) => s + e.shadowDurationS, 0);
  assert.ok(Math.abs(shadow - eclipses) < 1e-6, `${shadow} vs ${eclipses}`);
});

test('minElevationDeg above the masks keeps the passes rising above it', () => {
  const min = 30;
  const high = predictEvents({ trajectory, environment, fromS: 0, toS: SPAN, passes: { stations: TEST_STATIONS, minElevationDeg: min } }).passes!;
  const expected = full.passes!.filter((p) => p.maximum.elevationDeg > min);
  assert.equal(high.length, expected.length);
  for (const p of high) {
    assert.equal(p.elevationThresholdDeg, min);
    if (p.aos) assert.ok(Math.abs(p.aos.elevationDeg - min) < 1e-6);
    assert.ok(p.maximum.elevationDeg > min);
  }
});

test('bad input is refused naming the field', () => {
  const request = { trajectory, environment, fromS: 0, toS: 3600 };
  const field = (f: string) => (e: unknown) => e instanceof EventRequestError && e.field === f;
  assert.throws(() => predictEvents({ ...request, toS: 0 }), field('toS'));
  assert.throws(() => predictEvents({ ...request, fromS: -10 }), field('fromS'));
  assert.throws(() => predictEvents({ ...request, toS: SPAN + 1 }), field('toS'));
  assert.throws(() => predictEvents({ ...request, fromS: Number.NaN }), field('fromS'));
  assert.throws(() => predictEvents({ ...request, passes: { stations: TEST_STATIONS, minElevationDeg: 95 } }), field('minElevationDeg'));
  assert.throws(() => predictEvents({ ...request, passes: { stations: [TEST_STATIONS[0]!, { ...TEST_STATIONS[1]!, latitudeDeg: 95 }] } }), field('stations[1].latitudeDeg'));
  assert.throws(() => predictEvents({ ...request, passes: { stations: [{ ...TEST_STATIONS[0]!, elevationMaskDeg: Number.NaN }] } }), field('stations[0].elevationMaskDeg'));
  assert.throws(() => predictEvents(request, { nonGravitationalAccelerationKmS2: -1 }), field('nonGravitationalAccelerationKmS2'));
  const other = environmentFor(Epoch.parse('2023-03-10T00:00:01', 'UTC'), SPAN);
  assert.throws(() => predictEvents({ ...request, environment: other }), /time origin/);
});
