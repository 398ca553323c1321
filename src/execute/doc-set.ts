/**
 * Set algebra over sorted, duplicate-free document lists (Uint32Array). Linear merges; no allocation beyond the
 * result.
 */
import type { DocList } from '../index/text-index.js';
import { lowerBound } from '../index/sorted-list.js';

/** The one binary search of a sorted list (index/sorted-list.ts), re-exported for the set algebra's callers. */
export { lowerBound };

let lastUniverse: DocList = new Uint32Array(0);

/** 0..n-1. The same array is handed out again for the same n: doc lists are never modified in place. */
export function universe(n: number): DocList {
  if (lastUniverse.length === n) return lastUniverse;
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  lastUniverse = out;
  return out;
}

/** True when `list` is exactly 0..length-1 (sorted and duplicate-free, so its last entry tells). */
const isPrefixUniverse = (list: DocList): boolean => list.length > 0 && list[list.length - 1] === list.length - 1;

/** The entries of `list` below `bound` (a prefix of the sorted list). */
function below(list: DocList, bound: number): DocList {
  const end = lowerBound(list, bound);
  return end === list.length ? list : list.subarray(0, end);
}

/** Documents in both lists. */
export function intersect(a: DocList, b: DocList): DocList {
  // Intersecting with every document (the common case of a query without filters) costs nothing.
  if (isPrefixUniverse(b)) return below(a, b.length);
  if (isPrefixUniverse(a)) return below(b, a.length);
  if (a.length > b.length) [a, b] = [b, a];
  if (b.length >= GALLOP_RATIO * a.length) return gallopIntersect(a, b);
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * Lists this many times longer than the other are searched rather than walked: a short posting list against the
 * documents a viewer may see (nearly every document) costs its own length times a logarithm, not the collection's.
 */
const GALLOP_RATIO = 16;

/**
 * The first position at or after `from` in ascending `b` whose entry is ≥ `x` (`b.length` when none): exponential
 * search (steps 1, 2, 4, … from `from`), then a binary search in the last step — O(log d) for a distance d.
 */
export function gallop(b: DocList, x: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < b.length && b[hi]! < x) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  return lowerBound(b, x, lo, Math.min(hi, b.length));
}

/** Entries a cursor steps over one by one before it gallops (dense postings move a few entries per document). */
const LINEAR_STEPS = 8;

/**
 * The first position at or after `from` whose entry of ascending `list` is ≥ `x` (`list.length` when none): a few
 * steps one by one ({@link LINEAR_STEPS}: a dense posting's cursor moves a few entries a document), then
 * {@link gallop} (a sparse one's jumps far). The cursors of the conjunction and of the scorers' merges.
 */
export function seek(list: DocList, x: number, from: number): number {
  const end = Math.min(list.length, from + LINEAR_STEPS);
  let at = from;
  while (at < end && list[at]! < x) at++;
  return at < end || at >= list.length ? at : gallop(list, x, at);
}

