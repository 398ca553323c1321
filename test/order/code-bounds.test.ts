/**
 * The collector's bounds from prior codes (src/order/code-bounds.ts): block bounds are at least each block's largest
 * prior and refuse codes without a bound, per-match bounds are at least each prior, and the collector's answer over
 * a generated dump with private records stays the exhaustive one for every viewer while the codes rule matches out.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget.js';
import { decodePriorCodes, encodePriorCodes, priorCodeTable } from '../../src/cache/prior-codes.js';
import { executePlan } from '../../src/execute/match.js';
import { priorBlockBounds, priorUpperBounds } from '../../src/order/code-bounds.js';
import { orderMatches } from '../../src/order/order.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor } from '../../src/request/viewer.js';
import { normalizeRequest } from '../../src/search-request.js';
import type { Collection } from '../../src/store/collection.js';
import { openStore } from '../../src/store/store.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';

const table = priorCodeTable();

describe('block bounds from prior codes (a private reader)', () => {
  /** A collection whose segment holds these priors' codes. */
  const withCodes = (values: Float64Array): Collection =>
    ({ segment: { priorCodes: () => decodePriorCodes(encodePriorCodes(values), values.length) } }) as unknown as Collection;

  it('are at least the largest prior of each block, within one step; none when a match has no code bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 60_000, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }),
        (list, sizes) => {
          const values = Float64Array.from(list);
          const docs = Uint32Array.from(values.keys());
          const starts: number[] = [0];
          for (const size of sizes) if (starts.at(-1)! < docs.length) starts.push(Math.min(docs.length, starts.at(-1)! + size));
          const count = starts.length - 1;
          const out = new Float64Array(count);
          expect(priorBlockBounds(withCodes(values), 'factor', docs, Int32Array.from(starts), count, out)).toBe(out);
          for (let j = 0; j < count; j++) {
            const most = Math.max(...values.subarray(starts[j]!, starts[j + 1]!));
            expect(out[j]!).toBeGreaterThanOrEqual(most);
            if (most > table[1]!) expect(out[j]! / most).toBeLessThan(2 ** 0.25 * (1 + 1e-12));
          }
        },
      ),
      { numRuns: 500, seed: 92 },
    );
    for (const bad of [NaN, -1, 1e9]) {
      const values = Float64Array.of(1, 2, bad, 3);
      expect(priorBlockBounds(withCodes(values), 'factor', Uint32Array.of(0, 1, 2, 3), Int32Array.of(0, 2, 4), 2, new Float64Array(2))).toBeUndefined();
    }
    expect(priorBlockBounds(withCodes(Float64Array.of(1)), undefined, Uint32Array.of(0), Int32Array.of(0, 1), 1, new Float64Array(1))).toBeUndefined();
  });
});

describe('the collector with prior codes over a generated dump', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('bounds every match by at least its prior, and answers as scoring every match (every viewer)', async () => {
    const { dir } = generateDump(9, 120);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    const issues = await store.collection('issues');
    expect(issues.segment?.priorCodes('factor')).toBeDefined();
    const docs = Uint32Array.from({ length: issues.records.length }, (_, i) => i);
    const bounds = new Float64Array(docs.length);
    expect(priorUpperBounds(issues, 'factor', docs, docs.length, bounds)).toBe(true);
    expect(priorUpperBounds(issues, undefined, docs, docs.length, bounds)).toBe(false);
    for (const doc of docs) {
      const prior = issues.segment!.prior('factor', doc)!;
      if (prior >= 0) expect(bounds[doc]!).toBeGreaterThanOrEqual(prior);
    }
    const viewers = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('root', ['*'])];
    const queries = ['is:issue', 'state:closed', 'label:bug', 'comments:>0', 'is:open', 'no:label', 'NOT zebra'].flatMap((q) => VOCABULARY.slice(0, 3).map((w) => `${w} ${q}`));
    for (const viewer of viewers) {
      for (const q of queries) {
        for (const per_page of ['1', '5', '30']) {
          const normalized = normalizeRequest({ kind: 'issues', q, page: '1', per_page, viewer, requirePreviews: false });
          const compiled = compileSearch(await planSearch(normalized), issues);
          const run = async (pruning: 'always' | 'never') => {
            const budget = new Budget(undefined);
            const ordered = orderMatches(compiled, await executePlan(compiled, issues, budget), issues, budget, pruning);
            const n = Math.min(ordered.docs.length, compiled.plan.window.end);
            return { docs: [...ordered.docs.subarray(0, n)], scores: [...ordered.scores.subarray(0, n)], total: ordered.total };
          };
          expect([q, per_page, await run('always')]).toEqual([q, per_page, await run('never')]);
        }
      }
    }
  }, 120_000);
});
