/**
 * A keyword's field union narrowed by the conjunction's bit-set filters as it is made (execute.ts
 * `filteredKeyword`, column-filter.ts `keepByBits`) matches exactly what the union made whole and then filtered
 * matches: whole plans on generated dumps with private records, for the anonymous viewer and private readers (a
 * table, then a bounded property), each checking that the narrowed path was taken. Also: the conjunction's passes
 * over working arrays (src/scratch.ts) give the same documents when they yield to the event loop and another pass
 * runs meanwhile over the same working arrays.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { numberBlocks } from '../../src/cache/columns.js';
import { trueBits } from '../../src/cache/column-bits.js';
import { columnConjunctionDocs, keepByBits, type BitsFilter } from '../../src/execute/column-filter.js';
import { executePlan } from '../../src/execute/match.js';
import { textMatchCacheOf } from '../../src/execute/score-cache.js';
import { bitsPredicate, intervalPredicate } from '../../src/kinds/qualifier-columns.js';
import { compileSearch, planSearch, type CompiledSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { normalizeRequest } from '../../src/search-request.js';
import { openStore } from '../../src/store/store.js';
import { perDocument } from '../helpers/per-document.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';


describe('keepByBits', () => {
  const count = 200;
  const odd = trueBits(Uint8Array.from({ length: count }, (_, d) => d % 2));
  const third = trueBits(Uint8Array.from({ length: count }, (_, d) => (d % 3 === 0 ? 1 : 0)));
  const list = Uint32Array.from({ length: 60 }, (_, i) => i * 3 + 1);
  it.each<[string, BitsFilter[], (d: number) => boolean]>([
    ['one set, wanted', [{ type: 'bits', bits: odd, wanted: true }], (d) => d % 2 === 1],
    ['one set, not wanted', [{ type: 'bits', bits: odd, wanted: false }], (d) => d % 2 === 0],
    ['two sets', [{ type: 'bits', bits: odd, wanted: true }, { type: 'bits', bits: third, wanted: false }], (d) => d % 2 === 1 && d % 3 !== 0],
    ['a set and its complement', [{ type: 'bits', bits: odd, wanted: true }, { type: 'bits', bits: odd, wanted: false }], () => false],
  ])('%s: the documents each filter accepts, in order, also in place', (_name, filters, accepts) => {
    const into = new Uint32Array(list.length);
    const n = keepByBits(filters, list, into);
    expect([...into.subarray(0, n!)]).toEqual([...list].filter(accepts));
    const same = list.slice();
    expect([...same.subarray(0, keepByBits(filters, same, same)!)]).toEqual([...list].filter(accepts));
  });
  it('stops (undefined) when the budget runs out', () => {
    const spent = new Budget(Date.now() - 1);
    expect(keepByBits([{ type: 'bits', bits: odd, wanted: true }], list, new Uint32Array(list.length), spent)).toBeUndefined();
  });
});

describe('the conjunction over working arrays, yielding', () => {
  /** A budget whose clock moves a second per read: every read finds a slice due to yield. */
  const yieldingBudget = (): Budget => {
    let now = 0;
    return new Budget(undefined, () => (now += 1000));
  };
  it('two passes interleaved by yields give the documents of each alone', async () => {
    const count = 40_000;
    const a = Float64Array.from({ length: count }, (_, d) => (d * 7919) % 100);
    const b = Float64Array.from({ length: count }, (_, d) => (d * 104_729) % 50);
    const flags = trueBits(Uint8Array.from({ length: count }, (_, d) => (d % 5 === 0 ? 0 : 1)));
    const range = (values: Float64Array, lo: number) =>
      intervalPredicate({ type: 'number', values, blocks: numberBlocks(values) }, { lo, hi: Infinity, loInclusive: true, hiInclusive: false })!;
    const every = Uint32Array.from({ length: count }, (_, d) => d);
    const odd = every.filter((d) => d % 2 === 1);
    const cases = [
      { docs: every, tests: [range(a, 30), range(b, 10)], holds: (d: number) => a[d]! >= 30 && b[d]! >= 10 },
      { docs: odd, tests: [range(b, 25), range(a, 60)], holds: (d: number) => b[d]! >= 25 && a[d]! >= 60 },
      { docs: every, tests: [bitsPredicate(flags, true)!, range(a, 50)], holds: (d: number) => d % 5 !== 0 && a[d]! >= 50 },
    ];
    for (const [x, y] of [
      [0, 1],
      [1, 2],
      [0, 2],
    ] as const) {
      const [first, second] = [cases[x]!, cases[y]!];
      const budgets = [yieldingBudget(), yieldingBudget()];
      const [one, two] = await Promise.all([
        columnConjunctionDocs(first.docs, first.tests, budgets[0]!)!,
        columnConjunctionDocs(second.docs, second.tests, budgets[1]!)!,
      ]);
      expect(budgets[0]!.reads).toBeGreaterThan(2); // the passes did yield, taking turns
      expect([...one]).toEqual([...first.docs].filter(first.holds));
      expect([...two]).toEqual([...second.docs].filter(second.holds));
    }
  });
});

const READERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin']), viewerFor('root', ['*'])];

/** Qualifiers over one bit set each in a generated dump (flags; labels held by a third of the issues each). */
const BIT_QUALIFIERS = ['is:open', 'is:closed', 'state:closed', 'is:issue', 'label:bug', 'label:docs', 'label:"help wanted"', 'no:label'];
/** Qualifiers tested otherwise (ranges, sparse strings, a union of parts). */
const OTHER_QUALIFIERS = ['comments:>5', 'created:>2024-05-01', 'author:alice', 'label:bug,docs', 'repo:acme/open'];

