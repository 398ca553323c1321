/**
 * The per-match text bound (src/order/match-bound.ts) is never below the text score the collector computes
 * (order/bounds.ts `textScores`) for any match, in floating point, and equals it when every dimension's weights are
 * at hand; a dimension without them counts its sub-block's maximum. Property-tested over random fields, postings,
 * weights and query weights.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUB_SHIFT, textScores, type FieldMaxima } from '../../src/order/bounds.js';
import { matchTextBounds } from '../../src/order/match-bound.js';

const COUNT = 600;

/** One dimension: a posting over [0, COUNT), its weights (thousandths, -1 sometimes), weighed whole or not. */
const dimension = fc
  .record({
    docs: fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 200 }),
    weights: fc.array(fc.oneof(fc.integer({ min: 0, max: 9000 }), fc.constant(-1)), { minLength: 200, maxLength: 200 }),
    weight: fc.integer({ min: 1, max: 3 }),
    // Weighed whole, bounded by upper weights (at least each weight: order/bounds.ts from term frequencies), or neither.
    form: fc.constantFrom('whole', 'upper', 'neither'),
    slack: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })), { minLength: 200, maxLength: 200 }),
  })
  .map(({ docs, weights, weight, form, slack }) => {
    const whole = form === 'whole';
    const sorted = Uint32Array.from(docs).sort();
    const impacts = Int32Array.from(sorted, (_, i) => weights[i]!);
    const fine = new Int32Array((COUNT >>> SUB_SHIFT) + 1);
    sorted.forEach((doc, i) => (fine[doc >>> SUB_SHIFT] = Math.max(fine[doc >>> SUB_SHIFT]!, impacts[i]!)));
    const weightsOf = (of: ArrayLike<number>): Int32Array =>
      Int32Array.from(of, (doc) => {
        const at = sorted.indexOf(doc);
        return at < 0 ? -1 : impacts[at]!;
      });
    const upper = form === 'upper' ? Int32Array.from(impacts, (w, i) => (w < 0 ? w : w + slack[i]!)) : undefined;
    if (upper) sorted.forEach((doc, i) => (fine[doc >>> SUB_SHIFT] = Math.max(fine[doc >>> SUB_SHIFT]!, upper[i]!)));
    return { weight, docs: sorted, impacts: whole ? impacts : undefined, upper, weightsOf, max: new Int32Array(1), fine };
  });

const fields = fc.array(
  fc.record({ magnitude: fc.double({ min: 0.5, max: 4, noNaN: true }), dimensions: fc.array(dimension, { minLength: 1, maxLength: 3 }) }),
  { minLength: 1, maxLength: 3 },
);

describe('per-match text bounds', () => {
  it('are never below the text score, and equal it when every dimension is weighed whole', () => {
    fc.assert(
      fc.property(fields, fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 120 }), (fs, picked) => {
        const docs = Uint32Array.from(picked).sort();
        const n = docs.length;
        const bounds = matchTextBounds(docs, n, fs as FieldMaxima[], new Float64Array(n), new Float64Array(n));
        const scores = Float64Array.from(textScores(docs, n, fs as FieldMaxima[]).subarray(0, n));
        for (let i = 0; i < n; i++) expect(bounds[i]!).toBeGreaterThanOrEqual(scores[i]!);
        const allWhole = fs.every((f) => f.dimensions.every((d) => d.impacts !== undefined));
        // (A bound from upper weights is also checked against the scores above: fails if an upper weight were used below a weight.)
        if (allWhole) expect([...bounds.subarray(0, n)]).toEqual([...scores]);
      }),
      { numRuns: 300, seed: 2700 },
    );
  });

  it('a dimension bounded by upper weights counts each match\'s own upper weight, not its sub-block maximum', () => {
    const docs = Uint32Array.of(1, 5, 9);
    const posting = Uint32Array.of(5, 9);
    const fine = new Int32Array(8);
    fine[0] = 900;
    const upper: FieldMaxima = { magnitude: 1, dimensions: [{ weight: 1, docs: posting, upper: Int32Array.of(900, 250), weightsOf: () => Int32Array.of(-1, 800, 200), max: new Int32Array(1), fine }] };
    expect([...matchTextBounds(docs, 3, [upper], new Float64Array(3), new Float64Array(3))]).toEqual([0, 0.9, 0.25]);
  });

  it('a document lacking the term gets nothing; one holding it its own weight (weighed whole) or its sub-block maximum', () => {
    const docs = Uint32Array.of(1, 5, 9, 40);
    const posting = Uint32Array.of(5, 9, 40);
    const fine = new Int32Array(8);
    fine[0] = 700; // documents 0–15: the larger of 5's and 9's weights
    fine[2] = 300; // documents 32–47: 40's weight
    const whole: FieldMaxima = { magnitude: 1, dimensions: [{ weight: 1, docs: posting, impacts: Int32Array.of(700, 200, 300), max: new Int32Array(1), fine }] };
    const notWhole: FieldMaxima = { magnitude: 2, dimensions: [{ weight: 1, docs: posting, weightsOf: () => Int32Array.of(-1, 700, 200, 300), max: new Int32Array(1), fine }] };
    expect([...matchTextBounds(docs, 4, [whole], new Float64Array(4), new Float64Array(4))]).toEqual([0, 0.7, 0.2, 0.3]);
    expect([...matchTextBounds(docs, 4, [notWhole], new Float64Array(4), new Float64Array(4))]).toEqual([0, 0.35, 0.35, 0.15]);
  });
});
