import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WGS84_EQUATORIAL_RADIUS_M, WGS84_FLATTENING } from '../../../engine/constants.ts';
import { certainlyLit, lightingRatio, occultationAngles, SUN_RADIUS_M } from '../../../engine/forces/shadow.ts';
import { HarrisPriesterAtmosphere, harrisPriesterHeightM } from '../../../engine/forces/harrisPriester.ts';
import { AtmosphericDrag } from '../../../engine/forces/drag.ts';
import { ConstantThrust } from '../../../engine/forces/thrust.ts';
import { ThirdBodyAttraction } from '../../../engine/forces/thirdBody.ts';
import { ForceEvaluation, type EarthEnvironment } from '../../../engine/forces/types.ts';

const B = WGS84_EQUATORIAL_RADIUS_M * (1 - WGS84_FLATTENING);
const Z = new Float64Array([0, 0, 1]);
const AU = 149597870700;

test('shadow: full light, umbra, and a monotonic penumbra ratio across the shadow boundary', () => {
  const sun = new Float64Array([AU, 0, 0]);
  const an = new Float64Array(3);
  const ratioAt = (y: number, x: number): number => {
    occultationAngles(new Float64Array([x, y, 0]), sun, Z, WGS84_EQUATORIAL_RADIUS_M, B, SUN_RADIUS_M, an);
    return lightingRatio(an[0]!, an[1]!, an[2]!);
  };
  assert.equal(ratioAt(0, 7000e3), 1); // sunlit side
  assert.equal(ratioAt(0, -7000e3), 0); // behind the Earth
  // scan across the penumbra behind the Earth at x = −7000 km: ratio rises from 0 to 1 monotonically
  let prev = -1;
  let partial = 0;
  for (let y = 6300e3; y <= 6450e3; y += 1e3) {
    const r = ratioAt(y, -7000e3);
    assert.ok(r >= prev - 1e-12, `non-monotonic at y = ${y}`);
    if (r > 0 && r < 1) partial++;
    prev = r;
  }
  assert.equal(prev, 1);
  // penumbra width at 7000 km ≈ 2·d·tan(ρsun): ~ 65 km ⇒ dozens of partial samples at 1 km spacing
  assert.ok(partial > 30 && partial < 120, `penumbra samples ${partial}`);
});

