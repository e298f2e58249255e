/**
 * The catalog-scale sieve: a screening of many objects at once — the catalog against itself (ALL_VS_ALL) or a set of
 * primaries against it (PRIMARIES) — whose cost grows with the number of objects and of close pairs, not with the
 * number of pairs. Instead of a loop over pairs (screen.ts: filters per pair), every object is sampled once
 * (sampledPositions.ts), and at every fine step the interpolated positions are hashed into a uniform grid; only
 * objects in neighbouring cells are compared, with a proven cheap test; the (pair, step) that survive become time
 * windows per pair, searched as screen.ts searches its windows (pairSearch.ts on the exact trajectories, TCA
 * refinement, approach.ts for the RTN geometry and the Pc). Pure: plain data in and out, no clock unless
 * `options.now` is given.
 *
 * Conventions: times in s from the span start; the fine steps are t_k = k·δ, k = 0 … M, with δ = span/M ≤ the
 * requested step, so the half-windows [t_k − δ/2, t_k + δ/2] cover the span. D is the search radius (the volume's
 * largest semi-axis + SEARCH_MARGIN_KM, as screen.ts). For object i: ε_i and η_i its interpolation bounds on the
 * position and its derivative, V_i its speed bound (sampledPositions.ts); r̃, ṽ are interpolated quantities.
 *
 * Guarantee (no approach inside the volume is missed, under the bounds of sampledPositions.ts and relativeMotion.ts):
 *  0. PRIMARIES: a secondary whose radius range over the span (objects.ts bounds) comes within D of no primary's is
 *     left out: for every primary, ρ ≥ ||r_p| − |r_s|| > D at every instant.
 *  1. Let a pair (i, j) have a distance minimum ρ(t*) ≤ D. Some step has |t* − t_k| ≤ δ/2. The true distance at t_k
 *     is ≤ D + (V_i + V_j)·δ/2 (the relative speed is at most V_i + V_j), so the interpolated one is
 *     ρ̃(t_k) ≤ R_ij := D + (V_i + V_j)·δ/2 + ε_i + ε_j.
 *  2. The grid's cell size is L = F·R_max (F = `cellFactor` ≥ 1, default 2), R_max = D + δ·max V + 2·max ε ≥ R_ij for
 *     every pair. Each object i looks into every cell whose box lies within R_i := D + p_i + max p of its
 *     interpolated position (p the pad of 3; R_ij ≤ R_i ≤ R_max for every j; per axis its own cell and the one below
 *     or above when the face is within R_i: 1–8 cells for F ≥ 2, up to 27 for F ≥ 1, corners farther than R_i
 *     skipped); a point within R_ij ≤ R_i lies in one of them. Each unordered pair
 *     is taken once (exact cell indices compared, so hash collisions neither add nor repeat a pair): in ALL_VS_ALL
 *     two objects of one cell from the later slot of the cell's run, two of neighbouring cells from the object whose
 *     neighbour lies at the lexicographically positive offset (dx > 0, or dx = 0 and dy > 0, or dx = dy = 0 and
 *     dz > 0) — the ball of either object of a pair within R_ij reaches the other's cell, so from that side too —
 *     and in PRIMARIES from the primary: the pair is a candidate at t_k, once.
 *  3. Cheap test 1: ρ̃(t_k) > R_ij rejects (the contrapositive of 1); computed as ρ̃² > R_ij² with R_ij = D + p_i + p_j,
 *     the pad p_i = V_i·δ/2 + ε_i precomputed per object.
 *     Cheap test 2: for |τ| ≤ δ/2, Δr(t_k + τ) = Δr̃ + Δṽ·τ + e(τ) with |e(τ)| ≤ ε_i + ε_j + (η_i + η_j)·|τ| + A·τ²/2
 *     (Taylor to second order about t_k of the true relative motion; A the relative-acceleration bound of
 *     relativeMotion.ts for separations up to R_ij + ε_i + ε_j + (V_i + V_j)·δ/2, the most a survivor of test 1
 *     reaches within the half-window). So ρ(t_k + τ) ≥ m − E with m the distance of the segment Δr̃ + Δṽ·τ
 *     (|τ| ≤ δ/2) to the origin and E = ε_i + ε_j + (η_i + η_j)·δ/2 + A·δ²/8: m − E > D rejects. A survivor keeps the window [t_k − δ/2 − 1 s, t_k + δ/2 + 1 s] for the pair.
 *  4. A pair's windows are merged (consecutive steps overlap at their ends, so a minimum on a step boundary lies inside
 *     a merged window, and the 1 s keeps every minimum inside a window away from its ends) and handed to
 *     pairSearch.ts, whose own guarantee holds inside the windows: every local minimum below D whose excursion below
 *     D lasts longer than 1 ms is found, refined to 1e-6 s. An approach inside the volume (≤ D − 0.1 km) stays inside
 *     the search sphere ≥ 57 ms (screen.ts).
 * A decaying object (SGP4 fails within the span) is screened on the steps whose half-windows end before its last
 * answered instant (reported as SGP4_FAILED_DURING_SPAN with that end, as screen.ts does with its own end).
 *
 * Cost: time ≈ a·(objects × nodes) [SGP4 sampling] + b·(objects × fine steps) [interpolation and grid]
 * + c·(candidate pair-steps) [the two tests] + d·(pair windows searched) [pairSearch], plus the Pc per approach —
 * measured by bench/screening-sieve.ts (README "Catalog-scale sieve"). No allocation per step: the grid is a
 * counting sort of cell hashes into reused typed arrays (the cells of a 4 × 4 × 4 block in consecutive buckets, the
 * step's objects copied in bucket order, so that a cell's neighbours mostly lie in cache). The candidate stage's cost
 * is mostly its memory reads (cell look-ups, bucket runs), not the tests: each pair is read once (2), test 1 from
 * the slot rows, test 2 from one row of state and one of constants per object.
 */
