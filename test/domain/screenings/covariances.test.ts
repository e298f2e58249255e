/**
 * The covariances a screening's merge attaches to its approaches (domain/screenings/covariances.ts).
 *
 * Propagation: the primary's covariance at each TCA (the propagator's STM, P = Φ P₀ Φᵀ, rotated into the RTN at TCA)
 * is checked against a state transition matrix built here by central finite differences of the same propagator
 * (12 propagations of the initial state displaced by ±1 m / ±1 mm/s, tight integrator tolerance), multiplied and
 * rotated here with an RTN frame built by hand. Tolerance: every element within 1e-4 of √(PᵢᵢPⱼⱼ) (the finite
 * differences' truncation and the integrator's noise are below that; the largest reached is printed).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledEarthData } from '../../../earthData/files.ts';
import { propagateStoredState, type StoredStatePropagationInput } from '../../../engine/propagation/storedState.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { cdmCovarianceFor, nearestOemCovariance, oemCovarianceBlocks, propagatedPrimaryCovariances } from '../../../domain/screenings/covariances.ts';
import type { CdmCovarianceCandidate } from '../../../domain/screenings/model.ts';

const STATE_EPOCH = '2023-02-15T00:00:00.000Z';
const SPAN_START = '2023-02-15T00:10:00.000Z';

const input: StoredStatePropagationInput = {
  state: { epoch: STATE_EPOCH, positionKm: [6878.137, 0, 0], velocityKmS: [0, 4.581, 6.08], frame: 'GCRF', massKg: 500 },
  spacecraft: { dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 },
  forceModel: { gravityDegree: 8, gravityOrder: 8, atmosphere: 'HARRIS_PRIESTER', solarRadiationPressure: true, thirdBodies: ['SUN', 'MOON'] },
  burns: [],
  integrator: { positionToleranceM: 1e-6 },
};

/** A full GCRF covariance (km², km²/s, km²/s²): σ 100 m / 0.1 m/s with correlations between position and velocity. */
function initialCovariance(): number[] {
  const sigma = [0.1, 0.08, 0.12, 1e-4, 1.2e-4, 0.9e-4];
  const p = new Array<number>(36).fill(0);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      const rho = i === j ? 1 : (i < 3) === (j < 3) ? 0.2 : -0.3;
      p[i * 6 + j] = rho * sigma[i]! * sigma[j]!;
    }
  }
  return p;
}

function rtnRows(s: ArrayLike<number>): number[][] {
  const r = [s[0]!, s[1]!, s[2]!];
  const v = [s[3]!, s[4]!, s[5]!];
  const norm = (a: number[]) => Math.hypot(a[0]!, a[1]!, a[2]!);
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const R = r.map((x) => x / norm(r));
  const h = cross(r, v);
  const N = h.map((x) => x / norm(h));
  return [R, cross(N, R), N];
}

test('the primary covariance at TCA: the propagator STM agrees with finite differences of the propagator, rotated into RTN', () => {
  const earth = bundledEarthData();
  const tcaS = [3600, 6 * 3600, 24 * 3600 - 600]; // from the span start
  const offset = 600;
  const times = Float64Array.from(tcaS, (t) => t + offset);
  const nominal = propagateStoredState(input, times, earth).result.statesKm;
  const states = tcaS.map((_, k) => nominal.subarray(6 * k, 6 * k + 6));
  const p0 = initialCovariance();
  const got = propagatedPrimaryCovariances(input, { stateVectorId: 'SV-1', frame: 'GCRF', values: p0 }, SPAN_START, tcaS, states, earth);

  // Φ by central differences: column j = (x(t; x0 + δe_j) − x(t; x0 − δe_j)) / 2δ
  const delta = [1e-3, 1e-3, 1e-3, 1e-6, 1e-6, 1e-6];
  const phi = tcaS.map(() => new Array<number>(36).fill(0));
  for (let j = 0; j < 6; j++) {
    const shifted = (sign: number) => {
      const x0 = [...input.state.positionKm, ...input.state.velocityKmS];
      x0[j] = x0[j]! + sign * delta[j]!;
      return propagateStoredState({ ...input, state: { ...input.state, positionKm: x0.slice(0, 3), velocityKmS: x0.slice(3) } }, times, earth).result.statesKm;
    };
    const plus = shifted(1);
    const minus = shifted(-1);
    for (let k = 0; k < tcaS.length; k++) for (let i = 0; i < 6; i++) phi[k]![i * 6 + j] = (plus[6 * k + i]! - minus[6 * k + i]!) / (2 * delta[j]!);
  }
  let worst = 0;
  for (let k = 0; k < tcaS.length; k++) {
    const f = phi[k]!;
    // P = Φ P0 Φᵀ
    const fp = new Array<number>(36).fill(0);
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let l = 0; l < 6; l++) fp[i * 6 + j] += f[i * 6 + l]! * p0[l * 6 + j]!;
    const p = new Array<number>(36).fill(0);
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let l = 0; l < 6; l++) p[i * 6 + j] += fp[i * 6 + l]! * f[j * 6 + l]!;
    // block-diagonal rotation into RTN, km → m
    const m = rtnRows(states[k]!);
    const rot = (i: number, j: number) => (Math.floor(i / 3) === Math.floor(j / 3) ? m[i % 3]![j % 3]! : 0);
    const expected = new Array<number>(36).fill(0);
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) {
      let sum = 0;
      for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) sum += rot(i, a) * p[a * 6 + b]! * rot(j, b);
      expected[i * 6 + j] = sum * 1e6;
    }
    const actual = got[k]!.rtnM2;
    assert.equal(actual.length, 36);
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        const scale = Math.sqrt(expected[i * 6 + i]! * expected[j * 6 + j]!);
        const error = Math.abs(actual[i * 6 + j]! - expected[i * 6 + j]!) / scale;
        worst = Math.max(worst, error);
        assert.ok(error < 1e-4, `TCA ${tcaS[k]} s, [${i}][${j}]: ${actual[i * 6 + j]} vs ${expected[i * 6 + j]} (${error.toExponential(2)} of σσ)`);
      }
    }
  }
  // the in-track variance grows by orders of magnitude over a day: the propagation did something
  assert.ok(got[2]!.rtnM2[7]! > 100 * got[0]!.rtnM2[0]!, `in-track variance after a day ${got[2]!.rtnM2[7]} m²`);
  console.log(`# covariance propagation vs finite differences: largest difference ${worst.toExponential(2)} of σᵢσⱼ`);
});

