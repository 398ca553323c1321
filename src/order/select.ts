/**
 * Selection of the first results in linear time: only the first `limit` (the 1000-result window) are ever shown,
 * so they are selected first and only they are sorted.
 */

/**
 * The first `limit` of `positions` (initially `0 … n-1`, indices into `keys`) under `compare`, sorted, where
 * `compare` orders first by `keys` descending (NaN counts as −∞) and breaks ties its own way. The `limit`-th
 * largest key is found by a numeric selection over a copy of `keys` (no comparator calls), then only the
 * positions whose key reaches it — the first `limit` and their ties — are ordered by `compare`. Linear on
 * average; for a short list the plain {@link firstInOrder}. Reorders `positions` in place.
 */
export function firstByKey(positions: Uint32Array, keys: Float64Array, limit: number, compare: (a: number, b: number) => number): Uint32Array {
  const n = positions.length;
  const k = Math.max(0, Math.min(limit, n));
  if (k === 0 || k * 4 >= n) return firstInOrder(positions, limit, compare);
  const copy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const key = keys[positions[i]!]!;
    copy[i] = Number.isNaN(key) ? -Infinity : key;
  }
  const threshold = kthLargest(copy, k);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[positions[i]!]!;
    if ((Number.isNaN(key) ? -Infinity : key) >= threshold) positions[m++] = positions[i]!;
  }
  return firstInOrder(positions.subarray(0, m), k, compare);
}

/**
 * The `k`-th largest value of `values` (1 ≤ k ≤ length; no NaN), by quickselect with a median-of-three pivot.
 * Reorders `values` in place.
 */
export function kthLargest(values: Float64Array, k: number): number {
  const want = k - 1;
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    let a = values[lo]!;
    let b = values[mid]!;
    let c = values[hi]!;
    // Median of three, descending: a ≥ b ≥ c.
    if (b > a) [a, b] = [b, a];
    if (c > a) [a, c] = [c, a];
    if (c > b) [b, c] = [c, b];
    const pivot = b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    // [lo, j] ≥ pivot ≥ [i, hi]; anything strictly between equals the pivot.
    if (want <= j) hi = j;
    else if (want >= i) lo = i;
    else return pivot;
  }
  return values[want]!;
}

/**
 * The first `limit` items of `items` under `compare`, sorted. `compare` must be a strict total order (no two
 * items equal; the tie-break on document numbers guarantees it). Linear on average: a quickselect (median of
 * three) moves the `limit` smallest to the front, then only those are sorted. Reorders `items` in place.
 */
export function firstInOrder(items: Uint32Array, limit: number, compare: (a: number, b: number) => number): Uint32Array {
  const n = items.length;
  const k = Math.max(0, Math.min(limit, n));
  if (k === 0) return items.subarray(0, 0);
  if (k * 4 >= n) return items.sort(compare).subarray(0, k);
  let lo = 0;
  let hi = n - 1;
  const swap = (i: number, j: number): void => {
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  };
  // Invariant: the k smallest are within [0, hi] and everything in [0, lo) is among them.
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    if (compare(items[mid]!, items[lo]!) < 0) swap(mid, lo);
    if (compare(items[hi]!, items[lo]!) < 0) swap(hi, lo);
    if (compare(items[hi]!, items[mid]!) < 0) swap(hi, mid);
    const pivot = items[mid]!;
    // Hoare partition around the median of three.
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (compare(items[i]!, pivot) < 0) i++;
      while (compare(pivot, items[j]!) < 0) j--;
      if (i <= j) {
        swap(i, j);
        i++;
        j--;
      }
    }
    // [lo, j] ≤ pivot ≤ [i, hi]; between j and i (if any) sit items equal to the pivot (only the pivot itself).
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else break;
  }
  return items.subarray(0, k).sort(compare);
}
