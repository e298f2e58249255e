/**
 * The 100 km altitude floor with the full default force model (EGM96 20×20 + Harris–Priester drag with table-node
 * events + SRP with conical shadow events + Sun/Moon): the run stops at the crossing, reports it, returns the outputs
 * before it and none after, and never returns a state below the floor — whatever the other step-ending events do
 * and wherever the output times fall.
 *
 * Regression: the floor (100 km) is also the lowest Harris–Priester table node, so the node detector
 * (RESET_DERIVATIVES) and the floor detector (STOP) have the same root. When the node root came out first, the
 * restart after the cut re-read every g at the post-event state, where the floor's g was already negative, and the
 * floor crossing was absorbed: the run went on through the Earth with `truncated: null`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { floorCheckIntervalS, propagate, type ForceModelSettings, type PropagationRequest, type PropagationResult } from '../../../engine/propagation/propagator.ts';
import { Dop853Integrator, type EventDetector, type OdeSystem } from '../../../engine/propagation/dop853.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { harrisPriesterHeightM } from '../../../engine/forces/harrisPriester.ts';
import { WGS84_EQUATORIAL_RADIUS_M } from '../../../engine/constants.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { loadEop2023, loadReference, referenceEpoch } from './referenceData.ts';

const MU = 3.986004418e14;
const A_KM = WGS84_EQUATORIAL_RADIUS_M / 1000;
const SC = { massKg: 1000, dryMassKg: 800, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };
const TWO_BODY: ForceModelSettings = { gravityDegree: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const FULL: ForceModelSettings = {};
const EPOCH = referenceEpoch(loadReference('SSO_700_98.2')); // 2023-03-08T06:30 UTC, the epoch of the OEM report
const EOP_2023 = loadEop2023();

function environment(epoch: Epoch, startS: number, endS: number, bundledEop = false): InterpolatedEarthEnvironment {
  return new InterpolatedEarthEnvironment({ epoch, startS, endS, eop: bundledEop ? bundledEopTable() : EOP_2023 });
}

function grid(stepS: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => stepS * (i + 1));
}

function altitudeKm(statesKm: Float64Array, i: number): number {
  return harrisPriesterHeightM(statesKm[6 * i]! * 1000, statesKm[6 * i + 1]! * 1000, statesKm[6 * i + 2]! * 1000) / 1000;
}

/**
 * Checks a floor-truncated result: reported reason/time/altitude, the state at the reported time (propagated again
 * with that time as an output) within 1 m of 100 km, outputs before the crossing all returned and none after, no
 * returned state below the floor. Returns the crossing time.
 */
function assertStopsAtFloor(req: PropagationRequest, res: PropagationResult, label: string): number {
  assert.notEqual(res.truncated, null, `${label}: floor missed (truncated: null)`);
  const tr = res.truncated!;
  assert.equal(tr.reason, 'ALTITUDE_FLOOR', label);
  assert.ok(Math.abs(tr.altitudeKm - 100) < 1e-3, `${label}: reported altitude ${tr.altitudeKm} km`);
  assert.deepEqual(res.events.filter((e) => e.type === 'ALTITUDE_FLOOR').map((e) => e.tS), [tr.tS], label);
  const dir = Math.sign(tr.tS);
  const requested = Array.from(req.outputTimesS);
  const before = requested.filter((t) => (tr.tS - t) * dir >= 0);
  assert.deepEqual(Array.from(res.timesS), before, `${label}: outputs up to the crossing, none after`);
  for (let i = 0; i < res.timesS.length; i++) {
    assert.ok(altitudeKm(res.statesKm, i) > 100 - 1e-3, `${label}: output at ${res.timesS[i]} s is at ${altitudeKm(res.statesKm, i)} km`);
  }
  // the state at the reported time, through the dense output of the same run (intermediate output times do not
  // change the steps, the last one is the same)
  const again = propagate({ ...req, outputTimesS: [...requested, tr.tS] });
  assert.equal(again.truncated?.tS, tr.tS, `${label}: the crossing time depends on the output times`);
  const at = again.timesS.length - 1;
  assert.equal(again.timesS[at], tr.tS);
  assert.deepEqual(Array.from(again.timesS.subarray(0, at)), before);
  assert.ok(Math.abs(altitudeKm(again.statesKm, at) - 100) < 1e-3, `${label}: altitude ${altitudeKm(again.statesKm, at)} km at the reported time`);
  return tr.tS;
}

