/**
 * The spacecraft's trajectory over a signal's flight time, from its propagated state at a reference instant.
 *
 * Light times are milliseconds (LEO) to about a second (cislunar), so the state at the transit time is a Taylor
 * step from the propagated state at the measurement's time tag:
 *   r(t₀ + δ) = r + v·δ + a·δ²/2 + j·δ³/6,   v(t₀ + δ) = v + a·δ + j·δ²/2,
 * with a = central + J2 acceleration (about the Earth's pole) and j the two-body jerk −μ(v/r³ − 3(r·v)r/r⁵).
 * Orekit shifts its states the same way (Keplerian motion plus the non-Keplerian acceleration, reference README
 * "Exact meaning of each TDM value"). Omitted: the jerk of J2 and the accelerations other than J2 (≤ 1e-4 m/s² in
 * LEO): over a 20 ms LEO flight they move the position by < 1e-8 m and the velocity by < 2e-6 m/s.
 *
 * SI units inside (m, m/s); `setKm` takes the propagator's km and km/s.
 */
import { EGM96_GM_M3S2, EGM96_RADIUS_M, egm96Field } from '../forces/gravityField.ts';
import { MU_EARTH_M3S2 } from '../constants.ts';

/** EGM96 J2 = −√5·C̄20 (tide-free). */
const J2 = -Math.sqrt(5) * egm96Field().c[3]!;

export class LocalTrajectory {
  /** Reference instant (s from the propagation epoch). */
  tRef = 0;
  readonly r = new Float64Array(3);
  readonly v = new Float64Array(3);
  readonly a = new Float64Array(3);
  readonly j = new Float64Array(3);
  /** Gravity gradient ∂a/∂r of the central + J2 terms at the reference (row-major 3×3), for `shiftJacobian`. */
  readonly gradient = new Float64Array(9);
  private readonly mu: number;

  constructor(muM3S2: number = MU_EARTH_M3S2) {
    this.mu = muM3S2;
  }

  /**
   * Sets the reference state: GCRF position (km) and velocity (km/s) at `tRef`, `pole` the Earth's rotation axis in
   * GCRF (unit vector; the third row of the GCRF→ITRF rotation is close enough for J2).
   */
  setKm(tRef: number, state: ArrayLike<number>, offset: number, pole: ArrayLike<number>): void {
    this.tRef = tRef;
    const r = this.r;
    const v = this.v;
    for (let i = 0; i < 3; i++) {
      r[i] = state[offset + i]! * 1000;
      v[i] = state[offset + 3 + i]! * 1000;
    }
    const x = r[0]!, y = r[1]!, z = r[2]!;
    const r2 = x * x + y * y + z * z;
    const rn = Math.sqrt(r2);
    const mu = this.mu;
    const k = -mu / (r2 * rn);
    // J2 about the pole: a = K[(5 s²/r² − 1) r − 2 s p], s = r·p, K = 3/2 J2 GM ae² / r⁵
    const px = pole[0]!, py = pole[1]!, pz = pole[2]!;
    const s = x * px + y * py + z * pz;
    const K = (1.5 * J2 * EGM96_GM_M3S2 * EGM96_RADIUS_M * EGM96_RADIUS_M) / (r2 * r2 * rn);
    const f = 5 * (s * s) / r2 - 1;
    this.a[0] = k * x + K * (f * x - 2 * s * px);
    this.a[1] = k * y + K * (f * y - 2 * s * py);
    this.a[2] = k * z + K * (f * z - 2 * s * pz);
    const rv = x * v[0]! + y * v[1]! + z * v[2]!;
    const c3 = (3 * rv) / r2;
    for (let i = 0; i < 3; i++) this.j[i] = k * (v[i]! - c3 * r[i]!);
    // central gradient −μ/r³ (I − 3 r̂r̂ᵀ); J2's is 1e-3 of it and only enters shiftJacobian's δ² terms
    const g = this.gradient;
    for (let i = 0; i < 3; i++) {
      for (let l = 0; l < 3; l++) g[3 * i + l] = k * ((i === l ? 1 : 0) - (3 * r[i]! * r[l]!) / r2);
    }
  }

  /** Position (m), velocity (m/s) and acceleration (m/s²) at t (s from the propagation epoch). */
  at(t: number, rOut: Float64Array, vOut: Float64Array, aOut: Float64Array): void {
    const d = t - this.tRef;
    const d2 = 0.5 * d * d;
    const d3 = (d2 * d) / 3;
    for (let i = 0; i < 3; i++) {
      const a = this.a[i]!;
      const j = this.j[i]!;
      rOut[i] = this.r[i]! + this.v[i]! * d + a * d2 + j * d3;
      vOut[i] = this.v[i]! + a * d + j * d2;
      aOut[i] = a + j * d;
    }
  }

  /**
   * ∂x(t)/∂x(tRef) of the Taylor step (6×6 row-major into out36), G the central gravity gradient:
   * [[I + G δ²/2, I δ], [G δ, I]]. It chains partials at a transit time with the STM at the time tag.
   */
  shiftJacobian(t: number, out36: Float64Array): Float64Array {
    const d = t - this.tRef;
    const g = this.gradient;
    out36.fill(0);
    for (let i = 0; i < 3; i++) {
      out36[6 * i + i] = 1;
      out36[6 * i + 3 + i] = d;
      out36[6 * (3 + i) + 3 + i] = 1;
      for (let l = 0; l < 3; l++) {
        out36[6 * i + l] += 0.5 * d * d * g[3 * i + l]!;
        out36[6 * (3 + i) + l] = d * g[3 * i + l]!;
      }
    }
    return out36;
  }
}