describe('a keyword union narrowed by bit-set filters equals the union then filtered (generated dumps, every viewer)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const { dir } = generateDump(7, 260); // more than 1,024 issues: several blocks
  dirs.push(dir);
  const cacheDir = path.join(dir, '.cache');

  /**
   * The request's documents with its compiled filters and with every filter per document, on a fresh reader of
   * the dump (no keyword seen or remembered yet), and whether the narrowed union was taken: the compiled run then
   * remembers no union of its keyword, which the per-document run, after it, does.
   */
  async function both(q: string, viewer: Viewer, store = openStore(dir, { cacheDir }), kind: 'issues' | 'repositories' = 'issues'): Promise<{ narrowed: boolean; docs: number[]; oracle: number[] }> {
    const normalized = normalizeRequest({ kind, q, per_page: '100', viewer, requirePreviews: false });
    const c = await store.collection(kind);
    const compiled = compileSearch(await planSearch(normalized), c);
    const plain: CompiledSearch = { ...compiled, expr: perDocument(compiled.expr), within: compiled.within.map((t) => (doc: number) => t(doc)) };
    const before = textMatchCacheOf(c).size;
    const docs = [...(await executePlan(compiled, c, new Budget(undefined))).docs];
    const after = textMatchCacheOf(c).size;
    const oracle = [...(await executePlan(plain, c, new Budget(undefined))).docs];
    return { narrowed: after === before && textMatchCacheOf(c).size > after, docs, oracle };
  }

  it.each(
    [
      'alpha is:open label:bug',
      'zebra -label:docs is:issue',
      'parser state:closed -label:bug comments:>5',
      'cache label:"help wanted" created:>2024-05-01 -is:open',
      'window comments:>5 created:>2024-05-01',
      'token in:title is:closed label:docs',
    ].flatMap((q) => READERS.map((viewer) => [q, viewer] as const)),
  )('%s (%o)', async (q, viewer) => {
    const { narrowed, docs, oracle } = await both(q, viewer);
    expect(docs).toEqual(oracle);
    expect(narrowed).toBe(!q.startsWith('window')); // no filter over a bit set: the union is made whole
  }, 30_000);

  // Repositories (the kind's defaults restrict every query first): a word searched in three fields (name,
  // description, topics), the first often matching nothing, so the second's narrowed list is the union so far while
  // the third is narrowed into the same working array.
  it.each(VOCABULARY.flatMap((word) => ['is:public', '-is:private archived:false'].map((q) => `${word} ${q}`)))('repositories: %s', async (q) => {
    const store = openStore(dir, { cacheDir });
    let narrowed = 0;
    for (const viewer of READERS) {
      const result = await both(q, viewer, store, 'repositories');
      expect(result.docs).toEqual(result.oracle);
      if (result.narrowed) narrowed++;
    }
    expect(narrowed).toBeGreaterThan(0);
  }, 30_000);

  it('property: a word with bit-set and other filters, some negated', async () => {
    const store = openStore(dir, { cacheDir });
    let narrowed = 0;
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VOCABULARY),
        fc.array(fc.tuple(fc.constantFrom(...BIT_QUALIFIERS, ...OTHER_QUALIFIERS), fc.boolean()), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...READERS),
        async (word, qualifiers, viewer) => {
          const q = [word, ...qualifiers.map(([name, not]) => (not ? `-${name}` : name))].join(' ');
          // A fresh reader for a third of the runs (nothing seen), the shared one otherwise (words seen, remembered).
          const result = await both(q, viewer, word.length % 3 === 0 ? openStore(dir, { cacheDir }) : store);
          expect(result.docs).toEqual(result.oracle);
          if (result.narrowed) narrowed++;
          if (result.docs.length > 0) matched++;
        },
      ),
      { numRuns: 150, seed: 2412 },
    );
    expect(narrowed).toBeGreaterThan(10);
    expect(matched).toBeGreaterThan(30);
  }, 240_000);
});

// The same over small dumps drawn so that some word is in one repository's description and another's topics, not in
// their names: the name's narrowed list is empty, the description's is then the union so far, and the topics' is
// narrowed into the working array that holds it (execute.ts `unionOf` must move it out first: without that, these
// dumps answer with the topics' repositories alone — checked on seeds 3, 11 and 15).
describe("repositories: a narrowed list that is the union so far survives the next field's narrowing", () => {
  it.each([3, 11, 15])('dump seed %i, every word, every viewer', async (seed) => {
    const { dir } = generateDump(seed, 1);
    try {
      const cacheDir = path.join(dir, '.cache');
      for (const word of VOCABULARY) {
        for (const filters of ['is:public', '-is:private archived:false']) {
          for (const viewer of READERS) {
            const c = await openStore(dir, { cacheDir }).collection('repositories');
            const normalized = normalizeRequest({ kind: 'repositories', q: `${word} ${filters}`, per_page: '100', viewer, requirePreviews: false });
            const compiled = compileSearch(await planSearch(normalized), c);
            const plain: CompiledSearch = { ...compiled, expr: perDocument(compiled.expr), within: compiled.within.map((t) => (doc: number) => t(doc)) };
            const docs = [...(await executePlan(compiled, c, new Budget(undefined))).docs];
            const oracle = [...(await executePlan(plain, c, new Budget(undefined))).docs];
            expect(docs, `${word} ${filters}`).toEqual(oracle);
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