test('floor, full default model: the reported sub-orbital state (300 km, v = [0, 7.4, 0.8] km/s) stops at 100 km', () => {
  // several epochs and both EOP tables: which of the coinciding floor / density-node roots comes out first depends on
  // the step sequence, so the regression is exercised on more than one sequence
  let hits = 0;
  for (const [offsetS, bundled, massKg] of [[0, true, 1000], [0, false, 1000], [0, false, 800], [3 * 3600, false, 1000], [7 * 3600, true, 1000]] as const) {
    const epoch = EPOCH.plusSeconds(offsetS);
    const req: PropagationRequest = {
      positionKm: [6678.137, 0, 0],
      velocityKmS: [0, 7.4, 0.8],
      spacecraft: { ...SC, massKg },
      forceModel: FULL,
      outputTimesS: [0, ...grid(60, 360)],
      environment: environment(epoch, 0, 6 * 3600, bundled),
    };
    const res = propagate(req);
    const tS = assertStopsAtFloor(req, res, `epoch +${offsetS} s, ${bundled ? 'bundled' : '2023'} EOP, ${massKg} kg`);
    assert.ok(tS > 780 && tS < 830, `crossing at ${tS} s`);
    assert.equal(res.timesS.length, 14);
    hits++;
  }
  assert.equal(hits, 5);
});

test('floor, full default model: steep reentry from 150 km', () => {
  const req: PropagationRequest = {
    positionKm: [0, -(A_KM + 150) * Math.cos(0.7), (A_KM + 150) * Math.sin(0.7)],
    velocityKmS: [7.2, 1.2, -1.0],
    spacecraft: SC,
    forceModel: FULL,
    outputTimesS: grid(10, 60),
    environment: environment(EPOCH, 0, 600),
  };
  const tS = assertStopsAtFloor(req, propagate(req), 'steep reentry');
  assert.ok(tS > 20 && tS < 120, `crossing at ${tS} s`);
});

test('floor, full default model: a decaying orbit with a 110 km perigee is stopped on a later perigee pass', () => {
  // (Keplerian) apogee 300 km at the equator, perigee 110 km, 97° inclination: drag lowers the perigee until a pass
  // goes below 100 km, after close to two revolutions
  const ra = (A_KM + 300) * 1000;
  const rp = (A_KM + 110) * 1000;
  const va = Math.sqrt((2 * MU * rp) / (ra * (ra + rp))) / 1000;
  const req: PropagationRequest = {
    positionKm: [ra / 1000, 0, 0],
    velocityKmS: [0, va * Math.cos(1.7), va * Math.sin(1.7)],
    spacecraft: SC,
    forceModel: FULL,
    outputTimesS: grid(300, 288),
    environment: environment(EPOCH, 0, 86400),
  };
  const tS = assertStopsAtFloor(req, propagate(req), 'decaying 110 km perigee');
  const period = 2 * Math.PI * Math.sqrt(((ra + rp) / 2) ** 3 / MU);
  assert.ok(tS > 1.5 * period && tS < 86400, `crossing at ${tS} s = ${(tS / period).toFixed(2)} revolutions`);
});

test('floor, full default model: backward propagation stops at the floor too', () => {
  const req: PropagationRequest = {
    positionKm: [6678.137, 0, 0],
    velocityKmS: [0, 7.4, 0.8],
    spacecraft: SC,
    forceModel: FULL,
    outputTimesS: [...grid(-60, 360), 0],
    environment: environment(EPOCH, -6 * 3600, 0),
  };
  const res = propagate(req);
  const tS = assertStopsAtFloor(req, res, 'backward');
  assert.ok(tS < -700 && tS > -900, `crossing at ${tS} s`);
});

test('floor: a brief dip below 100 km inside one long step, far from any output time, is caught', () => {
  // equatorial two-body orbit, apogee 300 km, perigee 100 km − 3 m: below the floor for about 13 s around the
  // perigee (t ≈ 2650 s), with 300 s steps and outputs only every 1000 s
  const ra = (A_KM + 300) * 1000;
  const rp = (A_KM + 100) * 1000 - 3;
  const va = Math.sqrt((2 * MU * rp) / (ra * (ra + rp))) / 1000;
  const req: PropagationRequest = {
    positionKm: [ra / 1000, 0, 0],
    velocityKmS: [0, va, 0],
    spacecraft: { massKg: 100 },
    forceModel: TWO_BODY,
    outputTimesS: [1000, 2000, 3000, 4000, 5000],
  };
  const res = propagate(req);
  const tS = assertStopsAtFloor(req, res, 'grazing dip');
  const halfPeriod = Math.PI * Math.sqrt(((ra + rp) / 2) ** 3 / MU);
  assert.ok(tS < halfPeriod && tS > halfPeriod - 10, `crossing at ${tS} s, perigee at ${halfPeriod} s`);
  assert.deepEqual(Array.from(res.timesS), [1000, 2000]);
  // same with the full model (shadow and density-node events around), and with a single far output time
  const full = { ...req, spacecraft: SC, forceModel: FULL, outputTimesS: [5000], environment: environment(EPOCH, 0, 6000) };
  const resFull = propagate(full);
  assertStopsAtFloor(full, resFull, 'grazing dip, full model');
  assert.equal(resFull.timesS.length, 0);
});

