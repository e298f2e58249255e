/**
 * Orbit models for the orbit-path and phasing filters (filters.ts): for each object and any instant of the span, a
 * plane (normal n, ascending-node direction x̂, ŷ = n × x̂), an in-plane angle model λ(t) (the mean argument of
 * latitude, linear between nodes), a conic (p, e, ω) for the radius at a direction, and bounds on how far the
 * object's actual position can be from what the model says:
 *
 *   out-of-plane   |n(t)·r(t)| ≤ outOfPlaneKm
 *   in-plane angle |u(t) − λ(t)| ≤ angleRad, u(t) the angle of r(t) in the model plane from x̂(t)
 *   radius         |r(t)| within radiusPadKm of p/(1 + e·cos(u − ω)) at the actual direction u
 *
 * Secondary (SGP4): the model is SGP4's own mean elements (sgp4Envelope.ts samples, every 4 h), linearly
 * interpolated, in TEME rotated to GCRF by the TEME → GCRF rotation at mid-span (precession and nutation turn it by
 * < 1e-5 rad over 14 days: the largest angle between the rotations at the table's nodes and the mid-span one is
 * added to the angle and out-of-plane bounds); the bounds are SGP4's periodic terms (sgp4.js; Hoots & Roehrich 1980): the short-period J2 terms
 * (argument of latitude 0.25·temp2·|7cos²i − 1|, node 1.5·temp2·|cos i|, inclination 1.5·temp2·|cos i sin i|, radius
 * δ of sgp4Envelope.ts), the long-period J3 terms (mean longitude |xlcof|·e/(a(1 − e²)), e·sin ω |aycof|/(a(1 − e²))),
 * for SDP4 the lunisolar periodics of dpper (amplitudes from the coefficients: |f2|, |f3| ≤ ¼, |sin zf| ≤ 1, taken
 * relative to their epoch values, hence twice), the equation of the centre (the mean argument of latitude is
 * ω + M, the direction ω + ν: max|ν − M| in closed form), and the interpolation error of each element (a quarter
 * of its largest second difference between samples, the chord error of a parabola being an eighth).
 *
 * Primary (any trajectory): the model is built from the trajectory itself: its osculating plane and argument of
 * latitude at nodes every `PRIMARY_NODE_SPACING_S`, linearly interpolated; the bounds are measured on samples every
 * `PRIMARY_SAMPLE_STEP_S` in each node interval (with the change between neighbouring samples added, and A·h²/8 for
 * the out-of-plane distance), together with the radius range of the interval.
 */
import { constants as sgp4Constants, type SatRec } from 'satellite.js';
import { accelerationBound } from '../../events/motionBounds.ts';
import { parabolaUpperBound } from '../../events/search.ts';
import type { Trajectory } from '../../trajectories/trajectory.ts';
import { SGP4_EARTH_RADIUS_KM } from '../../tle/fit.ts';
import type { ObjectBounds } from './objects.ts';
import type { Sgp4Envelope } from './sgp4Envelope.ts';

const TWO_PI = 2 * Math.PI;

/** Safety on top of the SGP4 model bounds (they are attainable): relative, and absolute in km. */
export const MODEL_SAFETY_FACTOR = 1.02;
export const MODEL_SAFETY_KM = 0.1;
/** Node spacing of the primary's model, s. */
export const PRIMARY_NODE_SPACING_S = 600;
/** Sample spacing of the primary's bounds, s. */
export const PRIMARY_SAMPLE_STEP_S = 30;

/** max over M of |ν − M| for eccentricity e: where dν/dM = (1 + e cos ν)²/(1 − e²)^{3/2} = 1. */
export function equationOfCentreBound(e: number): number {
  if (!(e > 0)) return 0;
  if (e >= 0.99) return Math.PI;
  const cosNu = (Math.pow(1 - e * e, 0.75) - 1) / e;
  const nu = Math.acos(Math.max(-1, Math.min(1, cosNu)));
  const eccentric = 2 * Math.atan(Math.sqrt((1 - e) / (1 + e)) * Math.tan(nu / 2));
  return nu - (eccentric - e * Math.sin(eccentric));
}

