/**
 * Public surface of engine/events: passes, eclipses and orbit events over any trajectory.
 *
 *   trajectory (DenseOutputTrajectory | HermiteTrajectory / oemTrajectory | Sgp4Trajectory)
 *   + Earth environment (engine/propagation InterpolatedEarthEnvironment, same epoch)
 *   → predictEvents({ trajectory, environment, fromS, toS, passes: { stations }, eclipses, nodes, apsides })
 *
 * Pure: no I/O, no clock. Times are seconds from the trajectory's epoch.
 */
export { predictEvents, type EventRequest, type EventPrediction, type EventSearchOptions, type NodeEvent, type ApsisEvent } from './predict.ts';
export type { Pass, PassPoint, PassMaximum } from './passes.ts';
export type { Eclipse, UmbraInterval, ShadowContact, OrbitShadowShare } from './eclipses.ts';
export { eventStation, type EventStation, type EventStationInput } from './stations.ts';
export { EventRequestError } from './errors.ts';
export type { EventEnvironment } from './geometry.ts';
export { DEFAULT_GRID_STEP_S, DEFAULT_RESOLUTION_S, DEFAULT_TOLERANCE_S } from './search.ts';
export { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from './motionBounds.ts';
export { passTrack, type PassTrack } from './passTrack.ts';
export { predictStoredStateEvents, accelerationBoundKmS2, type StoredStateEventsInput, type StoredStateEvents } from './storedState.ts';
export { predictGpElementSetEvents, type GpElementSetEventsInput } from './gpElementSet.ts';
