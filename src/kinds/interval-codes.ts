/**
 * A numeric interval over a number column stored narrow (src/cache/narrow-numbers.ts: value = `code × scale`, the
 * largest code meaning no value), turned into the range of codes whose values lie inside it, so that a range
 * filter compares codes and never widens them.
 */
import type { NarrowNumbers } from './collection-view.js';
import type { Interval } from './qualifier-values.js';

/**
 * The codes of a narrow column whose values lie inside `interval`: every code `c` with `first ≤ c ≤ last` and no
 * other (`first > last`: none). Found by binary search over the codes with the interval's own comparisons on
 * `c × scale` (the value exactly), each side of the interval being monotone in the value; the none code is never
 * inside.
 */
export function codeRange(narrow: Pick<NarrowNumbers, 'scale' | 'none'>, interval: Interval): { first: number; last: number } {
  const { scale, none } = narrow;
  const aboveLo = (c: number): boolean => {
    const x = c * scale;
    return !(x < interval.lo || (x === interval.lo && !interval.loInclusive));
  };
  const belowHi = (c: number): boolean => {
    const x = c * scale;
    return !(x > interval.hi || (x === interval.hi && !interval.hiInclusive));
  };
  // The least code at or above the low end (none: `none`).
  let lo = 0;
  let hi = none;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (aboveLo(mid)) hi = mid;
    else lo = mid + 1;
  }
  const first = lo;
  // The greatest code at or below the high end (none: -1).
  lo = -1;
  hi = none - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (belowHi(mid)) lo = mid;
    else hi = mid - 1;
  }
  return { first, last: lo };
}
