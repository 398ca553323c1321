/**
 * The Lunr index of one kind: built with the kind's fields, boosts and analyzers (no positions stored), held in
 * Lunr's data model — inverted index plus field vectors — in compact typed arrays (compact-index.ts), and read
 * through posting lists and those field vectors so the executor can intersect before it scores.
 */
import { LENGTHS_PER_BLOCK, VisibleStatistics, weighsWholeLengths } from './visible-statistics.js';
import type { CompactIndex } from './compact-index.js';
import type { BlockMaxima } from './stored-maxima.js';
import { countMarked } from '../doc-bits.js';

/** Sorted, duplicate-free document numbers. */
export type DocList = Uint32Array;

/** Read access to an index, independent of how it is stored. */
export interface TextIndex {
  /** Number of documents indexed (= records of the kind). */
  readonly docCount: number;
  /** Documents whose `field` contains the analysed `term`; empty when none. */
  postings(field: string, term: string): DocList;
  /**
   * Lunr's relevance of each document for the query terms: per field, the cosine-style similarity of the query
   * vector (each term weight 1) with the document's field vector (tf-idf × field boost), summed over fields.
   * @param terms field → analysed terms of the query's positive keywords
   * @param hidden documents the viewer may not see (ascending): scores are then computed with the statistics of
   *        the index without them (src/index/visible-statistics.ts), as if they were not in the dump; default none
   * @returns one score per entry of `docs`, same order
   */
  score(docs: DocList, terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): Float64Array;
  /**
   * What {@link score} is made of, for an upper bound of it over a set of documents (a top-k collector that skips
   * what cannot reach the page): per field of `terms` that scores, the query vector's magnitude and, per dimension
   * in the order score() adds them, its weight and the term's postings with each posting's field-vector weight in
   * thousandths under the viewer's statistics (a hidden document's entry is meaningless: skip hidden documents),
   * computed on first read of `impacts` (depends only on the field, the term and `hidden`, so it may be kept per term).
   * Undefined when this index cannot tell (then every document is scored).
   */
  queryImpacts?(terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): FieldImpacts[] | undefined;
}

/** One dimension of a field's share of a query's score (see {@link TextIndex.queryImpacts}). */
export interface DimensionImpacts {
  readonly term: string;
  /** Its weight in the query vector. */
  readonly weight: number;
  /** The term's postings in the field. */
  readonly docs: DocList;
  /** Each posting's weight in thousandths under the viewer's statistics (the whole posting weighed on first read). */
  readonly impacts: Int32Array;
  /**
   * The weights in thousandths of `docs` (ascending, all visible) under the viewer's statistics, -1 where a
   * document lacks the term: what {@link impacts} holds for them, without weighing the whole posting.
   */
  weightsOf(docs: DocList): Int32Array;
  /**
   * The block maxima the build stored for this posting under the viewer's statistics (index/stored-maxima.ts):
   * the largest weight per block and per sub-block over what the viewer may see; undefined when none are stored
   * for this viewer (then they are derived from {@link impacts}).
   */
  readonly stored?: BlockMaxima | undefined;
  /**
   * Under visible statistics: an upper bound of each posting's weight (parallel to {@link docs}, thousandths) from
   * its term frequency alone (no field length read: VisibleStatistics.weighBound), for bounds that would rather not
   * weigh the whole posting (see {@link lengthReads}); undefined for the stored weights (read as they are).
   */
  readonly upperImpacts?: (() => Int32Array) | undefined;
  /**
   * Under visible statistics, how weighing the whole posting reads field lengths: `sparse`, a block per posting
   * (sparser than one document per block: bounds then take {@link upperImpacts}); `scattered`, block by block for
   * several postings each; `whole`, the whole field-length section at once (VisibleStatistics.weigh).
   */
  readonly lengthReads?: 'sparse' | 'scattered' | 'whole' | undefined;
  /**
   * Under visible statistics (a viewer who may not see some documents): the term's idf and the field's average
   * length the weights are computed with (index/visible-statistics.ts), so that a bound can relate them to the
   * weights of another set of statistics (order/bounds.ts); undefined for the stored weights.
   */
  readonly statistics?: { readonly idf: number; readonly average: number } | undefined;
}

