/**
 * Reference frames and transforms between any pair of them (Orekit's frames package in miniature).
 *
 * Every frame F is related to GCRF by a rotation R_F and, for Earth-fixed frames, its rate:
 *   r_F = R_F · r_GCRF,     v_F = R_F · v_GCRF + Ṙ_F · r_GCRF.
 * Inertial-type frames (EME2000, MOD, TOD, TEME) have Ṙ_F = 0: precession/nutation rates are ignored, as in
 * Vallado 4th ed. §3.7 and the reference oracle (≤ 0.05 mm/s in LEO, 0.3 mm/s at GEO). Earth-fixed frames
 * rotate with ω = 7.292115146706979e-5·(1 − LOD/86400) rad/s about their z axis, so
 *   Ṙ_PEF = −[ω×]·R_PEF and Ṙ_ITRF = W·Ṙ_PEF.
 * A transform A → B is then r_B = M r_A, v_B = M v_A + N r_A with M = R_B R_Aᵀ and N = (Ṙ_B − M Ṙ_A) R_Aᵀ.
 *
 * Models (reference README §1):
 *   EME2000       B·GCRF, IAU 2000 frame bias (ERFA bp00).
 *   MOD           P76·B (IAU 1976 precession).
 *   TOD           N80(Δψ + δΔψ, Δε + δΔε)·MOD (IAU 1980 nutation, 106 terms, EOP corrections).
 *   TEME          R3(EqE94)·TOD (Vallado et al. 2006, AIAA 2006-6753 App. C: what SGP4 works in).
 *   PEF           R3(GMST82 + EqE94)·TOD (IAU-76/FK5 pseudo Earth-fixed).
 *   ITRF_IAU1980  W(xp, yp, 0)·PEF (IAU-76/FK5 Earth-fixed, for consistency checks).
 *   TIRS          R3(ERA)·C2I(X + dX, Y + dY, s) (IERS 2010).
 *   ITRF          W(xp, yp, s')·TIRS (IERS 2010, the working Earth-fixed frame).
 */
import { ARCSEC_TO_RAD } from '../math/angles.ts';
import {
  type Mat3,
  mat3Multiply,
  mat3MultiplyTransposeB,
  rotateZInPlace,
  setIdentity,
} from '../math/mat3.ts';
import {
  equationOfEquinoxes1994Rad,
  frameBiasMatrix,
  gmst1982Rad,
  meanObliquityIau1980Rad,
  nutationIau1980,
  nutationMatrix,
  precessionIau1976Matrix,
} from './iau1980.ts';
import {
  Iers2010Workspace,
  earthRotationRateRadPerS,
  gcrfToTirsMatrix,
  polarMotionMatrix,
  tioLocatorRad,
} from './iers2010.ts';

export const FRAME_IDS = ['GCRF', 'EME2000', 'MOD', 'TOD', 'TEME', 'PEF', 'ITRF_IAU1980', 'TIRS', 'ITRF'] as const;
export type FrameId = (typeof FRAME_IDS)[number];

/** Earth-fixed frames (velocity includes the Earth rotation). */
export function isEarthFixed(frame: FrameId): boolean {
  return frame === 'PEF' || frame === 'ITRF_IAU1980' || frame === 'TIRS' || frame === 'ITRF';
}

/** Common aliases accepted by `parseFrameId` (CCSDS names, oracle aliases). */
const FRAME_ALIASES: Record<string, FrameId> = {
  GCRF: 'GCRF', GCRS: 'GCRF', ICRF: 'GCRF',
  EME2000: 'EME2000', J2000: 'EME2000', EME2K: 'EME2000',
  MOD: 'MOD', TOD: 'TOD', TEME: 'TEME', PEF: 'PEF',
  TIRS: 'TIRS', ITRF: 'ITRF', ITRS: 'ITRF', ITRF2014: 'ITRF', ITRF2020: 'ITRF', ECEF: 'ITRF',
  ITRF_IAU1980: 'ITRF_IAU1980', ITRF93: 'ITRF_IAU1980',
};

/** Frame id from a (case-insensitive) name or alias; throws a RangeError naming the valid ids. */
export function parseFrameId(name: string): FrameId {
  const id = FRAME_ALIASES[name.trim().toUpperCase()];
  if (id === undefined) {
    throw new RangeError(`unknown reference frame "${name}"; expected one of ${FRAME_IDS.join(', ')}`);
  }
  return id;
}

