/**
 * Best match scored in full only where it matters (src/rank/rank.ts, `reach`): the first `reach` documents and
 * their scores are exactly those of scoring every document, for the kinds whose rank has an upper bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitsRank } from '../../src/kinds/commits.js';
import { issuesRank } from '../../src/kinds/issues.js';
import type { RankContext, RankSpec } from '../../src/kinds/spec.js';
import { rankScores } from '../../src/rank/rank.js';
import { firstByKey } from '../../src/results/sort.js';
import type { Collection } from '../../src/store/collection.js';
import { numberWords, shaWords } from '../../src/kinds/rank-words.js';

const DAY = 86_400_000;
const CLOCK = Date.parse('2024-06-01T00:00:00Z');

/** A collection of `records` with no columns (signals are read from the records) and no private documents. */
function collectionOf(rank: RankSpec, records: Array<Record<string, unknown>>): Collection {
  return { spec: { rank }, records, column: () => undefined, privateDocs: [], pullOf: () => undefined } as unknown as Collection;
}

function context(c: Collection, words: string[]): RankContext {
  return { clock: CLOCK, words, text: words.join(' '), numbers: numberWords(words), shas: shaWords(words), owners: [], defaultFields: true, c };
}

/** The first `reach` positions in best-match order (score desc, then document) and their scores. */
function top(docs: Uint32Array, scores: Float64Array, reach: number): Array<[number, number]> {
  const positions = Uint32Array.from(docs.keys());
  const order = firstByKey(positions, scores, reach, (a, b) => scores[b]! - scores[a]! || docs[a]! - docs[b]!);
  return [...order].map((p) => [docs[p]!, scores[p]!]);
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

const issue = fc.record({
  createdDays: fc.integer({ min: 0, max: 3000 }),
  updatedDays: fc.integer({ min: 0, max: 3000 }),
  open: fc.boolean(),
  number: fc.integer({ min: 1, max: 60 }),
  text: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 20, noNaN: true }), fc.integer({ min: 0, max: 5 })),
});

describe.each([
  ['issues', issuesRank, (r: fc.RecordValue<typeof issue>) => ({ created_at: iso(CLOCK - r.createdDays * DAY), updated_at: iso(CLOCK - r.updatedDays * DAY), state: r.open ? 'open' : 'closed', number: r.number })],
  ['commits', commitsRank, (r: fc.RecordValue<typeof issue>) => ({ sha: 'f'.repeat(40), commit: { author: { date: iso(CLOCK - r.createdDays * DAY) }, committer: { date: iso(CLOCK - r.updatedDays * DAY) } } })],
] as const)('%s: pruned best match equals full scoring', (_kind, rank, record) => {
  it('same first `reach` documents and scores (property; reach 1–12, up to 400 documents, ties, number words)', () => {
    fc.assert(
      fc.property(fc.array(issue, { maxLength: 400 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom<string[]>(['crash'], ['crash', '7']), (rows, reach, words) => {
        const c = collectionOf(rank, rows.map(record));
        const docs = Uint32Array.from(rows.keys());
        const text = Float64Array.from(rows.map((r) => r.text));
        const ctx = context(c, words);
        const full = rankScores(c, docs, text, ctx);
        const pruned = rankScores(collectionOf(rank, rows.map(record)), docs, text, ctx, reach);
        expect(top(docs, pruned, reach)).toEqual(top(docs, full, reach));
      }),
      { numRuns: 300 },
    );
  });

  it('scores far fewer documents in full on a long list with a spread of text scores', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ createdDays: (i * 37) % 3000, updatedDays: (i * 11) % 3000, open: i % 2 === 0, number: 1 + (i % 50), text: ((i * 7919) % 1000) / 50 }));
    const c = collectionOf(rank, rows.map(record));
    const pruned = rankScores(c, Uint32Array.from(rows.keys()), Float64Array.from(rows.map((r) => r.text)), context(c, ['crash']), 50);
    const skipped = pruned.filter((s) => s === -Infinity).length;
    expect(skipped).toBeGreaterThan(rows.length / 10);
  });
});
