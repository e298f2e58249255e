/**
 * Ground stations for the measurement models: the ITRF position with its WGS84 geodetic coordinates and topocentric
 * axes, and the station's GCRF position, velocity and acceleration at any instant.
 *
 * Stations are fixed in ITRF (no tides, plate motion or antenna offsets, as the reference scenarios). In GCRF
 *   r = Rᵀ p,   v = Rᵀ (w × p),   a = Rᵀ (w × (w × p)),   w = ω·k_ITRF,
 * with R the propagator's GCRF→ITRF rotation (IERS 2010 with EOP, `engine/propagation/earthEnvironment.ts`),
 * ω the LOD-corrected Earth rotation rate and k_ITRF = W·ẑ the Celestial Intermediate Pole expressed in ITRF
 * (W the polar-motion matrix, IERS 2010 eq. 5.3). This is Ṙᵀp with Ṙ = −[w×]R: the Earth rotates about the CIP,
 * precession–nutation rates are ignored (≤ 0.05 mm/s), as `engine/frames` and Orekit's CIRF transform do.
 */
import { cartesianToGeodetic } from '../bodies/ellipsoid.ts';
import type { EarthEnvironment } from '../forces/types.ts';
import type { EopValues } from '../frames/eop.ts';
import { polarMotionMatrix, tioLocatorRad } from '../frames/iers2010.ts';
import { ARCSEC_TO_RAD } from '../math/angles.ts';
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

  /** State of `station` at t (s from the environment's epoch), w = Earth rotation vector in ITRF. */
  at(t: number, station: GroundStation, w: ArrayLike<number>): void {
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
  }
}

/** out = Rᵀ·(x, y, z). */
export function rotateTransposed(R: ArrayLike<number>, x: number, y: number, z: number, out: Float64Array, offset = 0): void {
  out[offset] = R[0]! * x + R[3]! * y + R[6]! * z;
  out[offset + 1] = R[1]! * x + R[4]! * y + R[7]! * z;
  out[offset + 2] = R[2]! * x + R[5]! * y + R[8]! * z;
}