/** Earth orientation values the frames need (a structural subset of eop.ts `EopValues`). */
export interface FrameEop {
  readonly xpArcsec: number;
  readonly ypArcsec: number;
  readonly lodSeconds: number;
  readonly dxArcsec: number;
  readonly dyArcsec: number;
  readonly ddPsiArcsec: number;
  readonly ddEpsArcsec: number;
}

/** All-zero EOP: what inertial conversions and TEME (Orekit's `getTEME()`) use when no EOP is given. */
export const ZERO_FRAME_EOP: FrameEop = Object.freeze({
  xpArcsec: 0, ypArcsec: 0, lodSeconds: 0, dxArcsec: 0, dyArcsec: 0, ddPsiArcsec: 0, ddEpsArcsec: 0,
});

/** Two-part TT and UT1 Julian dates of one instant. */
export interface FrameTimes {
  readonly ttJd1: number;
  readonly ttJd2: number;
  readonly ut1Jd1: number;
  readonly ut1Jd2: number;
}

/**
 * A rigid transform between two frames at one instant: r_to = M·r_from, v_to = M·v_from + N·r_from.
 * Build once per epoch (`buildTransformAt`, `buildTransform` in index.ts) and apply to many states; applying
 * allocates nothing.
 */
export class FrameTransform {
  /** Rotation M, row-major 3x3. */
  readonly rotation: Float64Array;
  /** Rate term N = dM/dt (1/s), row-major 3x3; zero between non-rotating frames. */
  readonly rotationRate: Float64Array;

  constructor(readonly from: FrameId, readonly to: FrameId, rotation: Float64Array, rotationRate: Float64Array) {
    this.rotation = rotation;
    this.rotationRate = rotationRate;
  }

  /** out[o..o+3] ← M·in[i..i+3] (km in, km out). `out` may be `input` at the same offset. */
  applyPosition(input: ArrayLike<number>, out: Float64Array | number[], inOffset = 0, outOffset = 0): void {
    const m = this.rotation;
    const x = input[inOffset], y = input[inOffset + 1], z = input[inOffset + 2];
    out[outOffset] = m[0] * x + m[1] * y + m[2] * z;
    out[outOffset + 1] = m[3] * x + m[4] * y + m[5] * z;
    out[outOffset + 2] = m[6] * x + m[7] * y + m[8] * z;
  }

  /**
   * Position and velocity: in[i..i+6] = (x, y, z, vx, vy, vz) in km and km/s → out[o..o+6].
   * `out` may be `input` at the same offset.
   */
  applyPositionVelocity(input: ArrayLike<number>, out: Float64Array | number[], inOffset = 0, outOffset = 0): void {
    const m = this.rotation;
    const n = this.rotationRate;
    const x = input[inOffset], y = input[inOffset + 1], z = input[inOffset + 2];
    const vx = input[inOffset + 3], vy = input[inOffset + 4], vz = input[inOffset + 5];
    out[outOffset] = m[0] * x + m[1] * y + m[2] * z;
    out[outOffset + 1] = m[3] * x + m[4] * y + m[5] * z;
    out[outOffset + 2] = m[6] * x + m[7] * y + m[8] * z;
    out[outOffset + 3] = m[0] * vx + m[1] * vy + m[2] * vz + n[0] * x + n[1] * y + n[2] * z;
    out[outOffset + 4] = m[3] * vx + m[4] * vy + m[5] * vz + n[3] * x + n[4] * y + n[5] * z;
    out[outOffset + 5] = m[6] * vx + m[7] * vy + m[8] * vz + n[6] * x + n[7] * y + n[8] * z;
  }

