/**
 * Every Pc method is total over its valid inputs: at the service's radius bounds (1 mm, 2 km
 * combined) and with extreme but valid geometry — zero miss, a huge miss, sigmas from a micrometre to 1e100 m, a
 * covariance as nearly singular as the encounter geometry lets through (σy/σx = 8e6) — each gives a finite number
 * in [0, 1], and the values are those of an independent reference.
 *
 * Reference: test/fixtures/conjunction/pc_extremes_mpmath.json (tools/make_pc_extremes_oracle.py, mpmath at 50
 * digits): the disk integral by two quadrature rules, Chan's truncated series and the Alfriend formulas in exact
 * arithmetic. Reached (bounds asserted in brackets): LAAS_2015 ≤ 1.6e-15 and PATERA_2005 ≤ 4.8e-15 relative where Pc ≥ 1e-12
 * [1e-12] (PATERA lost every digit on the nearly singular planes before: Pc 0 for 0.0099, and the LAAS fallback with
 * it), below 1e-12 as a bound [1e-2 relative: Patera's contour integral cancels to ~ε·miss/R there, 1.1e-3 at
 * Pc = 5e-206]; CHAN_1997 and the Alfriend formulas ≤ 5e-15 against their own exact values [1e-12]; ALFANO_2005
 * ≤ 5.6e-6 [1e-4] unless flagged STEP_TOO_COARSE (its step cap; there 2e-13 for 0.84, 2660 for 1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  collisionProbability,
  pcAlfriend1999,
  pcAlfriend1999Max,
  PC_METHODS,
  CollisionInputError,
  type EncounterPlane,
  type PcMethod,
} from '../../../engine/collision/index.ts';
import { planeOf, type OraclePlane } from './oraclePlanes.ts';

interface ExtremeCase extends OraclePlane {
  pc_exact?: number;
  chan_truncated?: number;
  alfriend_1999: number | 'Infinity';
  alfriend_1999_max: number | 'Infinity';
}
const oracle = JSON.parse(readFileSync(new URL('../../fixtures/conjunction/pc_extremes_mpmath.json', import.meta.url), 'utf8')) as { cases: ExtremeCase[] };
const plane = planeOf;
const number = (v: number | 'Infinity'): number => (v === 'Infinity' ? Infinity : v);

function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
}

/** The reference value of a method on a case: its own formula's (clamped to [0, 1] as the engine clamps), else the integral. */
function referenceOf(c: ExtremeCase, method: PcMethod): number {
  if (method === 'CHAN_1997') return c.chan_truncated!;
  if (method === 'ALFRIEND_1999') return Math.min(1, number(c.alfriend_1999));
  if (method === 'ALFRIEND_1999_MAX') return Math.min(1, number(c.alfriend_1999_max));
  return c.pc_exact!;
}

test('at the radius bounds with extreme geometry every method gives a finite Pc in [0, 1], each its reference value', (t) => {
  const worst: Partial<Record<PcMethod, { error: number; name: string }>> = {};
  const cases = oracle.cases.filter((c) => c.pc_exact !== undefined);
  assert.ok(cases.length >= 10);
  for (const c of cases) {
    for (const method of PC_METHODS) {
      const started = performance.now();
      const pc = collisionProbability(plane(c), method);
      const elapsedMs = performance.now() - started;
      const what = `${method} on ${c.name}`;
      assert.ok(Number.isFinite(pc.value) && pc.value >= 0 && pc.value <= 1, `${what}: ${pc.value}`);
      if (pc.lowerBound !== undefined) {
        assert.ok(Number.isFinite(pc.lowerBound) && Number.isFinite(pc.upperBound!), `${what}: bounds ${pc.lowerBound}, ${pc.upperBound}`);
        assert.ok(pc.lowerBound >= 0 && pc.upperBound! <= 1, `${what}: bounds ${pc.lowerBound}, ${pc.upperBound}`);
      }
      // a generous bound for two shared cores: the slowest of these takes ~50 ms alone
      assert.ok(elapsedMs < 5000, `${what} took ${elapsedMs.toFixed(0)} ms`);
      const expected = referenceOf(c, method);
      const error = relativeError(pc.value, expected);
      if (method === 'LAAS_2015' || method === 'PATERA_2005') {
        if (expected >= 1e-12) assert.ok(error <= 1e-12, `${what}: ${pc.value} vs ${expected}`);
        else assert.ok(pc.value <= 1e-12 && (expected < 1e-300 ? pc.value < 1e-300 : error <= 1e-2), `${what}: ${pc.value} vs ${expected} (tail)`);
        assert.ok(!pc.flags.some((f) => f.code === 'QUADRATURE_NOT_CONVERGED'), `${what}: ${JSON.stringify(pc.flags)}`);
      } else if (method === 'ALFANO_2005') {
        const coarse = pc.flags.some((f) => f.code === 'STEP_TOO_COARSE');
        if (!coarse && expected >= 1e-12) assert.ok(error <= 1e-4, `${what}: ${pc.value} vs ${expected}`);
        // the flag exactly where the step misses σx (0.1 mm, 1 µm against a 2 km disk): 0.84 computed as 2e-13,
        // 1 as 2660 (clamped)
        assert.equal(coarse, ['max_radius_nearly_singular', 'max_radius_mean_inside_micrometre_sigmas'].includes(c.name), `${what}: ${JSON.stringify(pc.flags)}`);
      } else {
        assert.ok(expected < 1e-300 ? pc.value < 1e-300 : error <= 1e-12, `${what}: ${pc.value} vs ${expected}`);
      }
      const flaggedOff = pc.flags.some((f) => f.code === 'STEP_TOO_COARSE');
      if (expected >= 1e-12 && !flaggedOff && error > (worst[method]?.error ?? -1)) worst[method] = { error, name: c.name };
    }
  }
  for (const [method, w] of Object.entries(worst)) t.diagnostic(`${method}: worst relative error where Pc ≥ 1e-12 (ALFANO unflagged) ${w.error.toExponential(2)} (${w.name})`);
});

