/**
 * One chunk of a conjunction screening: some primaries against a partition of the catalog over the span, through
 * the stages (a) apogee/perigee filter, (b) orbit-path filter, (c) sampled distance search, (d) TCA refinement,
 * (e) approach assembly with Pc. Pure: plain data in (types.ts), plain data out; no clock unless one is given
 * (`options.now`, for the per-stage timings).
 *
 * Search radius: D = the volume's largest semi-axis + `SEARCH_MARGIN_KM`. An approach inside the volume has a miss
 * distance m ≤ D − 0.1 km, so the secondary stays inside the search sphere for at least 2·√(D² − m²)/v_rel ≥ 57 ms
 * (1 km volume, 16 km/s), far above the search's 1 ms resolution: it cannot be missed (pairSearch.ts).
 */
import { CollisionInputError } from '../errors.ts';
import { isPcMethod, type PcMethod } from '../probability.ts';
import { assembleApproach, type ApproachContext } from './approach.ts';
import { apogeePerigeeOverlap, candidateWindows, type WindowCounts } from './filters.ts';
import { Sgp4OrbitModel, spanTemeRotation } from './orbitModels.ts';
import { buildPrimary, gpBounds, gpTrajectory, parseUtc, temeTable, type ObjectBounds, type ScreeningPrimary } from './objects.ts';
import { PairSearchBudgetError, searchPair, type PairSearchCounts } from './pairSearch.ts';
import { PairGeometry, type PairBounds } from './relativeMotion.ts';
import { sgp4Envelope, type Sgp4Envelope } from './sgp4Envelope.ts';
import type { SatrecTrajectory, TemeToGcrfTable } from '../../trajectories/sgp4.ts';
import type { Trajectory } from '../../trajectories/trajectory.ts';
import type { Epoch } from '../../time/epoch.ts';
import type { RtnCovarianceInput, ScreeningApproach, ScreeningChunkInput, ScreeningChunkResult, ScreeningCounts, ScreeningIssue, ScreeningTimings, SecondaryInput } from './types.ts';
import { enclosingRadiusKm, validateVolume } from './volume.ts';

/** Longest span, s (14 days). */
export const MAX_SPAN_S = 14 * 86400;
/** Added to the volume's largest semi-axis for the search radius, km (module comment). */
export const SEARCH_MARGIN_KM = 0.1;

/** A secondary ready for the search: its SGP4 trajectory on the span axis and its bounds. */
export interface BuiltSecondary {
  readonly input: SecondaryInput;
  readonly index: number;
  readonly trajectory: SatrecTrajectory;
  readonly bounds: ObjectBounds;
  readonly envelope: Sgp4Envelope;
  /** SGP4 answers up to here (s). */
  readonly validUntilS: number;
}

interface ScreeningSecondary extends BuiltSecondary {
  readonly model: Sgp4OrbitModel;
}

/** The checked chunk-level inputs every screening mode starts from. */
export interface PreparedScreening {
  readonly spanStart: Epoch;
  readonly spanS: number;
  readonly pcMethod: PcMethod;
  /** Search radius D = the volume's largest semi-axis + SEARCH_MARGIN_KM, km. */
  readonly searchRadiusKm: number;
  readonly table: TemeToGcrfTable;
  readonly primaries: ScreeningPrimary[];
}

/** Checks the span, volume, Pc method and primaries (CollisionInputError naming the field) and builds the primaries. */
export function prepareScreening(input: ScreeningChunkInput): PreparedScreening {
  const options = input.options ?? {};
  const spanStart = parseUtc(input.span?.startUtc, 'span.startUtc');
  const spanS = input.span.durationS;
  if (!(typeof spanS === 'number' && spanS > 0 && spanS <= MAX_SPAN_S)) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'span.durationS', `must be in (0, ${MAX_SPAN_S}] s (14 days; got ${String(spanS)})`);
  }
  validateVolume(input.volume);
  const pcMethod: PcMethod = options.pcMethod ?? 'LAAS_2015';
  if (!isPcMethod(pcMethod)) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'options.pcMethod', `unknown Pc method ${String(pcMethod)}`);
  const searchRadiusKm = enclosingRadiusKm(input.volume) + SEARCH_MARGIN_KM;
  const table = temeTable(spanStart, spanS);
  const primaries: ScreeningPrimary[] = input.primaries.map((p, i) => buildPrimary(p, i, spanStart, spanS, table));
  const ids = new Set<string>();
  for (const [i, p] of input.primaries.entries()) {
    if (ids.has(p.id)) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `primaries[${i}].id`, `${p.id} is given twice`);
    ids.add(p.id);
  }
  return { spanStart, spanS, pcMethod, searchRadiusKm, table, primaries };
}

/**
 * The secondaries' SGP4 trajectories, envelopes and bounds; element sets SGP4 refuses or that fail within the span
 * become issues (a decaying object is kept up to its last answered instant).
 */
