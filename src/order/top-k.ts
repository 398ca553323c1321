/**
 * Best match as a top-k collector with block-max pruning: the matches' blocks are taken in the order of their score
 * bounds (order/bounds.ts), best first, and scored a round at a time into a heap of the k best so far; once the
 * k-th best score exceeds the next block's bound, no remaining document can reach the page and scoring stops. The answer is
 * exactly the exhaustive one — the same k documents, in the same order (score descending, then document number),
 * with the same scores — because every bound is a floating-point upper bound of its block's scores
 * (test/order/top-k.test.ts compares both paths on generated and real dumps).
 */
import type { BestMatchScorer } from '../execute/scorer.js';
import type { DocList } from '../index/text-index.js';
import { linearForm, priorReader, rankScores } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import { BLOCK_SHIFT, BLOCK_SIZE, blockMaxima, linearBound, textBound, textScores } from './bounds.js';

/** Documents scored in the first round (rounds then double). */
const ROUND_MIN = 1024;

/** The first `k` matches by best match, with their scores, best first. */
export interface TopK {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  /** Documents actually scored (the rest were skipped by their block's bound). */
  readonly scored: number;
}

/**
 * The stored block maxima of prior `name` that bound what the viewer may see (src/segment): over every document
 * when it sees every one, over the public ones when it sees exactly those; undefined otherwise (a viewer reading
 * some private repositories: each match's own prior is read instead, so no record it cannot see moves a bound).
 */
function storedMaxima(c: Collection, name: string, hidden: DocList): Float64Array | undefined {
  const segment = c.segment;
  if (!segment) return undefined;
  if (hidden.length === 0) return segment.priorMaxima(name, 'all');
  // The hidden documents are always private ones: as many as there are private documents means all of them.
  return hidden.length === c.access.privateDocs.length ? segment.priorMaxima(name, 'public') : undefined;
}

/**
 * Per block of matches, the largest prior among its matches (`Math.max`: NaN when one is NaN), read match by
 * match; undefined when a match's prior is below 0 (a bound must not multiply by it).
 */
function matchMaxima(docs: DocList, blocks: Int32Array, starts: Int32Array, prior: (doc: number) => number, multiplies: boolean): Float64Array | undefined {
  const out = new Float64Array(blocks.length);
  for (let j = 0; j < blocks.length; j++) {
    let max = -Infinity;
    for (let at = starts[j]!; at < starts[j + 1]!; at++) {
      const v = prior(docs[at]!);
      if (multiplies && v < 0) return undefined;
      max = Math.max(max, v);
    }
    out[j] = max;
  }
  return out;
}

/**
 * The first `k` of `docs` (ascending) by best-match score descending, then document number, scoring only the
 * blocks whose bound can reach them. A block's bound reads the per-block maxima of the query terms' weights
 * (order/bounds.ts) and of the kind's priors — stored by the build for a viewer who sees every document or exactly
 * the public ones, so that only the blocks' first documents are visited before scoring; read match by match for
 * other viewers.
 * @param access the viewer's access key (src/access): the bounds are those of what it may see
 * @param firstRound documents scored in the first round at least (then rounds double; at least 2k)
 * @returns undefined when the bound cannot be formed (the kind's function is not linear for this query, the index
 *   cannot tell its weights, a prior may be negative) or a score is NaN: then every document is scored
 */
