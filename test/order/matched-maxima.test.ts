/**
 * Block maxima over the matches (src/order/bounds.ts `blockMaxima` with a match list): a posting without stored
 * maxima, much longer than its part in the matches, is bounded over that part alone — its documents and weights are
 * exactly the query path's for them, every bound holds, and a block with no such document bounds nothing — and
 * the pruned top-k over qualified queries stays the exhaustive answer for every viewer.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { executePlan } from '../../src/execute/match.js';
import { intersect } from '../../src/execute/doc-set.js';
import { blockMaxima, BLOCK_SHIFT, SUB_SHIFT } from '../../src/order/bounds.js';
import { orderMatches } from '../../src/order/order.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { normalizeRequest } from '../../src/search-request.js';
import { openStore, type Store } from '../../src/store/store.js';
import type { Collection } from '../../src/store/collection.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';

const VIEWERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('root', ['*'])];

let dir = '';
let store: Store;
let issues: Collection;

beforeAll(async () => {
  ({ dir } = generateDump(7, 120));
  store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
  issues = await store.collection('issues');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every `step`-th document of `docs` from `offset` (ascending, a subset). */
const everyNth = (docs: Uint32Array, step: number, offset: number): Uint32Array => docs.filter((_, i) => i % step === offset);

describe('blockMaxima over a match list', () => {
  it('bounds a long unstored posting over its part in the matches: the same weights, every bound held, nothing elsewhere', () => {
    let matchedForms = 0;
    let wholeForms = 0;
    for (const viewer of VIEWERS) {
      const hidden = issues.access.hidden(viewer);
      const access = issues.access.key(viewer);
      const visible = issues.access.visible(viewer, issues.records.length);
      for (const word of VOCABULARY) {
        const terms = new Map([
          ['title', [word]],
          ['body', [word]],
        ]);
        for (const [step, offset] of [
          [9, 2],
          [2, 1],
        ] as const) {
          const matches = everyNth(visible, step, offset);
          const own = issues.index.queryImpacts!(terms, hidden)!;
          // A private reader's maxima are the public ones scaled where the build stored those (no weighing to save).
          const privateDocs = issues.access.privateDocs.docs;
          const reader = hidden.length > 0 && hidden.length < privateDocs.length;
          const publicForm = reader ? issues.index.queryImpacts!(terms, privateDocs)! : [];
          const scaled = (f: number, d: number): boolean => reader && publicForm[f]?.dimensions[d]?.stored !== undefined;
          const fields = blockMaxima(issues, terms, hidden, access, matches)!;
          expect(fields.map((f) => f.magnitude)).toEqual(own.map((f) => f.magnitude));
          fields.forEach((field, f) =>
            field.dimensions.forEach((dimension, d) => {
              const posting = own[f]!.dimensions[d]!;
              const part = intersect(posting.docs, matches);
              const matched = !posting.stored && !scaled(f, d) && part.length * 4 <= posting.docs.length && posting.docs.length >= 4;
              if (!matched) {
                // The whole posting, as without a match list.
                expect(dimension.docs.length).toBe(posting.docs.length);
                wholeForms++;
                return;
              }
              matchedForms++;
              expect([...dimension.docs]).toEqual([...part]);
              // The weights the query path scores these documents with (the whole posting's, at their positions).
              const weights = posting.weightsOf(part);
              expect([...dimension.impacts!]).toEqual([...weights]);
              const blocks = new Set<number>();
              part.forEach((doc, i) => {
                blocks.add(doc >>> BLOCK_SHIFT);
                expect(dimension.max[doc >>> BLOCK_SHIFT]).toBeGreaterThanOrEqual(weights[i]!);
                expect(dimension.fine[doc >>> SUB_SHIFT]).toBeGreaterThanOrEqual(weights[i]!);
              });
              dimension.max.forEach((w, b) => {
                if (!blocks.has(b)) expect(w).toBe(0);
              });
            }),
          );
          // The part is not kept as the term's maxima: asked without a match list, the whole posting.
          const again = blockMaxima(issues, terms, hidden, access)!;
          again.forEach((field, f) => field.dimensions.forEach((dimension, d) => expect(dimension.docs.length).toBe(own[f]!.dimensions[d]!.docs.length)));
        }
      }
    }
    // Both forms were met (the test can fail either way).
    expect(matchedForms).toBeGreaterThan(0);
    expect(wholeForms).toBeGreaterThan(0);
  });
});

describe('pruned top-k over qualified queries equals exhaustive scoring (every viewer)', () => {
  it('words with qualifiers, pages and page sizes', async () => {
    const qualifiers = ['is:open', 'label:bug', '-label:bug', 'is:closed label:bug', 'comments:>1', 'is:issue -label:bug comments:>0', 'NOT zebra is:open'];
    const arbitrary = fc.record({
      q: fc
        .tuple(fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 2 }), fc.constantFrom(...qualifiers))
        .map(([words, more]) => `${words.join(' ')} ${more}`),
      page: fc.constantFrom('1', '2', '3'),
      per_page: fc.constantFrom('1', '5', '30'),
      viewer: fc.constantFrom(...VIEWERS),
    });
    let narrowed = 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (raw) => {
        const request = normalizeRequest({ kind: 'issues', requirePreviews: false, ...raw });
        const compiled = compileSearch(await planSearch(request), issues);
        const run = async (pruning: 'always' | 'never') => {
          const budget = new Budget(undefined);
          const ordered = orderMatches(compiled, await executePlan(compiled, issues, budget), issues, budget, pruning);
          const n = Math.min(ordered.docs.length, compiled.plan.window.end);
          return { docs: [...ordered.docs.subarray(0, n)], scores: [...ordered.scores.subarray(0, n)], total: ordered.total };
        };
        expect(await run('always')).toEqual(await run('never'));
        // Whether a posting was bounded over its part of the matches (counted: the property must meet that form).
        const matches = await executePlan(compiled, issues, new Budget(undefined));
        if (!matches.scorer) return;
        const fields = blockMaxima(issues, matches.scorer.terms, matches.scorer.hidden, compiled.access, matches.docs);
        const own = issues.index.queryImpacts!(matches.scorer.terms, matches.scorer.hidden)!;
        if (fields?.some((field, f) => field.dimensions.some((dimension, d) => dimension.docs.length < own[f]!.dimensions[d]!.docs.length))) narrowed++;
      }),
      { numRuns: 150, seed: 2470 },
    );
    expect(narrowed).toBeGreaterThan(0);
  }, 120_000);
});
