/**
 * Whole plans with qualifier filters match the same documents block by block over columns as with every filter
 * called per document (issue #24 item 5): generated dumps with private records, qualifier-heavy queries with NOT,
 * OR, repeats and the repository scope, for anonymous and private-reading viewers (property-tested, bounded).
 * Each run also checks that some filter took the column path, and some the stored inverted form of a strings
 * column (the test can fail). The filters of a conjunction run most selective first (execute.ts): the same set.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { Budget } from '../../src/budget.js';
import { executePlan } from '../../src/execute/match.js';
import type { Kind } from '../../src/kinds/kind.js';
import { columnFilterOf } from '../../src/kinds/qualifier-columns.js';
import { compileSearch, planSearch, type CompiledSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { normalizeRequest, type SearchRequest } from '../../src/search-request.js';
import { openStore, type Store } from '../../src/store/store.js';
import type { Expr } from '../../src/plan/expr.js';
import { perDocument } from '../helpers/per-document.js';
import { generateDump } from '../access/generated-dump.js';


/** How many filters of `expr` carry a column filter (`inverted`: one over a stored inverted form). */
function described(expr: Expr, inverted = false): number {
  if (expr.type === 'filter') return columnFilterOf(expr.test) && (!inverted || columnFilterOf(expr.test)?.type === 'sets') ? 1 : 0;
  if (expr.type === 'not') return described(expr.child, inverted);
  if (expr.type === 'and' || expr.type === 'or') return expr.children.reduce((n, c) => n + described(c, inverted), 0);
  return 0;
}

const QUALIFIERS: Readonly<Partial<Record<Kind, readonly string[]>>> = {
  issues: [
    'is:open', 'is:closed', 'state:closed', 'is:issue', 'is:pr', 'comments:>5', 'comments:3..7', 'comments:<=2', 'comments:>100',
    'created:>2024-05-01', 'created:<2024-03', 'created:2024-01..2024-04-15', 'created:>2030-01-01', 'updated:<2030-01-01',
    'label:bug', 'label:"help wanted"', 'label:bug,docs', 'repo:acme/secret', 'repo:acme/open', 'user:acme', 'user:bob', 'org:carol',
    'author:alice', 'author:zed', 'reactions:>3', 'interactions:>4', 'no:label', 'no:milestone', 'is:public', 'is:private',
  ],
  repositories: ['stars:>10', 'stars:<5', 'forks:1..3', 'language:go', 'language:python', 'created:>2024-04', 'pushed:<2024-06', 'user:acme', 'is:public', 'is:private', 'size:10', 'topic:zebra', 'archived:false'],
  commits: ['author-date:>2024-04-01', 'committer-date:<2024-06', 'author:alice', 'repo:bob/tools', 'user:carol', 'is:public', 'merge:false'],
  code: ['language:go', 'repo:acme/open', 'user:acme', 'path:src', 'extension:txt', 'size:>10'],
};

/** Qualifier-heavy requests: 1–3 qualifiers (some negated), joined by AND or OR, with or without a word. */
function requests(kinds: readonly Kind[], viewers: readonly Viewer[]): fc.Arbitrary<SearchRequest> {
  return fc.constantFrom(...kinds).chain((kind) =>
    fc.record({
      kind: fc.constant(kind),
      q: fc
        .tuple(
          fc.array(fc.tuple(fc.constantFrom(...QUALIFIERS[kind]!), fc.boolean()), { minLength: 1, maxLength: 3 }),
          fc.constantFrom('', '', 'alpha', 'zebra crash', 'NOT gamma'),
          fc.constantFrom(' ', ' ', ' OR '),
        )
        .map(([qs, word, join]) => [qs.map(([q, not]) => (not ? `-${q}` : q)).join(join), word].filter(Boolean).join(' ')),
      per_page: fc.constant('100'),
      viewer: fc.constantFrom(...viewers),
      requirePreviews: fc.constant(false),
    }),
  );
}

const READERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin']), viewerFor('root', ['*'])];

async function compiledFor(store: Store, request: SearchRequest): Promise<CompiledSearch | undefined> {
  const normalized = normalizeRequest(request);
  const c = await store.collection(normalized.kind);
  try {
    return compileSearch(await planSearch(normalized), c);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

describe('qualifier filters over columns equal the per-document path on generated dumps (private records, every viewer)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [1, 12],
    [2, 260], // more than one 1,024-document block per collection
  ])('seed %i, %i documents per repository', async (seed, perRepo) => {
    const { dir } = generateDump(seed, perRepo);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    let columnFilters = 0;
    let invertedFilters = 0;
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(requests(['issues', 'repositories', 'commits', 'code'], READERS), async (request) => {
        const compiled = await compiledFor(store, request);
        if (!compiled) return;
        const c = await store.collection(compiled.plan.request.kind);
        columnFilters += described(compiled.expr);
        invertedFilters += described(compiled.expr, true);
        const plain: CompiledSearch = { ...compiled, expr: perDocument(compiled.expr), within: compiled.within.map((t) => (doc: number) => t(doc)) };
        const blockwise = await executePlan(compiled, c, new Budget(undefined));
        const oneByOne = await executePlan(plain, c, new Budget(undefined));
        expect([...blockwise.docs]).toEqual([...oneByOne.docs]);
        if (blockwise.docs.length > 0) matched++;
      }),
      { numRuns: 120, seed: 2430 + seed },
    );
    expect(columnFilters).toBeGreaterThan(0);
    expect(invertedFilters).toBeGreaterThan(0);
    expect(matched).toBeGreaterThan(20);
  }, 120_000);
});

describe("the stored private bitmap is read only by a filter run over the visible documents", () => {
  const dirs: string[] = [];
  /** One generated dump with private records, shared by the cases. */
  let store: Store | undefined;
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['is:open', true], // a flag over every visible document: word by word, the hidden documents as one more set
    ['alpha OR is:open', true], // the flag's side of the OR runs over every visible document too
    ['label:bug', false], // a label's own inverted list: no bitmap
    ['alpha label:bug', false], // filters over the word's matches: tested on that list
    ['alpha comments:>1', false],
    ['alpha created:>2024-03', false],
    ['zebra crash is:closed', false],
  ])('anonymous %s: bitmap asked for: %s', async (q, asked) => {
    store ??= (() => {
      const { dir } = generateDump(3, 40);
      dirs.push(dir);
      return openStore(dir, { cacheDir: path.join(dir, '.cache') });
    })();
    const compiled = (await compiledFor(store, { kind: 'issues', q, viewer: ANONYMOUS, requirePreviews: false }))!;
    const c = await store.collection('issues');
    const spy = vi.spyOn(c, 'storedHiddenBits');
    const blockwise = await executePlan(compiled, c, new Budget(undefined));
    const plain: CompiledSearch = { ...compiled, expr: perDocument(compiled.expr), within: compiled.within.map((t) => (doc: number) => t(doc)) };
    expect(spy.mock.calls.length > 0).toBe(asked);
    expect([...blockwise.docs]).toEqual([...(await executePlan(plain, c, new Budget(undefined))).docs]);
    spy.mockRestore();
  }, 60_000);
});
