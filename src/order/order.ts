/**
 * The order stage of a search: best match (score, descending) or a sort key of the kind, with a deterministic
 * tie-break (score, then dump order); records without the sort value come last in either order. Only the first
 * {@link RESULT_REACH} results can ever be shown: the rest are counted, never ordered.
 */
import type { Spender } from '../budget.js';
import type { Budget } from '../execute/execute.js';
import type { Matches } from '../execute/match.js';
import type { DocList } from '../index/text-index.js';
import type { CompiledSearch } from '../plan/search-plan.js';
import { RESULT_REACH } from '../plan/window.js';
import type { Collection } from '../store/collection.js';
import { f64, F64, u32, U32 } from '../scratch.js';
import { firstByKey, kthLargest } from './select.js';
import { topKBestMatch } from './top-k.js';

/**
 * The ordered matches of one search: the first document numbers in order, their scores (same order), and how many
 * matched in all. As many documents as the request's window reaches (best match and a sort key with pruning), or
 * {@link RESULT_REACH}; all when fewer matched: {@link covers} tells whether a window is served.
 */
export interface OrderedResults {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  readonly total: number;
}

/** True when `ordered` holds every document of positions `[0, end)` that exists. */
export function covers(ordered: OrderedResults, end: number): boolean {
  return ordered.docs.length >= Math.min(end, ordered.total);
}

/**
 * When best match collects its top k with pruning (order/top-k.ts), and a sort key scores only the matches its key
 * can bring into the window (see {@link orderMatches}): `auto` when it pays — no time limit (an
 * answer cut short keeps the exhaustive path's partial order), matches not already scored in the score cache, and
 * many more matches than the page reaches — `always` whenever the bound can be formed (and in the smallest
 * rounds), `never`. Every choice gives
 * the same answer; tests compare them.
 */
export type Pruning = 'auto' | 'always' | 'never';

/** With `auto`, prune only past this many matches (fewer are scored faster than bounded). */
export const PRUNE_MIN_MATCHES = 2048;

/**
 * With `auto`, matches sparser than one in {@link SCATTERED_MATCHES} documents are pruned from this many on: they
 * are few a block, so the top-k weighs them in the order of their own bounds (order/top-k.ts `FEW_A_BLOCK`), which
 * read no field length, where scoring every one reads a block of field lengths per match (docs/pruning.md
 * "Thirteenth round").
 */
export const PRUNE_MIN_FEW = 1024;

/**
 * Matches at most 1/this of the collection are scattered: scoring them reads their field lengths block by block
 * (4 KiB blocks of 1,024 lengths; index/visible-statistics.ts). Denser ones read the whole field-length section at
 * once, which costs less than the top-k's own reads (a collection of 100k documents: ≥ 196 matches).
 */
export const SCATTERED_MATCHES = 512;

/**
 * Whether `auto` prunes `n` matches of a collection of `count` documents for a window reaching `k`: at least 4k of
 * them, and {@link PRUNE_MIN_MATCHES}, or {@link PRUNE_MIN_FEW} when they are scattered ({@link SCATTERED_MATCHES}).
 * The collection's size is every viewer's, so nothing a viewer cannot see takes part beyond its own matches.
 */
export function pruneWorth(n: number, count: number, k: number): boolean {
  return n >= 4 * k && (n >= PRUNE_MIN_MATCHES || (n >= PRUNE_MIN_FEW && n * SCATTERED_MATCHES <= count));
}

/**
 * Order the matches of a compiled search by its planned sort (best match when none), scoring them when the query
 * has text. Best match keeps only as many as the request's window reaches, with pruning ({@link Pruning}); a sort
 * key as many (its candidates narrowed by its column), else {@link RESULT_REACH}. Past the budget's deadline only
 * the first {@link RESULT_REACH} found are ordered (an incomplete answer must not spend a selection over all of them).
 */
export function orderMatches(compiled: CompiledSearch, matches: Matches, c: Collection, budget: Budget, pruning: Pruning = 'auto'): OrderedResults {
  const { docs, scorer } = matches;
  const sort = compiled.plan.sort;
  if (scorer && sort === undefined && pruning !== 'never') {
    const k = Math.min(compiled.plan.window.end, RESULT_REACH);
    const worth = pruning === 'always' || (!budget.limited && pruneWorth(docs.length, c.records.length, k) && !scorer.remembers(docs));
    // `always` also starts with the smallest rounds, so that tests exercise every bound.
    const top = worth ? topKBestMatch(c, docs, k, scorer, compiled.access, pruning === 'always' ? 0 : undefined) : undefined;
    if (top) return { docs: top.docs, scores: top.scores, total: docs.length };
  }
  if (!scorer && sort === undefined) {
    // Every score is 1 and ties go to the lower document number: the matches' own order (ascending), cut at the reach.
    const reach = Math.min(docs.length, RESULT_REACH);
    return { docs: docs.slice(0, reach), scores: new Float64Array(reach).fill(1), total: docs.length };
  }
  // A sort key orders first and the score only breaks its ties: only the documents that can reach the request's
  // window by their key (its first positions and every document tied with the last of them) need a score, as best
  // match keeps only what the window reaches (`never`: every match is scored).
  const keyReach = Math.min(compiled.plan.window.end, RESULT_REACH);
  // (Without text every score is 1: the same narrowing saves ordering every match.)
  if (sort !== undefined && pruning !== 'never' && !budget.limited && docs.length > keyReach) {
    const candidates = sortCandidates(c, docs, sort.key, sort.order, keyReach);
    if (candidates) {
      const scores = scorer ? scorer.all(candidates) : new Float64Array(candidates.length).fill(1);
      const ordered = orderResults(c, candidates, scores, sort.key, sort.order, keyReach, budget);
      const out = { docs: new Uint32Array(ordered.length), scores: new Float64Array(ordered.length), total: docs.length };
      for (let i = 0; i < ordered.length; i++) {
        out.docs[i] = candidates[ordered[i]!]!;
        out.scores[i] = scores[ordered[i]!]!;
      }
      return out;
    }
  }
  const scores = scorer ? scorer.all(docs) : new Float64Array(docs.length).fill(1);
  const reach = budget.check() ? docs.length : Math.min(docs.length, RESULT_REACH);
  const ordered = orderResults(c, docs.subarray(0, reach), scores.subarray(0, reach), sort?.key, sort?.order ?? 'desc', RESULT_REACH, budget);
  const out = { docs: new Uint32Array(ordered.length), scores: new Float64Array(ordered.length), total: docs.length };
  for (let i = 0; i < ordered.length; i++) {
    out.docs[i] = docs[ordered[i]!]!;
    out.scores[i] = scores[ordered[i]!]!;
  }
  return out;
}

