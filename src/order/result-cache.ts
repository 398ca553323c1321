/**
 * A small per-collection cache of ordered results, so the next page of a query, or the same query again (a
 * server under load, the interactive view paging), skips evaluation, scoring and sorting. A store never changes
 * while a process runs, so entries never go stale; they are evicted least-recently-used.
 */
import { BoundedLru, perOwner } from '../results/bounded-lru.js';
import type { OrderedResults } from './order.js';

/** At most this many queries per collection. */
export const RESULT_CACHE_ENTRIES = 1024;
/** At most this many cached document numbers per collection (≈ 12 bytes each with scores). */
export const RESULT_CACHE_DOCS = 2_000_000;

/** Remembers complete results only (never partial ones: a timed-out answer must not be served again). */
export class ResultCache extends BoundedLru<OrderedResults> {
  constructor() {
    super(RESULT_CACHE_ENTRIES, RESULT_CACHE_DOCS, (results) => results.docs.length);
  }
}

/** The cache of one collection (created on first use, dropped with the collection). */
export const resultCacheOf: (collection: object) => ResultCache = perOwner(() => new ResultCache());
