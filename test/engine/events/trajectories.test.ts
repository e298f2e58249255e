/**
 * The three trajectory sources of the event engine:
 *  - dense output: equal to the propagator's own output points (the same continuous extension) to 1e-9 km and
 *    1e-12 km/s, on both sides of the epoch;
 *  - Hermite interpolation of 60 s samples of an exact two-body LEO orbit: the samples reproduced exactly and the
 *    points between them within 1e-6 km (1 mm) and 1e-9 km/s; an OEM written with the project's writer (1 mm /
 *    1 µm/s rounding), in GCRF and in EME2000, read back within 5 mm of the orbit; files that cannot serve are
 *    refused naming the keyword;
 *  - SGP4: equal to satellite.js's TEME state rotated by the exact TEME → GCRF transform of engine/frames to
 *    1e-6 km (the hourly rotation nodes are interpolated linearly).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sgp4, twoline2satrec } from 'satellite.js';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { writeOemKvn } from '../../../engine/files/oem/oemWriter.ts';
import { buildTransform } from '../../../engine/frames/index.ts';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { ConsecutiveTrajectories, DenseOutputTrajectory, HermiteTrajectory, OemTrajectoryError, Sgp4Trajectory, TrajectoryRangeError, oemTrajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { KeplerTrajectory, TEST_EPOCH, environmentFor, testTle } from './helpers.ts';

const LEO = { aKm: 6878.137, e: 0.002, iDeg: 97.5, raanDeg: 10, argPerigeeDeg: 30, meanAnomalyDeg: 0 };

test('dense output trajectory = the propagator\'s output points, forward and backward', () => {
  const environment = environmentFor(TEST_EPOCH, 6 * 3600);
  const outputs = Array.from({ length: 13 }, (_, i) => -3 * 3600 + i * 1800 + 0.37);
  const run = propagate({
    positionKm: [6878.137, 0, 0],
    velocityKmS: [0, 1.0, 7.54],
    spacecraft: { massKg: 500, dragAreaM2: 1, dragCoefficient: 2.2, srpAreaM2: 1, reflectivityCoefficient: 1.3 },
    outputTimesS: outputs,
    environment,
    denseOutput: true,
  });
  const dense = run.denseOutput!;
  assert.ok(dense.stepCount > 10);
  const trajectory = new DenseOutputTrajectory(dense, TEST_EPOCH);
  assert.ok(trajectory.startS <= outputs[0]! && trajectory.endS >= outputs[outputs.length - 1]!);
  const s = new Float64Array(6);
  run.timesS.forEach((t, i) => {
    trajectory.stateAt(t, s);
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(s[k]! - run.statesKm[6 * i + k]!) < 1e-9, `position at ${t}`);
    for (let k = 3; k < 6; k++) assert.ok(Math.abs(s[k]! - run.statesKm[6 * i + k]!) < 1e-12, `velocity at ${t}`);
  });
  assert.throws(() => trajectory.stateAt(trajectory.endS + 1, s), TrajectoryRangeError);
  assert.equal(propagate({ positionKm: [6878.137, 0, 0], velocityKmS: [0, 1, 7.54], spacecraft: { massKg: 1 }, forceModel: { gravityDegree: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] }, outputTimesS: [60] }).denseOutput, null);
});

test('Hermite interpolation of 60 s samples of a two-body orbit: samples exact, 1 mm between them', () => {
  const span = 3 * 3600;
  const kepler = new KeplerTrajectory(TEST_EPOCH, LEO, span);
  const n = span / 60 + 1;
  const times = Float64Array.from({ length: n }, (_, i) => 60 * i);
  const states = new Float64Array(6 * n);
  const s = new Float64Array(6);
  times.forEach((t, i) => {
    kepler.stateAt(t, s);
    states.set(s, 6 * i);
  });
  const hermite = new HermiteTrajectory(TEST_EPOCH, times, states);
  const h = new Float64Array(6);
  let worstP = 0;
  let worstV = 0;
  for (let t = 0; t <= span; t += 7.3) {
    hermite.stateAt(t, h);
    kepler.stateAt(t, s);
    worstP = Math.max(worstP, Math.hypot(h[0]! - s[0]!, h[1]! - s[1]!, h[2]! - s[2]!));
    worstV = Math.max(worstV, Math.hypot(h[3]! - s[3]!, h[4]! - s[4]!, h[5]! - s[5]!));
  }
  assert.ok(worstP < 1e-6, `position ${worstP} km`);
  assert.ok(worstV < 1e-9, `velocity ${worstV} km/s`);
  hermite.stateAt(1200, h);
  for (let k = 0; k < 3; k++) assert.ok(Math.abs(h[k]! - states[6 * 20 + k]!) < 1e-9);
  console.log(`Hermite 8 points, 60 s LEO samples: ${(worstP * 1e6).toFixed(3)} mm, ${(worstV * 1e9).toFixed(3)} µm/s`);
});

function oemText(frame: 'GCRF' | 'EME2000', stepS: number, span: number, kepler: KeplerTrajectory): string {
  const s = new Float64Array(6);
  const states = [];
  for (let t = 0; t <= span; t += stepS) {
    kepler.stateAt(t, s);
    const at = TEST_EPOCH.plusSeconds(t);
    if (frame === 'EME2000') buildTransform('GCRF', 'EME2000', at).applyPositionVelocity(s, s);
    states.push({ epoch: at.toString('UTC', 6).replace('Z', ''), positionKm: [s[0]!, s[1]!, s[2]!], velocityKmS: [s[3]!, s[4]!, s[5]!] });
  }
  return writeOemKvn({
    creationDate: '2023-03-10T00:00:00',
    originator: 'TEST',
    segments: [
      {
        objectName: 'KEPLER',
        objectId: '2023-000A',
        centerName: 'EARTH',
        refFrame: frame,
        timeSystem: 'UTC',
        startTime: states[0]!.epoch,
        stopTime: states[states.length - 1]!.epoch,
        interpolation: 'HERMITE',
        interpolationDegree: 7,
        states,
      },
    ],
  });
}

test('an OEM written by the project\'s writer, in GCRF or EME2000, reads back as the orbit within 1 cm', () => {
  const span = 2 * 3600;
  const kepler = new KeplerTrajectory(TEST_EPOCH, LEO, span);
  for (const frame of ['GCRF', 'EME2000'] as const) {
    const trajectory = oemTrajectory(parseOem(oemText(frame, 60, span, kepler)), TEST_EPOCH);
    assert.equal(trajectory.startS, 0);
    assert.equal(trajectory.endS, span);
    const a = new Float64Array(6);
    const b = new Float64Array(6);
    let worst = 0;
    for (let t = 0; t <= span; t += 11) {
      trajectory.stateAt(t, a);
      kepler.stateAt(t, b);
      worst = Math.max(worst, Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!));
    }
    // the file's 1 mm rounding, amplified by the interpolation (its Lebesgue constant)
    assert.ok(worst < 1e-5, `${frame}: ${worst} km`);
  }
});

test('OEMs that cannot serve as event trajectories are refused naming the keyword', () => {
  const kepler = new KeplerTrajectory(TEST_EPOCH, LEO, 600);
  const text = oemText('GCRF', 60, 600, kepler);
  const expectError = (t: string, field: string) =>
    assert.throws(() => oemTrajectory(parseOem(t)), (e: unknown) => e instanceof OemTrajectoryError && e.field === field, field);
  expectError(text.replace(/REF_FRAME( *)= GCRF/, 'REF_FRAME$1= ITRF2000'), 'REF_FRAME');
  expectError(text.replace(/CENTER_NAME( *)= EARTH/, 'CENTER_NAME$1= MOON'), 'CENTER_NAME');
  expectError(text.replace(/TIME_SYSTEM( *)= UTC/, 'TIME_SYSTEM$1= MET'), 'TIME_SYSTEM');
  // two segments with a gap
  const two = parseOem(text);
  const second = parseOem(text.replaceAll('2023-03-10T00:', '2023-03-10T01:'));
  two.segments.push(second.segments[0]!);
  assert.throws(() => oemTrajectory(two), (e: unknown) => e instanceof OemTrajectoryError && e.field === 'START_TIME' && /after segment 0/.test(e.message));
});

test('consecutive segments form one trajectory; the shared boundary belongs to the later one', () => {
  const kepler = new KeplerTrajectory(TEST_EPOCH, LEO, 1200);
  const part = (from: number, to: number) => {
    const times = Float64Array.from({ length: (to - from) / 60 + 1 }, (_, i) => from + 60 * i);
    const states = new Float64Array(6 * times.length);
    const s = new Float64Array(6);
    times.forEach((t, i) => {
      kepler.stateAt(t, s);
      states.set(s, 6 * i);
    });
    return new HermiteTrajectory(TEST_EPOCH, times, states);
  };
  const joined = new ConsecutiveTrajectories([part(0, 600), part(600, 1200)]);
  assert.equal(joined.startS, 0);
  assert.equal(joined.endS, 1200);
  const a = new Float64Array(6);
  const b = new Float64Array(6);
  for (const t of [0, 300, 600, 900, 1200]) {
    joined.stateAt(t, a);
    kepler.stateAt(t, b);
    assert.ok(Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) < 1e-6, `at ${t}`);
  }
  assert.throws(() => new ConsecutiveTrajectories([part(0, 600), part(660, 1200)]), /contiguous/);
});

test('SGP4 trajectory = satellite.js TEME output through the exact TEME → GCRF rotation', () => {
  const [l1, l2] = testTle();
  const eop = bundledEopTable();
  const span = 86400;
  const trajectory = new Sgp4Trajectory(l1, l2, { epoch: TEST_EPOCH, startS: 0, endS: span, eop });
  const satrec = twoline2satrec(l1, l2);
  const s = new Float64Array(6);
  const expected = new Float64Array(6);
  let worst = 0;
  for (let t = 0; t <= span; t += 1234.5) {
    trajectory.stateAt(t, s);
    const pv = sgp4(satrec, (t - trajectory.tleEpochS) / 60)!;
    const at = TEST_EPOCH.plusSeconds(t);
    buildTransform('TEME', 'GCRF', at, eop.at(at)).applyPositionVelocity(
      [pv.position.x, pv.position.y, pv.position.z, pv.velocity.x, pv.velocity.y, pv.velocity.z],
      expected,
    );
    worst = Math.max(worst, Math.hypot(s[0]! - expected[0]!, s[1]! - expected[1]!, s[2]! - expected[2]!));
    assert.ok(Math.hypot(s[3]! - expected[3]!, s[4]! - expected[4]!, s[5]! - expected[5]!) < 1e-9, `velocity at ${t}`);
  }
  assert.ok(worst < 1e-6, `${worst} km`);
  assert.equal(trajectory.tleEpochS, 0);
  assert.throws(() => new Sgp4Trajectory(l1.slice(0, 68) + '0', l2, { startS: 0, endS: 60, eop }), /checksum/);
});
