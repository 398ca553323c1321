import { describe, expect, it } from 'vitest';
import { BoundedLru, ENTRY_OVERHEAD_BYTES } from '../../src/results/bounded-lru.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';

const keys = (lru: BoundedLru<number>, names: string[]): string[] => names.filter((k) => lru.get(k) !== undefined);

describe('BoundedLru', () => {
  it('keeps what `own` makes of an admitted value, weighed as the value given, and never calls it for a refused one', () => {
    const owned: number[][] = [];
    const own = (v: number[]): number[] => {
      const copy = [...v];
      owned.push(copy);
      return copy;
    };
    const lru = new BoundedLru<number[]>(100, 8, (v) => v.length, undefined, own);
    const given = [1, 2];
    lru.set('a', given);
    given[0] = 9;
    expect(lru.get('a')).toEqual([1, 2]);
    expect(lru.get('a')).toBe(owned[0]);
    lru.set('heavy', [1, 2, 3]); // more than a quarter of the weight bound: refused, not copied
    expect(lru.get('heavy')).toBeUndefined();
    expect(owned.length).toBe(1);
    for (const k of ['b', 'c', 'd']) lru.set(k, [0, 0]); // weight 8: all fit, as the values given weigh
    expect(lru.size).toBe(4);
  });

  it('evicts the least recently used entries past the weight bound', () => {
    const lru = new BoundedLru<number>(100, 10, (w) => w);
    lru.set('a', 2);
    lru.set('b', 2);
    lru.set('c', 2);
    lru.get('a'); // a is now the most recently used: b is the oldest
    lru.set('d', 2);
    lru.set('e', 2); // weight 10: still fits
    expect(lru.size).toBe(5);
    lru.set('f', 1); // weight 11: b goes
    expect(keys(lru, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a', 'c', 'd', 'e', 'f']);
  });

  it('evicts past the entry bound and replaces a key without double counting', () => {
    const lru = new BoundedLru<number>(2, 100, (w) => w);
    lru.set('a', 1);
    lru.set('a', 5);
    lru.set('b', 1);
    expect(lru.size).toBe(2);
    lru.set('c', 1);
    expect(keys(lru, ['a', 'b', 'c'])).toEqual(['b', 'c']);
  });

  it('never keeps a value heavier than a quarter of the weight bound', () => {
    const lru = new BoundedLru<number>(10, 100, (w) => w);
    lru.set('big', 26);
    lru.set('fits', 25);
    expect(keys(lru, ['big', 'fits'])).toEqual(['fits']);
  });
});

describe('BoundedLru sharing a memory budget', () => {
  const ENTRY = (key: string) => 2 * key.length + ENTRY_OVERHEAD_BYTES;

  it('charges each entry its estimated bytes and releases them on replacement and eviction', () => {
    const budget = new CollectionBudget(1 << 20);
    const lru = new BoundedLru<number>(2, 1000, () => 1, { budget, bytes: (v) => v });
    lru.set('a', 100);
    expect(budget.usedBytes).toBe(100 + ENTRY('a'));
    lru.set('a', 50); // replaced: charged once
    expect(budget.usedBytes).toBe(50 + ENTRY('a'));
    lru.set('b', 10);
    lru.set('c', 10); // the entry bound evicts a
    expect(keys(lru, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(budget.usedBytes).toBe(lru.bytes);
    expect(budget.usedBytes).toBe(20 + 2 * ENTRY('b'));
  });

  it('evicts the least recently used entry across every cache of the budget', () => {
    const budget = new CollectionBudget(4 * (100 + ENTRY('x')));
    const one = new BoundedLru<number>(100, 1e9, () => 1, { budget, bytes: (v) => v });
    const two = new BoundedLru<number>(100, 1e9, () => 1, { budget, bytes: (v) => v });
    one.set('a', 100);
    two.set('b', 100);
    one.set('c', 100);
    two.set('d', 100); // full
    one.get('a'); // b is now the oldest of all
    one.set('e', 100); // one over: b goes (from the other cache)
    expect(keys(one, ['a', 'c', 'e'])).toEqual(['a', 'c', 'e']);
    expect(keys(two, ['b', 'd'])).toEqual(['d']);
    expect(budget.usedBytes).toBeLessThanOrEqual(budget.limitBytes);
    expect(budget.usedBytes).toBe(one.bytes + two.bytes);
  });

  it('never keeps a value estimated at more than a quarter of the budget', () => {
    const budget = new CollectionBudget(4000);
    const lru = new BoundedLru<number>(100, 1e9, () => 1, { budget, bytes: (v) => v });
    lru.set('big', 1000);
    lru.set('fits', 800);
    expect(keys(lru, ['big', 'fits'])).toEqual(['fits']);
  });

  it('drops every entry when the budget is cleared (the reader closes)', () => {
    const budget = new CollectionBudget(1 << 20);
    const lru = new BoundedLru<number>(100, 1e9, () => 1, { budget, bytes: (v) => v });
    lru.set('a', 10);
    budget.clear();
    expect(lru.size).toBe(0);
    expect(budget.usedBytes).toBe(0);
  });
});
