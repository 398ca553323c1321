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
import { lowerBound } from '../index/sorted-list.js';
import type { DocList } from '../index/text-index.js';
import { gatherPrior } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import { BestPairs } from '../index/best-pairs.js';
import { textScores, type FieldMaxima } from './bounds.js';

/** Entries of a champion list, at most (the build's reach: index/champions.ts). */
export const SEED_REACH = 1000;

/** Seeds wanted per page document: scoring them costs about what a round does, and more raise the floor little. */
const SEEDS_PER_RESULT = 2;

/** The k-th best (score, document) pair among the seeds: no page document ranks below it. */
export interface SeedFloor {
  readonly score: number;
  readonly doc: number;
  /** Seeds scored (the champion documents found among the matches). */
  readonly seeds: number;
  /** The k best seeds with their scores, best first (the floor is the last): a collector's first page. */
  readonly best: { readonly docs: Uint32Array; readonly scores: Float64Array };
  /** Every seed scored, ascending (a collector offers none of them again). */
  readonly scoredDocs: Uint32Array;
}

/**
 * The champion documents of the query's terms (every term of every field of `terms`, as the text index scores them)
 * that are among `docs` (ascending): at most `want` of them, those whose stored one-word scores summed over the
 * lists they are in are the largest (a document in both lists of a two-word query first: the same shape as the
 * query's own score); ascending, each once. Empty when the collection has no segment or no list for any of the terms.
 * Which documents are chosen never changes an answer (see the module comment), only how high the floor starts.
 */
export function championSeeds(c: Collection, terms: ReadonlyMap<string, readonly string[]>, docs: DocList, want: number): Uint32Array {
  const segment = c.segment;
  if (!segment || docs.length === 0 || want <= 0) return new Uint32Array(0);
  const seen = new Set<string>();
  // Document → its stored scores summed over the lists holding it, for the lists' documents that match.
  const summed = new Map<number, number>();
  for (const list of terms.values()) {
    for (const term of list) {
      if (seen.has(term)) continue;
      seen.add(term);
      const stored = segment.champion(term, SEED_REACH);
      if (!stored) continue;
      for (let i = 0; i < stored.docs.length; i++) {
        const doc = stored.docs[i]!;
        const at = lowerBound(docs, doc);
        if (at < docs.length && docs[at] === doc) summed.set(doc, (summed.get(doc) ?? 0) + stored.scores[i]!);
      }
    }
  }
  const best = new BestPairs(Math.min(want, summed.size));
  for (const [doc, score] of summed) best.offer(doc, score);
  return best.sorted().docs.sort();
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
  const score = best.worstScore;
  const doc = best.worstDoc;
  return { score, doc, seeds: n, best: best.sorted(), scoredDocs: seeds };
}
