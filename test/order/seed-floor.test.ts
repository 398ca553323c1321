/**
 * Top-k seeded from the champion lists (src/order/seed-floor.ts) stays exact: with the lists stored (generated dumps
 * whose long-term threshold is lowered through the builder's `maximaPostings` hook, so that the vocabulary's words
 * have lists), the seeded collector, the unseeded one and scoring every match give the same total_count, documents,
 * order and scores, for two and three words, words with qualifiers, `OR`, and every kind of viewer (anonymous,
 * private readers, one who reads everything). Each case also checks that seeds were used and that they spared
 * documents (the test can fail). Table-driven checks pin the seeds (matches only, public only, ascending, each once)
 * and the floor (the k-th best seed pair, never above the page's k-th pair).
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { blockMaxima } from '../../src/order/bounds.js';
import { orderMatches } from '../../src/order/order.js';
import { championSeeds, seedFloor, seedsWanted } from '../../src/order/seed-floor.js';
import { topKBestMatch } from '../../src/order/top-k.js';
import { linearForm } from '../../src/rank/rank.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import type { SearchRequest } from '../../src/search-request.js';
import type { Collection } from '../../src/store/collection.js';
import { VOCABULARY } from '../access/generated-dump.js';
import { preparedSearch } from '../helpers/best-match-requests.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const READERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin']), viewerFor('root', ['*'])];

/** The helper's collection with champion lists (test/helpers/champion-collection.ts), its directory removed after all. */
async function withChampions(seed: number, perRepo: number, long: number): Promise<Collection> {
  return (await collectionWithChampions(dirs, seed, perRepo, long)).c;
}

/** The first `end` of an ordered answer, as plain arrays. */
function plain(r: { docs: Uint32Array; scores: Float64Array }, end: number, total: number) {
  return { docs: [...r.docs.subarray(0, end)], scores: [...r.scores.subarray(0, end)], total };
}

/** Requests of best match with one to three words (joined by spaces or OR) and a qualifier or none. */
function requests(viewers: readonly Viewer[]): fc.Arbitrary<SearchRequest> {
  const extra = ['', '', 'is:open', 'label:bug', 'in:title', 'NOT zebra', 'user:acme', 'repo:carol/vault'];
  return fc.record({
    kind: fc.constant('issues' as const),
    q: fc
      .tuple(fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }), fc.constantFrom(...extra), fc.boolean())
      .map(([ws, more, or]) => [ws.join(or && ws.length > 1 ? ' OR ' : ' '), more].filter(Boolean).join(' ')),
    page: fc.constantFrom('1', '1', '2', '3'),
    per_page: fc.constantFrom('1', '5', '10', '30'),
    viewer: fc.constantFrom(...viewers),
    requirePreviews: fc.constant(false),
  });
}