/** The model's state at one instant (filled by `at`). */
export class ModelState {
  /** Plane normal, ascending-node direction and ŷ = n × x̂ (unit vectors). */
  readonly n = new Float64Array(3);
  readonly x = new Float64Array(3);
  readonly y = new Float64Array(3);
  /** Model angle from x̂ (rad, continuous) and its rate (rad/s). */
  lambda = 0;
  lambdaRate = 0;
  /** Conic: semi-latus rectum (km), eccentricity, argument of perigee from x̂ (rad). */
  pKm = 0;
  e = 0;
  argPerigee = 0;
}

export interface OrbitModel {
  readonly startS: number;
  readonly endS: number;
  /** Lowest radius the object reaches (km). */
  readonly radiusMinKm: number;
  at(t: number, out: ModelState): void;
  /** Bounds valid over [from, to] (the primary's vary with time, a secondary's are constant). */
  outOfPlaneKm(from: number, to: number): number;
  angleRad(from: number, to: number): number;
  /** Radius pad about the conic (SGP4) — the primary uses its sampled radius band instead (radiusBand). */
  readonly radiusPadKm: number;
  /** Radius range over [from, to] when the model knows it from samples (the primary), else null. */
  radiusBand(from: number, to: number): [number, number] | null;
}

/** Index of the interval of t on a uniform grid of `count` nodes from `start` with spacing `h` (clamped: the ends extrapolate). */
function intervalOf(t: number, start: number, h: number, count: number): number {
  return Math.max(0, Math.min(count - 2, Math.floor((t - start) / h)));
}

function unwrapFrom(previous: number, angle: number): number {
  return angle + TWO_PI * Math.round((previous - angle) / TWO_PI);
}

/** Model of an SGP4 secondary (module comment). */
export class Sgp4OrbitModel implements OrbitModel {
  readonly startS: number;
  readonly endS: number;
  readonly radiusMinKm: number;
  readonly radiusPadKm: number;
  /** In-plane angle and out-of-plane bounds (constant over the span). */
  private readonly angle: number;
  private readonly outOfPlane: number;
  private readonly h: number;
  private readonly count: number;
  private readonly t: Float64Array;
  private readonly node: Float64Array;
  private readonly inc: Float64Array;
  private readonly lambda: Float64Array;
  private readonly am: Float64Array;
  private readonly em: Float64Array;
  private readonly argp: Float64Array;
  /** False when the bounds would be meaningless (retrograde near 180°, e near 1): the filters then pass the pair. */
  readonly usable: boolean;

  /** GCRF basis x̂, ŷ, n at each sample (9 values), interpolated linearly (module comment). */
  private readonly basis: Float64Array;