/** One field's share of a query's score (see {@link TextIndex.queryImpacts}). */
export interface FieldImpacts {
  /** The field's name. */
  readonly field: string;
  readonly magnitude: number;
  readonly dimensions: readonly DimensionImpacts[];
}

/**
 * The field-length sums a build stored for a hidden set (field name → Σ length over its documents), or undefined
 * when it stored none for that set (the segment's `privateLengths`, for the private documents' own list).
 */
export type StoredHiddenLengths = (hidden: DocList) => ReadonlyMap<string, number> | undefined;

/**
 * The membership bitmap a build stored for a hidden set (src/doc-bits.ts `markedBits`), or undefined when it
 * stored none for that set (the segment's `private.bits`, for the private documents' own list).
 */
export type HiddenBits = (hidden: DocList) => Uint32Array | undefined;

/** Entries of `docs` that `bits` does not mark. */
function visibleCount(docs: DocList, bits: Uint32Array): number {
  return docs.length - countMarked(docs, bits);
}

/** Hidden sets whose visible statistics an index keeps (as many as CollectionAccess keeps hidden sets). */
const VISIBLE_SETS = 64;

/**
 * A {@link TextIndex} over a Lunr index in compact form (built by index-builder.ts or opened from the cache).
 * Postings are views into the arrays; scoring reads the field-vector weights of the query terms only, for the
 * given documents only, and adds them up exactly as `lunr.Vector#similarity` does.
 */
export class LunrTextIndex implements TextIndex {
  readonly docCount: number;
  private readonly index: CompactIndex;
  /**
   * The statistics over what a viewer may see, per hidden set (CollectionAccess.hidden keeps each set's array
   * stable), the {@link VISIBLE_SETS} most recently used: part of the collection reader's state, as the index is.
   */
  private readonly visibleByHidden = new Map<Uint32Array, VisibleStatistics>();

  /**
   * @param storedLengths the build's field-length sums of a hidden set (src/segment), read instead of summing
   *   the hidden documents' lengths; default none
   */
  constructor(
    index: CompactIndex,
    docCount: number,
    private readonly storedLengths?: StoredHiddenLengths,
    private readonly hiddenBits?: HiddenBits,
  ) {
    this.docCount = docCount;
    this.index = index;
  }

  /**
   * Whether `hidden` is exactly the private documents the build left out of the stored public forms (the stored
   * maxima's and posting counts'). A viewer's hidden list is always a subset of the collection's private documents
   * (CollectionAccess.hidden), so the same length means the same set.
   */
  private hidesExactlyPrivate(hidden: DocList | undefined): boolean {
    return hidden !== undefined && hidden.length > 0 && this.index.maxima?.privateCount === hidden.length;
  }

  private visibleStatistics(hidden: Uint32Array): VisibleStatistics {
    let stats = this.visibleByHidden.get(hidden);
    if (stats) {
      this.visibleByHidden.delete(hidden);
    } else {
      // A viewer hiding exactly the private documents reads the public posting counts the index stored for them
      // (and the field-length sums the segment stored); any other viewer counts its own.
      const index = this.index;
      // A hidden set with a stored bitmap counts a posting's hidden entries one bit each, where no count is stored.
      const bits = this.hiddenBits?.(hidden);
      const counted = bits && ((rank: number, f: number) => visibleCount(index.docs(rank, f), bits));
      const stored = this.hidesExactlyPrivate(hidden) ? (rank: number, f: number) => index.storedMaxima(rank, f)?.publicCount ?? counted?.(rank, f) : counted;
      stats = new VisibleStatistics(this.index, hidden, this.storedLengths?.(hidden), stored);
      if (this.visibleByHidden.size >= VISIBLE_SETS) this.visibleByHidden.delete(this.visibleByHidden.keys().next().value!);
    }
    this.visibleByHidden.set(hidden, stats);
    return stats;
  }

