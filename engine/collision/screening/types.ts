/**
 * Plain-data shapes of the conjunction screening: what a chunk (some primaries × a partition of the catalog) takes
 * and gives. Everything is numbers, strings, arrays and typed arrays, so a chunk crosses a worker boundary as is and
 * a job runner can store and merge chunk results.
 *
 * Units: km, km/s and s in the search (as the trajectories), m and m/s in the reported approaches (as the CDM and
 * engine/collision). Times are seconds from the span start (`span.startUtc`), plus ISO-8601 UTC strings.
 */
import type { DenseOutput } from '../../propagation/propagator.ts';
import type { GpElementSet } from '../../tle/gpElements.ts';
import type { PcMethod, PcFlag } from '../probability.ts';

/** The screening span: at most 14 days. */
export interface ScreeningSpan {
  /** ISO-8601 UTC, e.g. `2023-02-15T00:00:00Z` (a trailing Z is optional). */
  readonly startUtc: string;
  /** Length, s (0 < duration ≤ 14 days). */
  readonly durationS: number;
}

/**
 * The screening volume about the primary, in its RTN frame (R = r/|r|, N = r × v/|r × v|, T = N × R): an approach is
 * reported when the secondary's position relative to the primary at the time of closest approach lies inside it.
 */
export type ScreeningVolume =
  | { readonly shape: 'SPHERE'; readonly radiusKm: number }
  /** Semi-axes along R, T and N (km). */
  | { readonly shape: 'ELLIPSOID'; readonly radialKm: number; readonly inTrackKm: number; readonly crossTrackKm: number };

export interface EphemerisSegmentInput {
  /** Strictly increasing sample times, s from the ephemeris's `epochUtc`. */
  readonly timesS: Float64Array;
  /** 6 values per sample: x, y, z (km), vx, vy, vz (km/s). */
  readonly statesKm: Float64Array;
  /** Points per Hermite window (OEM INTERPOLATION_DEGREE + 1); default 8. */
  readonly interpolationPoints?: number;
}

/** How a primary's trajectory is given (all GCRF; times in s from `epochUtc`). */
export type PrimaryTrajectoryInput =
  /**
   * An ephemeris (e.g. an uploaded OEM, `ephemerisFromOem`): consecutive segments (a maneuver starts a new one), each
   * interpolated with Hermite polynomials on `interpolationPoints` samples.
   */
  | { readonly kind: 'EPHEMERIS'; readonly epochUtc: string; readonly segments: readonly EphemerisSegmentInput[] }
  /** Our numerical propagation's continuous extension (`propagate({ …, denseOutput: true })`), t = 0 at `epochUtc`. */
  | { readonly kind: 'DENSE_OUTPUT'; readonly epochUtc: string; readonly denseOutput: DenseOutput }
  /** A general-perturbations element set propagated with SGP4. */
  | { readonly kind: 'GP'; readonly elements: GpElementSet };

/** Position (and velocity) covariance of an object in its own RTN frame at the encounter. */
export interface RtnCovarianceInput {
  /** 6×6 (36 values: m², m²/s, m²/s², rows R, T, N, Ṙ, Ṫ, Ṅ) or 3×3 position block (9 values, m²), row-major. */
  readonly rtnM2: readonly number[];
}

export interface PrimaryInput {
  /** The caller's id (a spacecraft id, an upload id…), echoed in the results. */
  readonly id: string;
  /** The primary's own NORAD id: its catalog entry is not screened against it. */
  readonly noradId?: number;
  readonly trajectory: PrimaryTrajectoryInput;
  /** Hard-body radius, m. */
  readonly hardBodyRadiusM: number;
  /** Covariance used at every encounter (taken as given at TCA); absent → maximum-probability Pc. */
  readonly covariance?: RtnCovarianceInput;
  /**
   * Bound on the primary's non-gravitational accelerations (drag, solar pressure, thrust), km/s². Default 1e-4
   * (0.1 m/s²): raise it to the largest thrust/mass of a trajectory with stronger burns, or the search's
   * guarantee does not hold during those burns.
   */
  readonly nonGravitationalAccelerationKmS2?: number;
}

export interface SecondaryInput {
  readonly elements: GpElementSet;
  /** Hard-body radius, m (default: `options.secondaryHardBodyRadiusM`). */
  readonly hardBodyRadiusM?: number;
  /** E.g. from a stored CDM; absent → maximum-probability Pc. */
  readonly covariance?: RtnCovarianceInput;
}

export interface ScreeningOptions {
  /** Hard-body radius of a secondary that gives none, m (required when one gives none). */
  readonly secondaryHardBodyRadiusM?: number;
  /** Pc method when both covariances are known (engine/collision), default LAAS_2015. */
  readonly pcMethod?: PcMethod;
  /**
   * The orbit-path and phasing filter (default true). False searches every pair that passes the apogee/perigee
   * filter over the whole span: the same approaches, many times slower (for verification).
   */
  readonly orbitPathFilter?: boolean;
  /**
   * A clock (ms) for the per-stage timings, e.g. `performance.now`; without one the timings are null. The engine
   * reads no clock of its own.
   */
  readonly now?: () => number;
}

/** One chunk of a screening: some primaries against a partition of the catalog (chunks.ts). */
export interface ScreeningChunkInput {
  readonly span: ScreeningSpan;
  readonly volume: ScreeningVolume;
  readonly primaries: readonly PrimaryInput[];
  readonly secondaries: readonly SecondaryInput[];
  readonly options?: ScreeningOptions;
}

