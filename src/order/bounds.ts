/**
 * Upper bounds of best-match scores per block of document numbers, for the top-k collector (order/top-k.ts): a
 * block whose bound cannot reach the page is never scored.
 *
 * A block is {@link BLOCK_SIZE} consecutive document numbers. Its bound is the score function applied to maxima:
 * per query dimension the largest field-vector weight in the block, per prior the largest value among the block's
 * matches (order/top-k.ts; a document's own prior bounds it more tightly) — computed in the
 * same floating-point operations, in the same order, as the scores themselves (src/index/text-index.ts `score`,
 * src/rank/rank.ts `rankScores`' linear form). Each operation (`+`, `×`, `÷` by a positive constant) rounds
 * monotonically, weights and multipliers are never negative, so the bound is never below any document's score in
 * floating point, not only in exact arithmetic: pruning is exact.
 *
 * Only what the viewer may see goes in: maxima skip the documents it may not see, and the weights are those of its
 * visible statistics (index/visible-statistics.ts), so a private record moves no bound and no timing.
 *
 * The weight maxima of a long posting are stored by the build (index/stored-maxima.ts) for a viewer who sees every
 * document and for one who sees exactly the public ones, and read as they are (nothing weighed, nothing kept); for
 * shorter postings and other viewers they are derived from the postings (skipping what the viewer may not see) and
 * cached per collection, term and viewer access ({@link blockMaxima}). A posting without stored maxima that is much longer than its part in the
 * matches of the query is bounded over that part alone, for that query (a filtered query weighs a few documents,
 * not the term's whole posting).
 */
import { difference, intersect, seek } from '../execute/doc-set.js';
import { lowerBound } from '../index/sorted-list.js';
import type { DimensionImpacts, DocList, FieldImpacts } from '../index/text-index.js';
import { STORED_BLOCK_SHIFT, STORED_SUB_SHIFT } from '../index/stored-maxima.js';
import type { ReaderSlot } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import type { Collection } from '../store/collection.js';
import { f64, F64 } from '../scratch.js';
import { FINE_BLOCK_DOCS, FINE_BLOCK_SHIFT, MAXIMA_BLOCK_DOCS, MAXIMA_BLOCK_SHIFT } from '../segment/segment.js';

/** log2 of the documents per block (the segment's blocks of prior maxima). */
export const BLOCK_SHIFT = MAXIMA_BLOCK_SHIFT;
/** Documents per block (consecutive document numbers). */
export const BLOCK_SIZE = MAXIMA_BLOCK_DOCS;
/** log2 of the documents per sub-block (a block's finer bounds, tested once the page's worst score is known). */
export const SUB_SHIFT = FINE_BLOCK_SHIFT;
/** Documents per sub-block. */
export const SUB_SIZE = FINE_BLOCK_DOCS;

/**
 * One field of a query: its magnitude and, per dimension, the weight in the query vector, the term's postings with
 * their weights in thousandths under the viewer's statistics (`impacts`, when they were weighed whole; else
 * `weightsOf` weighs the documents asked for), and the maximum of those weights per block (`max`) and per
 * sub-block (`fine`).
 */
export interface FieldMaxima {
  readonly magnitude: number;
  readonly dimensions: ReadonlyArray<{
    readonly weight: number;
    readonly docs: DocList;
    readonly impacts?: Int32Array | undefined;
    /** Upper bounds of the postings' weights (parallel to `docs`) where they were not weighed whole. */
    readonly upper?: Int32Array | undefined;
    readonly weightsOf?: ((docs: DocList) => Int32Array) | undefined;
    readonly max: Int32Array | Uint16Array;
    readonly fine: Int32Array | Uint16Array;
    /**
     * The posting's documents among the matches `blockMaxima` was given, when it intersected them for this query
     * (a posting without stored maxima, not kept from an earlier query): ascending, all visible to the viewer.
     */
    readonly among?: DocList | undefined;
  }>;
}

/** At most this many cached terms (field, term, viewer access) per collection. */
const MAXIMA_ENTRIES = 8192;
/** At most this many bytes of cached terms per collection ({@link maximaBytes}; and within the reader's budget). */
const MAXIMA_BYTES = 64 * 1024 * 1024;

