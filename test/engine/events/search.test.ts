/**
 * The event search and its detectors, with nothing outside the repository:
 *  - Brent's method converges to its tolerance and refuses a non-bracket;
 *  - on two-body orbits (exact trajectories, LEO e = 0.01 and HEO e = 0.7) nodes and apsides fall at their
 *    analytic times (argument of latitude 0/180°, mean anomaly 0/180°) within 1e-5 s, none missed, none extra;
 *  - the detectors' bounds on |g'| and |g''| (what the guarantee rests on) hold: checked against finite differences
 *    of g sampled every 0.1 s over 60 s intervals along LEO, HEO and SGP4 trajectories, and each detector's g'
 *    against the finite difference of its g;
 *  - against a brute-force scan every 1 s over a day (SGP4, four stations, shadow): every sign change of the scan is
 *    found within 1 s, and every event found is a sign change of the scan (or an excursion shorter than the scan
 *    step, confirmed by a scan at 0.01 s around it);
 *  - a grazing pass: with the threshold 1e-5° below a pass's maximum (a pass of about a second) it is found with a
 *    one-hour grid; 1e-5° above, nothing is found;
 *  - the shadow function is the solar radiation pressure force's own switching function.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ForceEvaluation } from '../../../engine/forces/types.ts';
import { SolarRadiationPressure } from '../../../engine/forces/solarRadiationPressure.ts';
import { trueToMeanAnomaly } from '../../../engine/orbits/keplerian.ts';
import { brentRoot } from '../../../engine/events/rootFinding.ts';
import { EventGeometry } from '../../../engine/events/geometry.ts';
import { ElevationFunction } from '../../../engine/events/detectors/elevation.ts';
import { ShadowAngles, ShadowFunction } from '../../../engine/events/detectors/shadow.ts';
import { ApsisFunction, NodeFunction } from '../../../engine/events/detectors/orbit.ts';
import type { SwitchingFunction } from '../../../engine/events/search.ts';
import { eventStation, predictEvents } from '../../../engine/events/index.ts';
import { Sgp4Trajectory, type Trajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { KeplerTrajectory, TEST_EPOCH, TEST_STATIONS, environmentFor, testTle } from './helpers.ts';

const DEG = Math.PI / 180;
const DAY = 86400;

function sgp4Trajectory(endS: number): Sgp4Trajectory {
  const [l1, l2] = testTle();
  return new Sgp4Trajectory(l1, l2, { epoch: TEST_EPOCH, startS: 0, endS, eop: bundledEopTable() });
}

const LEO = { aKm: 6878.137, e: 0.01, iDeg: 53, raanDeg: 30, argPerigeeDeg: 40, meanAnomalyDeg: 10 };
const HEO = { aKm: 26600, e: 0.7, iDeg: 63.4, raanDeg: 150, argPerigeeDeg: 270, meanAnomalyDeg: 200 };

test('brentRoot converges to the time tolerance and refuses a non-bracket', () => {
  let evaluations = 0;
  const f = (t: number): number => {
    evaluations++;
    return Math.sin(t / 300) - 0.3;
  };
  const exact = 300 * Math.asin(0.3);
  const root = brentRoot(f, 0, f(0), 200, f(200), 1e-6);
  assert.ok(Math.abs(root - exact) <= 1e-6, `root ${root} vs ${exact}`);
  assert.ok(evaluations < 20, `${evaluations} evaluations`);
  assert.equal(brentRoot(f, exact, 0, 200, f(200), 1e-6), exact);
  assert.throws(() => brentRoot(f, 0, f(0), 10, f(10), 1e-6), /do not bracket/);
});

for (const [name, elements] of [['LEO e = 0.01', LEO], ['HEO e = 0.7', HEO]] as const) {
  test(`two-body ${name}: nodes and apsides at their analytic times`, () => {
    const span = 2 * DAY;
    const trajectory = new KeplerTrajectory(TEST_EPOCH, elements, span);
    const result = predictEvents({ trajectory, environment: environmentFor(TEST_EPOCH, span), fromS: 0, toS: span, nodes: true, apsides: true });
    const n = trajectory.meanMotionRadS;
    const m0 = elements.meanAnomalyDeg * DEG;
    /** Instants in (0, span) where the mean anomaly is `m` modulo 2π. */
    const times = (m: number): number[] => {
      const out: number[] = [];
      let t = (((m - m0) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI) / n;
      for (; t < span; t += (2 * Math.PI) / n) if (t > 0) out.push(t);
      return out;
    };
    const w = elements.argPerigeeDeg * DEG;
    const expected = [
      ...times(trueToMeanAnomaly(-w, elements.e)).map((t) => ({ t, type: 'ASCENDING' })),
      ...times(trueToMeanAnomaly(Math.PI - w, elements.e)).map((t) => ({ t, type: 'DESCENDING' })),
    ].sort((a, b) => a.t - b.t);
    assert.deepEqual(result.nodes!.map((x) => x.type), expected.map((x) => x.type));
    result.nodes!.forEach((x, i) => assert.ok(Math.abs(x.tS - expected[i]!.t) <= 1e-5, `node ${i}: ${x.tS} vs ${expected[i]!.t}`));
    const apsides = [...times(0).map((t) => ({ t, type: 'PERIGEE' })), ...times(Math.PI).map((t) => ({ t, type: 'APOGEE' }))].sort((a, b) => a.t - b.t);
    assert.deepEqual(result.apsides!.map((x) => x.type), apsides.map((x) => x.type));
    result.apsides!.forEach((x, i) => assert.ok(Math.abs(x.tS - apsides[i]!.t) <= 1e-5, `apsis ${i}: ${x.tS} vs ${apsides[i]!.t}`));
    const perigee = result.apsides!.find((x) => x.type === 'PERIGEE')!;
    assert.ok(Math.abs(perigee.radiusKm - elements.aKm * (1 - elements.e)) < 1e-6);
  });
}

