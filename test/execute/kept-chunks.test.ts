/**
 * A server's conjunction of keywords over the chunk forms a reader keeps of their remembered unions
 * (src/execute/kept-chunks.ts, execute.ts `keywordRun`) matches exactly what the conjunction over the postings
 * matches on a fresh reader: the same documents for every viewer (the hidden documents out), with qualifiers
 * restricting the keywords, with the chunk forms evicted by a small memory budget, and with the chunk path checked
 * to have been taken. A one-query reader keeps no chunk form.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Budget } from '../../src/budget.js';
import { PostingChunks } from '../../src/index/posting-chunks.js';
import { executePlan } from '../../src/execute/match.js';
import { keptChunksOf } from '../../src/execute/kept-chunks.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { normalizeRequest } from '../../src/search-request.js';
import { openStore, type Store } from '../../src/store/store.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';

// The chunk path counted where it is taken: every chunk or-ed into the bit sets is asked whether it is a bitmap.
const isBitmap = vi.spyOn(PostingChunks.prototype, 'isBitmap');
const chunkCalls = (): number => isBitmap.mock.calls.length;

const READERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin']), viewerFor('root', ['*'])];
/** Qualifiers; and (below) the words within an OR after another word, so that their conjunction is restricted. */
const QUALIFIERS = ['', ' is:open', ' label:bug', ' -label:docs', ' comments:>5', ' repo:acme/open', ' in:title', ' created:>2024-05-01'];

describe('the conjunction over kept chunk forms equals the conjunction over postings', () => {
  // Enough issues that a common word's union holds more than 2,048 documents of a 65,536-document chunk.
  const { dir } = generateDump(5, 2600);
  const cacheDir = path.join(dir, '.cache');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The request's documents on `store`'s reader. */
  async function docsOf(store: Store, q: string, viewer: Viewer): Promise<number[]> {
    const c = await store.collection('issues');
    const normalized = normalizeRequest({ kind: 'issues', q, per_page: '100', viewer, requirePreviews: false });
    return [...(await executePlan(compileSearch(await planSearch(normalized), c), c, new Budget(undefined))).docs];
  }

  it('a one-query reader keeps no chunk form; the third sight of two common words takes the chunk path', async () => {
    const store = openStore(dir, { cacheDir });
    const c = await store.collection('issues');
    const q = `${VOCABULARY[0]} ${VOCABULARY[1]}`;
    const calls = chunkCalls();
    const first = await docsOf(store, q, ANONYMOUS);
    expect(keptChunksOf(c).size).toBe(0);
    expect(first.length).toBeGreaterThan(1000);
    expect(await docsOf(store, q, ANONYMOUS)).toEqual(first);
    expect(keptChunksOf(c).size).toBe(2); // both unions dense: kept, and used
    expect(await docsOf(store, q, ANONYMOUS)).toEqual(first);
    expect(chunkCalls()).toBeGreaterThan(calls); // the third sight or-ed chunks in
  }, 60_000);

  it('property: words, qualifiers and viewers on a reader that has seen them, small budget or not', async () => {
    const stores = [openStore(dir, { cacheDir }), openStore(dir, { cacheDir, memoryBytes: 256 * 1024 })];
    let chunked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 2, maxLength: 3 }),
        fc.constantFrom(...QUALIFIERS),
        fc.constantFrom(...READERS),
        fc.constantFrom(0, 1),
        fc.option(fc.tuple(fc.constantFrom(...VOCABULARY), fc.constantFrom(...VOCABULARY)), { nil: undefined }),
        async (words, qualifier, viewer, which, outer) => {
          const store = stores[which]!;
          const q = outer ? `${outer[0]} (${words.join(' ')} OR ${outer[1]})${qualifier}` : words.join(' ') + qualifier;
          // The oracle: a reader that sees the words for the first time (the postings' conjunction, no chunks).
          const expected = await docsOf(openStore(dir, { cacheDir }), q, viewer);
          const calls = chunkCalls();
          for (let sight = 0; sight < 3; sight++) expect(await docsOf(store, q, viewer)).toEqual(expected);
          if (chunkCalls() > calls) chunked++;
        },
      ),
      { numRuns: 100, seed: 1414 },
    );
    expect(chunked).toBeGreaterThan(20);
    expect(chunked).toBeLessThan(100); // and not every run: some words' unions stay lists, or are evicted
  }, 240_000);
});
