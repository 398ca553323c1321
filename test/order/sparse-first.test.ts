/**
 * Top-k with a sparse term's matches weighed first (src/order/top-k.ts `sparseFirst`): the blocks' bounds leave the
 * sparse terms out, the rounds skip the matches weighed first, and when a bound over the whole collection cannot
 * reach the bar the blocks are not walked at all. On generated dumps (postings without stored maxima, so that the
 * terms' parts among the matches are intersected), for every kind of viewer and sparse ratios from 1 (every such term
 * sparse) to 64 (the default), the collector gives exactly the page of scoring every match. The property also checks
 * that both the first batch and the early end happened (the test can fail), and a table case pins `sparseFirst`. The
 * collector by own bounds (test/order/few-a-block.test.ts) is kept out (`fewABlock` ∞): these are the blocks' paths.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { FieldMaxima } from '../../src/order/bounds.js';
import { sparseFirst } from '../../src/order/top-k.js';
import { bestMatchRequests, exhaustivePage, prunedPage } from '../helpers/best-match-requests.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('top-k with sparse terms first equals exhaustive scoring (generated dumps, every viewer)', () => {
  it.each([
    [41, 60, 100],
    [42, 110, 120],
  ])('seed %i, %i issues per repository, long from %i postings', async (seed, perRepo, long) => {
    const { c } = await collectionWithChampions(dirs, seed, perRepo, long);
    let firstRuns = 0;
    let unwalked = 0;
    await fc.assert(
      fc.asyncProperty(bestMatchRequests(['', '', '', 'is:open', 'label:bug', 'in:title'], 2, ['1', '5', '10', '30']), async (request) => {
        const page = await exhaustivePage(c, request);
        if (!page) return;
        const { want } = page;
        for (const ratio of [1, 2, 4, 64]) {
          for (const seeded of [true, false]) {
            // A term's parts among the matches are known on its first use in a reader only (later uses read the
            // term's kept weights): the reader's memos are dropped before each call.
            const run = prunedPage(c, page, { firstRound: 0, seeded, sparseRatio: ratio, fewABlock: Infinity });
            if (!run) continue;
            const { top } = run;
            expect(run.got).toEqual(want);
            if (top.first > 0) firstRuns++;
            if (!top.walked) unwalked++;
          }
        }
      }),
      { numRuns: 120, seed: 4100 + seed },
    );
    // Both new paths ran: matches weighed first, and pages decided without walking the blocks.
    expect(firstRuns).toBeGreaterThan(100);
    expect(unwalked).toBeGreaterThan(10);
  }, 180_000);
});

describe('sparseFirst', () => {
  const posting = (...docs: number[]) => new Uint32Array(docs);
  const dimension = (among: Uint32Array | undefined) => ({
    weight: 1,
    docs: posting(1, 2, 3, 4, 5, 6, 7, 8),
    max: new Uint16Array(1),
    fine: new Uint16Array(1),
    among,
  });

  it('takes the dimensions whose part among the matches is at most 1/ratio of them, and unions their parts', () => {
    const sparseTitle = dimension(posting(3, 9));
    const denseTitle = dimension(posting(1, 2, 3, 4, 5));
    const sparseBody = dimension(posting(2, 9, 12));
    const unknown = dimension(undefined);
    const fields: FieldMaxima[] = [
      { magnitude: 2, dimensions: [sparseTitle, denseTitle] },
      { magnitude: 3, dimensions: [unknown, sparseBody] },
      { magnitude: 4, dimensions: [denseTitle] },
    ];
    // 3 × 64 = 192 matches: a part of 3 is at most 1/64 of them, a part of 5 is not.
    const split = sparseFirst(fields, 192, 64)!;
    expect([...split.first]).toEqual([2, 3, 9, 12]);
    expect(split.rest.map((f) => f.magnitude)).toEqual([2, 3, 4]);
    expect(split.rest[0]!.dimensions).toEqual([denseTitle]);
    expect(split.rest[1]!.dimensions).toEqual([unknown]);
    // A field with nothing left out is the same object.
    expect(split.rest[2]).toBe(fields[2]);
    // One match fewer: the part of 3 is now more than 1/64 of them; 2 × 64 = 128 ≤ 191 still takes the part of 2.
    expect([...sparseFirst(fields, 191, 64)!.first]).toEqual([3, 9]);
    // No part small enough, or none known: nothing first.
    expect(sparseFirst(fields, 100, 64)).toBeUndefined();
    expect(sparseFirst([{ magnitude: 1, dimensions: [unknown] }], 1_000_000, 64)).toBeUndefined();
  });
});
