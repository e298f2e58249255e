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
 *  1. Let a pair (i, j) have a distance minimum ρ(t*) ≤ D. Some step has |t* − t_k| ≤ δ/2. The true distance at t_k
 *     is ≤ D + (V_i + V_j)·δ/2 (the relative speed is at most V_i + V_j), so the interpolated one is
 *     ρ̃(t_k) ≤ R_ij := D + (V_i + V_j)·δ/2 + ε_i + ε_j.
 *  2. The grid's cell size is L = D + δ·max V + 2·max ε ≥ R_ij for every pair: two points within R_ij of each other
 *     differ by ≤ R_ij ≤ L in each coordinate, so their cells differ by at most one in each index — neighbours. Every
 *     object is compared with every object of its own cell and the 26 around it (each unordered pair once: the same
 *     cell with j > i, and the 13 cells of a half stencil), so the pair is a candidate at t_k.
 *  3. Cheap test 1: ρ̃(t_k) > R_ij rejects (the contrapositive of 1).
 *     Cheap test 2: for |τ| ≤ δ/2, Δr(t_k + τ) = Δr̃ + Δṽ·τ + e(τ) with |e(τ)| ≤ ε_i + ε_j + (η_i + η_j)·|τ| + A·τ²/2
 *     (Taylor to second order about t_k of the true relative motion; A the relative-acceleration bound of
 *     relativeMotion.ts for separations up to R_ij + (V_i + V_j)·δ/2). So ρ(t_k + τ) ≥ m − E with m the distance of
 *     the segment Δr̃ + Δṽ·τ (|τ| ≤ δ/2) to the origin and E = ε_i + ε_j + (η_i + η_j)·δ/2 + A·δ²/8: m − E > D
 *     rejects. A survivor keeps the window [t_k − δ/2 − 1 s, t_k + δ/2 + 1 s] for the pair.
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
 * counting sort of cell hashes into reused Int32Arrays.
 */
import { compareApproaches, emptyCounts, prepareScreening, buildSecondaries, pairBounds, searchPairApproaches, type PairSearchSink, type PairSide } from './screen.ts';
import { relativeAccelerationBound } from './relativeMotion.ts';
import type { PairSearchCounts } from './pairSearch.ts';
import { DEFAULT_INTERPOLATION_TOLERANCE_KM, SampledPositions, type SampledObjectInput } from './sampledPositions.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from '../../events/motionBounds.ts';
import { CollisionInputError } from '../errors.ts';
import type { ScreeningApproach, ScreeningChunkInput, ScreeningChunkResult, ScreeningIssue, ScreeningTimings } from './types.ts';

/** Default fine step δ, s (bench/screening-sieve.ts: the cost's minimum for a 20 km sphere lies near 10–20 s). */
export const DEFAULT_FINE_STEP_S = 10;
/** Added to each end of a surviving step's window, s (module comment, 4). */
export const WINDOW_PAD_S = 1;

/** How the objects are paired: every pair with at least one secondary once, or only the primaries' pairs. */
export type GridScreeningMode = 'ALL_VS_ALL' | 'PRIMARIES';

export interface GridSieveSettings {
  /** Fine step δ, s (default DEFAULT_FINE_STEP_S). */
  readonly fineStepS?: number;
  /** Interpolation tolerance per object, km (default sampledPositions.ts DEFAULT_INTERPOLATION_TOLERANCE_KM). */
  readonly interpolationToleranceKm?: number;
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

/** The 13 cell offsets of a half stencil: (dx, dy, dz) lexicographically after (0, 0, 0). */
const HALF_STENCIL: readonly [number, number, number][] = [];
const FULL_STENCIL: readonly [number, number, number][] = [];
for (let dx = -1; dx <= 1; dx++) {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dz = -1; dz <= 1; dz++) {
      (FULL_STENCIL as [number, number, number][]).push([dx, dy, dz]);
      if (dx > 0 || (dx === 0 && (dy > 0 || (dy === 0 && dz > 0)))) (HALF_STENCIL as [number, number, number][]).push([dx, dy, dz]);
    }
  }
}