  /** Applies to `count` packed 6-element states (stride 6) from `input` into `out`. */
  applyPositionVelocityMany(input: Float64Array, out: Float64Array, count: number): void {
    const m0 = this.rotation[0], m1 = this.rotation[1], m2 = this.rotation[2];
    const m3 = this.rotation[3], m4 = this.rotation[4], m5 = this.rotation[5];
    const m6 = this.rotation[6], m7 = this.rotation[7], m8 = this.rotation[8];
    const n0 = this.rotationRate[0], n1 = this.rotationRate[1], n2 = this.rotationRate[2];
    const n3 = this.rotationRate[3], n4 = this.rotationRate[4], n5 = this.rotationRate[5];
    const n6 = this.rotationRate[6], n7 = this.rotationRate[7], n8 = this.rotationRate[8];
    for (let k = 0, o = 0; k < count; k++, o += 6) {
      const x = input[o], y = input[o + 1], z = input[o + 2];
      const vx = input[o + 3], vy = input[o + 4], vz = input[o + 5];
      out[o] = m0 * x + m1 * y + m2 * z;
      out[o + 1] = m3 * x + m4 * y + m5 * z;
      out[o + 2] = m6 * x + m7 * y + m8 * z;
      out[o + 3] = m0 * vx + m1 * vy + m2 * vz + n0 * x + n1 * y + n2 * z;
      out[o + 4] = m3 * vx + m4 * vy + m5 * vz + n3 * x + n4 * y + n5 * z;
      out[o + 5] = m6 * vx + m7 * vy + m8 * vz + n6 * x + n7 * y + n8 * z;
    }
  }

  /** The inverse transform (to → from): M' = Mᵀ, N' = −Mᵀ N Mᵀ. */
  inverse(): FrameTransform {
    const mt = new Float64Array(9);
    const m = this.rotation;
    mt[0] = m[0]; mt[1] = m[3]; mt[2] = m[6];
    mt[3] = m[1]; mt[4] = m[4]; mt[5] = m[7];
    mt[6] = m[2]; mt[7] = m[5]; mt[8] = m[8];
    const tmp = mat3Multiply(new Float64Array(9), mt, this.rotationRate);
    const nInv = mat3Multiply(new Float64Array(9), tmp, mt);
    for (let i = 0; i < 9; i++) nInv[i] = -nInv[i] + 0; // + 0 turns −0 into 0
    return new FrameTransform(this.to, this.from, mt, nInv);
  }
}

/** Rotation R_F and rate Ṙ_F of frame F relative to GCRF. */
interface FrameRelation {
  readonly r: Float64Array;
  readonly rDot: Float64Array;
}

/** Lazily computed pieces shared by the frames of one instant. */
class EpochContext {
  private iau1980?: { mod: Mat3; tod: Mat3; teme: Mat3; pef: Mat3 };
  private tirs?: Mat3;

  constructor(readonly times: FrameTimes, readonly eop: FrameEop, readonly ws: Iers2010Workspace | undefined) {}

  /** MOD, TOD, TEME and PEF of the IAU-76/FK5 chain (Vallado 4th ed. §3.7, reference README §1 iau1980). */
  fk5(): { mod: Mat3; tod: Mat3; teme: Mat3; pef: Mat3 } {
    if (this.iau1980 === undefined) {
      const { ttJd1, ttJd2, ut1Jd1, ut1Jd2 } = this.times;
      const bias = frameBiasMatrix(new Float64Array(9));
      const mod = mat3Multiply(new Float64Array(9), precessionIau1976Matrix(ttJd1, ttJd2, new Float64Array(9)), bias);
      const nut = nutationIau1980(ttJd1, ttJd2, new Float64Array(2));
      const epsA = meanObliquityIau1980Rad(ttJd1, ttJd2);
      const dpsi = nut[0] + this.eop.ddPsiArcsec * ARCSEC_TO_RAD;
      const deps = nut[1] + this.eop.ddEpsArcsec * ARCSEC_TO_RAD;
      const tod = mat3Multiply(new Float64Array(9), nutationMatrix(epsA, dpsi, deps, new Float64Array(9)), mod);
      // IAU 1994 equation of the equinoxes with the corrected Δψ (ERFA eqeq94 + δΔψ·cos εA).
      const eqe = equationOfEquinoxes1994Rad(ttJd1, ttJd2, dpsi, epsA);
      const teme = rotateZInPlace(eqe, Float64Array.from(tod));
      const pef = rotateZInPlace(gmst1982Rad(ut1Jd1, ut1Jd2), Float64Array.from(teme));
      this.iau1980 = { mod, tod, teme, pef };
    }
    return this.iau1980;
  }

  /** GCRF → TIRS of the IERS 2010 chain. */
  tirsMatrix(): Mat3 {
    if (this.tirs === undefined) {
      const { ttJd1, ttJd2, ut1Jd1, ut1Jd2 } = this.times;
      this.tirs = gcrfToTirsMatrix(new Float64Array(9), ttJd1, ttJd2, ut1Jd1, ut1Jd2, this.eop.dxArcsec,
        this.eop.dyArcsec, this.ws);
    }
    return this.tirs;
  }

