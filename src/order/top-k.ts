/**
 * Best match as a top-k collector with block-max pruning: the matches' blocks are taken in the order of their score
 * bounds (order/bounds.ts), best first, and scored a round at a time into a heap of the k best so far; once the
 * k-th best score exceeds the next block's bound, no remaining document can reach the page and scoring stops. The bar
 * a block must reach starts at the floor the query terms' champion documents give (order/seed-floor.ts), and a match
 * is tested by its own text bound (order/match-bound.ts) before its priors are read. A term that few matches hold
 * in a field (a word seldom in titles) has its matches weighed first and is left out of the blocks' bounds
 * ({@link sparseFirst}); when no block can then reach the bar, the blocks are not walked at all. Matches few a block
 * (a keyword narrowed by qualifiers) are taken in the order of their own bounds instead ({@link FEW_A_BLOCK}). The answer is
 * exactly the exhaustive one — the same k documents, in the same order (score descending, then document number),
 * with the same scores — because every bound is a floating-point upper bound of its block's scores
 * (test/order/top-k.test.ts compares both paths on generated and real dumps).
 */
import { lowerBound, union } from '../execute/doc-set.js';
import type { BestMatchScorer } from '../execute/scorer.js';
import type { DocList } from '../index/text-index.js';
import { gatherPrior, linearForm, priorReader } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import type { MaximaOver } from '../segment/segment.js';
import { BLOCK_SHIFT, BLOCK_SIZE, blockCount, blockMaxima, linearBound, SUB_SHIFT, SUB_SIZE, textBound, textScores, type FieldMaxima } from './bounds.js';
import { f64, F64, i32, I32, u32, U32 } from '../scratch.js';
import { BestPairs } from '../index/best-pairs.js';
import { championSeeds, seedFloor, seedsWanted } from './seed-floor.js';
import { matchBounds, matchTextBounds } from './match-bound.js';
import { priorBlockBounds, priorUpperBounds } from './code-bounds.js';

/** Documents scored in the first round (rounds then double). */
const ROUND_MIN = 256;
/** Matches weighed in the first round of the matches taken in their own bounds' order, at least (and 2k). */
const ROUND_LEAST = 32;

/** The first `k` matches by best match, with their scores, best first. */
export interface TopK {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  /** Documents actually scored (the rest were skipped by their block's bound), the seeds included. */
  readonly scored: number;
  /** Champion documents among the matches scored first for a starting threshold (0: none, or no floor formed). */
  readonly seeds: number;
  /** Matches of the query's sparse terms weighed before the blocks (0: none; {@link sparseFirst}). */
  readonly first: number;
  /** Whether the matches' blocks were walked (false: the sparse terms' matches and the seeds decided the page). */
  readonly walked: boolean;
  /** Whether the matches were weighed in the order of their own bounds, with no blocks ({@link FEW_A_BLOCK}). */
  readonly byMatch: boolean;
}

/**
 * Matches at most 1/this of the collection (4 a block of 128 on average: a keyword narrowed by qualifiers) are
 * weighed in the order of their own bounds instead of by blocks: a block's bound is its best document's among all
 * 128, so with a few matches a block the blocks' bounds end nothing, and every block holding a match is taken.
 */
const FEW_A_BLOCK = 32;

/**
 * Whose stored maxima bound what the viewer may see (src/segment): every document's when it sees every one, the
 * public ones' when it sees exactly those; undefined otherwise (a viewer reading some private repositories: each
 * match's own prior is read instead, so no record it cannot see moves a bound).
 */
function maximaOver(c: Collection, hidden: DocList): MaximaOver | undefined {
  if (hidden.length === 0) return 'all';
  // The hidden documents are always private ones: as many as there are private documents means all of them.
  return hidden.length === c.access.privateDocs.length ? 'public' : undefined;
}

/** The stored block maxima of prior `name` for the viewer ({@link maximaOver}), or undefined. */
function storedMaxima(c: Collection, name: string, hidden: DocList): Float64Array | undefined {
  const over = maximaOver(c, hidden);
  return over && c.segment?.priorMaxima(name, over);
}

/**
 * The stored sub-block maxima of one prior for the viewer ({@link maximaOver}), read through the segment's block
 * of them that holds the sub-block asked for (consecutive sub-blocks share it: one lookup per 4 KiB block).
 */