describe('top-k seeded from the champion lists equals exhaustive scoring (generated dumps, every viewer)', () => {
  it.each([
    [21, 60, 4],
    [22, 110, 12],
  ])('seed %i, %i issues per repository, long from %i postings', async (seed, perRepo, long) => {
    const c = await withChampions(seed, perRepo, long);
    let seededRuns = 0;
    let spared = 0;
    const viewersSeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(requests(READERS), async (request) => {
        const ready = await preparedSearch(c, request);
        if (!ready) return;
        const { compiled, matches } = ready;
        const end = compiled.plan.window.end;
        const budget = new Budget(undefined);
        const exhaustive = orderMatches(compiled, matches, c, budget, 'never');
        const pruned = orderMatches(compiled, matches, c, budget, 'always');
        expect(plain(pruned, end, pruned.total)).toEqual(plain(exhaustive, end, exhaustive.total));
        if (!matches.scorer) return;
        // Seeded and unseeded, smallest rounds and default ones: the same page as every match scored.
        for (const firstRound of [0, undefined]) {
          const seeded = topKBestMatch(c, matches.docs, end, matches.scorer, compiled.access, firstRound, true);
          const unseeded = topKBestMatch(c, matches.docs, end, matches.scorer, compiled.access, firstRound, false);
          if (!seeded || !unseeded) return;
          const want = plain(exhaustive, end, 0);
          expect(plain(seeded, end, 0)).toEqual(want);
          expect(plain(unseeded, end, 0)).toEqual(want);
          expect(unseeded.seeds).toBe(0);
          if (firstRound === undefined && seeded.seeds > 0) {
            seededRuns++;
            viewersSeeded.add(compiled.access);
            if (seeded.scored < unseeded.scored) spared++;
          }
        }
      }),
      { numRuns: 160, seed: 2600 + seed },
    );
    // Seeds were used, for more than one kind of viewer, and spared scoring somewhere.
    expect(seededRuns).toBeGreaterThan(10);
    expect(viewersSeeded.size).toBeGreaterThan(1);
    expect(spared).toBeGreaterThan(0);
  }, 180_000);

  it('seeds are matches, public, ascending and each once; the floor is the k-th best seed and never above the page', async () => {
    const c = await withChampions(23, 80, 4);
    const privateDocs = new Set(c.access.privateDocs.docs);
    expect(privateDocs.size).toBeGreaterThan(0);
    let checked = 0;
    const cases: ReadonlyArray<readonly [string, Viewer, string]> = [
      [`${VOCABULARY[0]} ${VOCABULARY[1]}`, ANONYMOUS, '10'],
      [`${VOCABULARY[2]} ${VOCABULARY[3]} ${VOCABULARY[4]}`, ANONYMOUS, '5'],
      [`${VOCABULARY[0]} OR ${VOCABULARY[5]}`, READERS[1]!, '30'],
      [`${VOCABULARY[1]} is:open`, READERS[2]!, '10'],
      [`${VOCABULARY[6]} ${VOCABULARY[7]}`, READERS[3]!, '1'],
      [`${VOCABULARY[3]} label:bug`, ANONYMOUS, '5'],
    ];
    for (const [q, viewer, perPage] of cases) {
      const ready = await preparedSearch(c, { kind: 'issues', q, per_page: perPage, viewer, requirePreviews: false });
      const scorer = ready?.matches.scorer;
      if (!ready || !scorer) continue;
      const { compiled, matches } = ready;
      const k = Math.min(compiled.plan.window.end, matches.docs.length);
      const seeds = championSeeds(c, scorer.terms, matches.docs, seedsWanted(k));
      const inMatches = new Set(matches.docs);
      for (let i = 0; i < seeds.length; i++) {
        expect(inMatches.has(seeds[i]!), q).toBe(true);
        // The lists hold public documents only: no seed is one a private reader alone may see.
        expect(privateDocs.has(seeds[i]!), q).toBe(false);
        if (i > 0) expect(seeds[i]!).toBeGreaterThan(seeds[i - 1]!);
      }
      // Asking for fewer seeds never gives more.
      expect(championSeeds(c, scorer.terms, matches.docs, 1).length).toBeLessThanOrEqual(seeds.length);
      const form = linearForm(c, scorer.context)!;
      const fields = blockMaxima(c, scorer.terms, scorer.hidden, compiled.access)!;
      const floor = seedFloor(c, seeds, k, fields, form.multiplier, form.addend);
      if (seeds.length < k || k === 0) {
        expect(floor).toBeUndefined();
        continue;
      }
      expect(floor).toBeTruthy();
      // The floor is the k-th best of the seeds' exact scores (the exhaustive scorer's).
      const scores = scorer.all(seeds);
      const ranked = [...seeds].map((doc, i) => ({ doc, score: scores[i]! })).sort((a, b) => b.score - a.score || a.doc - b.doc);
      expect({ score: floor!.score, doc: floor!.doc }).toEqual(ranked[k - 1]);
      // ... and the page's k-th pair ranks at or above it.
      const page = orderMatches(compiled, matches, c, new Budget(undefined), 'never');
      const last = { score: page.scores[k - 1]!, doc: page.docs[k - 1]! };
      expect(last.score > floor!.score || (last.score === floor!.score && last.doc <= floor!.doc)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
    // Fewer seeds than the page: no floor; a page of none: no floor.
    expect(seedFloor(c, new Uint32Array([0]), 2, [], undefined, undefined)).toBeUndefined();
    expect(seedFloor(c, new Uint32Array([0, 1]), 0, [], undefined, undefined)).toBeUndefined();
  }, 120_000);

  it('without a segment, or for terms without lists, there are no seeds', async () => {
    const c = await withChampions(24, 30, 4);
    const docs = Uint32Array.from({ length: c.records.length }, (_, i) => i);
    expect(championSeeds(c, new Map([['title', ['no-such-term-anywhere']]]), docs, 10)).toHaveLength(0);
    expect(championSeeds(c, new Map([['title', [VOCABULARY[0]!]]]), new Uint32Array(0), 10)).toHaveLength(0);
    expect(championSeeds(c, new Map([['title', [VOCABULARY[0]!]]]), docs, 10).length).toBeGreaterThan(0);
  }, 60_000);
});