/**
 * Largest |g'| and |g''| on [t0, t0 + h] from g sampled every δ (central differences: their own error is
 * O(δ²·g''') and O(δ²·g''''), far below the margins checked), and the largest error of the sampled g'.
 */
function measured(fn: SwitchingFunction, geometry: EventGeometry, t0: number, h: number, delta: number) {
  const n = Math.round(h / delta);
  const g = new Float64Array(n + 3);
  const rate = new Float64Array(n + 3);
  const sample = new Float64Array(fn.sampleSize);
  for (let k = 0; k < n + 3; k++) {
    geometry.at(t0 + (k - 1) * delta);
    fn.evaluate(geometry, sample, 0);
    g[k] = sample[0]!;
    rate[k] = sample[1]!;
  }
  let slope = 0;
  let curvature = 0;
  let rateError = 0;
  let rateScale = 0;
  for (let k = 1; k <= n + 1; k++) {
    const d1 = (g[k + 1]! - g[k - 1]!) / (2 * delta);
    slope = Math.max(slope, Math.abs(d1));
    curvature = Math.max(curvature, Math.abs(g[k + 1]! - 2 * g[k]! + g[k - 1]!) / (delta * delta));
    rateError = Math.max(rateError, Math.abs(rate[k]! - d1));
    rateScale = Math.max(rateScale, Math.abs(d1));
  }
  return { slope, curvature, rateError, rateScale };
}

function checkBounds(label: string, trajectory: Trajectory, functions: [string, SwitchingFunction][], count: number): void {
  const environment = environmentFor(trajectory.epoch, trajectory.endS);
  const geometry = new EventGeometry(trajectory, environment);
  const h = 60;
  const a = new Float64Array(8);
  const b = new Float64Array(8);
  const bounds = new Float64Array(3);
  let tightest = { name: '', slope: 0, curvature: 0 };
  for (const [name, fn] of functions) {
    for (let i = 0; i < count; i++) {
      const t0 = 1 + ((trajectory.endS - h - 2) * (i + 0.5)) / count;
      geometry.at(t0);
      fn.evaluate(geometry, a, 0);
      geometry.at(t0 + h);
      fn.evaluate(geometry, b, 0);
      fn.bounds(a, b, h, bounds);
      const m = measured(fn, geometry, t0, h, 0.1);
      assert.ok(m.slope <= bounds[0]!, `${label} ${name} at ${t0}: |g'| reaches ${m.slope}, bound ${bounds[0]}`);
      if (Number.isFinite(bounds[1]!)) assert.ok(m.curvature <= bounds[1]!, `${label} ${name} at ${t0}: |g''| reaches ${m.curvature}, bound ${bounds[1]}`);
      // the sampled rate: within its declared error plus the difference quotient's own error (δ²·|g'''|/6)
      assert.ok(m.rateError <= bounds[2]! + 1e-4 * m.rateScale + 1e-10, `${label} ${name} at ${t0}: g' off by ${m.rateError} (scale ${m.rateScale})`);
      const ratio = { slope: m.slope / bounds[0]!, curvature: m.curvature / bounds[1]! };
      if (ratio.curvature > tightest.curvature) tightest = { name, ...ratio };
    }
  }
  console.log(`${label}: tightest bound use ${tightest.name}: |g''| ${(tightest.curvature * 100).toFixed(1)} % of its bound`);
}

