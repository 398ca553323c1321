/**
 * countCommon (src/index/visible-statistics.ts): the size of the intersection of two ascending lists, by a merge or
 * by binary searches (index/sorted-list.ts's lowerBound) when one list is much longer — both paths against a set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCommon } from '../../src/index/visible-statistics.js';

const list = (...xs: number[]) => Uint32Array.from(xs);
const oracle = (a: Uint32Array, b: Uint32Array) => {
  const set = new Set(b);
  return a.filter((x) => set.has(x)).length;
};

describe('countCommon', () => {
  const long = Uint32Array.from({ length: 100 }, (_, i) => 2 * i); // 0, 2, …, 198: 16× longer than 6 entries
  it.each([
    ['empty lists', list(), list(), 0],
    ['one empty list', list(1, 2), list(), 0],
    ['merge: some in common', list(1, 3, 5, 7), list(3, 4, 5), 2],
    ['merge: none in common', list(1, 3), list(2, 4), 0],
    ['searched: first and last entries of the long list', list(0, 198), long, 2],
    ['searched: entries beyond either end', list(1, 199, 500), long, 0],
    ['searched: odd and even mixed', list(4, 5, 6, 7, 100, 101), long, 3],
    ['searched: the short list second', long, list(2, 3, 196), 2],
  ])('%s', (_name, a, b, expected) => {
    expect(countCommon(a, b)).toBe(expected);
    expect(countCommon(b, a)).toBe(expected);
  });

  it('agrees with a set on arbitrary ascending lists, either path (property)', () => {
    const ascending = (max: number) =>
      fc.uniqueArray(fc.nat(max), { maxLength: 400 }).map((xs) => Uint32Array.from(xs.sort((p, q) => p - q)));
    fc.assert(
      fc.property(ascending(2_000), fc.uniqueArray(fc.nat(2_000), { maxLength: 12 }), (a, raw) => {
        const b = Uint32Array.from(raw.sort((p, q) => p - q));
        expect(countCommon(a, b)).toBe(oracle(a, b));
        expect(countCommon(b, a)).toBe(oracle(a, b));
      }),
      { numRuns: 200 },
    );
  });
});
