/**
 * Trajectory adapter (b): an ephemeris of GCRF states (an OEM segment) interpolated with Hermite polynomials.
 *
 * Around t, the `pointsPerWindow` (n, default 8 = INTERPOLATION_DEGREE 7 + 1) samples nearest to t (the window is
 * centred on the sample interval holding t and shifted inwards at the ends) give a polynomial P of degree 2n − 1
 * per position component with P(tᵢ) = rᵢ and P'(tᵢ) = vᵢ (Hermite interpolation with doubled nodes: Burden & Faires,
 * "Numerical Analysis", 9th ed., §3.4, Algorithm 3.3, Newton divided differences). The velocity is P'(t), as
 * Orekit's `HermiteInterpolator` returns it for an OEM with `INTERPOLATION = HERMITE` (the reference
 * events README: every event recomputed this way agrees with the reference within 1e-6 s).
 *
 * Time inside the window is scaled to x = (t − t_mid)/Δ (Δ the mean sample spacing) so the divided differences stay
 * well conditioned. The Newton coefficients of the current window are cached: an event search moves forward in
 * small increments and rebuilds them once per sample interval.
 */
import type { Epoch } from '../time/epoch.ts';
import { requireInSpan, type Trajectory } from './trajectory.ts';
import { lastAtOrBefore } from './locate.ts';

export const DEFAULT_HERMITE_POINTS = 8;

export class HermiteTrajectory implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  readonly pointsPerWindow: number;
  private readonly times: Float64Array;
  private readonly states: Float64Array;
  private readonly count: number;
  // cached window: first sample index, scaled nodes z (2n) and Newton coefficients (3 × 2n)
  private windowStart = -1;
  private centreS = 0;
  private scaleS = 1;
  private readonly nodes: Float64Array;
  private readonly coefficients: Float64Array;
  private interval = 0;

  /**
   * timesS: strictly increasing sample times (s from `epoch`); statesKm: 6 values per sample (x, y, z km,
   * vx, vy, vz km/s, GCRF).
   */
  constructor(epoch: Epoch, timesS: Float64Array, statesKm: Float64Array, pointsPerWindow = DEFAULT_HERMITE_POINTS) {
    const n = timesS.length;
    if (!Number.isInteger(pointsPerWindow) || pointsPerWindow < 2) throw new RangeError(`pointsPerWindow must be an integer ≥ 2 (got ${pointsPerWindow})`);
    if (n < 2) throw new RangeError(`an interpolated trajectory needs at least 2 states (got ${n})`);
    if (statesKm.length < 6 * n) throw new RangeError(`statesKm holds ${statesKm.length} values, expected ${6 * n}`);
    for (let i = 1; i < n; i++) {
      if (!(timesS[i]! > timesS[i - 1]!)) throw new RangeError(`sample times must increase strictly (sample ${i}: ${timesS[i]} after ${timesS[i - 1]})`);
    }
    this.epoch = epoch;
    this.times = timesS;
    this.states = statesKm;
    this.count = n;
    this.pointsPerWindow = Math.min(pointsPerWindow, n);
    this.startS = timesS[0]!;
    this.endS = timesS[n - 1]!;
    this.nodes = new Float64Array(2 * this.pointsPerWindow);
    this.coefficients = new Float64Array(3 * 2 * this.pointsPerWindow);
  }

  /** The sample times (s from `epoch`) and states (6 per sample, km and km/s) it interpolates. */
  get sampleTimesS(): Float64Array {
    return this.times;
  }

  get sampleStatesKm(): Float64Array {
    return this.states;
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    const i = this.intervalOf(tS);
    const w = this.pointsPerWindow;
    const first = Math.min(Math.max(i - (w >> 1) + 1, 0), this.count - w);
    if (first !== this.windowStart) this.buildWindow(first);
    const m = 2 * w;
    const z = this.nodes;
    const c = this.coefficients;
    const x = (tS - this.centreS) / this.scaleS;
    for (let k = 0; k < 3; k++) {
      // Newton form and its derivative, nested: p ← p·(x − z_j) + c_j, dp ← dp·(x − z_j) + p
      const base = k * m;
      let p = c[base + m - 1]!;
      let dp = 0;
      for (let j = m - 2; j >= 0; j--) {
        const dx = x - z[j]!;
        dp = dp * dx + p;
        p = p * dx + c[base + j]!;
      }
      out[k] = p;
      out[3 + k] = dp / this.scaleS;
    }
  }

  /** Index i of the sample interval [tᵢ, tᵢ₊₁] holding t (the last interval for t = endS). */
  private intervalOf(t: number): number {
    const ts = this.times;
    const i = this.interval;
    if (t >= ts[i]! && t <= ts[i + 1]!) return i;
    if (i + 2 < this.count && t >= ts[i + 1]! && t <= ts[i + 2]!) {
      this.interval = i + 1;
      return i + 1;
    }
    this.interval = lastAtOrBefore(ts, 1, this.count - 1, t);
    return this.interval;
  }

  /** Divided differences on doubled nodes z₂ⱼ = z₂ⱼ₊₁ = xⱼ (Burden & Faires Alg. 3.3), in place per component. */
  private buildWindow(first: number): void {
    const w = this.pointsPerWindow;
    const m = 2 * w;
    const ts = this.times;
    const st = this.states;
    this.windowStart = first;
    this.centreS = 0.5 * (ts[first]! + ts[first + w - 1]!);
    this.scaleS = (ts[first + w - 1]! - ts[first]!) / (w - 1);
    const z = this.nodes;
    for (let j = 0; j < w; j++) {
      const x = (ts[first + j]! - this.centreS) / this.scaleS;
      z[2 * j] = x;
      z[2 * j + 1] = x;
    }
    const c = this.coefficients;
    for (let k = 0; k < 3; k++) {
      const base = k * m;
      for (let j = 0; j < w; j++) {
        const v = st[6 * (first + j) + k]!;
        c[base + 2 * j] = v;
        c[base + 2 * j + 1] = v;
      }
      // first order: f'(xⱼ)·Δ on doubled nodes (dx/dt = 1/Δ), difference quotients between distinct nodes
      for (let i = m - 1; i >= 1; i--) {
        c[base + i] = (i & 1) === 1 ? st[6 * (first + (i >> 1)) + 3 + k]! * this.scaleS : (c[base + i]! - c[base + i - 1]!) / (z[i]! - z[i - 1]!);
      }
      for (let order = 2; order < m; order++) {
        for (let i = m - 1; i >= order; i--) c[base + i] = (c[base + i]! - c[base + i - 1]!) / (z[i]! - z[i - order]!);
      }
    }
  }
}
