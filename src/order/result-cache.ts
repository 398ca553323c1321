/**
 * A small per-collection cache of ordered results, so the next page of a query, or the same query again (a
 * server under load, the interactive view paging), skips evaluation, scoring and sorting. A store never changes
 * while a process runs, so entries never go stale; they are evicted least-recently-used.
 */
import type { CollectionView, MemoryBudget, ReaderSlot } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import { packedPair } from '../execute/score-cache.js';
import type { OrderedResults } from './order.js';

/** At most this many queries per collection. */
export const RESULT_CACHE_ENTRIES = 1024;
/** At most this many cached document numbers per collection (≈ 12 bytes each with scores). */
export const RESULT_CACHE_DOCS = 2_000_000;

/**
 * Remembers complete results only (never partial ones: a timed-out answer must not be served again). An admitted
 * entry is kept as a copy in one buffer (execute/score-cache.ts `packedPair`): the caller's arrays stay the
 * caller's, and what `get` returns is the cache's and must not be written.
 */
export class ResultCache extends BoundedLru<OrderedResults> {
  /** @param budget the collection reader's memory budget (none: the two bounds above alone) */
  constructor(budget?: MemoryBudget) {
    super(RESULT_CACHE_ENTRIES, RESULT_CACHE_DOCS, (results) => results.docs.length, budget && { budget, bytes: resultBytes }, packedPair);
  }
}

/** Estimated bytes of ordered results: their document numbers and scores, and the object and views holding them. */
function resultBytes(results: OrderedResults): number {
  return results.docs.byteLength + results.scores.byteLength + 160;
}

/** A collection reader's result cache (made on first use, dropped when it closes). */
const RESULTS: ReaderSlot<ResultCache> = { name: 'results', make: (_c, budget) => new ResultCache(budget) };

/** The result cache of one collection (its reader's). */
export function resultCacheOf(c: CollectionView): ResultCache {
  return c.memo(RESULTS);
}