/** {@link intersect} of a short list `a` with a much longer `b`: each entry of `a` found by exponential search in `b`. */
function gallopIntersect(a: DocList, b: DocList): DocList {
  const out = new Uint32Array(a.length);
  let n = 0;
  let lo = 0;
  for (let i = 0; i < a.length && lo < b.length; i++) {
    const x = a[i]!;
    lo = gallop(b, x, lo);
    if (lo < b.length && b[lo] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * Documents in either list: `a` or `b` itself when the other is empty, else written into `into` from 0 (room for
 * `a.length + b.length`, neither list's memory) when given, else into a new array; the answer is a view of what was
 * written.
 */
export function union(a: DocList, b: DocList, into?: Uint32Array): DocList {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = into ?? new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  // Both lists ascending: merge while both have entries (integers only: a tight loop), then copy the rest.
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) {
      out[n++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  if (i < a.length) {
    out.set(a.subarray(i), n);
    n += a.length - i;
  } else if (j < b.length) {
    out.set(b.subarray(j), n);
    n += b.length - j;
  }
  return out.subarray(0, n);
}

/** A value above every document number (the end of a list in {@link unionExcept}). */
const PAST_END = 2 ** 32;

/**
 * Documents in either list and not in `hidden` (all three ascending): {@link union} and {@link difference} in one
 * merge, so a common keyword's matches across fields are written once, without the hidden documents, instead of
 * written whole and then copied again around them. Linear in the two lists; the hidden list is passed over by
 * exponential search from each match at or past its next entry, so a few matches cost a logarithm per jump, not the
 * hidden list's length. No allocation but the answer (a cold process runs it in V8's interpreter), written into
 * `into` from 0 when given as {@link union} does (then a view of `into`, or `a` or `b` itself without hidden documents).
 */
export function unionExcept(a: DocList, b: DocList, hidden: DocList, into?: Uint32Array): DocList {
  if (hidden.length === 0) return union(a, b, into);
  const out = into ?? new Uint32Array(a.length + b.length);
  const al = a.length;
  const bl = b.length;
  const hl = hidden.length;
  let i = 0;
  let j = 0;
  let h = 0;
  let n = 0;
  let next: number = hidden[0]!;
  let x: number = al > 0 ? a[0]! : PAST_END;
  let y: number = bl > 0 ? b[0]! : PAST_END;
  for (;;) {
    let doc: number;
    if (x <= y) {
      if (x === PAST_END) break;
      doc = x;
      x = ++i < al ? a[i]! : PAST_END;
      if (doc === y) y = ++j < bl ? b[j]! : PAST_END;
    } else {
      doc = y;
      y = ++j < bl ? b[j]! : PAST_END;
    }
    if (doc >= next) {
      // Gallop: a few matches against a long hidden list skip most of it (a rare word at 1M: 531 matches, 125k hidden).
      if (next < doc) {
        h = gallop(hidden, doc, h + 1);
        next = h < hl ? hidden[h]! : PAST_END;
      }
      if (next === doc) continue;
    }
    out[n++] = doc;
  }
  return out.subarray(0, n);
}

/**
 * Lists this many times longer than the list taken out of them are copied run by run: each entry of the short
 * list is found by exponential search, and the runs between them are copied whole (a long posting minus the
 * documents a viewer may not see costs the hidden list's length times a logarithm, plus a copy).
 */
const RUN_COPY_RATIO = 4;

/** Documents of `a` not in `b`. */
export function difference(a: DocList, b: DocList): DocList {
  if (b.length === 0) return a;
  if (a.length >= RUN_COPY_RATIO * b.length) return differenceByRuns(a, b);
  if (b.length >= GALLOP_RATIO * a.length) return gallopDifference(a, b);
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (!(j < b.length && b[j] === x)) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * {@link difference} of a short list `a` and a much longer `b` (a few matches less a common label's documents):
 * each entry of `a` looked for by exponential search in `b`, so the cost is `a`'s length times a logarithm, not
 * `b`'s length.
 */
function gallopDifference(a: DocList, b: DocList): DocList {
  const out = new Uint32Array(a.length);
  let n = 0;
  let lo = 0;
  let i = 0;
  for (; i < a.length && lo < b.length; i++) {
    const x = a[i]!;
    lo = gallop(b, x, lo);
    if (!(lo < b.length && b[lo] === x)) out[n++] = x;
  }
  // Past the end of `b`: the rest of `a` is kept whole.
  out.set(a.subarray(i), n);
  n += a.length - i;
  return out.subarray(0, n);
}

/**
 * {@link difference} of a long list `a` and a much shorter `b`: `a` copied whole, then the runs between `b`'s
 * entries moved down over them in place (`copyWithin`: no view allocated per run).
 */
function differenceByRuns(a: DocList, b: DocList): DocList {
  const out = a.slice();
  let n = 0;
  let from = 0; // a[from..] is not copied yet
  let lo = 0;
  for (let i = 0; i < b.length && lo < a.length; i++) {
    const x = b[i]!;
    // Exponential steps from the last position, then a binary search inside the last step.
    let step = 1;
    let hi = lo;
    while (hi < a.length && a[hi]! < x) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    lo = lowerBound(a, x, lo, Math.min(hi, a.length));
    if (lo < a.length && a[lo] === x) {
      if (n !== from) out.copyWithin(n, from, lo);
      n += lo - from;
      from = ++lo;
    }
  }
  if (n !== from) out.copyWithin(n, from, a.length);
  n += a.length - from;
  return out.subarray(0, n);
}
