/**
 * A posting weighed from the whole field-length section is weighed whole, not over its part among the matches, once
 * another dimension of the same query has read that section (src/order/bounds.ts `blockMaxima`'s second pass).
 * The property: the top-k with those bounds gives exactly the page of scoring every match, for every viewer, and the
 * path ran (a short part weighed whole). The table: which dimensions are weighed whole and which over their part.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { blockMaxima, type FieldMaxima } from '../../src/order/bounds.js';
import type { Collection } from '../../src/store/collection.js';
import { bestMatchRequests, exhaustivePage, forgetMemos, prunedPage } from '../helpers/best-match-requests.js';
import { collectionWithChampions } from '../helpers/champion-collection.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** How the query's dimensions of `fields` were bounded, parallel to the text index's own dimensions. */
function kinds(c: Collection, fields: readonly FieldMaxima[], terms: ReadonlyMap<string, readonly string[]>, hidden: Uint32Array): string[] {
  const impacts = c.index.queryImpacts!(terms, hidden)!;
  const out: string[] = [];
  fields.forEach((field, f) =>
    field.dimensions.forEach((dimension, d) => {
      const own = impacts[f]!.dimensions[d]!;
      const among = dimension.among;
      // A part short enough to be weighed alone (order/bounds.ts MATCHED_RATIO) of a posting weighed from the section.
      const short = among !== undefined && among.length * 4 <= own.docs.length && own.docs.length >= 4;
      if (own.stored || own.lengthReads !== 'whole' || !short) out.push(own.lengthReads === 'whole' && !own.stored && dimension.impacts && dimension.docs.length === own.docs.length ? 'reads' : 'other');
      else out.push(dimension.docs.length === own.docs.length ? 'whole' : 'part');
    }),
  );
  return out;
}

describe('a short part weighed whole once the length section is read (generated dumps, every viewer)', () => {
  it.each([
    [71, 60, 100],
    [72, 110, 120],
  ])('seed %i, %i issues per repository, long from %i postings', async (seed, perRepo, long) => {
    const { c } = await collectionWithChampions(dirs, seed, perRepo, long);
    const extra = ['', '', 'is:open', 'label:bug', 'comments:>1'];
    let whole = 0;
    let part = 0;
    await fc.assert(
      fc.asyncProperty(bestMatchRequests(extra, 2, ['1', '3', '10', '30']), async (request) => {
        const page = await exhaustivePage(c, request);
        if (!page) return;
        const { compiled, matches, want } = page;
        forgetMemos(c);
        const fields = blockMaxima(c, matches.scorer.terms, matches.scorer.hidden, compiled.access, matches.docs) ?? [];
        const seen = kinds(c, fields, matches.scorer.terms, matches.scorer.hidden);
        // Weighed whole exactly when another dimension read the section (the first pass), over the part otherwise.
        if (seen.includes('whole')) expect(seen).toContain('reads');
        if (seen.includes('part')) expect(seen).not.toContain('reads');
        for (const firstRound of [0, 256]) {
          const run = prunedPage(c, page, { firstRound, fewABlock: Infinity });
          if (!run) continue;
          expect(run.got).toEqual(want);
          if (seen.includes('whole')) whole++;
          if (seen.includes('part')) part++;
        }
      }),
      { numRuns: 300, seed: 7100 + seed },
    );
    // Both choices ran.
    expect(whole).toBeGreaterThan(6);
    expect(part).toBeGreaterThan(0);
  }, 180_000);
});
