/**
 * Concrete `EarthEnvironment`s over engine/frames (IERS 2010 CIO-based GCRF→ITRF with EOP) and engine/bodies
 * (analytic Sun and Moon).
 *
 * `InterpolatedEarthEnvironment` (the propagator's default) makes the per-evaluation cost a few hundred flops:
 *  - The celestial-to-intermediate matrix C(t) = C2I(X + dX, Y + dY, s) (IAU 2006/2000A, 1365-term nutation) varies
 *    slowly (fastest nutation terms have periods ≥ 5.6 d at the ≤ 0.1 mas level, precession is secular), so it is
 *    computed exactly at nodes every `nodeSpacingS` (default 3 h) and interpolated with an 8-point Lagrange
 *    polynomial (error bound ∝ (ω·h)^8/8!, far below 1 µas; measured in test/engine/propagation/environment.test.ts).
 *  - The Earth rotation angle is linear in UT1 (IERS 2010 eq. 5.15), so ERA(t) = ERA(0) + 2π·1.00273781191135448·
 *    (ΔUT1(t))/86400 is exact; UT1 − TAI and LOD (cubic between the EOP table's daily rows, engine/frames/eop.ts) take
 *    the same 8-point Lagrange weights as C: 4e-12 rad from the direct model (linear between the nodes was 2.4e-11).
 *  - W(t) (polar motion with s') is interpolated linearly between nodes (it is linear in x_p, y_p to 1e-12, and
 *    the pole's curvature over 3 h is ~1e-12 rad).
 *  - Sun and Moon GCRF positions are sampled at the same nodes and Lagrange-interpolated (8 points).
 * The nodes cover the requested span plus four node spacings on each side, so integrator stages near the ends
 * never extrapolate; evaluation outside that range throws `EnvironmentRangeError`.
 *
 * `DirectEarthEnvironment` evaluates the full models at every call (reference for tests; ~10 µs per rotation).
 */
import type { Epoch } from '../time/epoch.ts';
import type { EarthEnvironment } from '../forces/types.ts';
import type { EopValues } from '../frames/eop.ts';
import {
  Iers2010Workspace,
  earthRotationAngleRad,
  earthRotationRateRadPerS,
  gcrfToItrfMatrix,
  gcrfToTirsMatrix,
  polarMotionMatrix,
  tioLocatorRad,
} from '../frames/iers2010.ts';
import { ARCSEC_TO_RAD } from '../math/angles.ts';
import { rotateZInPlace } from '../math/mat3.ts';
import { moonPositionGcrfKm, sunPositionGcrfKm } from '../bodies/sunMoon.ts';
import { EnvironmentRangeError } from '../forces/errors.ts';

/** Anything that gives EOP at an epoch (engine/frames `EopTable` does). */
export interface EopSource {
  at(epoch: Epoch): EopValues;
}

/** d(ERA)/d(UT1 seconds), rad/s (IERS 2010 eq. 5.15). */
const ERA_RATE_RAD_PER_UT1_S = (2 * Math.PI * 1.00273781191135448) / 86400;
const STENCIL = 8;
const HALF = STENCIL / 2;

export interface InterpolatedEnvironmentOptions {
  /** Epoch of t = 0. */
  readonly epoch: Epoch;
  /** Span to cover, seconds from the epoch (either order). */
  readonly startS: number;
  readonly endS: number;
  readonly eop: EopSource;
  /** Node spacing (s), default 10800 (3 h). */
  readonly nodeSpacingS?: number;
}

export class InterpolatedEarthEnvironment implements EarthEnvironment {
  readonly epoch: Epoch;
  readonly nodeSpacingS: number;
  readonly firstNodeS: number;
  readonly nodeCount: number;
  private readonly c: Float64Array; // 9 per node
  private readonly w: Float64Array; // 9 per node
  private readonly ut1MinusTai: Float64Array;
  private readonly lod: Float64Array;
  private readonly sun: Float64Array; // 3 per node, m
  private readonly moon: Float64Array;
  private readonly era0: number;
  private readonly ut1MinusTai0: number;
  private readonly lagDen: Float64Array;
  // per-t cache
  private cachedT = Number.NaN;
  private i0 = 0;
  private frac = 0;
  private readonly weights = new Float64Array(STENCIL);
  private readonly cTmp = new Float64Array(9);