import { compareApproaches, emptyCounts, prepareScreening, buildSecondaries, pairBounds, searchPairApproaches, type BuiltSecondary, type PairSearchSink, type PairSide } from './screen.ts';
import { relativeAccelerationBound } from './relativeMotion.ts';
import type { PairSearchCounts } from './pairSearch.ts';
import { DEFAULT_INTERPOLATION_TOLERANCE_KM, SampledPositions, type SampledObjectInput } from './sampledPositions.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from '../../events/motionBounds.ts';
import { CollisionInputError } from '../errors.ts';
import type { ScreeningApproach, ScreeningChunkInput, ScreeningChunkResult, ScreeningIssue, ScreeningTimings } from './types.ts';

/**
 * Default fine step δ, s: the cheapest all-vs-all at 45,000 objects (bench/screening-sieve.ts, 45,000 × 2 h, 2026-12-08,
 * sieve stages grid + candidates: 10.4–10.9 s at 10 s, 7.9–9.8 s at 15 s, 9.1 s at 20 s; the same 12,252 approaches):
 * the object-steps cost ∝ 1/δ, the candidates ∝ δ².
 */
export const DEFAULT_FINE_STEP_S = 15;
/**
 * Default cell size over R_max (module comment, 2): ≥ 2, so that a ball of R_max reaches at most two cells per axis
 * (bench/screening-sieve.ts: larger cells trade fewer cell look-ups for more candidate pairs).
 */
export const DEFAULT_CELL_FACTOR = 2;
/** Added to each end of a surviving step's window, s (module comment, 4). */
export const WINDOW_PAD_S = 1;

/** How the objects are paired: every pair with at least one secondary once, or only the primaries' pairs. */
export type GridScreeningMode = 'ALL_VS_ALL' | 'PRIMARIES';

export interface GridSieveSettings {
  /** Fine step δ, s (default DEFAULT_FINE_STEP_S). */
  readonly fineStepS?: number;
  /** Interpolation tolerance per object, km (default sampledPositions.ts DEFAULT_INTERPOLATION_TOLERANCE_KM). */
  readonly interpolationToleranceKm?: number;
  /** Cell size over R_max, ≥ 1 (default DEFAULT_CELL_FACTOR). */
  readonly cellFactor?: number;
}

/**
 * A catalog-scale screening. ALL_VS_ALL: every pair of secondaries once, and every primary against every secondary
 * (primaries are not screened against each other, as in screen.ts); in a pair of two secondaries the one with the
 * lower NORAD id (then the earlier given) is the pair's primary: its NORAD id as a string is the approach's
 * `primaryId`, the RTN frame is its own. PRIMARIES: the primaries against the secondaries, as `screenChunk`.
 */
export interface GridScreeningInput extends ScreeningChunkInput {
  readonly mode: GridScreeningMode;
  readonly sieve?: GridSieveSettings;
}

/** The sieve's own counts (the cost model's terms). */
export interface GridSieveCounts {
  objects: number;
  nodes: number;
  fineSteps: number;
  fineStepS: number;
  cellSizeKm: number;
  /** Object positions interpolated and hashed (objects × fine steps, less decayed objects). */
  objectSteps: number;
  /** Pairs compared (neighbouring cells) over all steps, those left by test 1 and by test 2. */
  candidatePairSteps: number;
  afterDistanceTest: number;
  afterSegmentTest: number;
  /** Merged windows handed to the pair search. */
  pairWindows: number;
  /** Largest interpolation bound ε over the objects, km, and the largest speed bound, km/s. */
  largestInterpolationErrorKm: number;
  largestSpeedKmS: number;
}

/** Milliseconds per stage of the sieve (null without a clock). */
export interface GridSieveTimings {
  setupMs: number;
  samplingMs: number;
  gridMs: number;
  candidatesMs: number;
  pairSearchMs: number;
  refinementMs: number;
  pcMs: number;
}

export interface GridScreeningResult extends ScreeningChunkResult {
  readonly sieve: GridSieveCounts;
  readonly sieveTimings: GridSieveTimings | null;
}

/** A growable Int32Array (amortised doubling). */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/**
 * Bucket of cell (x, y, z) in a table of 64 · 2^(32 − shift) buckets: the cells of each block of 4 × 4 × 4 fill 64
 * consecutive buckets, the blocks Fibonacci-hashed (the low 10 bits of each block index packed into one word, the
 * top bits of its product by 2³²/φ). The candidate loop walks the slots in bucket order, block after block, and most
 * neighbour cells it visits lie in the same block or the next ones it visits, their bucket entries and slots in
 * cache. Distinct cells may share a bucket (blocks 1024 apart on an axis share a key, two blocks a hash), which the
 * exact index compare sorts out.
 */
