/**
 * Per-match text bounds for the top-k collector (order/top-k.ts), tighter than a sub-block's, from what is at hand
 * without reading a match's term frequencies or field lengths: per query term and field, a match that lacks the term
 * (not in its posting, whose documents matching already read) adds nothing; one that holds it adds its own weight when
 * the posting was weighed whole (`impacts`: a posting too short for stored maxima, or a term a server asked for
 * before), else its sub-block's maximum. Most matches of a two-word query lack one of the words in the title, whose
 * short field gives the largest weights; a sub-block's bound counts the largest title weight of its 16 documents.
 *
 * The bound is the text score's own operations (order/bounds.ts `textScores`: `weight × (w / 1000)` per dimension
 * in order, over the field's magnitude, `|| 0`, fields in order) with each weight replaced by one at least as large
 * (rounding is monotonic and every term is non-negative), so it is never below the match's text score in floating
 * point: a match whose bound cannot reach the page is skipped before it is weighed.
 */
import { seek } from '../execute/doc-set.js';
import type { DocList } from '../index/text-index.js';
import type { Collection } from '../store/collection.js';
import { f64, F64 } from '../scratch.js';
import { SUB_SHIFT, type FieldMaxima } from './bounds.js';
import { priorUpperBounds } from './code-bounds.js';

/**
 * The text bound of each of the first `n` of `docs` (ascending) into `out`: per dimension nothing where the match
 * lacks the term, else its own weight where the posting's weights are at hand, else its sub-block's maximum.
 * @param out at least `n` entries; `dots` a working array of at least `n`
 * @param lookUpAt a dimension without its postings' weights whose posting is more than this many times longer than
 *   the matches adds its sub-block's maximum to every match, not looked up in the posting (a search per match in a
 *   long posting costs more than the bound gains: weights are never negative, so adding one where a match lacks the
 *   term only loosens it); +∞ (the default): every match is looked up
 * @returns `out`
 */
export function matchTextBounds(docs: DocList, n: number, fields: readonly FieldMaxima[], out: Float64Array, dots: Float64Array, lookUpAt = Infinity): Float64Array {
  out.fill(0, 0, n);
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f]!;
    dots.fill(0, 0, n);
    for (let d = 0; d < field.dimensions.length; d++) {
      const { weight, docs: posting, fine } = field.dimensions[d]!;
      // The posting's own weights, else upper bounds of them (order/bounds.ts), else the sub-block maxima.
      const impacts = field.dimensions[d]!.impacts ?? field.dimensions[d]!.upper;
      const length = posting.length;
      if (!impacts && length > lookUpAt * n) {
        for (let i = 0; i < n; i++) {
          const w = fine[docs[i]! >>> SUB_SHIFT]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
        continue;
      }
      // A merge (both ascending): a match lacking the term adds nothing; one holding it its own weight when the
      // posting's weights are at hand, else its sub-block's maximum.
      let j = 0;
      for (let i = 0; i < n; i++) {
        const doc = docs[i]!;
        if (j < length && posting[j]! < doc) j = seek(posting, doc, j + 1);
        if (j < length && posting[j] === doc) {
          const w = impacts ? impacts[j]! : fine[doc >>> SUB_SHIFT]!;
          if (w >= 0) dots[i]! += weight * (w / 1000);
        }
      }
    }
    const magnitude = field.magnitude;
    for (let i = 0; i < n; i++) out[i]! += dots[i]! / magnitude || 0;
  }
  return out;
}

/**
 * {@link matchBounds} looks a match up only in postings at most this many times longer than the matches (a longer
 * one adds its sub-block's maximum): a qualified keyword's matches are in its own long body posting anyway.
 */
const LOOK_UP_AT = 8;

/**
 * Upper bounds of the best-match scores of the first `n` of `docs` (ascending) into `out[0, n)`: each match's own
 * text bound ({@link matchTextBounds}) times its multiplier's code bound plus its addend's code bound
 * (order/code-bounds.ts), the linear form's operations (`text × multiplier + addend`, each factor present when the
 * form has it), so each is at least the match's score in floating point (NaN where the product is, which bounds
 * nothing: the caller weighs such a match). Reads no term frequency, field length or exact prior.
 * @param multiplier the form's multiplying prior (name), or undefined
 * @param addend the form's added prior (name), or undefined
 * @returns `out`; undefined when the segment holds no codes for a prior of the form, or a multiplier's code gives no
 *   bound (+∞: the prior may be negative, and a bound must not multiply by it)
 */
export function matchBounds(c: Collection, docs: DocList, n: number, fields: readonly FieldMaxima[], multiplier: string | undefined, addend: string | undefined, out: Float64Array): Float64Array | undefined {
  const multipliers = multiplier === undefined ? undefined : f64(F64.maxMultiplier, n);
  const addends = addend === undefined ? undefined : f64(F64.maxAddend, n);
  if (multipliers && !priorUpperBounds(c, multiplier, docs, n, multipliers)) return undefined;
  if (addends && !priorUpperBounds(c, addend, docs, n, addends)) return undefined;
  if (multipliers) for (let i = 0; i < n; i++) if (multipliers[i] === Infinity) return undefined;
  matchTextBounds(docs, n, fields, out, f64(F64.dots, n), LOOK_UP_AT);
  for (let i = 0; i < n; i++) {
    let bound = out[i]!;
    if (multipliers) bound *= multipliers[i]!;
    if (addends) bound += addends[i]!;
    out[i] = bound;
  }
  return out;
}
