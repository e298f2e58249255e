/**
 * Finite burns with constant thrust and specific impulse (Montenbruck & Gill 2000, §3.6.2; Orekit
 * `ConstantThrustManeuver`): a = F/m along the thrust direction, dm/dt = −|F|/(Isp·g0).
 *
 * The thrust vector (N) is given in a local orbital frame rebuilt from the current GCRF r, v at every evaluation
 * ("re-evaluated along the arc"), or in GCRF:
 *  - `TNW`: T = v/|v|, W = (r×v)/|r×v|, N = W×T                    (Orekit LOFType.TNW)
 *  - `RTN`, `QSW`, `RSW_ROTATING`: R = r/|r|, N (= W) = (r×v)/|r×v|, T = N×R   (Orekit LOFType.QSW; the axes of a
 *    rotating and a quasi-inertial RSW frame coincide, they only differ for velocities, not for a force direction)
 *  - `GCRF` / `INERTIAL`: fixed inertial direction.
 * On/off switching is done by the propagator per integration segment (burn start and end are breakpoints where
 * the integrator restarts), never by comparing times inside the force loop.
 */
import { G0_M_S2 } from '../constants.ts';
import type { ForceEvaluation, ForceModel } from './types.ts';

export type ThrustFrame = 'TNW' | 'RTN' | 'QSW' | 'RSW_ROTATING' | 'GCRF' | 'INERTIAL';
export const THRUST_FRAMES: readonly ThrustFrame[] = ['TNW', 'RTN', 'QSW', 'RSW_ROTATING', 'GCRF', 'INERTIAL'];

export class ConstantThrust implements ForceModel {
  readonly name = 'THRUST';
  readonly needsEnvironment = false;
  readonly frame: ThrustFrame;
  readonly thrustN: readonly [number, number, number];
  readonly ispS: number;
  readonly thrustMagnitudeN: number;
  /** dm/dt (kg/s, ≤ 0) while firing. */
  readonly massRateKgS: number;
  /** Set by the propagator for the current integration segment. */
  active = false;

  constructor(frame: ThrustFrame, thrustN: readonly [number, number, number], ispS: number) {
    this.frame = frame;
    this.thrustN = thrustN;
    this.ispS = ispS;
    this.thrustMagnitudeN = Math.hypot(thrustN[0], thrustN[1], thrustN[2]);
    this.massRateKgS = -this.thrustMagnitudeN / (ispS * G0_M_S2);
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    if (!this.active) return 0;
    const [f1, f2, f3] = this.thrustN;
    const im = 1 / ev.massKg;
    if (this.frame === 'GCRF' || this.frame === 'INERTIAL') {
      acc3[0] += f1 * im;
      acc3[1] += f2 * im;
      acc3[2] += f3 * im;
      return this.massRateKgS;
    }
    const r = ev.rGcrfM;
    const v = ev.vGcrfMS;
    const rx = r[0]!;
    const ry = r[1]!;
    const rz = r[2]!;
    const vx = v[0]!;
    const vy = v[1]!;
    const vz = v[2]!;
    let wx = ry * vz - rz * vy;
    let wy = rz * vx - rx * vz;
    let wz = rx * vy - ry * vx;
    const wn = Math.sqrt(wx * wx + wy * wy + wz * wz);
    wx /= wn;
    wy /= wn;
    wz /= wn;
    let e1x: number;
    let e1y: number;
    let e1z: number;
    if (this.frame === 'TNW') {
      const n = Math.sqrt(vx * vx + vy * vy + vz * vz);
      e1x = vx / n;
      e1y = vy / n;
      e1z = vz / n;
    } else {
      const n = Math.sqrt(rx * rx + ry * ry + rz * rz);
      e1x = rx / n;
      e1y = ry / n;
      e1z = rz / n;
    }
    // second axis: W × first (TNW: N = W×T; RTN: T = N×R)
    const e2x = wy * e1z - wz * e1y;
    const e2y = wz * e1x - wx * e1z;
    const e2z = wx * e1y - wy * e1x;
    acc3[0] += (f1 * e1x + f2 * e2x + f3 * wx) * im;
    acc3[1] += (f1 * e1y + f2 * e2y + f3 * wy) * im;
    acc3[2] += (f1 * e1z + f2 * e2z + f3 * wz) * im;
    return this.massRateKgS;
  }
}