class SubMaxima {
  private values: Float64Array | undefined;
  private first = 0;

  private constructor(
    private readonly segment: NonNullable<Collection['segment']>,
    private readonly name: string,
    private readonly over: MaximaOver,
  ) {}

  /** The reader of prior `name` for the viewer, or undefined when the segment cannot bound what it sees. */
  static of(c: Collection, name: string | undefined, hidden: DocList): SubMaxima | undefined {
    const over = maximaOver(c, hidden);
    const segment = c.segment;
    return name === undefined || !over || !segment ? undefined : new SubMaxima(segment, name, over);
  }

  /** The prior's maximum over sub-block `sub`, or undefined when the segment cannot tell. */
  at(sub: number): number | undefined {
    let values = this.values;
    if (!values || sub < this.first || sub - this.first >= values.length) {
      const block = this.segment.fineBlock(this.name, this.over, sub);
      if (!block) return undefined;
      values = this.values = block.values;
      this.first = block.first;
    }
    return values[sub - this.first];
  }
}

/**
 * Per block of matches (the first `count` blocks; block j holds docs[starts[j], starts[j+1])), the largest prior
 * among its matches (`Math.max`: NaN when one is NaN), read match by match, into `out`; undefined when a match's
 * prior is below 0 (a bound must not multiply by it).
 */
