/**
 * One-word queries answered from the stored champion lists (src/order/champions.ts) are the exhaustive answer: the
 * same total_count, documents, order and scores as matching and scoring every document (pruning 'never'), for every
 * long term of generated dumps (the long-term threshold lowered through the builder's `maximaPostings` hook) and of
 * the real dumps of ../shared/data; the lists answer the anonymous viewer only, a damaged list is a notice and the
 * exhaustive answer, and runSearch's envelopes are byte-identical with and without the lists.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { Budget } from '../../src/budget.js';
import { executePlan } from '../../src/execute/match.js';
import type { Kind } from '../../src/kinds/kind.js';
import { championResults } from '../../src/order/champions.js';
import { orderMatches } from '../../src/order/order.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { runSearch } from '../../src/search.js';
import { normalizeRequest } from '../../src/search-request.js';
import { segmentFacts } from '../../src/segment/facts.js';
import { Segment, writeSegment } from '../../src/segment/segment.js';
import type { Collection } from '../../src/store/collection.js';
import type { Store } from '../../src/store/store.js';
import { VOCABULARY } from '../access/generated-dump.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';
import { hasSource, HF, JENKINS, sharedStore, titleFor } from '../helpers/real-data.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The helper's collection with champion lists (test/helpers/champion-collection.ts), its directory removed after all. */
async function withChampions(seed: number, perRepo: number, maximaPostings: number): Promise<{ store: Store; c: Collection; file: string }> {
  return collectionWithChampions(dirs, seed, perRepo, maximaPostings);
}

/** The champion answer (undefined when none applies) and the exhaustive one for `q`, as far as `end` reaches. */
async function both(c: Collection, q: string, viewer: Viewer = ANONYMOUS, perPage = '100', page = '10') {
  const request = normalizeRequest({ kind: c.kind as Kind, q, per_page: perPage, page, viewer, requirePreviews: false });
  const compiled = compileSearch(await planSearch(request), c);
  const champion = championResults(compiled, c);
  const budget = new Budget(undefined);
  const exhaustive = orderMatches(compiled, await executePlan(compiled, c, budget), c, budget, 'never');
  const end = Math.min(compiled.plan.window.end, 1000);
  const plain = (r: { docs: Uint32Array; scores: Float64Array; total: number }) => ({
    docs: [...r.docs.subarray(0, end)],
    scores: [...r.scores.subarray(0, end)],
    total: r.total,
  });
  return { champion: champion && plain(champion), exhaustive: plain(exhaustive) };
}

describe('champion lists answer one-word queries exactly (generated dumps)', () => {
  it.each([
    [11, 60, 4],
    [12, 120, 16],
  ])('seed %i, %i issues per repository, long from %i postings: every stored list is the exhaustive answer', async (seed, perRepo, long) => {
    const { c } = await withChampions(seed, perRepo, long);
    let answered = 0;
    // Every vocabulary word, for several windows (the window's end is how far the list is read).
    for (const word of VOCABULARY) {
      for (const [perPage, page] of [['100', '10'], ['30', '1'], ['1', '1'], ['7', '3']] as const) {
        const { champion, exhaustive } = await both(c, word, ANONYMOUS, perPage, page);
        if (!champion) continue;
        answered++;
        expect(champion).toEqual(exhaustive);
      }
    }
    expect(answered).toBeGreaterThan(VOCABULARY.length);
  }, 120_000);

  it('answers the anonymous viewer only, and only a single keyword over the default fields in best match', async () => {
    const { c } = await withChampions(13, 50, 4);
    const word = VOCABULARY[0]!;
    expect((await both(c, word)).champion).toBeDefined();
    // A private reader, a viewer who sees every document: their statistics differ from the public ones.
    for (const viewer of [viewerFor('carol', ['carol/vault']), viewerFor('root', ['*'])]) expect((await both(c, word, viewer)).champion).toBeUndefined();
    for (const q of [`${word} ${VOCABULARY[1]}`, `"${word}"`, `${word} in:title`, `${word} is:open`, `${word} user:acme`, `NOT ${word}`, `${word} sort:created`, '42']) {
      const { champion, exhaustive } = await both(c, q);
      expect(champion, q).toBeUndefined();
      expect(exhaustive.total).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);

  it('runSearch gives the same envelope with and without the lists', async () => {
    const { store, c, file } = await withChampions(14, 50, 4);
    const bodies = async () =>
      Promise.all(
        VOCABULARY.slice(0, 6).map(async (q) => JSON.stringify((await runSearch({ kind: 'issues', q, per_page: '50', page: '2', viewer: ANONYMOUS, requirePreviews: false }, store)).envelope)),
      );
    const withLists = await bodies();
    // The same dump without champion lists: a segment written without them.
    const facts = segmentFacts(c);
    expect(facts.champions).toBeUndefined();
    writeSegment(file, 'issues', 'test', c.records.length, facts);
    c.attachSegment(Segment.open(file, 'issues', 'test', c.records.length)!);
    const { resultCacheOf } = await import('../../src/order/result-cache.js');
    resultCacheOf(c).clear();
    expect((await both(c, VOCABULARY[0]!)).champion).toBeUndefined();
    expect(await bodies()).toEqual(withLists);
  }, 60_000);

  it('a damaged list is a notice, the segment dropped, and the exhaustive answer', async () => {
    const { c, file } = await withChampions(15, 50, 4);
    const word = VOCABULARY[2]!;
    const first = (await both(c, word)).champion!;
    // Damage the list's first score where it is stored (champion.scores: a block check fails when it is read).
    const bytes = readFileSync(file);
    const at = bytes.indexOf(Buffer.from(Float64Array.of(first.scores[0]!).buffer));
    expect(at).toBeGreaterThan(0);
    bytes[at + 3]! ^= 1;
    writeFileSync(file, bytes);
    c.attachSegment(Segment.open(file, 'issues', 'test', c.records.length)!);
    const notices: string[] = [];
    setCacheNoticeSink((line) => void notices.push(line));
    try {
      const { champion, exhaustive } = await both(c, word);
      expect(champion).toBeUndefined();
      expect(exhaustive).toEqual(first);
      expect(notices).toHaveLength(1);
      expect(existsSync(file)).toBe(false);
      // Later words no longer read the dropped segment.
      expect((await both(c, VOCABULARY[3]!)).champion).toBeUndefined();
    } finally {
      setCacheNoticeSink(undefined);
    }
  }, 60_000);
});

/** Real dumps: every list the build stored (default threshold) against the exhaustive answer of its term. */
const REAL: ReadonlyArray<[string, Kind]> = [
  [HF, 'issues'],
  [JENKINS, 'commits'],
];

describe.each(REAL)('stored champion lists of %s (%s) are the exhaustive answer', (source, kind) => {
  const present = hasSource(source, kind);
  it.skipIf(!present)(titleFor(`${kind}: every stored list`, present, source), async () => {
    const store = await sharedStore(source);
    const c = await store.collection(kind);
    const terms = new Set<string>();
    for (const word of ['the', 'dataset', 'datasets', 'to', 'and', 'in', 'fix', 'add', 'is', 'for', 'of', 'with', 'merge', 'pull', 'request', 'jenkins', 'error', 'load'])
      terms.add(word);
    let answered = 0;
    for (const word of terms) {
      const { champion, exhaustive } = await both(c, word);
      if (!champion) continue;
      answered++;
      expect(champion).toEqual(exhaustive);
    }
    // (Long terms: at least 4,096 postings in a field; both dumps have a few among these words.)
    expect(answered).toBeGreaterThan(0);
  }, 240_000);
});
