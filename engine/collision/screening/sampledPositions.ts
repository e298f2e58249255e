/**
 * Every screened object's state sampled once, at coarse nodes chosen from its orbit, and its position between nodes
 * by cubic Hermite interpolation with a proven error bound: what the catalog-scale sieve (gridSieve.ts) evaluates at
 * every fine step instead of the trajectories themselves.
 *
 * Conventions: times in s on the span axis (t = 0 at the span start), GCRF km and km/s, as the trajectories. Object
 * i has nodes t_k = min(k·h_i, end_i), k = 0 … K_i − 1 (the last interval may be shorter), with its position and
 * velocity at each node stored in one Float64Array (6 values per node, objects one after the other).
 *
 * Interpolation error (the bound `errorKm` of each object, ε_i). With f = (t − t_k)/h_k on an interval of length
 * h_k ≤ h_i, the cubic Hermite interpolant H of the position and of the *derivative* of the position at the two nodes
 * has the remainder r(t) − H(t) = ∫ K(t, s) r⁗(s) ds whose Peano kernel K does not change sign and integrates to
 * (t − t_k)²(t − t_{k+1})²/4! (e.g. Davis, Interpolation and Approximation, 1963, §3.5 — the Hermite form of the
 * Cauchy remainder), so for a vector, |r − H| ≤ h⁴/384 · max|r⁗| (the maximum of f²(1 − f)² is 1/16 at f = 1/2).
 * The nodes hold the trajectory's velocity *output*, which differs from the derivative of its position by at most εv
 * (sgp4Envelope.ts for SGP4; 1e-6 km/s for a numerical trajectory): the interpolant moves by h·(δv₀·f(1 − f)² −
 * δv₁·f²(1 − f)), at most h·εv/4. For a primary with non-gravitational accelerations a_ng (thrust: r⁗ is not
 * bounded), the trajectory is split as r = g + q with q̈ = a_ng(t): the gravitational part keeps the bound above, and
 * q's cubic Hermite error is at most (1 + 4/27)·a_ng·h² (Taylor to second order about t_k, |H| of the remainder
 * ≤ a_ng h²/2 + (4/27)·a_ng·h²). Hence
 *
 *   ε_i = h⁴/384 · S_i + h·εv_i/4 + (31/27)·a_ng,i·h²,
 *
 * and for the derivative (Birkhoff & Priver 1967, J. Math. Phys. 46: ‖(r − H)′‖ ≤ √3/216 · h³ ‖r⁗‖ per component,
 * ×√3 for the vector; the velocity mismatch moves H′ by at most εv, since |h₁₀′| + |h₁₁′| ≤ 1; a_ng adds |q̇| + |H_q′| ≤ a_ng·h + (3/4 + 1)·a_ng·h)
 *
 *   η_i = h³/72 · S_i + εv_i + (11/4)·a_ng,i·h.
 *
 * S_i bounds |r⁗| over the span. Two-body motion gives r⁗ = μ/r⁴ · [r̂ (3v² − 2μ/r − 15ṙ²) + 6ṙ v], i.e. in the
 * radial/transverse basis μ/r⁴ · (3v² − 2μ/r − 9ṙ², 6ṙ·v_t) (differentiate r̈ = −μ r/r³ twice; n⁴r on a circle).
 * Over an orbit whose radius stays in [r_p, r_a] (the object's radius range over the span, which holds every
 * osculating orbit it takes), v ≤ v_p = √(2μ r_a / (r_p (r_p + r_a))), v ≥ v_a (the same with r_p, r_a exchanged),
 * |ṙ| ≤ √(μ e²/p) with e = (r_a − r_p)/(r_a + r_p), p = 2 r_p r_a/(r_p + r_a) — each monotone in widening [r_p, r_a],
 * so the radius range's pads only make them larger. Each factor at its own extreme:
 *
 *   S_kepler = μ/r_p⁴ · √( max(3v_p² − 2μ/r_a, 2μ/r_p + 9ṙ²_max − 3v_a²)² + (6 ṙ_max v_p)² ).
 *
 * SGP4 is not two-body motion: its J2 terms (short-period and secular, frequencies up to 3n), drag and lunisolar
 * terms add S_J2 = (3 n_max)²·|a_J2|max (an acceleration whose variation is at most three times per orbit, twice
 * differentiated) plus the drag bound's n_max²; the sum gets `SNAP_MARGIN`. These are checked against SGP4 itself
 * (test/engine/collision/screening/gridSieve.test.ts: fourth differences of SGP4 positions and the actual Hermite
 * error on LEO, SSO, eccentric LEO, GTO, Molniya, GNSS and GEO sets, largest share of the bound printed).
 *
 * Step per object: the largest h ≤ `maxStepS` with ε_i(h) ≤ the tolerance (ε is increasing in h), so a circular
 * LEO object gets minutes and a GTO a few tens of seconds (its perigee sets S over the whole orbit).
 *
 * Speed bound (V_i, the sieve's pad): the largest node speed + εv + A_i·h_i/2, A_i the acceleration bound: between
 * nodes the derivative of the position differs from the nearest node's velocity output by at most εv + A_i·h/2.
 */