/**
 * One term of one field under one viewer's statistics: its postings, their weights in thousandths, and the largest
 * weight per block and per sub-block among the documents the viewer may see. It does not depend on the rest of the
 * query, so it is kept per term: a never-seen query made of words seen before pays nothing for its bounds.
 */
export interface TermMaxima {
  readonly docs: DocList;
  /** The postings' weights, when they were weighed whole (the maxima derived from them). */
  readonly impacts: Int32Array | undefined;
  /** Upper bounds of the postings' weights from their term frequencies (the maxima derived from them). */
  readonly upper?: Int32Array | undefined;
  readonly max: Int32Array | Uint16Array;
  readonly fine: Int32Array | Uint16Array;
  /** The maxima are a private reader's public ones scaled ({@link scaledMaxima}): looser than its own. */
  readonly scaled?: boolean;
  /**
   * The maxima are the ones the build stored for this viewer (index/stored-maxima.ts): made without weighing, so
   * not kept (the cache holds what costs a weighing to make).
   */
  readonly stored?: boolean;
}

/** Estimated bytes of a cached term (its weight in the cache): every typed array it holds (postings, weights, maxima). */
export function maximaBytes(term: TermMaxima): number {
  const weights = term.impacts ?? term.upper;
  return term.max.byteLength + term.fine.byteLength + term.docs.byteLength + (weights?.byteLength ?? 0) + 96;
}

/** A collection reader's cached term maxima (made on first use, dropped when it closes). */
const MAXIMA: ReaderSlot<BoundedLru<TermMaxima>, Collection> = {
  name: 'block maxima',
  make: (_c, budget) => new BoundedLru<TermMaxima>(MAXIMA_ENTRIES, MAXIMA_BYTES, maximaBytes, { budget, bytes: maximaBytes }),
};

/** The cached term maxima of one collection (its reader's). */
function maximaOf(c: Collection): BoundedLru<TermMaxima> {
  return c.memo(MAXIMA);
}

/** Blocks of a collection of `count` documents. */
export function blockCount(count: number): number {
  return (count + BLOCK_SIZE - 1) >>> BLOCK_SHIFT;
}

/**
 * The block and sub-block maxima of one term's `impacts` (parallel to `docs`) over a collection of `count`
 * documents, skipping the `hidden` ones (0 where no visible document holds the term). Exported for its tests.
 */
export function termMaxima(docs: DocList, impacts: Int32Array, hidden: DocList, count: number): TermMaxima {
  // Two bytes a value where every weight fits (the usual case: a kept term's maxima take half the memory).
  let most = 0;
  for (let i = 0; i < impacts.length; i++) if (impacts[i]! > most) most = impacts[i]!;
  const Maxima = most <= 0xffff ? Uint16Array : Int32Array;
  const max = new Maxima(blockCount(count));
  const fine = new Maxima((count + SUB_SIZE - 1) >>> SUB_SHIFT);
  // The hidden documents are skipped by a merge (both ascending): proportional to the postings and the hidden; by
  // binary searches when the hidden list is much the longer (a short posting against every private document).
  const search = hidden.length > 16 * docs.length;
  let h = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (search) {
      if (h < hidden.length && hidden[h]! < doc) h = lowerBound(hidden, doc, h + 1);
    } else while (h < hidden.length && hidden[h]! < doc) h++;
    if (h < hidden.length && hidden[h] === doc) continue;
    const impact = impacts[i]!;
    const sub = doc >>> SUB_SHIFT;
    if (impact > fine[sub]!) fine[sub] = impact;
    const b = doc >>> BLOCK_SHIFT;
    if (impact > max[b]!) max[b] = impact;
  }
  return { docs, impacts, max, fine };
}

/** The stored maxima's blocks are the bounds' blocks (else the stored maxima are not used). */
const SAME_BLOCKS = STORED_SUB_SHIFT === SUB_SHIFT && STORED_BLOCK_SHIFT === BLOCK_SHIFT;

/**
 * The maxima of one dimension: stored by the build when it stored them for this viewer, else scaled from the public
 * ones ({@link scaledMaxima}), else over the dimension's part in `matches` when that is much shorter than the posting
 * ({@link matchedMaxima}: for this query only, `matched` set), else derived from upper bounds of the posting's weights
 * (its term frequencies alone) when it is sparse, or read block by block and `byMatch`, else from the whole posting's
 * weights.
 * @param lengthsRead whether another dimension of the query has read the whole field-length section by weighing its
 *   whole posting: true, a posting weighed from that section (`lengthReads` `whole`) is weighed whole, not over its
 *   part among the matches (the section is at hand: no length read block by block, and the weights are kept);
 *   false, over its part as before; undefined (blockMaxima's first pass, before it is known), such a posting whose
 *   part would be weighed alone is {@link Deferred} to the second pass
 * @param part the posting's part among the matches, when the first pass found it (not intersected again)
 */
