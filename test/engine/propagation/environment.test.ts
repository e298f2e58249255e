import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DirectEarthEnvironment, InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { EnvironmentRangeError } from '../../../engine/forces/errors.ts';
import { loadEop2023, loadReference, referenceEpoch } from './referenceData.ts';

test('interpolated environment: rotation, Sun and Moon within 1e-10 rad / 1 m / 1 m of the direct models over 2 days', (t) => {
  const ref = loadReference('SSO_700_98.2');
  const epoch = referenceEpoch(ref);
  const eop = loadEop2023();
  const fast = new InterpolatedEarthEnvironment({ epoch, startS: -86400, endS: 86400, eop });
  const direct = new DirectEarthEnvironment(epoch, eop);
  const a = new Float64Array(9);
  const b = new Float64Array(9);
  const p = new Float64Array(3);
  const q = new Float64Array(3);
  let rotErr = 0;
  let sunErr = 0;
  let moonErr = 0;
  let omegaErr = 0;
  for (let s = -86400; s <= 86400; s += 617.3) {
    fast.gcrfToItrf(s, a);
    direct.gcrfToItrf(s, b);
    for (let i = 0; i < 9; i++) rotErr = Math.max(rotErr, Math.abs(a[i]! - b[i]!));
    fast.sunPositionGcrfM(s, p);
    direct.sunPositionGcrfM(s, q);
    sunErr = Math.max(sunErr, Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!));
    fast.moonPositionGcrfM(s, p);
    direct.moonPositionGcrfM(s, q);
    moonErr = Math.max(moonErr, Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!));
    omegaErr = Math.max(omegaErr, Math.abs(fast.earthAngularVelocityRadS(s) - direct.earthAngularVelocityRadS(s)));
  }
  t.diagnostic(`reached: rotation ${rotErr.toExponential(2)} rad (${(rotErr * 7e6 * 1000).toFixed(3)} mm at 7000 km), Sun ${sunErr.toExponential(2)} m, Moon ${moonErr.toExponential(2)} m, ω ${omegaErr.toExponential(2)} rad/s`);
  // 1e-10 rad is 0.7 mm at LEO radius: far below the 1 m gravity tolerance
  assert.ok(rotErr < 1e-10, `rotation element error ${rotErr}`);
  assert.ok(sunErr < 1, `Sun ${sunErr} m`);
  assert.ok(moonErr < 1, `Moon ${moonErr} m`);
  assert.ok(omegaErr < 1e-15, `ω ${omegaErr}`);
  // orthonormality of the interpolated rotation
  fast.gcrfToItrf(12345.6, a);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const d = a[3 * i]! * a[3 * j]! + a[3 * i + 1]! * a[3 * j + 1]! + a[3 * i + 2]! * a[3 * j + 2]!;
      assert.ok(Math.abs(d - (i === j ? 1 : 0)) < 1e-12);
    }
  }
});

test('interpolated environment: out-of-span evaluation is a typed error', () => {
  const ref = loadReference('SSO_700_98.2');
  const env = new InterpolatedEarthEnvironment({ epoch: referenceEpoch(ref), startS: 0, endS: 3600, eop: loadEop2023() });
  assert.throws(() => env.gcrfToItrf(10 * 86400, new Float64Array(9)), EnvironmentRangeError);
});
