/**
 * Splitting a screening into chunks and merging their results, so that a job runner can spread one screening over
 * workers and instances and still get one result that does not depend on how it was split.
 *
 * A chunk is some primaries × one partition of the catalog (types.ts `ScreeningChunkInput`). Every pair (primary,
 * secondary) belongs to exactly one chunk and its search reads nothing but the two objects, the span and the volume
 * (the TEME → GCRF table and the span's frame rotation depend only on the span), so a pair gives the same approaches
 * in any chunk; merging sorts them in one total order (TCA, primary id, NORAD id). Grouping all primaries in a chunk
 * is cheaper (each secondary's SGP4 set-up is shared by the primaries of its chunk); partitions of a few thousand
 * objects keep a chunk at seconds of work.
 */
import { compareApproaches } from './screen.ts';
import type { ScreeningChunkResult, ScreeningCounts, ScreeningIssue, ScreeningTimings } from './types.ts';

export interface ScreeningChunkPlan {
  /** Stable key: `p<first>-<last>:s<first>-<last>` over the indices below. */
  readonly key: string;
  /** Indices into the screening's primaries. */
  readonly primaryIndices: number[];
  /** Indices into the secondaries as given (each partition is a run of NORAD ids in increasing order). */
  readonly secondaryIndices: number[];
}

export interface ChunkPlanOptions {
  /** Secondaries per partition (default 3000). */
  readonly secondariesPerChunk?: number;
  /** Primaries per chunk (default: all in every chunk). */
  readonly primariesPerChunk?: number;
}

/**
 * The chunks of a screening: the secondaries sorted by NORAD id and cut into partitions of `secondariesPerChunk`,
 * times groups of `primariesPerChunk` primaries (in their given order). Deterministic: the same inputs give the same
 * plan, whatever the order the catalog came in.
 */
export function planScreeningChunks(primaryCount: number, secondaryNoradIds: readonly number[], options: ChunkPlanOptions = {}): ScreeningChunkPlan[] {
  const perPartition = Math.max(1, Math.floor(options.secondariesPerChunk ?? 3000));
  const perGroup = Math.max(1, Math.floor(options.primariesPerChunk ?? Math.max(1, primaryCount)));
  const order = secondaryNoradIds.map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id || a.index - b.index);
  const plans: ScreeningChunkPlan[] = [];
  for (let p = 0; p < primaryCount; p += perGroup) {
    const primaryIndices = Array.from({ length: Math.min(perGroup, primaryCount - p) }, (_, k) => p + k);
    for (let s = 0; s < order.length; s += perPartition) {
      const secondaryIndices = order.slice(s, s + perPartition).map((o) => o.index);
      plans.push({ key: `p${p}-${p + primaryIndices.length - 1}:s${s}-${s + secondaryIndices.length - 1}`, primaryIndices, secondaryIndices });
    }
  }
  return plans;
}

const issueKey = (i: ScreeningIssue): string => `${i.code}|${i.primaryId ?? ''}|${i.secondaryNoradId ?? ''}|${i.screenedUntilS ?? ''}|${i.message}`;

/** One result from the chunks' results (any order): approaches sorted, issues deduplicated and sorted, counts summed. */
export function mergeChunkResults(results: readonly ScreeningChunkResult[]): ScreeningChunkResult {
  const approaches = results.flatMap((r) => r.approaches).sort(compareApproaches);
  const issues = new Map<string, ScreeningIssue>();
  for (const r of results) for (const i of r.issues) issues.set(issueKey(i), i);
  const counts = {} as ScreeningCounts;
  for (const r of results) {
    for (const [k, v] of Object.entries(r.counts) as [keyof ScreeningCounts, number][]) counts[k] = (counts[k] ?? 0) + v;
  }
  let timings: ScreeningTimings | null = null;
  if (results.length > 0 && results.every((r) => r.timings !== null)) {
    timings = { setupMs: 0, filtersMs: 0, samplingMs: 0, refinementMs: 0, pcMs: 0 };
    for (const r of results) for (const k of Object.keys(timings) as (keyof ScreeningTimings)[]) timings[k] += r.timings![k];
  }
  return { approaches, issues: [...issues.values()].sort((a, b) => (issueKey(a) < issueKey(b) ? -1 : 1)), counts, timings };
}