  postings(field: string, term: string): DocList {
    const rank = this.index.find(term);
    return rank < 0 ? new Uint32Array(0) : this.index.docs(rank, this.index.fieldNumber(field));
  }


  score(docs: DocList, terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): Float64Array {
    // Without statistics (an index converted from Lunr's JSON, tests only) the stored weights are all there is.
    const visible = hidden && hidden.length > 0 && this.index.hasStatistics ? this.visibleStatistics(hidden) : undefined;
    const scores = new Float64Array(docs.length);
    for (const [field, fieldTerms] of terms) {
      const f = this.index.fieldNumber(field);
      if (f < 0) continue;
      const vector = queryVector(this.index, fieldTerms, visible);
      if (!vector) continue;
      const { query, magnitude } = vector;
      // Per query dimension, each document's field-vector weight (thousandths), -1 where the document lacks it.
      const columns = query.map(({ rank }) =>
        visible ? visibleWeights(docs, this.index, rank, f, visible) : gather(docs, this.index.docs(rank, f), this.index.weights(rank, f)),
      );
      for (let i = 0; i < docs.length; i++) {
        let dot = 0;
        for (let q = 0; q < query.length; q++) {
          const w = columns[q]![i]!;
          if (w >= 0) dot += query[q]!.weight * (w / 1000);
        }
        scores[i]! += dot / magnitude || 0;
      }
    }
    return scores;
  }

  queryImpacts(terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): FieldImpacts[] {
    const visible = hidden && hidden.length > 0 && this.index.hasStatistics ? this.visibleStatistics(hidden) : undefined;
    const out: FieldImpacts[] = [];
    for (const [field, fieldTerms] of terms) {
      const f = this.index.fieldNumber(field);
      if (f < 0) continue;
      const vector = queryVector(this.index, fieldTerms, visible);
      if (!vector) continue;
      const index = this.index;
      // Whose stored maxima bound what the viewer sees: every document's (no hidden), the public ones' (hiding
      // exactly the private documents the build left out); none for any other viewer.
      const form = (hidden?.length ?? 0) === 0 ? 'all' : visible && this.hidesExactlyPrivate(hidden) ? 'public' : undefined;
      const dimensions = vector.query.map(({ rank, weight }): DimensionImpacts => {
        const docs = index.docs(rank, f);
        const term = index.term(rank);
        const slot = form && index.storedMaxima(rank, f);
        const stored = slot ? (form === 'all' ? slot.all : slot.public) : undefined;
        if (!visible) {
          const weights = index.weights(rank, f);
          return { term, weight, docs, impacts: weights, weightsOf: (of) => gather(of, docs, weights), stored };
        }
        // Weighed on first read: a caller that keeps a term's impacts (order/bounds.ts) never pays for them again.
        let impacts: Int32Array | undefined;
        let tfs: Uint32Array | undefined;
        return {
          term,
          weight,
          docs,
          get impacts(): Int32Array {
            if (!impacts) {
              impacts = Int32Array.from(tfs ?? index.tfs(rank, f));
              visible.weigh(impacts, docs, visible.idf(rank)!, f);
            }
            return impacts;
          },
          upperImpacts: () => {
            const upper = Int32Array.from(tfs ?? index.tfs(rank, f));
            visible.weighBound(upper, visible.idf(rank)!, f);
            return upper;
          },
          lengthReads:
            docs.length * LENGTHS_PER_BLOCK <= index.docCount * index.fields.length
              ? 'sparse'
              : weighsWholeLengths(docs.length, index.docCount, index.fields.length)
                ? 'whole'
                : 'scattered',
          statistics: { idf: visible.idf(rank)!, average: visible.averageLength(f) },
          weightsOf: (of) => {
            if (impacts) return gather(of, docs, impacts);
            // A few documents of a long posting (a top-k round): their term frequencies only, from the blocks that
            // hold them; else the posting's, read once (a long posting's are copied out of several blocks).
            const few = !tfs && of.length * PARTIAL_TFS_RATIO < docs.length;
            if (!few) tfs ??= index.tfs(rank, f);
            let weights: Int32Array;
            if (few) index.tfsAt(rank, f, (weights = gather(of, docs, undefined)));
            else weights = gather(of, docs, tfs!);
            visible.weigh(weights, of, visible.idf(rank)!, f);
            return weights;
          },
          stored,
        };
      });
      out.push({ field, magnitude: vector.magnitude, dimensions });
    }
    return out;
  }
}

