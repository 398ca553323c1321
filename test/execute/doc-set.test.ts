import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { difference, intersect, lowerBound, union, unionExcept, universe } from '../../src/execute/doc-set.js';

const docList = fc.uniqueArray(fc.nat(200)).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
const asSet = (xs: Uint32Array) => new Set(xs);
const sortedArray = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

describe('doc-set algebra against a Set oracle', () => {
  it.each([
    ['intersect', intersect, (a: Set<number>, b: Set<number>) => [...a].filter((x) => b.has(x))],
    ['union', union, (a: Set<number>, b: Set<number>) => [...a, ...b.values()].filter((x, i, all) => all.indexOf(x) === i)],
    ['difference', difference, (a: Set<number>, b: Set<number>) => [...a].filter((x) => !b.has(x))],
  ] as const)('%s', (_name, op, oracle) => {
    fc.assert(
      fc.property(docList, docList, (a, b) => {
        expect([...op(a, b)]).toEqual(sortedArray(oracle(asSet(a), asSet(b))));
      }),
    );
  });

  it('intersect of a short list with a much longer one (searched, not walked) matches the oracle', () => {
    const short = fc.uniqueArray(fc.nat(3000), { maxLength: 12 }).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
    // Long: most of 0..2999, with gaps (a viewer's visible documents).
    const long = fc.uniqueArray(fc.nat(3000), { maxLength: 300 }).map((gaps) => {
      const skip = new Set(gaps);
      return Uint32Array.from({ length: 3001 }, (_, i) => i).filter((i) => !skip.has(i));
    });
    fc.assert(
      fc.property(short, long, (a, b) => {
        const expected = [...a].filter((x) => b.includes(x));
        expect([...intersect(a, b)]).toEqual(expected);
        expect([...intersect(b, a)]).toEqual(expected);
      }),
    );
  });

  it('difference of a long list and a much shorter one (copied run by run) matches the oracle', () => {
    // Long: most of 0..2999 (a common term's postings); short: a few of them and some absent (the hidden documents).
    const long = fc.uniqueArray(fc.nat(3000), { maxLength: 300 }).map((gaps) => {
      const skip = new Set(gaps);
      return Uint32Array.from({ length: 3001 }, (_, i) => i).filter((i) => !skip.has(i));
    });
    const short = fc.uniqueArray(fc.nat(3100), { maxLength: 200 }).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
    fc.assert(
      fc.property(long, short, (a, b) => {
        expect([...difference(a, b)]).toEqual([...a].filter((x) => !b.includes(x)));
      }),
      { numRuns: 200 },
    );
  });

  it('difference of a short list and a much longer one (searched, not walked) matches the oracle, past the long one\'s end too', () => {
    // Short: a few matches, some beyond the long list's last document; long: most of 0..2999 (a common label's documents).
    const short = fc.uniqueArray(fc.nat(3100), { maxLength: 12 }).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
    const long = fc.uniqueArray(fc.nat(3000), { maxLength: 300 }).map((gaps) => {
      const skip = new Set(gaps);
      return Uint32Array.from({ length: 3001 }, (_, i) => i).filter((i) => !skip.has(i));
    });
    fc.assert(
      fc.property(short, long, (a, b) => {
        expect([...difference(a, b)]).toEqual([...a].filter((x) => !b.includes(x)));
      }),
      { numRuns: 200 },
    );
  });

  it('unionExcept(a, b, hidden) is difference(union(a, b), hidden), at either end of the document numbers', () => {
    // Lists near 2^32 - 1 too: the merge's end-of-list value must stay above every document number.
    const high = fc.uniqueArray(fc.nat(200), { maxLength: 40 }).map((xs) => Uint32Array.from(xs.map((x) => 0xffffffff - x).sort((a, b) => a - b)));
    const list = fc.oneof(docList, high);
    fc.assert(
      fc.property(list, list, list, (a, b, hidden) => {
        const expected = [...a, ...b].filter((x, i, all) => all.indexOf(x) === i && !hidden.includes(x)).sort((x, y) => x - y);
        expect([...unionExcept(a, b, hidden)]).toEqual(expected);
        expect([...unionExcept(b, a, hidden)]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    expect([...unionExcept(Uint32Array.of(1, 4, 9), Uint32Array.of(2, 4, 10), Uint32Array.of(0, 4, 10, 11))]).toEqual([1, 2, 9]);
  });

  it('union and unionExcept written into given memory (left over from earlier calls, larger than needed) answer as into fresh memory', () => {
    const into = new Uint32Array(1024).fill(0xdeadbeef);
    fc.assert(
      fc.property(docList, docList, docList, (a, b, hidden) => {
        const plain = [...union(a, b)];
        const written = union(a, b, into);
        expect([...written]).toEqual(plain);
        if (a.length > 0 && b.length > 0) expect(written.buffer).toBe(into.buffer);
        expect([...unionExcept(a, b, hidden, into)]).toEqual([...unionExcept(a, b, hidden)]);
      }),
      { numRuns: 300 },
    );
  });

  it('unionExcept skips far through a long hidden list (few matches, many hidden documents)', () => {
    const evens = Uint32Array.from({ length: 10_001 }, (_, i) => 2 * i); // 0, 2, …, 20000
    expect([...unionExcept(Uint32Array.of(3, 4, 9999, 10000, 19998, 20001), new Uint32Array(0), evens)]).toEqual([3, 9999, 20001]);
    expect([...unionExcept(Uint32Array.of(0, 20000), Uint32Array.of(1, 20002), evens)]).toEqual([1, 20002]);
    const hiddenLong = fc.uniqueArray(fc.nat(5000), { minLength: 500, maxLength: 3000 }).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
    const few = fc.uniqueArray(fc.nat(5000), { maxLength: 12 }).map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));
    fc.assert(
      fc.property(few, few, hiddenLong, (a, b, hidden) => {
        const hiddenSet = new Set(hidden);
        const expected = [...new Set([...a, ...b])].filter((x) => !hiddenSet.has(x)).sort((x, y) => x - y);
        expect([...unionExcept(a, b, hidden)]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('universe(n) is 0..n-1', () => {
    expect([...universe(4)]).toEqual([0, 1, 2, 3]);
    expect(universe(0)).toHaveLength(0);
  });
});

describe('lowerBound', () => {
  const list = Uint32Array.from([2, 4, 4, 7, 9]);
  it.each([
    ['below every entry', 0, 0, list.length, 0],
    ['an entry present twice: its first', 4, 0, list.length, 1],
    ['between entries', 5, 0, list.length, 3],
    ['above every entry', 10, 0, list.length, 5],
    ['within a range: never below lo', 2, 2, 4, 2],
    ['within a range: hi when none qualifies', 8, 1, 3, 3],
    ['an empty range', 4, 3, 3, 3],
  ])('%s', (_name, x, lo, hi, expected) => {
    expect(lowerBound(list, x, lo, hi)).toBe(expected);
  });
  it('agrees with a linear scan on arbitrary sorted lists and ranges', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { maxLength: 40 }), fc.nat(55), fc.nat(40), fc.nat(40), (raw, x, a, b) => {
        const sorted = Uint32Array.from(raw.sort((p, q) => p - q));
        const lo = Math.min(a, b, sorted.length);
        const hi = Math.min(Math.max(a, b), sorted.length);
        let expected = lo;
        while (expected < hi && sorted[expected]! < x) expected++;
        expect(lowerBound(sorted, x, lo, hi)).toBe(expected);
      }),
    );
  });
});
