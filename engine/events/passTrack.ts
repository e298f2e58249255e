/**
 * The sky track of a pass: azimuth and elevation of the spacecraft seen from a station at evenly spaced instants of
 * [startS, endS] (what a polar sky plot draws). Same geometry as the pass detector (detectors/elevation.ts).
 */
import { topocentricView, type TopocentricView } from './detectors/elevation.ts';
import { EventGeometry, type EventEnvironment } from './geometry.ts';
import { eventStation, type EventStationInput } from './stations.ts';
import type { Trajectory } from '../trajectories/trajectory.ts';

/** Samples of a track: `tS` (s from the trajectory epoch), azimuth and elevation (deg). */
export interface PassTrack {
  tS: number[];
  azimuthDeg: number[];
  elevationDeg: number[];
}

export function passTrack(
  trajectory: Trajectory,
  environment: EventEnvironment,
  station: EventStationInput,
  startS: number,
  endS: number,
  points = 121,
): PassTrack {
  const geometry = new EventGeometry(trajectory, environment);
  const where = eventStation(station, 0);
  const view: TopocentricView = { elevationDeg: 0, azimuthDeg: 0, rangeKm: 0, elevationRateDegS: 0 };
  const track: PassTrack = { tS: [], azimuthDeg: [], elevationDeg: [] };
  const n = Math.max(2, points);
  for (let i = 0; i < n; i++) {
    const t = startS + ((endS - startS) * i) / (n - 1);
    geometry.at(t);
    topocentricView(geometry, where, view);
    track.tS.push(t);
    track.azimuthDeg.push(view.azimuthDeg);
    track.elevationDeg.push(view.elevationDeg);
  }
  return track;
}
