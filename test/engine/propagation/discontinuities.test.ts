/**
 * Which Harris–Priester table nodes end an integration step (propagator.ts `densityNodeNeedsStepEnd`): the DP853
 * local-error bounds across a discontinuity (`DISCONTINUITY_ERROR`) and the density's jumps at the nodes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DISCONTINUITY_ERROR, Dop853Integrator } from '../../../engine/propagation/dop853.ts';
import { densityNodeNeedsStepEnd, orekitTolerances } from '../../../engine/propagation/propagator.ts';
import { HarrisPriesterAtmosphere } from '../../../engine/forces/harrisPriester.ts';
import { WGS84_EQUATORIAL_RADIUS_M } from '../../../engine/constants.ts';

/** Largest |δr| and |δv| of one unit step of r'' = a(t) (a: jump or kink at θ), per unit jump, over θ ∈ (0, 1). */
function scan(kind: 'jump' | 'kink'): { position: number; velocity: number } {
  let position = 0;
  let velocity = 0;
  for (let i = 1; i < 2000; i++) {
    const theta = i / 2000;
    const sys = {
      dimension: 2,
      computeDerivatives(t: number, y: Float64Array, d: Float64Array): void {
        d[0] = y[1]!;
        d[1] = kind === 'jump' ? (t > theta ? 1 : 0) : Math.max(0, t - theta);
      },
    };
    const loose = new Float64Array([1e9, 1e9]);
    const integ = new Dop853Integrator(sys, { minStepS: 1e-9, maxStepS: 1, initialStepS: 1, absTol: loose, relTol: new Float64Array(2) });
    const y = new Float64Array(2);
    integ.integrate(0, y, 1, null, [], 1);
    const rest = 1 - theta;
    const exact = kind === 'jump' ? [(rest * rest) / 2, rest] : [(rest * rest * rest) / 6, (rest * rest) / 2];
    position = Math.max(position, Math.abs(y[0]! - exact[0]!));
    velocity = Math.max(velocity, Math.abs(y[1]! - exact[1]!));
  }
  return { position, velocity };
}

test('DOP853: one step across a jump or a kink of the acceleration errs within DISCONTINUITY_ERROR (and the bounds are not loose)', (t) => {
  const jump = scan('jump');
  const kink = scan('kink');
  t.diagnostic(`jump: |δr| ${jump.position.toFixed(3)}·Δa·H², |δv| ${jump.velocity.toFixed(3)}·Δa·H; kink: |δr| ${kink.position.toFixed(4)}·Δȧ·H³, |δv| ${kink.velocity.toFixed(4)}·Δȧ·H²`);
  const pairs = [
    [jump.position, DISCONTINUITY_ERROR.jumpPosition],
    [jump.velocity, DISCONTINUITY_ERROR.jumpVelocity],
    [kink.position, DISCONTINUITY_ERROR.kinkPosition],
    [kink.velocity, DISCONTINUITY_ERROR.kinkVelocity],
  ] as const;
  for (const [measured, bound] of pairs) {
    assert.ok(measured <= bound, `${measured} exceeds the bound ${bound}`);
    assert.ok(measured >= 0.9 * bound, `${measured} is far below the bound ${bound}`);
  }
});

test('Harris–Priester: the node jump bounds equal the jumps of ρ and dρ/dh at the apex or the anti-apex and bound them elsewhere', () => {
  const hp = new HarrisPriesterAtmosphere(4);
  const AU = 149597870700;
  // equatorial positions at longitude λ with the Sun at 0: the apex (Sun + 30° about Z) is at λ = 30°, its opposite at 210°
  const density = (hM: number, lonDeg: number): number => {
    const r = WGS84_EQUATORIAL_RADIUS_M + hM;
    const l = (lonDeg * Math.PI) / 180;
    return hp.density(r * Math.cos(l), r * Math.sin(l), 0, AU, 0, 0);
  };
  // one-sided second-order differences (1 m; the segments are exponential over ≥ 10 km)
  const e = 1;
  for (let i = 1; i < hp.nodeCount; i++) {
    const h = hp.nodeHeightM(i);
    const top = i === hp.nodeCount - 1;
    let largest = 0;
    for (const lon of [30, 90, 150, 210]) {
      const below = (3 * density(h, lon) - 4 * density(h - e, lon) + density(h - 2 * e, lon)) / (2 * e);
      const above = (-3 * density(h + 1e-9, lon) + 4 * density(h + e, lon) - density(h + 2 * e, lon)) / (2 * e);
      const slopeJump = Math.abs(above - below);
      assert.ok(slopeJump <= hp.densitySlopeJumpAtNode(i) * (1 + 1e-5), `dρ/dh jump at ${h / 1e3} km, λ ${lon}°: ${slopeJump} > ${hp.densitySlopeJumpAtNode(i)}`);
      largest = Math.max(largest, slopeJump);
      const valueJump = Math.abs(density(h + 1e-6, lon) - density(h, lon));
      assert.ok(valueJump <= hp.densityJumpAtNode(i) * (1 + 1e-9) + 1e-8 * density(h, lon), `ρ jump at ${h / 1e3} km`);
      if (top) assert.ok(Math.abs(valueJump - density(h, lon)) <= 1e-8 * density(h, lon), 'ρ drops to 0 above the top node');
    }
    assert.ok(largest >= hp.densitySlopeJumpAtNode(i) * (1 - 1e-4), `the dρ/dh bound is reached at ${h / 1e3} km: ${largest} < ${hp.densitySlopeJumpAtNode(i)}`);
  }
  assert.equal(hp.densityJumpAtNode(hp.nearestNode(500e3)), 0);
  assert.equal(hp.densityJumpAtNode(hp.nearestNode(1000e3)), Math.max(density(1000e3, 30), density(1000e3, 210)));
});

test('node step ends: the 1000 km top (a density jump) needs one long before a 600 km kink does', () => {
  const hp = new HarrisPriesterAtmosphere(4);
  // outbound at 7.3 km/s (3 km/s radial) on the equator, 800 kg, Cd·A 4.4 m², tolerances of the benchmark's HEO:
  // v_r ≤ 7.83 km/s, ½·Cd·A/m·v_r² = 1.67e5 m⁴/(kg·s²): the top's jump 3.0e-9 m/s², the 600 km kink 5.4e-11 m/s³
  const state = (hM: number): Float64Array => new Float64Array([WGS84_EQUATORIAL_RADIUS_M + hM, 0, 0, 3000, 6650, 0, 800]);
  const needs = (hM: number, stepS: number, dP: number): boolean => {
    const tol = orekitTolerances([-7717.3e3, -6430.2e3, 69.4e3], [3980, -349, -5642], dP); // |δv| scale 1.3e-7 m/s at 1e-4
    return densityNodeNeedsStepEnd(hp, state(hM), stepS, 4.4, tol.absTol, tol.relTol);
  };
  assert.equal(needs(1000e3, 60, 1e-4), true); // |δv| ≤ 4.3·3.0e-9·60 = 7.9e-7 m/s
  assert.equal(needs(1000e3, 1, 1e-4), false); // 1.3e-8 m/s
  assert.equal(needs(1000e3, 60, 1e-3), false); // the scale is 1.3e-6 m/s at 1e-3
  assert.equal(needs(600e3, 60, 1e-4), false); // |δv| ≤ 0.08·5.4e-11·60² = 1.5e-8 m/s
  assert.equal(needs(600e3, 60, 1e-6), true); // the scale is 1.3e-9 m/s
  assert.equal(needs(600e3, 1, 1e-6), false);
});
