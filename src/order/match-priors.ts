/**
 * A prior of the matches the top-k collector (order/top-k.ts) and its seed floor (order/seed-floor.ts) are about to
 * test or score. A round's matches are few and scattered over a large collection (`datasets following` at 1M issues:
 * 538 priors read over a round or two), so the prior section's blocks they fall in (4 KiB each, read 64 KiB at a time)
 * cost megabytes read, checked and allocated for a few values each; the segment's scatter records hold the same
 * stored value in a 512-byte block per 32 documents, shared with the field lengths that scoring the match reads next.
 * The values are the ones the build stored for both (the exhaustive path, rank/rank.ts `rankScores`, reads the scatter
 * records for such sparse documents already), so which one is read never changes a bound or a score.
 */
import { SCATTERED_SPACING } from '../index/compact-index.js';
import type { DocList } from '../index/text-index.js';
import { gatherPrior } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';

/**
 * Prior `name` of each of `docs` into `out` (same order), as rank/rank.ts `gatherPrior` gives it: from the segment's
 * scatter records when the documents are at most one per {@link SCATTERED_SPACING} of the collection (and the
 * segment has them), else from the prior's blocks (or derived).
 * @param docs ascending document numbers, each below the collection's count
 * @param out at least `docs.length` entries; entries past it are untouched
 * @returns false when the kind has no such prior (`out` then untouched)
 */
export function matchPriors(c: Collection, name: string, docs: DocList, out: Float64Array): boolean {
  const segment = c.segment;
  if (segment && docs.length > 0 && docs.length * SCATTERED_SPACING <= c.records.length && segment.scatterPriors(name, docs, out)) return true;
  return gatherPrior(c, name, docs, out);
}