export function topKBestMatch(c: Collection, docs: DocList, k: number, scorer: BestMatchScorer, access: string, firstRound = ROUND_MIN): TopK | undefined {
  const form = linearForm(c, scorer.context);
  if (!form) return undefined;
  const fields = blockMaxima(c, scorer.terms, scorer.hidden, access);
  if (!fields) return undefined;
  const multiplierOf = form.multiplier === undefined ? undefined : priorReader(c, form.multiplier);
  const addendOf = form.addend === undefined ? undefined : priorReader(c, form.addend);
  if ((form.multiplier !== undefined && !multiplierOf) || (form.addend !== undefined && !addendOf)) return undefined;

  // The matches' blocks: block blocks[j] holds docs[starts[j], starts[j+1]). A block holds at most BLOCK_SIZE
  // documents, so the next block's first match is found by a binary search over the next BLOCK_SIZE matches.
  const n = docs.length;
  const blockList: number[] = [];
  const startList: number[] = [];
  for (let i = 0; i < n; ) {
    const b = docs[i]! >>> BLOCK_SHIFT;
    blockList.push(b);
    startList.push(i);
    const limit = (b + 1) * BLOCK_SIZE;
    let lo = i + 1;
    let hi = Math.min(n, i + BLOCK_SIZE);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid]! < limit) lo = mid + 1;
      else hi = mid;
    }
    i = lo;
  }
  startList.push(n);
  const blocks = Int32Array.from(blockList);
  const starts = Int32Array.from(startList);
  const count = blocks.length;

  // Per block, the largest multiplier and addend: stored per block of the collection, else from the matches.
  const pick = (name: string | undefined, of: ((doc: number) => number) | undefined, multiplies: boolean): Float64Array | undefined | null => {
    if (name === undefined) return undefined;
    const stored = storedMaxima(c, name, scorer.hidden);
    if (stored) {
      const out = new Float64Array(count);
      for (let j = 0; j < count; j++) out[j] = stored[blocks[j]!]!;
      return out;
    }
    return matchMaxima(docs, blocks, starts, of!, multiplies) ?? null;
  };
  const maxMultiplier = pick(form.multiplier, multiplierOf, true);
  const maxAddend = pick(form.addend, addendOf, false);
  if (maxMultiplier === null || maxAddend === null) return undefined;

  const texts = new Float64Array(count);
  const bounds = new Float64Array(count);
  for (let j = 0; j < count; j++) {
    const text = textBound(blocks[j]!, fields);
    texts[j] = text;
    bounds[j] = linearBound(text, maxMultiplier?.[j], maxAddend?.[j]);
  }
  const order = new Uint32Array(count);
  for (let j = 0; j < count; j++) order[j] = j;
  order.sort((x, y) => bounds[y]! - bounds[x]! || x - y);

  const heap = new Heap(Math.max(0, Math.min(k, n)));
  // Once the heap is full, a block can place a document only if its bound beats the worst kept score, or equals it
  // and the block starts before the worst kept document (ties go to the lower document number).
  const hopeless = (j: number): boolean =>
    heap.full && (bounds[j]! < heap.worstScore || (bounds[j]! === heap.worstScore && docs[starts[j]!]! > heap.worstDoc));
  // Blocks are scored in rounds of growing size (each round reads the query's postings once): the blocks taken in
  // bound order until the round is full, scored together in document order.
  let scored = 0;
  let round = Math.max(firstRound, 2 * k, 1);
  for (let next = 0; next < count && !hopeless(order[next]!); round *= 2) {
    const chosen: number[] = [];
    let size = 0;
    while (next < count && size < round && !hopeless(order[next]!)) {
      const j = order[next++]!;
      chosen.push(j);
      size += starts[j + 1]! - starts[j]!;
    }
    chosen.sort((x, y) => x - y);
    // The documents of the chosen blocks whose own bound can still place them (all of them until the heap is full;
    // the worst kept score only rises during the round, so testing against its value now is safe).
    const full = heap.full;
    const worstScore = heap.worstScore;
    const worstDoc = heap.worstDoc;
    const batch = new Uint32Array(size);
    let m = 0;
    for (const j of chosen) {
      for (let at = starts[j]!; at < starts[j + 1]!; at++) {
        const doc = docs[at]!;
        if (full) {
          // The document's own priors tighten its block's bound (none is below 0: its block's maximum is formed).
          const bound = linearBound(texts[j]!, multiplierOf?.(doc), addendOf?.(doc));
          if (bound < worstScore || (bound === worstScore && doc > worstDoc)) continue;
        }
        batch[m++] = doc;
      }
    }
    const some = batch.subarray(0, m);
    const scores = rankScores(c, some, textScores(some, fields), scorer.context);
    scored += m;
    for (let j = 0; j < m; j++) {
      const score = scores[j]!;
      if (Number.isNaN(score)) return undefined;
      heap.offer(batch[j]!, score);
    }
  }
  return { ...heap.sorted(), scored };
}

/** The best `capacity` (document, score) pairs offered: score descending, then document number ascending. */
class Heap {
  private readonly docs: Uint32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.docs = new Uint32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  get full(): boolean {
    return this.size === this.capacity;
  }

  /** The score of the worst pair kept (only meaningful when {@link full}). */
  get worstScore(): number {
    return this.scores[0]!;
  }

  /** The document of the worst pair kept (only meaningful when {@link full}). */
  get worstDoc(): number {
    return this.docs[0]!;
  }

  /** True when pair `i` ranks below pair `j` (lower score, or the same score and a later document). */
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.docs[i]! > this.docs[j]!);
  }

  private swap(i: number, j: number): void {
    const d = this.docs[i]!;
    this.docs[i] = this.docs[j]!;
    this.docs[j] = d;
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
  }

  offer(doc: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      this.docs[i] = doc;
      this.scores[i] = score;
      while (i > 0) {
        const parent = (i - 1) >>> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const top = this.scores[0]!;
    if (score < top || (score === top && doc > this.docs[0]!)) return;
    this.docs[0] = doc;
    this.scores[0] = score;
    this.sink(0, this.size);
  }

  private sink(i: number, size: number): void {
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const right = left + 1;
      const child = right < size && this.worse(right, left) ? right : left;
      if (!this.worse(child, i)) return;
      this.swap(i, child);
      i = child;
    }
  }

  /** The pairs kept, best first (empties the heap). */
  sorted(): { docs: Uint32Array; scores: Float64Array } {
    const n = this.size;
    // Heap sort: the worst goes to the end each time.
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.sink(0, end);
    }
    this.size = 0;
    return { docs: this.docs.slice(0, n), scores: this.scores.slice(0, n) };
  }
}