  constructor(satrec: SatRec, envelope: Sgp4Envelope, bounds: ObjectBounds, frame: { rotation: Float64Array; driftRad: number }) {
    const s = envelope.samples;
    this.count = s.count;
    this.t = s.tS;
    this.startS = s.tS[0]!;
    this.endS = s.tS[s.count - 1]!;
    this.h = s.count > 1 ? (this.endS - this.startS) / (s.count - 1) : 1;
    this.node = Float64Array.from(s.nodeRad);
    this.argp = Float64Array.from(s.argPerigeeRad);
    for (let k = 1; k < s.count; k++) {
      this.node[k] = unwrapFrom(this.node[k - 1]!, this.node[k]!);
      this.argp[k] = unwrapFrom(this.argp[k - 1]!, this.argp[k]!);
    }
    this.inc = s.im;
    this.lambda = s.meanArgumentOfLatitudeRad;
    this.am = s.am;
    this.em = s.em;
    this.radiusMinKm = bounds.radiusMinKm;

    const deep = satrec.method === 'd';
    const j2 = sgp4Constants.j2;
    const j3oj2 = Math.abs(sgp4Constants.j3oj2);
    let amMin = Number.POSITIVE_INFINITY;
    let amMax = 0;
    let eMax = 0;
    let cosIMin = 1;
    let sinIMax = 0;
    for (let k = 0; k < s.count; k++) {
      amMin = Math.min(amMin, s.am[k]!);
      amMax = Math.max(amMax, s.am[k]!);
      eMax = Math.max(eMax, Math.abs(s.em[k]!));
      cosIMin = Math.min(cosIMin, Math.cos(s.im[k]!));
      sinIMax = Math.max(sinIMax, Math.sin(s.im[k]!));
    }
    // interpolation errors: a quarter of the largest second difference (module comment)
    const chord = (x: Float64Array): number => {
      let m = 0;
      for (let k = 1; k + 1 < x.length; k++) m = Math.max(m, Math.abs(x[k + 1]! - 2 * x[k]! + x[k - 1]!));
      return 0.25 * m + 1e-12;
    };
    // the TEME basis of each sample's mean plane (x̂ ascending node, ŷ = n × x̂, n) rotated to GCRF; between samples
    // the vectors are interpolated linearly: a unit vector turning by δ leaves its chord by ≤ δ²/8
    this.basis = new Float64Array(9 * s.count);
    let turn = 0;
    for (let k = 0; k < s.count; k++) {
      const cO = Math.cos(this.node[k]!);
      const sO = Math.sin(this.node[k]!);
      const cI = Math.cos(this.inc[k]!);
      const sI = Math.sin(this.inc[k]!);
      const b = this.basis.subarray(9 * k, 9 * k + 9);
      rotateInto(frame.rotation, cO, sO, 0, b, 0);
      rotateInto(frame.rotation, -cI * sO, cI * cO, sI, b, 3);
      rotateInto(frame.rotation, sI * sO, -sI * cO, cI, b, 6);
      if (k > 0) {
        const a = this.basis.subarray(9 * k - 9, 9 * k);
        for (const o of [0, 6]) {
          const d = Math.hypot(b[o]! - a[o]!, b[o + 1]! - a[o + 1]!, b[o + 2]! - a[o + 2]!);
          turn = Math.max(turn, 2 * Math.asin(Math.min(1, d / 2)));
        }
      }
    }
    const chordAngle = (turn * turn) / 8;
    const nodeErr = chord(this.node) + chordAngle;
    const incErr = chord(this.inc) + chordAngle;
    const lambdaErr = chord(this.lambda);
    const argpErr = chord(this.argp);
    const amErr = chord(this.am);
    const emErr = chord(this.em);
    // lunisolar periodics (dpper), relative to their epoch values: twice the amplitude
    const q = (a: number, b: number): number => 0.25 * (Math.abs(a) + Math.abs(b));
    const lunisolarE = deep ? 2 * (q(satrec.se2, satrec.se3) + q(satrec.ee2, satrec.e3)) : 0;
    const lunisolarI = deep ? 2 * (q(satrec.si2, satrec.si3) + q(satrec.xi2, satrec.xi3)) : 0;
    const lunisolarH = deep ? 2 * (q(satrec.sh2, satrec.sh3) + q(satrec.xh2, satrec.xh3)) : 0;
    const lunisolarL = deep ? 2 * (q(satrec.sl2, satrec.sl3) + Math.abs(satrec.sl4) + q(satrec.xl2, satrec.xl3) + Math.abs(satrec.xl4)) : 0;
    const lunisolarGh = deep ? 2 * (q(satrec.sgh2, satrec.sgh3) + Math.abs(satrec.sgh4) + q(satrec.xgh2, satrec.xgh3) + Math.abs(satrec.xgh4)) : 0;
    // drag's once-per-orbit terms: e swings by 2|B*·cc5|; ω (not ω + M) by |xmcof|·((1 + η)³ + |delmo|)
    const dragE = deep ? 0 : 2 * Math.abs(satrec.bstar * satrec.cc5);
    const dragOmega = deep || satrec.isimp === 1 ? 0 : Math.abs(satrec.xmcof) * (Math.pow(1 + satrec.eta, 3) + Math.abs(satrec.delmo));
    const aycof = deep ? 0.5 * j3oj2 : Math.abs(satrec.aycof);
    const ep = Math.min(eMax + emErr + dragE + lunisolarE, 0.999);
    const eLongPeriod = aycof / (amMin * (1 - ep * ep));
    const eL = Math.min(ep + eLongPeriod, 0.999);
    const pl = amMin * (1 - eL * eL);
    const temp1 = (0.5 * j2) / pl;
    const temp2 = temp1 / pl;
    // xlcof = −¼·j3oj2·sin i·(3 + 5 cos i)/(1 + cos i): unbounded towards 180°
    const xlcof = deep ? (0.25 * j3oj2 * sinIMax * 8) / Math.max(1 + cosIMin, 1e-9) : Math.abs(satrec.xlcof);
    const longPeriodL = (xlcof * eL) / (amMin * (1 - eL * eL));
    const x7thm1 = deep ? 6 : Math.abs(satrec.x7thm1);
    this.usable = eL < 0.95 && 1 + cosIMin > 0.02 && s.count >= 2;
    // the bounds are attainable (the equation of the centre reaches its maximum): 2 % and small pads on top
    this.angle = MODEL_SAFETY_FACTOR * (
      equationOfCentreBound(eL) + longPeriodL + 0.25 * temp2 * x7thm1 + 1.5 * temp2 + lambdaErr + nodeErr +
      lunisolarL + lunisolarGh + 2 * Math.PI * lunisolarI + 2 * frame.driftRad) + 1e-5;
    const rMaxEr = amMax * (1 + eL) + amErr;
    this.outOfPlane = rMaxEr * SGP4_EARTH_RADIUS_KM * (3 * temp2 + nodeErr * sinIMax + incErr + 2 * lunisolarI + lunisolarH + frame.driftRad) * MODEL_SAFETY_FACTOR + MODEL_SAFETY_KM;
    // radius about the conic at the actual direction: short-period δ, the e-vector's uncertainty, a's
    const deltaSp = amMax * (1 + eL) * 1.5 * temp2 * 2 + 0.5 * temp1;
    const deltaE = emErr + dragE + lunisolarE + eLongPeriod + eL * (argpErr + 2 * dragOmega + nodeErr + lunisolarGh + lunisolarH);
    this.radiusPadKm = (deltaSp + (2 * amMax * deltaE) / ((1 - eL) * (1 - eL)) + (1 + eL) * amErr) * SGP4_EARTH_RADIUS_KM * MODEL_SAFETY_FACTOR + MODEL_SAFETY_KM;
  }

