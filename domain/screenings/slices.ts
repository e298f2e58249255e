/**
 * A fleet screening cut by time (mode FLEET): the span in slices, each chunk screening every primary against every
 * secondary over its own slice, and the one merged result — exactly once, and the same whatever the cut.
 *
 * Why time and not NORAD ranges: the grid sieve's cost is the objects' positions hashed at every fine step
 * (engine/collision/screening/gridSieve.ts), which a NORAD cut of the catalog would pay again for every primary group,
 * while a time cut pays each object-step once; and every pair meets in one slice or the next, never in two chunks of
 * different objects.
 *
 * The rule, for slices [a, b) (s from the span start; the last one ends at the span's end):
 *  1. A slice's chunk screens the padded span [a − SLICE_PAD_S, b + SLICE_PAD_S] (clipped to the span), so that every
 *     distance minimum at t ∈ [a − SLICE_OVERLAP_S, b + SLICE_OVERLAP_S] lies at least SLICE_PAD_S − SLICE_OVERLAP_S
 *     inside it, where the sieve's guarantee holds and the pair search finds it as an interior minimum (an end of the
 *     padded span is not a minimum the chunk reports: it lies outside the kept interval).
 *  2. It keeps the approaches whose TCA lies in [a − SLICE_OVERLAP_S, b + SLICE_OVERLAP_S) (from −∞ for the first
 *     slice and to +∞ for the last): an approach whose TCA is refined by the two neighbouring chunks to either side
 *     of a boundary by a microsecond is kept by at least one of them — none is lost.
 *  3. The merge keeps one of the approaches that two chunks both kept (`uniqueApproaches`): the same pair with TCAs
 *     within 2·SLICE_OVERLAP_S is one minimum (two distinct minima of one pair are half a relative orbit apart, or a
 *     slow encounter the pair search reports as one), the earlier TCA, then the lower miss distance.
 * Same approaches whatever the cut: each chunk's pair search refines a minimum from windows of its own sieve steps, so
 * TCA and miss distance agree between two cuts within the refinement's tolerance (TCA to 1e-6 s; checked by
 * test/api/screenings-fleet.test.ts within 1 ms and 1 mm), not to the last bit as the NORAD-range chunks do.
 */

/** Padding of a slice's screened span at each interior end, s (≥ the sieve's fine step + window pad, with room). */
export const SLICE_PAD_S = 120;
/** How far past its ends a slice keeps approaches, s (rule 2). */
export const SLICE_OVERLAP_S = 1;
/** Default slice length, s: 12 h (a 7-day fleet screening in 14 chunks: enough to share over instances and lanes). */
export const DEFAULT_SLICE_S = 12 * 3600;

export interface TimeSlice {
  readonly fromS: number;
  readonly toS: number;
}

/** The span [0, durationS) cut into slices of at most `sliceS` (equal lengths: the last is not a sliver). */
export function planTimeSlices(durationS: number, sliceS: number): TimeSlice[] {
  const count = Math.max(1, Math.ceil(durationS / sliceS - 1e-9));
  const length = durationS / count;
  return Array.from({ length: count }, (_, k) => ({ fromS: k * length, toS: k + 1 === count ? durationS : (k + 1) * length }));
}

/** The span a slice's chunk screens (rule 1), s from the span start. */
export function paddedSlice(slice: TimeSlice, durationS: number): TimeSlice {
  return { fromS: Math.max(0, slice.fromS - SLICE_PAD_S), toS: Math.min(durationS, slice.toS + SLICE_PAD_S) };
}

/** Whether a slice's chunk keeps an approach of TCA `tcaS` (s from the span start; rule 2). */
export function keptBySlice(tcaS: number, slice: TimeSlice, durationS: number): boolean {
  const from = slice.fromS <= 0 ? -Infinity : slice.fromS - SLICE_OVERLAP_S;
  const to = slice.toS >= durationS ? Infinity : slice.toS + SLICE_OVERLAP_S;
  return tcaS >= from && tcaS < to;
}

/**
 * The approaches with those kept by two neighbouring slices once (rule 3), in the given order otherwise. The input is
 * sorted by TCA (engine compareApproaches), so the earlier of two is met first.
 */
export function uniqueApproaches<A extends { primaryId: string; secondaryNoradId: number; tcaS: number; missDistanceM: number }>(approaches: readonly A[]): A[] {
  const out: A[] = [];
  /** Per pair, the index in `out` of its latest kept approach. */
  const latest = new Map<string, number>();
  for (const approach of approaches) {
    const pair = `${approach.primaryId}|${approach.secondaryNoradId}`;
    const at = latest.get(pair);
    const kept = at === undefined ? undefined : out[at]!;
    if (kept !== undefined && approach.tcaS - kept.tcaS <= 2 * SLICE_OVERLAP_S) {
      if (approach.tcaS === kept.tcaS && approach.missDistanceM < kept.missDistanceM) out[at!] = approach;
      continue;
    }
    latest.set(pair, out.length);
    out.push(approach);
  }
  return out;
}

/** An issue of one slice's chunk, as the engine reports it (times already from the span start). */
export interface SliceIssue {
  readonly code: string;
  readonly primaryId?: string;
  readonly secondaryNoradId?: number;
  readonly screenedUntilS?: number;
  readonly message: string;
}

/**
 * The slices' issues as one screening's: an object whose SGP4 failed in one slice is reported once, screened until the
 * earliest end any slice found (a later slice, starting after it, calls it unusable: that one is dropped); any other
 * issue once per code, primary and object.
 */
export function mergedSliceIssues<I extends SliceIssue>(issues: readonly I[]): I[] {
  const failedObjects = new Set(issues.filter((i) => i.code === 'SGP4_FAILED_DURING_SPAN').map((i) => i.secondaryNoradId));
  const byKey = new Map<string, I>();
  for (const issue of issues) {
    if (issue.code === 'SGP4_UNUSABLE_IN_SPAN' && failedObjects.has(issue.secondaryNoradId)) continue;
    const key = `${issue.code}|${issue.primaryId ?? ''}|${issue.secondaryNoradId ?? ''}`;
    const kept = byKey.get(key);
    if (kept === undefined || (issue.screenedUntilS ?? Infinity) < (kept.screenedUntilS ?? Infinity)) byKey.set(key, issue);
  }
  return [...byKey.values()];
}
