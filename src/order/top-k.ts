/**
 * Best match as a top-k collector with block-max pruning: the matches are taken block by block in the order of
 * their score bounds (order/bounds.ts), best first, into a heap of the k best so far; once the k-th best score
 * exceeds the next block's bound, no remaining document can reach the page and scoring stops. The answer is
 * exactly the exhaustive one — the same k documents, in the same order (score descending, then document number),
 * with the same scores — because every bound is a floating-point upper bound of its block's scores
 * (test/order/top-k.test.ts compares both paths on generated and real dumps).
 */
import type { BestMatchScorer } from '../execute/scorer.js';
import type { DocList } from '../index/text-index.js';
import { linearForm } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import { BLOCK_SHIFT, blockBound, blockMaxima, priorMaxima } from './bounds.js';

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
 * @returns undefined when the bound cannot be formed (the kind's function is not linear for this query, the index
 *   cannot tell its weights, a prior may be negative) or a score is NaN: then every document is scored
 */
export function topKBestMatch(c: Collection, docs: DocList, k: number, scorer: BestMatchScorer, access: string): TopK | undefined {
  const form = linearForm(c, scorer.context);
  if (!form) return undefined;
  const fields = blockMaxima(c, scorer.terms, scorer.hidden, access);
  if (!fields) return undefined;
  const multiplier = form.multiplier === undefined ? undefined : priorMaxima(c, form.multiplier, scorer.hidden, access);
  const addend = form.addend === undefined ? undefined : priorMaxima(c, form.addend, scorer.hidden, access);
  if ((form.multiplier !== undefined && !multiplier) || (form.addend !== undefined && !addend)) return undefined;

  // The matches' blocks: block b holds docs[starts[i], starts[i+1]).
  const starts: number[] = [];
  const bounds: number[] = [];
  for (let i = 0; i < docs.length; ) {
    const b = docs[i]! >>> BLOCK_SHIFT;
    starts.push(i);
    bounds.push(blockBound(b, fields, multiplier, addend));
    while (i < docs.length && docs[i]! >>> BLOCK_SHIFT === b) i++;
  }
  starts.push(docs.length);
  const blocks = Uint32Array.from(bounds.keys()).sort((x, y) => bounds[y]! - bounds[x]! || x - y);

  const heap = new Heap(Math.max(0, Math.min(k, docs.length)));
  let scored = 0;
  for (const i of blocks) {
    if (heap.full && bounds[i]! < heap.worstScore) break;
    const block = docs.subarray(starts[i]!, starts[i + 1]!);
    const scores = scorer.some(block);
    scored += block.length;
    for (let j = 0; j < block.length; j++) {
      const score = scores[j]!;
      if (Number.isNaN(score)) return undefined;
      heap.offer(block[j]!, score);
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
