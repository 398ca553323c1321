/**
 * VisibleStatistics.weigh (src/index/visible-statistics.ts) reads the field lengths either from the whole section
 * (a dense list: `weighsWholeLengths`) or one at a time; both give the same weights, bit for bit, and the choice
 * follows the list's density (two or more documents per block of lengths, or 1/32 of the collection).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompactIndex } from '../../src/index/compact-index.js';
import { LENGTHS_PER_BLOCK, VisibleStatistics, weighsWholeLengths } from '../../src/index/visible-statistics.js';

/** An index of `F` fields over `lengths` (doc·F + f), counting how the lengths were read. */
function fakeIndex(lengths: Uint32Array, F: number, reads: { whole: number; one: number }, offerWhole: boolean): CompactIndex {
  const totals = Array.from({ length: F }, (_, f) => lengths.filter((_, i) => i % F === f).reduce((a, b) => a + b, 0));
  return {
    fields: Array.from({ length: F }, (_, f) => ({ name: `f${f}`, boost: f === 0 ? 1.5 : 1 })),
    docCount: lengths.length / F,
    fieldTotal: (f: number) => totals[f]!,
    fieldLength: (doc: number, f: number) => {
      reads.one++;
      return lengths[doc * F + f]!;
    },
    fieldLengths: offerWhole
      ? () => {
          reads.whole++;
          return lengths;
        }
      : undefined,
    prepareLengths: () => {},
  } as unknown as CompactIndex;
}

describe('weighsWholeLengths', () => {
  it.each([
    // [list length, collection, fields, whole?]
    [3906, 1_000_000, 2, false],
    [3907, 1_000_000, 2, true], // 3907 · 1024 ≥ 2 · 2,000,000
    [31_249, 1_000_000, 2, true],
    [390, 100_000, 2, false],
    [391, 100_000, 2, true],
    [3124, 100_000, 40, false], // many fields: a block holds 25 documents; below 1/32 of the collection
    [3125, 100_000, 40, true], // 1/32 of the collection
    [0, 10, 1, false],
  ])('a list of %i of %i documents with %i fields: %s', (docs, count, F, whole) => {
    expect(weighsWholeLengths(docs, count, F)).toBe(whole);
  });
});

describe('VisibleStatistics.weigh from the whole section or one length at a time', () => {
  it('gives the same weights, and reads the whole section exactly for a dense list (property)', () => {
    const F = 2;
    // A collection of a few blocks of lengths (LENGTHS_PER_BLOCK / F documents each).
    const count = (3 * LENGTHS_PER_BLOCK) / F;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { minLength: 1, maxLength: 4 * LENGTHS_PER_BLOCK }),
        fc.integer({ min: 0, max: F - 1 }),
        fc.double({ min: 0.01, max: 12, noNaN: true }),
        fc.integer({ min: 1, max: 1 << 30 }),
        (list, f, idf, seed) => {
          const docs = Uint32Array.from(list).sort();
          let s = seed;
          const lengths = Uint32Array.from({ length: count * F }, () => 1 + ((s = (s * 1103515245 + 12345) % 2147483648) % 90));
          // A term frequency per entry (at most its field's length), -1 for a few (a document weighed elsewhere).
          const tfs = Int32Array.from(docs, (doc, i) => (i % 7 === 3 ? -1 : 1 + (doc % lengths[doc * F + f]!)));
          const whole = { whole: 0, one: 0 };
          const one = { whole: 0, one: 0 };
          const a = Int32Array.from(tfs);
          const b = Int32Array.from(tfs);
          const hidden = Uint32Array.of(count - 1);
          const withWhole = new VisibleStatistics(fakeIndex(lengths, F, whole, true), hidden);
          const withOne = new VisibleStatistics(fakeIndex(lengths, F, one, false), hidden);
          // (Making the statistics read the hidden document's lengths: only the weighing's reads are counted.)
          whole.one = one.one = 0;
          withWhole.weigh(a, docs, idf, f);
          withOne.weigh(b, docs, idf, f);
          expect(Array.from(a)).toEqual(Array.from(b));
          const dense = weighsWholeLengths(docs.length, count, F);
          expect(whole.whole).toBe(dense ? 1 : 0);
          expect(whole.one).toBe(dense ? 0 : one.one);
          expect(one.one).toBe(tfs.filter((tf) => tf >= 0).length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
