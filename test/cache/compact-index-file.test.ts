/**
 * A stored index's dictionary (src/cache/compact-index-file.ts) read by window: what it keeps of its windows, term
 * indexes and posting starts is bounded, and under the collection reader's memory budget once shared
 * (shareDictionaryBudget) — lookups answer the same either way.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { openIndexFile, SAMPLE_EVERY, shareDictionaryBudget, writeIndexFile } from '../../src/cache/compact-index-file.js';
import { Collection } from '../../src/store/collection.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';

const spec = specOf('issues');
// Enough distinct terms that the dictionary is read by window (more than the 64 KiB read whole when opened).
const COUNT = 6_000;
const word = (i: number): string => `q${i.toString(36)}zx`;
const records: RawRecord[] = Array.from({ length: COUNT }, (_, i) => ({
  number: i + 1,
  title: `${word(i)} ${word(i + COUNT)} ${word(i + 2 * COUNT)}`,
  body: `${word(i + 3 * COUNT)} common`,
}));
const built = buildCompactIndex(spec, new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] }));

function opened() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compact-index-file-')), 'issues.lunr');
  expect(writeIndexFile(file, built, { kind: 'issues' })).toBeGreaterThan(0);
  return openIndexFile(file).index;
}

/** Every term looked up by its text, and its postings in each field, as the built index has them. */
function expectSameLookups(index: ReturnType<typeof opened>): void {
  const F = spec.fields.length;
  for (let rank = 0; rank < built.termCount; rank += 17) {
    const term = built.term(rank);
    expect(index.term(rank)).toBe(term);
    expect(index.find(term)).toBe(rank);
    for (let f = 0; f < F; f++) expect([...index.docs(rank, f)]).toEqual([...built.docs(rank, f)]);
  }
}

describe('a stored dictionary read by window', () => {
  it('is larger than one window per lookup (the test reads it by window)', () => {
    expect(built.termCount).toBeGreaterThan(20 * SAMPLE_EVERY);
  });

  it('answers every lookup as built, on its own bound', () => {
    expectSameLookups(opened());
  });

  it("keeps its windows under the reader's budget once shared, evicting the least recently used, and answers the same", () => {
    const index = opened();
    const budget = new CollectionBudget(64 * 1024);
    shareDictionaryBudget(index, budget);
    expectSameLookups(index);
    expect(budget.usedBytes).toBeGreaterThan(0);
    expect(budget.usedBytes).toBeLessThanOrEqual(budget.limitBytes);
    // Read again after evictions: the same answers.
    expectSameLookups(index);
    budget.clear();
    expect(budget.usedBytes).toBe(0);
  });

  it('has nothing to share when held in arrays (a built index)', () => {
    const budget = new CollectionBudget(1024);
    shareDictionaryBudget(built, budget);
    expect(built.find(built.term(3))).toBe(3);
    expect(budget.usedBytes).toBe(0);
  });
});
