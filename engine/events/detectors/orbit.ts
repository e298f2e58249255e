/**
 * Orbit events: equator crossings (nodes) and apsides.
 *
 * Nodes: crossings of the GCRF equator, g = z_GCRF (km), g' = v_z; ascending when z goes from negative to positive.
 * GCRF and not the true equator of date: the events reference uses GCRF (EME2000 differs by < 1 ms, the TOD/TEME
 * equator, tilted by ~0.1° in 2023, by seconds). Bounds: |g'| ≤ V, |g''| = |a_z| ≤ A (motionBounds.ts).
 *
 * Apsides: zeros of the radial velocity, g = r·v (km²/s; the same in every inertial frame), perigee where g goes
 * from negative to positive (a local minimum of |r|), apogee the other way: the apsides of the actual trajectory,
 * short-period perturbations included, with the trajectory's own velocity (SGP4's for a TLE, as the reference).
 * g' is the central difference of g over ±0.01 s (one-sided at the ends of the trajectory).
 * Bound: with a = −μr/r³ + a_p, g' = v² + r·a and
 *   g'' = 3v·a + r·ȧ = −μ·ṙ/r² + 3v·a_p + r·ȧ_p = −(μ/r³)·g + 3v·a_p + r·ȧ_p
 * (the two-body part is a harmonic oscillator in g: apsides are about half a period apart). So
 *   |g''| ≤ c·G0 + β,  c = μ/r_lo³,  β = 3V·A_p + r_hi·J_p,
 * with A_p = |a_J2| + a_ng and J_p = 10·|a_J2|·V/r_lo (the J2 field changes over the radius and latitude scale r);
 * G0 ≥ max|g| ≤ max(|g_a|, |g_b|) + (h/2)·G1 and G1 ≥ max|g'| ≤ max(|g'_a|, |g'_b|) + (h/2)·K, which gives
 *   K = (c·(max|g_end| + (h/2)·max|g'_end|) + β)/(1 − c·h²/4)   (for c·h²/4 < 1: h below 2/n, n the mean motion).
 * A thrust switching on or off makes g' jump by r·Δa, which no curvature bound covers: apsides during burns are
 * not searched for with the guarantee (nor meaningful).
 */
import { MU_EARTH_KM3_S2 } from '../../constants.ts';
import type { EventGeometry } from '../geometry.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2, inertialMotionBounds, j2AccelerationBound } from '../motionBounds.ts';
import type { SwitchingFunction } from '../search.ts';

/** Sample layout: z, v_z, r (km), v (km/s). */
export class NodeFunction implements SwitchingFunction {
  readonly sampleSize = 4;
  private readonly nonGravitationalKmS2: number;
  private readonly motion = new Float64Array(4);

  constructor(nonGravitationalKmS2 = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2) {
    this.nonGravitationalKmS2 = nonGravitationalKmS2;
  }

  evaluate(geometry: EventGeometry, sample: Float64Array, o: number): void {
    const s = geometry.stateGcrf;
    sample[o] = s[2]!;
    sample[o + 1] = s[5]!;
    sample[o + 2] = geometry.radiusKm;
    sample[o + 3] = geometry.speedKmS;
  }

  bounds(a: Float64Array, b: Float64Array, h: number, out: Float64Array): void {
    inertialMotionBounds(a[2]!, a[3]!, b[2]!, b[3]!, h, this.nonGravitationalKmS2, this.motion);
    out[0] = this.motion[2]!;
    out[1] = this.motion[3]!;
    out[2] = 0;
  }
}

const APSIS_HALF_STEP_S = 0.01;

/** Sample layout: r·v, d(r·v)/dt, r (km), v (km/s), half-width of the difference (s), 1 when one-sided. */
export class ApsisFunction implements SwitchingFunction {
  readonly sampleSize = 6;
  private readonly nonGravitationalKmS2: number;
  private readonly motion = new Float64Array(4);
  private readonly state = new Float64Array(6);

  constructor(nonGravitationalKmS2 = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2) {
    this.nonGravitationalKmS2 = nonGravitationalKmS2;
  }

  private radialProduct(geometry: EventGeometry, t: number): number {
    const s = this.state;
    geometry.trajectory.stateAt(t, s);
    return s[0]! * s[3]! + s[1]! * s[4]! + s[2]! * s[5]!;
  }

  evaluate(geometry: EventGeometry, sample: Float64Array, o: number): void {
    const s = geometry.stateGcrf;
    const tr = geometry.trajectory;
    const t = geometry.t;
    const t1 = Math.max(t - APSIS_HALF_STEP_S, tr.startS);
    const t2 = Math.min(t + APSIS_HALF_STEP_S, tr.endS);
    sample[o] = s[0]! * s[3]! + s[1]! * s[4]! + s[2]! * s[5]!;
    sample[o + 1] = (this.radialProduct(geometry, t2) - this.radialProduct(geometry, t1)) / (t2 - t1);
    sample[o + 2] = geometry.radiusKm;
    sample[o + 3] = geometry.speedKmS;
    sample[o + 4] = t2 - t1;
    sample[o + 5] = t2 - t === t - t1 ? 0 : 1;
  }

  bounds(a: Float64Array, b: Float64Array, h: number, out: Float64Array): void {
    const m = this.motion;
    inertialMotionBounds(a[2]!, a[3]!, b[2]!, b[3]!, h, this.nonGravitationalKmS2, m);
    const rLo = m[0]!;
    const rHi = m[1]!;
    const V = m[2]!;
    const aJ2 = j2AccelerationBound(rLo);
    const beta = 3 * V * (aJ2 + this.nonGravitationalKmS2) + rHi * 10 * aJ2 * (V / rLo);
    const c = MU_EARTH_KM3_S2 / (rLo * rLo * rLo);
    const g0 = Math.max(Math.abs(a[0]!), Math.abs(b[0]!));
    // derivative error: a central difference is exact to O(δ²·g''') (negligible); a one-sided one to δ·K/2
    const rateMax = Math.max(Math.abs(a[1]!), Math.abs(b[1]!));
    const denominator = 1 - 0.25 * c * h * h;
    if (!(denominator > 0)) {
      out[0] = Number.POSITIVE_INFINITY;
      out[1] = Number.POSITIVE_INFINITY;
      out[2] = 0;
      return;
    }
    const oneSided = Math.max(a[5]! * a[4]!, b[5]! * b[4]!);
    // K solves K = c·(G0 + (h/2)(G1 + ε)) + β with ε = (oneSided/2)·K
    const K = (c * (g0 + 0.5 * h * rateMax) + beta) / (denominator - 0.25 * c * h * oneSided);
    out[0] = rateMax + 0.5 * oneSided * K + 0.5 * h * K;
    out[1] = K;
    out[2] = 0.5 * oneSided * K + 1e-9 * (1 + rateMax);
  }
}
