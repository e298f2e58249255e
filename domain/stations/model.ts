/**
 * The ground station's model: a tracking station of an organization (its site, its per-measurement-type noise and
 * biases). storage/groundStations.ts maps its rows to these types.
 */

/** Optional per-type values of a station (sigmas, constant biases); null = not set. */
export interface PerTypeValues {
  rangeM: number | null;
  rangeRateMS: number | null;
  angleDeg: number | null;
}

export interface GroundStationFields {
  name: string;
  aliases: string[];
  latitudeDeg: number;
  longitudeDeg: number;
  heightM: number;
  /** ITRF Cartesian position, m (derived from the geodetic position or given, one from the other). */
  itrfPositionM: [number, number, number];
  elevationMaskDeg: number;
  sigma: PerTypeValues;
  bias: PerTypeValues;
  enabled: boolean;
}

export interface GroundStation extends GroundStationFields {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Stored measurements whose ground participant resolved to this station. */
  measurementCount: number;
}
