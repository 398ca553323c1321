/**
 * Column filters evaluated block by block (execute/column-filter.ts) accept exactly the documents their predicates
 * accept (kinds/qualifier-columns.ts): numeric ranges with per-block statistics (blocks skipped, taken whole, or
 * tested), boolean flags, dictionary-id sets and their unions, over any sorted document list. Property-tested
 * against the predicate called per document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { invertStrings, NUMBER_BLOCK, numberBlocks } from '../../src/cache/columns.js';
import { encodeNarrow, narrowShape, noneCode } from '../../src/cache/narrow-numbers.js';
import { columnConjunctionDocs, columnExceptDocs, columnFilterDocs, filterShare, SPARSE_RUN, sparseOverBlocks, type VisibleDocs } from '../../src/execute/column-filter.js';
import type { CollectionView, Column, ColumnSets } from '../../src/kinds/collection-view.js';
import { anyOf, bitsPredicate, codesPredicate, columnFilterOf, flagPredicate, intervalPredicate, setsPredicate, stringsPredicate } from '../../src/kinds/qualifier-columns.js';
import { denseBits, denseIds, trueBits } from '../../src/cache/column-bits.js';
import { bitWords, markedBits } from '../../src/doc-bits.js';
import type { Interval } from '../../src/kinds/qualifier-values.js';
import type { Predicate } from '../../src/kinds/spec.js';

/** The documents of `within` the predicate accepts, one call each (the oracle). */
const perDocument = (within: Uint32Array, test: Predicate): number[] => [...within].filter((doc) => test(doc));

/** `docs` as the visible documents made on demand (no count: listed, not tested word by word). */
const listed = (docs: Uint32Array): VisibleDocs => ({ hidden: new Uint32Array(0), every: () => docs });

async function blockwise(within: Uint32Array, test: Predicate): Promise<number[]> {
  const found = columnFilterDocs(within, test, new Budget(undefined));
  expect(found).toBeDefined();
  return [...(await found!)];
}

/** 0..n-1. */
const universeOf = (n: number): Uint32Array => Uint32Array.from({ length: n }, (_, i) => i);