  at(t: number, out: ModelState): void {
    const k = intervalOf(t, this.startS, this.h, this.count);
    const f = (t - this.startS) / this.h - k;
    const b = this.basis;
    const o = 9 * k;
    for (let i = 0; i < 3; i++) {
      out.x[i] = b[o + i]! + f * (b[o + 9 + i]! - b[o + i]!);
      out.y[i] = b[o + 3 + i]! + f * (b[o + 12 + i]! - b[o + 3 + i]!);
      out.n[i] = b[o + 6 + i]! + f * (b[o + 15 + i]! - b[o + 6 + i]!);
    }
    const l = this.lambda;
    out.lambda = l[k]! + f * (l[k + 1]! - l[k]!);
    out.lambdaRate = (l[k + 1]! - l[k]!) / (this.t[k + 1]! - this.t[k]!);
    const am = this.am[k]! + f * (this.am[k + 1]! - this.am[k]!);
    const e = Math.min(Math.abs(this.em[k]! + f * (this.em[k + 1]! - this.em[k]!)), 0.999);
    out.e = e;
    out.pKm = am * (1 - e * e) * SGP4_EARTH_RADIUS_KM;
    out.argPerigee = this.argp[k]! + f * (this.argp[k + 1]! - this.argp[k]!);
  }