const cellHash = (x: number, y: number, z: number, shift: number): number =>
  ((Math.imul((((x >> 2) & 1023) << 20) | (((y >> 2) & 1023) << 10) | ((z >> 2) & 1023), 0x9e3779b1) >>> shift) << 6) | ((x & 3) << 4) | ((y & 3) << 2) | (z & 3);

/** Screens the objects with the grid sieve (module comment). Throws CollisionInputError naming the field for malformed input. */
export function screenWithGrid(input: GridScreeningInput): GridScreeningResult {
  const options = input.options ?? {};
  const now = options.now ?? null;
  const timings: GridSieveTimings = { setupMs: 0, samplingMs: 0, gridMs: 0, candidatesMs: 0, pairSearchMs: 0, refinementMs: 0, pcMs: 0 };
  let mark = now?.() ?? 0;
  const lap = (key: keyof GridSieveTimings): void => {
    if (now === null) return;
    const t = now();
    timings[key] += t - mark;
    mark = t;
  };
  if (input.mode !== 'ALL_VS_ALL' && input.mode !== 'PRIMARIES') {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'mode', `must be ALL_VS_ALL or PRIMARIES (got ${String(input.mode)})`);
  }
  const requestedStepS = input.sieve?.fineStepS ?? DEFAULT_FINE_STEP_S;
  if (!(typeof requestedStepS === 'number' && requestedStepS >= 0.1 && requestedStepS <= 600)) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'sieve.fineStepS', `must be in [0.1, 600] s (got ${String(requestedStepS)})`);
  }
  const toleranceKm = input.sieve?.interpolationToleranceKm ?? DEFAULT_INTERPOLATION_TOLERANCE_KM;
  if (!(typeof toleranceKm === 'number' && toleranceKm >= 1e-3 && toleranceKm <= 10)) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'sieve.interpolationToleranceKm', `must be in [0.001, 10] km (got ${String(toleranceKm)})`);
  }

  const cellFactor = input.sieve?.cellFactor ?? DEFAULT_CELL_FACTOR;
  if (!(typeof cellFactor === 'number' && cellFactor >= 1 && cellFactor <= 16)) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', 'sieve.cellFactor', `must be in [1, 16] (got ${String(cellFactor)})`);
  }

  const { spanStart, spanS, pcMethod, searchRadiusKm, table, primaries } = prepareScreening(input);
  const issues: ScreeningIssue[] = [];
  const built = buildSecondaries(input.secondaries, options, table, spanS, issues);
  // PRIMARIES: a secondary whose radius range over the span comes within D of no primary's is never near one
  // (apogee/perigee filter, Hoots et al. 1984; the ranges are bounds over the span, objects.ts): it is not sampled.
  // It pays where the primaries fly in a few narrow shells (a constellation) and the catalog spreads over all heights.
  const secondaries = input.mode === 'PRIMARIES' ? withinRadialBands(built, primaries.map((p) => p.bounds), searchRadiusKm) : built;

  // objects: the primaries first, then the secondaries
  const sides: (PairSide & { readonly id: string; readonly noradId: number; readonly name: string | null })[] = [];
  const sampledInputs: SampledObjectInput[] = [];
  const primaryCount = primaries.length;
  for (const p of primaries) {
    sides.push({ id: p.input.id, noradId: p.input.noradId ?? -1, name: null, trajectory: p.trajectory, bounds: p.bounds, hardBodyRadiusM: p.input.hardBodyRadiusM, covariance: p.input.covariance });
    sampledInputs.push({ trajectory: p.trajectory, bounds: p.bounds, nonGravitationalKmS2: p.input.nonGravitationalAccelerationKmS2 ?? DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2, endS: spanS });
  }
  for (const s of secondaries) {
    const e = s.input.elements;
    sides.push({ id: String(e.noradId), noradId: e.noradId, name: e.name, trajectory: s.trajectory, bounds: s.bounds, hardBodyRadiusM: s.input.hardBodyRadiusM ?? options.secondaryHardBodyRadiusM!, covariance: s.input.covariance });
    sampledInputs.push({ trajectory: s.trajectory, bounds: s.bounds, nonGravitationalKmS2: 0, endS: s.validUntilS });
  }
  const n = sides.length;
  lap('setupMs');
  const sampled = new SampledPositions(sampledInputs, toleranceKm);
  lap('samplingMs');

  const fineSteps = Math.max(1, Math.ceil(spanS / requestedStepS - 1e-9));
  const dt = spanS / fineSteps;
  const half = 0.5 * dt;
  const grid = new StepGrid(sampled, sides.map((x) => x.bounds), sides.map((x) => x.noradId), primaryCount, input.mode === 'ALL_VS_ALL', searchRadiusKm, spanS, fineSteps, cellFactor);
  for (let i = primaryCount; i < n; i++) {
    if (sampled.endS[i]! < spanS && grid.lastStep[i]! >= 0) {
      // the decay issue's screened-until is the sieve's own coverage end
      const issue = issues.findIndex((x) => x.secondaryNoradId === sides[i]!.noradId && x.code === 'SGP4_FAILED_DURING_SPAN');
      if (issue >= 0) issues[issue] = { ...issues[issue]!, screenedUntilS: grid.lastStep[i]! * dt + half };
    }
  }
  const counts = emptyCounts();
  const sieve = grid.counts;
  sieve.nodes = sampled.totalNodes;
  const allVsAll = input.mode === 'ALL_VS_ALL';
  const isPrimary = (i: number): boolean => i < primaryCount;
  for (let k = 0; k <= fineSteps; k++) {
    grid.interpolate(k);
    lap('gridMs');
    grid.candidates(k);
    lap('candidatesMs');
  }
  grid.finish();
  const keptPair = grid.keptPair;
  const keptStep = grid.keptStep;
  const noradIds = grid.noradIds;

  // windows per pair: sort the kept (pair, step) by pair then step, merge consecutive steps
  const kept = keptStep.length;
  const keys = new Float64Array(kept);
  const stepsPlusOne = fineSteps + 1;
  for (let r = 0; r < kept; r++) keys[r] = (keptPair.data[2 * r]! * n + keptPair.data[2 * r + 1]!) * stepsPlusOne + keptStep.data[r]!;
  keys.sort();
  lap('candidatesMs');

  const approaches: ScreeningApproach[] = [];
  const searchCounts: PairSearchCounts = { sieveEvaluations: 0, localEvaluations: 0, localSearches: 0, localMs: 0, now };
  const sink: PairSearchSink = {
    context: { spanStart, volume: input.volume, pcMethod }, searchRadiusKm, searchCounts, counts, issues, approaches,
    lap: (stage) => lap(stage === 'search' ? 'pairSearchMs' : 'pcMs'),
  };
  let r = 0;
  while (r < kept) {
    const pairKey = Math.floor(keys[r]! / stepsPlusOne);
    const a = Math.floor(pairKey / n);
    const b = pairKey - a * n;
    const coverEnd = Math.min(sampled.endS[a]!, sampled.endS[b]!);
    const windows: [number, number][] = [];
    while (r < kept && Math.floor(keys[r]! / stepsPlusOne) === pairKey) {
      const k = keys[r]! - pairKey * stepsPlusOne;
      const from = Math.max(0, k * dt - half - WINDOW_PAD_S);
      const to = Math.min(coverEnd, k * dt + half + WINDOW_PAD_S);
      const last = windows[windows.length - 1];
      if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
      else if (to > from) windows.push([from, to]);
      r++;
    }
    if (windows.length === 0) continue;
    sieve.pairWindows += windows.length;
    counts.pairsSearched++;
    for (const [w0, w1] of windows) counts.searchedPairSeconds += w1 - w0;
    // the pair's primary: a primary, else the lower NORAD id (then the earlier given)
    const aFirst = isPrimary(a) || (!isPrimary(b) && (noradIds[a]! < noradIds[b]! || (noradIds[a] === noradIds[b] && a < b)));
    const p = aFirst ? a : b;
    const q = aFirst ? b : a;
    searchPairApproaches(sides[p]!, sides[q]!, windows, sink);
  }

  const pairsOf = (list: readonly BuiltSecondary[]): number => {
    const s = list.length;
    return (allVsAll ? (s * (s - 1)) / 2 : 0) + primaryCount * s - ownEntries(primaries.map((p) => p.input.noradId), list.map((x) => x.input.elements.noradId));
  };
  counts.pairs = pairsOf(built);
  // PRIMARIES: the pairs whose secondary lies within some primary's radial band (withinRadialBands)
  counts.afterApogeePerigee = secondaries === built ? counts.pairs : pairsOf(secondaries);
  timings.pairSearchMs -= searchCounts.localMs;
  timings.refinementMs += searchCounts.localMs;
  counts.sieveEvaluations = searchCounts.sieveEvaluations;
  counts.localEvaluations = searchCounts.localEvaluations;
  counts.localSearches = searchCounts.localSearches;
  counts.approaches = approaches.length;
  approaches.sort(compareApproaches);
  const chunkTimings: ScreeningTimings = {
    setupMs: timings.setupMs, filtersMs: timings.samplingMs + timings.gridMs + timings.candidatesMs, samplingMs: timings.pairSearchMs, refinementMs: timings.refinementMs, pcMs: timings.pcMs,
  };
  return { approaches, issues, counts, timings: now === null ? null : chunkTimings, sieve, sieveTimings: now === null ? null : timings };
}

