/**
 * Remembered scores and keyword matches (src/execute/score-cache.ts): a store answering a sequence of queries that
 * share words — with other qualifiers, sorts and pages, for viewers who see different private records — answers
 * each exactly as a store that never answered anything before — the same body, and the same ordered documents with
 * the same scores (property, oracle: a fresh store per query).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { renderJson } from '../../src/envelope/envelope.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import { normalizeRequest } from '../../src/search-request.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { Budget } from '../../src/budget.js';
import { executePlan } from '../../src/execute/match.js';
import { orderMatches } from '../../src/order/order.js';
import { openStore, type Store } from '../../src/store/store.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';
import { packedPair, scoreCacheOf } from '../../src/execute/score-cache.js';

let dir: string;
let cacheDir: string;
let warm: Store;

beforeAll(async () => {
  ({ dir } = generateDump(11, 12));
  cacheDir = mkdtempSync(path.join(tmpdir(), 'score-cache-'));
  warm = openStore(dir, { cacheDir });
  await warm.prebuild(['issues', 'commits', 'repositories']);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

/** The answer as its body (or the error's status and body), and the ordered results with their scores. */
async function answer(store: Store, request: SearchRequest): Promise<string> {
  try {
    const body = renderJson((await runSearch(request, store)).envelope);
    const normalized = normalizeRequest(request);
    const c = await store.collection(normalized.kind);
    const compiled = compileSearch(await planSearch(normalized), c);
    const budget = new Budget(undefined);
    const ordered = orderMatches(compiled, await executePlan(compiled, c, budget), c, budget);
    return `${body}\n${JSON.stringify({ docs: [...ordered.docs], scores: [...ordered.scores], total: ordered.total })}`;
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${renderJson(error.body)}`;
    throw error;
  }
}

const viewers: Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin'])];
const word = fc.constantFrom(...VOCABULARY);
const request: fc.Arbitrary<SearchRequest> = fc.record({
  kind: fc.constantFrom('issues' as const, 'commits' as const, 'repositories' as const),
  words: fc.array(word, { minLength: 1, maxLength: 2 }),
  qualifier: fc.constantFrom('', 'state:open', 'is:issue', 'comments:>3', 'user:acme', 'in:title', '-label:bug', 'NOT crash'),
  sort: fc.constantFrom(undefined, 'created', 'updated', 'comments'),
  page: fc.constantFrom(undefined, '2'),
  viewer: fc.constantFrom(...viewers),
}).map(({ kind, words, qualifier, sort, page, viewer }) => ({
  kind,
  q: [...words, kind === 'issues' ? qualifier : qualifier === 'user:acme' ? qualifier : ''].filter(Boolean).join(' '),
  accept: kind === 'commits' ? 'application/vnd.github.cloak-preview+json' : 'application/vnd.github.v3+json',
  per_page: '5',
  ...(sort && kind !== 'repositories' ? { sort } : {}),
  ...(page ? { page } : {}),
  viewer,
}));

describe('score and keyword-match caches', () => {
  it('a store that answered other queries answers as a fresh one (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 2, maxLength: 6 }), async (requests) => {
        for (const r of requests) expect(await answer(warm, r)).toBe(await answer(openStore(dir, { cacheDir }), r));
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});

describe('what the score cache keeps is its own (packedPair)', () => {
  it('a kept entry does not change when the caller writes the arrays it gave', async () => {
    const c = await warm.collection('issues');
    const cache = scoreCacheOf(c);
    const docs = Uint32Array.of(1, 4, 9);
    const scores = Float64Array.of(0.5, 2.25, 7);
    cache.set('owned', { docs, scores });
    docs.fill(77);
    scores.fill(-1);
    const kept = cache.get('owned')!;
    expect([...kept.docs]).toEqual([1, 4, 9]);
    expect([...kept.scores]).toEqual([0.5, 2.25, 7]);
    expect(kept.docs.buffer).toBe(kept.scores.buffer);
  });

  it('copies any pair into one fresh buffer, documents then 8-aligned scores, other fields kept (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.double({ noNaN: true })), { maxLength: 40 }), fc.nat(), (pairs, total) => {
        const docs = Uint32Array.from(pairs, ([d]) => d);
        const scores = Float64Array.from(pairs, ([, s]) => s);
        const packed = packedPair({ docs, scores, total });
        expect(packed.total).toBe(total);
        expect([...packed.docs]).toEqual([...docs]);
        expect([...packed.scores]).toEqual([...scores]);
        expect(packed.docs.buffer).toBe(packed.scores.buffer);
        expect(packed.docs.buffer).not.toBe(docs.buffer);
        expect(packed.docs.byteOffset).toBe(0);
        expect(packed.scores.byteOffset % 8).toBe(0);
        expect(packed.scores.byteOffset).toBeGreaterThanOrEqual(docs.byteLength);
      }),
    );
  });

  it('refuses arrays of different lengths', () => {
    expect(() => packedPair({ docs: new Uint32Array(2), scores: new Float64Array(3) })).toThrow(RangeError);
  });
});
