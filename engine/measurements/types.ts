/**
 * Plain-data shapes of the tracking-geometry engine (they cross the worker boundary): stations, measurements as the
 * API hands them over, residual rows and statistics (the tasks `measurements.residuals` and `od.estimate`, and the
 * API's residual and orbit-determination responses, rely on them); fields may be added, none renamed or removed
 * without updating those.
 *
 * Units: range km, range rate km/s (positive = range increasing, CCSDS 503.0-B-2), angles deg, PV km and km/s.
 * Station sigmas and biases are in the station's operator units (m, m/s, deg) as stored.
 */
import type { StoredStatePropagationInput } from '../propagation/storedState.ts';
import type { ObservableKind } from './observables.ts';

export interface StationInput {
  /** Ground-station id (storage). */
  id: string;
  name: string;
  /** ITRF Cartesian position, metres (the API converts WGS84 geodetic with engine/bodies/ellipsoid.ts). */
  itrfPositionM: [number, number, number];
  elevationMaskDeg: number;
  /** Station per-type default sigmas (used when a measurement has none). */
  sigma?: { rangeM?: number; rangeRateMS?: number; angleDeg?: number };
  /** Constant known biases, added to the computed values (angleDeg applies to both angles). */
  bias?: { rangeM?: number; rangeRateMS?: number; angleDeg?: number };
}

export interface MeasurementInput {
  /** Stored measurement id. */
  id: string;
  kind: ObservableKind;
  /** The stored time tag (UTC ISO, as stored). */
  epochUtc: string;
  /** RANGE [km]; RANGE_RATE [km/s]; AZEL [az, el] deg; RADEC [ra, dec] deg; PV [x, y, z km, vx, vy, vz km/s]. */
  observed: number[];
  /** Per component, same units as `observed`; null → station sigma → documented default. */
  sigma: number[] | null;
  /** RANGE / RANGE_RATE: PATH 1,2,1 (true) or one-way downlink 2,1 (false). */
  twoWay: boolean;
  /** TIMETAG_REF (RECEIVE when absent). */
  timetag: 'RECEIVE' | 'TRANSMIT';
  /** Required for RANGE, RANGE_RATE, AZEL, RADEC. */
  stationId: string | null;
  /** RADEC: EME2000 | GCRF | ICRF…; PV: the file's frame (GCRF, EME2000, ITRF, TEME, TOD, MOD). */
  frame: string | null;
  /** Flagged by the operator: never used by the estimator. */
  outlier: boolean;
}

/** One measurement's residual against an orbit (observed − computed, per component). */
export interface ResidualRow {
  id: string;
  kind: ObservableKind;
  stationId: string | null;
  epochUtc: string;
  /** Observed value as stored (measurement units). */
  observed: number[];
  /** Model value plus the station's known bias (and, after a fit, the estimated bias). */
  computed: number[];
  /** observed − computed; azimuth and right ascension wrapped to ±180°. */
  residual: number[];
  /** residual / sigma. */
  normalized: number[];
  /** The sigma used (measurement units). */
  sigma: number[];
  /** Geometric elevation of the spacecraft seen from the station at the reception instant (deg), null for PV. */
  elevationDeg: number | null;
  /** Elevation below the station's elevation mask. */
  belowMask: boolean;
  /** The operator's outlier flag as given. */
  outlier: boolean;
}

/** Statistics of one measurement kind, over one station (`stationId`) or all stations (`stationId` null). */
export interface ResidualStatistics {
  kind: ObservableKind;
  /** null: every station of this kind (and PV, which has no station). */
  stationId: string | null;
  count: number;
  /** Per component, in `units`. */
  mean: number[];
  rms: number[];
  min: number[];
  max: number[];
  /** RMS of the normalized residuals over all components. */
  normalizedRms: number;
  /** Per component, of the normalized residuals (dimensionless). */
  normalized: { mean: number[]; rms: number[]; min: number[]; max: number[] };
  /** Per component: 'km', 'km/s', 'deg'. */
  units: string[];
  /** Component names, e.g. ['azimuth', 'elevation']. */
  components: string[];
}

/** A measurement the engine could not model, with the reason (reported, never a failure of the whole request). */
export interface SkippedMeasurement {
  id: string;
  reason: string;
}

/** Input of the `measurements.residuals` worker task. */
export interface ResidualsInput {
  propagation: StoredStatePropagationInput;
  stations: StationInput[];
  measurements: MeasurementInput[];
}

export interface ResidualsResult {
  ok: true;
  residuals: ResidualRow[];
  statistics: ResidualStatistics[];
  skipped: SkippedMeasurement[];
}
