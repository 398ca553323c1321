import { describe, expect, it } from 'vitest';
import { BoundedLru, perOwner } from '../../src/results/bounded-lru.js';

const keys = (lru: BoundedLru<number>, names: string[]): string[] => names.filter((k) => lru.get(k) !== undefined);

describe('BoundedLru', () => {
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

describe('perOwner', () => {
  it('makes one value per owner, on first use, and gives the same one back', () => {
    let made = 0;
    const of = perOwner(() => ({ n: ++made }));
    const a = {};
    const b = {};
    expect(of(a)).toBe(of(a));
    expect(of(b)).not.toBe(of(a));
    expect(made).toBe(2);
  });
});
