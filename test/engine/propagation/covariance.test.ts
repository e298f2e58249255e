import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { covarianceGcrfToLocal } from '../../../engine/frames/stateFrames.ts';
import { FIXTURES, loadReference, referenceEnvironment } from './referenceData.ts';

interface CovEpoch {
  t_s: number;
  state_gcrf: { pos_km: number[]; vel_km_s: number[] };
  stm_gcrf: number[][];
  cov_gcrf: number[][];
  cov_QSW_RTN_inertial: number[][];
  cov_TNW_inertial: number[][];
  cov_LVLH_CCSDS_inertial: number[][];
}
const cov = JSON.parse(readFileSync(FIXTURES + 'covariance_SSO_700_J2.json', 'utf8')) as { epochs: CovEpoch[] };
const ref = loadReference('SSO_700_98.2');
const P0 = new Float64Array(36);
for (let i = 0; i < 3; i++) {
  P0[i * 7] = 1e-4; // 10 m σ, km²
  P0[(i + 3) * 7] = 1e-10; // 0.01 m/s σ, km²/s²
}
const J2 = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } as const;

/** max |ΔP_ij| / |P_ij| over elements that are not negligible, and the README's metric |ΔP_ij|/sqrt(P_ii P_jj). */
function compare(mine: ArrayLike<number>, theirs: number[][]): { relElem: number; relSigma: number } {
  let relElem = 0;
  let relSigma = 0;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      const a = mine[i * 6 + j]!;
      const b = theirs[i]![j]!;
      const scale = Math.sqrt(theirs[i]![i]! * theirs[j]![j]!);
      relSigma = Math.max(relSigma, Math.abs(a - b) / scale);
      // per-element relative error for elements above 1e-6 of the correlation scale (others are round-off)
      if (Math.abs(b) > 1e-6 * scale) relElem = Math.max(relElem, Math.abs(a - b) / Math.abs(b));
    }
  }
  return { relElem, relSigma };
}

const res = propagate({
  positionKm: ref.orbit.initial_state_gcrf.pos_km,
  velocityKmS: ref.orbit.initial_state_gcrf.vel_km_s,
  spacecraft: { massKg: 800 },
  forceModel: J2,
  outputTimesS: cov.epochs.map((e) => e.t_s),
  covarianceKm: P0,
  environment: referenceEnvironment(ref),
});

test('covariance SSO J2: STM and GCRF covariance within 1 % per element of Orekit over 1 day', (t) => {
  let worstElem = 0;
  let worstSigma = 0;
  let worstStm = 0;
  cov.epochs.forEach((e, k) => {
    const c = compare(res.covarianceKm!.subarray(36 * k, 36 * k + 36), e.cov_gcrf);
    worstElem = Math.max(worstElem, c.relElem);
    worstSigma = Math.max(worstSigma, c.relSigma);
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        const a = res.stm!.at(36 * k + 6 * i + j)!;
        const b = e.stm_gcrf[i]![j]!;
        // scale each block by its natural size (1, s, 1/s)
        const sc = (i < 3) === (j < 3) ? 1 : i < 3 ? 1000 : 1e-3;
        worstStm = Math.max(worstStm, Math.abs(a - b) / Math.max(Math.abs(b), sc * 1e-3));
      }
    }
  });
  t.diagnostic(`reached: max per-element relative ${worstElem.toExponential(2)}, max |ΔP|/σσ ${worstSigma.toExponential(2)}, STM ${worstStm.toExponential(2)}`);
  assert.ok(worstElem <= 0.01, `per-element relative difference ${worstElem}`);
  assert.ok(worstStm <= 0.01, `STM relative difference ${worstStm}`);
});

// The local orbital frames an OEM covariance may be written in (frames/stateFrames.ts, math/covariance.ts).
for (const [frame, key] of [['RTN', 'cov_QSW_RTN_inertial'], ['TNW', 'cov_TNW_inertial']] as const) {
  test(`covariance SSO J2: ${frame} (rotation-only J = diag(R, R)) within 1 % per element of Orekit`, (t) => {
    let worst = 0;
    cov.epochs.forEach((e, k) => {
      const lof = covarianceGcrfToLocal(res.covarianceKm!.subarray(36 * k, 36 * k + 36), frame, res.statesKm, 6 * k);
      worst = Math.max(worst, compare(lof, e[key]).relElem);
    });
    t.diagnostic(`reached: max per-element relative ${worst.toExponential(2)}`);
    assert.ok(worst <= 0.01, `per-element relative difference ${worst}`);
  });
}

test('STM against central finite differences of full propagations (full model, 6 h)', () => {
  const env = referenceEnvironment(ref);
  const sc = { massKg: 800, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };
  const r0 = ref.orbit.initial_state_gcrf.pos_km;
  const v0 = ref.orbit.initial_state_gcrf.vel_km_s;
  const T = 21600;
  const base = propagate({ positionKm: r0, velocityKmS: v0, spacecraft: sc, outputTimesS: [T], environment: env, stm: true, integrator: { positionToleranceM: 1e-7 } });
  const phi = base.stm!;
  for (let j = 0; j < 6; j++) {
    const h = j < 3 ? 1e-3 : 1e-6; // 1 m, 1 mm/s
    const run = (sgn: number): Float64Array => {
      const r = [...r0];
      const v = [...v0];
      if (j < 3) r[j]! += sgn * h;
      else v[j - 3]! += sgn * h;
      return propagate({ positionKm: r, velocityKmS: v, spacecraft: sc, outputTimesS: [T], environment: env, integrator: { positionToleranceM: 1e-7 } }).statesKm;
    };
    const p = run(1);
    const m = run(-1);
    for (let i = 0; i < 6; i++) {
      const fd = (p[i]! - m[i]!) / (2 * h);
      const an = phi[i * 6 + j]!;
      const sc2 = (i < 3) === (j < 3) ? 1 : i < 3 ? 1000 : 1e-3;
      assert.ok(Math.abs(fd - an) <= 1e-3 * Math.max(Math.abs(fd), sc2), `Φ[${i}][${j}] = ${an}, finite differences ${fd}`);
    }
  }
});
