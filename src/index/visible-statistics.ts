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
 * stored by the build, and field lengths are read a block at a time); per scored document, one BM25 expression
 * instead of reading a stored weight. Viewers who see every document keep the stored weights.
 */
import type { CompactIndex } from './compact-index.js';
import { lowerBound } from './sorted-list.js';

/** Lunr's BM25 parameters (`lunr.Builder`: `_k1`, `_b`), as the builder uses them. */
const K1 = 1.2;
const B = 0.75;

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
   * @param storedCount a (rank, field)'s visible postings when the build stored them (index/stored-maxima.ts: the
   *   public count, for a viewer hiding exactly the private documents), else undefined (counted here)
   * @param hiddenLengths per field, Σ of the hidden documents' lengths when the build stored it (the same viewer)
   */
  constructor(
    private readonly index: CompactIndex,
    private readonly hidden: Uint32Array,
    private readonly storedCount?: (rank: number, field: number) => number | undefined,
    hiddenLengths?: readonly number[],
  ) {
    const F = index.fields.length;
    const N = index.docCount;
    this.docCount = N - hidden.length;
    this.average = new Float64Array(F);
    for (let f = 0; f < F; f++) {
      // Integer sums: exact, so the order of summation does not matter (the builder sums in document order). The
      // total over every document is stored by the build; only the hidden documents' lengths are read.
      let hiddenSum = 0;
      const stored = hiddenLengths?.[f];
      if (stored !== undefined) hiddenSum = stored;
      else for (let i = 0; i < hidden.length; i++) hiddenSum += index.fieldLength(hidden[i]!, f);
      this.average[f] = (index.fieldTotal(f) - hiddenSum) / this.docCount;
    }
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
   * Replace each term frequency of `tfs` (parallel to `docs`; -1 where a document lacks the term) by the
   * field-vector weight in thousandths of a term with inverse document frequency `idf` in field `f`: the
   * builder's expression with the visible average length.
   */
  weigh(tfs: Int32Array, docs: Uint32Array, idf: number, f: number): void {
    const average = this.average[f]!;
    const boost = this.index.fields[f]!.boost || 1;
    for (let i = 0; i < docs.length; i++) {
      const tf = tfs[i]!;
      if (tf < 0) continue;
      const lengthRatio = this.index.fieldLength(docs[i]!, f) / average;
      let score = (idf * ((K1 + 1) * tf)) / (K1 * (1 - B + B * lengthRatio) + tf);
      score *= boost;
      tfs[i] = Math.round(score * 1000);
    }
  }
}