  relation(frame: FrameId): FrameRelation {
    const zero = new Float64Array(9);
    switch (frame) {
      case 'GCRF':
        return { r: setIdentity(new Float64Array(9)), rDot: zero };
      case 'EME2000':
        return { r: frameBiasMatrix(new Float64Array(9)), rDot: zero };
      case 'MOD':
        return { r: this.fk5().mod, rDot: zero };
      case 'TOD':
        return { r: this.fk5().tod, rDot: zero };
      case 'TEME':
        return { r: this.fk5().teme, rDot: zero };
      case 'PEF':
        return earthFixed(this.fk5().pef, undefined, this.eop.lodSeconds);
      case 'ITRF_IAU1980':
        return earthFixed(this.fk5().pef, polarMotionMatrix(this.eop.xpArcsec * ARCSEC_TO_RAD,
          this.eop.ypArcsec * ARCSEC_TO_RAD, 0, new Float64Array(9)), this.eop.lodSeconds);
      case 'TIRS':
        return earthFixed(this.tirsMatrix(), undefined, this.eop.lodSeconds);
      case 'ITRF': {
        const { ttJd1, ttJd2 } = this.times;
        const w = polarMotionMatrix(this.eop.xpArcsec * ARCSEC_TO_RAD, this.eop.ypArcsec * ARCSEC_TO_RAD,
          tioLocatorRad(ttJd1, ttJd2), new Float64Array(9));
        return earthFixed(this.tirsMatrix(), w, this.eop.lodSeconds);
      }
    }
  }
}

/**
 * Rotation and rate of an Earth-fixed frame from the GCRF→PEF/TIRS matrix R and optional polar motion W:
 * R_F = W·R, Ṙ_F = −W·[ω×]·R with [ω×] = [[0, −ω, 0], [ω, 0, 0], [0, 0, 0]] (reference README §1).
 */
function earthFixed(rPef: Mat3, w: Mat3 | undefined, lodSeconds: number): FrameRelation {
  const omega = earthRotationRateRadPerS(lodSeconds);
  // −[ω×]·R: row0 = ω·R_row1, row1 = −ω·R_row0, row2 = 0
  const d = new Float64Array(9);
  d[0] = omega * rPef[3]; d[1] = omega * rPef[4]; d[2] = omega * rPef[5];
  d[3] = -omega * rPef[0]; d[4] = -omega * rPef[1]; d[5] = -omega * rPef[2];
  if (w === undefined) return { r: rPef, rDot: d };
  return { r: mat3Multiply(new Float64Array(9), w, rPef), rDot: mat3Multiply(d, w, d) };
}

/**
 * Transform from frame `from` to frame `to` at the instant `times` with Earth orientation `eop` (pure
 * function of numbers). Inertial pairs only evaluate the models they need: GCRF↔TEME costs the IAU 1980
 * series (106 terms) and never touches UT1 or polar motion; anything with TIRS/ITRF evaluates the
 * IERS 2010 chain once. `ws` lets repeated builds reuse the nutation scratch memory.
 */
export function buildTransformAt(
  from: FrameId,
  to: FrameId,
  times: FrameTimes,
  eop: FrameEop = ZERO_FRAME_EOP,
  ws?: Iers2010Workspace,
): FrameTransform {
  const ctx = new EpochContext(times, eop, ws);
  if (from === 'GCRF') {
    // M = R_B, N = Ṙ_B
    const b = ctx.relation(to);
    return new FrameTransform(from, to, b.r, b.rDot);
  }
  const a = ctx.relation(from);
  const b = ctx.relation(to);
  // M = R_B R_Aᵀ ; N = (Ṙ_B − M Ṙ_A) R_Aᵀ
  const m = mat3MultiplyTransposeB(new Float64Array(9), b.r, a.r);
  const mRa = mat3Multiply(new Float64Array(9), m, a.rDot);
  for (let i = 0; i < 9; i++) mRa[i] = b.rDot[i] - mRa[i];
  const n = mat3MultiplyTransposeB(mRa, mRa, a.r);
  return new FrameTransform(from, to, m, n);
}