/**
 * The documents of `docs` (ascending) that can be among the first `limit` under sort key `sort` whatever their
 * scores: those whose key (the sort value in the asked direction, missing values last, as {@link orderResults}
 * orders) reaches the `limit`-th best key — the first `limit` and every document tied with the last of them.
 * Ascending. Undefined when the key has no number column (then every document is scored and ordered).
 */
function sortCandidates(c: Collection, docs: DocList, sort: string, order: 'asc' | 'desc', limit: number): DocList | undefined {
  const getter = c.spec.sorts[sort];
  const column = getter && c.column(getter);
  if (column?.type !== 'number') return undefined;
  const sign = order === 'asc' ? 1 : -1;
  const values = column.values;
  const n = docs.length;
  const k = Math.min(limit, n);
  // The k-th best key: kept in a min-heap of the k best seen while the keys stream by (a window's few against many
  // matches: most keys fall below the heap's least and cost one comparison), else by quickselect over them all.
  let threshold: number;
  if (k * 8 <= n) {
    const heap = new Float64Array(k);
    let size = 0;
    for (let i = 0; i < n; i++) {
      const v = values[docs[i]!]!;
      const key = Number.isNaN(v) ? -Infinity : -sign * v;
      if (size < k) {
        let at = size++;
        while (at > 0 && heap[(at - 1) >>> 1]! > key) {
          heap[at] = heap[(at - 1) >>> 1]!;
          at = (at - 1) >>> 1;
        }
        heap[at] = key;
      } else if (key > heap[0]!) {
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= k) break;
          const child = left + 1 < k && heap[left + 1]! < heap[left]! ? left + 1 : left;
          if (heap[child]! >= key) break;
          heap[at] = heap[child]!;
          at = child;
        }
        heap[at] = key;
      }
    }
    threshold = heap[0]!;
  } else {
    // (Working arrays from scratch.ts: the keys are reordered in place and read only here.)
    const keys = f64(F64.sortKeys, n).subarray(0, n);
    for (let i = 0; i < n; i++) {
      const v = values[docs[i]!]!;
      keys[i] = Number.isNaN(v) ? -Infinity : -sign * v;
    }
    threshold = kthLargest(keys, k);
  }
  let m = 0;
  const out = u32(U32.sortCandidates, n);
  for (let i = 0; i < n; i++) {
    const v = values[docs[i]!]!;
    if ((Number.isNaN(v) ? -Infinity : -sign * v) >= threshold) out[m++] = docs[i]!;
  }
  // An array of its own (the score cache may keep it): the candidates only, not one entry per match.
  return out.slice(0, m);
}

/**
 * Order documents and keep the first `limit`.
 * @param scores one score per entry of `docs`
 * @param sort a sort key of the kind, or undefined for best match
 * @param limit how many of the best to return, in order (default: all)
 * @param budget spent per record read for a sort key without a column; once it runs out, the records not read
 *   yet count as lacking the sort value (they come last: the answer is incomplete anyway)
 * @returns positions into `docs`, best first, at most `limit` of them
 */
function orderResults(
  c: Collection,
  docs: DocList,
  scores: Float64Array,
  sort: string | undefined,
  order: 'asc' | 'desc',
  limit = docs.length,
  budget?: Spender,
): Uint32Array {
  const positions = new Uint32Array(docs.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  const byScore = (a: number, b: number): number => scores[b]! - scores[a]! || docs[a]! - docs[b]!;
  const getter = sort === undefined ? undefined : c.spec.sorts[sort];
  if (!getter) return firstByKey(positions, scores, limit, byScore);
  const values = new Float64Array(docs.length);
  const column = c.column(getter);
  if (column?.type === 'number') {
    // The sort key's column (built with the index): no record is read.
    for (let i = 0; i < docs.length; i++) values[i] = column.values[docs[i]!]!;
  } else {
    let i = 0;
    for (; i < docs.length && (budget?.spend() ?? true); i++) {
      const doc = docs[i]!;
      const v = getter(c.records[doc]!, doc, c);
      values[i] = v === undefined || Number.isNaN(v) ? NaN : v;
    }
    values.fill(NaN, i);
  }
  const sign = order === 'asc' ? 1 : -1;
  // Higher key = earlier: the sort value in the asked direction, missing values last.
  const keys = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) keys[i] = Number.isNaN(values[i]!) ? -Infinity : -sign * values[i]!;
  return firstByKey(positions, keys, limit, (a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    const xMissing = Number.isNaN(x);
    const yMissing = Number.isNaN(y);
    if (xMissing !== yMissing) return xMissing ? 1 : -1;
    if (!xMissing && x !== y) return sign * (x - y);
    return byScore(a, b);
  });
}