/**
 * The secondaries whose radius range [radiusMinKm, radiusMaxKm] comes within `distanceKm` of some primary's (the
 * primaries' ranges widened by it and merged into disjoint bands, each secondary checked by binary search).
 */
function withinRadialBands<T extends { readonly bounds: { readonly radiusMinKm: number; readonly radiusMaxKm: number } }>(
  secondaries: readonly T[],
  primaries: ReadonlyArray<{ readonly radiusMinKm: number; readonly radiusMaxKm: number }>,
  distanceKm: number,
): T[] {
  if (primaries.length === 0) return [];
  const ranges = primaries.map((p) => [p.radiusMinKm - distanceKm, p.radiusMaxKm + distanceKm] as [number, number]).sort((a, b) => a[0] - b[0]);
  const from: number[] = [];
  const to: number[] = [];
  for (const [a, b] of ranges) {
    if (from.length > 0 && a <= to[to.length - 1]!) to[to.length - 1] = Math.max(to[to.length - 1]!, b);
    else {
      from.push(a);
      to.push(b);
    }
  }
  return secondaries.filter(({ bounds }) => {
    // the last band starting at or below the secondary's largest radius
    let lo = 0;
    let hi = from.length - 1;
    if (from[0]! > bounds.radiusMaxKm) return false;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (from[mid]! <= bounds.radiusMaxKm) lo = mid;
      else hi = mid - 1;
    }
    return to[lo]! >= bounds.radiusMinKm;
  });
}