test('the Alfriend formulas keep a radius whose square underflows; at d = 0 the maximum is +∞ (clamped to 1), never 0/0', () => {
  const c = oracle.cases.find((e) => e.name === 'radius_1e-170')!;
  // the literal R²·…: R² = 1e-340 is 0 in doubles, so both gave 0 for 3.8e-24 and 1.4e-22
  assert.ok(relativeError(pcAlfriend1999(plane(c)), number(c.alfriend_1999)) <= 1e-12, `${pcAlfriend1999(plane(c))} vs ${c.alfriend_1999}`);
  assert.ok(relativeError(pcAlfriend1999Max(plane(c)), number(c.alfriend_1999_max)) <= 1e-12, `${pcAlfriend1999Max(plane(c))} vs ${c.alfriend_1999_max}`);
  // the NaN once found here: R² = 0 over d² = 0
  const centred: EncounterPlane = { ...plane(c), xmM: 0, ymM: 0 };
  assert.equal(pcAlfriend1999Max(centred), Infinity);
  assert.equal(collisionProbability({ ...centred, combinedHardBodyRadiusM: 1e-3, sigmaXM: 1, sigmaYM: 2 }, 'ALFRIEND_1999_MAX').value, 1);
  // R = 0 is 0 for both, whatever d
  assert.equal(pcAlfriend1999Max({ ...centred, combinedHardBodyRadiusM: 0 }), 0);
  assert.equal(pcAlfriend1999({ ...centred, combinedHardBodyRadiusM: 0 }), 0);
});

test('planes whose intermediate quantities leave the double range give the limit, not NaN', () => {
  const codes = (p: { flags: { code: string }[] }) => p.flags.map((f) => f.code);
  // CHAN_1997: v = (ym/σy)² = ∞ made its weights 0 · ∞ (NaN); the mean is 1e160 σ away: 0
  const far: EncounterPlane = { xmM: 0, ymM: 1e6, sigmaXM: 1e-154, sigmaYM: 1e-154, combinedHardBodyRadiusM: 1 };
  for (const method of PC_METHODS) assert.ok(collisionProbability(far, method).value < 1e-300, method);
  // ALFANO_2005: σx² = 1e-314 is subnormal, 1/(2σx²) = ∞ and exp(−0 · ∞) = NaN; below the smallest normal σx² the
  // exact line limit is used (the mass on the line x = xm = 1, inside the 2 km disk: 1), for every method
  const thin: EncounterPlane = { xmM: 1, ymM: 1, sigmaXM: 1e-157, sigmaYM: 1e-154, combinedHardBodyRadiusM: 2000 };
  for (const method of PC_METHODS) {
    const pc = collisionProbability(thin, method);
    assert.equal(pc.value, 1, method);
    assert.deepEqual(codes(pc), ['DEGENERATE_COVARIANCE'], method);
  }
  // LAAS_2015's upper bound: ln α0 = −∞ and pΩz = +∞ gave NaN; the mean 1e200 σx away: 0 with bounds in [0, 1]
  const laas = collisionProbability({ xmM: 1e100, ymM: 0, sigmaXM: 1e-100, sigmaYM: 1, combinedHardBodyRadiusM: 1 }, 'LAAS_2015');
  assert.equal(laas.value, 0);
  assert.ok(laas.lowerBound === 0 && laas.upperBound! >= 0 && laas.upperBound! <= 1, `${laas.lowerBound} ${laas.upperBound}`);
});

test('a radius between 0 and 1e-100 m is refused naming the field (R² would leave the normal doubles)', () => {
  for (const method of PC_METHODS) {
    assert.throws(
      () => collisionProbability({ xmM: 0, ymM: 0, sigmaXM: 1, sigmaYM: 1, combinedHardBodyRadiusM: 1e-170 }, method),
      (e: unknown) => e instanceof CollisionInputError && e.field === 'combinedHardBodyRadiusM' && e.httpStatus === 400,
      method,
    );
    assert.ok(Number.isFinite(collisionProbability({ xmM: 0, ymM: 0, sigmaXM: 1, sigmaYM: 1, combinedHardBodyRadiusM: 1e-100 }, method).value));
  }
});
