/**
 * Postings read from a stored index (src/cache/compact-index-file.ts BlockPostings): a range over several blocks is
 * read in one call and must equal the built arrays wherever it starts and ends; the term frequencies are checked in
 * 4 KiB blocks, so a range of them reads and checks its own 4 KiB blocks only (a damaged one is found when read, its
 * neighbours read as built).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { BLOCK_ENTRIES, IndexFileError, openIndexFile } from '../../src/cache/compact-index-file.js';
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

const stored = (): string => storedIndexFile(built, 'posting-blocks-');

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
          if (from <= to) expect(same(index.tfsRange(rank, f, from, to), built.tfsRange(b, f, from, to))).toBe(true);
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
