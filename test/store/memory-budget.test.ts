/**
 * One memory budget per collection reader (src/store/memory-budget.ts): its caches — results, scores, keyword
 * matches, block maxima, rendered items — together stay within it however many never-seen queries fill them, and
 * the answers are those of a reader with room to spare (caches are transparent). `close()` drops them all.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pageBytes } from '../../src/envelope/page.js';
import type { Kind } from '../../src/kinds/kind.js';
import { resultCacheOf } from '../../src/order/result-cache.js';
import { viewerFor, type Viewer } from '../../src/request/viewer.js';
import { runSearch } from '../../src/search.js';
import type { SearchRequest } from '../../src/search-request.js';
import { CollectionBudget, DEFAULT_MEMORY_BUDGET_MIB, memoryBudgetBytes } from '../../src/store/memory-budget.js';
import { openStore } from '../../src/store/store.js';

const EMBEDDED = fileURLToPath(new URL('../../data', import.meta.url));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-budget-'));
/** Small enough that a few pages' items and results overflow it. */
const TINY = 24 * 1024;
const roomy = openStore(EMBEDDED, { cacheDir });
const tiny = openStore(EMBEDDED, { cacheDir, memoryBytes: TINY });

const PREVIEW: Partial<Record<Kind, string>> = {
  commits: 'application/vnd.github.cloak-preview+json',
  topics: 'application/vnd.github.mercy-preview+json',
};
const READER: Viewer = viewerFor('reader', ['nimbusforge/internal-infra', 'copperleaf-sec']);

/** Never-seen queries of one kind: words, qualifiers, sorts, later pages, text matches, a private reader. */
function requests(kind: Kind, words: readonly string[]): SearchRequest[] {
  return words.flatMap((q, i) => [
    { kind, q, accept: PREVIEW[kind], per_page: '100' },
    { kind, q, accept: PREVIEW[kind], per_page: '7', page: '2' },
    { kind, q, accept: PREVIEW[kind] ?? 'application/vnd.github.text-match+json', per_page: '5' },
    { kind, q, accept: PREVIEW[kind], viewer: READER, per_page: String(10 + i) },
  ]);
}

const WORKLOAD: Array<[Kind, readonly string[]]> = [
  ['issues', ['bug', 'the', 'fix crash', 'is:open', 'label:bug is:issue', 'error in:title', 'a sort:comments', 'data sort:updated-asc']],
  ['repositories', ['a', 'test', 'stars:>1', 'language:python', 'tool sort:stars']],
  ['users', ['a', 'type:user', 'followers:>1']],
  ['commits', ['fix', 'update', 'add sort:author-date']],
];

async function answer(store: typeof roomy, request: SearchRequest): Promise<string> {
  try {
    return pageBytes((await runSearch(request, store)).page).toString('utf8');
  } catch (error) {
    return `error ${JSON.stringify(error)}`;
  }
}

afterAll(async () => {
  for (const [kind] of WORKLOAD) {
    (await roomy.collection(kind)).close();
    (await tiny.collection(kind)).close();
  }
});

describe('the memory budget of a collection reader', () => {
  it('reads SEARCH_MEMORY_BUDGET in MiB, else the default', () => {
    const MiB = 1024 * 1024;
    expect(memoryBudgetBytes({})).toBe(DEFAULT_MEMORY_BUDGET_MIB * MiB);
    expect(memoryBudgetBytes({ SEARCH_MEMORY_BUDGET: '64' })).toBe(64 * MiB);
    expect(memoryBudgetBytes({ SEARCH_MEMORY_BUDGET: ' 3 ' })).toBe(3 * MiB);
    for (const bad of ['0', '-5', '1.5', 'lots', '', '99999999999']) expect(memoryBudgetBytes({ SEARCH_MEMORY_BUDGET: bad })).toBe(DEFAULT_MEMORY_BUDGET_MIB * MiB);
  });

  it('bounds every cache of the reader together, and answers as a reader with room to spare', async () => {
    for (const [kind, words] of WORKLOAD) {
      const small = await tiny.collection(kind);
      expect(small.budget.limitBytes).toBe(TINY);
      let charged = 0;
      // Twice: the second round answers from whatever the caches kept.
      for (let round = 0; round < 2; round++) {
        for (const request of requests(kind, words)) {
          const expected = await answer(roomy, request);
          expect(await answer(tiny, request), `${kind} ${JSON.stringify(request)}`).toBe(expected);
          expect(small.budget.usedBytes).toBeLessThanOrEqual(TINY);
          charged = Math.max(charged, small.budget.usedBytes);
        }
      }
      // The caches were used; the issues' filled past what the budget holds: the roomy reader kept more results.
      expect(charged).toBeGreaterThan(0);
      const kept = resultCacheOf(small).size;
      const roomyKept = resultCacheOf(await roomy.collection(kind)).size;
      if (kind === 'issues') {
        expect(charged).toBeGreaterThan(TINY / 2);
        expect(kept).toBeLessThan(roomyKept);
      } else {
        expect(kept).toBeLessThanOrEqual(roomyKept);
      }
    }
  });

  it('drops every cache with close(), and answers the same afterwards', async () => {
    const c = await tiny.collection('users');
    const request: SearchRequest = { kind: 'users', q: 'a', per_page: '3' };
    const before = await answer(tiny, request);
    expect(c.budget.usedBytes).toBeGreaterThan(0);
    c.close();
    expect(c.budget.usedBytes).toBe(0);
    expect(resultCacheOf(c).size).toBe(0);
    expect(await answer(tiny, request)).toBe(before);
  });

  it('is one budget per reader', async () => {
    const issues = await tiny.collection('issues');
    const users = await tiny.collection('users');
    expect(issues.budget).toBeInstanceOf(CollectionBudget);
    expect(issues.budget).not.toBe(users.budget);
  });
});
