/**
 * The 2-D Pc methods against an independent reference and on the degenerate inputs where Orekit 13.1 fails
 * (the conjunction reference set, "Degenerate inputs"; test/fixtures/conjunction/README.md).
 *
 * Reference: test/fixtures/conjunction/pc_oracle_mpmath.json (tools/make_pc_oracle.py): the Gaussian integrated
 * over the disk by mpmath at 50 digits, two independent quadratures agreeing to 1e-20 relative, on 16 encounter
 * planes of our own (regular, elongated as in the Alfano cases, R ≈ σ, Pc ≈ 1 and ≈ 0 with centimetre sigmas,
 * miss = R and one ulp either side, zero miss, huge sigmas, tails down to 1e-166), plus Chan's truncated series in
 * exact arithmetic.
 *
 * Reached (asserted bounds in brackets): LAAS_2015 ≤ 4.4e-14 relative where pR² < 100 and ≤ 7.2e-12 on the
 * elongated cases with pR² ≈ 650–1250 [1e-10]; PATERA_2005 ≤ 3.7e-14 [1e-12]; ALFANO_2005 ≤ 1.4e-5, its Simpson
 * step [1e-4]; CHAN_1997 ≤ 2.5e-15 against its own truncated series in exact arithmetic [1e-13]. Over a seeded
 * sweep of 300 planes across twelve decades the two exact algorithms (series and contour integral) agree to 1e-8
 * (the series' round-off grows slowly with pR²: 1.3e-9 at pR² = 2e4, against mpmath).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  collisionProbability,
  collisionProbabilities,
  pcAlfriend1999,
  pcAlfriend1999Max,
  pcChan1997,
  pcLaas2015,
  alfanoOrder,
  erf,
  PC_METHODS,
  CollisionInputError,
  type EncounterPlane,
  type PcMethod,
} from '../../../engine/collision/index.ts';
import { seededRandom } from '../../helpers/random.ts';
import { planeOf, type OraclePlane } from './oraclePlanes.ts';

interface OracleCase extends OraclePlane {
  pc_exact: number;
  one_minus_pc: number;
}
const oracle = JSON.parse(readFileSync(new URL('../../fixtures/conjunction/pc_oracle_mpmath.json', import.meta.url), 'utf8')) as {
  cases: OracleCase[];
  chan_truncated: Array<OracleCase & { value: number; terms: number }>;
};
const plane = planeOf;
const caseNamed = (name: string): OracleCase => oracle.cases.find((c) => c.name === name)!;

function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
}

const EXACT_TOLERANCE: Partial<Record<PcMethod, number>> = { LAAS_2015: 1e-10, PATERA_2005: 1e-12, ALFANO_2005: 1e-4 };

test('exact methods against the mpmath disk integral on every oracle plane', (t) => {
  const worst: Record<string, { error: number; name: string }> = {};
  for (const c of oracle.cases) {
    for (const method of ['LAAS_2015', 'PATERA_2005', 'ALFANO_2005'] as const) {
      const pc = collisionProbability(plane(c), method);
      assert.ok(pc.value >= 0 && pc.value <= 1, `${c.name} ${method}: ${pc.value}`);
      // Pc ≈ 1: compare the complement (mpmath gives 1 − Pc below 1e-300 here)
      const error = c.pc_exact === 1 ? Math.abs(1 - pc.value - c.one_minus_pc) : relativeError(pc.value, c.pc_exact);
      assert.ok(error <= EXACT_TOLERANCE[method]!, `${c.name} ${method}: ${pc.value} vs mpmath ${c.pc_exact} (error ${error.toExponential(2)})`);
      if (!worst[method] || error > worst[method].error) worst[method] = { error, name: c.name };
    }
  }
  for (const [method, w] of Object.entries(worst)) t.diagnostic(`${method}: worst error ${w.error.toExponential(2)} (${w.name})`);
});

test('LAAS_2015 bounds bracket the exact value and the series converges with the rigorous tail bound', () => {
  for (const c of oracle.cases) {
    const laas = pcLaas2015(plane(c));
    if (!laas.converged) continue; // centimetre sigmas inside the disk: the caller falls back (next test)
    assert.ok(laas.lowerBound <= c.pc_exact * (1 + 1e-12) && c.pc_exact <= laas.upperBound * (1 + 1e-12), `${c.name}: ${laas.lowerBound} ≤ ${c.pc_exact} ≤ ${laas.upperBound}`);
  }
});

test('Pc ≈ 1 (centimetre sigmas, mean 2 m inside a 10 m disk): exact methods give 1, LAAS falls back and says so', () => {
  const p = plane(caseNamed('mean_inside_centimetre_sigmas'));
  const laas = collisionProbability(p, 'LAAS_2015');
  assert.ok(laas.value >= 1 - 1e-15, String(laas.value));
  assert.deepEqual(laas.flags.map((f) => f.code), ['SERIES_NOT_CONVERGED_CONTOUR_INTEGRAL_USED']);
  assert.ok(laas.lowerBound! <= laas.value && laas.value <= laas.upperBound!);
  assert.ok(collisionProbability(p, 'PATERA_2005').value >= 1 - 1e-15);
  const alfano = collisionProbability(p, 'ALFANO_2005');
  assert.ok(alfano.value >= 1 - 1e-14 && alfano.value <= 1);
  // the approximations are outside their premise and say so (Chan's truncated series reads 0)
  const chan = collisionProbability(p, 'CHAN_1997');
  assert.deepEqual(chan.flags.map((f) => f.code).sort(), ['HARD_BODY_RADIUS_NOT_SMALL', 'SERIES_TRUNCATED']);
  assert.ok(collisionProbability(p, 'ALFRIEND_1999').flags.some((f) => f.code === 'HARD_BODY_RADIUS_NOT_SMALL'));
});

test('Pc ≈ 0 with centimetre sigmas (1e-475616): exactly 0, no NaN, no fallback needed', () => {
  const p = plane(caseNamed('mean_outside_centimetre_sigmas'));
  for (const method of PC_METHODS) {
    const pc = collisionProbability(p, method);
    assert.ok(Number.isFinite(pc.value), method);
    if (method !== 'ALFRIEND_1999_MAX') assert.equal(pc.value, 0, method);
    assert.ok(!pc.flags.some((f) => f.code === 'SERIES_NOT_CONVERGED_CONTOUR_INTEGRAL_USED'));
  }
});

test('zero miss distance: the disk centred on the mean; Alfano at its step cap; ALFRIEND_1999_MAX clamped to 1', () => {
  const p = plane(caseNamed('zero_miss'));
  assert.equal(alfanoOrder(p), 100000);
  const iso = caseNamed('zero_miss_isotropic');
  // closed form for the isotropic case: 1 − exp(−R²/2σ²)
  assert.ok(relativeError(-Math.expm1(-(iso.combined_radius_m ** 2) / (2 * iso.sigma_x_m ** 2)), iso.pc_exact) <= 1e-15, 'the oracle itself');
  const max = collisionProbability(p, 'ALFRIEND_1999_MAX');
  assert.equal(pcAlfriend1999Max(p), Infinity);
  assert.equal(max.value, 1);
  assert.equal(max.isMaximumProbability, true);
  assert.deepEqual(max.flags.map((f) => f.code).sort(), ['CLAMPED_TO_UNIT_INTERVAL']);
});

test('miss = R (and one ulp either side): PATERA needs no special case, continuous across the edge', () => {
  for (const name of ['miss_equals_radius', 'miss_just_outside_radius', 'miss_just_inside_radius']) {
    const c = caseNamed(name);
    assert.ok(relativeError(collisionProbability(plane(c), 'PATERA_2005').value, c.pc_exact) <= 1e-13, name);
  }
});

test('formulas above 1 and round-off are clamped to [0, 1] and flagged; results are never NaN', (t) => {
  // Alfriend's constant-density formula exceeds 1 when the disk is large against σ
  const big: EncounterPlane = { xmM: 0.1, ymM: 0, sigmaXM: 1, sigmaYM: 1, combinedHardBodyRadiusM: 3 };
  assert.ok(pcAlfriend1999(big) > 1);
  const alfriend = collisionProbability(big, 'ALFRIEND_1999');
  assert.equal(alfriend.value, 1);
  assert.ok(alfriend.flags.some((f) => f.code === 'CLAMPED_TO_UNIT_INTERVAL' && f.message.includes('ALFRIEND_1999 gave')));
  // Alfano's Simpson sum overshoots 1 by round-off when the whole mass is inside the disk (Orekit throws there)
  const inside: EncounterPlane = { xmM: 0.5, ymM: -0.3, sigmaXM: 0.02, sigmaYM: 0.05, combinedHardBodyRadiusM: 10 };
  const alfano = collisionProbability(inside, 'ALFANO_2005');
  assert.ok(alfano.value <= 1 && alfano.value >= 1 - 1e-14);
  // a seeded sweep over twelve decades: finite, in [0, 1], exact methods agree with each other
  const u = seededRandom(2024);
  const logUniform = (lo: number, hi: number) => 10 ** (lo + (hi - lo) * u());
  let compared = 0;
  let worstAgreement = 0;
  for (let i = 0; i < 300; i++) {
    const sy = logUniform(-2, 5);
    const p: EncounterPlane = {
      sigmaXM: sy * logUniform(-3, 0),
      sigmaYM: sy,
      xmM: (u() - 0.5) * logUniform(-1, 4),
      ymM: (u() - 0.5) * logUniform(-1, 4),
      combinedHardBodyRadiusM: logUniform(-1, 1.5),
    };
    const all = collisionProbabilities(p);
    for (const pc of all) assert.ok(Number.isFinite(pc.value) && pc.value >= 0 && pc.value <= 1, `${pc.method} on ${JSON.stringify(p)}: ${pc.value}`);
    const [laas, , patera] = all;
    if (laas!.value > 1e-250 && laas!.flags.length === 0) {
      compared++;
      const agreement = relativeError(laas!.value, patera!.value);
      worstAgreement = Math.max(worstAgreement, agreement);
      assert.ok(agreement <= 1e-8, `LAAS ${laas!.value} vs PATERA ${patera!.value} on ${JSON.stringify(p)}`);
    }
  }
  assert.ok(compared > 100, `compared ${compared}`);
  t.diagnostic(`LAAS vs PATERA over ${compared} random planes: worst ${worstAgreement.toExponential(2)}`);
});

test('CHAN_1997 equals its truncated series in exact arithmetic (no cancellation even for u ~ 1e-8)', (t) => {
  let worst = 0;
  for (const c of oracle.chan_truncated) {
    const error = relativeError(pcChan1997(plane(c)), c.value);
    assert.ok(error <= 1e-13, `${c.name}: ${pcChan1997(plane(c))} vs ${c.value}`);
    worst = Math.max(worst, error);
  }
  t.diagnostic(`CHAN_1997 worst relative error vs exact arithmetic: ${worst.toExponential(2)}`);
});

test('ALFRIEND_1999_MAX is the maximum of ALFRIEND_1999 over a scaling C → k²C, reached at k² = d²/2', () => {
  const p: EncounterPlane = { xmM: 120, ymM: -300, sigmaXM: 40, sigmaYM: 250, combinedHardBodyRadiusM: 5 };
  const d2 = (p.xmM / p.sigmaXM) ** 2 + (p.ymM / p.sigmaYM) ** 2;
  let best = 0;
  let bestK2 = 0;
  for (let i = -400; i <= 400; i++) {
    const k2 = (d2 / 2) * Math.exp(i / 200);
    const scaled = { ...p, sigmaXM: p.sigmaXM * Math.sqrt(k2), sigmaYM: p.sigmaYM * Math.sqrt(k2) };
    const v = pcAlfriend1999(scaled);
    if (v > best) {
      best = v;
      bestK2 = k2;
    }
  }
  assert.ok(relativeError(best, pcAlfriend1999Max(p)) <= 1e-12, `${best} vs ${pcAlfriend1999Max(p)}`);
  assert.ok(relativeError(bestK2, d2 / 2) <= 1e-12);
});

test('σx = 0: the exact line limit for every method (here Pc = erf(1))', () => {
  // mass on the line x = 0 with σy, disk of radius √2 σy centred on the mean: P(|y| ≤ √2 σy) = erf(1)
  const p: EncounterPlane = { xmM: 0, ymM: 0, sigmaXM: 0, sigmaYM: 7, combinedHardBodyRadiusM: 7 * Math.SQRT2 };
  for (const method of PC_METHODS) {
    const pc = collisionProbability(p, method);
    assert.ok(relativeError(pc.value, erf(1)) <= 1e-15, `${method}: ${pc.value}`);
    assert.deepEqual(pc.flags.map((f) => f.code), ['DEGENERATE_COVARIANCE']);
  }
  assert.equal(collisionProbability({ ...p, xmM: 10 }, 'LAAS_2015').value, 0, 'the line misses the disk');
  // sigmas whose squares underflow are the same limit, not NaN
  const tiny = collisionProbability({ xmM: 1, ymM: 1, sigmaXM: 1e-200, sigmaYM: 2e-200, combinedHardBodyRadiusM: 2 }, 'LAAS_2015');
  assert.equal(tiny.value, 1);
  assert.deepEqual(tiny.flags.map((f) => f.code), ['DEGENERATE_COVARIANCE']);
});

test('R = 0 gives 0; invalid planes and methods are refused naming the field', () => {
  for (const pc of collisionProbabilities({ xmM: 1, ymM: 2, sigmaXM: 3, sigmaYM: 4, combinedHardBodyRadiusM: 0 })) assert.equal(pc.value, 0);
  const good: EncounterPlane = { xmM: 1, ymM: 2, sigmaXM: 3, sigmaYM: 4, combinedHardBodyRadiusM: 5 };
  const refused = (p: EncounterPlane, method: string, field: string) =>
    assert.throws(() => collisionProbability(p, method as PcMethod), (e: unknown) => e instanceof CollisionInputError && e.field === field && e.httpStatus === 400);
  refused({ ...good, sigmaXM: 5 }, 'LAAS_2015', 'sigmaXM');
  refused({ ...good, xmM: NaN }, 'LAAS_2015', 'xmM');
  refused({ ...good, combinedHardBodyRadiusM: -1 }, 'LAAS_2015', 'combinedHardBodyRadiusM');
  refused({ ...good, sigmaYM: Infinity }, 'LAAS_2015', 'sigmaYM');
  refused(good, 'FOSTER_1992', 'method');
  refused({ ...good, sigmaYM: 1e120 }, 'LAAS_2015', 'sigmaYM');
});
