/**
 * Postings read from a stored index (src/cache/compact-index-file.ts BlockPostings): a range over several blocks is
 * read in one call and must equal the built arrays wherever it starts and ends; the term frequencies are checked in
 * 4 KiB blocks, so a range of them reads and checks its own 4 KiB blocks only (a damaged one is found when read, its
 * neighbours read as built). A top-k round's scattered term frequencies (`tfsAt`) read their blocks nearby ones
 * together, keep them under the same bound, and find a damaged block only when a position falls in it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { BLOCK_ENTRIES, BlockPostings, INDEX_LAYOUT, IndexFileError, openIndexFile } from '../../src/cache/compact-index-file.js';
import { FILE_MAGIC, FramedFile } from '../../src/cache/framing.js';
import { Collection } from '../../src/store/collection.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { footerOf, sectionAt } from './helpers/framed-bytes.js';
import { storedIndexFile } from './helpers/stored-index.js';

const spec = specOf('issues');
const COUNT = 3 * BLOCK_ENTRIES + 100;
const records: RawRecord[] = Array.from({ length: COUNT }, (_, i) => ({
  number: i + 1,
  title: `title ${'word '.repeat(i % 7)}${i % 13 === 0 ? 'rare' : ''}`,
  body: i % 3 === 0 ? undefined : 'body text '.repeat(1 + (i % 200)),
}));
const collection = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
const built = buildCompactIndex(spec, collection);
const P = built.postings.count;

/** The same values in the same order (and of the same array type). */
function same(a: Uint32Array | Int32Array, b: Uint32Array | Int32Array): boolean {
  return a.constructor === b.constructor && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** The temporary directories the stored indexes were written in, removed when the file's tests end. */
const written: string[] = [];
const stored = (): string => {
  const file = storedIndexFile(built, 'posting-blocks-');
  written.push(path.dirname(file));
  return file;
};
afterAll(() => {
  for (const dir of written) rmSync(dir, { recursive: true, force: true });
});

describe('stored postings', () => {
  it('have one byte per term frequency here, so a 4 KiB block holds 4,096 of them', () => {
    const { header } = openIndexFile(stored());
    expect(header.tfBytes).toBe(1);
    expect(P).toBeGreaterThan(6 * BLOCK_ENTRIES);
  });

  it('read any range (within a block, across blocks, to the end) as built', () => {
    const { index } = openIndexFile(stored());
    const edges = [0, 1, 4095, 4096, 4097, 8191, 8192 + 100, 12_000, BLOCK_ENTRIES - 1, BLOCK_ENTRIES, BLOCK_ENTRIES + 5, 2 * BLOCK_ENTRIES + 3, P - 4097, P - 1, P];
    for (const start of edges) {
      for (const end of edges) {
        if (end < start) continue;
        expect([start, end, same(index.postings.docs(start, end), built.postings.docs(start, end))]).toEqual([start, end, true]);
        expect([start, end, same(index.postings.weights(start, end), built.postings.weights(start, end))]).toEqual([start, end, true]);
        expect([start, end, same(index.postings.tfs!(start, end), built.postings.tfs!(start, end))]).toEqual([start, end, true]);
      }
    }
    expect(() => index.postings.docs(0, P + 1)).toThrow(RangeError);
  });

  it('keep a range over blocks of its own: the same range again is the same array; another end from the same start is read as built', () => {
    const { index } = openIndexFile(stored());
    const start = BLOCK_ENTRIES - 5;
    for (const end of [start + 3 * BLOCK_ENTRIES, start + BLOCK_ENTRIES + 7, start + 2 * BLOCK_ENTRIES]) {
      const docs = index.postings.docs(start, end);
      const tfs = index.postings.tfs!(start, end);
      expect(same(docs, built.postings.docs(start, end))).toBe(true);
      expect(same(tfs, built.postings.tfs!(start, end))).toBe(true);
      // Other reads in between (blocks and ranges of their own) leave the kept one as it was.
      index.postings.docs(0, P);
      index.postings.tfs!(3, 5 * 4096);
      expect(index.postings.docs(start, end)).toBe(docs);
      expect(index.postings.tfs!(start, end)).toBe(tfs);
      expect(same(docs, built.postings.docs(start, end))).toBe(true);
    }
    // Two blocks' weights (a round's) are copied afresh each time, the same values.
    const weights = index.postings.weights(start, start + 10);
    expect(index.postings.weights(start, start + 10)).not.toBe(weights);
    expect(same(index.postings.weights(start, start + 10), built.postings.weights(start, start + 10))).toBe(true);
  });

  it('read each term’s postings and partial term frequencies as built', () => {
    const { index } = openIndexFile(stored());
    expect(built.termCount).toBeGreaterThanOrEqual(4);
    for (let r = 0; r < built.termCount; r++) {
      const term = built.term(r);
      const rank = index.find(term);
      expect(rank).toBeGreaterThanOrEqual(0);
      for (let f = 0; f < spec.fields.length; f++) {
        const b = built.find(term);
        expect(same(index.docs(rank, f), built.docs(b, f))).toBe(true);
        const n = built.docs(b, f).length;
        for (const [from, to] of [[0, n], [n >> 1, n], [3, Math.min(n, 5000)]] as const) {
          if (from > to) continue;
          const positions = Int32Array.from({ length: to - from }, (_, i) => from + i);
          index.tfsAt(rank, f, positions);
          expect(Array.from(positions)).toEqual(Array.from(built.tfs(b, f).subarray(from, to)));
        }
      }
    }
  });

  it('check term frequencies in 4 KiB blocks: a damaged one is found when read, and only then', () => {
    const file = stored();
    const bytes = readFileSync(file);
    expect(footerOf(bytes).footer.sections['postTf']![3]).toBe(4096);
    const [offset] = sectionAt(bytes, 'postTf');
    bytes[offset + 5 * 4096 + 9]! ^= 0x01; // entries 20480…24575
    writeFileSync(file, bytes);
    let corrupt = 0;
    const { index } = openIndexFile(file, () => corrupt++);
    for (const [start, end] of [[0, 10], [4 * 4096, 5 * 4096], [6 * 4096, 6 * 4096 + 3], [5 * 4096 - 1, 5 * 4096], [6 * 4096 - 0, 8 * 4096 + 1]]) {
      expect(same(index.postings.tfs!(start!, end!), built.postings.tfs!(start!, end!))).toBe(true);
    }
    expect(same(index.postings.docs(5 * 4096, 6 * 4096), built.postings.docs(5 * 4096, 6 * 4096))).toBe(true);
    expect(corrupt).toBe(0);
    expect(() => index.postings.tfs!(5 * 4096 + 9, 5 * 4096 + 10)).toThrow(IndexFileError);
    expect(corrupt).toBe(1);
  });
});

/** A stored index's postings with a bound of `cacheBytes`, counting the term-frequency blocks each grouped read asks for. */
function postingsOf(file: string, cacheBytes: number): { store: BlockPostings; reads: number[][] } {
  const framed = FramedFile.open(file, FILE_MAGIC.index, INDEX_LAYOUT)!;
  const reads: number[][] = [];
  const store = new BlockPostings(
    (name, start, length) => framed.read(name, start, length),
    (name, start, length, out) => framed.readInto(name, start, length, out, 0),
    (name, blocks) => {
      if (name === 'postTf') reads.push(Array.from(blocks));
      return framed.readBlocks(name, blocks);
    },
    P,
    BLOCK_ENTRIES,
    1,
    cacheBytes,
  );
  return { store, reads };
}

/** `positions` (relative to `start`) with each non-negative one replaced by the built term frequency. */
function expected(start: number, positions: readonly number[]): number[] {
  const all = built.postings.tfs!(0, P);
  return positions.map((p) => (p < 0 ? p : all[start + p]!));
}

describe('term frequencies at scattered positions (tfsAt)', () => {
  const spread = (from: number, step: number): number[] => Array.from({ length: Math.floor((P - 1 - from) / step) + 1 }, (_, i) => from + i * step);
  const cases: Array<[string, number, number[]]> = [
    ['one position', 0, [0]],
    ['across a block edge', 0, [4095, 4096]],
    ['across an edge from an unaligned start', 4090, [5, 6, 7]],
    ['absent documents left as they are', 4096, [-1, 0, -1, 4095, -1, 4096, 8191, 8192, -1]],
    ['blocks far apart (several reads)', 0, spread(0, 6 * 4096)],
    ['every 3,000th to the end', 3, spread(0, 3000).filter((p) => p + 3 < P)],
    ['the last posting', P - 1, [0]],
    ['none present', 100, [-1, -1]],
    ['empty', 0, []],
  ];
  for (const [name, start, positions] of cases) {
    it(`reads as built: ${name}`, () => {
      const { index } = openIndexFile(stored());
      const got = Int32Array.from(positions);
      index.postings.tfsAt!(start, got);
      expect(Array.from(got)).toEqual(expected(start, positions));
      const again = Int32Array.from(positions);
      index.postings.tfsAt!(start, again);
      expect(Array.from(again)).toEqual(expected(start, positions));
    });
  }

  it('read nearby blocks together, far ones apart, kept ones not again', () => {
    const { store, reads } = postingsOf(stored(), 1 << 30);
    const positions = [0, 4096, 3 * 4096 + 1, 20 * 4096];
    const got = Int32Array.from(positions);
    store.tfsAt!(0, got);
    expect(Array.from(got)).toEqual(expected(0, positions));
    expect(reads).toEqual([[0, 1, 3], [20]]);
    const later = [5, 4097, 2 * 4096];
    const again = Int32Array.from(later);
    store.tfsAt!(0, again);
    expect(Array.from(again)).toEqual(expected(0, later));
    expect(reads).toEqual([[0, 1, 3], [20], [2]]);
  });

  it('read a block evicted under the bound again, the same values', () => {
    // Blocks are kept as stored (4,096 one-byte entries, 4 KiB each): two fit, a third evicts the least recently used.
    const { store, reads } = postingsOf(stored(), 2 * 4096);
    const first = [0, 4096, 2 * 4096];
    store.tfsAt!(0, Int32Array.from(first));
    const got = Int32Array.from([1]);
    store.tfsAt!(0, got);
    expect(Array.from(got)).toEqual(expected(0, [1]));
    expect(reads).toEqual([[0, 1, 2], [0]]);
  });

  it('keep blocks as stored, not widened: four 4 KiB blocks fit in 16 KiB and are not read again', () => {
    const { store, reads } = postingsOf(stored(), 4 * 4096);
    const four = [0, 4096, 2 * 4096, 3 * 4096];
    store.tfsAt!(0, Int32Array.from(four));
    const again = Int32Array.from([4095, 1, 3 * 4096 + 9, 2 * 4096 + 1]);
    store.tfsAt!(0, again);
    expect(Array.from(again)).toEqual(expected(0, [4095, 1, 3 * 4096 + 9, 2 * 4096 + 1]));
    expect(reads).toEqual([[0, 1, 2, 3]]);
    // A range within one kept block is widened for the caller, the same values as built.
    expect(same(store.tfs!(4096 + 3, 4096 + 4000), built.postings.tfs!(4096 + 3, 4096 + 4000))).toBe(true);
    expect(reads).toEqual([[0, 1, 2, 3]]);
  });

  it('find a damaged block when a position falls in it, not when its neighbours are read around it', () => {
    const file = stored();
    const bytes = readFileSync(file);
    const [offset] = sectionAt(bytes, 'postTf');
    bytes[offset + 5 * 4096 + 9]! ^= 0x01;
    writeFileSync(file, bytes);
    let corrupt = 0;
    const { index } = openIndexFile(file, () => corrupt++);
    const around = [4 * 4096 + 7, 6 * 4096];
    const got = Int32Array.from(around);
    index.postings.tfsAt!(0, got);
    expect(Array.from(got)).toEqual(expected(0, around));
    expect(corrupt).toBe(0);
    expect(() => index.postings.tfsAt!(0, Int32Array.from([4 * 4096, 5 * 4096 + 9]))).toThrow(IndexFileError);
    expect(corrupt).toBe(1);
  });

  it('refuse a position past the postings', () => {
    const { index } = openIndexFile(stored());
    expect(() => index.postings.tfsAt!(P - 1, Int32Array.from([0, 1]))).toThrow(RangeError);
  });
});

describe('term frequencies stored in 1, 2 and 4 bytes', () => {
  // A word repeated up to `most` times in a body: the largest term frequency sets the stored width.
  const cases: Array<[number, number]> = [
    [200, 1],
    [300, 2],
    [70_000, 4],
  ];
  for (const [most, width] of cases) {
    it(`read as built when the largest is ${most} (${width} bytes each), kept blocks and ranges alike`, () => {
      const n = 9000;
      const wide: RawRecord[] = Array.from({ length: n }, (_, i) => ({
        number: i + 1,
        title: `t ${i % 5 === 0 ? 'five' : ''}`,
        body: i === 17 ? 'w '.repeat(most) : `w ${'x '.repeat(i % 9)}`,
      }));
      const index = buildCompactIndex(spec, new Collection(spec, wide, new Map(), { repositories: [], users: [], issues: [] }));
      const file = storedIndexFile(index, 'posting-widths-');
      written.push(path.dirname(file));
      const opened = openIndexFile(file);
      expect(opened.header.tfBytes).toBe(width);
      const count = index.postings.count;
      const per = 4096 / width;
      const all = index.postings.tfs!(0, count);
      // Scattered positions over every block (kept blocks), then again (from the cache), then ranges.
      const positions = Array.from({ length: Math.ceil(count / 97) }, (_, i) => i * 97);
      for (let round = 0; round < 2; round++) {
        const got = Int32Array.from(positions);
        opened.index.postings.tfsAt!(0, got);
        expect(Array.from(got)).toEqual(positions.map((p) => all[p]!));
      }
      for (const [from, to] of [[0, 5], [per - 3, per + 3], [per, 2 * per], [1, count], [count - 2, count]] as const) {
        if (to > count) continue;
        expect([from, to, same(opened.index.postings.tfs!(from, to), index.postings.tfs!(from, to))]).toEqual([from, to, true]);
      }
    });
  }
});
