/**
 * The numerical building blocks of engine/collision: erf/erfc against mpmath (test/fixtures/conjunction/
 * pc_oracle_mpmath.json, made by tools/make_pc_oracle.py), the tail-safe erf difference, the Gauss–Legendre rule
 * (exact for polynomials of degree 2n − 1) and the adaptive quadrature on integrals with closed forms.
 *
 * Reached: erf 4e-16 relative; erfc 1e-15 relative for x ≥ 2 and x < 0.5, 7e-14 on [0.5, 2) where it is 1 − erf.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { erf, erfc, erfDifference } from '../../../engine/collision/errorFunction.ts';
import { gaussLegendreRule, integrateAdaptive } from '../../../engine/collision/quadrature.ts';

const oracle = JSON.parse(readFileSync(new URL('../../fixtures/conjunction/pc_oracle_mpmath.json', import.meta.url), 'utf8')) as {
  erf: Array<{ x: number; erf: number; erfc: number }>;
};

function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
}

test('erf and erfc agree with mpmath (erf 1e-15, erfc 1e-13 relative)', (t) => {
  let worstErf = 0;
  let worstErfc = 0;
  for (const { x, erf: e, erfc: c } of oracle.erf) {
    const errErf = relativeError(erf(x), e);
    const errErfc = relativeError(erfc(x), c);
    assert.ok(errErf <= 1e-15, `erf(${x}) = ${erf(x)}, mpmath ${e}`);
    assert.ok(errErfc <= (x >= 0.5 && x < 2 ? 1e-13 : 1e-15), `erfc(${x}) = ${erfc(x)}, mpmath ${c}`);
    worstErf = Math.max(worstErf, errErf);
    worstErfc = Math.max(worstErfc, errErfc);
  }
  t.diagnostic(`worst relative error: erf ${worstErf.toExponential(2)}, erfc ${worstErfc.toExponential(2)}`);
  assert.ok(erfc(26) > 0 && erfc(26) < 1e-295, 'erfc keeps the far tail');
  assert.ok(Number.isNaN(erf(NaN)) && erf(Infinity) === 1 && erf(-Infinity) === -1 && erfc(Infinity) === 0);
});

test('erfDifference keeps its digits in both tails where the plain difference loses them', () => {
  const at = (x: number) => oracle.erf.find((e) => e.x === x)!;
  // erf(10) − erf(6) = erfc(6) − erfc(10): the plain difference of two numbers within 2e-17 of 1 is 0 or 2e-16
  const expected = at(6).erfc - at(10).erfc;
  assert.ok(relativeError(erfDifference(10, 6), expected) <= 1e-15);
  assert.ok(relativeError(erfDifference(-6, -10), expected) <= 1e-15);
  assert.ok(Math.abs(erf(10) - erf(6) - expected) > 1e-3 * expected, 'the plain difference is indeed inaccurate there');
  // across zero it is the plain difference
  assert.ok(relativeError(erfDifference(1, -0.5), at(1).erf - at(-0.5).erf) <= 1e-15);
});

test('Gauss–Legendre rule: symmetric nodes, weights summing to 2, exact to degree 2n − 1', () => {
  for (const n of [1, 2, 5, 10, 17]) {
    const { nodes, weights } = gaussLegendreRule(n);
    let sumW = 0;
    for (let i = 0; i < n; i++) {
      sumW += weights[i]!;
      assert.ok(Math.abs(nodes[i]! + nodes[n - 1 - i]!) <= 1e-15, 'symmetric');
      if (i > 0) assert.ok(nodes[i]! > nodes[i - 1]!, 'increasing');
    }
    assert.ok(Math.abs(sumW - 2) <= 1e-14, `n=${n}: Σw = ${sumW}`);
    for (let degree = 0; degree <= 2 * n - 1; degree++) {
      let integral = 0;
      for (let i = 0; i < n; i++) integral += weights[i]! * nodes[i]! ** degree;
      const exact = degree % 2 === 1 ? 0 : 2 / (degree + 1);
      assert.ok(Math.abs(integral - exact) <= 1e-14, `n=${n}, x^${degree}: ${integral} vs ${exact}`);
    }
  }
  assert.throws(() => gaussLegendreRule(0), RangeError);
});

test('adaptive quadrature on peaked periodic integrands with closed forms (1e-12 relative)', () => {
  // ∫₀^{2π} dt / (a − cos t) = 2π / √(a² − 1): a peak of width ~√(2(a − 1)) at t = 0 and 2π
  // (a − cos t written as (a − 1) + 2 sin²(t/2) so that the integrand itself is accurate near the peak)
  for (const aMinusOne of [0.5, 1e-4, 1e-8]) {
    const r = integrateAdaptive((t) => 1 / (aMinusOne + 2 * Math.sin(0.5 * t) ** 2), 0, 2 * Math.PI);
    const exact = (2 * Math.PI) / Math.sqrt(aMinusOne * (2 + aMinusOne));
    const a = 1 + aMinusOne;
    assert.ok(r.converged);
    assert.ok(relativeError(r.value, exact) <= 1e-12, `a=${a}: ${r.value} vs ${exact} (${r.intervals} intervals)`);
  }
  // a Gaussian far in its tail keeps relative accuracy: ∫_{10}^{∞} e^{−x²/2} ≈ ∫_{10}^{40}, = √(π/2) erfc(10/√2)
  const tail = integrateAdaptive((x) => Math.exp(-0.5 * x * x), 10, 40);
  const expected = Math.sqrt(Math.PI / 2) * erfc(10 / Math.SQRT2);
  assert.ok(relativeError(tail.value, expected) <= 1e-12, `${tail.value} vs ${expected}`);
  // an interval cap reports non-convergence instead of looping
  const capped = integrateAdaptive((t) => 1 / (1e-12 + 2 * Math.sin(0.5 * t) ** 2), 0, 2 * Math.PI, { maxIntervals: 3 });
  assert.equal(capped.converged, false);
});
