/**
 * The weight of one posting, as lunr.Builder#createFieldVectors computes it (BM25 with Lunr's k1 and b): the one
 * place of the expression for the build (index-builder.ts), the stored maxima's public weights (stored-maxima.ts)
 * and a viewer's own statistics (visible-statistics.ts). Its operations are the Builder's, in its order (docBoost is
 * 1 and multiplying by 1 is exact), so every weight is bit-identical to Lunr's.
 */

/** Lunr's BM25 term-frequency saturation. */
const K1 = 1.2;
/** Lunr's BM25 length normalisation. */
const B = 0.75;

/**
 * A posting's weight in thousandths (an integer): term frequency `tf` in a field of `length` tokens whose average
 * over the documents counted is `average`, times the term's `idf` and the field's `boost`. Non-decreasing in `tf`
 * and non-increasing in `length` in floating point too (each operation rounds monotonically), so taking the
 * length as `tf` bounds every weight of that term frequency from above (VisibleStatistics.weighBound).
 */
export function postingWeight(tf: number, length: number, average: number, idf: number, boost: number): number {
  const lengthRatio = length / average;
  let score = (idf * ((K1 + 1) * tf)) / (K1 * (1 - B + B * lengthRatio) + tf);
  score *= boost;
  return Math.round(score * 1000);
}