function allFunctions(): [string, SwitchingFunction][] {
  const angles = new ShadowAngles();
  return [
    ...TEST_STATIONS.map((s, i): [string, SwitchingFunction] => [`elevation ${s.name}`, new ElevationFunction(eventStation(s, i))]),
    ['penumbra', new ShadowFunction('PENUMBRA', angles)],
    ['umbra', new ShadowFunction('UMBRA', angles)],
    ['node', new NodeFunction()],
    ['apsis', new ApsisFunction()],
  ];
}

test('the detectors\' bounds on |g\'| and |g\'\'| hold along LEO, HEO and SGP4 trajectories', () => {
  checkBounds('two-body LEO', new KeplerTrajectory(TEST_EPOCH, LEO, DAY / 4), allFunctions(), 40);
  checkBounds('two-body HEO', new KeplerTrajectory(TEST_EPOCH, HEO, DAY / 2), allFunctions(), 40);
  checkBounds('SGP4 SSO', sgp4Trajectory(DAY / 4), allFunctions(), 40);
});

interface ScanChange {
  t: number;
  rising: boolean;
}

/** Sign changes of g > 0 on a uniform scan (the midpoint of each bracketing step). */
function scan(fn: SwitchingFunction, geometry: EventGeometry, from: number, to: number, step: number): ScanChange[] {
  const sample = new Float64Array(fn.sampleSize);
  const out: ScanChange[] = [];
  let prev = false;
  for (let k = 0, t = from; t <= to + 1e-9; k++, t = from + k * step) {
    geometry.at(Math.min(t, to));
    fn.evaluate(geometry, sample, 0);
    const pos = sample[0]! > 0;
    if (k > 0 && pos !== prev) out.push({ t: t - step / 2, rising: pos });
    prev = pos;
  }
  return out;
}

test('against a 1 s brute-force scan over a day: every pass and shadow boundary found, nothing else', () => {
  const span = DAY;
  const trajectory = sgp4Trajectory(span);
  const environment = environmentFor(TEST_EPOCH, span);
  const result = predictEvents({ trajectory, environment, fromS: 0, toS: span, passes: { stations: TEST_STATIONS }, eclipses: true });
  const geometry = new EventGeometry(trajectory, environment);
  const check = (label: string, fn: SwitchingFunction, found: ScanChange[]): void => {
    const scanned = scan(fn, geometry, 0, span, 1);
    for (const s of scanned) {
      assert.ok(found.some((f) => f.rising === s.rising && Math.abs(f.t - s.t) <= 0.5 + 1e-6), `${label}: scan change at ${s.t} not found`);
    }
    for (const f of found) {
      if (scanned.some((s) => s.rising === f.rising && Math.abs(f.t - s.t) <= 0.5 + 1e-6)) continue;
      // an excursion shorter than the scan step: a fine scan around it must show it
      const fine = scan(fn, geometry, Math.max(0, f.t - 1), Math.min(span, f.t + 1), 0.01);
      assert.ok(fine.some((s) => s.rising === f.rising && Math.abs(f.t - s.t) <= 0.005 + 1e-6), `${label}: event at ${f.t} is not a sign change`);
    }
  };
  TEST_STATIONS.forEach((s, i) => {
    const passes = result.passes!.filter((p) => p.stationId === s.id);
    const found = passes.flatMap((p) => [...(p.aos ? [{ t: p.aos.tS, rising: true }] : []), ...(p.los ? [{ t: p.los.tS, rising: false }] : [])]);
    check(`elevation ${s.name}`, new ElevationFunction(eventStation(s, i)), found);
  });
  const eclipses = result.eclipses!;
  const angles = new ShadowAngles();
  check('penumbra', new ShadowFunction('PENUMBRA', angles), eclipses.flatMap((e) => [
    ...(e.penumbraEntry ? [{ t: e.penumbraEntry.tS, rising: false }] : []),
    ...(e.penumbraExit ? [{ t: e.penumbraExit.tS, rising: true }] : []),
  ]));
  check('umbra', new ShadowFunction('UMBRA', angles), eclipses.flatMap((e) => e.umbra.flatMap((u) => [
    ...(u.entry ? [{ t: u.entry.tS, rising: false }] : []),
    ...(u.exit ? [{ t: u.exit.tS, rising: true }] : []),
  ])));
  assert.ok(result.passes!.length >= 10 && eclipses.length >= 10, `${result.passes!.length} passes, ${eclipses.length} eclipses`);
});

