/**
 * The priors the top-k collector and its seed floor read for their matches (src/rank/rank.ts gatherPrior): from the
 * segment's scatter records when the matches are at most one per SCATTERED_SPACING documents, else from the prior's
 * blocks — the stored values bit for bit either way (NaN included), and only the section the rule picks is read.
 */
import { describe, expect, it } from 'vitest';
import { FramedFile } from '../../src/cache/framing.js';
import { SCATTERED_SPACING } from '../../src/index/compact-index.js';
import { gatherPrior } from '../../src/rank/rank.js';
import { PRIOR_BLOCK_DOCS } from '../../src/segment/segment.js';
import type { Collection } from '../../src/store/collection.js';
import { segmentCollection } from '../helpers/segment-collection.js';

const COUNT = 40 * PRIOR_BLOCK_DOCS + 77;
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 11 === 0 ? Number.NaN : Math.sin(i) * 3 + i * 1e-6));
const lengths = Uint32Array.from({ length: COUNT * 2 }, (_, i) => (i * 40_503) % 977);

/** A collection of COUNT documents whose segment stores `factor` (with scatter records when `scatter`). */
function collection(scatter = true): Collection {
  return segmentCollection(factor, scatter ? { fields: ['title', 'body'], lengths } : undefined);
}

/** The sections `run` reads through the framing (`read`, `readBlocks` or `readBlocksInto`), each once, in order. */
function sectionsRead(run: () => void): string[] {
  const names: string[] = [];
  const { read, readBlocks, readBlocksInto } = FramedFile.prototype;
  FramedFile.prototype.read = function (this: FramedFile, name: string, start?: number, length?: number) {
    if (!names.includes(name)) names.push(name);
    return read.call(this, name, start, length);
  };
  FramedFile.prototype.readBlocks = function (this: FramedFile, name: string, blocks: ArrayLike<number>) {
    if (!names.includes(name)) names.push(name);
    return readBlocks.call(this, name, blocks);
  };
  FramedFile.prototype.readBlocksInto = function (this: FramedFile, name: string, blocks: ArrayLike<number>, out: Uint8Array, at: number) {
    if (!names.includes(name)) names.push(name);
    readBlocksInto.call(this, name, blocks, out, at);
  };
  try {
    run();
  } finally {
    FramedFile.prototype.read = read;
    FramedFile.prototype.readBlocks = readBlocks;
    FramedFile.prototype.readBlocksInto = readBlocksInto;
  }
  return names;
}

const every = (step: number, from = 0): Uint32Array => Uint32Array.from({ length: Math.ceil((COUNT - from) / step) }, (_, i) => from + i * step);
const same = (a: Float64Array, b: Float64Array): boolean => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
/** The most documents the scatter records serve: one per SCATTERED_SPACING of the collection. */
const SPARSEST = Math.floor(COUNT / SCATTERED_SPACING);

describe('the priors of a collector round', () => {
  it.each<[string, Uint32Array, boolean, string]>([
    ['sparse matches: scatter records', every(600, 7), true, 'scatter'],
    ['as many as the rule allows (NaN priors among them)', every(Math.ceil(COUNT / SPARSEST), 0).subarray(0, SPARSEST), true, 'scatter'],
    ['one more than the rule allows: prior blocks', every(Math.floor(COUNT / (SPARSEST + 1)), 3).subarray(0, SPARSEST + 1), true, 'prior.factor'],
    ['dense matches: prior blocks', every(50, 1), true, 'prior.factor'],
    ['neighbours in one scatter block', Uint32Array.of(64, 65, 66, 95), true, 'scatter'],
    ['the last document', Uint32Array.of(COUNT - 1), true, 'scatter'],
    ['a segment without scatter records: prior blocks', every(600, 7), false, 'prior.factor'],
  ])('%s', (_label, docs, scatter, section) => {
    const c = collection(scatter);
    const out = new Float64Array(docs.length + 1).fill(-5);
    const read = sectionsRead(() => expect(gatherPrior(c, 'factor', docs, out)).toBe(true));
    expect(same(out.subarray(0, docs.length), Float64Array.from(docs, (d) => factor[d]!))).toBe(true);
    expect(out[docs.length]).toBe(-5);
    expect(read.filter((name) => name === 'scatter' || name === 'prior.factor')).toEqual([section]);
  });

  it('reads nothing for no documents', () => {
    const c = collection();
    const out = new Float64Array(0);
    expect(sectionsRead(() => expect(gatherPrior(c, 'factor', new Uint32Array(0), out)).toBe(true)).filter((n) => n === 'scatter' || n === 'prior.factor')).toEqual([]);
  });

  it('a kind without the prior reads none', () => {
    expect(gatherPrior(collection(), 'other', Uint32Array.of(1), new Float64Array(1))).toBe(false);
  });

  it('a second round over documents read before gives the same values', () => {
    const c = collection();
    const first = every(700, 11);
    const second = every(650, 11);
    for (const docs of [first, second, first]) {
      const out = new Float64Array(docs.length);
      expect(gatherPrior(c, 'factor', docs, out)).toBe(true);
      expect(same(out, Float64Array.from(docs, (d) => factor[d]!))).toBe(true);
    }
  });
});