function dimensionMaxima(
  dimension: DimensionImpacts,
  hidden: DocList,
  count: number,
  publicForm: () => PublicForm | undefined,
  field: string,
  matches: DocList | undefined,
  byMatch: boolean,
  lengthsRead: boolean | undefined,
  part?: DocList,
): (TermMaxima & { readonly matched?: boolean; readonly among?: DocList }) | Deferred {
  const stored = dimension.stored;
  // (The stored weights, for a viewer who sees every document, are at hand: the top-k merges them. Under the
  // viewer's own statistics a posting this long is not weighed whole: the top-k weighs only what it scores.)
  if (stored && SAME_BLOCKS) return { docs: dimension.docs, impacts: dimension.statistics ? undefined : dimension.impacts, max: stored.max, fine: stored.fine, stored: true };
  const scaled = scaledMaxima(dimension, publicForm(), field, count);
  if (scaled) return scaled;
  // (A posting weighed whole from the whole length section: once another dimension has read it, weighing the whole
  // posting costs less than the part's lengths read block by block, and is kept.)
  const fromWhole = dimension.lengthReads === 'whole' && lengthsRead !== false;
  const matched = matches && matchedMaxima(dimension, matches, count, !fromWhole, part);
  if (matched?.short && fromWhole && lengthsRead === undefined) return { deferred: true, among: matched.among };
  if (matched?.maxima) return { ...matched.maxima, matched: true, among: matched.among };
  const among = matched?.among;
  // Weighing the whole posting reads a field length per posting (scattered 4 KiB blocks): bounded by its term
  // frequencies instead where the viewer's weights are computed (then only the documents scored are weighed) — for a
  // sparse posting, and for one read block by block when the matches are weighed in the order of their own bounds
  // (`byMatch`: few a block, each weighed match reads its own lengths; weighing the posting whole would read most
  // blocks of them). A posting weighed from the whole length section at once is weighed whole: tighter bounds.
  const reads = dimension.lengthReads;
  const upper = reads === 'sparse' || (byMatch && reads === 'scattered') ? dimension.upperImpacts?.() : undefined;
  if (upper) return { ...termMaxima(dimension.docs, upper, hidden, count), impacts: undefined, upper, among };
  return { ...termMaxima(dimension.docs, dimension.impacts, hidden, count), among };
}

/**
 * What bounds a private reader's weights (a viewer hiding some of the private documents, not all): the query's
 * dimensions under the public statistics, with the public maxima the build stored (by field and term), and the
 * private documents the viewer may read.
 */
interface PublicForm {
  readonly dimensions: ReadonlyMap<string, DimensionImpacts>;
  readonly readable: DocList;
}

/** The {@link PublicForm} of a query for a viewer hiding `hidden`, or undefined when it is not such a viewer. */
function publicFormOf(c: Collection, terms: ReadonlyMap<string, readonly string[]>, hidden: DocList): PublicForm | undefined {
  const privateDocs = c.access.privateDocs.docs;
  if (!SAME_BLOCKS || hidden.length === 0 || hidden.length >= privateDocs.length) return undefined;
  const fields = c.index.queryImpacts?.(terms, privateDocs);
  if (!fields) return undefined;
  const dimensions = new Map<string, DimensionImpacts>();
  for (const field of fields) for (const dimension of field.dimensions) if (dimension.stored) dimensions.set(`${field.field}\u0000${dimension.term}`, dimension);
  return dimensions.size === 0 ? undefined : { dimensions, readable: readableOf(c, hidden) };
}

/** The last hidden set a collection's private reader asked with, and the private documents it leaves readable. */
const READABLE: ReaderSlot<{ hidden?: DocList; readable?: DocList }, Collection> = { name: 'readable private documents', make: () => ({}) };

/**
 * The private documents not in `hidden` (a hidden set of CollectionAccess, which gives a viewer the same array each
 * time), ascending: remembered for the last hidden set asked with (one reader's queries follow each other), so a
 * query does not take every private document apart again. Never modify the array.
 */