import { MU_EARTH_KM3_S2 } from '../../constants.ts';
import { j2AccelerationBound } from '../../events/motionBounds.ts';
import type { Trajectory } from '../../trajectories/trajectory.ts';
import type { ObjectBounds } from './objects.ts';
import { SGP4_DRAG_ACCELERATION_KM_S2 } from './sgp4Envelope.ts';

/** Factor on the fourth-derivative bound for SGP4's departures from the model above (module comment). */
export const SNAP_MARGIN = 1.2;
/** Longest node step, s (GEO: the velocity-mismatch term rules before the fourth-derivative term does). */
export const MAX_NODE_STEP_S = 1800;
/** Default interpolation tolerance per object, km (the sieve's pads grow by twice this). */
export const DEFAULT_INTERPOLATION_TOLERANCE_KM = 0.2;

/** Bound S on |r⁗| (km/s⁴) of an object whose radius stays in [rMinKm, rMaxKm] over the span (module comment). */
export function fourthDerivativeBoundKmS4(rMinKm: number, rMaxKm: number): number {
  const mu = MU_EARTH_KM3_S2;
  const rp = rMinKm;
  const ra = Math.max(rMaxKm, rMinKm);
  const vp2 = (2 * mu * ra) / (rp * (rp + ra));
  const va2 = (2 * mu * rp) / (ra * (rp + ra));
  const e = (ra - rp) / (ra + rp);
  const p = (2 * rp * ra) / (rp + ra);
  const rDot2 = (mu * e * e) / p;
  const radial = Math.max(3 * vp2 - (2 * mu) / ra, (2 * mu) / rp + 9 * rDot2 - 3 * va2);
  const transverse = 6 * Math.sqrt(rDot2 * vp2);
  const kepler = (mu / (rp * rp * rp * rp)) * Math.hypot(radial, transverse);
  const nMax2 = vp2 / (rp * rp);
  return SNAP_MARGIN * (kepler + 9 * nMax2 * j2AccelerationBound(rp) + nMax2 * SGP4_DRAG_ACCELERATION_KM_S2);
}

/** ε(h): the position interpolation bound for step h (module comment), km. */
export function interpolationErrorKm(stepS: number, snapKmS4: number, velocityMismatchKmS: number, nonGravitationalKmS2: number): number {
  const h = stepS;
  return (h * h * h * h * snapKmS4) / 384 + (h * velocityMismatchKmS) / 4 + (31 / 27) * nonGravitationalKmS2 * h * h;
}

/** η(h): the bound on |H′ − ṙ| for step h (module comment), km/s. */
export function interpolationVelocityErrorKmS(stepS: number, snapKmS4: number, velocityMismatchKmS: number, nonGravitationalKmS2: number): number {
  const h = stepS;
  return (h * h * h * snapKmS4) / 72 + velocityMismatchKmS + 2.75 * nonGravitationalKmS2 * h;
}