test('shadow: the oblate limb (polar radius) is used — a polar shadow edge is ~21 km lower than an equatorial one', () => {
  const an = new Float64Array(3);
  const edge = (axis: 'z' | 'y'): number => {
    // find the umbra→light half-ratio point behind the Earth along the given axis
    const sun = new Float64Array([AU, 0, 0]);
    let lo = 6200e3;
    let hi = 6500e3;
    for (let i = 0; i < 60; i++) {
      const mid = 0.5 * (lo + hi);
      const p = axis === 'z' ? new Float64Array([-7000e3, 0, mid]) : new Float64Array([-7000e3, mid, 0]);
      occultationAngles(p, sun, Z, WGS84_EQUATORIAL_RADIUS_M, B, SUN_RADIUS_M, an);
      if (lightingRatio(an[0]!, an[1]!, an[2]!) < 0.5) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const d = edge('y') - edge('z');
  assert.ok(Math.abs(d - (WGS84_EQUATORIAL_RADIUS_M - B)) < 1500, `edge difference ${d} m`);
});

test('shadow: certainlyLit only where the full geometry gives full light, and almost everywhere it does', () => {
  const sun = new Float64Array([1.47e11, 2e10, 8e9]);
  const pole = new Float64Array([0.001, -0.002, 1]);
  const pn = Math.hypot(pole[0]!, pole[1]!, pole[2]!);
  for (let i = 0; i < 3; i++) pole[i] = pole[i]! / pn;
  const an = new Float64Array(3);
  const sat = new Float64Array(3);
  let lit = 0;
  let caught = 0;
  // deterministic pseudo-random positions from just above the surface to beyond GEO, half of them around the
  // anti-Sun direction where the shadow cone is
  let seed = 12345;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647; // Park–Miller
  for (let i = 0; i < 200_000; i++) {
    const r = WGS84_EQUATORIAL_RADIUS_M * (1.0001 + 7 * random() * random());
    let x = 2 * random() - 1;
    let y = 2 * random() - 1;
    let z = 2 * random() - 1;
    if (i % 2 === 1) [x, y, z] = [-1 + 0.3 * x, 0.4 * y, 0.4 * z];
    const n = Math.hypot(x, y, z);
    sat[0] = (r * x) / n;
    sat[1] = (r * y) / n;
    sat[2] = (r * z) / n;
    const nu = occultationAngles(sat, sun, pole, WGS84_EQUATORIAL_RADIUS_M, B, SUN_RADIUS_M, an) ? lightingRatio(an[0]!, an[1]!, an[2]!) : 1;
    const sure = certainlyLit(sat, sun, WGS84_EQUATORIAL_RADIUS_M, SUN_RADIUS_M);
    if (sure) assert.equal(nu, 1, `certainlyLit at ${[...sat]} where the lit fraction is ${nu}`);
    if (nu === 1) lit++;
    if (sure) caught++;
  }
  assert.ok(caught > 0.99 * lit, `certainlyLit caught ${caught} of ${lit} lit positions`);
  // inside the sphere of radius a: undecided (the full geometry decides)
  assert.equal(certainlyLit(new Float64Array([0, 0, 6.36e6]), sun, WGS84_EQUATORIAL_RADIUS_M, SUN_RADIUS_M), false);
});

test('Harris–Priester: table values at nodes (min at anti-apex, max at apex), zero above 1000 km, exponential in between', () => {
  const hp = new HarrisPriesterAtmosphere(4);
  // equatorial point, Sun direction chosen so that the apex (Sun + 30° about Z) is exactly at the point or opposite
  const r = WGS84_EQUATORIAL_RADIUS_M + 400e3;
  assert.ok(Math.abs(harrisPriesterHeightM(r, 0, 0) - 400e3) < 1e-6);
  const sunAt = (angle: number): [number, number, number] => [Math.cos(angle) * AU, Math.sin(angle) * AU, 0];
  const apexAway = sunAt(Math.PI - Math.PI / 6);
  const apexHere = sunAt(-Math.PI / 6);
  assert.ok(Math.abs(hp.density(r, 0, 0, ...apexAway) / 2.249e-12 - 1) < 1e-9);
  assert.ok(Math.abs(hp.density(r, 0, 0, ...apexHere) / 7.492e-12 - 1) < 1e-9);
  const rMid = WGS84_EQUATORIAL_RADIUS_M + 410e3;
  const expMin = 2.249e-12 * Math.sqrt(1.558e-12 / 2.249e-12);
  assert.ok(Math.abs(hp.density(rMid, 0, 0, ...apexAway) / expMin - 1) < 1e-9);
  assert.equal(hp.density(WGS84_EQUATORIAL_RADIUS_M + 1001e3, 0, 0, ...apexHere), 0);
});

test('drag: the density kept for the same instant and position gives what a fresh evaluation gives', () => {
  // an Earth rotating about Z, the Sun along a slowly turning direction: the density depends on t and r only
  const env: EarthEnvironment = {
    gcrfToItrf: (t, R) => {
      const a = 7.292115e-5 * t;
      R.set([Math.cos(a), Math.sin(a), 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 1]);
    },
    earthAngularVelocityRadS: () => 7.292115e-5,
    sunPositionGcrfM: (t, out) => out.set([AU * Math.cos(2e-7 * t), AU * Math.sin(2e-7 * t), 0]),
    moonPositionGcrfM: (_t, out) => out.set([3.8e8, 0, 0]),
  };
  const accelerationOf = (drag: AtmosphericDrag, t: number, y: number[]): number[] => {
    const ev = new ForceEvaluation(env);
    ev.begin(t, new Float64Array(y));
    const acc = new Float64Array(3);
    drag.addAcceleration(ev, acc);
    return [...acc];
  };
  const kept = new AtmosphericDrag(new HarrisPriesterAtmosphere(), 2, 2.2);
  const y = [6778e3, 1e5, 2e5, 10, 7600, 300, 1000];
  accelerationOf(kept, 100, y);
  for (const [t, other] of [
    [100, [6778e3, 1e5, 2e5, 10.001, 7600, 300, 1000]], // velocity only: the density is reused
    [100, [6778e3, 1e5, 2e5 + 1, 10, 7600, 300, 1000]], // position: recomputed
    [160, [6778e3, 1e5, 2e5 + 1, 10, 7600, 300, 1000]], // time: recomputed
  ] as const) {
    assert.deepEqual(accelerationOf(kept, t, [...other]), accelerationOf(new AtmosphericDrag(new HarrisPriesterAtmosphere(), 2, 2.2), t, [...other]));
  }
});

test('thrust: TNW, RTN/QSW/RSW_ROTATING and GCRF directions; mass flow |F|/(Isp·g0)', () => {
  const ev = new ForceEvaluation(null);
  // circular-ish state: r along X, v along Y (+ a radial component so that T ≠ S)
  ev.begin(0, new Float64Array([7000e3, 0, 0, 100, 7500, 0, 1000]));
  const acc = (th: ConstantThrust): number[] => {
    const a = new Float64Array(3);
    th.active = true;
    const mdot = th.addAcceleration(ev, a);
    assert.ok(Math.abs(mdot + th.thrustMagnitudeN / (th.ispS * 9.80665)) < 1e-18);
    return [...a];
  };
  const vn = Math.hypot(100, 7500);
  const tnw = acc(new ConstantThrust('TNW', [1, 0, 0], 220));
  assert.ok(Math.abs(tnw[0]! - 1e-3 * (100 / vn)) < 1e-15 && Math.abs(tnw[1]! - 1e-3 * (7500 / vn)) < 1e-15);
  for (const f of ['RTN', 'QSW', 'RSW_ROTATING'] as const) {
    const a = acc(new ConstantThrust(f, [0, 2, 0], 300));
    assert.deepEqual(a.map((x) => Math.round(x * 1e12) / 1e12), [0, 2e-3, 0]); // transverse = +Y here
    const n = acc(new ConstantThrust(f, [0, 0, 1], 300));
    assert.ok(Math.abs(n[2]! - 1e-3) < 1e-15); // normal = +Z (r×v)
  }
  assert.deepEqual(acc(new ConstantThrust('GCRF', [0, 0, 3], 300)), [0, 0, 3e-3]);
  const off = new ConstantThrust('TNW', [1, 0, 0], 220);
  const a = new Float64Array(3);
  assert.equal(off.addAcceleration(ev, a), 0);
  assert.deepEqual([...a], [0, 0, 0]);
});

test('third body: the indirect term cancels the direct one at the geocentre; tidal at LEO', () => {
  const env = {
    gcrfToItrf: () => undefined,
    earthAngularVelocityRadS: () => 0,
    sunPositionGcrfM: (_t: number, o: Float64Array) => o.set([AU, 0, 0]),
    moonPositionGcrfM: (_t: number, o: Float64Array) => o.set([384400e3, 0, 0]),
  };
  const ev = new ForceEvaluation(env);
  const moon = new ThirdBodyAttraction('MOON');
  const a = new Float64Array(3);
  ev.begin(0, new Float64Array([0, 0, 0, 0, 0, 0, 1]));
  moon.addAcceleration(ev, a);
  assert.ok(Math.hypot(a[0]!, a[1]!, a[2]!) < 1e-20);
  ev.begin(0, new Float64Array([7000e3, 0, 0, 0, 0, 0, 1]));
  a.fill(0);
  moon.addAcceleration(ev, a);
  const tidal = (2 * 4.902800118457551e12 * 7000e3) / 384400e3 ** 3;
  assert.ok(Math.abs(a[0]! / tidal - 1) < 0.03, `${a[0]} vs ${tidal}`);
});
