/**
 * A collection reader's cache of items already laid out as an envelope embeds them (item-json.ts `itemJson` bytes),
 * by document: a page of a busy server is then mostly copies out of memory, with no read, checksum or layout pass
 * for the items seen lately, and no allocation per item.
 *
 * The bytes live in slabs of {@link ItemArena.slabBytes} (1 MiB, less under a small budget), filled front to back: an item is
 * appended to the newest slab; past the cache's own bound, or when the reader's memory budget (src/store/
 * memory-budget.ts) asks for room, the oldest slab goes whole with every item in it (first in, first out, slab by
 * slab). An item found in the older half of the slabs is appended again to the newest (its old copy left dead), so
 * what keeps being asked for stays — least recently used, approximately, at a slab's granularity.
 *
 * Slabs are never written twice: an item's bytes, once appended, never change, so a view handed out stays valid
 * (and keeps its slab alive) after the slab has left the cache.
 */
import type { BudgetedCache, MemoryBudget } from '../kinds/collection-view.js';

/** Bytes per slab unless the caller or a small budget says otherwise. */
export const ITEM_SLAB_BYTES = 1 << 20;
/** The smallest slab a small budget gets. */
const MIN_SLAB_BYTES = 4096;

/**
 * The slab size under a budget of `limitBytes`: {@link ITEM_SLAB_BYTES}, halved while it is more than a quarter of
 * the budget (down to 4 KiB), so a small budget still keeps items, as its other caches do.
 */
export function slabBytesFor(limitBytes: number): number {
  let bytes = ITEM_SLAB_BYTES;
  while (bytes > MIN_SLAB_BYTES && bytes > limitBytes / 4) bytes /= 2;
  return bytes;
}

interface Slab {
  readonly bytes: Buffer;
  /** Bytes filled. */
  used: number;
  /** The documents whose current copy is in this slab (possibly stale: checked against `where` when evicted). */
  readonly docs: number[];
  /** The budget's use stamp of its last append. */
  tick: number;
  /** Its number, counting from the arena's first slab. */
  readonly seq: number;
}

/** Where a document's item is: its slab's number, offset and length. */
interface Place {
  seq: number;
  at: number;
  length: number;
}

/** One collection reader's arena of laid-out items, under its memory budget (see the module comment). */
export class ItemArena implements BudgetedCache {
  /** Oldest first. */
  private readonly slabs: Slab[] = [];
  private readonly where = new Map<number, Place>();
  private nextSeq = 0;
  private ticks = 0;

  /**
   * @param maxBytes the most bytes of slabs kept (at least one slab is kept while it holds anything)
   * @param budget the collection reader's memory budget, charged a slab's bytes when it is made; none: `maxBytes` alone
   * @param slabBytes bytes per slab (default {@link slabBytesFor} the budget); an item longer than a slab is not kept
   */
  constructor(
    private readonly maxBytes: number,
    private readonly budget?: MemoryBudget,
    readonly slabBytes: number = slabBytesFor(budget?.limitBytes ?? Infinity),
  ) {
    budget?.join(this);
  }

  /** Number of documents whose item is held. */
  get size(): number {
    return this.where.size;
  }

  /** Bytes of slabs held. */
  get bytes(): number {
    return this.slabs.length * this.slabBytes;
  }

  /**
   * The item of `doc` (its bytes as stored by {@link put}; a view, never written again), or undefined. An item in
   * the older half of the slabs is appended again to the newest, so it outlives them.
   */
  get(doc: number): Buffer | undefined {
    const place = this.where.get(doc);
    if (place === undefined) return undefined;
    const first = this.slabs[0]!.seq;
    const slab = this.slabs[place.seq - first]!;
    const bytes = slab.bytes.subarray(place.at, place.at + place.length);
    if ((place.seq - first) * 2 < this.slabs.length - 1) return this.put(doc, bytes);
    return bytes;
  }

  /**
   * Keep `bytes` as the item of `doc` (copied into the newest slab, replacing any earlier copy) and return the kept
   * copy; an item that cannot be kept (longer than a slab, or a budget smaller than a slab) is
   * returned as a fresh copy. Either way the caller may reuse `bytes` afterwards.
   */
  put(doc: number, bytes: Uint8Array): Buffer {
    const length = bytes.length;
    let slab = this.slabs.at(-1);
    if (length <= this.slabBytes && (slab === undefined || slab.used + length > this.slabBytes)) slab = this.grow();
    if (slab === undefined || length > this.slabBytes) {
      this.where.delete(doc); // an earlier item of the document is no longer its item
      return Buffer.from(bytes);
    }
    const at = slab.used;
    slab.bytes.set(bytes, at);
    slab.used += length;
    slab.docs.push(doc);
    slab.tick = this.stamp();
    const place = this.where.get(doc);
    if (place === undefined) this.where.set(doc, { seq: slab.seq, at, length });
    else {
      place.seq = slab.seq;
      place.at = at;
      place.length = length;
    }
    return slab.bytes.subarray(at, at + length);
  }

  oldestTick(): number {
    // The newest slab is where items go next: it leaves only when it is the last one (the budget's own call).
    return this.slabs.length > 0 ? this.slabs[0]!.tick : Infinity;
  }

  evictOldest(): number {
    const slab = this.slabs.shift();
    if (slab === undefined) return 0;
    for (const doc of slab.docs) if (this.where.get(doc)?.seq === slab.seq) this.where.delete(doc);
    return this.slabBytes;
  }

  clear(): void {
    this.slabs.length = 0;
    this.where.clear();
  }

  /**
   * A new newest slab, after making room under `maxBytes` (the budget makes its own room when charged); undefined
   * when the budget evicted it at once (a budget smaller than a slab).
   */
  private grow(): Slab | undefined {
    while (this.slabs.length > 0 && (this.slabs.length + 1) * this.slabBytes > this.maxBytes) {
      const released = this.evictOldest();
      this.budget?.charge(-released);
    }
    const slab: Slab = { bytes: Buffer.allocUnsafeSlow(this.slabBytes), used: 0, docs: [], tick: this.stamp(), seq: this.nextSeq++ };
    this.slabs.push(slab);
    // Charged once it is in place: the budget may then evict older slabs, or this one when it is the only one.
    this.budget?.charge(this.slabBytes);
    return this.slabs.at(-1) === slab ? slab : undefined;
  }

  private stamp(): number {
    return this.budget ? this.budget.tick() : ++this.ticks;
  }
}
