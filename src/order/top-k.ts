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
import { BLOCK_SHIFT, blockMaxima, linearBound, textBound, textScores } from './bounds.js';

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
 * The first `k` of `docs` (ascending) by best-match score descending, then document number, scoring only the
 * blocks whose bound can reach them.
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
  // Each match's own priors (the scores read the same values) and, per block of matches, their maxima.
  const multiplier = multiplierOf ? new Float64Array(docs.length) : undefined;
  const addend = addendOf ? new Float64Array(docs.length) : undefined;
  for (let i = 0; i < docs.length; i++) {
    if (multiplier) {
      const m = multiplierOf!(docs[i]!);
      // A negative multiplier would reverse the bound: score every document instead.
      if (m < 0) return undefined;
      multiplier[i] = m;
    }
    if (addend) addend[i] = addendOf!(docs[i]!);
  }

  // The matches' blocks: block b holds docs[starts[i], starts[i+1]).
  const starts: number[] = [];
  const texts: number[] = [];
  const bounds: number[] = [];
  for (let i = 0; i < docs.length; ) {
    const b = docs[i]! >>> BLOCK_SHIFT;
    starts.push(i);
    let maxMultiplier = multiplier ? -Infinity : undefined;
    let maxAddend = addend ? -Infinity : undefined;
    for (; i < docs.length && docs[i]! >>> BLOCK_SHIFT === b; i++) {
      // Math.max keeps a NaN (the bound is then +Infinity: the block is scored).
      if (multiplier) maxMultiplier = Math.max(maxMultiplier!, multiplier[i]!);
      if (addend) maxAddend = Math.max(maxAddend!, addend[i]!);
    }
    const text = textBound(b, fields);
    texts.push(text);
    bounds.push(linearBound(text, maxMultiplier, maxAddend));
  }
  starts.push(docs.length);
  const blocks = Uint32Array.from(bounds.keys()).sort((x, y) => bounds[y]! - bounds[x]! || x - y);

  const heap = new Heap(Math.max(0, Math.min(k, docs.length)));
  // Once the heap is full, a block can place a document only if its bound beats the worst kept score, or equals it
  // and the block starts before the worst kept document (ties go to the lower document number).
  const hopeless = (i: number): boolean =>
    heap.full && (bounds[i]! < heap.worstScore || (bounds[i]! === heap.worstScore && docs[starts[i]!]! > heap.worstDoc));
  // Blocks are scored in rounds of growing size (each round reads the query's postings once): the blocks taken in
  // bound order until the round is full, scored together in document order.
  let scored = 0;
  let round = Math.max(firstRound, 2 * k, 1);
  for (let next = 0; next < blocks.length && !hopeless(blocks[next]!); round *= 2) {
    const chosen: number[] = [];
    let size = 0;
    while (next < blocks.length && size < round && !hopeless(blocks[next]!)) {
      const i = blocks[next++]!;
      chosen.push(i);
      size += starts[i + 1]! - starts[i]!;
    }
    chosen.sort((x, y) => x - y);
    // The documents of the chosen blocks whose own bound can still place them (all of them until the heap is full;
    // the worst kept score only rises during the round, so testing against its value now is safe).
    const full = heap.full;
    const worstScore = heap.worstScore;
    const worstDoc = heap.worstDoc;
    const batch = new Uint32Array(size);
    let n = 0;
    for (const i of chosen) {
      for (let at = starts[i]!; at < starts[i + 1]!; at++) {
        const doc = docs[at]!;
        if (full) {
          // The document's own priors tighten its block's bound.
          const bound = linearBound(texts[i]!, multiplier?.[at], addend?.[at]);
          if (bound < worstScore || (bound === worstScore && doc > worstDoc)) continue;
        }
        batch[n++] = doc;
      }
    }
    const some = batch.subarray(0, n);
    const scores = rankScores(c, some, textScores(some, fields), scorer.context);
    scored += n;
    for (let j = 0; j < n; j++) {
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
