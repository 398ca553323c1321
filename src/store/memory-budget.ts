/**
 * The memory budget of one collection reader (src/store/collection.ts): every cache the reader owns — remembered
 * results, scores, keyword matches, block maxima, rendered items, the per-viewer hidden and visible sets
 * (src/access/collection-access.ts), the index dictionary's windows, term indexes and posting starts
 * (cache/compact-index-file.ts) — charges each entry its estimated bytes here,
 * and past the limit the least recently used entry across all of them goes first (each cache is itself kept in
 * least-recently-used order, so its oldest entry is its first; the budget compares their use stamps).
 *
 * The limit is `SEARCH_MEMORY_BUDGET` (MiB, default {@link DEFAULT_MEMORY_BUDGET_MIB}) or `search serve --memory`.
 * Caches are transparent: a smaller budget changes how often work is redone, never an answer. Not covered (fixed
 * caps of their own): the decoded posting blocks and ranges (`POSTING_CACHE_BYTES`, cache/compact-index-file.ts), the parsed
 * snapshot records (`RECORD_CACHE_BYTES`, cache/record-snapshot.ts), the columns (read whole, one typed array per
 * column) and the per-document prior memo of src/rank (8 bytes per document and prior).
 */
import type { BudgetedCache, MemoryBudget } from '../kinds/collection-view.js';

/** The default budget of one collection's caches, in MiB. */
export const DEFAULT_MEMORY_BUDGET_MIB = 256;
/** The largest budget the environment or `--memory` may set, in MiB (1 TiB). */
export const MAX_MEMORY_BUDGET_MIB = 1024 * 1024;

/**
 * The budget in bytes from `SEARCH_MEMORY_BUDGET` (a whole number of MiB, 1 to {@link MAX_MEMORY_BUDGET_MIB});
 * the default when it is unset or not such a number.
 */
export function memoryBudgetBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEARCH_MEMORY_BUDGET?.trim();
  const mib = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return (mib >= 1 && mib <= MAX_MEMORY_BUDGET_MIB ? mib : DEFAULT_MEMORY_BUDGET_MIB) * 1024 * 1024;
}

/** A {@link MemoryBudget} shared by the caches of one collection reader. */
export class CollectionBudget implements MemoryBudget {
  private readonly caches: BudgetedCache[] = [];
  private used = 0;
  private ticks = 0;

  /** @param limitBytes the most estimated bytes the caches hold together (> 0) */
  constructor(readonly limitBytes: number = memoryBudgetBytes()) {}

  get usedBytes(): number {
    return this.used;
  }

  tick(): number {
    return ++this.ticks;
  }

  join(cache: BudgetedCache): void {
    if (!this.caches.includes(cache)) this.caches.push(cache);
  }

  charge(bytes: number): void {
    this.used += bytes;
    while (this.used > this.limitBytes) {
      let oldest: BudgetedCache | undefined;
      let oldestTick = Infinity;
      for (const cache of this.caches) {
        const tick = cache.oldestTick();
        if (tick < oldestTick) {
          oldestTick = tick;
          oldest = cache;
        }
      }
      if (!oldest) break;
      this.used -= oldest.evictOldest();
    }
  }

  /** Forget every cache's entries and the caches themselves (the reader closes). */
  clear(): void {
    for (const cache of this.caches) cache.clear();
    this.caches.length = 0;
    this.used = 0;
  }
}
