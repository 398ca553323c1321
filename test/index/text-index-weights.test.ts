/**
 * The weights a top-k round asks for (src/index/text-index.ts `queryImpacts` → `weightsOf`) equal the whole
 * posting's weights at those documents, whichever way they are read: a few documents of a long posting read only
 * their term frequencies, from the blocks holding them (`CompactIndex.tfsAt`); more documents read the posting's whole.
 * Generated dump with private records; the anonymous viewer, a private reader and one who sees every document.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { DimensionImpacts } from '../../src/index/text-index.js';
import { ANONYMOUS, viewerFor } from '../../src/request/viewer.js';
import { openStore } from '../../src/store/store.js';
import { generateDump } from '../access/generated-dump.js';

describe('weightsOf: the whole posting weights at the documents asked for', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('for a few documents of a long posting (several runs of positions) and for many', async () => {
    const { dir } = generateDump(7, 800);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    const issues = await store.collection('issues');
    const terms = new Map([['body', ['alpha']]]);
    const viewers = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('root', ['*'])];
    for (const viewer of viewers) {
      const hidden = issues.access.hidden(viewer);
      const whole: DimensionImpacts = issues.index.queryImpacts!(terms, hidden)![0]!.dimensions[0]!;
      // Longer than a run of positions (2,048): a few documents spread over it take more than one read.
      expect(whole.docs.length).toBeGreaterThan(2048);
      const hiddenSet = new Set(hidden);
      const expected = new Map<number, number>();
      whole.docs.forEach((doc, i) => expected.set(doc, whole.impacts[i]!));
      const visible = Array.from({ length: issues.records.length }, (_, doc) => doc).filter((doc) => !hiddenSet.has(doc));
      fc.assert(
        fc.property(fc.uniqueArray(fc.constantFrom(...visible), { minLength: 1, maxLength: 400 }), (picked) => {
          const of = Uint32Array.from(picked.sort((a, b) => a - b));
          // A fresh dimension each time: nothing read before the call.
          const dimension: DimensionImpacts = issues.index.queryImpacts!(terms, hidden)![0]!.dimensions[0]!;
          expect([...dimension.weightsOf(of)]).toEqual([...of].map((doc) => expected.get(doc) ?? -1));
        }),
        { numRuns: 60, seed: 2700 },
      );
    }
  }, 120_000);
});
