/**
 * Ground stations for the pass detectors: geodetic WGS-84 coordinates (as the station record holds them) → a fixed
 * ITRF point (engine/bodies `geodeticToCartesian`) → east, north and zenith axes with the zenith along the
 * ellipsoid normal (engine/measurements `groundStation`, the stations of the measurement models).
 *
 * The zenith is geodetic on purpose: a geocentric zenith is 0.13–0.19° off at mid latitudes, which moves AOS/LOS by
 * up to a minute and maximum elevations by 0.19° (events reference README, "WRONG_geocentric_zenith").
 */
import { geodeticToCartesian } from '../bodies/ellipsoid.ts';
import { DEG_TO_RAD } from '../math/angles.ts';
import { groundStation } from '../measurements/station.ts';
import { EventRequestError } from './errors.ts';

export interface EventStationInput {
  readonly id: string;
  readonly name: string;
  /** Geodetic latitude (deg, WGS-84), north positive. */
  readonly latitudeDeg: number;
  /** Longitude (deg), east positive. */
  readonly longitudeDeg: number;
  /** Height above the WGS-84 ellipsoid (m). */
  readonly heightM: number;
  /** Elevation mask (deg): the station sees the spacecraft when its elevation is above it. */
  readonly elevationMaskDeg: number;
}

export interface EventStation {
  readonly id: string;
  readonly name: string;
  readonly elevationMaskDeg: number;
  readonly sinMask: number;
  /** ITRF position (km). */
  readonly positionItrfKm: Float64Array;
  /** Topocentric unit axes in ITRF. */
  readonly east: Float64Array;
  readonly north: Float64Array;
  readonly zenith: Float64Array;
}

function requireRange(field: string, value: number, lo: number, hi: number, unit: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    throw new EventRequestError(field, `must be a number in [${lo}, ${hi}] ${unit} (got ${String(value)})`);
  }
}

/** Validates one station and derives its ITRF position and topocentric axes. `index` names it in errors. */
export function eventStation(input: EventStationInput, index = 0): EventStation {
  const at = `stations[${index}]`;
  requireRange(`${at}.latitudeDeg`, input.latitudeDeg, -90, 90, 'deg');
  requireRange(`${at}.longitudeDeg`, input.longitudeDeg, -180, 360, 'deg');
  requireRange(`${at}.heightM`, input.heightM, -12000, 10000, 'm');
  requireRange(`${at}.elevationMaskDeg`, input.elevationMaskDeg, -90, 90, 'deg');
  const itrfKm = new Float64Array(3);
  geodeticToCartesian(input.latitudeDeg * DEG_TO_RAD, input.longitudeDeg * DEG_TO_RAD, input.heightM / 1000, itrfKm);
  const g = groundStation(
    { id: input.id, name: input.name, itrfPositionM: [itrfKm[0]! * 1000, itrfKm[1]! * 1000, itrfKm[2]! * 1000], elevationMaskDeg: input.elevationMaskDeg },
    index,
  );
  return {
    id: input.id,
    name: input.name,
    elevationMaskDeg: input.elevationMaskDeg,
    sinMask: Math.sin(input.elevationMaskDeg * DEG_TO_RAD),
    positionItrfKm: itrfKm,
    east: g.east,
    north: g.north,
    zenith: g.zenith,
  };
}
