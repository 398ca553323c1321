/**
 * Upper bounds of best-match scores per block of document numbers, for the top-k collector (order/top-k.ts): a
 * block whose bound cannot reach the page is never scored.
 *
 * A block is {@link BLOCK_SIZE} consecutive document numbers. Its bound is the score function applied to maxima:
 * per query dimension the largest field-vector weight in the block, per prior the largest value — computed in the
 * same floating-point operations, in the same order, as the scores themselves (src/index/text-index.ts `score`,
 * src/rank/rank.ts `rankScores`' linear form). Each operation (`+`, `×`, `÷` by a positive constant) rounds
 * monotonically, weights and multipliers are never negative, so the bound is never below any document's score in
 * floating point, not only in exact arithmetic: pruning is exact.
 *
 * Only what the viewer may see goes in: maxima skip the documents it may not see, and the weights are those of its
 * visible statistics (index/visible-statistics.ts), so a private record moves no bound and no timing.
 *
 * The maxima are derived lazily from the postings and the priors, cached per collection and viewer access
 * ({@link blockMaxima}, {@link priorMaxima}): a build-time segment can store them instead, behind the same two
 * functions.
 */
import type { DocList, FieldImpacts } from '../index/text-index.js';
import { priorValues } from '../rank/rank.js';
import { BoundedLru, perOwner } from '../results/bounded-lru.js';
import type { Collection } from '../store/collection.js';

/** log2 of the documents per block. */
export const BLOCK_SHIFT = 7;
/** Documents per block (consecutive document numbers). */
export const BLOCK_SIZE = 1 << BLOCK_SHIFT;

/** One field of a query with the per-block maximum weight (thousandths) of each dimension. */
export interface FieldMaxima {
  readonly magnitude: number;
  readonly dimensions: ReadonlyArray<{ readonly weight: number; readonly max: Int32Array }>;
}

/** At most this many cached block maxima (per query terms, or per prior) per collection and viewer access. */
const MAXIMA_ENTRIES = 256;
/** At most this many cached block values per collection (4–8 bytes each). */
const MAXIMA_BLOCKS = 16_000_000;

type Maxima = FieldMaxima[] | Float64Array;

/** The number of block values `maxima` holds (its weight in the cache). */
function blocksHeld(maxima: Maxima): number {
  if (!Array.isArray(maxima)) return maxima.length;
  let n = 0;
  for (const field of maxima) for (const d of field.dimensions) n += d.max.length;
  return n;
}

/** The cached maxima of one collection (created on first use, dropped with the collection). */
const maximaOf = perOwner(() => new BoundedLru<Maxima>(MAXIMA_ENTRIES, MAXIMA_BLOCKS, blocksHeld));

/** Blocks of a collection of `count` documents. */
export function blockCount(count: number): number {
  return (count + BLOCK_SIZE - 1) >>> BLOCK_SHIFT;
}

/** `hidden` (ascending) as one byte per document: 1 where the viewer may not see it. */
function hiddenMask(count: number, hidden: DocList): Uint8Array {
  const mask = new Uint8Array(count);
  for (let i = 0; i < hidden.length; i++) mask[hidden[i]!] = 1;
  return mask;
}

/**
 * Per field of the query terms `terms` (as the text index scores them), the query vector's magnitude and, per
 * dimension in score order, the largest weight of each block among the documents the viewer may see (0 where none
 * holds the term). Undefined when the index cannot tell (then nothing is pruned).
 * @param access the viewer's access key (src/access), which determines `hidden`
 */
export function blockMaxima(c: Collection, terms: ReadonlyMap<string, readonly string[]>, hidden: DocList, access: string): FieldMaxima[] | undefined {
  const key = `t\u0000${access}\u0000${JSON.stringify([...terms])}`;
  const cache = maximaOf(c);
  const known = cache.get(key);
  if (known) return known as FieldMaxima[];
  const fields: FieldImpacts[] | undefined = c.index.queryImpacts?.(terms, hidden);
  if (!fields) return undefined;
  const count = c.records.length;
  const mask = hidden.length > 0 ? hiddenMask(count, hidden) : undefined;
  const out: FieldMaxima[] = fields.map((field) => ({
    magnitude: field.magnitude,
    dimensions: field.dimensions.map(({ weight, docs, impacts }) => {
      const max = new Int32Array(blockCount(count));
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (mask && mask[doc]) continue;
        const b = doc >>> BLOCK_SHIFT;
        if (impacts[i]! > max[b]!) max[b] = impacts[i]!;
      }
      return { weight, max };
    }),
  }));
  cache.set(key, out);
  return out;
}

/**
 * Per block, the largest value of the kind's prior `name` among the documents the viewer may see (NaN when one of
 * them is NaN; -Infinity for a block with none); undefined when the kind has no such prior or some value is
 * negative (a multiplier must not be: the bound would not hold).
 * @param access the viewer's access key (src/access), which determines `hidden`
 */
export function priorMaxima(c: Collection, name: string, hidden: DocList, access: string): Float64Array | undefined {
  const key = `p\u0000${access}\u0000${name}`;
  const cache = maximaOf(c);
  const known = cache.get(key);
  if (known) return known as Float64Array;
  const values = priorValues(c, name);
  if (!values) return undefined;
  const count = c.records.length;
  const mask = hidden.length > 0 ? hiddenMask(count, hidden) : undefined;
  const max = new Float64Array(blockCount(count)).fill(-Infinity);
  for (let doc = 0; doc < count; doc++) {
    if (mask && mask[doc]) continue;
    const v = values[doc]!;
    if (v < 0) return undefined;
    const b = doc >>> BLOCK_SHIFT;
    if (Number.isNaN(v)) max[b] = NaN;
    else if (v > max[b]!) max[b] = v;
  }
  cache.set(key, max);
  return max;
}

/**
 * The bound of block `b`: the text score of the block's maxima (score()'s operations, fields in order, `|| 0` as
 * there), times the multiplier's maximum, plus the addend's. NaN maxima give +Infinity (the block is scored).
 */
export function blockBound(b: number, fields: readonly FieldMaxima[], multiplier: Float64Array | undefined, addend: Float64Array | undefined): number {
  let text = 0;
  for (const field of fields) {
    let dot = 0;
    for (const { weight, max } of field.dimensions) {
      const w = max[b]!;
      if (w >= 0) dot += weight * (w / 1000);
    }
    text += dot / field.magnitude || 0;
  }
  let score = text;
  if (multiplier) score *= multiplier[b]!;
  if (addend) score += addend[b]!;
  return Number.isNaN(score) ? Infinity : score;
}
