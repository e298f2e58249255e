/**
 * The spacecraft's geometry at one instant, shared by every detector evaluated there: the GCRF state from the
 * trajectory, the GCRF → ITRF rotation of the Earth environment (IERS 2010 with EOP: polar motion, UT1 − UTC, the
 * same `EarthEnvironment` the propagator's forces use), the Earth-fixed position and velocity, and, on demand, the
 * Sun (the environment's, i.e. the propagator's Sun).
 *
 * The Earth-fixed velocity is v_ITRF = R·v − ω × (R·r) with ω = ω⊕(LOD)·ẑ_ITRF: the Earth turns about the
 * Celestial Intermediate Pole, which is within 2e-6 rad of ITRF z (polar motion), an error below 1e-6 km/s in a
 * quantity only used for rates and bounds.
 */
import type { EarthEnvironment } from '../forces/types.ts';
import type { Epoch } from '../time/epoch.ts';
import type { Trajectory } from '../trajectories/trajectory.ts';

/** An Earth environment with its time origin (engine/propagation `InterpolatedEarthEnvironment`). */
export interface EventEnvironment extends EarthEnvironment {
  readonly epoch: Epoch;
}

/** Throws unless trajectory and environment count time from the same instant. */
export function requireSameTimeOrigin(trajectory: Trajectory, environment: EventEnvironment): void {
  const d = trajectory.epoch.secondsSince(environment.epoch);
  if (d !== 0) throw new RangeError(`the trajectory's time origin is ${d} s after the Earth environment's; they must be the same instant`);
}

export class EventGeometry {
  /** Instant of the current values (s from the epoch); NaN before the first `at`. */
  t = Number.NaN;
  /** x, y, z (km), vx, vy, vz (km/s), GCRF. */
  readonly stateGcrf = new Float64Array(6);
  /** GCRF → ITRF, row-major. */
  readonly rotation = new Float64Array(9);
  readonly positionItrf = new Float64Array(3);
  /** Velocity relative to the rotating Earth, in ITRF (km/s). */
  readonly velocityItrf = new Float64Array(3);
  /** |r| (km) and |v| (km/s), inertial. */
  radiusKm = 0;
  speedKmS = 0;
  /** Earth rotation rate (rad/s). */
  earthRateRadS = 0;
  private readonly sunM = new Float64Array(3);
  private sunReady = false;

  constructor(
    readonly trajectory: Trajectory,
    readonly environment: EventEnvironment,
  ) {
    requireSameTimeOrigin(trajectory, environment);
  }

  /** Evaluates everything at t (s from the epoch). */
  at(t: number): void {
    const s = this.stateGcrf;
    this.trajectory.stateAt(t, s);
    const R = this.rotation;
    this.environment.gcrfToItrf(t, R);
    const w = this.environment.earthAngularVelocityRadS(t);
    const x = s[0]!, y = s[1]!, z = s[2]!;
    const px = R[0]! * x + R[1]! * y + R[2]! * z;
    const py = R[3]! * x + R[4]! * y + R[5]! * z;
    const pz = R[6]! * x + R[7]! * y + R[8]! * z;
    this.positionItrf[0] = px;
    this.positionItrf[1] = py;
    this.positionItrf[2] = pz;
    const vx = s[3]!, vy = s[4]!, vz = s[5]!;
    // v_ITRF = R v − ω ẑ × p = R v − (−ω p_y, ω p_x, 0)
    this.velocityItrf[0] = R[0]! * vx + R[1]! * vy + R[2]! * vz + w * py;
    this.velocityItrf[1] = R[3]! * vx + R[4]! * vy + R[5]! * vz - w * px;
    this.velocityItrf[2] = R[6]! * vx + R[7]! * vy + R[8]! * vz;
    this.radiusKm = Math.sqrt(x * x + y * y + z * z);
    this.speedKmS = Math.sqrt(vx * vx + vy * vy + vz * vz);
    this.earthRateRadS = w;
    this.t = t;
    this.sunReady = false;
  }

  /** The Sun's geocentric GCRF position (m, as the environment and the SRP force hold it) at the current instant. */
  sunGcrfM(): Float64Array {
    if (!this.sunReady) {
      this.environment.sunPositionGcrfM(this.t, this.sunM);
      this.sunReady = true;
    }
    return this.sunM;
  }
}