export type ApproachFlagCode =
  /** No covariance for either object: Pc is Alfriend's maximum over an isotropic covariance, R²/(e·miss²). */
  | 'MAXIMUM_PROBABILITY_NO_COVARIANCE'
  /** One covariance known: Pc is Alfriend's maximum over a scaling of that object's covariance. */
  | 'MAXIMUM_PROBABILITY_ONE_COVARIANCE'
  /**
   * The primary's (secondary's) covariance is not one — a non-finite value or a position block that is not positive
   * semi-definite — and was left out as if unknown (then one of the two MAXIMUM_PROBABILITY flags).
   */
  | 'PRIMARY_COVARIANCE_INVALID'
  | 'SECONDARY_COVARIANCE_INVALID'
  /** The short-term encounter assumption does not hold (slow encounter): the 2-D Pc is indicative. */
  | 'SHORT_TERM_ASSUMPTION_DOUBTFUL';

export interface ApproachFlag {
  /** An ApproachFlagCode, or engine/collision's error code when no Pc could be computed. */
  readonly code: ApproachFlagCode | string;
  readonly message: string;
}

/** One close approach inside the screening volume. */
export interface ScreeningApproach {
  readonly primaryId: string;
  readonly secondaryNoradId: number;
  readonly secondaryName: string | null;
  /** Time of closest approach: the root of the relative range rate (Δr·Δv = 0, − to +), s from the span start. */
  readonly tcaS: number;
  /** The same, ISO-8601 UTC with microseconds and a Z. */
  readonly tcaUtc: string;
  readonly missDistanceM: number;
  readonly relativeSpeedMS: number;
  /** Secondary minus primary in the primary's RTN (no ω × r term), m and m/s. */
  readonly relativePositionRtnM: [number, number, number];
  readonly relativeVelocityRtnMS: [number, number, number];
  /** GCRF states at TCA: x, y, z (km), vx, vy, vz (km/s). */
  readonly primaryStateGcrf: [number, number, number, number, number, number];
  readonly secondaryStateGcrf: [number, number, number, number, number, number];
  readonly combinedHardBodyRadiusM: number;
  /** Null only when no encounter plane exists (equal velocities) or a covariance is malformed (see `flags`). */
  readonly pc: {
    readonly method: PcMethod;
    readonly value: number;
    /** True for the maximum-probability value (an upper bound over covariance scalings, not an estimate). */
    readonly isMaximumProbability: boolean;
    readonly flags: readonly PcFlag[];
    /** LAAS_2015's bounds of `value` (Laas et al. 2015: the series' truncation error), only for that method. */
    readonly lowerBound?: number;
    readonly upperBound?: number;
  } | null;
  readonly mahalanobisDistance: number | null;
  readonly flags: readonly ApproachFlag[];
}

/** A secondary (or a primary) that could not be screened over all or part of the span. */
export interface ScreeningIssue {
  readonly code: 'SGP4_UNUSABLE_IN_SPAN' | 'SGP4_FAILED_DURING_SPAN' | 'ELEMENTS_REFUSED'
    /** The two objects stay inside the search sphere for long (pairSearch.ts `PairSearchBudgetError`). */
    | 'PAIR_STAYS_CLOSE';
  readonly primaryId?: string;
  readonly secondaryNoradId?: number;
  /** Until when the pair was screened (s from the span start), when it was partly screened. */
  readonly screenedUntilS?: number;
  readonly message: string;
}

/** Counts per stage (pairs are primary × secondary). */
export interface ScreeningCounts {
  pairs: number;
  /** Pairs left after the apogee/perigee filter. */
  afterApogeePerigee: number;
  /**
   * Orbit-path and phasing filter (filters.ts): the secondaries' crossings of the mutual node line examined, those
   * where the primary can be near the same node at the same time, and those that also pass the path (radius) test.
   */
  pathCells: number;
  afterPhasing: number;
  afterPath: number;
  /** Pairs the node-line filter could not restrict (nearly coplanar orbits, or an unusable model): whole span searched. */
  unfilteredPairs: number;
  /** Pairs with at least one time window after the orbit-path and time filters. */
  pairsSearched: number;
  /** Seconds of pair time searched (sum over pairs of their windows), of span × pairs after the apogee/perigee filter. */
  searchedPairSeconds: number;
  /** Relative-state evaluations: the sampled search (sieve) and the local searches with their refinements. */
  sieveEvaluations: number;
  localEvaluations: number;
  /** Local searches run (intervals where the sieve could not prove the distance above the search radius). */
  localSearches: number;
  /** Local distance minima below the search radius found, and the approaches inside the volume among them. */
  minimaFound: number;
  approaches: number;
}

/** Milliseconds per stage (null without a clock). */
export interface ScreeningTimings {
  setupMs: number;
  filtersMs: number;
  samplingMs: number;
  refinementMs: number;
  pcMs: number;
}

export interface ScreeningChunkResult {
  /** Sorted by TCA, then primary id, then NORAD id (chunks.ts merges chunks in the same order). */
  readonly approaches: ScreeningApproach[];
  readonly issues: ScreeningIssue[];
  readonly counts: ScreeningCounts;
  readonly timings: ScreeningTimings | null;
}
