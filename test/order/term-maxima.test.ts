/**
 * termMaxima (src/order/bounds.ts): a term's block and sub-block maxima leave out the documents the viewer may not
 * see — by a merge, and by binary searches when the hidden list is much longer than the posting (a short posting
 * against every private document) — so no hidden document's weight moves a bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_SHIFT, SUB_SHIFT, termMaxima } from '../../src/order/bounds.js';

const COUNT = 4096;
const sorted = (xs: Iterable<number>): Uint32Array => Uint32Array.from([...new Set(xs)].sort((a, b) => a - b));

/** The maxima by a direct pass over the visible postings. */
function oracle(docs: Uint32Array, impacts: Int32Array, hidden: Uint32Array): { max: number[]; fine: number[] } {
  const max = new Array<number>((COUNT >>> BLOCK_SHIFT) + 1).fill(0);
  const fine = new Array<number>((COUNT >>> SUB_SHIFT) + 1).fill(0);
  const out = new Set(hidden);
  docs.forEach((doc, i) => {
    if (out.has(doc)) return;
    max[doc >>> BLOCK_SHIFT] = Math.max(max[doc >>> BLOCK_SHIFT]!, impacts[i]!);
    fine[doc >>> SUB_SHIFT] = Math.max(fine[doc >>> SUB_SHIFT]!, impacts[i]!);
  });
  return { max, fine };
}

describe('termMaxima', () => {
  it('leaves the hidden documents out, short or long hidden lists (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(COUNT - 1), { minLength: 1, maxLength: 60 }),
        fc.oneof(fc.uniqueArray(fc.nat(COUNT - 1), { maxLength: 40 }), fc.uniqueArray(fc.nat(COUNT - 1), { minLength: 1000, maxLength: 3000 })),
        fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 60, maxLength: 60 }),
        fc.integer({ min: 0, max: 59 }),
        (posting, hiddenRaw, weights, hide) => {
          const docs = sorted(posting);
          const impacts = Int32Array.from(docs, (_, i) => weights[i]!);
          // Some of the posting's documents hidden too (else a long random hidden list rarely meets a short posting).
          const hidden = sorted([...hiddenRaw, ...[...docs].filter((_, i) => i % 3 === hide % 3)]);
          const got = termMaxima(docs, impacts, hidden, COUNT);
          const want = oracle(docs, impacts, hidden);
          expect([...got.max]).toEqual(want.max.slice(0, got.max.length));
          expect([...got.fine]).toEqual(want.fine.slice(0, got.fine.length));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a hidden document that holds the largest weight of its block moves nothing (hidden list 16 times longer)', () => {
    const docs = Uint32Array.of(3, 5, 200);
    const impacts = Int32Array.of(100, 900, 50);
    const hidden = sorted([5, ...Array.from({ length: 100 }, (_, i) => 1000 + i)]);
    const got = termMaxima(docs, impacts, hidden, COUNT);
    expect(got.fine[0]).toBe(100);
    expect(got.max[0]).toBe(100);
  });

  it('keeps maxima in two bytes a value when every weight fits, else four, with the same values (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(COUNT - 1), { minLength: 1, maxLength: 60 }),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 0xffff }), fc.integer({ min: 0x10000, max: 3_000_000 })), { minLength: 60, maxLength: 60 }),
        (posting, weights) => {
          const docs = sorted(posting);
          const impacts = Int32Array.from(docs, (_, i) => weights[i]!);
          const got = termMaxima(docs, impacts, new Uint32Array(0), COUNT);
          const want = oracle(docs, impacts, new Uint32Array(0));
          expect([...got.max]).toEqual(want.max.slice(0, got.max.length));
          expect([...got.fine]).toEqual(want.fine.slice(0, got.fine.length));
          const fits = impacts.every((w) => w <= 0xffff);
          expect(got.max).toBeInstanceOf(fits ? Uint16Array : Int32Array);
          expect(got.fine).toBeInstanceOf(fits ? Uint16Array : Int32Array);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a weight above 65,535 is kept whole, not wrapped', () => {
    const got = termMaxima(Uint32Array.of(7), Int32Array.of(70_000), new Uint32Array(0), COUNT);
    expect(got.max[0]).toBe(70_000);
    expect(got.fine[0]).toBe(70_000);
  });
});
