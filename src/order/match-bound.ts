/**
 * Per-match text bounds for the top-k collector (order/top-k.ts), tighter than a sub-block's where the query has a
 * dimension whose weights are already at hand: a term of a field whose posting was weighed whole (`impacts`: a
 * posting too short for stored maxima, or a term a server asked for before) gives each match its own weight by a
 * merge, which costs no read; the other dimensions keep their sub-block maximum. The bound is the text score's own
 * operations (order/bounds.ts `textScores`: `weight × (w / 1000)` per dimension in order, over the field's
 * magnitude, `|| 0`, fields in order) with each weight replaced by one at least as large, so it is never below the
 * match's text score in floating point: a match whose bound cannot reach the page is skipped before its term
 * frequencies and field lengths are read.
 */
import { lowerBound } from '../index/sorted-list.js';
import type { DocList } from '../index/text-index.js';
import { SUB_SHIFT, type FieldMaxima } from './bounds.js';

/** True when some dimension of `fields` has its posting's weights at hand (then {@link matchTextBounds} tightens). */
export function hasWeighedDimension(fields: readonly FieldMaxima[]): boolean {
  return fields.some((field) => field.dimensions.some((dimension) => dimension.impacts !== undefined));
}

/**
 * The text bound of each of the first `n` of `docs` (ascending) into `out`: per dimension the match's own weight
 * where the posting's weights are at hand (0 where it lacks the term), else its sub-block's maximum.
 * @param out at least `n` entries; `dots` a working array of at least `n`
 * @returns `out`
 */
export function matchTextBounds(docs: DocList, n: number, fields: readonly FieldMaxima[], out: Float64Array, dots: Float64Array): Float64Array {
  out.fill(0, 0, n);
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f]!;
    dots.fill(0, 0, n);
    for (let d = 0; d < field.dimensions.length; d++) {
      const { weight, docs: posting, impacts, fine } = field.dimensions[d]!;
      if (!impacts) {
        for (let i = 0; i < n; i++) {
          const w = fine[docs[i]! >>> SUB_SHIFT]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
        continue;
      }
      const length = posting.length;
      let j = 0;
      for (let i = 0; i < n; i++) {
        const doc = docs[i]!;
        if (length - j > 64 && posting[j + 64]! < doc) j = lowerBound(posting, doc, j + 64);
        while (j < length && posting[j]! < doc) j++;
        if (j < length && posting[j] === doc) {
          const w = impacts[j]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
      }
    }
    const magnitude = field.magnitude;
    for (let i = 0; i < n; i++) out[i]! += dots[i]! / magnitude || 0;
  }
  return out;
}