function readableOf(c: Collection, hidden: DocList): DocList {
  const last = c.memo(READABLE);
  // (The hidden documents are always private ones: the rest of the private documents are the readable ones.)
  if (last.hidden !== hidden || !last.readable) [last.hidden, last.readable] = [hidden, difference(c.access.privateDocs.docs, hidden)];
  return last.readable;
}

/**
 * A private reader's maxima of one dimension without weighing its whole posting: per block, the public maximum the
 * build stored, scaled up to the viewer's statistics, and the largest weight of the readable private documents of
 * the posting (weighed one by one). The scale: a BM25 weight is `idf × boost × (k1+1)·tf / (k1·(1 − b + b·len/avg)
 * + tf)`, so for the same tf and length the viewer's weight is at most the public one times (idf″ / idf′) ×
 * max(1, avg″ / avg′) (the length term's denominator changes by at most the ratio of the averages); a stored
 * maximum is a weight in thousandths rounded to nearest (at most 0.5 below the real one), and the result is rounded
 * up with room for floating-point error, so the scaled maximum is never below a weight the viewer scores. No
 * document the viewer may not see moves it: the public maxima and statistics are the public documents' own.
 * Undefined when the form does not apply (no public maxima stored for the term, or statistics that do not scale).
 */
function scaledMaxima(dimension: DimensionImpacts, form: PublicForm | undefined, field: string, count: number): TermMaxima | undefined {
  const publicDimension = form?.dimensions.get(`${field}\u0000${dimension.term}`);
  const stored = publicDimension?.stored;
  const own = dimension.statistics;
  const theirs = publicDimension?.statistics;
  if (!form || !stored || !own || !theirs) return undefined;
  if (!(own.idf > 0 && theirs.idf > 0 && own.average > 0 && theirs.average > 0)) return undefined;
  const ratio = (own.idf / theirs.idf) * Math.max(1, own.average / theirs.average) * (1 + 1e-9);
  if (!Number.isFinite(ratio)) return undefined;
  const lift = (stored: number): number => Math.ceil((stored + 0.5) * ratio + 0.5) + 1;
  const storedMax = stored.max;
  const storedFine = stored.fine;
  const readable = intersect(dimension.docs, form.readable);
  const weights = readable.length > 0 ? dimension.weightsOf(readable) : undefined;
  // Two bytes a value when every bound fits (lifting is monotonic: the largest stored maximum, lifted, is the largest).
  let most = 0;
  for (let b = 0; b < storedMax.length; b++) if (storedMax[b]! > most) most = storedMax[b]!;
  for (let sub = 0; sub < storedFine.length; sub++) if (storedFine[sub]! > most) most = storedFine[sub]!;
  most = lift(most);
  if (weights) for (let i = 0; i < weights.length; i++) if (weights[i]! > most) most = weights[i]!;
  const Maxima = most <= 0xffff ? Uint16Array : Int32Array;
  const max = new Maxima(blockCount(count));
  const fine = new Maxima((count + SUB_SIZE - 1) >>> SUB_SHIFT);
  // (Most sub-blocks of all but the commonest terms hold no public posting: their bound is one constant.)
  const none = lift(0);
  for (let b = 0; b < max.length; b++) max[b] = storedMax[b] === 0 ? none : lift(storedMax[b]!);
  for (let sub = 0; sub < fine.length; sub++) fine[sub] = storedFine[sub] === 0 ? none : lift(storedFine[sub]!);
  if (weights) {
    for (let i = 0; i < readable.length; i++) {
      const doc = readable[i]!;
      const w = weights[i]!;
      const sub = doc >>> SUB_SHIFT;
      if (w > fine[sub]!) fine[sub] = w;
      const b = doc >>> BLOCK_SHIFT;
      if (w > max[b]!) max[b] = w;
    }
  }
  return { docs: dimension.docs, impacts: undefined, max, fine, scaled: true };
}

/** A dimension whose maxima wait for the query's other dimensions (see blockMaxima), with its part among the matches. */
interface Deferred {
  readonly deferred: true;
  readonly among: DocList;
}

/**
 * A posting without stored maxima at least this many times longer than its documents among the matches is bounded
 * over those alone (weighing a document reads its field length: a 4 KiB block each when they are scattered).
 */
