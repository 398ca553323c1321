/**
 * A map that forgets its least recently used entries past two bounds: a number of entries and a total weight
 * (documents, bytes — whatever `weigh` counts); and, when it shares a collection reader's memory budget
 * (src/store/memory-budget.ts), past that budget too, least recently used first across every cache of the reader.
 * The result, score, keyword-match, block-maxima and rendered-item caches of a collection and the server's response
 * cache are each one.
 */
import type { BudgetedCache, MemoryBudget } from '../kinds/collection-view.js';

/** Estimated bytes an entry costs beyond its value: the map entry, the record holding it, the key's header. */
export const ENTRY_OVERHEAD_BYTES = 96;

interface Entry<V> {
  readonly value: V;
  /** Its weight in `weigh`'s unit. */
  readonly weight: number;
  /** Estimated bytes charged to the budget (0 without one). */
  readonly bytes: number;
  /** When it was last used (the budget's stamp, else a local counter). */
  tick: number;
}

/** How a cache shares a reader's memory budget. */
export interface BudgetShare<V> {
  readonly budget: MemoryBudget;
  /** Estimated bytes a value holds (its typed arrays, strings, buffers); the key and entry are added. */
  readonly bytes: (value: V) => number;
}

export class BoundedLru<V> implements BudgetedCache {
  private readonly entries = new Map<string, Entry<V>>();
  private weight = 0;
  private ticks = 0;

  /**
   * @param maxEntries at most this many entries
   * @param maxWeight at most this total weight; a single value heavier than a quarter of it is never kept
   * @param weigh the weight of one value (≥ 0)
   * @param share the collection reader's budget this cache shares (a value estimated at more than a quarter of
   *   the budget is never kept); none: the two bounds alone
   * @param own what is kept of an admitted value (weighed and charged as the value given; default: the value itself),
   *   e.g. a copy the cache owns; called only once the bounds admit the value
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
    private readonly share?: BudgetShare<V>,
    private readonly own?: (value: V) => V,
  ) {
    share?.budget.join(this);
  }

  private stamp(): number {
    return this.share ? this.share.budget.tick() : ++this.ticks;
  }

  /** The value of `key`, refreshed as most recently used; undefined on a miss. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    hit.tick = this.stamp();
    return hit.value;
  }

  /** Remember `value` as the most recently used, then evict the oldest entries until every bound holds. */
  set(key: string, value: V): void {
    const weight = this.weigh(value);
    if (weight > this.maxWeight / 4) return;
    const bytes = this.share ? this.share.bytes(value) + 2 * key.length + ENTRY_OVERHEAD_BYTES : 0;
    if (this.share && bytes > this.share.budget.limitBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.remove(key, old);
    this.entries.set(key, { value: this.own ? this.own(value) : value, weight, bytes, tick: this.stamp() });
    this.weight += weight;
    for (const [oldest, stale] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.remove(oldest, stale);
    }
    this.share?.budget.charge(bytes);
  }

  /** Drop an entry and release its weight and bytes. */
  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
    if (entry.bytes > 0) this.share!.budget.charge(-entry.bytes);
  }

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes charged to the budget (0 without one). */
  get bytes(): number {
    let sum = 0;
    for (const entry of this.entries.values()) sum += entry.bytes;
    return sum;
  }

  oldestTick(): number {
    for (const entry of this.entries.values()) return entry.tick;
    return Infinity;
  }

  evictOldest(): number {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      this.weight -= entry.weight;
      return entry.bytes;
    }
    return 0;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