/** Pairs of a primary with its own catalog entry (not screened). */
function ownEntries(primaryNoradIds: readonly (number | undefined)[], secondaryNoradIds: readonly number[]): number {
  const ids = new Map<number, number>();
  for (const id of secondaryNoradIds) ids.set(id, (ids.get(id) ?? 0) + 1);
  let own = 0;
  for (const id of primaryNoradIds) if (id !== undefined) own += ids.get(id) ?? 0;
  return own;
}

/**
 * The grid of one fine step after another (module comment, 1–3): per-object constants in typed arrays, the positions
 * interpolated at the step from each object's current node-interval cubic, a counting sort of the cell hashes into
 * reused arrays, and the two tests on the objects of the cells each object's ball (R_i) reaches. No allocation per
 * step; the kept (pair, step) go to two growable Int32Arrays.
 */
class StepGrid {
  readonly counts: GridSieveCounts;
  /** The hot loop's counters (candidate pair-steps, after test 1, after test 2) in a typed array: past 2³⁰ an
   * object's number field would box every increment. Copied into `counts` by `finish`. */
  private readonly tally = new Float64Array(3);
  readonly keptPair = new IntList();
  readonly keptStep = new IntList();
  readonly noradIds: Float64Array;
  /** Last step at which object i is compared (its half-window ends before its coverage ends). */
  readonly lastStep: Int32Array;
  private readonly n: number;
  private readonly dt: number;
  private readonly half: number;
  /** Test 2's constants, 8 per object (one cache line for a pair's two reads): V_i (km/s), ε_i (km), η_i (km/s), its
   * acceleration and perturbation bounds (km/s²), its lowest radius (km), 2 unused. */
  private readonly objectBounds: Float64Array;
  private readonly reachMaxKm: number;
  private readonly cellKm: number;
  private readonly inverseCell: number;
  /** 32 − log2(table size / 64): cellHash's shift for the block part. */
  private readonly shift: number;
  private readonly tableSize: number;
  /** Per object at the step: its interpolated position and pad (km), its interpolated velocity H′ (km/s), 1 unused (8
   * values: test 2 reads one cache line per object), the cubic of its current node interval
   * (12, sampledPositions.ts `cubicCoefficients`), the interval's start, length, end and inverse length (4). */
  private readonly objectState: Float64Array;
  private readonly cubic: Float64Array;
  private readonly interval: Int32Array;
  private readonly intervalSpan: Float64Array;
  /** Per object at the step, 4 values each: its cell indices and bucket (−1: not compared at this step). */
  private readonly objectCell: Int32Array;
  private readonly bucketStart: Int32Array;
  /** One bit per bucket, set when it holds an object at this step (16 KB for 45,000 objects: the empty neighbour
   * cells, most of them, are skipped without reading the larger bucket table). */
  private readonly occupied: Uint32Array;
  private readonly cursor: Int32Array;
  /**
   * The step's objects in bucket order, so that a bucket's objects lie together in memory (the candidate loop reads
   * them in runs): 8 values per slot, one cache line to write in the counting sort and to read per member — x, y, z
   * (km), the pad V_i·δ/2 + ε_i (km, test 1's R_ij = D + pad_i + pad_j), the cell indices and the object (small
   * integers, exact as doubles).
   */
  private readonly slots: Float64Array;
  /** Per object, test 1's pad V_i·δ/2 + ε_i (km). */
  private readonly pad: Float64Array;
  /** The largest pad (km): object i's ball has the radius D + pad_i + padMax ≥ R_ij for every j (≤ R_max). */
  private readonly padMaxKm: number;
  private activeCount = 0;
  private readonly scratch = { accelerationSumKmS2: 0, perturbationKmS2: 0, radiusLowKm: 0, velocityMismatchKmS: 0 };

