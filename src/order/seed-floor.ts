/**
 * A starting threshold for the top-k collector (order/top-k.ts) from the champion lists the build stored
 * (index/champions.ts, kept in the segment): before any block is scored, the stored best documents of each query
 * term that are among the query's matches are scored with the query's own score, and the k-th best of those (score,
 * document) pairs is a floor under the page's k-th pair. So the first round already skips the blocks, sub-blocks and
 * matches whose bound cannot reach it, instead of waiting for the heap to fill with whatever the best-bounded blocks
 * hold.
 *
 * Exact for any set of seeds: each seed is a match scored exactly as the collector scores it, so k matches rank at
 * or above the floor and no document ranking below it can be on the page. The seeds only decide how much is skipped.
 *
 * Safe for every viewer: a champion list holds public documents only, chosen under the public statistics (a dump's
 * private records move none of it: test/index/champions.test.ts), and the seeds are the list's documents that are in
 * the viewer's own match list (so visible to it), scored under its own statistics. Nothing the viewer cannot read
 * chooses a seed or moves its score, so the floor, and what it skips, depend only on what the viewer may see.
 */
import { intersect } from '../execute/doc-set.js';
import type { DocList } from '../index/text-index.js';
import { gatherPrior } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import { BestPairs } from '../index/best-pairs.js';
import { textScores, type FieldMaxima } from './bounds.js';

/** Entries of a champion list, at most (the build's reach: index/champions.ts). */
export const SEED_REACH = 1000;

/** Seeds wanted per page document: scoring them costs about what a round does, and more raise the floor little. */
const SEEDS_PER_RESULT = 4;

/** The k-th best (score, document) pair among the seeds: no page document ranks below it. */
export interface SeedFloor {
  readonly score: number;
  readonly doc: number;
  /** Seeds scored (the champion documents found among the matches). */
  readonly seeds: number;
}

/** The first `reach` documents of each list that are among `docs` (ascending): ascending, each once. */
function seedsWithin(lists: readonly Uint32Array[], reach: number, docs: DocList): Uint32Array {
  let total = 0;
  for (const list of lists) total += Math.min(reach, list.length);
  const all = new Uint32Array(total);
  let at = 0;
  for (const list of lists) {
    all.set(list.subarray(0, Math.min(reach, list.length)), at);
    at += Math.min(reach, list.length);
  }
  all.sort();
  let m = 0;
  for (let i = 0; i < total; i++) if (m === 0 || all[i] !== all[m - 1]) all[m++] = all[i]!;
  return Uint32Array.from(intersect(all.subarray(0, m), docs));
}

/**
 * The champion documents of the query's terms (every term of every field of `terms`, as the text index scores them)
 * that are among `docs` (ascending): ascending, each once. The lists' first entries (each term's best) are taken,
 * then further ones (twice as many each time) until `want` of them match or the lists are spent. Empty when
 * the collection has no segment or no list for any of the terms.
 * @param want seeds wanted (more may come: a reach's matches are all kept)
 */
export function championSeeds(c: Collection, terms: ReadonlyMap<string, readonly string[]>, docs: DocList, want: number): Uint32Array {
  const segment = c.segment;
  if (!segment || docs.length === 0 || want <= 0) return new Uint32Array(0);
  const seen = new Set<string>();
  const lists: Uint32Array[] = [];
  let longest = 0;
  for (const list of terms.values()) {
    for (const term of list) {
      if (seen.has(term)) continue;
      seen.add(term);
      const stored = segment.champion(term, SEED_REACH);
      if (!stored || stored.docs.length === 0) continue;
      lists.push(stored.docs);
      longest = Math.max(longest, stored.docs.length);
    }
  }
  if (lists.length === 0) return new Uint32Array(0);
  for (let reach = Math.min(want, longest); ; reach = Math.min(2 * reach, longest)) {
    const seeds = seedsWithin(lists, reach, docs);
    if (seeds.length >= want || reach === longest) return seeds;
  }
}

/** Seeds wanted for a page of `k` ({@link championSeeds}' `want`). */
export function seedsWanted(k: number): number {
  return SEEDS_PER_RESULT * k;
}

/**
 * The floor the seeds give a page of `k`: their scores in the collector's own operations (`textScores` over the
 * query's `fields`, then `× multiplier + addend` from the kind's priors, as order/top-k.ts scores a round), and the
 * k-th best pair in best-match order (score descending, then document number).
 * @param seeds ascending matches to score (see {@link championSeeds})
 * @param multiplier,addend the linear form's prior names (undefined: absent)
 * @returns undefined when fewer than `k` seeds (or k is 0); null when a seed's score is NaN (the collector then
 *   gives up, as it does for a NaN score of its own)
 */
export function seedFloor(
  c: Collection,
  seeds: Uint32Array,
  k: number,
  fields: readonly FieldMaxima[],
  multiplier: string | undefined,
  addend: string | undefined,
): SeedFloor | undefined | null {
  const n = seeds.length;
  if (k <= 0 || n < k) return undefined;
  const multipliers = multiplier === undefined ? undefined : new Float64Array(n);
  const addends = addend === undefined ? undefined : new Float64Array(n);
  if (multipliers && !gatherPrior(c, multiplier!, seeds, multipliers)) return undefined;
  if (addends && !gatherPrior(c, addend!, seeds, addends)) return undefined;
  const scores = textScores(seeds, n, fields);
  const best = new BestPairs(k);
  for (let i = 0; i < n; i++) {
    let score = scores[i]!;
    if (multipliers) score *= multipliers[i]!;
    if (addends) score += addends[i]!;
    if (Number.isNaN(score)) return null;
    best.offer(seeds[i]!, score);
  }
  return { score: best.worstScore, doc: best.worstDoc, seeds: n };
}