test('floor check interval: the height provably stays above the floor within it (sampled along a grazing orbit)', () => {
  // two-body orbit with its apogee (300 km) at 40° N and its perigee 500 m below the 100 km floor at 40° S, so the
  // ellipsoid term of the height rate matters; run with a 50 km floor and 0.5 s outputs
  const lat = (40 * Math.PI) / 180;
  const e2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
  const radius = A_KM * 1000 * Math.sqrt((1 - e2) / (1 - e2 * Math.cos(lat) ** 2));
  const ra = radius + 300e3;
  const rp = radius + 100e3 - 500;
  const va = Math.sqrt((2 * MU * rp) / (ra * (ra + rp))) / 1000;
  const [c, s, b] = [Math.cos(lat), Math.sin(lat), 0.4]; // b: heading from east
  const times = Array.from({ length: 7000 }, (_, i) => 0.5 * (i + 1));
  const res = propagate({
    positionKm: [(ra / 1000) * c, 0, (ra / 1000) * s],
    velocityKmS: [-va * Math.sin(b) * s, va * Math.cos(b), va * Math.sin(b) * c],
    spacecraft: { massKg: 100 },
    forceModel: TWO_BODY,
    outputTimesS: times,
    altitudeFloorKm: 50,
  });
  assert.equal(res.timesS.length, times.length);
  const floorM = 100e3;
  const accBound = MU / (A_KM * 1000 * (1 - 1 / 298.257223563) + floorM) ** 2 + 1;
  const h = times.map((_, i) => altitudeKm(res.statesKm, i) * 1000 - floorM);
  const y = new Float64Array(7);
  let checked = 0;
  let minH = Infinity;
  for (let i = 0; i < times.length; i++) {
    minH = Math.min(minH, h[i]!);
    if (h[i]! <= 0) continue;
    for (let k = 0; k < 6; k++) y[k] = res.statesKm[6 * i + k]! * 1000;
    const dt = floorCheckIntervalS(y, floorM, accBound);
    assert.ok(dt > 0 && Number.isFinite(dt));
    for (let j = i + 1; j < times.length && times[j]! <= times[i]! + dt; j++) {
      assert.ok(h[j]! > 0, `from t = ${times[i]} s the interval ${dt} s reaches t = ${times[j]} s where h − floor = ${h[j]} m`);
      checked++;
    }
  }
  assert.ok(minH < 0, `the orbit must go below the floor (min ${minH} m)`);
  assert.ok(checked > 10000, `${checked} samples checked`);
});

test('DOP853: a STOP event whose root coincides with a step-ending RESET_DERIVATIVES event is not lost', () => {
  // y' = −(2 + sin t), y(0) = 10: both detectors change sign where y = 5. The RESET one is located to 1e-12 s and
  // comes out first, on the far side of the root; the STOP one (a sign function, located to 1e-3 s) has then
  // already changed sign at that time too — like the floor and the lowest Harris–Priester node, both at 100 km.
  const sys: OdeSystem = {
    dimension: 1,
    computeDerivatives: (t, _y, d) => {
      d[0] = -(2 + Math.sin(t));
    },
  };
  const order: string[] = [];
  const reset: EventDetector = { maxCheckS: 10, thresholdS: 1e-12, g: (_t, y) => y[0]! - 5, onEvent: () => (order.push('reset'), 'RESET_DERIVATIVES') };
  const stop: EventDetector = { maxCheckS: 10, thresholdS: 1e-3, g: (_t, y) => (y[0]! > 5 ? 1 : -1), onEvent: () => (order.push('stop'), 'STOP') };
  const integ = new Dop853Integrator(sys, { minStepS: 1e-6, maxStepS: 100, initialStepS: 100, absTol: new Float64Array([1e-10]), relTol: new Float64Array([1e-10]) });
  const y = new Float64Array([10]);
  let lastT = 0;
  const res = integ.integrate(0, y, 100, (it) => (lastT = it.tEnd), [reset, stop]);
  assert.equal(res.stoppedByEvent, true, `not stopped: t = ${res.t}, y = ${y[0]}`);
  assert.ok(Math.abs(y[0]! - 5) < 1e-9, `stopped at y = ${y[0]}`);
  assert.equal(lastT, res.t);
  assert.deepEqual(order, ['reset', 'stop']);
});
