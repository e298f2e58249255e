/**
 * The distance search of one pair over its time windows: a sampled search whose step is proven safe (the sieve),
 * and local searches with engine/events' bracketing search where the sieve cannot prove the distance above the
 * search radius; every local minimum of the distance inside the search sphere comes out refined to the root of
 * the relative range rate Δr·Δv (the TCA).
 *
 * Sieve (relativeMotion.ts `provenClearStep`): from a sample, the distance cannot come down to the search radius
 * before the step the bound allows, so the next sample is taken there. The steps are long while the objects are
 * far apart or separating (minutes to hours) and shrink as they close in; once the proven step falls below
 * `minimumStepS`, a local search covers the next `localWindowS`.
 *
 * Local search: engine/events/search.ts on f = D² − ρ² (relativeMotion.ts `InsideSphereFunction`) over the window:
 * an interval is dropped only when the bounds on f' and f'' prove f ≤ 0 (ρ ≥ D) on all of it, otherwise halved;
 * every maximum of f with f > 0 (a minimum of ρ inside the sphere) is refined with Brent's method on f' to
 * `toleranceS`. Consecutive windows share their end samples, so a minimum on a boundary is found once.
 *
 * Guarantee: every local minimum of the distance below the search radius D whose excursion below D lasts longer
 * than the resolution (1 ms) is found, under the bounds' assumptions (acceleration and velocity-mismatch bounds,
 * relativeMotion.ts). The screening searches with D = the volume's largest semi-axis + a margin, so an approach
 * inside the volume spends far longer than 1 ms inside the search sphere (screen.ts).
 */
import { SwitchingSearch } from '../../events/search.ts';
import { InsideSphereFunction, PairGeometry, provenClearStep, type PairBounds } from './relativeMotion.ts';

export interface PairSearchSettings {
  /** Search radius D, km. */
  readonly searchRadiusKm: number;
  /** A proven step shorter than this (s) hands over to a local search. Default 10. */
  readonly minimumStepS?: number;
  /** Length of a local search window, s. Default 60. */
  readonly localWindowS?: number;
  /** TCA tolerance, s. Default 1e-6. */
  readonly toleranceS?: number;
  /** Excursions inside the sphere shorter than this may be missed, s. Default 1e-3. */
  readonly resolutionS?: number;
  /**
   * Bound on the local searches' evaluations for the pair (default 400,000, about a second). Two objects that stay
   * inside the search sphere for hours (docked or co-located objects with their own catalog entries, or one object
   * listed twice) have no isolated distance minimum to find: the search would halve every window down to the
   * resolution. Past the bound the pair stops with `PairSearchBudgetError` and is reported, not searched forever.
   */
  readonly maxLocalEvaluations?: number;
}

/** The pair's local searches went past `maxLocalEvaluations` (the objects stay close for long). */
export class PairSearchBudgetError extends Error {
  constructor(readonly stoppedAtS: number, readonly distanceKm: number) {
    super(`the objects stay within the search sphere for long (distance ${distanceKm.toFixed(3)} km at ${stoppedAtS.toFixed(3)} s): co-located, docked or duplicated objects have no isolated approach to report`);
    this.name = 'PairSearchBudgetError';
  }
}

export interface PairSearchCounts {
  sieveEvaluations: number;
  localEvaluations: number;
  localSearches: number;
  /** Time spent in the local searches and TCA refinements (ms), when `now` is given. */
  localMs: number;
  readonly now?: (() => number) | null;
}

export interface PairSearchResult {
  /** TCAs of the distance minima inside the search sphere (s, increasing). */
  readonly tcaS: number[];
  /** The pair was screened up to here (s): the end of its last window, or where a trajectory failed. */
  readonly screenedUntilS: number;
  /** The error that stopped the search early, if any. */
  readonly failure: unknown;
}

/**
 * Searches one pair over its windows ([start, end] pairs in s, increasing, disjoint). `geometry` and `refine` are
 * two PairGeometry on the same two trajectories (the sieve's and the local search's refinements).
 */
export function searchPair(
  geometry: PairGeometry,
  refine: PairGeometry,
  bounds: PairBounds,
  windows: readonly (readonly [number, number])[],
  settings: PairSearchSettings,
  counts: PairSearchCounts,
): PairSearchResult {
  const radius = settings.searchRadiusKm;
  const minimumStep = settings.minimumStepS ?? 10;
  const localWindow = settings.localWindowS ?? 60;
  const maxLocalEvaluations = settings.maxLocalEvaluations ?? 400_000;
  const fn = new InsideSphereFunction(radius, bounds);
  let search: SwitchingSearch<PairGeometry> | null = null;
  let screenedUntil = windows.length > 0 ? windows[0]![0] : 0;
  const sieveBefore = geometry.evaluations;
  const localBefore = refine.evaluations;
  let failure: unknown = null;
  try {
    for (const [from, to] of windows) {
      let t = from;
      geometry.at(t);
      screenedUntil = t;
      for (;;) {
        const step = provenClearStep(bounds, geometry.rhoKm, geometry.rangeRateProduct, geometry.relativeSpeedKmS, radius);
        if (step >= minimumStep) {
          const next = t + step;
          if (next >= to) break;
          geometry.at(next);
          t = next;
          screenedUntil = t;
          continue;
        }
        const end = Math.min(t + localWindow, to);
        if (!(end > t)) break;
        const started = counts.now?.() ?? 0;
        search ??= new SwitchingSearch(fn, refine, { toleranceS: settings.toleranceS ?? 1e-6, resolutionS: settings.resolutionS ?? 1e-3, locateCrossings: false }, true);
        search.begin(t, geometry);
        geometry.at(end);
        search.advance(end, geometry);
        counts.localSearches++;
        if (counts.now) counts.localMs += counts.now() - started;
        t = end;
        screenedUntil = t;
        if (refine.evaluations - localBefore > maxLocalEvaluations) throw new PairSearchBudgetError(t, geometry.rhoKm);
        if (t >= to) break;
      }
      screenedUntil = to;
    }
  } catch (error) {
    failure = error;
  }
  counts.sieveEvaluations += geometry.evaluations - sieveBefore;
  counts.localEvaluations += refine.evaluations - localBefore;
  const tcaS = search === null ? [] : search.maxima.map((m) => m.tS).sort((x, y) => x - y);
  return { tcaS, screenedUntilS: screenedUntil, failure };
}
