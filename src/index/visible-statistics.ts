/**
 * Relevance over what the viewer may see (issue #12, defect 2). Lunr's BM25 weights are baked at build time
 * from statistics over every document — document count N, each term's posting count n_t and each field's
 * average length — so a public item's weight and `score` moved with the private documents. For a viewer who
 * cannot see some documents, the weights of the documents it can see are recomputed here from the stored term
 * frequencies and field lengths, with the statistics the dump without those documents would have:
 *
 *   N′ = N − |hidden|     n′_t = Σ_fields |postings(t, f) ∖ hidden|     avg′_f = (Σ_d len(f, d) − Σ_hidden len(f, d)) / N′
 *
 * in exactly the operation order of the builder (src/index/index-builder.ts), so every weight equals, bit for bit,
 * the one an index built without the hidden documents holds. A term only hidden documents contain is not in that
 * index: it adds nothing, not even to the query vector's magnitude.
 *
 * Cost: per query term, counting the hidden documents in its postings (a merge or binary searches, whichever is
 * shorter); once per hidden set, summing the hidden documents' field lengths (the totals over every document are
 * stored by the build, and field lengths are read a block at a time) — except for the hidden set of every viewer
 * who reads no private repository (the anonymous viewer), whose sums the build stores in the segment
 * (src/segment/segment.ts, `privateLengths`, summed by {@link hiddenLengthSums}); per scored document, one BM25
 * expression instead of reading a stored weight. Viewers who see every document keep the stored weights.
 */
import type { CompactIndex } from './compact-index.js';
import { lowerBound } from './sorted-list.js';
import { postingWeight } from './bm25.js';

/** Field lengths per checked block of a stored index (4 KiB of u32: cache/compact-index-file.ts). */
export const LENGTHS_PER_BLOCK = 1024;

/**
 * A list of documents holding at least this many documents per block of field lengths ({@link LENGTHS_PER_BLOCK}
 * entries: 1024 / F documents) weighs from the whole field-length section (read once and kept by the index) rather
 * than one length at a time: spread over the collection, such a list reads most blocks anyway (at two per block,
 * 1 − e⁻² ≈ 86 % of them), and a lookup in one array costs less than a block's lookup per document. At 1M issues
 * (two fields) that is a posting of 3,907 documents or more: every posting too short for stored maxima
 * (index/stored-maxima.ts) that a top-k weighs whole.
 */
const WHOLE_LENGTHS_PER_BLOCK = 2;

/** …and so does a list of at least 1/32 of the collection, however many fields (a block holds few documents when F is large). */
const WHOLE_LENGTHS_SHARE = 32;

/**
 * Whether weighing a list of `docs` documents of a collection of `count` documents with `F` text fields reads the
 * whole field-length section ({@link WHOLE_LENGTHS_PER_BLOCK}, {@link WHOLE_LENGTHS_SHARE}) rather than a block at a time.
 */
export function weighsWholeLengths(docs: number, count: number, F: number): boolean {
  return docs * WHOLE_LENGTHS_SHARE >= count || docs * LENGTHS_PER_BLOCK >= WHOLE_LENGTHS_PER_BLOCK * count * F;
}

/** Lunr's BM25 parameters (`lunr.Builder`: `_k1`, `_b`), as the builder uses them. */

/** Number of entries of `a` (ascending) that are also in `b` (ascending). */
export function countCommon(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  let count = 0;
  if (small.length * 16 < large.length) {
    let lo = 0;
    for (let i = 0; i < small.length; i++) {
      const x = small[i]!;
      lo = lowerBound(large, x, lo);
      if (lo < large.length && large[lo] === x) count++;
    }
    return count;
  }
  let j = 0;
  for (let i = 0; i < small.length; i++) {
    const x = small[i]!;
    while (j < large.length && large[j]! < x) j++;
    if (j < large.length && large[j] === x) count++;
  }
  return count;
}

/**
 * Per field number of `index`, the sum of the field lengths (tokens) of the documents `hidden`. Integer sums below
 * 2^53, exact in any order: the value a build stores and the one a process derives are the same number.
 */
export function hiddenLengthSums(index: CompactIndex, hidden: Uint32Array): Float64Array {
  const sums = new Float64Array(index.fields.length);
  for (let f = 0; f < sums.length; f++) {
    let sum = 0;
    for (let i = 0; i < hidden.length; i++) sum += index.fieldLength(hidden[i]!, f);
    sums[f] = sum;
  }
  return sums;
}

/** Stored sums by field name in `index`'s field order, or undefined when a field has none. */
function storedSums(index: CompactIndex, stored: ReadonlyMap<string, number> | undefined): Float64Array | undefined {
  if (!stored) return undefined;
  const sums = new Float64Array(index.fields.length);
  for (let f = 0; f < sums.length; f++) {
    const sum = stored.get(index.fields[f]!.name);
    if (sum === undefined) return undefined;
    sums[f] = sum;
  }
  return sums;
}