/** The largest step ≤ maxStepS whose ε stays within the tolerance (bisection: ε increases with h). */
export function nodeStepS(toleranceKm: number, snapKmS4: number, velocityMismatchKmS: number, nonGravitationalKmS2: number, maxStepS = MAX_NODE_STEP_S): number {
  if (interpolationErrorKm(maxStepS, snapKmS4, velocityMismatchKmS, nonGravitationalKmS2) <= toleranceKm) return maxStepS;
  let lo = 0;
  let hi = maxStepS;
  for (let k = 0; k < 50; k++) {
    const mid = 0.5 * (lo + hi);
    if (interpolationErrorKm(mid, snapKmS4, velocityMismatchKmS, nonGravitationalKmS2) <= toleranceKm) lo = mid;
    else hi = mid;
  }
  if (!(lo > 0.5)) throw new RangeError(`no node step ≥ 0.5 s meets the interpolation tolerance of ${toleranceKm} km (velocity mismatch ${velocityMismatchKmS} km/s)`);
  return lo;
}

/** One object to sample: its trajectory on the span axis, its bounds, until when it is valid. */
export interface SampledObjectInput {
  readonly trajectory: Trajectory;
  readonly bounds: ObjectBounds;
  /** Its non-gravitational acceleration bound beyond what `bounds` models as smooth (a primary's a_ng; 0 for SGP4), km/s². */
  readonly nonGravitationalKmS2: number;
  /** The trajectory answers on [0, endS]. */
  readonly endS: number;
}

/**
 * The sampled states of all objects (module comment). Read-only after construction; `positionAt` and
 * `stateAt` write into caller arrays (no allocation).
 */
export class SampledPositions {
  readonly count: number;
  /** Per object: node step h_i (s), nodes K_i, first node's index into `states` / 6, coverage end (s). */
  readonly stepS: Float64Array;
  readonly nodeCount: Int32Array;
  readonly firstNode: Int32Array;
  readonly endS: Float64Array;
  /** Per object: ε_i (km), η_i (km/s), V_i (km/s): module comment. */
  readonly errorKm: Float64Array;
  readonly velocityErrorKmS: Float64Array;
  readonly speedBoundKmS: Float64Array;
  /** 6 values per node: x, y, z (km), vx, vy, vz (km/s), GCRF. */
  readonly states: Float64Array;
  readonly totalNodes: number;