  outOfPlaneKm(): number {
    return this.outOfPlane;
  }

  angleRad(): number {
    return this.angle;
  }

  radiusBand(): null {
    return null;
  }
}

/** Model of a primary built from its trajectory (module comment). */
export class TrajectoryOrbitModel implements OrbitModel {
  readonly startS: number;
  readonly endS: number;
  readonly radiusMinKm: number;
  readonly radiusPadKm = 0;
  private readonly count: number;
  private readonly h: number;
  private readonly normals: Float64Array;
  private readonly lambda: Float64Array;
  private readonly angle: Float64Array;
  private readonly outOfPlane: Float64Array;
  private readonly rMin: Float64Array;
  private readonly rMax: Float64Array;
  private readonly scratch = new ModelState();

  /** Radius range over the span (km), from the per-interval bands. */
  readonly radiusMaxKm: number;

  /**
   * `nonGravitationalKmS2` bounds the accelerations beyond gravity (drag, thrust): with the Earth's gravity at the
   * interval's lowest sampled radius (engine/events/motionBounds.ts), it bounds the curvature used between samples.
   */
  constructor(trajectory: Trajectory, spanS: number, nonGravitationalKmS2: number) {
    this.startS = 0;
    this.endS = spanS;
    const intervals = Math.max(1, Math.ceil(spanS / PRIMARY_NODE_SPACING_S));
    this.count = intervals + 1;
    this.h = spanS / intervals;
    this.normals = new Float64Array(3 * this.count);
    this.lambda = new Float64Array(this.count);
    this.angle = new Float64Array(intervals);
    this.outOfPlane = new Float64Array(intervals);
    this.rMin = new Float64Array(intervals);
    this.rMax = new Float64Array(intervals);
    const s = new Float64Array(6);
    // nodes: osculating normal and argument of latitude
    for (let g = 0; g < this.count; g++) {
      trajectory.stateAt(Math.min(g * this.h, spanS), s);
      const hx = s[1]! * s[5]! - s[2]! * s[4]!;
      const hy = s[2]! * s[3]! - s[0]! * s[5]!;
      const hz = s[0]! * s[4]! - s[1]! * s[3]!;
      const hn = Math.hypot(hx, hy, hz);
      this.normals[3 * g] = hx / hn;
      this.normals[3 * g + 1] = hy / hn;
      this.normals[3 * g + 2] = hz / hn;
    }
    for (let g = 0; g < this.count; g++) {
      trajectory.stateAt(Math.min(g * this.h, spanS), s);
      this.basisAtNode(g, this.scratch);
      const u = Math.atan2(dot(s, this.scratch.y), dot(s, this.scratch.x));
      if (g === 0) {
        this.lambda[g] = u;
      } else {
        // continue from the previous node with the angular rate |h|/r² over the interval
        const r2 = s[0]! * s[0]! + s[1]! * s[1]! + s[2]! * s[2]!;
        const rate = Math.hypot(s[1]! * s[5]! - s[2]! * s[4]!, s[2]! * s[3]! - s[0]! * s[5]!, s[0]! * s[4]! - s[1]! * s[3]!) / r2;
        this.lambda[g] = unwrapFrom(this.lambda[g - 1]! + rate * this.h, u);
      }
    }
    // bounds per interval from samples
    const perInterval = Math.max(2, Math.ceil(this.h / PRIMARY_SAMPLE_STEP_S));
    const m = this.scratch;
    let radiusMin = Number.POSITIVE_INFINITY;
    let radiusMax = 0;
    const states = new Float64Array(6 * (perInterval + 1));
    for (let g = 0; g < intervals; g++) {
      // the interval's states, and its acceleration bound: gravity at 0.9 of its lowest sampled radius (an orbit
      // moves < 3 % of its radius in a sample step, so the trajectory stays above that between samples)
      let lowest = Number.POSITIVE_INFINITY;
      for (let j = 0; j <= perInterval; j++) {
        const st = states.subarray(6 * j, 6 * j + 6);
        trajectory.stateAt(Math.min(g * this.h + (j * this.h) / perInterval, spanS), st);
        lowest = Math.min(lowest, Math.hypot(st[0]!, st[1]!, st[2]!));
      }
      const accelerationKmS2 = accelerationBound(0.9 * lowest, nonGravitationalKmS2);
      let angleMax = 0;
      let angleStep = 0;
      let zMax = 0;
      let rLo = Number.POSITIVE_INFINITY;
      let rHi = 0;
      let prevDev = Number.NaN;
      let prevT = 0;
      let prevZ = 0;
      let prevZDot = 0;
      let prevR = 0;
      let prevRDot = 0;
      const dt = this.h / perInterval;
      for (let j = 0; j <= perInterval; j++) {
        const t = Math.min(g * this.h + j * dt, spanS);
        s.set(states.subarray(6 * j, 6 * j + 6));
        this.at(t, m);
        const u = Math.atan2(dot(s, m.y), dot(s, m.x));
        const dev = u - m.lambda - TWO_PI * Math.round((u - m.lambda) / TWO_PI);
        angleMax = Math.max(angleMax, Math.abs(dev));
        if (!Number.isNaN(prevDev)) angleStep = Math.max(angleStep, Math.abs(dev - prevDev));
        prevDev = dev;
        const z = dot(s, m.n);
        const zDot = s[3]! * m.n[0]! + s[4]! * m.n[1]! + s[5]! * m.n[2]!;
        const r = Math.hypot(s[0]!, s[1]!, s[2]!);
        const rDot = (s[0]! * s[3]! + s[1]! * s[4]! + s[2]! * s[5]!) / r;
        const v = Math.hypot(s[3]!, s[4]!, s[5]!);
        if (j > 0) {
          const step = t - prevT;
          const zUp = parabolaUpperBound(prevZ, prevZDot, z, zDot, accelerationKmS2, step);
          const zLow = -parabolaUpperBound(-prevZ, -prevZDot, -z, -zDot, accelerationKmS2, step);
          zMax = Math.max(zMax, Math.abs(zUp), Math.abs(zLow));
          rHi = Math.max(rHi, parabolaUpperBound(prevR, prevRDot, r, rDot, (v * v) / (0.9 * Math.min(prevR, r)) + accelerationKmS2, step));
          rLo = Math.min(rLo, -parabolaUpperBound(-prevR, -prevRDot, -r, -rDot, accelerationKmS2, step));
        }
        prevT = t;
        prevZ = z;
        prevZDot = zDot;
        prevR = r;
        prevRDot = rDot;
      }
      this.angle[g] = angleMax + angleStep;
      this.outOfPlane[g] = zMax;
      this.rMin[g] = rLo;
      this.rMax[g] = rHi;
      radiusMin = Math.min(radiusMin, rLo);
      radiusMax = Math.max(radiusMax, rHi);
    }
    this.radiusMinKm = radiusMin;
    this.radiusMaxKm = radiusMax;
  }

