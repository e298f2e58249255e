/**
 * Index of the last of `count` increasing values (read every `stride` entries from offset 0) that is ≤ t, by
 * bisection (0 when t precedes them all): the sample interval or integration step holding t.
 */
export function lastAtOrBefore(values: Float64Array, stride: number, count: number, t: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid * stride]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
