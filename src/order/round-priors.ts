/**
 * The priors of a round of the top-k collector's matches (order/top-k.ts). A round that the prior codes
 * (cache/prior-codes.ts, order/code-bounds.ts) thinned to a few matches scattered over a large collection reads
 * their priors from the segment's scatter records (one small checked block per document, src/segment), the same
 * blocks the matches' text scores read their field lengths from next — instead of a 4 KiB block of the prior (and
 * its read-ahead) per match. Denser rounds read the prior's blocks (rank/rank.ts). The same values either way: the
 * build writes both from one array.
 */
import { SCATTERED_SPACING } from '../index/compact-index.js';
import type { DocList } from '../index/text-index.js';
import { gatherPrior } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';

/**
 * Prior `name` of each of `docs` (ascending) into `out` (same order), as rank/rank.ts `gatherPrior` gives them:
 * from the scatter records when there is at most one document per {@link SCATTERED_SPACING} of the collection
 * and the segment holds them, else from the prior's blocks.
 * @returns false when the kind has no such prior (nothing written)
 */
export function gatherMatchPriors(c: Collection, name: string, docs: DocList, out: Float64Array): boolean {
  const segment = c.segment;
  if (segment?.hasPrior(name) && docs.length > 0 && docs.length * SCATTERED_SPACING <= c.records.length && segment.scatterPriors(name, docs, out)) return true;
  return gatherPrior(c, name, docs, out);
}
