/**
 * textScores (src/order/bounds.ts): the text scores of ascending documents from a query's postings and weights, a
 * merge that skips ahead by binary search (index/sorted-list.ts's lowerBound) through long postings — against a
 * direct sum per document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textScores, type FieldMaxima } from '../../src/order/bounds.js';

type Dimension = FieldMaxima['dimensions'][number];

/** A dimension over `docs` (ascending) with these impacts (thousandths; negative: the term is not scored there). */
const dimension = (weight: number, docs: number[], impacts: number[]): Dimension => ({
  weight,
  docs: Uint32Array.from(docs),
  impacts: Int32Array.from(impacts),
  max: new Int32Array(0),
  fine: new Int32Array(0),
});

/** The score of one document, summed directly in the same order as textScores. */
function direct(doc: number, fields: readonly FieldMaxima[]): number {
  let score = 0;
  for (const field of fields) {
    let dot = 0;
    for (const d of field.dimensions) {
      const j = d.docs.indexOf(doc);
      if (j >= 0 && d.impacts![j]! >= 0) dot += d.weight * (d.impacts![j]! / 1000);
    }
    score += dot / field.magnitude || 0;
  }
  return score;
}

/** textScores over all of `docs`, copied out of its working array (the next call reuses it). */
const scoresOf = (docs: Uint32Array, fields: readonly FieldMaxima[]): Float64Array => textScores(docs, docs.length, fields).slice(0, docs.length);

describe('textScores', () => {
  it('scores documents found only after a long skip through a posting', () => {
    const posting = Array.from({ length: 300 }, (_, i) => 3 * i);
    const fields: FieldMaxima[] = [{ magnitude: 2, dimensions: [dimension(1.5, posting, posting.map((d) => d + 1))] }];
    const docs = Uint32Array.from([0, 1, 450, 897, 898]);
    expect([...scoresOf(docs, fields)]).toEqual([...docs].map((d) => direct(d, fields)));
    expect(scoresOf(docs, fields)[3]).toBe((1.5 * (898 / 1000)) / 2);
  });

  it('agrees with a direct sum per document on arbitrary postings (property)', () => {
    const ascending = fc.uniqueArray(fc.nat(3_000), { maxLength: 500 }).map((xs) => xs.sort((p, q) => p - q));
    const dim = ascending.chain((docs) =>
      fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.constant(docs), fc.array(fc.integer({ min: -1, max: 5_000 }), { minLength: docs.length, maxLength: docs.length })),
    );
    const field = fc.record({ magnitude: fc.double({ min: 0.1, max: 10, noNaN: true }), dimensions: fc.array(dim, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 2 }), ascending, (raw, docs) => {
        const fields: FieldMaxima[] = raw.map((f) => ({ magnitude: f.magnitude, dimensions: f.dimensions.map(([w, d, i]) => dimension(w, d, i)) }));
        const scores = scoresOf(Uint32Array.from(docs), fields);
        expect([...scores]).toEqual(docs.map((d) => direct(d, fields)));
      }),
      { numRuns: 100 },
    );
  });
});