/** The statistics of one index restricted to the documents not in `hidden`. */
export class VisibleStatistics {
  /** N′: documents the viewer may see. */
  readonly docCount: number;
  /** avg′_f per field number. */
  private readonly average: Float64Array;
  private readonly idfs = new Map<number, number>();

  /**
   * @param index an index with statistics ({@link CompactIndex.hasStatistics})
   * @param hidden the documents the viewer may not see, ascending, non-empty
   * @param stored field name → the sum of `hidden`'s field lengths as the build stored it (the segment's
   *   `privateLengths`, when `hidden` is exactly the private documents); derived from the index when absent or
   *   missing a field
   * @param storedCount a (rank, field)'s visible postings when the build stored them (index/stored-maxima.ts: the
   *   public count, for a viewer hiding exactly the private documents), else undefined (counted here)
   */
  constructor(
    private readonly index: CompactIndex,
    private readonly hidden: Uint32Array,
    stored?: ReadonlyMap<string, number>,
    private readonly storedCount?: (rank: number, field: number) => number | undefined,
  ) {
    const F = index.fields.length;
    const N = index.docCount;
    this.docCount = N - hidden.length;
    this.average = new Float64Array(F);
    // Integer sums: exact, so the order of summation does not matter (the builder sums in document order). The
    // total over every document is stored by the build, and so are the private documents' sums.
    const hiddenSums = storedSums(index, stored) ?? hiddenLengthSums(index, hidden);
    for (let f = 0; f < F; f++) this.average[f] = (index.fieldTotal(f) - hiddenSums[f]!) / this.docCount;
  }

  /** avg′_f: the average length (tokens) of field number `f` over the visible documents. */
  averageLength(f: number): number {
    return this.average[f]!;
  }

  /** n′_t: the visible (field, doc) postings of the term of sorted rank `rank` over every field. */
  postingCount(rank: number): number {
    let count = 0;
    for (let f = 0; f < this.index.fields.length; f++) {
      const stored = this.storedCount?.(rank, f);
      if (stored !== undefined) {
        count += stored;
        continue;
      }
      const docs = this.index.docs(rank, f);
      count += docs.length - countCommon(docs, this.hidden);
    }
    return count;
  }

  /** lunr.idf over the visible documents, or undefined when no visible document holds the term (not indexed). */
  idf(rank: number): number | undefined {
    let idf = this.idfs.get(rank);
    if (idf === undefined) {
      const n = this.postingCount(rank);
      idf = n === 0 ? Number.NaN : Math.log(1 + Math.abs((this.docCount - n + 0.5) / (n + 0.5)));
      this.idfs.set(rank, idf);
    }
    return Number.isNaN(idf) ? undefined : idf;
  }

  /**
   * Replace each term frequency of `tfs` (-1 where a document lacks the term) by an upper bound of the weight
   * {@link weigh} gives it, without reading a field length: the same expression with the field's length taken as
   * the term frequency (a field holding the term tf times has at least tf tokens, and a shorter field weighs more).
   * Every operation rounds monotonically, so each bound is at least the weight in floating point. It reads only the
   * document's own term frequency and the viewer's statistics.
   */
  weighBound(tfs: Int32Array, idf: number, f: number): void {
    const average = this.average[f]!;
    const boost = this.index.fields[f]!.boost || 1;
    for (let i = 0; i < tfs.length; i++) {
      const tf = tfs[i]!;
      if (tf < 0) continue;
      tfs[i] = postingWeight(tf, tf, average, idf, boost);
    }
  }

  /**
   * Replace each term frequency of `tfs` (parallel to `docs`; -1 where a document lacks the term) by the
   * field-vector weight in thousandths of a term with inverse document frequency `idf` in field `f`: the
   * builder's expression with the visible average length.
   */
  weigh(tfs: Int32Array, docs: Uint32Array, idf: number, f: number): void {
    const average = this.average[f]!;
    const boost = this.index.fields[f]!.boost || 1;
    // A dense list (a common term's postings, or a mid-length one) reads most blocks of field lengths anyway: read
    // them as one array and index it in a plain loop (a call per posting was most of a cold process's cost here).
    const whole = weighsWholeLengths(docs.length, this.index.docCount, this.index.fields.length) ? this.index.fieldLengths?.() : undefined;
    if (whole) {
      const F = this.index.fields.length;
      for (let i = 0; i < docs.length; i++) {
        const tf = tfs[i]!;
        if (tf < 0) continue;
        tfs[i] = postingWeight(tf, whole[docs[i]! * F + f]!, average, idf, boost);
      }
      return;
    }
    this.index.prepareLengths(docs, tfs);
    for (let i = 0; i < docs.length; i++) {
      const tf = tfs[i]!;
      if (tf < 0) continue;
      tfs[i] = postingWeight(tf, this.index.fieldLength(docs[i]!, f), average, idf, boost);
    }
  }
}