const MATCHED_RATIO = 4;

const NONE: DocList = new Uint32Array(0);

/**
 * The maxima of one dimension over the documents of the matches that hold the term (`matches`: ascending, all
 * visible to the viewer), with their weights as that dimension's postings and impacts: the only documents of the
 * posting a top-k over `matches` scores, so their maxima bound every score it computes (and more tightly than the
 * whole posting's), and their weights are what score() reads for them. Without `maxima` (only the part, `among`)
 * when that part is not much shorter than the posting ({@link MATCHED_RATIO}; weighing the whole posting once is then
 * as cheap, and kept per term); undefined when the posting is too short to try.
 * Only where the maxima would otherwise come from weighing the whole posting: stored or scaled maxima cost no
 * weighing, and the top-k then weighs only what it scores (a keyword's own posting holds nearly every match:
 * weighing them all up front would read what pruning saves).
 */
function matchedMaxima(
  dimension: DimensionImpacts,
  matches: DocList,
  count: number,
  weigh = true,
  part?: DocList,
): { readonly maxima?: TermMaxima; readonly among: DocList; readonly short?: boolean } | undefined {
  if (matches.length === 0 || dimension.docs.length < MATCHED_RATIO) return undefined;
  const docs = part ?? intersect(dimension.docs, matches);
  // (The part is handed back either way: the top-k takes a posting's few matches first, order/top-k.ts.)
  if (docs.length * MATCHED_RATIO > dimension.docs.length) return { among: docs };
  if (!weigh) return { among: docs, short: true };
  return { maxima: termMaxima(docs, dimension.weightsOf(docs), NONE, count), among: docs, short: true };
}

/**
 * Per field of the query terms `terms` (as the text index scores them), the query vector's magnitude and, per
 * dimension in score order, the largest weight of each block among the documents the viewer may see (0 where none
 * holds the term). Undefined when the index cannot tell (then nothing is pruned). Each term's part is kept per
 * collection, field and viewer access ({@link TermMaxima}, at most {@link MAXIMA_BYTES}) — except stored maxima
 * (read as they are: keeping them would only evict what cost a weighing) and a posting without stored maxima
 * bounded over its part in `matches` ({@link matchedMaxima}): that dimension's postings and impacts are then that
 * part and its weights, which is all a caller scoring only `matches` reads of it.
 * @param access the viewer's access key (src/access), which determines `hidden`
 * @param matches the documents that will be scored, ascending and all visible to the viewer (a top-k's matches);
 *   when given, the returned bounds and postings hold for these documents only
 * @param byMatch the matches will be weighed in the order of their own bounds (order/top-k.ts `FEW_A_BLOCK`): a
 *   posting without stored maxima whose weighing reads field lengths block by block (the text index's
 *   `lengthReads`) is bounded by its term frequencies rather than weighed whole (looser bounds, never wrong; a term
 *   kept from an earlier query keeps its weights)
 */
