/**
 * A small per-collection cache of ordered results, so the next page of a query, or the same query again (a
 * server under load, the interactive view paging), skips evaluation, scoring and sorting. A store never changes
 * while a process runs, so entries never go stale; they are evicted least-recently-used.
 */

/**
 * The ordered matches of one query: the first document numbers best first (as many as a page can reach, see
 * RESULT_REACH), with their scores (same order), and how many matched in all.
 */
export interface OrderedResults {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  readonly total: number;
}

/** At most this many queries per collection. */
export const RESULT_CACHE_ENTRIES = 1024;
/** At most this many cached document numbers per collection (≈ 12 bytes each with scores). */
export const RESULT_CACHE_DOCS = 2_000_000;

export class ResultCache {
  private readonly entries = new Map<string, OrderedResults>();
  private docs = 0;

  /** The cached results of `key`, refreshed as most recently used; undefined on a miss. */
  get(key: string): OrderedResults | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Remember complete results (never partial ones: a timed-out answer must not be served again). */
  set(key: string, results: OrderedResults): void {
    if (results.docs.length > RESULT_CACHE_DOCS / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.docs -= old.docs.length;
    }
    this.entries.set(key, results);
    this.docs += results.docs.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= RESULT_CACHE_ENTRIES && this.docs <= RESULT_CACHE_DOCS) break;
      this.entries.delete(oldest);
      this.docs -= value.docs.length;
    }
  }

  /** Number of cached queries. */
  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, ResultCache>();

/** The cache of one collection (created on first use, dropped with the collection). */
export function resultCacheOf(collection: object): ResultCache {
  let cache = caches.get(collection);
  if (!cache) caches.set(collection, (cache = new ResultCache()));
  return cache;
}