function matchMaxima(
  docs: DocList,
  starts: Int32Array,
  count: number,
  prior: (doc: number) => number,
  multiplies: boolean,
  out: Float64Array,
): Float64Array | undefined {
  for (let j = 0; j < count; j++) {
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
 * Keep the entries of `batch[0, m)` whose bound — `text[i]`, times `multiplier[i]`, plus `addend[i]` (each factor
 * optional, the linear form's operations) — can still place them against the bar (`worstScore`, then `worstDoc`
 * for a tie: the lower document first): moved to the front in order, with the same entries of each array of
 * `carried` (read at i before written at the kept position, so `text` may be one of them).
 * @returns how many were kept
 */
function keepReaching(
  batch: Uint32Array,
  m: number,
  text: Float64Array,
  multiplier: Float64Array | undefined,
  addend: Float64Array | undefined,
  worstScore: number,
  worstDoc: number,
  carried: ReadonlyArray<Float64Array | undefined>,
): number {
  let kept = 0;
  for (let i = 0; i < m; i++) {
    let bound = text[i]!;
    if (multiplier) bound *= multiplier[i]!;
    if (addend) bound += addend[i]!;
    if (bound < worstScore || (bound === worstScore && batch[i]! > worstDoc)) continue;
    batch[kept] = batch[i]!;
    for (const values of carried) if (values) values[kept] = values[i]!;
    kept++;
  }
  return kept;
}

/**
 * A term holding at most this fraction of the matches (1/64) in a field is a sparse one: its matches are weighed
 * first and the blocks' bounds leave it out.
 */
const SPARSE_RATIO = 64;

/**
 * The query's sparse dimensions (a part of at most 1/`ratio` of the `n` matches, {@link SPARSE_RATIO}; only the
 * dimensions whose part among the matches blockMaxima intersected, `among`): their matches (`first`, ascending, the
 * union of those parts) and the fields without those dimensions (`rest`, each field's magnitude kept). Undefined
 * when there is none.
 *
 * Exact: a match outside `first` lacks every left-out term, which adds nothing to its text score (bounds.ts
 * `textScores` adds a term only for a document of its posting), and leaving a dimension out of a bound is adding 0
 * to it, so a bound over `rest` still bounds that match's score; the matches of `first` are weighed with bounds over
 * every dimension. Only the matches' own documents are counted, so nothing the viewer cannot see decides it.
 */
export function sparseFirst(fields: readonly FieldMaxima[], n: number, ratio = SPARSE_RATIO): { readonly first: DocList; readonly rest: FieldMaxima[] } | undefined {
  let first: DocList | undefined;
  const rest = fields.map((field) => {
    const dimensions = field.dimensions.filter((dimension) => {
      const among = dimension.among;
      if (!among || among.length * ratio > n) return true;
      first = first ? union(first, among) : among;
      return false;
    });
    return dimensions.length === field.dimensions.length ? field : { magnitude: field.magnitude, dimensions };
  });
  return first ? { first, rest } : undefined;
}

/**
 * An upper bound of the best-match score of every match in the collection, over the dimensions of `fields`: per
 * dimension its largest block maximum, with the largest block maxima of the priors the build stored for the viewer
 * (the operations of textBound and linearBound). +Infinity when a prior's maxima are not stored for the viewer.
 */
function globalBound(c: Collection, fields: readonly FieldMaxima[], multiplier: string | undefined, addend: string | undefined, hidden: DocList): number {
  // (NaN when a value is NaN, as Math.max: linearBound then gives +Infinity.)
  const largest = (values: ArrayLike<number>): number => {
    let most = -Infinity;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (value > most) most = value;
      else if (value !== value) return NaN;
    }
    return most;
  };
  const priorMost = (name: string | undefined): number | undefined => {
    if (name === undefined) return undefined;
    const stored = storedMaxima(c, name, hidden);
    return stored ? largest(stored) : Infinity;
  };
  // Each dimension's maxima as one block (block 0) holding its largest: textBound's own operations over them.
  const one = fields.map((field) => ({
    magnitude: field.magnitude,
    dimensions: field.dimensions.map((dimension) => {
      const max = new Int32Array([Math.max(0, largest(dimension.max))]);
      return { weight: dimension.weight, docs: dimension.docs, max, fine: max };
    }),
  }));
  return linearBound(textBound(0, one), priorMost(multiplier), priorMost(addend));
}

/** Block `a` comes before block `b` in bound order: a larger bound, or the same bound and a lower position. */
function before(bounds: Float64Array, a: number, b: number): boolean {
  const x = bounds[a]!;
  const y = bounds[b]!;
  return x > y || (x === y && a < b);
}

/**
 * The blocks in bound order, taken one at a time: a binary heap over their positions (built in linear time), so
 * only the blocks taken are ever ordered (a common term's few best of thousands).
 */
class BlockQueue {
  private readonly heap: Uint32Array;
  private size: number;

  /** @param bounds one bound per block, the first `count` of them (kept: read as long as the queue is used) */
  constructor(
    private readonly bounds: Float64Array,
    count: number,
  ) {
    this.size = count;
    this.heap = u32(U32.queue, count);
    for (let j = 0; j < this.size; j++) this.heap[j] = j;
    for (let i = (this.size >>> 1) - 1; i >= 0; i--) this.sink(i);
  }

  /** The next block in bound order (its position), or -1 when none is left. */
  peek(): number {
    return this.size === 0 ? -1 : this.heap[0]!;
  }

  /** Remove the block {@link peek} gives. */
  pop(): void {
    this.heap[0] = this.heap[--this.size]!;
    this.sink(0);
  }

  private sink(i: number): void {
    const heap = this.heap;
    const bounds = this.bounds;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const child = right < this.size && before(bounds, heap[right]!, heap[left]!) ? right : left;
      if (!before(bounds, heap[child]!, heap[i]!)) return;
      const t = heap[i]!;
      heap[i] = heap[child]!;
      heap[child] = t;
      i = child;
    }
  }
}

/**
 * The first `k` of `docs` (ascending) by best-match score descending, then document number, scoring only the
 * blocks whose bound can reach them. A block's bound reads the per-block maxima of the query terms' weights
 * (order/bounds.ts) and of the kind's priors — stored by the build for a viewer who sees every document or exactly
 * the public ones, so that only the blocks' first documents are visited before scoring; read match by match for
 * other viewers. A round copies its blocks' matches, gathers their priors into arrays and scores them in the
 * linear form's operations (`text × multiplier + addend`, as src/rank/rank.ts `rankScores`), without a call per
 * document: a cold process runs this loop in V8's interpreter.
 * @param access the viewer's access key (src/access): the bounds are those of what it may see
 * @param firstRound documents scored in the first round at least (then rounds double; at least 2k); by own bounds
 *   ({@link FEW_A_BLOCK}) at most {@link ROUND_LEAST} of it
 * @param seeded start from the floor of the query terms' champion documents among the matches (order/seed-floor.ts)
 *   when there are at least k of them: blocks, sub-blocks and matches that cannot reach it are skipped from the first
 *   round; false scores blocks only (the same answer)
 * @param sparseRatio a term among at most 1/sparseRatio of the matches in a field has its matches weighed first and
 *   is left out of the blocks' bounds ({@link sparseFirst}; the answer is the same for any ratio)
 * @param fewABlock matches at most 1/fewABlock of the collection are weighed in the order of their own bounds (text
 *   bound, prior codes: order/match-bound.ts `matchBounds`) with no blocks and no champion floor, when the segment
 *   holds the form's prior codes ({@link FEW_A_BLOCK}; the answer is the same for any value: 1 takes it always)
 * @returns undefined when the bound cannot be formed (the kind's function is not linear for this query, the index
 *   cannot tell its weights, a prior may be negative) or a score is NaN: then every document is scored
 */