  constructor(
    private readonly sampled: SampledPositions,
    bounds: readonly { readonly radiusMinKm: number; readonly accelerationKmS2: number; readonly perturbationKmS2: number }[],
    noradIds: readonly number[],
    private readonly primaryCount: number,
    private readonly allVsAll: boolean,
    private readonly searchRadiusKm: number,
    private readonly spanS: number,
    private readonly fineSteps: number,
    cellFactor: number,
  ) {
    const n = sampled.count;
    this.n = n;
    this.dt = spanS / fineSteps;
    this.half = 0.5 * this.dt;
    this.noradIds = Float64Array.from(noradIds);
    this.objectBounds = new Float64Array(8 * n);
    for (let i = 0; i < n; i++) {
      const o = 8 * i;
      this.objectBounds[o] = sampled.speedBoundKmS[i]!;
      this.objectBounds[o + 1] = sampled.errorKm[i]!;
      this.objectBounds[o + 2] = sampled.velocityErrorKmS[i]!;
      this.objectBounds[o + 3] = bounds[i]!.accelerationKmS2;
      this.objectBounds[o + 4] = bounds[i]!.perturbationKmS2;
      this.objectBounds[o + 5] = bounds[i]!.radiusMinKm;
    }
    this.lastStep = new Int32Array(n);
    let vMax = 0;
    let epsMax = 0;
    for (let i = 0; i < n; i++) {
      const end = sampled.endS[i]!;
      this.lastStep[i] = end >= spanS ? fineSteps : Math.floor((end - this.half) / this.dt);
      vMax = Math.max(vMax, sampled.speedBoundKmS[i]!);
      epsMax = Math.max(epsMax, sampled.errorKm[i]!);
    }
    // R_max, the largest R_ij (module comment, 2); cells of cellFactor·R_max ≥ 2·R_max
    this.reachMaxKm = searchRadiusKm + this.dt * vMax + 2 * epsMax;
    this.cellKm = cellFactor * this.reachMaxKm;
    this.inverseCell = 1 / this.cellKm;
    let tableSize = 1024;
    while (tableSize < 2 * n) tableSize *= 2;
    this.tableSize = tableSize;
    this.shift = 32 - (Math.log2(tableSize) - 6);
    this.objectState = new Float64Array(8 * n);
    this.cubic = new Float64Array(12 * n);
    this.interval = new Int32Array(n).fill(-1);
    this.intervalSpan = new Float64Array(4 * n);
    this.objectCell = new Int32Array(4 * n);
    this.bucketStart = new Int32Array(tableSize + 1);
    this.occupied = new Uint32Array(tableSize >>> 5);
    this.cursor = new Int32Array(tableSize);
    this.slots = new Float64Array(8 * n);
    this.pad = new Float64Array(n);
    let padMax = 0;
    for (let i = 0; i < n; i++) {
      this.pad[i] = sampled.speedBoundKmS[i]! * this.half + sampled.errorKm[i]!;
      padMax = Math.max(padMax, this.pad[i]!);
    }
    this.padMaxKm = padMax;
    this.counts = {
      objects: n, nodes: sampled.totalNodes, fineSteps: fineSteps + 1, fineStepS: this.dt, cellSizeKm: this.cellKm, objectSteps: 0,
      candidatePairSteps: 0, afterDistanceTest: 0, afterSegmentTest: 0, pairWindows: 0, largestInterpolationErrorKm: epsMax, largestSpeedKmS: vMax,
    };
  }

  /** Positions at step k and the grid: a counting sort of the cell hashes. */
  interpolate(k: number): void {
    const t = k === this.fineSteps ? this.spanS : k * this.dt;
    const { n, cubic, intervalSpan, objectState, objectCell, bucketStart, sampled, pad, lastStep, interval } = this;
    const inverseCell = this.inverseCell;
    const shift = this.shift;
    bucketStart.fill(0);
    const occupied = this.occupied;
    occupied.fill(0);
    let objectSteps = 0;
    // pass 1, in object order: position, cell and bucket of every object (4 values per object, one cache line for
    // pass 2's copy), bucket -1 when it is not compared at this step
    for (let i = 0; i < n; i++) {
      const o = 4 * i;
      if (k > lastStep[i]!) {
        objectCell[o + 3] = -1;
        continue;
      }
      objectSteps++;
      const o4 = 4 * i;
      if (interval[i] === -1 || t > intervalSpan[o4 + 2]!) {
        const next = sampled.intervalAt(i, t);
        interval[i] = next;
        sampled.intervalSpan(i, next, intervalSpan, o4);
        intervalSpan[o4 + 2] = intervalSpan[o4]! + intervalSpan[o4 + 1]!;
        intervalSpan[o4 + 3] = 1 / intervalSpan[o4 + 1]!;
        sampled.cubicCoefficients(i, next, cubic, 12 * i);
      }
      // f and H′ by the interval's inverse length: multiplications, not four divisions per object-step
      const inverseLength = intervalSpan[o4 + 3]!;
      const f = (t - intervalSpan[o4]!) * inverseLength;
      const q = 12 * i;
      const px = ((cubic[q + 3]! * f + cubic[q + 2]!) * f + cubic[q + 1]!) * f + cubic[q]!;
      const py = ((cubic[q + 7]! * f + cubic[q + 6]!) * f + cubic[q + 5]!) * f + cubic[q + 4]!;
      const pz = ((cubic[q + 11]! * f + cubic[q + 10]!) * f + cubic[q + 9]!) * f + cubic[q + 8]!;
      const os = 8 * i;
      objectState[os] = px;
      objectState[os + 1] = py;
      objectState[os + 2] = pz;
      objectState[os + 3] = pad[i]!;
      objectState[os + 4] = ((3 * cubic[q + 3]! * f + 2 * cubic[q + 2]!) * f + cubic[q + 1]!) * inverseLength;
      objectState[os + 5] = ((3 * cubic[q + 7]! * f + 2 * cubic[q + 6]!) * f + cubic[q + 5]!) * inverseLength;
      objectState[os + 6] = ((3 * cubic[q + 11]! * f + 2 * cubic[q + 10]!) * f + cubic[q + 9]!) * inverseLength;
      const x = Math.floor(px * inverseCell);
      const y = Math.floor(py * inverseCell);
      const z = Math.floor(pz * inverseCell);
      objectCell[o] = x;
      objectCell[o + 1] = y;
      objectCell[o + 2] = z;
      const b = cellHash(x, y, z, shift);
      objectCell[o + 3] = b;
      bucketStart[b + 1]!++;
      occupied[b >>> 5]! |= 1 << (b & 31);
    }
    this.counts.objectSteps += objectSteps;
    const size = this.tableSize;
    for (let b = 0; b < size; b++) bucketStart[b + 1]! += bucketStart[b]!;
    const cursor = this.cursor;
    cursor.set(bucketStart.subarray(0, size));
    this.activeCount = objectSteps;
    // pass 2, the counting sort's placement: each object's 4 + 4 values to its slot
    const slots = this.slots;
    for (let i = 0; i < n; i++) {
      const o = 4 * i;
      const b = objectCell[o + 3]!;
      if (b < 0) continue;
      const m = cursor[b]!++;
      const os = 8 * m;
      const oo = 8 * i;
      slots[os] = objectState[oo]!;
      slots[os + 1] = objectState[oo + 1]!;
      slots[os + 2] = objectState[oo + 2]!;
      slots[os + 3] = objectState[oo + 3]!;
      slots[os + 4] = objectCell[o]!;
      slots[os + 5] = objectCell[o + 1]!;
      slots[os + 6] = objectCell[o + 2]!;
      slots[os + 7] = i;
    }
  }