export function buildSecondaries(secondaries: readonly SecondaryInput[], options: ScreeningChunkInput['options'], table: TemeToGcrfTable, spanS: number, issues: ScreeningIssue[]): BuiltSecondary[] {
  const out: BuiltSecondary[] = [];
  secondaries.forEach((s, index) => {
    const hbr = s.hardBodyRadiusM ?? options?.secondaryHardBodyRadiusM;
    if (!(typeof hbr === 'number' && Number.isFinite(hbr) && hbr >= 0)) {
      throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `secondaries[${index}].hardBodyRadiusM`, 'is required (or options.secondaryHardBodyRadiusM): a finite number ≥ 0 m');
    }
    const built = gpTrajectory(s.elements, table);
    if ('problem' in built) {
      issues.push({ code: 'ELEMENTS_REFUSED', secondaryNoradId: s.elements?.noradId, message: built.problem });
      return;
    }
    const envelope = sgp4Envelope(built.trajectory.satrec, built.epochS, 0, spanS);
    if (envelope.failedAfterS !== null) {
      issues.push({
        code: envelope.failedAfterS <= 0 ? 'SGP4_UNUSABLE_IN_SPAN' : 'SGP4_FAILED_DURING_SPAN',
        secondaryNoradId: s.elements.noradId,
        screenedUntilS: envelope.failedAfterS,
        message: `SGP4 fails within the span after ${envelope.failedAfterS.toFixed(0)} s (satellite.js error ${envelope.sgp4Error}${envelope.sgp4Error === 6 ? ': the orbit decays' : ''}); screened up to there`,
      });
      if (envelope.failedAfterS <= 0) return;
    }
    out.push({ input: s, index, trajectory: built.trajectory, bounds: gpBounds(envelope), envelope, validUntilS: envelope.failedAfterS ?? spanS });
  });
  return out;
}

/** One side of a pair as the search and the approach need it. */
export interface PairSide {
  readonly trajectory: Trajectory;
  readonly bounds: ObjectBounds;
  readonly hardBodyRadiusM: number;
  readonly covariance: RtnCovarianceInput | undefined;
}

/** Where a pair's search puts what it finds. */
export interface PairSearchSink {
  readonly context: ApproachContext;
  readonly searchRadiusKm: number;
  readonly searchCounts: PairSearchCounts;
  readonly counts: ScreeningCounts;
  readonly issues: ScreeningIssue[];
  readonly approaches: ScreeningApproach[];
  /** Called after the search (stage 'search') and after the approaches (stage 'pc'), for the timings. */
  readonly lap: (stage: 'search' | 'pc') => void;
}

/**
 * Stages (c)–(e) for one pair over its windows: the sampled search with local searches and TCA refinement
 * (pairSearch.ts), the issues of a stopped search, and the approaches inside the volume with their Pc.
 */
export function searchPairApproaches(
  primary: PairSide & { readonly id: string },
  secondary: PairSide & { readonly noradId: number; readonly name: string | null },
  windows: readonly (readonly [number, number])[],
  sink: PairSearchSink,
): void {
  const bounds = pairBounds(primary.bounds, secondary.bounds);
  const geometry = new PairGeometry(primary.trajectory, secondary.trajectory);
  const refine = new PairGeometry(primary.trajectory, secondary.trajectory);
  const result = searchPair(geometry, refine, bounds, windows, { searchRadiusKm: sink.searchRadiusKm }, sink.searchCounts);
  sink.lap('search');
  if (result.failure !== null) {
    sink.issues.push({
      code: result.failure instanceof PairSearchBudgetError ? 'PAIR_STAYS_CLOSE' : 'SGP4_FAILED_DURING_SPAN',
      primaryId: primary.id,
      secondaryNoradId: secondary.noradId,
      screenedUntilS: result.screenedUntilS,
      message: `the search stopped at ${result.screenedUntilS.toFixed(3)} s: ${(result.failure as Error).message ?? String(result.failure)}`,
    });
  }
  sink.counts.minimaFound += result.tcaS.length;
  const probe = geometry.primary;
  const probeSecondary = geometry.secondary;
  for (const tca of result.tcaS) {
    primary.trajectory.stateAt(tca, probe);
    secondary.trajectory.stateAt(tca, probeSecondary);
    const approach = assembleApproach(sink.context, {
      primaryId: primary.id,
      primaryCovariance: primary.covariance,
      secondaryNoradId: secondary.noradId,
      secondaryName: secondary.name,
      secondaryCovariance: secondary.covariance,
      combinedHardBodyRadiusM: primary.hardBodyRadiusM + secondary.hardBodyRadiusM,
    }, tca, probe, probeSecondary);
    if (approach !== null) sink.approaches.push(approach);
  }
  sink.lap('pc');
}

/** The pair's constants of the search's bounds from the two objects' bounds (relativeMotion.ts). */
export function pairBounds(a: ObjectBounds, b: ObjectBounds): PairBounds {
  return {
    accelerationSumKmS2: a.accelerationKmS2 + b.accelerationKmS2,
    perturbationKmS2: a.perturbationKmS2 + b.perturbationKmS2,
    radiusLowKm: Math.min(a.radiusMinKm, b.radiusMinKm),
    velocityMismatchKmS: a.velocityMismatchKmS + b.velocityMismatchKmS,
  };
}

