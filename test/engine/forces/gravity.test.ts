import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HolmesFeatherstoneField,
  egm96Field,
  j2AccelerationAndGradient,
  parseIcgemGfc,
  type GravityFieldData,
} from '../../../engine/forces/gravityField.ts';
import { InvalidSettingError } from '../../../engine/forces/errors.ts';

/** Deterministic pseudo-random field with a Kaula-like spectrum (1e-5/n²), degree N. */
function syntheticField(N: number): GravityFieldData {
  const size = ((N + 1) * (N + 2)) / 2;
  const c = new Float64Array(size);
  const s = new Float64Array(size);
  let seed = 12345;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  for (let n = 2; n <= N; n++) {
    for (let m = 0; m <= n; m++) {
      const k = (n * (n + 1)) / 2 + m;
      c[k] = (2e-5 * rnd()) / (n * n);
      s[k] = m === 0 ? 0 : (2e-5 * rnd()) / (n * n);
    }
  }
  c[0] = 1;
  return { name: 'synthetic', gmM3S2: 3.986004415e14, radiusM: 6378136.3, maxDegree: N, maxOrder: N, c, s };
}

/** Gradient of the returned potential by central differences (a different evaluation than the analytic gradient). */
function fdGradient(ev: HolmesFeatherstoneField, p: number[], h: number): number[] {
  const tmp = new Float64Array(3);
  return [0, 1, 2].map((i) => {
    const a = [...p];
    const b = [...p];
    a[i]! += h;
    b[i]! -= h;
    return (ev.acceleration(a[0]!, a[1]!, a[2]!, tmp) - ev.acceleration(b[0]!, b[1]!, b[2]!, tmp)) / (2 * h);
  });
}

test('Holmes–Featherstone degree/order 100 (synthetic field) is stable: gradient = finite differences of the potential to 1e-7 relative, incl. near the pole', (t) => {
  const ev = new HolmesFeatherstoneField(syntheticField(100), 100, 100);
  const out = new Float64Array(3);
  let worst = 0;
  for (const p of [
    [6578e3, 120e3, 35e3],
    [-3000e3, 4000e3, 4500e3],
    [1e3, -2e3, 6600e3], // 20 m from the polar axis
    [4000e3, -4000e3, -3500e3],
  ]) {
    ev.acceleration(p[0]!, p[1]!, p[2]!, out);
    const fd = fdGradient(ev, p, 0.5);
    const scale = Math.hypot(out[0]!, out[1]!, out[2]!);
    assert.ok(Number.isFinite(scale) && scale > 0);
    for (let i = 0; i < 3; i++) worst = Math.max(worst, Math.abs(out[i]! - fd[i]!) / scale);
  }
  t.diagnostic(`reached: ${worst.toExponential(2)} relative`);
  assert.ok(worst < 1e-7, `relative gradient mismatch ${worst}`);
});

test('EGM96 36×36 gradient = finite differences of the potential; degree 2 order 0 equals analytic J2', () => {
  const f = egm96Field();
  assert.equal(f.maxDegree, 36);
  assert.equal(f.c[3], -0.000484165371736); // C̄20
  const ev = new HolmesFeatherstoneField(f, 36, 36);
  const out = new Float64Array(3);
  const p = [1078705.7, 473894.2, -6987482.4];
  ev.acceleration(p[0]!, p[1]!, p[2]!, out);
  const fd = fdGradient(ev, p, 0.5);
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(out[i]! - fd[i]!) < 1e-10, `axis ${i}: ${out[i]} vs ${fd[i]}`);
  const j2ev = new HolmesFeatherstoneField(f, 2, 0);
  const a = new Float64Array(3);
  const b = new Float64Array(3);
  j2ev.acceleration(p[0]!, p[1]!, p[2]!, a);
  j2AccelerationAndGradient(f.gmM3S2, f.radiusM, 1.0826266835531513e-3, p[0]!, p[1]!, p[2]!, b, null);
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(a[i]! - b[i]!) < 1e-15, `J2 axis ${i}`);
});

test('analytic J2 gradient equals finite differences of the J2 acceleration', () => {
  const g = new Float64Array(9);
  const p = [2000e3, -5000e3, 4000e3];
  j2AccelerationAndGradient(3.986004415e14, 6378136.3, 1.0826e-3, p[0]!, p[1]!, p[2]!, null, g);
  const ap = new Float64Array(3);
  const am = new Float64Array(3);
  for (let j = 0; j < 3; j++) {
    const a = [...p];
    const b = [...p];
    a[j]! += 1;
    b[j]! -= 1;
    j2AccelerationAndGradient(3.986004415e14, 6378136.3, 1.0826e-3, a[0]!, a[1]!, a[2]!, ap, null);
    j2AccelerationAndGradient(3.986004415e14, 6378136.3, 1.0826e-3, b[0]!, b[1]!, b[2]!, am, null);
    for (let i = 0; i < 3; i++) assert.ok(Math.abs(g[i * 3 + j]! - (ap[i]! - am[i]!) / 2) < 1e-14, `∂a${i}/∂x${j}`);
  }
});

test('ICGEM .gfc parser: header constants, D exponents, truncation; rejects bad input', () => {
  const text = [
    'generating_institute test',
    'modelname  TINY',
    'earth_gravity_constant 3.986004415E+14',
    'radius 6378136.3',
    'max_degree 3',
    'norm fully_normalized',
    'key n m C S sigmaC sigmaS',
    'end_of_head ===========',
    'gfc 0 0 1.0 0.0 0 0',
    'gfc 2 0 -0.484165371736D-03 0.0 0 0',
    'gfc 2 2 0.243914352398E-05 -0.140016683654E-05 0 0',
    'gfc 3 1 0.203046201047E-05 0.248200415856E-06 0 0',
  ].join('\n');
  const f = parseIcgemGfc(text);
  assert.equal(f.name, 'TINY');
  assert.equal(f.gmM3S2, 3.986004415e14);
  assert.equal(f.radiusM, 6378136.3);
  assert.equal(f.maxDegree, 3);
  assert.equal(f.c[3], -0.484165371736e-3);
  assert.equal(f.s[5], -0.140016683654e-5);
  assert.equal(parseIcgemGfc(text, 'x', 2).maxDegree, 2);
  assert.throws(() => parseIcgemGfc(text.replace('fully_normalized', 'unnormalized')), InvalidSettingError);
  assert.throws(() => parseIcgemGfc(text.replace('end_of_head', 'xx')), InvalidSettingError);
  assert.throws(() => parseIcgemGfc(text + '\ngfct 2 0 1 0'), InvalidSettingError);
  assert.throws(() => new HolmesFeatherstoneField(f, 4, 0), InvalidSettingError);
});