  /** Basis of the (normalised, interpolated) normal stored in `out.n`. */
  private basis(out: ModelState): void {
    const n = out.n;
    // x̂ = ẑ × n / |ẑ × n| = (−n_y, n_x, 0)/…; an equatorial plane takes x̂ = X
    const c = Math.hypot(n[0]!, n[1]!);
    if (c < 1e-12) {
      out.x[0] = 1;
      out.x[1] = 0;
    } else {
      out.x[0] = -n[1]! / c;
      out.x[1] = n[0]! / c;
    }
    out.x[2] = 0;
    out.y[0] = n[1]! * out.x[2]! - n[2]! * out.x[1]!;
    out.y[1] = n[2]! * out.x[0]! - n[0]! * out.x[2]!;
    out.y[2] = n[0]! * out.x[1]! - n[1]! * out.x[0]!;
  }

  private basisAtNode(g: number, out: ModelState): void {
    out.n[0] = this.normals[3 * g]!;
    out.n[1] = this.normals[3 * g + 1]!;
    out.n[2] = this.normals[3 * g + 2]!;
    this.basis(out);
  }

  at(t: number, out: ModelState): void {
    const k = intervalOf(t, 0, this.h, this.count);
    const f = t / this.h - k;
    const a = 3 * k;
    const nx = this.normals[a]! + f * (this.normals[a + 3]! - this.normals[a]!);
    const ny = this.normals[a + 1]! + f * (this.normals[a + 4]! - this.normals[a + 1]!);
    const nz = this.normals[a + 2]! + f * (this.normals[a + 5]! - this.normals[a + 2]!);
    const nn = Math.hypot(nx, ny, nz);
    out.n[0] = nx / nn;
    out.n[1] = ny / nn;
    out.n[2] = nz / nn;
    this.basis(out);
    out.lambda = this.lambda[k]! + f * (this.lambda[k + 1]! - this.lambda[k]!);
    out.lambdaRate = (this.lambda[k + 1]! - this.lambda[k]!) / this.h;
    out.pKm = 0;
    out.e = 0;
    out.argPerigee = 0;
  }

