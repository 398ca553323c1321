import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ItemArena } from '../../src/envelope/item-arena.js';
import { BoundedLru } from '../../src/results/bounded-lru.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';

const bytesOf = (text: string): Buffer => Buffer.from(text, 'utf8');
const text = (bytes: Uint8Array | undefined): string | undefined => (bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8'));

describe('ItemArena', () => {
  it('gives back what was put, as a copy: the caller may reuse its bytes', () => {
    const arena = new ItemArena(1024, undefined, 64);
    const scratch = bytesOf('{"id":1}');
    const kept = arena.put(1, scratch);
    scratch.fill(0);
    expect(text(kept)).toBe('{"id":1}');
    expect(text(arena.get(1))).toBe('{"id":1}');
    expect(arena.get(2)).toBeUndefined();
    expect(arena.size).toBe(1);
  });

  it('a later put replaces a document’s item', () => {
    const arena = new ItemArena(1024, undefined, 64);
    arena.put(7, bytesOf('old'));
    arena.put(7, bytesOf('new!'));
    expect(text(arena.get(7))).toBe('new!');
    expect(arena.size).toBe(1);
  });

  // Items of 16 bytes in slabs of 64: four per slab.
  const item = (doc: number) => bytesOf(`item-${String(doc).padStart(3, '0')}`.repeat(2));

  it('drops the oldest slab whole past its bound, and views of it stay valid', () => {
    const arena = new ItemArena(128, undefined, 64);
    const first = arena.put(0, item(0));
    for (let doc = 1; doc < 8; doc++) arena.put(doc, item(doc));
    expect(arena.bytes).toBe(128);
    arena.put(8, item(8)); // a third slab: the first goes (documents 0-3)
    expect(arena.bytes).toBe(128);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((doc) => arena.get(doc) !== undefined)).toEqual([false, false, false, false, true, true, true, true, true]);
    expect(text(first)).toBe('item-000item-000'); // never written again
  });

  it('keeps an item asked for from the older half: appended again to the newest slab', () => {
    const arena = new ItemArena(192, undefined, 64);
    for (let doc = 0; doc < 9; doc++) arena.put(doc, item(doc));
    // Slabs: [0-3] [4-7] [8]. Document 0 is in the oldest of three: appended to the newest.
    expect(text(arena.get(0))).toBe('item-000item-000');
    expect(text(arena.get(5))).toBe('item-005item-005'); // the middle slab of three: left where it is
    for (let doc = 9; doc < 13; doc++) arena.put(doc, item(doc)); // a fourth slab: the oldest goes
    expect(arena.bytes).toBe(192);
    expect([0, 1, 2, 3, 4, 12].map((doc) => arena.get(doc) !== undefined)).toEqual([true, false, false, false, true, true]);
  });

  it('never keeps an item longer than a slab (a fresh copy is returned)', () => {
    const arena = new ItemArena(1024, undefined, 4);
    arena.put(1, bytesOf('1234'));
    expect(text(arena.get(1))).toBe('1234');
    const scratch = bytesOf('12345');
    const out = arena.put(1, scratch);
    scratch.fill(0);
    expect(text(out)).toBe('12345');
    expect(arena.get(1)).toBeUndefined(); // the earlier item is not its item any more
  });

  it('charges its slabs to the reader’s budget, which evicts across caches least recently used first', () => {
    const budget = new CollectionBudget(3 * 512);
    const arena = new ItemArena(1 << 20, budget, 512);
    const lru = new BoundedLru<number>(100, 1e9, () => 1, { budget, bytes: () => 0 });
    const item = (doc: number) => Buffer.alloc(128, doc);
    arena.put(0, item(0));
    arena.put(1, item(1));
    expect(budget.usedBytes).toBe(512);
    for (const doc of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) arena.put(doc, item(doc));
    expect(budget.usedBytes).toBe(3 * 512);
    lru.set('k', 1); // an entry of another cache (charged its overhead): the arena's oldest slab goes
    expect(budget.usedBytes).toBeLessThanOrEqual(3 * 512);
    expect(arena.get(0)).toBeUndefined();
    expect(arena.get(11)).toEqual(item(11));
    expect(budget.usedBytes).toBe(arena.bytes + lru.bytes);
  });

  it('releases to the budget what its own bound drops', () => {
    const budget = new CollectionBudget(1 << 20);
    const arena = new ItemArena(2 * 64, budget, 64);
    for (let doc = 0; doc < 12; doc++) arena.put(doc, item(doc)); // three slabs' worth: the first goes
    expect(arena.bytes).toBe(128);
    expect(budget.usedBytes).toBe(128);
    expect(arena.get(0)).toBeUndefined();
  });

  it('takes slabs of at most a quarter of a small budget (4 KiB at least)', () => {
    expect(new ItemArena(1 << 30, new CollectionBudget(256 << 20)).slabBytes).toBe(1 << 20);
    expect(new ItemArena(1 << 30, new CollectionBudget(1 << 20)).slabBytes).toBe(256 << 10);
    expect(new ItemArena(1 << 30, new CollectionBudget(24 << 10)).slabBytes).toBe(4096);
    expect(new ItemArena(1 << 30, new CollectionBudget(1024)).slabBytes).toBe(4096);
    expect(new ItemArena(1 << 30).slabBytes).toBe(1 << 20);
  });

  it('a budget smaller than a slab keeps nothing and still answers with a copy', () => {
    const budget = new CollectionBudget(8);
    const arena = new ItemArena(1 << 20, budget, 16);
    expect(text(arena.put(0, bytesOf('abc')))).toBe('abc');
    expect(arena.get(0)).toBeUndefined();
    expect(budget.usedBytes).toBe(0);
  });

  it('whatever the sequence of puts and gets, an item held is the last one put (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 15 }), fc.string({ maxLength: 6 })), { maxLength: 200 }),
        fc.integer({ min: 1, max: 6 }),
        (ops, slabs) => {
          const arena = new ItemArena(slabs * 16, undefined, 16);
          const last = new Map<number, string>();
          const views: Array<[Uint8Array, string]> = [];
          for (const [isPut, doc, value] of ops) {
            if (isPut) {
              views.push([arena.put(doc, bytesOf(value)), value]);
              last.set(doc, value);
            } else {
              const held = arena.get(doc);
              if (held !== undefined) expect(text(held)).toBe(last.get(doc));
            }
          }
          for (const [view, value] of views) expect(text(view)).toBe(value);
          expect(arena.bytes).toBeLessThanOrEqual(slabs * 16);
        },
      ),
      { numRuns: 200 },
    );
  });
});
