/**
 * What a collection remembers across queries for scoring: the documents each keyword matches, and best-match
 * scores per query text.
 *
 * Best-match scores are remembered per query text, so queries that share their words — the same words with other
 * qualifiers, sorts or pages, as a server sees them — score each document once. Keyed on everything a score
 * depends on: the positive keywords and their fields, the owner qualifiers the rank reads, and what the viewer may
 * see (src/access: its visible statistics). An entry holds the documents scored and their scores; a query whose
 * matches are all among them reads its scores there, any other computes them and replaces the entry. Complete
 * scorings only (never one cut short by the time limit). Least recently used entries go first, bounded by the
 * number of documents held.
 */
import type { DocList } from '../index/text-index.js';
import type { CollectionView, ReaderSlot } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';

/** Documents scored (ascending) and their best-match scores (same order). */
export interface ScoredDocs {
  readonly docs: DocList;
  readonly scores: Float64Array;
}

/** At most this many remembered scorings per collection. */
export const SCORE_CACHE_ENTRIES = 256;
/** At most this many documents (≈ 12 bytes each) remembered per collection. */
export const SCORE_CACHE_DOCS = 8_000_000;

/**
 * Copies of `docs` and `scores` (same length) in one fresh ArrayBuffer: the documents' u32s, then the scores' f64s
 * from the next multiple of 8 bytes. What a cache keeps is one buffer an entry instead of two (each kept buffer is
 * one more object every full collection walks), and never the caller's arrays: the caller may go on writing its own
 * (or hand them to a scratch pool) without changing what is kept. The copy is never written after this returns.
 * @throws RangeError when the lengths differ
 */
export function packedPair<T extends { readonly docs: DocList; readonly scores: Float64Array }>(pair: T): T {
  const { docs, scores } = pair;
  if (docs.length !== scores.length) throw new RangeError(`docs ${docs.length} and scores ${scores.length} differ in length`);
  const at = (docs.length * 4 + 7) & ~7;
  const buffer = new ArrayBuffer(at + scores.length * 8);
  const keptDocs = new Uint32Array(buffer, 0, docs.length);
  const keptScores = new Float64Array(buffer, at, scores.length);
  keptDocs.set(docs);
  keptScores.set(scores);
  return { ...pair, docs: keptDocs, scores: keptScores };
}

/**
 * A collection reader's score cache (made on first use, dropped when it closes; bytes: both arrays). Ownership: an
 * admitted entry is kept as {@link packedPair}'s copy, so the caller's arrays stay the caller's; what `get` returns
 * is the cache's and must not be written.
 */
const SCORES: ReaderSlot<BoundedLru<ScoredDocs>> = {
  name: 'scores',
  make: (_c, budget) =>
    new BoundedLru<ScoredDocs>(
      SCORE_CACHE_ENTRIES,
      SCORE_CACHE_DOCS,
      (entry) => entry.docs.length,
      { budget, bytes: (entry) => entry.docs.byteLength + entry.scores.byteLength + 160 },
      packedPair,
    ),
};

/** The score cache of one collection (its reader's). */
export function scoreCacheOf(c: CollectionView): BoundedLru<ScoredDocs> {
  return c.memo(SCORES);
}

/** At most this many remembered keyword matches per collection. */
export const TEXT_MATCH_CACHE_ENTRIES = 1024;
/** At most this many documents (4 bytes each) in remembered keyword matches per collection. */
export const TEXT_MATCH_CACHE_DOCS = 8_000_000;

/**
 * The documents each keyword (word, fields) matches in the postings, per collection, so the union over its fields
 * is taken once (execute.ts; only keywords without a position check, whose answer does not depend on the
 * documents still in play). Least recently used entries go first, bounded by the number of documents held.
 */
export function textMatchCacheOf(c: CollectionView): BoundedLru<DocList> {
  return c.memo(TEXT_MATCHES);
}

/** A collection reader's keyword-match cache (made on first use, dropped when it closes). */
const TEXT_MATCHES: ReaderSlot<BoundedLru<DocList>> = {
  name: 'keyword matches',
  make: (_c, budget) =>
    new BoundedLru<DocList>(TEXT_MATCH_CACHE_ENTRIES, TEXT_MATCH_CACHE_DOCS, (docs) => docs.length, { budget, bytes: (docs) => docs.byteLength + 80 }),
};

/**
 * The scores of `docs` (ascending) from `known`, or undefined when some document of `docs` is not in it.
 * Linear in both lists.
 */
export function scoresFrom(known: ScoredDocs, docs: DocList): Float64Array | undefined {
  const out = new Float64Array(docs.length);
  const have = known.docs;
  let j = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    while (j < have.length && have[j]! < doc) j++;
    if (j === have.length || have[j] !== doc) return undefined;
    out[i] = known.scores[j]!;
  }
  return out;
}
