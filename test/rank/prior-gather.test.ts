/**
 * A kind's priors read from the segment (src/rank/rank.ts PriorValues over src/segment): gathered for sorted,
 * sparse or dense, documents — a few blocks per read — or read one by one, they are the stored values bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { FramedFile } from '../../src/cache/framing.js';
import { gatherPrior, priorReader } from '../../src/rank/rank.js';
import { PRIOR_BLOCK_DOCS } from '../../src/segment/segment.js';
import type { Collection } from '../../src/store/collection.js';
import { segmentCollection } from '../helpers/segment-collection.js';

const COUNT = 40 * PRIOR_BLOCK_DOCS + 77;
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 11 === 0 ? Number.NaN : Math.cos(i) + i * 1e-6));

function collection(): Collection {
  return segmentCollection(factor);
}

const same = (a: Float64Array, b: Float64Array): boolean => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const every = (step: number, from = 0): Uint32Array => Uint32Array.from({ length: Math.ceil((COUNT - from) / step) }, (_, i) => from + i * step);

describe('priors gathered from the segment', () => {
  it.each<[string, Uint32Array[]]>([
    ['every document', [every(1)]],
    ['one document per block (a read per group of nearby blocks)', [every(PRIOR_BLOCK_DOCS, 5)]],
    ['documents far apart (a block per read)', [every(20 * PRIOR_BLOCK_DOCS + 3)]],
    ['a sparse gather, then a denser one over blocks partly read already', [every(3 * PRIOR_BLOCK_DOCS + 1), every(PRIOR_BLOCK_DOCS / 4, 2)]],
    ['the last block, then the first ones', [Uint32Array.of(COUNT - 1), Uint32Array.of(0, 1, PRIOR_BLOCK_DOCS + 1)]],
    ['documents out of order (still right, one block at a time)', [Uint32Array.of(9000, 3, 15_000, 2, 20_000)]],
  ])('%s', (_label, gathers) => {
    const c = collection();
    for (const docs of gathers) {
      const out = new Float64Array(docs.length);
      expect(gatherPrior(c, 'factor', docs, out)).toBe(true);
      expect(same(out, Float64Array.from(docs, (d) => factor[d]!))).toBe(true);
    }
    const read = priorReader(c, 'factor')!;
    for (const doc of [0, 511, 512, COUNT - 1]) expect(Object.is(read(doc), factor[doc])).toBe(true);
  });

  // Blocks asked for, and the reads (first block, blocks) a gather makes for them. Every document at once (`all`):
  // nearby blocks (at most two unasked-for blocks between) share a read of at most 16 blocks, blocks farther apart
  // are read alone. More to come (`more`, the top-k rounds): a read reaches the last block asked for within 16.
  it.each<[string, 'all' | 'more', number[], Array<[number, number]>]>([
    ['blocks far apart: one read each, never the blocks between', 'all', [0, 4, 9, 20], [[0, 1], [4, 1], [9, 1], [20, 1]]],
    ['adjacent blocks: one read', 'all', [5, 6, 7], [[5, 3]]],
    ['two unasked-for blocks between: one read', 'all', [5, 8], [[5, 4]]],
    ['three between: two reads', 'all', [5, 9], [[5, 1], [9, 1]]],
    ['a run longer than 16 blocks: split at 16', 'all', [...Array.from({ length: 20 }, (_, i) => i + 2)], [[2, 16], [18, 4]]],
    ['more to come: blocks within 16 in one read, the blocks between too', 'more', [0, 4, 9, 20], [[0, 10], [20, 1]]],
    ['more to come: blocks 16 or more apart, a read each', 'more', [3, 19, 20], [[3, 1], [19, 2]]],
  ])('reads %s', (_label, reach, blocks, expected) => {
    const c = collection();
    const docs = Uint32Array.from(blocks, (b) => b * PRIOR_BLOCK_DOCS + 7);
    const reads: Array<[number, number]> = [];
    const original = FramedFile.prototype.read;
    FramedFile.prototype.read = function (this: FramedFile, name: string, start?: number, length?: number) {
      if (name === 'prior.factor') reads.push([(start ?? 0) / (PRIOR_BLOCK_DOCS * 8), (length ?? 0) / (PRIOR_BLOCK_DOCS * 8)]);
      return original.call(this, name, start, length);
    };
    const out = new Float64Array(docs.length);
    try {
      gatherPrior(c, 'factor', docs, out, reach);
    } finally {
      FramedFile.prototype.read = original;
    }
    expect(reads).toEqual(expected);
    expect(same(out, Float64Array.from(docs, (d) => factor[d]!))).toBe(true);
  });

  it('a kind without the prior gathers nothing', () => {
    expect(gatherPrior(collection(), 'other', Uint32Array.of(1), new Float64Array(1))).toBe(false);
  });
});