  /** Copies the hot loop's counters into `counts`. */
  finish(): void {
    this.counts.candidatePairSteps = this.tally[0]!;
    this.counts.afterDistanceTest = this.tally[1]!;
    this.counts.afterSegmentTest = this.tally[2]!;
  }

  /**
   * The candidates at step k (module comment, 2). Per axis, the ball of R_i = D + p_i + max p (≤ R_max) about object
   * i reaches its own cell and the one below (above) when the lower (upper) face is within R_i (cells ≥ R_max: never
   * two cells away); a neighbour cell is reached when the squared distances to its faces sum to ≤ R_i². ALL_VS_ALL: each unordered pair
   * once — within a cell from the later slot (the rest of the cell's bucket run), across cells from the object whose
   * neighbour lies at the lexicographically positive offset (dx > 0, or dx = 0 and dy > 0, or dx = dy = 0 and dz > 0):
   * a pair within R_ij ≤ min(R_i, R_j) is reached from that side (the ball of either object reaches the other's cell), so it is
   * compared once, and a pair farther apart at most once. PRIMARIES: from each primary, every reached cell.
   */
  candidates(k: number): void {
    const { slots, bucketStart } = this;
    const allVsAll = this.allVsAll;
    const primaries = this.primaryCount;
    const reachBaseKm = this.searchRadiusKm + this.padMaxKm;
    const cellKm = this.cellKm;
    for (let mi = 0; mi < this.activeCount; mi++) {
      const oi = 8 * mi;
      const i = slots[oi + 7]!;
      if (!allVsAll && i >= primaries) continue;
      // the object's own ball, D + pad_i + max pad ≥ R_ij for every partner j (a slow object looks less far than R_max)
      const r = reachBaseKm + slots[oi + 3]!;
      const r2 = r * r;
      const px = slots[oi]!;
      const py = slots[oi + 1]!;
      const pz = slots[oi + 2]!;
      const cx = slots[oi + 4]!;
      const cy = slots[oi + 5]!;
      const cz = slots[oi + 6]!;
      const ownBucket = cellHash(cx, cy, cz, this.shift);
      // per axis: the distance to the lower face and to the upper face, and whether each is within the ball
      const inX = px - cx * cellKm;
      const inY = py - cy * cellKm;
      const inZ = pz - cz * cellKm;
      const aboveX = cellKm - inX;
      const aboveY = cellKm - inY;
      const aboveZ = cellKm - inZ;
      const upX = aboveX <= r ? 1 : 0;
      const upY = aboveY <= r ? 1 : 0;
      const upZ = aboveZ <= r ? 1 : 0;
      const downX = inX <= r ? -1 : 0;
      const downY = inY <= r ? -1 : 0;
      const downZ = inZ <= r ? -1 : 0;
      const gxd = inX * inX;
      const gyd = inY * inY;
      const gzd = inZ * inZ;
      const gxu = aboveX * aboveX;
      const gyu = aboveY * aboveY;
      const gzu = aboveZ * aboveZ;
      if (allVsAll) {
        // own cell: the slots after this one in its bucket run
        this.compareRun(mi, mi + 1, bucketStart[ownBucket + 1]!, cx, cy, cz, k);
      }
      for (let dx = allVsAll ? 0 : downX; dx <= upX; dx++) {
        const gx = dx < 0 ? gxd : dx > 0 ? gxu : 0;
        for (let dy = allVsAll && dx === 0 ? 0 : downY; dy <= upY; dy++) {
          const gxy = gx + (dy < 0 ? gyd : dy > 0 ? gyu : 0);
          if (gxy > r2) continue;
          for (let dz = allVsAll && dx === 0 && dy === 0 ? 1 : downZ; dz <= upZ; dz++) {
            if (gxy + (dz < 0 ? gzd : dz > 0 ? gzu : 0) > r2) continue;
            if (!allVsAll && dx === 0 && dy === 0 && dz === 0) {
              this.compareRun(mi, bucketStart[ownBucket]!, bucketStart[ownBucket + 1]!, cx, cy, cz, k);
              continue;
            }
            const nx = cx + dx;
            const ny = cy + dy;
            const nz = cz + dz;
            const b = cellHash(nx, ny, nz, this.shift);
            if ((this.occupied[b >>> 5]! & (1 << (b & 31))) === 0) continue;
            this.compareRun(mi, bucketStart[b]!, bucketStart[b + 1]!, nx, ny, nz, k);
          }
        }
      }
    }
  }

