/**
 * The measurement kinds, each defined once: one row per kind the models compute (dimension, component names,
 * units, default sigma, which components are angles on a circle, the station bias and sigma it takes) and the
 * stored measurement type that holds it. The tracking readers, the store, the API schemas, the models, the
 * residuals and the estimator all take these from here.
 *
 * Two vocabularies, on purpose: a stored measurement type says what a tracking file gave (`DOPPLER` may be a
 * range rate in km/s or a frequency in Hz, `RANGE` may be in km, s or range units), an observable kind what a
 * model computes (`RANGE_RATE` in km/s, `RANGE` in km). Units: range km, range rate km/s (positive when the range
 * grows, CCSDS 503.0-B-2), angles deg, PV km and km/s.
 */

/** What the measurement models compute, in the order reports list them. */
export const OBSERVABLE_KINDS = ['RANGE', 'RANGE_RATE', 'AZEL', 'RADEC', 'PV'] as const;
export type ObservableKind = (typeof OBSERVABLE_KINDS)[number];

/** Stored measurement types (what a tracking file gives), in the order the API lists them. */
export const MEASUREMENT_TYPES = ['RANGE', 'RADEC', 'AZEL', 'DOPPLER', 'PV'] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];

/** A ground station's sigma or bias field for a kind: the station gives it in `field`, the measurement is in field ÷ `divisor`. */
export interface StationField {
  field: 'rangeM' | 'rangeRateMS' | 'angleDeg';
  divisor: number;
}

export interface ObservableDefinition {
  /** Number of value components. */
  dimension: number;
  /** Component names (API and residual rows). */
  components: readonly string[];
  /** Unit of each component. */
  units: readonly string[];
  /**
   * Sigma of each component when neither the measurement nor its station gives one (measurement units): range 10 m,
   * range rate 1 mm/s, angles 0.01°, PV 10 m and 1 cm/s — typical S-band ranging and Doppler, small-antenna angles,
   * GNSS PV.
   */
  defaultSigma: readonly number[];
  /** Per component: an angle on a circle (computed value in [0, 360), residual wrapped to ±180°). */
  wrapped: readonly boolean[];
  /** Names of the estimable station bias components (`BIAS:<stationId>:<name>`); empty: no station bias. */
  biasComponents: readonly string[];
  /** The station's per-kind sigma and known bias (applied to every component); null: the kind has no station. */
  station: StationField | null;
  /** The stored type that holds this kind. */
  storedType: MeasurementType;
  /** The stored type's component names when they differ from `components`. */
  storedComponents?: readonly string[];
}

const ANGLE: StationField = { field: 'angleDeg', divisor: 1 };

export const OBSERVABLES: Readonly<Record<ObservableKind, ObservableDefinition>> = {
  RANGE: {
    dimension: 1, components: ['range'], units: ['km'], defaultSigma: [0.01], wrapped: [false],
    biasComponents: ['RANGE'], station: { field: 'rangeM', divisor: 1000 }, storedType: 'RANGE',
  },
  RANGE_RATE: {
    dimension: 1, components: ['rangeRate'], units: ['km/s'], defaultSigma: [1e-6], wrapped: [false],
    biasComponents: ['RANGE_RATE'], station: { field: 'rangeRateMS', divisor: 1000 }, storedType: 'DOPPLER', storedComponents: ['doppler'],
  },
  AZEL: {
    dimension: 2, components: ['azimuth', 'elevation'], units: ['deg', 'deg'], defaultSigma: [0.01, 0.01], wrapped: [true, false],
    biasComponents: ['AZIMUTH', 'ELEVATION'], station: ANGLE, storedType: 'AZEL',
  },
  RADEC: {
    dimension: 2, components: ['rightAscension', 'declination'], units: ['deg', 'deg'], defaultSigma: [0.01, 0.01], wrapped: [true, false],
    biasComponents: ['RIGHT_ASCENSION', 'DECLINATION'], station: ANGLE, storedType: 'RADEC',
  },
  PV: {
    dimension: 6, components: ['x', 'y', 'z', 'vx', 'vy', 'vz'], units: ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'],
    defaultSigma: [0.01, 0.01, 0.01, 1e-5, 1e-5, 1e-5], wrapped: [false, false, false, false, false, false],
    biasComponents: [], station: null, storedType: 'PV',
  },
};

/** The named components of each stored type, in column order. */
export const MEASUREMENT_COMPONENTS: Readonly<Record<MeasurementType, readonly string[]>> = Object.fromEntries(
  OBSERVABLE_KINDS.map((kind) => [OBSERVABLES[kind].storedType, OBSERVABLES[kind].storedComponents ?? OBSERVABLES[kind].components]),
) as Record<MeasurementType, readonly string[]>;

/** True for a known observable kind. */
export function isObservableKind(kind: string): kind is ObservableKind {
  return Object.hasOwn(OBSERVABLES, kind);
}
