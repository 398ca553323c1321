/**
 * Matches few a block bound a posting read block by block by its term frequencies (src/order/bounds.ts
 * `blockMaxima`'s `byMatch`, the text index's `lengthReads`), and `auto` prunes scattered matches from PRUNE_MIN_FEW on
 * (src/order/order.ts `pruneWorth`). Generated dumps are far too small for a posting to be read block by block
 * (that takes a collection of ~100k documents), so the property relabels the text index's postings as `scattered`:
 * the top-k over the matches' own bounds, with every such posting bounded by its term frequencies, gives exactly
 * the page of scoring every match, for every viewer; and the table pins which postings are weighed whole.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { FieldImpacts, TextIndex } from '../../src/index/text-index.js';
import { blockMaxima } from '../../src/order/bounds.js';
import { PRUNE_MIN_FEW, PRUNE_MIN_MATCHES, pruneWorth, SCATTERED_MATCHES } from '../../src/order/order.js';
import type { Collection } from '../../src/store/collection.js';
import { VOCABULARY } from '../access/generated-dump.js';
import { bestMatchRequests, exhaustivePage, forgetMemos, preparedSearch, prunedPage, READERS } from '../helpers/best-match-requests.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Makes `c`'s text index report every posting it would weigh from the whole length section as read block by block. */
function relabelScattered(c: Collection): void {
  const index = c.index as TextIndex & { queryImpacts: NonNullable<TextIndex['queryImpacts']> };
  const own = index.queryImpacts.bind(index);
  index.queryImpacts = (terms, hidden): FieldImpacts[] | undefined =>
    own(terms, hidden)?.map((field) => ({
      ...field,
      dimensions: field.dimensions.map((dimension) =>
        dimension.lengthReads === 'whole'
          ? {
              term: dimension.term,
              weight: dimension.weight,
              docs: dimension.docs,
              get impacts(): Int32Array {
                return dimension.impacts;
              },
              weightsOf: (docs) => dimension.weightsOf(docs),
              stored: dimension.stored,
              upperImpacts: dimension.upperImpacts,
              statistics: dimension.statistics,
              lengthReads: 'scattered' as const,
            }
          : dimension,
      ),
    }));
}

describe('postings read block by block, bounded by their term frequencies (generated dumps, every viewer)', () => {
  it.each([
    [61, 60, 100],
    [62, 110, 120],
  ])('seed %i, %i issues per repository, long from %i postings', async (seed, perRepo, long) => {
    const { c } = await collectionWithChampions(dirs, seed, perRepo, long);
    relabelScattered(c);
    const extra = ['', '', 'is:open', 'label:bug', 'is:closed -label:bug', 'comments:>1'];
    let byUpper = 0;
    let pruned = 0;
    await fc.assert(
      fc.asyncProperty(bestMatchRequests(extra, 1, ['1', '3', '10', '30']), async (request) => {
        const page = await exhaustivePage(c, request);
        if (!page) return;
        const { compiled, matches, want } = page;
        forgetMemos(c);
        const fields = blockMaxima(c, matches.scorer.terms, matches.scorer.hidden, compiled.access, matches.docs, true) ?? [];
        const upper = fields.some((field) => field.dimensions.some((dimension) => dimension.upper && !dimension.impacts));
        for (const firstRound of [0, 256]) {
          const run = prunedPage(c, page, { firstRound, fewABlock: 1 });
          if (!run) continue;
          const { top } = run;
          expect(run.got).toEqual(want);
          if (!top.byMatch || !upper) continue;
          byUpper++;
          if (top.scored < matches.docs.length) pruned++;
        }
      }),
      { numRuns: 100, seed: 6100 + seed },
    );
    // The path ran with term-frequency bounds, and they left matches unscored (a bound below a score would show).
    expect(byUpper).toBeGreaterThan(60);
    expect(pruned).toBeGreaterThan(20);
  }, 180_000);

  it('weighs a posting whole unless it is sparse, or read block by block for matches taken by their own bounds', async () => {
    const { c } = await collectionWithChampions(dirs, 63, 60, 100);
    const [a] = VOCABULARY;
    let checked = 0;
    for (const relabelled of [false, true]) {
      if (relabelled) relabelScattered(c);
      for (const viewer of READERS) {
        const { compiled, matches } = (await preparedSearch(c, { kind: 'issues', q: a!, viewer, requirePreviews: false }))!;
        const impacts = c.index.queryImpacts!(matches.scorer!.terms, matches.scorer!.hidden)!;
        for (const byMatch of [false, true]) {
          forgetMemos(c);
          const fields = blockMaxima(c, matches.scorer!.terms, matches.scorer!.hidden, compiled.access, matches.docs, byMatch)!;
          fields.forEach((field, f) =>
            field.dimensions.forEach((dimension, d) => {
              const reads = impacts[f]!.dimensions[d]!.lengthReads;
              // (A posting with stored maxima, or one much longer than its matches, is bounded otherwise.)
              if (reads === undefined || impacts[f]!.dimensions[d]!.stored || dimension.among === undefined) return;
              const byTermFrequency = reads === 'sparse' || (byMatch && reads === 'scattered');
              expect(dimension.upper !== undefined && dimension.impacts === undefined).toBe(byTermFrequency);
              checked++;
            }),
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(8);
  }, 60_000);
});

describe('pruneWorth', () => {
  const count = 1_000_000;
  it.each([
    // [matches, collection, window end, pruned]
    [PRUNE_MIN_FEW - 1, count, 30, false],
    [PRUNE_MIN_FEW, count, 30, true],
    [PRUNE_MIN_FEW, count, PRUNE_MIN_FEW / 4 + 1, false],
    [PRUNE_MIN_MATCHES - 1, count, 30, false],
    [Math.floor(count / SCATTERED_MATCHES), count, 30, true],
    [Math.floor(count / SCATTERED_MATCHES) + 1, count, 30, false],
    // Not scattered (a collection of 100k documents): from PRUNE_MIN_MATCHES.
    [PRUNE_MIN_FEW, PRUNE_MIN_FEW * SCATTERED_MATCHES - 1, 30, false],
    [PRUNE_MIN_FEW, PRUNE_MIN_FEW * SCATTERED_MATCHES, 30, true],
    [PRUNE_MIN_MATCHES - 1, 100_000, 30, false],
    [PRUNE_MIN_MATCHES, 100_000, 30, true],
    [PRUNE_MIN_MATCHES, 100_000, PRUNE_MIN_MATCHES / 4 + 1, false],
  ])('%i matches of %i documents, window to %i: %s', (n, documents, k, want) => {
    expect(pruneWorth(n, documents, k)).toBe(want);
  });
});
