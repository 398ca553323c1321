/**
 * The conjunction's bit sets in the WebAssembly module (src/execute/bit-sets.ts): marking and the read-out against
 * sets of numbers, including bit 31 of a word, a word's first and last documents, a set that grows the memory after
 * a smaller one (the views are made again) and sets left from a larger call (zeroed again).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markInModule, moduleSets, readInModule } from '../../src/execute/bit-sets.js';

const sorted = (xs: Iterable<number>): Uint32Array => Uint32Array.from([...new Set(xs)].sort((a, b) => a - b));

describe('bit sets in the WebAssembly module', () => {
  it('is available in this Node (the conjunction takes it)', () => {
    expect(moduleSets(1, 1, 1)).not.toBeNull();
  });

  it('reads out (a ∪ a2) ∩ b ∖ hidden, ascending, for any documents below the span (property)', () => {
    const docs = (limit: number) => fc.uniqueArray(fc.nat(limit), { maxLength: 400 }).map(sorted);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300_000 }).chain((span) => fc.tuple(fc.constant(span), docs(span - 1), docs(span - 1), docs(span - 1), docs(span - 1))), ([span, a, a2, b, hidden]) => {
        const longest = Math.max(a.length, a2.length, b.length, hidden.length);
        const sets = moduleSets((span + 31) >>> 5, longest, longest)!;
        markInModule(sets.bits, a);
        markInModule(sets.bits, a2);
        markInModule(sets.other, b);
        markInModule(sets.hiddenBits, hidden);
        const inB = new Set(b);
        const gone = new Set(hidden);
        const expected = [...new Set([...a, ...a2])].filter((d) => inB.has(d) && !gone.has(d)).sort((x, y) => x - y);
        expect([...readInModule(sets.bits, sets.other, sets.hiddenBits)]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('marks a word\'s edges and bit 31, and a call after a larger one starts from empty sets', () => {
    const big = Uint32Array.from({ length: 5000 }, (_, i) => i * 3);
    let sets = moduleSets(((5000 * 3) >>> 5) + 1, big.length, big.length)!;
    markInModule(sets.bits, big);
    markInModule(sets.other, big);
    expect(readInModule(sets.bits, sets.other, sets.hiddenBits).length).toBe(5000);
    const edges = Uint32Array.from([0, 31, 32, 63, 95]);
    sets = moduleSets(3, edges.length, edges.length)!;
    markInModule(sets.bits, edges);
    markInModule(sets.other, edges);
    markInModule(sets.hiddenBits, Uint32Array.from([32]));
    expect([...readInModule(sets.bits, sets.other, sets.hiddenBits)]).toEqual([0, 31, 63, 95]);
  });
});