  constructor(opts: InterpolatedEnvironmentOptions) {
    const h = opts.nodeSpacingS ?? 10800;
    this.epoch = opts.epoch;
    this.nodeSpacingS = h;
    const lo = Math.min(opts.startS, opts.endS);
    const hi = Math.max(opts.startS, opts.endS);
    // Nodes fall on UTC multiples of h from 0h (h divides a day by default), so the daily EOP rows, where the
    // piecewise-cubic EOP interpolation changes stencil, coincide with nodes.
    const phase = ((opts.epoch.label('UTC').seconds % h) + h) % h;
    const first = Math.floor((lo + phase) / h) - HALF;
    const last = Math.ceil((hi + phase) / h) + HALF;
    this.firstNodeS = first * h - phase;
    const n = last - first + 1;
    this.nodeCount = n;
    this.c = new Float64Array(9 * n);
    this.w = new Float64Array(9 * n);
    this.ut1MinusTai = new Float64Array(n);
    this.lod = new Float64Array(n);
    this.sun = new Float64Array(3 * n);
    this.moon = new Float64Array(3 * n);
    const ws = new Iers2010Workspace();
    const m = new Float64Array(9);
    const tmp3 = new Float64Array(3);
    for (let k = 0; k < n; k++) {
      const t = this.firstNodeS + k * h;
      const ep = opts.epoch.plusSeconds(t);
      const eop = opts.eop.at(ep);
      const tt = ep.julianDate('TT');
      const ut1 = ep.julianDateUt1(eop.dut1Seconds);
      gcrfToTirsMatrix(m, tt.jd1, tt.jd2, ut1.jd1, ut1.jd2, eop.dxArcsec, eop.dyArcsec, ws);
      rotateZInPlace(-earthRotationAngleRad(ut1.jd1, ut1.jd2), m); // strip ERA: C = R3(−ERA)·R3(ERA)·C
      this.c.set(m, 9 * k);
      polarMotionMatrix(eop.xpArcsec * ARCSEC_TO_RAD, eop.ypArcsec * ARCSEC_TO_RAD, tioLocatorRad(tt.jd1, tt.jd2), m);
      this.w.set(m, 9 * k);
      this.ut1MinusTai[k] = eop.dut1Seconds - ep.taiMinusUtcSeconds();
      this.lod[k] = eop.lodSeconds;
      sunPositionGcrfKm(tt.jd1, tt.jd2, tmp3);
      for (let j = 0; j < 3; j++) this.sun[3 * k + j] = tmp3[j]! * 1000;
      moonPositionGcrfKm(tt.jd1, tt.jd2, tmp3);
      for (let j = 0; j < 3; j++) this.moon[3 * k + j] = tmp3[j]! * 1000;
    }
    const eop0 = opts.eop.at(opts.epoch);
    const ut10 = opts.epoch.julianDateUt1(eop0.dut1Seconds);
    this.era0 = earthRotationAngleRad(ut10.jd1, ut10.jd2);
    this.ut1MinusTai0 = eop0.dut1Seconds - opts.epoch.taiMinusUtcSeconds();
    this.lagDen = new Float64Array(STENCIL);
    for (let j = 0; j < STENCIL; j++) {
      let d = 1;
      for (let l = 0; l < STENCIL; l++) if (l !== j) d *= j - l;
      this.lagDen[j] = 1 / d;
    }
  }

  /** Node bracket, linear fraction and Lagrange weights for t (cached for repeated calls at one t). */
  private prepare(t: number): void {
    if (t === this.cachedT) return;
    const u = (t - this.firstNodeS) / this.nodeSpacingS;
    const k = Math.floor(u);
    if (!(k >= HALF - 1 && k <= this.nodeCount - HALF - 1)) {
      throw new EnvironmentRangeError(t, this.firstNodeS + (HALF - 1) * this.nodeSpacingS, this.firstNodeS + (this.nodeCount - HALF) * this.nodeSpacingS);
    }
    this.frac = u - k;
    const i0 = k - HALF + 1;
    this.i0 = i0;
    const x = u - i0; // in [HALF−1, HALF)
    const wts = this.weights;
    // w_j = Π_{l≠j}(x − l) / Π_{l≠j}(j − l)
    let all = 1;
    let exact = -1;
    for (let l = 0; l < STENCIL; l++) {
      const d = x - l;
      if (d === 0) exact = l;
      all *= d;
    }
    if (exact >= 0) {
      wts.fill(0);
      wts[exact] = 1;
    } else {
      for (let j = 0; j < STENCIL; j++) wts[j] = (all / (x - j)) * this.lagDen[j]!;
    }
    this.cachedT = t;
  }

