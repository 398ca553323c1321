/**
 * Column filters evaluated block by block (execute/column-filter.ts) accept exactly the documents their predicates
 * accept (kinds/qualifier-columns.ts): numeric ranges with per-block statistics (blocks skipped, taken whole, or
 * tested), boolean flags, dictionary-id sets and their unions, over any sorted document list. Property-tested
 * against the predicate called per document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { NUMBER_BLOCK, numberBlocks } from '../../src/cache/columns.js';
import { columnFilterDocs } from '../../src/execute/column-filter.js';
import type { Column } from '../../src/kinds/collection-view.js';
import { anyOf, columnFilterOf, flagPredicate, intervalPredicate, stringsPredicate } from '../../src/kinds/qualifier-columns.js';
import type { Interval } from '../../src/kinds/qualifier-values.js';
import type { Predicate } from '../../src/kinds/spec.js';

/** The documents of `within` the predicate accepts, one call each (the oracle). */
const perDocument = (within: Uint32Array, test: Predicate): number[] => [...within].filter((doc) => test(doc));

async function blockwise(within: Uint32Array, test: Predicate): Promise<number[]> {
  const found = columnFilterDocs(within, test, new Budget(undefined));
  expect(found).toBeDefined();
  return [...(await found!)];
}

/** A document count spanning a few blocks, with a partial last block. */
const count = fc.integer({ min: 1, max: 4 * NUMBER_BLOCK + 37 });

/**
 * Number values that cluster by block (so whole blocks fall inside or outside an interval) with missing values
 * (NaN) in some blocks, or scattered ones.
 */
const numbers = (n: number) =>
  fc.record({ base: fc.integer({ min: -5, max: 5 }), slope: fc.constantFrom(0, 1, 3), noise: fc.nat(4), missing: fc.constantFrom(0, 0.01, 0.5), seed: fc.nat() }).map(({ base, slope, noise, missing, seed }) => {
    let s = seed || 1;
    const random = () => ((s = (s * 48271) % 2147483647) / 2147483647);
    const values = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      const block = Math.floor(d / NUMBER_BLOCK);
      values[d] = random() < missing * (block % 2) ? NaN : base + slope * block + Math.floor(random() * (noise + 1));
    }
    return values;
  });

const bound = fc.oneof(fc.integer({ min: -8, max: 20 }), fc.constantFrom(-Infinity, Infinity), fc.double({ min: -8, max: 20, noNaN: true }));
const interval: fc.Arbitrary<Interval> = fc
  .record({ a: bound, b: bound, loInclusive: fc.boolean(), hiInclusive: fc.boolean() })
  .map(({ a, b, loInclusive, hiInclusive }) => ({ lo: Math.min(a, b), hi: Math.max(a, b), loInclusive, hiInclusive }));

/** A sorted subset of 0..n-1: every document, a dense or a sparse sample. */
const within = (n: number) =>
  fc.oneof(
    fc.constant(Uint32Array.from({ length: n }, (_, i) => i)),
    fc.record({ keep: fc.constantFrom(0.05, 0.5, 0.95), seed: fc.nat() }).map(({ keep, seed }) => {
      let s = seed || 7;
      const random = () => ((s = (s * 16807) % 2147483647) / 2147483647);
      const out: number[] = [];
      for (let d = 0; d < n; d++) if (random() < keep) out.push(d);
      return Uint32Array.from(out);
    }),
  );

describe('column filters block by block equal their predicates per document', () => {
  it('numeric ranges, with block statistics and without', async () => {
    let skippedOrTaken = 0;
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) => fc.tuple(numbers(n), interval, within(n), fc.boolean())),
        async ([values, range, docs, withBlocks]) => {
          const column: Column = withBlocks ? { type: 'number', values, blocks: numberBlocks(values) } : { type: 'number', values };
          const test = intervalPredicate(column, range)!;
          expect(await blockwise(docs, test)).toEqual(perDocument(docs, test));
          if (withBlocks) {
            const blocks = numberBlocks(values);
            for (let b = 0; b < blocks.min.length; b++) {
              const lo = blocks.min[b]!;
              const hi = blocks.max[b]!;
              if (hi < range.lo || lo > range.hi || (lo >= range.lo && hi <= range.hi)) skippedOrTaken++;
            }
          }
        },
      ),
      { numRuns: 300, seed: 2424 },
    );
    expect(skippedOrTaken).toBeGreaterThan(0); // the statistics decided whole blocks in some runs
  });

  it('boolean flags (a missing value counts as false)', async () => {
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) => fc.tuple(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }), fc.boolean(), within(n))),
        async ([values, wanted, docs]) => {
          const test = flagPredicate({ type: 'boolean', values }, wanted)!;
          expect(await blockwise(docs, test)).toEqual(perDocument(docs, test));
        },
      ),
      { numRuns: 100, seed: 2425 },
    );
  });

  it('dictionary-id sets, and any of several filters (sets over one column merged)', async () => {
    const dict = ['bug', 'Bug', 'docs', 'help wanted', 'go', 'rust'];
    const strings = (n: number) =>
      fc.array(fc.array(fc.nat(dict.length - 1), { maxLength: 3 }), { minLength: n, maxLength: n }).map((lists) => {
        const offsets = new Uint32Array(n + 1);
        const ids: number[] = [];
        lists.forEach((list, d) => {
          ids.push(...list);
          offsets[d + 1] = ids.length;
        });
        return { type: 'strings', dict, offsets, ids: Uint32Array.from(ids) } as const;
      });
    const wanted = fc.subarray(dict, { minLength: 0 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 * NUMBER_BLOCK + 5 }).chain((n) =>
          fc.tuple(strings(n), fc.array(wanted, { minLength: 1, maxLength: 3 }), fc.uint8Array({ minLength: n, maxLength: n, max: 2 }), within(n)),
        ),
        async ([column, sets, flags, docs]) => {
          const tests = sets.map((set) => stringsPredicate(column, (s) => set.includes(s))!);
          const one = anyOf(tests);
          expect(await blockwise(docs, one)).toEqual(perDocument(docs, one));
          if (tests.length > 1) expect(columnFilterOf(one)?.type).toBe('set'); // merged into one set
          const mixed = anyOf([...tests, flagPredicate({ type: 'boolean', values: flags }, true)!]);
          expect(columnFilterOf(mixed)?.type).toBe('any');
          expect(await blockwise(docs, mixed)).toEqual(perDocument(docs, mixed));
        },
      ),
      { numRuns: 100, seed: 2426 },
    );
  });

  it('a predicate without a column is left to the per-document path', () => {
    expect(columnFilterDocs(Uint32Array.of(1, 2), (doc) => doc > 1, new Budget(undefined))).toBeUndefined();
    expect(columnFilterOf(anyOf([flagPredicate({ type: 'boolean', values: Uint8Array.of(1) }, true)!, () => true]))).toBeUndefined();
  });
});
