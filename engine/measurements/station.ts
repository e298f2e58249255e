/**
 * Ground stations for the measurement models: the ITRF position with its WGS84 geodetic coordinates and topocentric
 * axes, and the station's GCRF position, velocity and acceleration at any instant.
 *
 * Stations are fixed in ITRF (no tides, plate motion or antenna offsets, as the reference scenarios). In GCRF
 *   r = Rᵀ p,   v = Rᵀ (w × p) + Ω × r,   a = Rᵀ (w × (w × p)),   w = ω·k_ITRF,
 * with R = W·R3(ERA)·C the propagator's GCRF→ITRF rotation (IERS 2010 with EOP,
 * `engine/propagation/earthEnvironment.ts`), ω the LOD-corrected Earth rotation rate, k_ITRF = W·ẑ the Celestial
 * Intermediate Pole expressed in ITRF (W the polar-motion matrix, IERS 2010 eq. 5.3) and Ω the angular velocity of
 * the celestial intermediate frame (C, precession–nutation) in GCRF. This is Ṙᵀp with the polar-motion rate left
 * out (as Orekit's ITRF transform does; ~1e-12 rad/s). Ω is up to 3.4e-12 rad/s, 0.04 mm/s at a station: it is in
 * Orekit's CIRF transform, so its range rates carry it. The Ω terms of the acceleration (~1e-9 m/s²) are left out.
 */
import { cartesianToGeodetic } from '../bodies/ellipsoid.ts';
import type { EarthEnvironment } from '../forces/types.ts';
import type { EopValues } from '../frames/eop.ts';
import { earthRotationAngleRad, gcrfToTirsMatrix, Iers2010Workspace, polarMotionMatrix, tioLocatorRad } from '../frames/iers2010.ts';
import { ARCSEC_TO_RAD } from '../math/angles.ts';
import { rotateZInPlace } from '../math/mat3.ts';
import type { Epoch } from '../time/epoch.ts';
import type { StationInput } from './types.ts';

/** A validated station, SI units, with its topocentric axes in ITRF. */
export interface GroundStation {
  readonly id: string;
  readonly name: string;
  readonly positionItrfM: Float64Array;
  readonly latitudeRad: number;
  readonly longitudeRad: number;
  readonly heightM: number;
  /** East, North, Zenith (WGS84 geodetic normal) unit vectors in ITRF, 3 each. */
  readonly east: Float64Array;
  readonly north: Float64Array;
  readonly zenith: Float64Array;
  readonly elevationMaskDeg: number;
  readonly input: StationInput;
}

export class StationInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'StationInputError';
  }
}

/** Validates a station and derives its geodetic coordinates and topocentric axes. */
export function groundStation(input: StationInput, index = 0): GroundStation {
  const p = input.itrfPositionM;
  if (!Array.isArray(p) || p.length !== 3 || !p.every(Number.isFinite)) {
    throw new StationInputError(`stations[${index}].itrfPositionM`, 'must be 3 finite numbers (m)');
  }
  const radius = Math.hypot(p[0], p[1], p[2]);
  if (radius < 6.2e6 || radius > 6.5e6) {
    throw new StationInputError(`stations[${index}].itrfPositionM`, `must be on the Earth's surface (radius ${radius.toFixed(0)} m)`);
  }
  const mask = input.elevationMaskDeg;
  if (!Number.isFinite(mask) || mask < -90 || mask > 90) {
    throw new StationInputError(`stations[${index}].elevationMaskDeg`, 'must be in [-90, 90] deg');
  }
  const geo = new Float64Array(3);
  cartesianToGeodetic([p[0] / 1000, p[1] / 1000, p[2] / 1000], geo);
  const lat = geo[0]!;
  const lon = geo[1]!;
  const sl = Math.sin(lat);
  const cl = Math.cos(lat);
  const so = Math.sin(lon);
  const co = Math.cos(lon);
  return {
    id: input.id,
    name: input.name,
    positionItrfM: Float64Array.from(p),
    latitudeRad: lat,
    longitudeRad: lon,
    heightM: geo[2]! * 1000,
    east: new Float64Array([-so, co, 0]),
    north: new Float64Array([-sl * co, -sl * so, cl]),
    zenith: new Float64Array([cl * co, cl * so, sl]),
    elevationMaskDeg: mask,
    input,
  };
}

/**
 * The Earth's instantaneous rotation vector in ITRF (rad/s), ω·W·ẑ, from the EOP at `epoch`. It changes by
 * < 1e-8 rad/day (polar motion), so one value per measurement is exact to far below the models' accuracy.
 */
export function earthRotationVectorItrf(epoch: Epoch, eop: EopValues, omegaRadS: number, out3: Float64Array, scratch9 = new Float64Array(9)): Float64Array {
  const tt = epoch.julianDate('TT');
  const w = scratch9;
  polarMotionMatrix(eop.xpArcsec * ARCSEC_TO_RAD, eop.ypArcsec * ARCSEC_TO_RAD, tioLocatorRad(tt.jd1, tt.jd2), w);
  out3[0] = omegaRadS * w[2]!;
  out3[1] = omegaRadS * w[5]!;
  out3[2] = omegaRadS * w[8]!;
  return out3;
}

