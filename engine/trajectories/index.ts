/**
 * Trajectories: a spacecraft's GCRF position and velocity at any instant of a span (trajectory.ts), from our
 * numerical propagation's dense output, an ephemeris (OEM) interpolated with Hermite polynomials, or SGP4 from an
 * element set rotated from TEME to GCRF. What the event detectors (engine/events) and the screening
 * (engine/collision/screening) read.
 */
export { TrajectoryRangeError, type Trajectory } from './trajectory.ts';
export { DenseOutputTrajectory } from './denseOutput.ts';
export { HermiteTrajectory, DEFAULT_HERMITE_POINTS } from './hermite.ts';
export { oemTrajectory, oemSegmentTrajectory, OemTrajectoryError, ConsecutiveTrajectories } from './oem.ts';
export { Sgp4Trajectory, SatrecTrajectory, TemeToGcrfTable, Sgp4PropagationError, TEME_NODE_SPACING_S, type Sgp4TrajectoryOptions } from './sgp4.ts';