const cellHash = (x: number, y: number, z: number, mask: number): number => (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask;

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

  const { spanStart, spanS, pcMethod, searchRadiusKm, table, primaries } = prepareScreening(input);
  const issues: ScreeningIssue[] = [];
  const secondaries = buildSecondaries(input.secondaries, options, table, spanS, issues);

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

  // per-object constants of the tests, in typed arrays for the hot loop
  const fineSteps = Math.max(1, Math.ceil(spanS / requestedStepS - 1e-9));
  const dt = spanS / fineSteps;
  const half = 0.5 * dt;
  const noradIds = new Float64Array(n);
  const rMin = new Float64Array(n);
  const accelerationKmS2 = new Float64Array(n);
  const perturbationKmS2 = new Float64Array(n);
  /** Last step at which object i is compared (its half-window ends before its coverage ends). */
  const lastStep = new Int32Array(n);
  let vMax = 0;
  let epsMax = 0;
  for (let i = 0; i < n; i++) {
    noradIds[i] = sides[i]!.noradId;
    rMin[i] = sides[i]!.bounds.radiusMinKm;
    accelerationKmS2[i] = sides[i]!.bounds.accelerationKmS2;
    perturbationKmS2[i] = sides[i]!.bounds.perturbationKmS2;
    const end = sampled.endS[i]!;
    lastStep[i] = end >= spanS ? fineSteps : Math.floor((end - half) / dt);
    vMax = Math.max(vMax, sampled.speedBoundKmS[i]!);
    epsMax = Math.max(epsMax, sampled.errorKm[i]!);
    if (i >= primaryCount && end < spanS && lastStep[i]! >= 0) {
      // the decay issue's screened-until is the sieve's own coverage end
      const issue = issues.findIndex((x) => x.secondaryNoradId === sides[i]!.noradId && x.code === 'SGP4_FAILED_DURING_SPAN');
      if (issue >= 0) issues[issue] = { ...issues[issue]!, screenedUntilS: lastStep[i]! * dt + half };
    }
  }
  const cellKm = searchRadiusKm + dt * vMax + 2 * epsMax;
  const inverseCell = 1 / cellKm;
  let tableSize = 1024;
  while (tableSize < 2 * n) tableSize *= 2;
  const mask = tableSize - 1;
  const state = new Float64Array(6 * n);
  const cellX = new Int32Array(n);
  const cellY = new Int32Array(n);
  const cellZ = new Int32Array(n);
  const bucketOf = new Int32Array(n);
  const bucketStart = new Int32Array(tableSize + 1);
  const cursor = new Int32Array(tableSize);
  const order = new Int32Array(n);
  const active = new Uint8Array(n);
  const keptPair = new IntList();
  const keptStep = new IntList();
  const counts = emptyCounts();
  const sieve: GridSieveCounts = {
    objects: n, nodes: sampled.totalNodes, fineSteps: fineSteps + 1, fineStepS: dt, cellSizeKm: cellKm, objectSteps: 0,
    candidatePairSteps: 0, afterDistanceTest: 0, afterSegmentTest: 0, pairWindows: 0, largestInterpolationErrorKm: epsMax, largestSpeedKmS: vMax,
  };
  const allVsAll = input.mode === 'ALL_VS_ALL';
  const isPrimary = (i: number): boolean => i < primaryCount;
  const scratch = { accelerationSumKmS2: 0, perturbationKmS2: 0, radiusLowKm: 0, velocityMismatchKmS: 0 };
  const eps = sampled.errorKm;
  const eta = sampled.velocityErrorKmS;
  const speed = sampled.speedBoundKmS;

  /** Tests 1 and 2 of the module comment for objects i, j at step k; keeps the (pair, step) that survive. */
  const testPair = (i: number, j: number, k: number): void => {
    if (isPrimary(i) && isPrimary(j)) return;
    if ((isPrimary(i) || isPrimary(j)) && noradIds[i] === noradIds[j] && noradIds[i]! >= 0) return;
    sieve.candidatePairSteps++;
    const oi = 6 * i;
    const oj = 6 * j;
    const dx = state[oj]! - state[oi]!;
    const dy = state[oj + 1]! - state[oi + 1]!;
    const dz = state[oj + 2]! - state[oi + 2]!;
    const rho2 = dx * dx + dy * dy + dz * dz;
    const sweep = (speed[i]! + speed[j]!) * half;
    const reach = searchRadiusKm + sweep + eps[i]! + eps[j]!;
    if (rho2 > reach * reach) return;
    sieve.afterDistanceTest++;
    const du = state[oj + 3]! - state[oi + 3]!;
    const dv = state[oj + 4]! - state[oi + 4]!;
    const dw = state[oj + 5]! - state[oi + 5]!;
    const speed2 = du * du + dv * dv + dw * dw;
    let tau = speed2 > 0 ? -(dx * du + dy * dv + dz * dw) / speed2 : 0;
    if (tau > half) tau = half;
    else if (tau < -half) tau = -half;
    const mx = dx + du * tau;
    const my = dy + dv * tau;
    const mz = dz + dw * tau;
    scratch.accelerationSumKmS2 = accelerationKmS2[i]! + accelerationKmS2[j]!;
    scratch.perturbationKmS2 = perturbationKmS2[i]! + perturbationKmS2[j]!;
    scratch.radiusLowKm = Math.min(rMin[i]!, rMin[j]!);
    const a = relativeAccelerationBound(scratch, reach + sweep);
    const e = eps[i]! + eps[j]! + (eta[i]! + eta[j]!) * half + 0.5 * a * half * half;
    const m = Math.sqrt(mx * mx + my * my + mz * mz);
    if (m - e > searchRadiusKm) return;
    sieve.afterSegmentTest++;
    keptPair.push(i < j ? i : j);
    keptPair.push(i < j ? j : i);
    keptStep.push(k);
  };

  for (let k = 0; k <= fineSteps; k++) {
    const t = k === fineSteps ? spanS : k * dt;
    // interpolation and the grid: a counting sort of the cell hashes
    bucketStart.fill(0);
    for (let i = 0; i < n; i++) {
      if (k > lastStep[i]!) {
        active[i] = 0;
        continue;
      }
      active[i] = 1;
      sieve.objectSteps++;
      sampled.stateAt(i, t, state, 6 * i);
      const x = Math.floor(state[6 * i]! * inverseCell);
      const y = Math.floor(state[6 * i + 1]! * inverseCell);
      const z = Math.floor(state[6 * i + 2]! * inverseCell);
      cellX[i] = x;
      cellY[i] = y;
      cellZ[i] = z;
      const b = cellHash(x, y, z, mask);
      bucketOf[i] = b;
      bucketStart[b + 1]!++;
    }
    for (let b = 0; b < tableSize; b++) bucketStart[b + 1]! += bucketStart[b]!;
    cursor.set(bucketStart.subarray(0, tableSize));
    for (let i = 0; i < n; i++) if (active[i] === 1) order[cursor[bucketOf[i]!]!++] = i;
    lap('gridMs');
    // candidates: neighbouring cells
    for (let i = 0; i < n; i++) {
      if (active[i] === 0) continue;
      if (!allVsAll && !isPrimary(i)) continue;
      const x = cellX[i]!;
      const y = cellY[i]!;
      const z = cellZ[i]!;
      const stencil = allVsAll ? HALF_STENCIL : FULL_STENCIL;
      if (allVsAll) {
        // own cell: j > i
        const b = bucketOf[i]!;
        for (let m = bucketStart[b]!, end = bucketStart[b + 1]!; m < end; m++) {
          const j = order[m]!;
          if (j > i && cellX[j] === x && cellY[j] === y && cellZ[j] === z) testPair(i, j, k);
        }
      }
      for (let s = 0; s < stencil.length; s++) {
        const d = stencil[s]!;
        const cx = x + d[0];
        const cy = y + d[1];
        const cz = z + d[2];
        const b = cellHash(cx, cy, cz, mask);
        for (let m = bucketStart[b]!, end = bucketStart[b + 1]!; m < end; m++) {
          const j = order[m]!;
          if (j !== i && cellX[j] === cx && cellY[j] === cy && cellZ[j] === cz) testPair(i, j, k);
        }
      }
    }
    lap('candidatesMs');
  }

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

  const s = secondaries.length;
  counts.pairs = (allVsAll ? (s * (s - 1)) / 2 : 0) + primaryCount * s - ownEntries(primaries.map((p) => p.input.noradId), secondaries.map((x) => x.input.elements.noradId));
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

/** Pairs of a primary with its own catalog entry (not screened). */
function ownEntries(primaryNoradIds: readonly (number | undefined)[], secondaryNoradIds: readonly number[]): number {
  const ids = new Map<number, number>();
  for (const id of secondaryNoradIds) ids.set(id, (ids.get(id) ?? 0) + 1);
  let own = 0;
  for (const id of primaryNoradIds) if (id !== undefined) own += ids.get(id) ?? 0;
  return own;
}