/** A document count spanning a few blocks, with a partial last block. */
/** A strings column over `dict` for `n` documents, each holding up to `most` dictionary ids (repeats allowed). */
const stringsColumns = (dict: string[], n: number, most: number) =>
  fc.array(fc.array(fc.nat(dict.length - 1), { maxLength: most }), { minLength: n, maxLength: n }).map((lists) => {
    const offsets = new Uint32Array(n + 1);
    const ids: number[] = [];
    lists.forEach((list, d) => {
      ids.push(...list);
      offsets[d + 1] = ids.length;
    });
    return { type: 'strings', dict, offsets, ids: Uint32Array.from(ids) } as const;
  });

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

  it('numeric ranges over a column stored narrow: the codes accept the documents the values do', async () => {
    let codeFilters = 0;
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) => fc.tuple(numbers(n), interval, within(n), fc.constantFrom(1, 1000))),
        async ([raw, range, docs, scale]) => {
          // Values shifted to be non-negative (and whole thousands for instants), so they fit narrow.
          const values = raw.map((v) => (v + 8) * scale);
          const scaled = { ...range, lo: range.lo * scale, hi: range.hi * scale };
          const blocks = numberBlocks(values);
          const shape = narrowShape(values)!;
          const narrow = { codes: encodeNarrow(values, shape), scale: shape.scale, none: noneCode(shape.width), blocks };
          const oracle = intervalPredicate({ type: 'number', values, blocks }, scaled)!;
          const test = codesPredicate(narrow, scaled)!;
          if (columnFilterOf(test)?.type === 'codes') codeFilters++;
          expect(perDocument(docs, test)).toEqual(perDocument(docs, oracle));
          expect(await blockwise(docs, test)).toEqual(perDocument(docs, oracle));
          const both = columnConjunctionDocs(docs, [test, flagPredicate({ type: 'boolean', values: Uint8Array.from(values, (_, d) => d % 3) }, false)!], new Budget(undefined));
          const flagged = perDocument(docs, oracle).filter((d) => d % 3 !== 1);
          if (both) expect([...(await both)]).toEqual(flagged);
        },
      ),
      { numRuns: 300, seed: 2430 },
    );
    expect(codeFilters).toBe(300);
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
    const strings = (n: number) => stringsColumns(dict, n, 3);
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

  it('sets over a stored inverted form: with a list, or from the visible documents; a list that cannot be read falls back', async () => {
    const dict = ['bug', 'Bug', 'docs', 'help wanted', 'go', 'rust', 'a', 'b', 'c'];
    const strings = (n: number) => stringsColumns(dict, n, 4);
    let fellBack = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 * NUMBER_BLOCK + 5 }).chain((n) =>
          fc.tuple(strings(n), fc.array(fc.subarray(dict), { minLength: 1, maxLength: 2 }), within(n), within(n), fc.boolean()),
        ),
        async ([column, wanted, docs, visibleDocs, broken]) => {
          const { starts, docs: lists } = invertStrings(column.offsets, column.ids, dict.length);
          const sets: ColumnSets = {
            dict,
            count: (id) => starts[id + 1]! - starts[id]!,
            docsOf: (id) => (broken && id % 2 === 1 ? undefined : lists.subarray(starts[id]!, starts[id + 1]!)),
          };
          const view = { columnSets: () => sets, column: () => column } as unknown as CollectionView;
          const never = () => {
            throw new Error('the records are not read when the column exists');
          };
          const tests = wanted.map((set) => setsPredicate(view, () => undefined, (s) => set.includes(s), never)!);
          const test = anyOf(tests);
          expect(columnFilterOf(test)?.type).toBe('sets'); // repeats over one inverted form merged
          const oracle = (list: Uint32Array) => [...list].filter((doc) => column.ids.subarray(column.offsets[doc], column.offsets[doc + 1]).some((id) => wanted.some((set) => set.includes(dict[id]!))));
          expect(await blockwise(docs, test)).toEqual(oracle(docs));
          // No list yet: the documents the viewer may see (visibleDocs), from the inverted lists less the hidden ones.
          const hidden = Uint32Array.from([...universeOf(column.offsets.length - 1)].filter((d) => !visibleDocs.includes(d)));
          const found = await columnFilterDocs(undefined, test, new Budget(undefined), { hidden, every: () => visibleDocs })!;
          expect([...found]).toEqual(oracle(visibleDocs));
          if (broken && wanted.some((set) => set.some((s) => dict.indexOf(s) % 2 === 1))) fellBack++;
          // The estimate bounds what the filter keeps.
          const share = filterShare(test, column.offsets.length - 1)!;
          expect(share * (column.offsets.length - 1)).toBeGreaterThanOrEqual(oracle(universeOf(column.offsets.length - 1)).length - 1e-9);
        },
      ),
      { numRuns: 100, seed: 2427 },
    );
    expect(fellBack).toBeGreaterThan(0);
  });

  it('a conjunction of ranges, flags and sets in one pass equals the filters applied one after another', async () => {
    const dict = ['bug', 'docs', 'go'];
    let fused = 0;
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) =>
          fc.tuple(numbers(n), interval, numbers(n), interval, fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }), fc.boolean(), stringsColumns(dict, n, 2), fc.subarray(dict), within(n)),
        ),
        async ([a, rangeA, b, rangeB, flags, wanted, column, set, docs]) => {
          const tests = [
            intervalPredicate({ type: 'number', values: a, blocks: numberBlocks(a) }, rangeA)!,
            flagPredicate({ type: 'boolean', values: flags }, wanted)!,
            intervalPredicate({ type: 'number', values: b, blocks: numberBlocks(b) }, rangeB)!,
            stringsPredicate(column, (s) => set.includes(s))!,
          ];
          for (let m = 2; m <= tests.length; m++) {
            let expected = [...docs];
            for (const test of tests.slice(0, m)) expected = expected.filter((doc) => test(doc));
            const found = columnConjunctionDocs(docs, tests.slice(0, m), new Budget(undefined));
            expect(found).toBeDefined();
            expect([...(await found!)]).toEqual(expected);
            // The list made on demand (every visible document, as a query of qualifiers only starts).
            expect([...(await columnConjunctionDocs(listed(docs), tests.slice(0, m), new Budget(undefined))!)]).toEqual(expected);
            fused++;
          }
        },
      ),
      { numRuns: 150, seed: 2428 },
    );
    expect(fused).toBeGreaterThan(0);
  });

  it('sparseOverBlocks: fewer than SPARSE_RUN documents per block over the blocks the list spans', () => {
    const size = NUMBER_BLOCK;
    const spread = (perBlock: number, blocks: number, start = 0): Uint32Array =>
      Uint32Array.from({ length: perBlock * blocks }, (_, i) => start + Math.floor(i / perBlock) * size + (i % perBlock));
    const cases: [string, Uint32Array, boolean][] = [
      ['empty', new Uint32Array(0), false],
      ['one document', Uint32Array.of(5), true],
      [`${SPARSE_RUN - 1} a block over 3 blocks`, spread(SPARSE_RUN - 1, 3), true],
      [`${SPARSE_RUN} a block over 3 blocks`, spread(SPARSE_RUN, 3), false],
      [`${SPARSE_RUN - 1} a block, starting in block 7`, spread(SPARSE_RUN - 1, 2, 7 * size), true],
      // The span counts the blocks between the first and last document, held or not.
      [`${2 * SPARSE_RUN} in the first and last of 3 blocks`, Uint32Array.from([...spread(SPARSE_RUN, 1), ...spread(SPARSE_RUN, 1, 2 * size)]), true],
      [`${2 * SPARSE_RUN} in two neighbouring blocks`, Uint32Array.from([...spread(SPARSE_RUN, 1), ...spread(SPARSE_RUN, 1, size)]), false],
      [`${SPARSE_RUN} in one block`, spread(SPARSE_RUN, 1, 3 * size), false],
    ];
    for (const [label, list, sparse] of cases) expect(sparseOverBlocks(list, size), label).toBe(sparse);
  });

  it('a conjunction over a list sparse over the blocks (tested per document) equals the filters per document', async () => {
    // Ranges (values and narrow codes, with block statistics that settle whole blocks), flags, a bit set and a
    // dictionary set over lists a few documents a block (tested per document, no statistics) or denser (block by block).
    const dict = ['bug', 'docs', 'go'];
    let perDocumentPath = 0;
    let blockPath = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 * NUMBER_BLOCK + 37 }).chain((n) =>
          fc.tuple(
            numbers(n),
            interval,
            numbers(n),
            interval,
            fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }),
            fc.boolean(),
            stringsColumns(dict, n, 2),
            fc.subarray(dict),
            fc.record({ keep: fc.constantFrom(0.002, 0.01, 0.025, 0.05, 0.5), seed: fc.nat() }),
            fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 1 }),
            fc.boolean(),
          ),
        ),
        async ([a, rangeA, b, rangeB, flags, wanted, column, set, { keep, seed }, chosen, withBits]) => {
          const n = a.length;
          let s = seed || 3;
          const random = () => ((s = (s * 16807) % 2147483647) / 2147483647);
          const picked: number[] = [];
          for (let d = 0; d < n; d++) if (random() < keep) picked.push(d);
          const docs = Uint32Array.from(picked);
          // B's values as narrow codes (non-negative whole numbers).
          const bValues = b.map((v) => v + 8);
          const bRange = { ...rangeB, lo: rangeB.lo + 8, hi: rangeB.hi + 8 };
          const shape = narrowShape(bValues)!;
          const narrow = { codes: encodeNarrow(bValues, shape), scale: shape.scale, none: noneCode(shape.width), blocks: numberBlocks(bValues) };
          const all = [
            intervalPredicate({ type: 'number', values: a, blocks: numberBlocks(a) }, rangeA)!,
            codesPredicate(narrow, bRange)!,
            flagPredicate({ type: 'boolean', values: flags }, wanted)!,
            stringsPredicate(column, (x) => set.includes(x))!,
            intervalPredicate({ type: 'number', values: bValues }, bRange)!,
          ];
          const tests = chosen.map((i) => all[i]!);
          // A bit set first: the survivors are the pass's own copy, narrowed in place.
          if (withBits) tests.unshift(bitsPredicate(trueBits(flags.map((v) => (v === 2 ? 1 : 0))), false)!);
          let expected = [...docs];
          for (const test of tests) expected = expected.filter((doc) => test(doc));
          let survivors = docs;
          if (withBits) survivors = Uint32Array.from(perDocument(docs, tests[0]!));
          if (survivors.length > 0 && sparseOverBlocks(survivors, NUMBER_BLOCK)) perDocumentPath++;
          else if (survivors.length > 0) blockPath++;
          const found = columnConjunctionDocs(docs, tests, new Budget(undefined));
          expect(found).toBeDefined();
          expect([...(await found!)]).toEqual(expected);
          // One filter alone takes the same path.
          expect(await blockwise(docs, tests.at(-1)!)).toEqual(perDocument(docs, tests.at(-1)!));
        },
      ),
      { numRuns: 200, seed: 2440 },
    );
    expect(perDocumentPath).toBeGreaterThan(20);
    expect(blockPath).toBeGreaterThan(20);
  });

  it.each<[string, (view: CollectionView) => Predicate]>([
    ['a predicate without a column', () => () => true],
    ['any of several parts', () => anyOf([flagPredicate({ type: 'boolean', values: Uint8Array.of(1, 0) }, true)!, () => false])],
    ['a filter over an inverted form', (view) => setsPredicate(view, () => undefined, (s) => s === 'bug', () => () => false)!],
  ])('a conjunction with %s is not tested in one pass (undefined)', (_label, make) => {
    const sets: ColumnSets = { dict: ['bug'], count: () => 1, docsOf: () => Uint32Array.of(0) };
    const column: Column = { type: 'strings', dict: ['bug'], offsets: Uint32Array.of(0, 1, 1), ids: Uint32Array.of(0) };
    const view = { columnSets: () => sets, column: () => column } as unknown as CollectionView;
    const flag = flagPredicate({ type: 'boolean', values: Uint8Array.of(1, 1) }, true)!;
    expect(columnConjunctionDocs(Uint32Array.of(0, 1), [flag, make(view)], new Budget(undefined))).toBeUndefined();
    const never = (): Uint32Array => {
      throw new Error('no list is made for filters that are not tested in one pass');
    };
    expect(columnConjunctionDocs({ hidden: new Uint32Array(0), every: never }, [flag, make(view)], new Budget(undefined))).toBeUndefined();
  });

  it('boolean flags over a bit set accept what the byte column does, alone and in one pass with other filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) =>
          fc.tuple(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }), fc.boolean(), numbers(n), interval, within(n), fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }), fc.boolean()),
        ),
        async ([values, wanted, a, range, docs, values2, wanted2]) => {
          const test = bitsPredicate(trueBits(values), wanted)!;
          const bytes = flagPredicate({ type: 'boolean', values }, wanted)!;
          expect(columnFilterOf(test)?.type).toBe('bits');
          expect(perDocument(docs, test)).toEqual(perDocument(docs, bytes));
          expect(await blockwise(docs, test)).toEqual(perDocument(docs, bytes));
          const other = intervalPredicate({ type: 'number', values: a, blocks: numberBlocks(a) }, range)!;
          const expected = perDocument(docs, bytes).filter((doc) => other(doc));
          expect([...(await columnConjunctionDocs(docs, [test, other], new Budget(undefined))!)]).toEqual(expected);
          expect([...(await columnConjunctionDocs(listed(docs), [other, test], new Budget(undefined))!)]).toEqual(expected);
          // Several bit sets: tested one by one (a short list) or as their conjunction word by word (a long one).
          const second = bitsPredicate(trueBits(values2), wanted2)!;
          const both = expected.filter((doc) => (values2[doc] === 1) === wanted2);
          expect([...(await columnConjunctionDocs(docs, [test, other, second], new Budget(undefined))!)]).toEqual(both);
          const head = docs.subarray(0, 3);
          expect([...(await columnConjunctionDocs(head, [second, test], new Budget(undefined))!)]).toEqual(perDocument(head, bytes).filter((doc) => (values2[doc] === 1) === wanted2));
        },
      ),
      { numRuns: 100, seed: 2431 },
    );
    expect(bitsPredicate(undefined, true)).toBeUndefined();
  });

  it('bit sets over the visible documents of a known count: word by word, never listing them, equal the filters per document', async () => {
    let withRange = 0;
    await fc.assert(
      fc.asyncProperty(
        count.chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.tuple(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }), fc.boolean()), { minLength: 1, maxLength: 3 }),
            within(n),
            fc.boolean(),
            fc.option(fc.tuple(numbers(n), interval), { nil: undefined }),
          ),
        ),
        async ([n, flags, visibleList, stored, range]) => {
          const hidden = Uint32Array.from([...universeOf(n)].filter((d) => !visibleList.includes(d)));
          const visible: VisibleDocs = {
            hidden,
            every: () => {
              throw new Error('the visible documents are not listed for bit sets over a known count');
            },
            count: n,
            hiddenBits: stored ? markedBits(hidden, n) : undefined,
          };
          const tests: Predicate[] = flags.map(([values, wanted]) => bitsPredicate(trueBits(values), wanted)!);
          if (range) {
            tests.push(intervalPredicate({ type: 'number', values: range[0], blocks: numberBlocks(range[0]) }, range[1])!);
            withRange++;
          }
          const expected = [...visibleList].filter((doc) => tests.every((test) => test(doc)));
          if (tests.length === 1) expect([...(await columnFilterDocs(undefined, tests[0]!, new Budget(undefined), visible)!)]).toEqual(expected);
          else expect([...(await columnConjunctionDocs(visible, tests, new Budget(undefined))!)]).toEqual(expected);
          // The same as the listed visible documents tested one by one.
          expect([...(await columnConjunctionDocs(listed(visibleList), [...tests, tests[0]!], new Budget(undefined))!)]).toEqual(expected);
        },
      ),
      { numRuns: 150, seed: 2433 },
    );
    expect(withRange).toBeGreaterThan(10);
  });

  it('sets over an inverted form with stored bit sets: tested by their bits with a list, fused into a pass, negated; lists without', async () => {
    // Few strings so that some are dense (a bit set stored) and some not, over collections of a few blocks.
    const dict = ['bug', 'enhancement', 'docs', 'rare'];
    let byBits = 0;
    let byLists = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 * NUMBER_BLOCK + 5 }).chain((n) =>
          fc.tuple(
            fc.array(fc.array(fc.constantFrom(0, 0, 1, 2, 3), { maxLength: 2 }), { minLength: n, maxLength: n }),
            fc.array(fc.subarray(dict), { minLength: 1, maxLength: 2 }),
            within(n),
            within(n),
            fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 2 }),
            fc.nat(60),
          ),
        ),
        async ([perDoc, wanted, docs, visibleDocs, flags, rareEvery]) => {
          const n = perDoc.length;
          // `rare` on one document in `rareEvery + 1`: dense or not depending on the draw.
          const offsets = new Uint32Array(n + 1);
          const ids: number[] = [];
          perDoc.forEach((list, d) => {
            ids.push(...list.filter((id) => id !== 3));
            if (d % (rareEvery + 1) === 0 && rareEvery > 20) ids.push(3);
            offsets[d + 1] = ids.length;
          });
          const column = { type: 'strings', dict, offsets, ids: Uint32Array.from(ids) } as const;
          const { starts, docs: lists } = invertStrings(offsets, column.ids, dict.length);
          const dense = denseIds(starts, n);
          const bits = denseBits(starts, lists, dense, n);
          const words = bitWords(n);
          const sets: ColumnSets = {
            dict,
            count: (id) => starts[id + 1]! - starts[id]!,
            docsOf: (id) => lists.subarray(starts[id]!, starts[id + 1]!),
            bitsOf: (id) => (dense.includes(id) ? bits.subarray(dense.indexOf(id) * words, (dense.indexOf(id) + 1) * words) : undefined),
          };
          const view = { columnSets: () => sets, column: () => column } as unknown as CollectionView;
          const test = anyOf(wanted.map((set) => setsPredicate(view, () => undefined, (s) => set.includes(s), () => () => false)!));
          const holds = (doc: number) => [...column.ids.subarray(offsets[doc], offsets[doc + 1])].some((id) => wanted.some((set) => set.includes(dict[id]!)));
          const hitIds = dict.map((_s, id) => id).filter((id) => wanted.some((set) => set.includes(dict[id]!)) && starts[id + 1]! > starts[id]!);
          const allDense = hitIds.length > 0 && hitIds.every((id) => dense.includes(id));
          if (allDense) byBits++;
          else byLists++;
          expect(await blockwise(docs, test)).toEqual([...docs].filter(holds));
          const hidden = Uint32Array.from([...universeOf(n)].filter((d) => !visibleDocs.includes(d)));
          expect([...(await columnFilterDocs(undefined, test, new Budget(undefined), { hidden, every: () => visibleDocs })!)]).toEqual([...visibleDocs].filter(holds));
          expect([...columnExceptDocs(docs, test, new Budget(undefined))!]).toEqual([...docs].filter((doc) => !holds(doc)));
          // In one pass with a flag: by bits when every string it takes has them (else not fused), never without a list.
          const flag = flagPredicate({ type: 'boolean', values: flags }, true)!;
          const fused = columnConjunctionDocs(docs, [test, flag], new Budget(undefined));
          expect(fused !== undefined).toBe(allDense);
          if (fused) expect([...(await fused)]).toEqual([...docs].filter((doc) => holds(doc) && flags[doc] === 1));
          expect(columnConjunctionDocs(listed(docs), [test, flag], new Budget(undefined))).toBeUndefined();
        },
      ),
      { numRuns: 150, seed: 2432 },
    );
    expect(byBits).toBeGreaterThan(10);
    expect(byLists).toBeGreaterThan(10);
  });

  it('a negated filter over an inverted form takes its strings\' documents out of the list at once; other filters are not', async () => {
    const dict = ['bug', 'enhancement', 'docs'];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 * NUMBER_BLOCK + 5 }).chain((n) => fc.tuple(stringsColumns(dict, n, 3), fc.subarray(dict), within(n))),
        async ([column, wanted, docs]) => {
          const { starts, docs: lists } = invertStrings(column.offsets, column.ids, dict.length);
          const sets: ColumnSets = { dict, count: (id) => starts[id + 1]! - starts[id]!, docsOf: (id) => lists.subarray(starts[id]!, starts[id + 1]!) };
          const view = { columnSets: () => sets, column: () => column } as unknown as CollectionView;
          const test = setsPredicate(view, () => undefined, (s) => wanted.includes(s), () => () => false)!;
          const kept = columnExceptDocs(docs, test, new Budget(undefined));
          expect(kept).toBeDefined();
          const accepted = new Set(await blockwise(docs, test));
          expect([...kept!]).toEqual([...docs].filter((doc) => !accepted.has(doc)));
        },
      ),
      { numRuns: 100, seed: 2429 },
    );
    expect(columnExceptDocs(Uint32Array.of(0), flagPredicate({ type: 'boolean', values: Uint8Array.of(1) }, true)!, new Budget(undefined))).toBeUndefined();
  });

  it.each<[string, number[], Interval, number]>([
    ['a range: the share of the documents that pass (all of them tested: fewer than the sample)', [1, 2, NaN, 4], { lo: 2, hi: Infinity, loInclusive: true, hiInclusive: false }, 2 / 4],
    ['a range no block meets', [1, 2, NaN, 4], { lo: 5, hi: Infinity, loInclusive: false, hiInclusive: false }, 0],
  ])('filterShare: %s', (_label, values, range, share) => {
    const column: Column = { type: 'number', values: Float64Array.from(values), blocks: numberBlocks(Float64Array.from(values)) };
    expect(filterShare(intervalPredicate(column, range)!, values.length)).toBe(share);
  });

  it('filterShare: flags and scanned sets by a sample; any of parts sums them (at most 1); a plain predicate is unknown', () => {
    const flag = flagPredicate({ type: 'boolean', values: Uint8Array.of(1, 0, 2, 1) }, true)!;
    expect(filterShare(flag, 4)).toBe(0.5);
    expect(filterShare(stringsPredicate({ type: 'strings', dict: ['x'], offsets: Uint32Array.of(0, 1, 1, 1, 1), ids: Uint32Array.of(0) }, () => true)!, 4)).toBe(0.25);
    expect(filterShare(() => true, 2)).toBeUndefined();
    const values = Float64Array.of(1, 2, 3, 4);
    const range = (lo: number) => intervalPredicate({ type: 'number', values, blocks: numberBlocks(values) }, { lo, hi: Infinity, loInclusive: true, hiInclusive: false })!;
    expect(filterShare(anyOf([range(4), range(10)]), 4)).toBe(0.25);
    expect(filterShare(anyOf([range(1), flag]), 4)).toBe(1);
  });

  it('filterShare: the sample spans the collection, within a few points of the true share', () => {
    const n = 50 * NUMBER_BLOCK;
    const values = Uint8Array.from({ length: n }, (_, d) => ((d * 2654435761) >>> 0) % 100 < 30 ? 1 : 0);
    const exact = values.filter((v) => v === 1).length / n;
    expect(Math.abs(filterShare(flagPredicate({ type: 'boolean', values }, true)!, n)! - exact)).toBeLessThan(0.06);
  });

  it('a predicate without a column is left to the per-document path', () => {
    expect(columnFilterDocs(Uint32Array.of(1, 2), (doc) => doc > 1, new Budget(undefined))).toBeUndefined();
    expect(columnFilterOf(anyOf([flagPredicate({ type: 'boolean', values: Uint8Array.of(1) }, true)!, () => true]))).toBeUndefined();
  });
});