export function blockMaxima(
  c: Collection,
  terms: ReadonlyMap<string, readonly string[]>,
  hidden: DocList,
  access: string,
  matches?: DocList,
  byMatch = false,
): FieldMaxima[] | undefined {
  const fields: FieldImpacts[] | undefined = c.index.queryImpacts?.(terms, hidden);
  if (!fields) return undefined;
  const cache = maximaOf(c);
  const count = c.records.length;
  let form: PublicForm | undefined | null = null;
  const publicForm = (): PublicForm | undefined => (form === null ? (form = publicFormOf(c, terms, hidden)) : form);
  // Whether a dimension's whole weighing has read the whole field-length section (then a posting weighed from that
  // section is weighed whole rather than over its part among the matches: see dimensionMaxima). Two passes: the
  // postings that would weigh their part from that section wait until every other dimension is made.
  let lengthsRead = false;
  const make = (field: FieldImpacts, dimension: DimensionImpacts, last: boolean, part?: DocList): FieldMaxima['dimensions'][number] | Deferred => {
    const key = `${access}\u0000${field.field}\u0000${dimension.term}`;
    let term = cache.get(key);
    let among: DocList | undefined;
    if (!term || term.docs.length !== dimension.docs.length) {
      // (The part among the matches is this query's: not kept with the term.)
      const made = dimensionMaxima(dimension, hidden, count, publicForm, field.field, matches, byMatch, last ? lengthsRead : undefined, part);
      if ('deferred' in made) return made;
      const { among: own, ...kept } = made;
      among = own;
      term = kept;
      if (term.impacts && !made.matched && !made.stored && dimension.lengthReads === 'whole') lengthsRead = true;
      // (Maxima over a query's matches bound that query only; stored ones cost nothing to make: neither is kept.)
      if (!made.matched && !made.stored) cache.set(key, kept);
    } else if (!term.impacts && !term.scaled) {
      // A term asked for again (a server's queries share their words): its whole posting is weighed once and
      // kept, so later queries read their weights by a merge instead of weighing each scored document; maxima
      // from term frequencies are then replaced by the viewer's own (tighter), from those weights. Not a scaled
      // term (a posting long enough for stored maxima): as for stored ones, its top-k weighs only what it scores.
      term = term.upper ? termMaxima(dimension.docs, dimension.impacts, hidden, count) : { ...term, impacts: dimension.impacts };
      if (dimension.lengthReads === 'whole') lengthsRead = true;
      cache.set(key, term);
    }
    return { weight: dimension.weight, docs: term.docs, impacts: term.impacts, upper: term.impacts ? undefined : term.upper, weightsOf: dimension.weightsOf, max: term.max, fine: term.fine, among };
  };
  const first = fields.map((field) => field.dimensions.map((dimension) => make(field, dimension, false)));
  return fields.map((field, f) => ({
    magnitude: field.magnitude,
    dimensions: field.dimensions.map((dimension, d) => {
      const made = first[f]![d]!;
      return 'deferred' in made ? (make(field, dimension, true, made.among) as FieldMaxima['dimensions'][number]) : made;
    }),
  }));
}

/**
 * The bound of the text score over block `b` (sub-block `b` when `sub`): the text score of its maxima (score()'s
 * operations, fields in order, `|| 0` as there).
 */
export function textBound(b: number, fields: readonly FieldMaxima[], sub = false): number {
  let text = 0;
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f]!;
    const dimensions = field.dimensions;
    let dot = 0;
    for (let d = 0; d < dimensions.length; d++) {
      const dimension = dimensions[d]!;
      const w = (sub ? dimension.fine : dimension.max)[b]!;
      if (w >= 0) dot += dimension.weight * (w / 1000);
    }
    text += dot / field.magnitude || 0;
  }
  return text;
}

/**
 * A best-match bound in the linear form's operations: `text × multiplier + addend`, each either absent. NaN gives
 * +Infinity (what it bounds is scored).
 */
export function linearBound(text: number, multiplier: number | undefined, addend: number | undefined): number {
  let score = text;
  if (multiplier !== undefined) score *= multiplier;
  if (addend !== undefined) score += addend;
  return Number.isNaN(score) ? Infinity : score;
}

/**
 * The text scores of the first `n` of `docs` (ascending) from the postings and weights in `fields`: exactly what the
 * text index's `score` computes for them (the same weights, operations and order), without reading the postings
 * again.
 * @returns the scores in the first `n` entries of a working array (scratch.ts): read them before the next call
 */
export function textScores(docs: DocList, n: number, fields: readonly FieldMaxima[]): Float64Array {
  const scores = f64(F64.scores, n).fill(0, 0, n);
  const dots = f64(F64.dots, n);
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f]!;
    dots.fill(0, 0, n);
    for (let d = 0; d < field.dimensions.length; d++) {
      const { weight, docs: posting, impacts, weightsOf } = field.dimensions[d]!;
      if (!impacts) {
        // Weighed for these documents only (the posting was not weighed whole).
        const weights = weightsOf!(docs.subarray(0, n));
        for (let i = 0; i < n; i++) {
          const w = weights[i]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
        continue;
      }
      const length = posting.length;
      // A merge: both lists ascending; a document lacking the term adds nothing (as -1 in score()).
      let j = 0;
      for (let i = 0; i < n; i++) {
        const doc = docs[i]!;
        if (j < length && posting[j]! < doc) j = seek(posting, doc, j + 1);
        if (j < length && posting[j] === doc) {
          const w = impacts[j]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
      }
    }
    const magnitude = field.magnitude;
    for (let i = 0; i < n; i++) scores[i]! += dots[i]! / magnitude || 0;
  }
  return scores;
}