  gcrfToItrf(tSeconds: number, out: Float64Array): void {
    this.prepare(tSeconds);
    const wts = this.weights;
    // the 8 weights in locals, each sum written out in the order j = 0..7 of the loop it replaces (same value): this
    // runs at every force evaluation
    const w0 = wts[0]!;
    const w1 = wts[1]!;
    const w2 = wts[2]!;
    const w3 = wts[3]!;
    const w4 = wts[4]!;
    const w5 = wts[5]!;
    const w6 = wts[6]!;
    const w7 = wts[7]!;
    const base = this.i0 * 9;
    const c = this.c;
    const C = this.cTmp;
    for (let e = 0; e < 9; e++) {
      const b = base + e;
      C[e] = 0 + w0 * c[b]! + w1 * c[b + 9]! + w2 * c[b + 18]! + w3 * c[b + 27]! + w4 * c[b + 36]! + w5 * c[b + 45]! + w6 * c[b + 54]! + w7 * c[b + 63]!;
    }
    const k = this.i0 + HALF - 1;
    const f = this.frac;
    const d = this.ut1MinusTai;
    const i0 = this.i0;
    const ut1mTai = 0 + w0 * d[i0]! + w1 * d[i0 + 1]! + w2 * d[i0 + 2]! + w3 * d[i0 + 3]! + w4 * d[i0 + 4]! + w5 * d[i0 + 5]! + w6 * d[i0 + 6]! + w7 * d[i0 + 7]!;
    const era = this.era0 + ERA_RATE_RAD_PER_UT1_S * (tSeconds + ut1mTai - this.ut1MinusTai0);
    const ce = Math.cos(era);
    const se = Math.sin(era);
    // T = R3(ERA)·C, R3 = [[c, s, 0], [−s, c, 0], [0, 0, 1]]
    const t0 = ce * C[0]! + se * C[3]!;
    const t1 = ce * C[1]! + se * C[4]!;
    const t2 = ce * C[2]! + se * C[5]!;
    const t3 = -se * C[0]! + ce * C[3]!;
    const t4 = -se * C[1]! + ce * C[4]!;
    const t5 = -se * C[2]! + ce * C[5]!;
    const t6 = C[6]!;
    const t7 = C[7]!;
    const t8 = C[8]!;
    // out = W·T, W linear between nodes
    const w = this.w;
    const a = 9 * k;
    const b = a + 9;
    for (let r = 0; r < 3; r++) {
      const w0 = w[a + 3 * r]! + f * (w[b + 3 * r]! - w[a + 3 * r]!);
      const w1 = w[a + 3 * r + 1]! + f * (w[b + 3 * r + 1]! - w[a + 3 * r + 1]!);
      const w2 = w[a + 3 * r + 2]! + f * (w[b + 3 * r + 2]! - w[a + 3 * r + 2]!);
      out[3 * r] = w0 * t0 + w1 * t3 + w2 * t6;
      out[3 * r + 1] = w0 * t1 + w1 * t4 + w2 * t7;
      out[3 * r + 2] = w0 * t2 + w1 * t5 + w2 * t8;
    }
  }

  earthAngularVelocityRadS(tSeconds: number): number {
    this.prepare(tSeconds);
    const k = this.i0 + HALF - 1;
    const wts = this.weights;
    let lod = 0;
    for (let j = 0; j < STENCIL; j++) lod += wts[j]! * this.lod[this.i0 + j]!;
    return earthRotationRateRadPerS(lod);
  }

  private interp3(table: Float64Array, t: number, out: Float64Array): void {
    this.prepare(t);
    const wts = this.weights;
    const w0 = wts[0]!;
    const w1 = wts[1]!;
    const w2 = wts[2]!;
    const w3 = wts[3]!;
    const w4 = wts[4]!;
    const w5 = wts[5]!;
    const w6 = wts[6]!;
    const w7 = wts[7]!;
    // as gcrfToItrf: the sums over j = 0..7 written out, in order
    for (let e = 0; e < 3; e++) {
      const b = this.i0 * 3 + e;
      out[e] = 0 + w0 * table[b]! + w1 * table[b + 3]! + w2 * table[b + 6]! + w3 * table[b + 9]! + w4 * table[b + 12]! + w5 * table[b + 15]! + w6 * table[b + 18]! + w7 * table[b + 21]!;
    }
  }

  sunPositionGcrfM(tSeconds: number, out3: Float64Array): void {
    this.interp3(this.sun, tSeconds, out3);
  }

  moonPositionGcrfM(tSeconds: number, out3: Float64Array): void {
    this.interp3(this.moon, tSeconds, out3);
  }
}

/** Full models at every call: the reference the interpolated environment is tested against. */
export class DirectEarthEnvironment implements EarthEnvironment {
  readonly epoch: Epoch;
  private readonly eop: EopSource;
  private readonly ws = new Iers2010Workspace();
  private readonly tmp3 = new Float64Array(3);

  constructor(epoch: Epoch, eop: EopSource) {
    this.epoch = epoch;
    this.eop = eop;
  }

  gcrfToItrf(tSeconds: number, out: Float64Array): void {
    const ep = this.epoch.plusSeconds(tSeconds);
    const eop = this.eop.at(ep);
    const tt = ep.julianDate('TT');
    const ut1 = ep.julianDateUt1(eop.dut1Seconds);
    gcrfToItrfMatrix(out, tt.jd1, tt.jd2, ut1.jd1, ut1.jd2, eop, this.ws);
  }

  earthAngularVelocityRadS(tSeconds: number): number {
    return earthRotationRateRadPerS(this.eop.at(this.epoch.plusSeconds(tSeconds)).lodSeconds);
  }

  sunPositionGcrfM(tSeconds: number, out3: Float64Array): void {
    const tt = this.epoch.plusSeconds(tSeconds).julianDate('TT');
    sunPositionGcrfKm(tt.jd1, tt.jd2, this.tmp3);
    for (let j = 0; j < 3; j++) out3[j] = this.tmp3[j]! * 1000;
  }

  moonPositionGcrfM(tSeconds: number, out3: Float64Array): void {
    const tt = this.epoch.plusSeconds(tSeconds).julianDate('TT');
    moonPositionGcrfKm(tt.jd1, tt.jd2, this.tmp3);
    for (let j = 0; j < 3; j++) out3[j] = this.tmp3[j]! * 1000;
  }
}
