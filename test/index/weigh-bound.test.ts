/**
 * VisibleStatistics.weighBound (src/index/visible-statistics.ts): a weight bound from the term frequency alone is
 * never below the weight `weigh` computes from the document's field length, for any lengths at least the term
 * frequency, boosts, idfs and averages; and equal to it where the field holds only the term.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompactIndex } from '../../src/index/compact-index.js';
import { VisibleStatistics } from '../../src/index/visible-statistics.js';

/** The parts of an index VisibleStatistics reads: one field, its lengths and their total over `docCount` documents. */
function fakeIndex(lengths: readonly number[], boost: number): CompactIndex {
  const total = lengths.reduce((a, b) => a + b, 0);
  return {
    fields: [{ name: 'title', boost }],
    docCount: lengths.length,
    fieldTotal: () => total,
    fieldLength: (doc: number) => lengths[doc]!,
    fieldLengths: undefined,
    prepareLengths: () => {}, // (no scattered lengths: fieldLength answers)
  } as unknown as CompactIndex;
}

const documents = fc.array(
  fc.integer({ min: 1, max: 60 }).chain((length) => fc.record({ length: fc.constant(length), tf: fc.integer({ min: 1, max: length }) })),
  { minLength: 40, maxLength: 80 },
);

describe('VisibleStatistics.weighBound', () => {
  it('is never below the weight from the field length (property)', () => {
    fc.assert(
      fc.property(documents, fc.double({ min: 0.01, max: 12, noNaN: true }), fc.constantFrom(1, 1.5, 0.8), (docs, idf, boost) => {
        const stats = new VisibleStatistics(fakeIndex(docs.map((d) => d.length), boost), Uint32Array.of(0));
        // The documents holding the term: every other one (tf -1 elsewhere), so both kinds of entries are passed.
        const posting = Uint32Array.from(docs.keys()).filter((doc) => doc % 2 === 1);
        const weights = Int32Array.from(posting, (doc) => docs[doc]!.tf);
        const bounds = Int32Array.from(weights);
        stats.weigh(weights, posting, idf, 0);
        stats.weighBound(bounds, idf, 0);
        for (let i = 0; i < posting.length; i++) expect(bounds[i]!).toBeGreaterThanOrEqual(weights[i]!);
        // A field made of the term alone (length = tf) weighs exactly its bound.
        posting.forEach((doc, i) => {
          if (docs[doc]!.length === docs[doc]!.tf) expect(bounds[i]).toBe(weights[i]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a missing entry (-1) as it is', () => {
    const stats = new VisibleStatistics(fakeIndex([3, 4, 5], 1), Uint32Array.of(2));
    const tfs = Int32Array.of(-1, 2, -1);
    stats.weighBound(tfs, 1.5, 0);
    expect(tfs[0]).toBe(-1);
    expect(tfs[2]).toBe(-1);
    expect(tfs[1]).toBeGreaterThan(0);
  });
});
