/**
 * What every event detector reads: a spacecraft trajectory giving the GCRF position and velocity at any instant of
 * its span. Three sources implement it (engine/events/trajectories/): our numerical propagation's dense output, an
 * ephemeris (OEM) interpolated with Hermite polynomials, and SGP4 from a TLE rotated from TEME to GCRF.
 *
 * Times are seconds from `epoch` (SI seconds, TAI-based arithmetic of engine/time), the same origin as the Earth
 * environment the detectors evaluate the Earth's orientation and the Sun with.
 */
import type { Epoch } from '../time/epoch.ts';

export interface Trajectory {
  /** Instant of t = 0. */
  readonly epoch: Epoch;
  /** First and last instants covered, seconds from `epoch`. */
  readonly startS: number;
  readonly endS: number;
  /**
   * GCRF position (km) and velocity (km/s) at tS into out[0..6). tS must lie in [startS, endS]
   * (`TrajectoryRangeError` otherwise). Implementations do not allocate per call.
   */
  stateAt(tS: number, out: Float64Array): void;
}

/** An instant outside a trajectory's span was asked for. */
export class TrajectoryRangeError extends RangeError {
  constructor(
    readonly tS: number,
    readonly startS: number,
    readonly endS: number,
  ) {
    super(`t = ${tS} s is outside the trajectory's span [${startS}, ${endS}] s`);
    this.name = 'TrajectoryRangeError';
  }
}

/** Throws TrajectoryRangeError unless startS ≤ tS ≤ endS. */
export function requireInSpan(trajectory: Trajectory, tS: number): void {
  if (!(tS >= trajectory.startS && tS <= trajectory.endS)) throw new TrajectoryRangeError(tS, trajectory.startS, trajectory.endS);
}