test('a secondary\'s CDM covariance applies within the window of its TCA; the latest created wins, then the nearest TCA', () => {
  const rtn = (v: number) => Array.from({ length: 36 }, (_, i) => (i % 7 === 0 ? v : 0));
  const candidates: CdmCovarianceCandidate[] = [
    { cdmId: 'old', tca: 't', tcaS: 1000, creationDateS: 10, covarianceRtnM2: rtn(1) },
    { cdmId: 'new', tca: 't', tcaS: 1030, creationDateS: 20, covarianceRtnM2: rtn(2) },
    { cdmId: 'far', tca: 't', tcaS: 1000 + 2820, creationDateS: 30, covarianceRtnM2: rtn(3) }, // the other node, 47 min later
  ];
  assert.equal(cdmCovarianceFor(candidates, 1010, 600)?.cdmId, 'new');
  assert.equal(cdmCovarianceFor(candidates, 1030 - 601, 600)?.cdmId, 'old', 'the newer TCA is 601 s away: outside the window');
  assert.equal(cdmCovarianceFor(candidates, 1000 + 1500, 600), null, 'no CDM within 10 min');
  assert.equal(cdmCovarianceFor(candidates, 3820, 600)?.cdmId, 'far');
  assert.equal(cdmCovarianceFor(undefined, 1000, 600), null);
});

test('an OEM primary: the covariance block nearest to TCA, in the RTN of its epoch, with its offset stated', () => {
  const oem = `CCSDS_OEM_VERS = 2.0
CREATION_DATE = 2023-02-15T00:00:00
ORIGINATOR = TEST
META_START
OBJECT_NAME = SAT
OBJECT_ID = 2023-001A
CENTER_NAME = EARTH
REF_FRAME = GCRF
TIME_SYSTEM = UTC
START_TIME = 2023-02-15T00:00:00
STOP_TIME = 2023-02-15T01:00:00
META_STOP
2023-02-15T00:00:00 6878.137 0 0 0 7.6127 0
2023-02-15T01:00:00 0 6878.137 0 -7.6127 0 0
COVARIANCE_START
EPOCH = 2023-02-15T00:00:00
COV_REF_FRAME = RTN
1.0e-2
0 4.0e-2
0 0 9.0e-2
0 0 0 1e-8
0 0 0 0 1e-8
0 0 0 0 0 1e-8
EPOCH = 2023-02-15T01:00:00
1.0e-2
0 4.0e-2
0 0 9.0e-2
0 0 0 1e-8
0 0 0 0 1e-8
0 0 0 0 0 1e-8
COVARIANCE_STOP
`;
  const origin = Epoch.parseInstant('2023-02-15T00:00:00Z');
  const blocks = oemCovarianceBlocks(oem, origin);
  assert.equal(blocks.length, 2);
  const early = nearestOemCovariance(blocks, 600, 'sat.oem')!;
  assert.equal(early.used.source, 'OEM');
  assert.equal(early.used.epoch, '2023-02-15T00:00:00.000Z');
  assert.match(early.flag.message, /600\.0 s before the TCA/);
  // RTN block as given, km² → m²
  assert.deepEqual([early.covariance.rtnM2[0], early.covariance.rtnM2[7], early.covariance.rtnM2[14]], [1e4, 4e4, 9e4]);
  // the second block is GCRF at a state on the y axis moving along −x: R = y, T = −x, N = z → diag(4e-2, 1e-2, 9e-2) km²
  const late = nearestOemCovariance(blocks, 3000, 'sat.oem')!;
  assert.match(late.flag.message, /600\.0 s after the TCA/);
  const p = late.covariance.rtnM2;
  assert.ok(Math.abs(p[0]! - 4e4) < 1e-6 && Math.abs(p[7]! - 1e4) < 1e-6 && Math.abs(p[14]! - 9e4) < 1e-6, JSON.stringify(p.slice(0, 15)));
});
