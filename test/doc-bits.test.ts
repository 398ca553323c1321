/**
 * Documents as a bitmap (src/doc-bits.ts `markedBits`, `countMarked`, `withoutMarked`): the same
 * set as the list it is made from, so a match tested one bit each leaves out and counts exactly what the list's
 * merge and binary searches do (src/execute/doc-set.ts, src/index/visible-statistics.ts `countCommon`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countMarked, markedBits, withoutMarked } from '../src/doc-bits.js';
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
});
