/**
 * Documents as a bitmap (src/doc-bits.ts `markedBits`, `countMarked`, `withoutMarked`): the same
 * set as the list it is made from, so a match tested one bit each leaves out and counts exactly what the list's
 * merge and binary searches do (src/execute/doc-set.ts, src/index/visible-statistics.ts `countCommon`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countMarked, keepByWords, markedBits, withoutMarked } from '../src/doc-bits.js';
import { difference, union, unionExcept } from '../src/execute/doc-set.js';
import { countCommon } from '../src/index/visible-statistics.js';

/** An ascending, duplicate-free list of documents below `count`. */
const docList = (count: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: 300 }).map((docs) => Uint32Array.from(docs.sort((a, b) => a - b)));

const sized = fc.integer({ min: 1, max: 2000 }).chain((count) => fc.tuple(fc.constant(count), docList(count), docList(count), docList(count)));

describe('documents as a bitmap', () => {
  it('marks exactly the listed documents, and no bit past the count', () => {
    const bits = markedBits(Uint32Array.from([0, 31, 32, 63, 64, 99]), 100);
    expect(bits.length).toBe(4);
    expect([...bits]).toEqual([(1 | (1 << 31)) >>> 0, (1 | (1 << 31)) >>> 0, 1, 1 << 3]); // 0, 31 | 32, 63 | 64 | 99
    expect([...markedBits(new Uint32Array(0), 33)]).toEqual([0, 0]);
  });

  it('counts and leaves out what the list does (property)', () => {
    fc.assert(
      fc.property(sized, ([count, hidden, a, b]) => {
        const bits = markedBits(hidden, count);
        for (let doc = 0; doc < count; doc++) expect(countMarked([doc], bits)).toBe(hidden.includes(doc) ? 1 : 0);
        expect(countMarked(a, bits)).toBe(countCommon(a, hidden));
        expect([...withoutMarked(a, bits)]).toEqual([...difference(a, hidden)]);
        const merged = hidden.length === 0 ? union(a, b) : unionExcept(a, b, hidden);
        expect([...withoutMarked(union(a, b), bits)]).toEqual([...merged]);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['no set: every document', [], [], 37, Array.from({ length: 37 }, (_, d) => d)],
    ['one set wanted', [[0, 5, 31, 32, 63]], [0], 64, [0, 5, 31, 32, 63]],
    ['one set wanted clear: nothing past the count', [[0, 5, 31, 32]], [-1], 35, [1, 2, 3, 4, ...Array.from({ length: 25 }, (_, i) => 6 + i), 33, 34]],
    ['bit 31 (the sign bit) and a clear set', [[31, 63, 64], [63]], [0, -1], 65, [31, 64]],
    ['two sets wanted, disjoint', [[1, 2], [3, 4]], [0, 0], 40, []],
  ] as const)('keepByWords: %s', (_label, listed, flips, count, expected) => {
    const sets = listed.map((docs) => markedBits(Uint32Array.from(docs), count));
    const out = new Uint32Array(count);
    const n = keepByWords(sets, Int32Array.from(flips), count, out);
    expect([...out.subarray(0, n)]).toEqual(expected);
  });

  it('keepByWords keeps the documents each set marks or leaves clear as asked (property)', () => {
    fc.assert(
      fc.property(sized, fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), fc.integer({ min: 0, max: 3 }), ([count, a, b, c], wanted, k) => {
        const lists = [a, b, c].slice(0, k);
        const sets = lists.map((docs) => markedBits(docs, count));
        const out = new Uint32Array(count);
        const n = keepByWords(sets, Int32Array.from(lists, (_, i) => (wanted[i] ? 0 : -1)), count, out);
        const expected = Array.from({ length: count }, (_, d) => d).filter((d) => lists.every((docs, i) => docs.includes(d) === wanted[i]));
        expect([...out.subarray(0, n)]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
