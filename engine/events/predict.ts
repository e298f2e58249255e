/**
 * One entry point for what an operations team plans with: passes over ground stations, eclipses with the share of
 * each orbit in shadow, nodes and apsides, all searched on one shared grid (search.ts `runSearches`) over any
 * trajectory (trajectory.ts) with the Earth environment the propagator uses.
 */
import { cartesianToGeodetic } from '../bodies/ellipsoid.ts';
import { DEG_TO_RAD } from '../math/angles.ts';
import type { Epoch } from '../time/epoch.ts';
import { ElevationFunction } from './detectors/elevation.ts';
import { ApsisFunction, NodeFunction } from './detectors/orbit.ts';
import { ShadowAngles, ShadowFunction } from './detectors/shadow.ts';
import { assembleEclipses, orbitShadowShares, type Eclipse, type OrbitShadowShare } from './eclipses.ts';
import { EventGeometry, requireSameTimeOrigin, type EventEnvironment } from './geometry.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from './motionBounds.ts';
import { EventRequestError } from './errors.ts';
import { assemblePasses, type Pass } from './passes.ts';
import { DEFAULT_GRID_STEP_S, SwitchingSearch, runSearches, type SearchSettings } from './search.ts';
import { eventStation, type EventStationInput } from './stations.ts';
import type { Trajectory } from '../trajectories/trajectory.ts';

const RAD_TO_DEG = 1 / DEG_TO_RAD;

export interface EventSearchOptions extends SearchSettings {
  /**
   * Bound on every non-gravitational acceleration of the trajectory (km/s²): drag, solar pressure, thrust. Default
   * 1e-4 (0.1 m/s²); raise it for trajectories with stronger burns (motionBounds.ts).
   */
  readonly nonGravitationalAccelerationKmS2?: number;
}

export interface EventRequest {
  readonly trajectory: Trajectory;
  /** The Earth environment (GCRF → ITRF with EOP, the Sun), same time origin as the trajectory, covering the span. */
  readonly environment: EventEnvironment;
  /** Search span, seconds from the trajectory epoch. */
  readonly fromS: number;
  readonly toS: number;
  /**
   * Passes over these stations. The elevation threshold of a station is its mask, or `minElevationDeg` when that is
   * higher.
   */
  readonly passes?: { readonly stations: readonly EventStationInput[]; readonly minElevationDeg?: number };
  readonly eclipses?: boolean;
  readonly nodes?: boolean;
  readonly apsides?: boolean;
}

export interface NodeEvent {
  /** Ascending: z (GCRF) from negative to positive. */
  readonly type: 'ASCENDING' | 'DESCENDING';
  readonly tS: number;
  readonly positionGcrfKm: readonly [number, number, number];
  /** Right ascension of the position in GCRF, [0, 360). */
  readonly rightAscensionDeg: number;
  /** Geodetic longitude (ITRF), east positive, (−180, 180]. */
  readonly longitudeDeg: number;
  readonly vzKmS: number;
}

export interface ApsisEvent {
  /** Perigee: local minimum of |r| (r·v from negative to positive). */
  readonly type: 'PERIGEE' | 'APOGEE';
  readonly tS: number;
  readonly radiusKm: number;
  /** Geodetic altitude and coordinates on WGS-84 (ITRF). */
  readonly altitudeKm: number;
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
}

export interface EventPrediction {
  /** t = 0 of every `tS`. */
  readonly epoch: Epoch;
  readonly fromS: number;
  readonly toS: number;
  /** Sorted by start (all stations mixed); null when not asked for. */
  readonly passes: readonly Pass[] | null;
  readonly eclipses: readonly Eclipse[] | null;
  readonly orbitShadow: readonly OrbitShadowShare[] | null;
  readonly nodes: readonly NodeEvent[] | null;
  readonly apsides: readonly ApsisEvent[] | null;
  readonly statistics: {
    readonly gridStepS: number;
    /** Switching-function evaluations (grid and refinement, all detectors). */
    readonly evaluations: number;
  };
}

function requireFinite(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new EventRequestError(field, `must be a finite number (got ${String(v)})`);
  return v;
}