  private range(from: number, to: number): [number, number] {
    const last = this.angle.length - 1;
    const a = Math.max(0, Math.min(last, Math.floor(from / this.h)));
    const b = Math.max(0, Math.min(last, Math.floor(to / this.h)));
    return [a, b];
  }

  outOfPlaneKm(from: number, to: number): number {
    const [a, b] = this.range(from, to);
    let m = 0;
    for (let g = a; g <= b; g++) m = Math.max(m, this.outOfPlane[g]!);
    return m;
  }

  angleRad(from: number, to: number): number {
    const [a, b] = this.range(from, to);
    let m = 0;
    for (let g = a; g <= b; g++) m = Math.max(m, this.angle[g]!);
    return m;
  }

  radiusBand(from: number, to: number): [number, number] {
    const [a, b] = this.range(from, to);
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    for (let g = a; g <= b; g++) {
      lo = Math.min(lo, this.rMin[g]!);
      hi = Math.max(hi, this.rMax[g]!);
    }
    return [lo, hi];
  }
}

function rotateInto(m: Float64Array, x: number, y: number, z: number, out: Float64Array, o = 0): void {
  out[o] = m[0]! * x + m[1]! * y + m[2]! * z;
  out[o + 1] = m[3]! * x + m[4]! * y + m[5]! * z;
  out[o + 2] = m[6]! * x + m[7]! * y + m[8]! * z;
}

/**
 * The constant TEME → GCRF rotation the SGP4 models use over [0, spanS] (the one at mid-span) and the largest angle
 * between it and the rotation at any instant of the span (checked at the table's nodes, linear in between).
 */
export function spanTemeRotation(table: { rotationAt(tS: number, out: Float64Array): void }, spanS: number): { rotation: Float64Array; driftRad: number } {
  const rotation = new Float64Array(9);
  table.rotationAt(0.5 * spanS, rotation);
  const other = new Float64Array(9);
  let drift = 0;
  for (let t = 0; t <= spanS + 1; t += 1800) {
    table.rotationAt(Math.min(t, spanS), other);
    // the angle of R₁ᵀR₂ from its trace
    let trace = 0;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) trace += rotation[3 * j + i]! * other[3 * j + i]!;
    drift = Math.max(drift, Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2))));
  }
  return { rotation, driftRad: drift + 1e-7 };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
