/**
 * Top-k with the matches taken in the order of their own bounds (src/order/top-k.ts, `fewABlock`; the bounds are
 * order/match-bound.ts `matchBounds`: own text bound and prior codes): no blocks, no champion floor, rounds of the
 * best bounds, the rest tested against the bar. On generated dumps with stored prior codes, for every kind of viewer,
 * qualified and plain queries, any window and the smallest rounds, it gives exactly the page of scoring every match.
 * The property also checks that the path ran and that it left matches unscored (so a bound or bar test that drops a
 * match that places would fail it), and a table pins `matchBounds` against the scores themselves.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { blockMaxima, textScores } from '../../src/order/bounds.js';
import { matchBounds, matchTextBounds } from '../../src/order/match-bound.js';
import { linearForm } from '../../src/rank/rank.js';
import { ANONYMOUS } from '../../src/request/viewer.js';
import { VOCABULARY } from '../access/generated-dump.js';
import { bestMatchRequests, exhaustivePage, preparedSearch, prunedPage, READERS } from '../helpers/best-match-requests.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('top-k by own bounds equals exhaustive scoring (generated dumps, every viewer)', () => {
  it.each([
    [51, 60, 100],
    [52, 110, 120],
  ])('seed %i, %i issues per repository, long from %i postings', async (seed, perRepo, long) => {
    const { c } = await collectionWithChampions(dirs, seed, perRepo, long);
    const extra = ['', '', 'is:open', 'label:bug', 'is:closed -label:bug', 'comments:>1', 'in:title is:open'];
    let byMatch = 0;
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(bestMatchRequests(extra, 1, ['1', '3', '10', '30']), async (request) => {
        const page = await exhaustivePage(c, request);
        if (!page) return;
        const { matches, want } = page;
        for (const fewABlock of [1, 4, Infinity]) {
          for (const firstRound of [0, 256]) {
            // A term's parts among the matches are known on its first use in a reader only: memos dropped first.
            const run = prunedPage(c, page, { firstRound, fewABlock });
            if (!run) continue;
            const { top } = run;
            expect(run.got).toEqual(want);
            if (fewABlock === Infinity) expect(top.byMatch).toBe(false);
            if (!top.byMatch) continue;
            byMatch++;
            expect(top.seeds).toBe(0);
            if (top.scored < matches.docs.length) pruned++;
          }
        }
      }),
      { numRuns: 120, seed: 5100 + seed },
    );
    // The path ran, and its bounds left matches unscored (else a wrong bar test could not show).
    expect(byMatch).toBeGreaterThan(150);
    expect(pruned).toBeGreaterThan(50);
  }, 180_000);
});

describe('matchBounds', () => {
  it('is at least every match\'s best-match score, for every viewer (generated dump)', async () => {
    const { c } = await collectionWithChampions(dirs, 53, 80, 100);
    const [a, b, d] = VOCABULARY;
    let compared = 0;
    let looser = 0;
    for (const viewer of READERS) {
      for (const q of [a!, `${b} ${d}`, `${d} label:bug`, `${a} ${b} is:open`]) {
        const { compiled, matches } = (await preparedSearch(c, { kind: 'issues', q, viewer, requirePreviews: false }))!;
        if (!matches.scorer) continue;
        const form = linearForm(c, matches.scorer.context)!;
        const docs = matches.docs;
        const n = docs.length;
        const fields = blockMaxima(c, matches.scorer.terms, matches.scorer.hidden, compiled.access, docs)!;
        const bounds = matchBounds(c, docs, n, fields, form.multiplier, form.addend, new Float64Array(n));
        expect(bounds).toBeDefined();
        const scores = matches.scorer.all(docs);
        for (let i = 0; i < n; i++) expect(bounds![i]!).toBeGreaterThanOrEqual(scores[i]!);
        compared += n;
        // Text bounds without looking matches up (every posting "long") ≥ looked up ≥ the text scores themselves.
        const text = [...textScores(docs, n, fields).subarray(0, n)];
        const looked = [...matchTextBounds(docs, n, fields, new Float64Array(n), new Float64Array(n))];
        const loose = [...matchTextBounds(docs, n, fields, new Float64Array(n), new Float64Array(n), 0)];
        for (let i = 0; i < n; i++) {
          expect(looked[i]!).toBeGreaterThanOrEqual(text[i]!);
          expect(loose[i]!).toBeGreaterThanOrEqual(looked[i]!);
          if (loose[i]! > looked[i]!) looser++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    // (Matches lacking a term in a field: not looking them up loosened some bounds, so the comparison can fail.)
    expect(looser).toBeGreaterThan(10);
  }, 60_000);

  it('is undefined when the form\'s prior has no stored codes', async () => {
    const { c } = await collectionWithChampions(dirs, 54, 40, 100);
    const { compiled, matches } = (await preparedSearch(c, { kind: 'issues', q: VOCABULARY[0]!, viewer: ANONYMOUS, requirePreviews: false }))!;
    const fields = blockMaxima(c, matches.scorer!.terms, matches.scorer!.hidden, compiled.access, matches.docs)!;
    const n = matches.docs.length;
    expect(matchBounds(c, matches.docs, n, fields, 'no such prior', undefined, new Float64Array(n))).toBeUndefined();
    expect(matchBounds(c, matches.docs, n, fields, undefined, undefined, new Float64Array(n))).toBeDefined();
  }, 60_000);
});