export function predictEvents(request: EventRequest, options: EventSearchOptions = {}): EventPrediction {
  const { trajectory, environment } = request;
  const fromS = requireFinite('fromS', request.fromS);
  const toS = requireFinite('toS', request.toS);
  if (!(toS > fromS)) throw new EventRequestError('toS', `must be after fromS (${fromS} s), got ${toS} s`);
  if (fromS < trajectory.startS) throw new EventRequestError('fromS', `${fromS} s is before the trajectory starts (${trajectory.startS} s)`);
  if (toS > trajectory.endS) throw new EventRequestError('toS', `${toS} s is after the trajectory ends (${trajectory.endS} s)`);
  requireSameTimeOrigin(trajectory, environment);
  const aNg = options.nonGravitationalAccelerationKmS2 ?? DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2;
  if (!(aNg >= 0) || !Number.isFinite(aNg)) throw new EventRequestError('nonGravitationalAccelerationKmS2', `must be ≥ 0 (got ${aNg})`);
  const minElevation = request.passes?.minElevationDeg;
  if (minElevation !== undefined && !(Number.isFinite(minElevation) && minElevation >= -90 && minElevation <= 90)) {
    throw new EventRequestError('minElevationDeg', `must be a number in [-90, 90] deg (got ${String(minElevation)})`);
  }

  const refine = new EventGeometry(trajectory, environment);
  const searches: SwitchingSearch[] = [];
  const add = (s: SwitchingSearch): SwitchingSearch => {
    searches.push(s);
    return s;
  };

  const stationSearches = (request.passes?.stations ?? []).map((input, i) => {
    const base = eventStation(input, i);
    const threshold = Math.max(base.elevationMaskDeg, minElevation ?? Number.NEGATIVE_INFINITY);
    const station = threshold === base.elevationMaskDeg ? base : { ...base, sinMask: Math.sin(threshold * DEG_TO_RAD) };
    return { station, threshold, search: add(new SwitchingSearch(new ElevationFunction(station, aNg), refine, options, true)) };
  });
  let shadowSearches: { penumbra: SwitchingSearch; umbra: SwitchingSearch } | null = null;
  if (request.eclipses === true) {
    const angles = new ShadowAngles();
    shadowSearches = {
      penumbra: add(new SwitchingSearch(new ShadowFunction('PENUMBRA', angles, aNg), refine, options)),
      umbra: add(new SwitchingSearch(new ShadowFunction('UMBRA', angles, aNg), refine, options)),
    };
  }
  const nodeSearch = request.nodes === true || request.eclipses === true ? add(new SwitchingSearch(new NodeFunction(aNg), refine, options)) : null;
  const apsisSearch = request.apsides === true ? add(new SwitchingSearch(new ApsisFunction(aNg), refine, options)) : null;

  const gridStepS = options.gridStepS ?? DEFAULT_GRID_STEP_S;
  if (searches.length > 0) runSearches(trajectory, environment, fromS, toS, searches, gridStepS);

  const geometry = refine;
  let passes: Pass[] | null = null;
  if (request.passes !== undefined) {
    passes = stationSearches.flatMap(({ station, threshold, search }) => assemblePasses(station, threshold, search, fromS, toS, geometry));
    passes.sort((a, b) => a.startS - b.startS || a.stationName.localeCompare(b.stationName));
  }

  let nodes: NodeEvent[] | null = null;
  const geo = new Float64Array(3);
  if (nodeSearch !== null) {
    nodes = nodeSearch.crossings.map((c) => {
      geometry.at(c.tS);
      const s = geometry.stateGcrf;
      let ra = Math.atan2(s[1]!, s[0]!) * RAD_TO_DEG;
      if (ra < 0) ra += 360;
      cartesianToGeodetic(geometry.positionItrf, geo);
      return {
        type: c.increasing ? 'ASCENDING' : 'DESCENDING',
        tS: c.tS,
        positionGcrfKm: [s[0]!, s[1]!, s[2]!],
        rightAscensionDeg: ra,
        longitudeDeg: geo[1]! * RAD_TO_DEG,
        vzKmS: s[5]!,
      } satisfies NodeEvent;
    });
  }

  let eclipses: Eclipse[] | null = null;
  let orbitShadow: OrbitShadowShare[] | null = null;
  if (shadowSearches !== null) {
    const sample = new Float64Array(8);
    const rate = (search: SwitchingSearch, t: number): number => {
      geometry.at(t);
      search.fn.evaluate(geometry, sample, 0);
      return sample[1]!;
    };
    eclipses = assembleEclipses(shadowSearches.penumbra, shadowSearches.umbra, fromS, toS, rate);
    const ascending = (nodes ?? []).filter((n) => n.type === 'ASCENDING').map((n) => n.tS);
    orbitShadow = orbitShadowShares(eclipses, ascending, fromS, toS);
  }

  let apsides: ApsisEvent[] | null = null;
  if (apsisSearch !== null) {
    apsides = apsisSearch.crossings.map((c) => {
      geometry.at(c.tS);
      cartesianToGeodetic(geometry.positionItrf, geo);
      return {
        type: c.increasing ? 'PERIGEE' : 'APOGEE',
        tS: c.tS,
        radiusKm: geometry.radiusKm,
        altitudeKm: geo[2]!,
        latitudeDeg: geo[0]! * RAD_TO_DEG,
        longitudeDeg: geo[1]! * RAD_TO_DEG,
      } satisfies ApsisEvent;
    });
  }

  return {
    epoch: trajectory.epoch,
    fromS,
    toS,
    passes,
    eclipses,
    orbitShadow,
    nodes: request.nodes === true ? nodes : null,
    apsides,
    statistics: { gridStepS, evaluations: searches.reduce((n, s) => n + s.evaluations, 0) },
  };
}
