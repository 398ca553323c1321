/**
 * The linear form of best match (RankSpec.linear, src/rank/rank.ts): where it applies, `text × multiplier + addend`
 * from the priors gives exactly — bit for bit — what the kind's score function gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitsRank } from '../../src/kinds/commits.js';
import { issuesRank } from '../../src/kinds/issues.js';
import { repositoriesRank } from '../../src/kinds/repositories.js';
import type { RankContext, RankSpec } from '../../src/kinds/spec.js';
import { topicsRank } from '../../src/kinds/topics.js';
import { numberWords, shaWords } from '../../src/kinds/rank-words.js';
import { rankScores } from '../../src/rank/rank.js';
import type { Collection } from '../../src/store/collection.js';
import { PrivateDocs } from '../../src/access/private-docs.js';
import type { ReaderSlot } from '../../src/kinds/collection-view.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';
import { deriveClock } from '../../src/segment/facts.js';

const DAY = 86_400_000;
const CLOCK = Date.parse('2024-06-01T00:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A collection of `records` with no columns (signals read from the records) and no private documents. */
function collectionOf(rank: RankSpec, records: Array<Record<string, unknown>>): Collection {
  const slots = new Map<ReaderSlot<unknown, Collection>, unknown>();
  const c = {
    spec: { rank },
    records,
    column: () => undefined,
    privateDocs: PrivateDocs.NONE,
    pullOf: () => undefined,
    get clock(): number {
      return deriveClock(c);
    },
    memo<T>(slot: ReaderSlot<T, Collection>): T {
      if (!slots.has(slot)) slots.set(slot, slot.make(c, new CollectionBudget()));
      return slots.get(slot) as T;
    },
  } as unknown as Collection;
  return c;
}

function context(c: Collection, words: string[], owners: string[]): RankContext {
  return { clock: CLOCK, words, text: words.join(' '), numbers: numberWords(words), shas: shaWords(words), owners, defaultFields: true, c };
}

interface Row {
  a: number;
  b: number;
  open: boolean;
  n: number;
  text: number;
}
const row: fc.Arbitrary<Row> = fc.record({
  a: fc.integer({ min: -10, max: 4000 }),
  b: fc.integer({ min: -10, max: 4000 }),
  open: fc.boolean(),
  n: fc.integer({ min: 0, max: 100_000 }),
  text: fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.integer({ min: 0, max: 5 })),
});

const kinds: Array<[string, RankSpec, (r: Row) => Record<string, unknown>]> = [
  ['issues', issuesRank, (r) => ({ created_at: iso(CLOCK - r.a * DAY), updated_at: iso(CLOCK - r.b * DAY), state: r.open ? 'open' : 'closed', number: r.n })],
  ['commits', commitsRank, (r) => ({ sha: 'f'.repeat(40), commit: { author: { date: iso(CLOCK - r.a * DAY) }, committer: { date: iso(CLOCK - r.b * DAY) } } })],
  ['repositories', repositoriesRank, (r) => ({ full_name: `o/r${r.n}`, stargazers_count: r.open ? r.n : undefined })],
  ['topics', topicsRank, (r) => ({ name: `t${r.n}`, repository_count: r.open ? r.n : undefined })],
];

describe.each(kinds)('%s', (_kind, rank, record) => {
  it('the linear form equals the score function wherever it applies (property)', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 60 }),
        fc.constantFrom<string[]>(['crash'], ['crash', '7'], ['o/r7'], ['deadbeef1'], []),
        fc.constantFrom<string[]>([], ['o']),
        (rows, words, owners) => {
          const records = rows.map(record);
          const docs = Uint32Array.from(rows.keys());
          const text = Float64Array.from(rows.map((r) => r.text));
          const c = collectionOf(rank, records);
          const ctx = context(c, words, owners);
          const general = collectionOf({ ...rank, linear: undefined }, records);
          const expected = rankScores(general, docs, text, { ...ctx, c: general });
          expect([...rankScores(c, docs, text, ctx)].map((x) => Object.is(x, -0) ? 0 : x)).toEqual([...expected].map((x) => Object.is(x, -0) ? 0 : x));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('applies to a plain word query', () => {
    const c = collectionOf(rank, []);
    expect(rank.linear?.applies(context(c, ['crash'], []))).toBe(true);
  });
});