export function topKBestMatch(
  c: Collection,
  docs: DocList,
  k: number,
  scorer: BestMatchScorer,
  access: string,
  firstRound = ROUND_MIN,
  seeded = true,
  sparseRatio = SPARSE_RATIO,
  fewABlock = FEW_A_BLOCK,
): TopK | undefined {
  const form = linearForm(c, scorer.context);
  if (!form) return undefined;
  const n = docs.length;
  // Few matches a block: weighed in the order of their own bounds (below), so no posting is weighed whole for them.
  const few = n * fewABlock <= c.records.length;
  const fields = blockMaxima(c, scorer.terms, scorer.hidden, access, docs, few);
  if (!fields) return undefined;
  const multiplierOf = form.multiplier === undefined ? undefined : priorReader(c, form.multiplier);
  const addendOf = form.addend === undefined ? undefined : priorReader(c, form.addend);
  if ((form.multiplier !== undefined && !multiplierOf) || (form.addend !== undefined && !addendOf)) return undefined;

  const subMultiplier = SubMaxima.of(c, form.multiplier, scorer.hidden);
  const subAddend = SubMaxima.of(c, form.addend, scorer.hidden);
  const capacity = Math.max(0, Math.min(k, n));
  const heap = new BestPairs(capacity);
  // Few matches a block: every match's own bound (text, prior codes), into the working array of the blocks' bounds
  // (no blocks here); no champion floor (the best bounds, weighed first, give the bar).
  const own = few ? matchBounds(c, docs, n, fields, form.multiplier, form.addend, f64(F64.bounds, n)) : undefined;
  // The floor: the k-th best pair among the query terms' champion documents that match (none: -Infinity, which bars
  // nothing). The heap only ever takes pairs ranking at or above it, so once full its worst pair is the higher bar.
  const floor = seeded && capacity > 0 && !own ? seedFloor(c, championSeeds(c, scorer.terms, docs, seedsWanted(capacity)), capacity, fields, form.multiplier, form.addend) : undefined;
  if (floor === null) return undefined;
  // The k best seeds are the heap's first page (full from the start: its worst pair is the floor), and a seed met
  // again in a block is not offered twice.
  if (floor) for (let i = 0; i < floor.best.docs.length; i++) heap.offer(floor.best.docs[i]!, floor.best.scores[i]!);
  const seedDocs = floor?.scoredDocs;
  const floorScore = floor ? floor.score : -Infinity;
  const floorDoc = floor ? floor.doc : Infinity;
  const barred = (): boolean => heap.full || floor !== undefined;
  const barScore = (): number => (heap.full ? heap.worstScore : floorScore);
  const barDoc = (): number => (heap.full ? heap.worstDoc : floorDoc);
  let scored = floor ? floor.seeds : 0;
  // Whether a round rules matches out by their own text bound before reading their priors (see weigh).
  let ownBounds = true;

  /**
   * Weighs batch[0, m) (ascending matches, none weighed before), offering those that place to the heap. Once there
   * is a bar (`full`: its `worstScore`, `worstDoc`), a match's own text bound (per term, nothing when the match lacks
   * it, else its own weight when the posting was weighed whole or its sub-block's maximum: order/match-bound.ts)
   * with its sub-block's prior maxima (`subMultipliers`, `subAddends`) rules most matches out before their priors
   * are read; then with its one-byte prior bounds, then with its own priors. Where it rules out few (a word in most
   * titles, a page decided by the priors) the merges it costs are not worth it: after a round (`rounds`) that kept
   * more than three in four, the sub-block's text bound (`subTexts`) serves instead.
   * @returns false when a score is NaN (the caller then scores every document)
   */
  const weigh = (
    batch: Uint32Array,
    m: number,
    full: boolean,
    worstScore: number,
    worstDoc: number,
    subTexts: Float64Array | undefined,
    subMultipliers: Float64Array | undefined,
    subAddends: Float64Array | undefined,
    rounds: boolean,
  ): boolean => {
    // (A prior of the linear form without its bound here leaves that test out: only the exact priors then rule.)
    const priorsBounded = (multipliers: Float64Array | undefined, addends: Float64Array | undefined): boolean =>
      (form.multiplier === undefined || multipliers !== undefined) && (form.addend === undefined || addends !== undefined);
    let own: Float64Array | undefined = subTexts;
    if (full && (ownBounds || !rounds)) {
      own = matchTextBounds(batch, m, fields, f64(F64.text, m), f64(F64.dots, m));
      if (priorsBounded(subMultipliers, subAddends)) {
        const kept = keepReaching(batch, m, own, subMultipliers, subAddends, worstScore, worstDoc, [own]);
        if (rounds && 4 * kept > 3 * m) ownBounds = false;
        m = kept;
      }
    }
    // Then each match's one-byte prior bound (order/code-bounds.ts) rules most of the rest out before the exact
    // priors are read (the arrays are the exact priors' slots: written again below).
    if (own && m > 0) {
      const codeMultiplier = f64(F64.multiplier, m);
      const codeAddend = f64(F64.addend, m);
      const byMultiplier = priorUpperBounds(c, form.multiplier, batch, m, codeMultiplier);
      const byAddend = priorUpperBounds(c, form.addend, batch, m, codeAddend);
      const multipliers = byMultiplier ? codeMultiplier : subMultipliers;
      const addends = byAddend ? codeAddend : subAddends;
      if ((byMultiplier || byAddend) && priorsBounded(multipliers, addends)) {
        m = keepReaching(batch, m, own, multipliers, addends, worstScore, worstDoc, [own]);
      }
    }
    const multiplier: Float64Array | undefined = multiplierOf ? f64(F64.multiplier, m) : undefined;
    const addend: Float64Array | undefined = addendOf ? f64(F64.addend, m) : undefined;
    if (multiplier) gatherPrior(c, form.multiplier!, batch.subarray(0, m), multiplier);
    if (addend) gatherPrior(c, form.addend!, batch.subarray(0, m), addend);
    if (own) m = keepReaching(batch, m, own, multiplier, addend, worstScore, worstDoc, [multiplier, addend]);
    // The scores in rankScores' linear form, then offered (most fall below the worst kept: tested first).
    const scores = textScores(batch, m, fields);
    scored += m;
    for (let i = 0; i < m; i++) {
      let score = scores[i]!;
      if (multiplier) score *= multiplier[i]!;
      if (addend) score += addend[i]!;
      if (Number.isNaN(score)) return false;
      const doc = batch[i]!;
      if (barred() && (score < barScore() || (score === barScore() && doc > barDoc()))) continue;
      if (seedDocs && seedDocs[lowerBound(seedDocs, doc)] === doc) continue;
      heap.offer(doc, score);
    }
    return true;
  };

  if (own) {
    // In rounds, as the blocks are (2k matches, then doubling): the matches whose bound is among the round's best
    // (ties and NaN bounds too), weighed in document order; then the rest's bounds are tested against the bar
    // (the heap's k-th best), and those that cannot reach it are dropped. Exact: each bound is at least its match's
    // score, and the bar only rises.
    const rest = u32(U32.queue, n);
    rest.set(docs.subarray(0, n));
    const keys = f64(F64.texts, n);
    const batch = u32(U32.batch, n);
    let r = n;
    for (let round = Math.max(2 * k, Math.min(firstRound, ROUND_LEAST), 1); r > 0; round *= 2) {
      // The round's least bound: the bounds sorted natively (ascending, NaN last: NaN weighs every match).
      let least = -Infinity;
      if (r > round) {
        keys.set(own.subarray(0, r));
        least = keys.subarray(0, r).sort()[r - round]!;
      }
      let m = 0;
      let left = 0;
      for (let i = 0; i < r; i++) {
        const bound = own[i]!;
        if (!(bound < least)) batch[m++] = rest[i]!;
        else {
          rest[left] = rest[i]!;
          own[left++] = bound;
        }
      }
      if (!weigh(batch, m, barred(), barScore(), barDoc(), undefined, undefined, undefined, false)) return undefined;
      r = barred() ? keepReaching(rest, left, own, undefined, undefined, barScore(), barDoc(), [own]) : left;
    }
    return { ...heap.sorted(), scored, seeds: 0, first: 0, walked: false, byMatch: true };
  }

  // A term few matches hold (a word seldom in titles) is left out of the blocks' bounds: its matches are weighed
  // first, as one batch with their sub-blocks' stored prior maxima, and the rounds below skip them.
  const split = sparseFirst(fields, n, sparseRatio);
  const bounded = split ? split.rest : fields;
  const first = split?.first;
  if (first && first.length > 0) {
    const full = barred();
    const m = first.length;
    const batch = u32(U32.batch, m);
    batch.set(first);
    let subMultipliers = full && subMultiplier ? f64(F64.subMultipliers, m) : undefined;
    let subAddends = full && subAddend ? f64(F64.subAddends, m) : undefined;
    for (let i = 0; i < m && (subMultipliers || subAddends); i++) {
      const sub = first[i]! >>> SUB_SHIFT;
      if (subMultipliers) {
        const value = subMultiplier!.at(sub);
        if (value === undefined) subMultipliers = undefined;
        else subMultipliers[i] = value;
      }
      if (subAddends) {
        const value = subAddend!.at(sub);
        if (value === undefined) subAddends = undefined;
        else subAddends[i] = value;
      }
    }
    if (!weigh(batch, m, full, barScore(), barDoc(), undefined, subMultipliers, subAddends, false)) return undefined;
    // When not even the largest weight of each other term with the largest prior the build stored can reach the bar,
    // no block can: done without walking the matches' blocks.
    if (barred() && globalBound(c, bounded, form.multiplier, form.addend, scorer.hidden) < barScore()) {
      return { ...heap.sorted(), scored, seeds: floor ? floor.seeds : 0, first: first.length, walked: false, byMatch: false };
    }
  }

  // The matches' blocks: block blocks[j] holds docs[starts[j], starts[j+1]). A block holds at most BLOCK_SIZE
  // documents, so the next block's first match is found by a binary search over the next BLOCK_SIZE matches.
  // (Working arrays are the process's scratch, scratch.ts: nothing here outlives the call but the heap.)
  const most = Math.min(n, blockCount(c.records.length)) + 1;
  const blocks = i32(I32.blocks, most);
  const starts = i32(I32.starts, most);
  let count = 0;
  for (let i = 0; i < n; ) {
    const b = docs[i]! >>> BLOCK_SHIFT;
    blocks[count] = b;
    starts[count++] = i;
    i = lowerBound(docs, (b + 1) * BLOCK_SIZE, i + 1, Math.min(n, i + BLOCK_SIZE));
  }
  starts[count] = n;

  // Per block, the largest multiplier and addend: stored per block of the collection, else the matches' prior codes
  // (order/code-bounds.ts), else the matches' priors.
  const pick = (name: string | undefined, of: ((doc: number) => number) | undefined, multiplies: boolean, slot: number): Float64Array | undefined | null => {
    if (name === undefined) return undefined;
    const out = f64(slot, count);
    const stored = storedMaxima(c, name, scorer.hidden);
    if (stored) {
      for (let j = 0; j < count; j++) out[j] = stored[blocks[j]!]!;
      return out;
    }
    return priorBlockBounds(c, name, docs, starts, count, out) ?? matchMaxima(docs, starts, count, of!, multiplies, out) ?? null;
  };
  const maxMultiplier = pick(form.multiplier, multiplierOf, true, F64.maxMultiplier);
  const maxAddend = pick(form.addend, addendOf, false, F64.maxAddend);
  if (maxMultiplier === null || maxAddend === null) return undefined;

  const texts = f64(F64.texts, count);
  const bounds = f64(F64.bounds, count);
  for (let j = 0; j < count; j++) {
    const text = textBound(blocks[j]!, bounded);
    texts[j] = text;
    bounds[j] = linearBound(text, maxMultiplier?.[j], maxAddend?.[j]);
  }
  const queue = new BlockQueue(bounds, count);

  // Once there is a bar, a block can place a document only if its bound beats the bar's score, or equals it and the
  // block starts before the bar's document (ties go to the lower document number).
  const hopeless = (j: number): boolean => barred() && (bounds[j]! < barScore() || (bounds[j]! === barScore() && docs[starts[j]!]! > barDoc()));
  // Blocks are scored in rounds of growing size (each round reads the query's postings once): the blocks taken in
  // bound order until the round is full, scored together in document order.
  let round = Math.max(firstRound, 2 * k, 1);
  const chosen = i32(I32.chosen, count);
  for (; queue.peek() >= 0 && !hopeless(queue.peek()); round *= 2) {
    let taken = 0;
    let size = 0;
    while (queue.peek() >= 0 && size < round && !hopeless(queue.peek())) {
      const j = queue.peek();
      queue.pop();
      chosen[taken++] = j;
      size += starts[j + 1]! - starts[j]!;
    }
    chosen.subarray(0, taken).sort();
    // The matches of the chosen blocks with their text bound: all of them until the heap is full; then only those of
    // the sub-blocks whose own bound (their text maxima, their stored prior maxima, else their block's) can still
    // place one (the worst kept score only rises during the round, so testing against its value now is safe). The
    // matches weighed first (`first`) are skipped: a cursor into them, moved by the ascending matches.
    const full = barred();
    const worstScore = barScore();
    const worstDoc = barDoc();
    const batch = u32(U32.batch, size);
    // Per match of a kept sub-block, the sub-block's text bound and prior maxima (the bound's until its own are read).
    const subTexts = full ? f64(F64.subTexts, size) : undefined;
    const subMultipliers = full && maxMultiplier ? f64(F64.subMultipliers, size) : undefined;
    const subAddends = full && maxAddend ? f64(F64.subAddends, size) : undefined;
    let m = 0;
    for (let t = 0; t < taken; t++) {
      const j = chosen[t]!;
      const from = starts[j]!;
      const to = starts[j + 1]!;
      let f = first ? lowerBound(first, docs[from]!) : 0;
      const firstLength = first ? first.length : 0;
      if (!full) {
        for (let i = from; i < to; i++) {
          const doc = docs[i]!;
          while (f < firstLength && first![f]! < doc) f++;
          if (f < firstLength && first![f] === doc) continue;
          batch[m++] = doc;
        }
        continue;
      }
      for (let i = from; i < to; ) {
        // The sub-block's matches: docs[i, end), at most SUB_SIZE of them (a binary search for the next one's first).
        const sub = docs[i]! >>> SUB_SHIFT;
        const end = lowerBound(docs, (sub + 1) * SUB_SIZE, i + 1, Math.min(to, i + SUB_SIZE));
        const subText = textBound(sub, bounded, true);
        let bound = subText;
        const subMultiplierMax = maxMultiplier ? (subMultiplier?.at(sub) ?? maxMultiplier[j]!) : 1;
        const subAddendMax = maxAddend ? (subAddend?.at(sub) ?? maxAddend[j]!) : 0;
        if (maxMultiplier) bound *= subMultiplierMax;
        if (maxAddend) bound += subAddendMax;
        // (A NaN bound keeps the sub-block: what it bounds is scored.)
        if (!(bound < worstScore || (bound === worstScore && docs[i]! > worstDoc))) {
          for (let x = i; x < end; x++) {
            const doc = docs[x]!;
            while (f < firstLength && first![f]! < doc) f++;
            if (f < firstLength && first![f] === doc) continue;
            subTexts![m] = subText;
            if (subMultipliers) subMultipliers[m] = subMultiplierMax;
            if (subAddends) subAddends[m] = subAddendMax;
            batch[m++] = doc;
          }
        }
        i = end;
      }
    }
    if (!weigh(batch, m, full, worstScore, worstDoc, subTexts, subMultipliers, subAddends, true)) return undefined;
  }
  return { ...heap.sorted(), scored, seeds: floor ? floor.seeds : 0, first: first?.length ?? 0, walked: true, byMatch: false };
}