/** Half-width (s) of the central difference that gives Ω: the nutation's fastest terms have periods ≥ 5 days. */
const PRECESSION_NUTATION_RATE_STEP_S = 600;

/** C = R3(−ERA)·(GCRF → TIRS) at an epoch: the celestial-to-intermediate (precession–nutation) matrix with dX, dY. */
function celestialToIntermediateAt(epoch: Epoch, eop: EopValues, out9: Float64Array, ws: Iers2010Workspace): Float64Array {
  const tt = epoch.julianDate('TT');
  const ut1 = epoch.julianDateUt1(eop.dut1Seconds);
  gcrfToTirsMatrix(out9, tt.jd1, tt.jd2, ut1.jd1, ut1.jd2, eop.dxArcsec, eop.dyArcsec, ws);
  rotateZInPlace(-earthRotationAngleRad(ut1.jd1, ut1.jd2), out9);
  return out9;
}

/**
 * Angular velocity Ω (rad/s, in GCRF) of the celestial intermediate frame with respect to GCRF at `epoch`: a point
 * fixed in it moves at Ω × r. With r_CIRS = C·r_GCRF, Ω is the axial vector of the skew matrix Ċᵀ·C (Ċ by a central
 * difference over ±600 s; the result changes by < 1e-13 rad/s over a day). `eopAt` gives the EOP (dX, dY) at an epoch.
 */
export function precessionNutationRateGcrf(epoch: Epoch, eopAt: (epoch: Epoch) => EopValues, out3: Float64Array, ws = new Iers2010Workspace()): Float64Array {
  const h = PRECESSION_NUTATION_RATE_STEP_S;
  const before = epoch.plusSeconds(-h);
  const after = epoch.plusSeconds(h);
  const cm = celestialToIntermediateAt(before, eopAt(before), new Float64Array(9), ws);
  const cp = celestialToIntermediateAt(after, eopAt(after), new Float64Array(9), ws);
  const c = celestialToIntermediateAt(epoch, eopAt(epoch), new Float64Array(9), ws);
  // A = Ċᵀ·C, A[i][j] = Σ_k Ċ[k][i]·C[k][j]; Ω = (A[2][1], A[0][2], A[1][0])
  const a = (i: number, j: number) => {
    let sum = 0;
    for (let k = 0; k < 3; k++) sum += ((cp[3 * k + i]! - cm[3 * k + i]!) / (2 * h)) * c[3 * k + j]!;
    return sum;
  };
  out3[0] = 0.5 * (a(2, 1) - a(1, 2));
  out3[1] = 0.5 * (a(0, 2) - a(2, 0));
  out3[2] = 0.5 * (a(1, 0) - a(0, 1));
  return out3;
}

/**
 * Station kinematics in GCRF at one instant: position, velocity, acceleration (m, m/s, m/s²) and the rotation used.
 * One instance per thread; `at` overwrites its fields (no allocation).
 */
export class StationKinematics {
  readonly rotation = new Float64Array(9);
  readonly position = new Float64Array(3);
  readonly velocity = new Float64Array(3);
  readonly acceleration = new Float64Array(3);
  /** The rotation vector w in GCRF (rad/s). */
  readonly spinGcrf = new Float64Array(3);
  private readonly env: EarthEnvironment;

  constructor(env: EarthEnvironment) {
    this.env = env;
  }

  /**
   * State of `station` at t (s from the environment's epoch), w = Earth rotation vector in ITRF, omega = the
   * precession–nutation rate Ω in GCRF (`precessionNutationRateGcrf`).
   */
  at(t: number, station: GroundStation, w: ArrayLike<number>, omega: ArrayLike<number>): void {
    const R = this.rotation;
    this.env.gcrfToItrf(t, R);
    const p = station.positionItrfM;
    const px = p[0]!, py = p[1]!, pz = p[2]!;
    const wx = w[0]!, wy = w[1]!, wz = w[2]!;
    // w × p and w × (w × p) in ITRF
    const vx = wy * pz - wz * py;
    const vy = wz * px - wx * pz;
    const vz = wx * py - wy * px;
    const ax = wy * vz - wz * vy;
    const ay = wz * vx - wx * vz;
    const az = wx * vy - wy * vx;
    rotateTransposed(R, px, py, pz, this.position);
    rotateTransposed(R, vx, vy, vz, this.velocity);
    rotateTransposed(R, ax, ay, az, this.acceleration);
    rotateTransposed(R, wx, wy, wz, this.spinGcrf);
    // + Ω × r (precession–nutation)
    const r = this.position;
    const ox = omega[0]!, oy = omega[1]!, oz = omega[2]!;
    this.velocity[0] += oy * r[2]! - oz * r[1]!;
    this.velocity[1] += oz * r[0]! - ox * r[2]!;
    this.velocity[2] += ox * r[1]! - oy * r[0]!;
  }
}

/** out = Rᵀ·(x, y, z). */
export function rotateTransposed(R: ArrayLike<number>, x: number, y: number, z: number, out: Float64Array, offset = 0): void {
  out[offset] = R[0]! * x + R[3]! * y + R[6]! * z;
  out[offset + 1] = R[1]! * x + R[4]! * y + R[7]! * z;
  out[offset + 2] = R[2]! * x + R[5]! * y + R[8]! * z;
}
