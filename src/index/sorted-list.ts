/**
 * The one binary search over an ascending list of numbers (document numbers, positions), shared by the set algebra
 * (execute/doc-set.ts re-exports it), the top-k collector and its bounds (order/) and the visible statistics
 * (index/visible-statistics.ts). It sits here, below every folder that uses it, so imports keep running one way.
 */

/**
 * The first index in `[lo, hi)` whose entry of the ascending `list` is ≥ `x` (`hi` when there is none): a binary
 * search, O(log(hi − lo)). Defaults: the whole list.
 */
export function lowerBound(list: ArrayLike<number>, x: number, lo = 0, hi = list.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
