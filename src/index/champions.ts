/**
 * Champion lists (Manning, Raghavan & Schütze, Introduction to Information Retrieval §7.1.3–7.1.4), exact: for every
 * long term — one whose posting in a champion field has stored block maxima (index/stored-maxima.ts: at least
 * `maximaThreshold` entries) — the public answer of the one-word query that is that term, as the build computes it
 * once: the term's public match count (the union of its postings over the champion fields, less the private
 * documents) and its first `reach` matches in best-match order (score descending, then document number ascending)
 * with their float64 scores.
 *
 * The scores are the query path's, bit for bit: the weights come from {@link LunrTextIndex.queryImpacts} under the
 * public statistics (the anonymous viewer's: N′, n′_t, avg′_f of visible-statistics.ts; the stored weights when there
 * is no private document), the text score adds `weight × (w / 1000)` per field, divided by the query vector's
 * magnitude, `|| 0`, fields in the query's order (order/bounds.ts `textScores`, text-index.ts `score`), and the
 * linear form `text × multiplier + addend` follows (rank/rank.ts `rankScores`). Only public documents and public
 * statistics go in: no private record moves a list, its count or a score.
 */
import type { CompactIndex } from './compact-index.js';
import { LunrTextIndex } from './text-index.js';

/** One long term's stored answer. */
export interface ChampionList {
  /** The analysed term. */
  readonly term: string;
  /** Public documents matching it in any champion field (the anonymous viewer's `total_count`). */
  readonly total: number;
  /** The first min(reach, total) of them in best-match order. */
  readonly docs: Uint32Array;
  /** Their scores (same order). */
  readonly scores: Float64Array;
}

/** What the lists are computed over. */
export interface ChampionOptions {
  /** The private documents (ascending): left out of every list, count and statistic. */
  readonly privateDocs: Uint32Array;
  /** Their field-length sums by field name (the segment's `privateLengths`), when the build has them. */
  readonly privateLengths?: ReadonlyMap<string, number> | undefined;
  /** The fields a one-word query searches and scores, in the query's order (the kind's default fields it may search). */
  readonly fields: readonly string[];
  /** The linear form's multiplier per document, when the form has one. */
  readonly multiplier?: Float64Array | undefined;
  /** The linear form's addend per document, when the form has one. */
  readonly addend?: Float64Array | undefined;
  /** Documents kept per list. */
  readonly reach: number;
}

/** The ranks of the long terms of `index` over `fields` (field numbers), ascending. */
function longTermRanks(index: CompactIndex, fields: readonly number[]): number[] {
  const stored = index.maxima?.slots();
  if (!stored || stored.length === 0) return [];
  const F = index.fields.length;
  const wanted = new Set<number>();
  for (let i = 0; i < stored.length; i++) {
    const slot = stored[i]!;
    if (fields.includes(slot % F)) wanted.add(Math.floor(slot / F));
  }
  if (wanted.size === 0) return [];
  const ranks: number[] = [];
  const T = index.termCount;
  for (let rank = 0; rank < T && ranks.length < wanted.size; rank++) if (wanted.has(index.dimension(rank))) ranks.push(rank);
  return ranks.sort((a, b) => a - b);
}

/** Ascending union of ascending lists, less the ascending `except`. */
function unionLess(lists: readonly Uint32Array[], except: Uint32Array): Uint32Array {
  let out = new Uint32Array(0);
  for (const list of lists) {
    const merged = new Uint32Array(out.length + list.length);
    let i = 0;
    let j = 0;
    let m = 0;
    while (i < out.length || j < list.length) {
      const a = i < out.length ? out[i]! : Infinity;
      const b = j < list.length ? list[j]! : Infinity;
      if (a <= b) {
        merged[m++] = a;
        i++;
        if (a === b) j++;
      } else {
        merged[m++] = b;
        j++;
      }
    }
    out = merged.subarray(0, m);
  }
  if (except.length === 0) return out.slice();
  const kept = new Uint32Array(out.length);
  let m = 0;
  let h = 0;
  for (let i = 0; i < out.length; i++) {
    const doc = out[i]!;
    while (h < except.length && except[h]! < doc) h++;
    if (h < except.length && except[h] === doc) continue;
    kept[m++] = doc;
  }
  return kept.slice(0, m);
}

