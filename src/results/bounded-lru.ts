/**
 * A map that forgets its least recently used entries past two bounds: a number of entries and a total weight
 * (documents, bytes — whatever `weigh` counts). The result cache and the server's response cache are both one.
 */
export class BoundedLru<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  /**
   * @param maxEntries at most this many entries
   * @param maxWeight at most this total weight; a single value heavier than a quarter of it is never kept
   * @param weigh the weight of one value (≥ 0)
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The value of `key`, refreshed as most recently used; undefined on a miss. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Remember `value` as the most recently used, then evict the oldest entries until both bounds hold. */
  set(key: string, value: V): void {
    if (this.weigh(value) > this.maxWeight / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.weight -= this.weigh(old);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldest, stale] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(stale);
    }
  }

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * One value per owner object (a collection), made by `make` on first use and dropped with the owner: the shape of
 * every per-collection cache (results, scores, keyword matches, rendered items).
 */
export function perOwner<V>(make: () => V): (owner: object) => V {
  const values = new WeakMap<object, V>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) values.set(owner, (value = make()));
    return value;
  };
}
