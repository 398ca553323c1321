import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstByKey, firstInOrder, kthLargest } from '../../src/order/select.js';

/** A strict total order like the ranking's: key descending, then item ascending (items are unique). */
const byKey = (keys: readonly number[]) => (a: number, b: number): number => keys[b]! - keys[a]! || a - b;

describe('firstInOrder (top-k selection)', () => {
  it('equals the first k of a full sort (property, oracle Array#sort)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 400 }), // few distinct keys: many ties
        fc.nat(450),
        (keys, k) => {
          const compare = byKey(keys);
          const items = Uint32Array.from(keys.keys());
          const expected = [...keys.keys()].sort(compare).slice(0, k);
          expect([...firstInOrder(items, k, compare)]).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['ascending input', (i: number) => i],
    ['descending input', (i: number) => -i],
    ['all equal keys', () => 0],
    ['sawtooth', (i: number) => i % 7],
  ])('selects correctly on %s at scale', (_name, key) => {
    const n = 50_000;
    const keys = Array.from({ length: n }, (_, i) => key(i));
    const compare = byKey(keys);
    const got = firstInOrder(Uint32Array.from(keys.keys()), 1100, compare);
    expect([...got]).toEqual([...keys.keys()].sort(compare).slice(0, 1100));
  });

  it('returns nothing for k = 0 and everything (sorted) for k ≥ n', () => {
    const keys = [3, 1, 2];
    expect([...firstInOrder(Uint32Array.from([0, 1, 2]), 0, byKey(keys))]).toEqual([]);
    expect([...firstInOrder(Uint32Array.from([0, 1, 2]), 10, byKey(keys))]).toEqual([0, 2, 1]);
  });
});

describe('firstByKey (numeric threshold, then top-k)', () => {
  it('equals the first k of a full sort, ties and −∞/NaN keys included (property, oracle Array#sort)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constant(-Infinity), fc.constant(NaN), fc.double({ noNaN: true })), { maxLength: 600 }),
        fc.nat(650),
        (raw, k) => {
          const keys = raw.map((x) => (Number.isNaN(x) ? -Infinity : x));
          const compare = (a: number, b: number): number => (keys[a] === keys[b] ? a - b : keys[b]! > keys[a]! ? 1 : -1);
          const expected = [...keys.keys()].sort(compare).slice(0, k);
          expect([...firstByKey(Uint32Array.from(keys.keys()), Float64Array.from(raw), k, compare)]).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['ascending', (i: number) => i],
    ['descending', (i: number) => -i],
    ['all equal', () => 1],
    ['sawtooth', (i: number) => i % 7],
  ])('selects the first 1,100 of 50,000 on %s keys', (_name, key) => {
    const keys = Array.from({ length: 50_000 }, (_, i) => key(i));
    const compare = byKey(keys);
    const got = firstByKey(Uint32Array.from(keys.keys()), Float64Array.from(keys), 1100, compare);
    expect([...got]).toEqual([...keys.keys()].sort(compare).slice(0, 1100));
  });

  it('kthLargest is the k-th of a descending sort (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 300 }), fc.nat(), (values, seed) => {
        const k = 1 + (seed % values.length);
        const expected = [...values].sort((a, b) => b - a)[k - 1];
        expect(kthLargest(Float64Array.from(values), k) === expected).toBe(true); // 0 and -0 are equal keys
      }),
      { numRuns: 500 },
    );
  });
});