/** All counts at zero. */
export function emptyCounts(): ScreeningCounts {
  return {
    pairs: 0, afterApogeePerigee: 0, pathCells: 0, afterPhasing: 0, afterPath: 0, unfilteredPairs: 0, pairsSearched: 0, searchedPairSeconds: 0,
    sieveEvaluations: 0, localEvaluations: 0, localSearches: 0, minimaFound: 0, approaches: 0,
  };
}

/** Order of approaches in every result: TCA, then primary id, then NORAD id. */
export function compareApproaches(a: ScreeningApproach, b: ScreeningApproach): number {
  return a.tcaS - b.tcaS || (a.primaryId < b.primaryId ? -1 : a.primaryId > b.primaryId ? 1 : 0) || a.secondaryNoradId - b.secondaryNoradId;
}

/** Screens one chunk (module comment). Throws CollisionInputError naming the field for malformed input. */
export function screenChunk(input: ScreeningChunkInput): ScreeningChunkResult {
  const options = input.options ?? {};
  const now = options.now ?? null;
  const timings: ScreeningTimings = { setupMs: 0, filtersMs: 0, samplingMs: 0, refinementMs: 0, pcMs: 0 };
  let mark = now?.() ?? 0;
  const lap = (key: keyof ScreeningTimings): void => {
    if (now === null) return;
    const t = now();
    timings[key] += t - mark;
    mark = t;
  };

  const { spanStart, spanS, pcMethod, searchRadiusKm, table, primaries } = prepareScreening(input);
  const frame = spanTemeRotation(table, spanS);
  const issues: ScreeningIssue[] = [];
  const secondaries: ScreeningSecondary[] = buildSecondaries(input.secondaries, options, table, spanS, issues)
    .map((s) => ({ ...s, model: new Sgp4OrbitModel(s.trajectory.satrec, s.envelope, s.bounds, frame) }));
  lap('setupMs');

  const counts = emptyCounts();
  const windowCounts: WindowCounts = { crossings: 0, afterPhasing: 0, afterPath: 0, unfiltered: 0 };
  const searchCounts: PairSearchCounts = { sieveEvaluations: 0, localEvaluations: 0, localSearches: 0, localMs: 0, now };
  const approaches: ScreeningApproach[] = [];
  const sink: PairSearchSink = {
    context: { spanStart, volume: input.volume, pcMethod }, searchRadiusKm, searchCounts, counts, issues, approaches,
    lap: (stage) => lap(stage === 'search' ? 'samplingMs' : 'pcMs'),
  };
  for (const primary of primaries) {
    const primaryModel = primary.model;
    const primarySide = { id: primary.input.id, trajectory: primary.trajectory, bounds: primary.bounds, hardBodyRadiusM: primary.input.hardBodyRadiusM, covariance: primary.input.covariance };
    for (const secondary of secondaries) {
      if (primary.input.noradId !== undefined && primary.input.noradId === secondary.input.elements.noradId) continue;
      counts.pairs++;
      // (a) apogee/perigee filter
      if (!apogeePerigeeOverlap(primary.bounds, secondary.bounds, searchRadiusKm)) continue;
      counts.afterApogeePerigee++;
      // (b) orbit-path and phasing filter at the node crossings
      const windows: [number, number][] = options.orbitPathFilter === false
        ? [[0, secondary.validUntilS]]
        : candidateWindows(primaryModel, secondary.model, searchRadiusKm, 0, secondary.validUntilS, windowCounts);
      lap('filtersMs');
      if (windows.length === 0) continue;
      counts.pairsSearched++;
      for (const [a, b] of windows) counts.searchedPairSeconds += b - a;
      // (c) sampled search with (d) local searches and TCA refinement, (e) the approaches inside the volume
      searchPairApproaches(primarySide, {
        noradId: secondary.input.elements.noradId,
        name: secondary.input.elements.name,
        trajectory: secondary.trajectory,
        bounds: secondary.bounds,
        hardBodyRadiusM: secondary.input.hardBodyRadiusM ?? options.secondaryHardBodyRadiusM!,
        covariance: secondary.input.covariance,
      }, windows, sink);
    }
  }
  counts.pathCells = windowCounts.crossings;
  counts.afterPhasing = windowCounts.afterPhasing;
  counts.afterPath = windowCounts.afterPath;
  counts.unfilteredPairs = windowCounts.unfiltered;
  // the pair searches' time minus their local searches is the sieve's
  timings.samplingMs -= searchCounts.localMs;
  timings.refinementMs += searchCounts.localMs;
  counts.sieveEvaluations = searchCounts.sieveEvaluations;
  counts.localEvaluations = searchCounts.localEvaluations;
  counts.localSearches = searchCounts.localSearches;
  counts.approaches = approaches.length;
  approaches.sort(compareApproaches);
  return { approaches, issues, counts, timings: now === null ? null : timings };
}