  /**
   * Test 1 (module comment, 3) between the object of slot mi and those of slots [from, end) that lie in cell
   * (nx, ny, nz) (a bucket may hold other cells); the survivors go on to test 2. In PRIMARIES, secondaries only.
   */
  private compareRun(mi: number, from: number, end: number, nx: number, ny: number, nz: number, k: number): void {
    const slots = this.slots;
    const primaries = this.primaryCount;
    const oi = 8 * mi;
    const i = slots[oi + 7]!;
    const px = slots[oi]!;
    const py = slots[oi + 1]!;
    const pz = slots[oi + 2]!;
    const reachI = this.searchRadiusKm + slots[oi + 3]!;
    const iPrimary = i < primaries;
    const allVsAll = this.allVsAll;
    let compared = 0;
    for (let m = from; m < end; m++) {
      const o = 8 * m;
      if (slots[o + 4] !== nx || slots[o + 5] !== ny || slots[o + 6] !== nz) continue;
      const j = slots[o + 7]!;
      if (j < primaries) {
        // two primaries are not paired; in PRIMARIES neither is a primary and a secondary from the secondary's side
        if (iPrimary || !allVsAll) continue;
        if (this.noradIds[i] === this.noradIds[j] && this.noradIds[j]! >= 0) continue;
      } else if (iPrimary && this.noradIds[i] === this.noradIds[j] && this.noradIds[i]! >= 0) continue;
      compared++;
      const dx = slots[o]! - px;
      const dy = slots[o + 1]! - py;
      const dz = slots[o + 2]! - pz;
      const reach = reachI + slots[o + 3]!;
      if (dx * dx + dy * dy + dz * dz > reach * reach) continue;
      this.testPair(i, j, dx, dy, dz, reach, k);
    }
    this.tally[0] += compared;
  }

  /** Test 2 of the module comment for objects i, j at step k, which passed test 1 (Δr̃ = (dx, dy, dz), R_ij = reach);
   * keeps the (pair, step) that survive. */
  private testPair(i: number, j: number, dx: number, dy: number, dz: number, reach: number, k: number): void {
    const { tally, objectState, objectBounds } = this;
    const half = this.half;
    const si = 8 * i;
    const sj = 8 * j;
    const sweep = (objectBounds[si]! + objectBounds[sj]!) * half;
    const errorSumKm = objectBounds[si + 1]! + objectBounds[sj + 1]!;
    tally[1]++;
    const du = objectState[sj + 4]! - objectState[si + 4]!;
    const dv = objectState[sj + 5]! - objectState[si + 5]!;
    const dw = objectState[sj + 6]! - objectState[si + 6]!;
    const speed2 = du * du + dv * dv + dw * dw;
    let tau = speed2 > 0 ? -(dx * du + dy * dv + dz * dw) / speed2 : 0;
    if (tau > half) tau = half;
    else if (tau < -half) tau = -half;
    const mx = dx + du * tau;
    const my = dy + dv * tau;
    const mz = dz + dw * tau;
    const scratch = this.scratch;
    scratch.accelerationSumKmS2 = objectBounds[si + 3]! + objectBounds[sj + 3]!;
    scratch.perturbationKmS2 = objectBounds[si + 4]! + objectBounds[sj + 4]!;
    scratch.radiusLowKm = Math.min(objectBounds[si + 5]!, objectBounds[sj + 5]!);
    // over the half-window the true separation stays ≤ ρ̃ + ε_i + ε_j + sweep ≤ reach + ε_i + ε_j + sweep
    const a = relativeAccelerationBound(scratch, reach + errorSumKm + sweep);
    const e = errorSumKm + (objectBounds[si + 2]! + objectBounds[sj + 2]!) * half + 0.5 * a * half * half;
    const m = Math.sqrt(mx * mx + my * my + mz * mz);
    if (m - e > this.searchRadiusKm) return;
    tally[2]++;
    this.keptPair.push(i < j ? i : j);
    this.keptPair.push(i < j ? j : i);
    this.keptStep.push(k);
  }
}
