import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersectChunkUnions, intersectUnions } from '../../src/execute/conjunction.js';
import { PostingChunks, encodePostingChunks } from '../../src/index/posting-chunks.js';

const sorted = (xs: Iterable<number>): Uint32Array => Uint32Array.from([...new Set(xs)].sort((a, b) => a - b));
/** A few documents of 0..limit (a rare word's posting, a private reader's hidden list). */
const sparse = (limit: number, most: number) => fc.uniqueArray(fc.nat(limit), { maxLength: most }).map(sorted);
/** Most of 0..limit, with gaps (a common word's posting: the bit-set path when it drives). */
const dense = (limit: number) =>
  fc.uniqueArray(fc.nat(limit), { maxLength: limit >>> 2 }).map((gaps) => {
    const skip = new Set(gaps);
    return sorted(Array.from({ length: limit + 1 }, (_, i) => i).filter((i) => !skip.has(i)));
  });
const posting = fc.oneof(sparse(3000, 40), sparse(3000, 600), dense(3000), fc.constant(new Uint32Array(0)));
const group = fc.array(posting, { minLength: 0, maxLength: 3 });

/** The answer by sets: every group's union, in `within`, not in `hidden`. */
function oracle(groups: readonly (readonly Uint32Array[])[], hidden: Uint32Array, within?: Uint32Array): number[] {
  const unions = groups.map((lists) => new Set(lists.flatMap((list) => [...list])));
  if (within) unions.push(new Set(within));
  const out = [...unions[0]!].filter((doc) => unions.every((u) => u.has(doc)) && !hidden.includes(doc));
  return out.sort((a, b) => a - b);
}

describe('intersectUnions: a conjunction of keywords, each the union of its fields\' postings', () => {
  it('matches the set oracle for one to four keywords, any density, hidden documents and a restriction', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), sparse(3100, 300), fc.option(fc.oneof(dense(3000), sparse(3000, 500)), { nil: undefined }), (groups, hidden, within) => {
        expect([...intersectUnions(groups, hidden, within)]).toEqual(oracle(groups, hidden, within));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // [name, groups, hidden, within, expected]
    ['two dense words (bit sets)', [[range(0, 1000, 2), range(1, 1000, 6)], [range(0, 1000, 3)]], [0, 6], undefined, range(12, 1000, 6)],
    ['a rare word and a dense one (cursors)', [[[5, 17, 999]], [range(0, 1000, 1)]], [17], undefined, [5, 999]],
    ['a rare word past the other\'s end', [[[5, 2000]], [range(0, 1000, 1), [1500]]], [], undefined, [5]],
    ['a restriction only', [[range(0, 100, 1)], [range(0, 100, 1)]], [], [3, 50, 99, 150], [3, 50, 99]],
    ['a keyword with no postings', [[range(0, 100, 1)], []], [], undefined, []],
    ['a keyword whose postings are all empty', [[range(0, 100, 1)], [[], []]], [], undefined, []],
    ['bit 31 of a word set alone (document 31)', [[[31, 63, 64]], [[31, 63, 64, 65]]], [], undefined, [31, 63, 64]],
  ] as const)('%s', (_name, groups, hidden, within, expected) => {
    const lists = groups.map((g) => g.map((list) => Uint32Array.from(list)));
    expect([...intersectUnions(lists, Uint32Array.from(hidden), within && Uint32Array.from(within))]).toEqual([...expected]);
  });

  it('returns a fresh array, never an input (a caller may remember it)', () => {
    const a = Uint32Array.from([1, 2, 3]);
    const out = intersectUnions([[a], [a]], new Uint32Array(0));
    expect([...out]).toEqual([1, 2, 3]);
    expect(out.buffer).not.toBe(a.buffer);
  });
});

/** from, from + step, … below `to`. */
function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i += step) out.push(i);
  return out;
}

/** A posting over documents 0..200,000: per 65,536-document chunk absent, sparse or dense (a bitmap when encoded). */
const chunkedPosting = fc
  .array(fc.tuple(fc.constantFrom(0, 1, 2, 3), fc.constantFrom('none', 'sparse', 'dense'), fc.integer({ min: 1, max: 97 })), { maxLength: 3 })
  .map((parts) => {
    const docs = new Set<number>();
    for (const [key, kind, step] of parts) {
      if (kind === 'none') continue;
      const every = kind === 'sparse' ? 1000 + step : 1 + (step % 5);
      for (let low = step; low < 65_536 && key * 65_536 + low < 200_000; low += every) docs.add(key * 65_536 + low);
    }
    return sorted(docs);
  });

describe('intersectChunkUnions: the conjunction over bitmap chunks', () => {
  it('equals the list merge, chunks encoded or seen as lists (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(chunkedPosting, fc.boolean()), { maxLength: 2 }), { minLength: 1, maxLength: 3 }),
        sparse(210_000, 400),
        fc.option(sparse(200_000, 3000), { nil: undefined }),
        (groups, hidden, within) => {
          const lists = groups.map((group) => group.map(([docs]) => docs));
          const chunks = groups.map((group) => group.map(([docs, encoded]) => (encoded ? PostingChunks.parse(encodePostingChunks(docs)) : PostingChunks.fromList(docs))));
          const expected = [...intersectUnions(lists, hidden, within)];
          expect([...intersectChunkUnions(chunks, hidden, within)]).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('intersectUnions with some groups given as chunk forms equals it without (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(chunkedPosting, fc.boolean()), { minLength: 2, maxLength: 3 }),
        sparse(210_000, 400),
        fc.option(sparse(200_000, 3000), { nil: undefined }),
        (postings, hidden, within) => {
          const lists = postings.map(([docs]) => [docs]);
          const forms = postings.map(([docs, chunked]) => (chunked ? PostingChunks.parse(encodePostingChunks(docs)) : undefined));
          expect([...intersectUnions(lists, hidden, within, forms)]).toEqual([...intersectUnions(lists, hidden, within)]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('two dense words over several chunks: and-ed bitmaps, the hidden documents out', () => {
    const a = Uint32Array.from(range(0, 200_000, 2));
    const b = Uint32Array.from(range(0, 200_000, 3));
    const hidden = Uint32Array.from([0, 6, 65_538, 199_998]);
    const groups = [[PostingChunks.parse(encodePostingChunks(a))], [PostingChunks.parse(encodePostingChunks(b))]];
    expect(groups[0]![0]!.isBitmap(0) && groups[1]![0]!.isBitmap(2) && !groups[1]![0]!.isBitmap(3)).toBe(true);
    const expected = range(0, 200_000, 6).filter((doc) => !hidden.includes(doc));
    expect([...intersectChunkUnions(groups, hidden)]).toEqual(expected);
    expect([...intersectChunkUnions([[...groups[0]!], []], hidden)]).toEqual([]);
  });
});
