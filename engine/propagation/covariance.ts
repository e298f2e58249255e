/**
 * Covariance helpers: P(t) = Φ P0 Φᵀ (in propagator.ts) and rotations of a 6×6 Cartesian covariance from GCRF to
 * local orbital frames with the rotation-only convention J = diag(R, R) (the CCSDS CDM convention and Orekit's
 * `*_INERTIAL` LOF types: the LOF axes are frozen at the epoch, velocities are GCRF velocities expressed in them).
 *
 * Axes from the GCRF r, v, W = (r×v)/|r×v| (Vallado 2013 §3.3; Orekit LOFType):
 *  - RTN (= QSW = RSW = RIC): X = r/|r|, Z = W, Y = Z×X
 *  - TNW: X = v/|v|, Z = W, Y = Z×X
 *  - LVLH_CCSDS: Z = −r/|r|, Y = −W, X = Y×Z
 */
import { InvalidSettingError } from './errors.ts';

export type LocalOrbitalFrame = 'RTN' | 'QSW' | 'RSW' | 'TNW' | 'LVLH_CCSDS';
export const LOCAL_ORBITAL_FRAMES: readonly LocalOrbitalFrame[] = ['RTN', 'QSW', 'RSW', 'TNW', 'LVLH_CCSDS'];

/** Rotation GCRF → LOF (row-major; rows are the LOF axes in GCRF) into out9. */
export function localOrbitalFrameRotation(frame: LocalOrbitalFrame, r: ArrayLike<number>, v: ArrayLike<number>, out9: Float64Array): Float64Array {
  const rx = r[0]!, ry = r[1]!, rz = r[2]!, vx = v[0]!, vy = v[1]!, vz = v[2]!;
  let wx = ry * vz - rz * vy;
  let wy = rz * vx - rx * vz;
  let wz = rx * vy - ry * vx;
  const wn = Math.hypot(wx, wy, wz);
  wx /= wn;
  wy /= wn;
  wz /= wn;
  let ax: number, ay: number, az: number;
  if (frame === 'TNW') {
    const n = Math.hypot(vx, vy, vz);
    ax = vx / n; ay = vy / n; az = vz / n;
  } else if (frame === 'RTN' || frame === 'QSW' || frame === 'RSW' || frame === 'LVLH_CCSDS') {
    const n = Math.hypot(rx, ry, rz);
    ax = rx / n; ay = ry / n; az = rz / n;
  } else {
    throw new InvalidSettingError('frame', `unknown local orbital frame (supported: ${LOCAL_ORBITAL_FRAMES.join(', ')})`, frame);
  }
  // second axis = W × first
  const bx = wy * az - wz * ay;
  const by = wz * ax - wx * az;
  const bz = wx * ay - wy * ax;
  if (frame === 'LVLH_CCSDS') {
    // X_lvlh = Y_qsw, Y_lvlh = −Z_qsw, Z_lvlh = −X_qsw
    out9.set([bx, by, bz, -wx, -wy, -wz, -ax, -ay, -az]);
  } else {
    out9.set([ax, ay, az, bx, by, bz, wx, wy, wz]);
  }
  return out9;
}

/** P' = J P Jᵀ with J = diag(R, R) (6×6 row-major). */
export function rotateCovariance(cov36: ArrayLike<number>, R9: ArrayLike<number>, out36: Float64Array): Float64Array {
  const J = new Float64Array(36);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      J[i * 6 + j] = R9[i * 3 + j]!;
      J[(i + 3) * 6 + j + 3] = R9[i * 3 + j]!;
    }
  }
  const tmp = new Float64Array(36);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      let s = 0;
      for (let k = 0; k < 6; k++) s += J[i * 6 + k]! * cov36[k * 6 + j]!;
      tmp[i * 6 + j] = s;
    }
  }
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      let s = 0;
      for (let k = 0; k < 6; k++) s += tmp[i * 6 + k]! * J[j * 6 + k]!;
      out36[i * 6 + j] = s;
    }
  }
  return out36;
}

/** GCRF covariance → LOF covariance (rotation-only convention) for state r, v. */
export function covarianceToLocalFrame(cov36: ArrayLike<number>, frame: LocalOrbitalFrame, r: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const R = localOrbitalFrameRotation(frame, r, v, new Float64Array(9));
  return rotateCovariance(cov36, R, new Float64Array(36));
}