/**
 * The query vector of `fieldTerms` in one field as lunr.Vector#upsert builds it: one dimension per distinct term
 * index, weight 1 per occurrence, sorted by term index. A term the index has counts even when this field lacks it
 * (Lunr's posting holds every field), as in Lunr; a term no visible document holds does not count. Undefined when
 * no term counts.
 */
function queryVector(
  index: CompactIndex,
  fieldTerms: readonly string[],
  visible: VisibleStatistics | undefined,
): { query: Array<{ rank: number; weight: number }>; magnitude: number } | undefined {
  const weightOf = new Map<number, { rank: number; weight: number }>();
  for (const term of fieldTerms) {
    const rank = index.find(term);
    if (rank < 0 || (visible && visible.idf(rank) === undefined)) continue;
    const dimension = index.dimension(rank);
    const entry = weightOf.get(dimension);
    if (entry) entry.weight += 1;
    else weightOf.set(dimension, { rank, weight: 1 });
  }
  if (weightOf.size === 0) return undefined;
  const query = [...weightOf.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
  let sumOfSquares = 0;
  for (const { weight } of query) sumOfSquares += weight * weight;
  return { query, magnitude: Math.sqrt(sumOfSquares) };
}

/**
 * For each of `docs` (ascending, all visible), its weight in thousandths for term `rank` in field `f` under the
 * visible statistics, or -1 where the document lacks the term.
 */
function visibleWeights(docs: DocList, index: CompactIndex, rank: number, f: number, visible: VisibleStatistics): Int32Array {
  const tfs = gather(docs, index.docs(rank, f), index.tfs(rank, f));
  visible.weigh(tfs, docs, visible.idf(rank)!, f);
  return tfs;
}

/** A posting at least this many times longer than the documents weighed reads only their term frequencies. */
const PARTIAL_TFS_RATIO = 16;
/**
 * For each of `docs` (ascending), the weight of the same document in the posting (`postingDocs` ascending,
 * `weights` parallel; its position in the posting when `weights` is undefined), or -1 when absent. Merges
 * linearly, or binary-searches when `docs` is much shorter.
 */
function gather(docs: DocList, postingDocs: Uint32Array, weights: Int32Array | Uint32Array | undefined): Int32Array {
  const out = new Int32Array(docs.length).fill(-1);
  if (postingDocs.length === 0) return out;
  if (docs.length * 16 < postingDocs.length) {
    let lo = 0;
    const length = postingDocs.length;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      // Exponential steps from the last position, then a binary search inside the last step.
      let step = 1;
      let hi = lo;
      while (hi < length && postingDocs[hi]! < doc) {
        lo = hi + 1;
        hi += step;
        step *= 2;
      }
      if (hi > length) hi = length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (postingDocs[mid]! < doc) lo = mid + 1;
        else hi = mid;
      }
      if (lo < postingDocs.length && postingDocs[lo] === doc) out[i] = weights ? weights[lo]! : lo;
    }
    return out;
  }
  let j = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    while (j < postingDocs.length && postingDocs[j]! < doc) j++;
    if (j < postingDocs.length && postingDocs[j] === doc) out[i] = weights ? weights[j]! : j;
  }
  return out;
}
