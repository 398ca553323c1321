/**
 * A round's priors (src/order/round-priors.ts): from the scatter records when the round is sparse, from the prior's
 * blocks otherwise — the same values as rank/rank.ts `gatherPrior` for every list of documents.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SCATTERED_SPACING } from '../../src/index/compact-index.js';
import { gatherMatchPriors } from '../../src/order/round-priors.js';
import { gatherPrior } from '../../src/rank/rank.js';
import { openStore } from '../../src/store/store.js';
import { generateDump } from '../access/generated-dump.js';

describe('gatherMatchPriors', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the priors gatherPrior gives, sparse lists from the scatter records', async () => {
    const { dir } = generateDump(5, 330);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    const issues = await store.collection('issues');
    const count = issues.records.length;
    expect(count).toBeGreaterThan(3 * SCATTERED_SPACING);
    const segment = issues.segment!;
    const scatter = vi.spyOn(segment, 'scatterPriors');
    let sparse = 0;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { minLength: 1, maxLength: 8 }), (list) => {
        const docs = Uint32Array.from(list.sort((a, b) => a - b));
        const got = new Float64Array(docs.length).fill(-7);
        const want = new Float64Array(docs.length);
        scatter.mockClear();
        expect(gatherMatchPriors(issues, 'factor', docs, got)).toBe(true);
        expect(gatherPrior(issues, 'factor', docs, want)).toBe(true);
        expect([...got]).toEqual([...want]);
        const isSparse = docs.length * SCATTERED_SPACING <= count;
        expect(scatter.mock.calls.length > 0).toBe(isSparse);
        if (isSparse) sparse++;
      }),
      { numRuns: 300, seed: 17 },
    );
    expect(sparse).toBeGreaterThan(0);
    expect(gatherMatchPriors(issues, 'no-such-prior', Uint32Array.of(1), new Float64Array(1))).toBe(false);
    scatter.mockRestore();
  }, 60_000);
});