  /** Samples every object (its trajectory's `stateAt` at each node; throws what the trajectory throws). */
  constructor(objects: readonly SampledObjectInput[], toleranceKm = DEFAULT_INTERPOLATION_TOLERANCE_KM) {
    const n = objects.length;
    this.count = n;
    this.stepS = new Float64Array(n);
    this.nodeCount = new Int32Array(n);
    this.firstNode = new Int32Array(n);
    this.endS = new Float64Array(n);
    this.errorKm = new Float64Array(n);
    this.velocityErrorKmS = new Float64Array(n);
    this.speedBoundKmS = new Float64Array(n);
    const snaps = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const o = objects[i]!;
      const snap = fourthDerivativeBoundKmS4(o.bounds.radiusMinKm, o.bounds.radiusMaxKm);
      const h = Math.min(nodeStepS(toleranceKm, snap, o.bounds.velocityMismatchKmS, o.nonGravitationalKmS2), Math.max(o.endS, 1));
      snaps[i] = snap;
      this.stepS[i] = h;
      this.endS[i] = o.endS;
      // nodes 0, h, 2h, …, and end_i (a shorter last interval when h does not divide end_i)
      const k = Math.max(2, Math.ceil(o.endS / h - 1e-9) + 1);
      this.nodeCount[i] = k;
      this.firstNode[i] = total;
      total += k;
      this.errorKm[i] = interpolationErrorKm(h, snap, o.bounds.velocityMismatchKmS, o.nonGravitationalKmS2);
      this.velocityErrorKmS[i] = interpolationVelocityErrorKmS(h, snap, o.bounds.velocityMismatchKmS, o.nonGravitationalKmS2);
    }
    this.totalNodes = total;
    this.states = new Float64Array(6 * total);
    const state = new Float64Array(6);
    for (let i = 0; i < n; i++) {
      const o = objects[i]!;
      const h = this.stepS[i]!;
      const base = 6 * this.firstNode[i]!;
      let speedMax = 0;
      for (let k = 0; k < this.nodeCount[i]!; k++) {
        o.trajectory.stateAt(Math.min(k * h, o.endS), state);
        this.states.set(state, base + 6 * k);
        speedMax = Math.max(speedMax, Math.hypot(state[3]!, state[4]!, state[5]!));
      }
      this.speedBoundKmS[i] = speedMax + o.bounds.velocityMismatchKmS + 0.5 * o.bounds.accelerationKmS2 * h;
    }
  }

  /** Index of the node interval holding t for object i (the last one past its end). */
  intervalAt(i: number, tS: number): number {
    const last = this.nodeCount[i]! - 2;
    const k = Math.floor(tS / this.stepS[i]!);
    return k > last ? last : k < 0 ? 0 : k;
  }

  /** Start (s) and length (s) of object i's node interval k, written at out[o], out[o + 1]. */
  intervalSpan(i: number, k: number, out: Float64Array, o: number): void {
    const h = this.stepS[i]!;
    const t0 = k * h;
    out[o] = t0;
    out[o + 1] = (k === this.nodeCount[i]! - 2 ? this.endS[i]! : t0 + h) - t0;
  }

  /**
   * The cubic Hermite interpolant of object i on its node interval k as a polynomial in f = (t − t_k)/h_k: for each
   * component c, out[o + 4c … o + 4c + 3] = a₀, a₁, a₂, a₃ with x(f) = a₀ + a₁f + a₂f² + a₃f³ (and ẋ = x′(f)/h_k).
   * From the basis h₀₀ = 2f³ − 3f² + 1, h₁₀ = f³ − 2f² + f, h₀₁ = −2f³ + 3f², h₁₁ = f³ − f² on p₀, h·v₀, p₁, h·v₁.
   */
  cubicCoefficients(i: number, k: number, out: Float64Array, o: number): void {
    const h = this.stepS[i]!;
    const hk = (k === this.nodeCount[i]! - 2 ? this.endS[i]! : (k + 1) * h) - k * h;
    const s = this.states;
    const a = 6 * (this.firstNode[i]! + k);
    for (let c = 0; c < 3; c++) {
      const p0 = s[a + c]!;
      const m0 = s[a + 3 + c]! * hk;
      const p1 = s[a + 6 + c]!;
      const m1 = s[a + 9 + c]! * hk;
      const q = o + 4 * c;
      out[q] = p0;
      out[q + 1] = m0;
      out[q + 2] = 3 * (p1 - p0) - 2 * m0 - m1;
      out[q + 3] = 2 * (p0 - p1) + m0 + m1;
    }
  }

  private readonly scratch = new Float64Array(14);

  /**
   * Interpolated position (3 values, km) and velocity (3 values, H′, km/s) of object i at t ∈ [0, endS_i], written
   * at out[o … o + 5].
   */
  stateAt(i: number, tS: number, out: Float64Array, o: number): void {
    const k = this.intervalAt(i, tS);
    const w = this.scratch;
    this.intervalSpan(i, k, w, 12);
    this.cubicCoefficients(i, k, w, 0);
    const f = (tS - w[12]!) / w[13]!;
    for (let c = 0; c < 3; c++) {
      const q = 4 * c;
      out[o + c] = ((w[q + 3]! * f + w[q + 2]!) * f + w[q + 1]!) * f + w[q]!;
      out[o + 3 + c] = ((3 * w[q + 3]! * f + 2 * w[q + 2]!) * f + w[q + 1]!) / w[13]!;
    }
  }
}