test('a grazing pass of about a second is found with a one-hour grid; just above its maximum nothing is', () => {
  const span = DAY / 2;
  const trajectory = sgp4Trajectory(span);
  const environment = environmentFor(TEST_EPOCH, span);
  const base = predictEvents({ trajectory, environment, fromS: 0, toS: span, passes: { stations: TEST_STATIONS } });
  const low = base.passes!.filter((p) => !p.cutAtStart && !p.cutAtEnd).sort((a, b) => a.maximum.elevationDeg - b.maximum.elevationDeg)[0]!;
  const station = TEST_STATIONS.find((s) => s.id === low.stationId)!;
  const grazing = (deltaDeg: number) =>
    predictEvents(
      { trajectory, environment, fromS: low.startS - 1800, toS: low.endS + 1800, passes: { stations: [{ ...station, elevationMaskDeg: low.maximum.elevationDeg + deltaDeg }] } },
      { gridStepS: 3600 },
    ).passes!;
  const below = grazing(-1e-5);
  assert.equal(below.length, 1, `one pass 1e-5° below the maximum (${low.maximum.elevationDeg}°)`);
  assert.ok(below[0]!.durationS > 0.05 && below[0]!.durationS < 5, `duration ${below[0]!.durationS} s`);
  assert.ok(Math.abs(below[0]!.maximum.tS - low.maximum.tS) < below[0]!.durationS, 'at the same maximum');
  assert.equal(grazing(+1e-5).length, 0, 'no pass 1e-5° above the maximum');
  console.log(`grazing pass: ${below[0]!.durationS.toFixed(3)} s long at ${station.name}, found with a 3600 s grid`);
});

test('the shadow functions are the SRP force\'s eclipse switching functions', () => {
  const span = DAY / 4;
  const trajectory = sgp4Trajectory(span);
  const environment = environmentFor(TEST_EPOCH, span);
  const geometry = new EventGeometry(trajectory, environment);
  const srp = new SolarRadiationPressure(1, 1);
  const ev = new ForceEvaluation(environment);
  const angles = new ShadowAngles();
  const umbra = new ShadowFunction('UMBRA', angles);
  const penumbra = new ShadowFunction('PENUMBRA', angles);
  const sample = new Float64Array(5);
  const y = new Float64Array(7);
  for (let t = 0; t < span; t += 97) {
    geometry.at(t);
    for (let k = 0; k < 6; k++) y[k] = geometry.stateGcrf[k]! * 1000;
    y[6] = 100;
    ev.begin(t, y);
    umbra.evaluate(geometry, sample, 0);
    assert.ok(Math.abs(sample[0]! - srp.eclipseFunction(ev, 0)) < 1e-12, `umbra at ${t}`);
    ev.begin(t, y);
    penumbra.evaluate(geometry, sample, 0);
    assert.ok(Math.abs(sample[0]! - srp.eclipseFunction(ev, 1)) < 1e-12, `penumbra at ${t}`);
  }
});
