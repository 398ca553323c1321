/**
 * The top-k collector's bounds from the prior codes (cache/prior-codes.ts, stored in the segment): per match, and
 * per block of matches for a viewer the stored block maxima do not cover. Each is at least the prior it bounds and
 * depends on that document alone (the table is fixed), so no private record moves a public document's bound.
 */
import { CODE_NONE } from '../cache/prior-codes.js';
import type { DocList } from '../index/text-index.js';
import type { Collection } from '../store/collection.js';

/**
 * Upper bounds of prior `name` for the first `m` of `docs` into `out[0, m)` (same order): each at least the
 * document's prior, +∞ where the code gives none (NaN or negative prior); false (nothing written) when `name` is
 * undefined or the collection's segment holds no codes for it. Reads the codes section whole on first use (one
 * byte per document, the same bytes for every viewer).
 */
export function priorUpperBounds(c: Collection, name: string | undefined, docs: DocList, m: number, out: Float64Array): boolean {
  const stored = name === undefined ? undefined : c.segment?.priorCodes(name);
  if (!stored) return false;
  const { table, codes } = stored;
  for (let i = 0; i < m; i++) out[i] = table[codes[docs[i]!]!]!;
  return true;
}

/**
 * Per block of matches (the first `count` blocks; block j holds `docs[starts[j], starts[j+1])`), the largest bound
 * its matches' codes give for prior `name`, into `out` — the top-k collector's block bounds for a viewer the
 * stored block maxima do not cover (one who reads some private repositories), instead of reading every match's
 * prior. Each is at least the block's largest prior. Undefined (nothing to rely on) when `name` is undefined, the
 * segment holds no codes for it, or a match's code gives no bound ({@link CODE_NONE}: a NaN or negative prior, or
 * one past the table — the caller then reads the priors, which also tells whether one is below 0).
 */
export function priorBlockBounds(c: Collection, name: string | undefined, docs: DocList, starts: Int32Array, count: number, out: Float64Array): Float64Array | undefined {
  const stored = name === undefined ? undefined : c.segment?.priorCodes(name);
  if (!stored) return undefined;
  const { table, codes } = stored;
  for (let j = 0; j < count; j++) {
    let most = 0;
    for (let at = starts[j]!; at < starts[j + 1]!; at++) {
      const code = codes[docs[at]!]!;
      if (code === CODE_NONE) return undefined;
      if (code > most) most = code;
    }
    out[j] = table[most]!;
  }
  return out;
}