/**
 * The first `reach` of `docs` by score descending, then document ascending: positions into `docs`, in that order;
 * undefined when a score is NaN (the query path then orders otherwise: no list is stored).
 */
function best(docs: Uint32Array, scores: Float64Array, reach: number): Uint32Array | undefined {
  const k = Math.min(reach, docs.length);
  // A min-heap of the k best positions seen (worst on top); documents ascend, so a tie never displaces.
  const heap = new Uint32Array(k);
  let size = 0;
  const worse = (a: number, b: number): boolean => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const sink = (from: number, n: number): void => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const c = r < n && worse(heap[r]!, heap[l]!) ? r : l;
      if (!worse(heap[c]!, heap[i]!)) return;
      const t = heap[i]!;
      heap[i] = heap[c]!;
      heap[c] = t;
      i = c;
    }
  };
  for (let p = 0; p < docs.length; p++) {
    if (Number.isNaN(scores[p]!)) return undefined;
    if (size < k) {
      let i = size++;
      heap[i] = p;
      while (i > 0) {
        const parent = (i - 1) >>> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
    } else if (k > 0 && worse(heap[0]!, p)) {
      heap[0] = p;
      sink(0, size);
    }
  }
  for (let end = size - 1; end > 0; end--) {
    const t = heap[0]!;
    heap[0] = heap[end]!;
    heap[end] = t;
    sink(0, end);
  }
  return heap;
}

/**
 * The champion list of every long term of `index` (see the module comment), ascending by term. Visits each long
 * term's postings in the champion fields once (their term frequencies, for the public weights).
 */
export function championLists(index: CompactIndex, options: ChampionOptions): ChampionList[] {
  if (!index.hasStatistics && options.privateDocs.length > 0) return [];
  const fieldNumbers = options.fields.map((name) => index.fieldNumber(name));
  if (fieldNumbers.length === 0 || fieldNumbers.some((f) => f < 0)) return [];
  const { privateDocs, multiplier, addend } = options;
  const hidden = privateDocs;
  const text = new LunrTextIndex(index, index.docCount, (of) => (of === hidden ? options.privateLengths : undefined));
  const lists: ChampionList[] = [];
  for (const rank of longTermRanks(index, fieldNumbers)) {
    const term = index.term(rank);
    const terms = new Map(options.fields.map((name) => [name, [term]]));
    const docs = unionLess(
      fieldNumbers.map((f) => index.docs(rank, f)),
      privateDocs,
    );
    const n = docs.length;
    // The text score in the query path's operations (order/bounds.ts `textScores`), fields in the query's order.
    const scores = new Float64Array(n);
    const dots = new Float64Array(n);
    for (const field of text.queryImpacts(terms, hidden)) {
      dots.fill(0);
      for (const { weight, weightsOf } of field.dimensions) {
        const weights = weightsOf(docs);
        for (let i = 0; i < n; i++) {
          const w = weights[i]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
      }
      const magnitude = field.magnitude;
      for (let i = 0; i < n; i++) scores[i]! += dots[i]! / magnitude || 0;
    }
    // The linear form (rank/rank.ts `rankScores`).
    if (multiplier) for (let i = 0; i < n; i++) scores[i]! *= multiplier[docs[i]!]!;
    if (addend) for (let i = 0; i < n; i++) scores[i]! += addend[docs[i]!]!;
    const order = best(docs, scores, options.reach);
    if (!order) continue;
    const top = new Uint32Array(order.length);
    const topScores = new Float64Array(order.length);
    for (let i = 0; i < order.length; i++) {
      top[i] = docs[order[i]!]!;
      topScores[i] = scores[order[i]!]!;
    }
    lists.push({ term, total: n, docs: top, scores: topScores });
  }
  return lists.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}
