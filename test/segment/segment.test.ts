/** Segment facts (src/segment/segment.ts): stored as built, matched to their collection, damage healed. */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MAGIC, FramedFile } from '../../src/cache/framing.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { PrivateDocs } from '../../src/access/private-docs.js';
import { markedBits } from '../../src/doc-bits.js';
import { FINE_BLOCK_DOCS, MAXIMA_BLOCK_DOCS, PRIOR_BLOCK_DOCS, privateDocsFit, Segment, SEGMENT_FORMAT, segmentId, writeSegment } from '../../src/segment/segment.js';

const COUNT = 20_000; // more than two blocks of priors
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 7 === 0 ? Number.NaN : Math.sin(i) * 1e-3 + i));
const facts = {
  clock: 1_700_000_000_123,
  priors: new Map([['factor', factor]]),
  privateDocs: PrivateDocs.from([{ doc: 3, repository: 'acme/secret' }, { doc: 9, repository: 'carol/vault' }, { doc: 11, repository: 'acme/secret' }]),
};
let notices: string[];
beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
});
afterEach(() => setCacheNoticeSink(undefined));

function written(clock = facts.clock): { file: string; id: string } {
  const id = segmentId('columns-id');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-')), 'issues-x.segment');
  expect(writeSegment(file, 'issues', id, COUNT, { ...facts, clock })).toBeGreaterThan(COUNT * 8);
  return { file, id };
}

describe('segment facts', () => {
  it('give back the clock, the private documents and every prior bit for bit', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect(s.clock).toBe(facts.clock);
    expect(s.privateDocs.list()).toEqual(facts.privateDocs.list());
    for (const doc of [0, 1, 7, 8191, 8192, 16_383, COUNT - 1]) expect(Object.is(s.prior('factor', doc), factor[doc])).toBe(true);
    expect([s.prior('other', 1), s.prior('factor', COUNT)]).toEqual([undefined, undefined]);
    expect(notices).toEqual([]);
  });

  it('store the private documents as a bitmap too, read on first use (damaged: dropped, noticed and deleted then)', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect([...s.privateDocs.bits!]).toEqual([...markedBits(facts.privateDocs.docs, COUNT)]);
    expect(s.privateDocs.bits!.length).toBe(Math.ceil(COUNT / 32));
    s.close();
    const framed = FramedFile.open(file, FILE_MAGIC.segment, SEGMENT_FORMAT)!;
    const [offset] = (framed as unknown as { footer: { sections: Record<string, [number]> } }).footer.sections['private.bits']!;
    framed.close();
    const bytes = readFileSync(file);
    bytes[offset]! ^= 1 << 5; // document 5 marked private in the bitmap only
    writeFileSync(file, bytes);
    const damaged = Segment.open(file, 'issues', id, COUNT)!;
    // Opened without reading the bitmap: nothing noticed until it is first asked for.
    expect(damaged.privateDocs.docs).toEqual(facts.privateDocs.docs);
    expect(notices).toEqual([]);
    expect(damaged.privateDocs.bits).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    // Dropped as a damaged prior block is: no later read, no second notice, the bitmap stays absent.
    expect(damaged.prior('factor', 1)).toBeUndefined();
    expect(damaged.privateDocs.bits).toBeUndefined();
    expect(notices).toHaveLength(1);
  });

  it('read the bitmap once, whichever asks first, and hand every reader the same words', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    const first = s.privateDocs.bits!;
    expect(s.privateDocs.bits).toBe(first);
    expect(s.privateDocs.list()).toEqual(facts.privateDocs.list());
    expect(notices).toEqual([]);
    s.close();
  });

  it("store the private documents' field-length sums, or none", () => {
    const { file, id } = written();
    expect(Segment.open(file, 'issues', id, COUNT)!.privateLengths).toBeUndefined();
    const other = path.join(path.dirname(file), 'issues-y.segment');
    const privateLengths = new Map([['title', 17], ['body', 2 ** 40 + 3]]);
    writeSegment(other, 'issues', id, COUNT, { ...facts, privateLengths });
    const s = Segment.open(other, 'issues', id, COUNT)!;
    expect(s.privateLengths).toEqual(privateLengths);
    expect(s.privateDocs.docs).toEqual(Uint32Array.from([3, 9, 11]));
    expect([...s.privateDocs.repos].map((r) => s.privateDocs.repositories[r])).toEqual(['acme/secret', 'carol/vault', 'acme/secret']);
  });

  it('give every block of a prior in order (read ahead) and out of order, bit for bit', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    const blocks = Math.ceil(COUNT / PRIOR_BLOCK_DOCS);
    const expectBlock = (b: number) => {
      const block = s.priorBlock('factor', b)!;
      const want = factor.subarray(b * PRIOR_BLOCK_DOCS, Math.min(COUNT, (b + 1) * PRIOR_BLOCK_DOCS));
      expect(block.length).toBe(want.length);
      expect(Buffer.from(block.buffer, block.byteOffset, block.byteLength).equals(Buffer.from(want.buffer, want.byteOffset, want.byteLength))).toBe(true);
    };
    for (const b of [7, 3]) expectBlock(b);
    for (let b = 0; b < blocks; b++) expectBlock(b);
    expect(s.priorBlock('factor', blocks)).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('read a block with the blocks after it through the one asked for, in one read, bit for bit', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    const blocks = Math.ceil(COUNT / PRIOR_BLOCK_DOCS);
    const expectBlock = (block: Float64Array | undefined, b: number) => {
      const want = factor.subarray(b * PRIOR_BLOCK_DOCS, Math.min(COUNT, (b + 1) * PRIOR_BLOCK_DOCS));
      expect(block && Buffer.from(block.buffer, block.byteOffset, block.byteLength).equals(Buffer.from(want.buffer, want.byteOffset, want.byteLength))).toBe(true);
    };
    expectBlock(s.priorBlock('factor', 2, 6), 2);
    // Blocks 3..6 came with it: the same arrays (views into the one read), whatever `through` is asked later.
    for (let b = 3; b <= 6; b++) expectBlock(s.priorBlock('factor', b), b);
    expect(s.priorBlock('factor', 4, 30)!.buffer).toBe(s.priorBlock('factor', 2)!.buffer);
    // Through past the end: the blocks that exist.
    expectBlock(s.priorBlock('factor', blocks - 2, blocks + 5), blocks - 2);
    expectBlock(s.priorBlock('factor', blocks - 1), blocks - 1);
    expect(notices).toEqual([]);
  });

  it('read no further than `through` when it is given, even right after the previous block (no read-ahead)', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    const reads: Array<[string, number, number]> = [];
    const original = FramedFile.prototype.read;
    FramedFile.prototype.read = function (this: FramedFile, name: string, start?: number, length?: number) {
      reads.push([name, start ?? 0, length ?? 0]);
      return original.call(this, name, start, length);
    };
    try {
      s.priorBlock('factor', 2);
      s.priorBlock('factor', 3, 3);
      s.priorBlock('factor', 4, 5);
      // Without `through`, a block asked for right after its predecessor reads ahead.
      s.priorBlock('factor', 6);
    } finally {
      FramedFile.prototype.read = original;
    }
    const bytes = PRIOR_BLOCK_DOCS * 8;
    expect(reads).toEqual([
      ['prior.factor', 2 * bytes, bytes],
      ['prior.factor', 3 * bytes, bytes],
      ['prior.factor', 4 * bytes, 2 * bytes],
      ['prior.factor', 6 * bytes, 16 * bytes], // the segment's read-ahead: 16 blocks
    ]);
  });

  it.each<[string, number[], number[], number, boolean]>([
    ['ascending, in range', [3, 9, 11], [0, 1, 0], 2, true],
    ['none', [], [], 0, true],
    ['out of order', [3, 11, 9], [0, 1, 0], 2, false],
    ['a duplicate', [3, 9, 9], [0, 1, 0], 2, false],
    ['a document past the count', [3, 9, COUNT], [0, 1, 0], 2, false],
    ['a repository past the table', [3, 9, 11], [0, 2, 0], 2, false],
  ])('store private documents only when every reader can rely on them: %s', (_label, docs, repos, repositories, fit) => {
    const d = Uint32Array.from(docs);
    const r = Uint32Array.from(repos);
    expect(privateDocsFit(d, r, repositories, COUNT)).toBe(fit);
    const names = ['acme/secret', 'carol/vault'].slice(0, repositories);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-')), 'issues-x.segment');
    const size = writeSegment(file, 'issues', segmentId('columns-id'), COUNT, { ...facts, privateDocs: new PrivateDocs(d, r, names) });
    expect(size !== undefined).toBe(fit);
    expect(existsSync(file)).toBe(fit);
    if (fit) expect(Segment.open(file, 'issues', segmentId('columns-id'), COUNT)!.privateDocs.docs).toEqual(d);
  });

  it('store a NaN clock (a kind without one)', () => {
    const { file, id } = written(Number.NaN);
    expect(Segment.open(file, 'issues', id, COUNT)!.clock).toBeNaN();
  });

  it("are another collection's when the kind, id or count differ: refused, noticed and deleted", () => {
    for (const [kind, id, count] of [['commits', segmentId('columns-id'), COUNT], ['issues', segmentId('other'), COUNT], ['issues', segmentId('columns-id'), COUNT + 1]] as const) {
      const { file } = written();
      expect(Segment.open(file, kind, id, count)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
    }
    expect(notices).toHaveLength(3);
  });

  it('drop a damaged prior block when it is first read (the caller computes the prior instead)', () => {
    const { file, id } = written();
    const bytes = readFileSync(file);
    // private.docs (12 bytes → 16), private.repos (12 → 16), then prior.factor: damage its second block.
    bytes[16 + 16 + 16 + 512 * 8 + 5]! ^= 1;
    writeFileSync(file, bytes);
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect(Object.is(s.prior('factor', 8), factor[8])).toBe(true);
    expect(s.prior("factor", 512 + 3)).toBeUndefined();
    expect(s.prior('factor', 8)).toBeUndefined(); // no longer used at all
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('give back each prior\'s block and sub-block maxima over every document and over the public ones', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    const isPrivate = new Set(facts.privateDocs.docs);
    const maxOf = (from: number, size: number, publicOnly: boolean): number => {
      let max = -Infinity;
      for (let doc = from; doc < Math.min(COUNT, from + size); doc++) if (!publicOnly || !isPrivate.has(doc)) max = Math.max(max, factor[doc]!);
      return max;
    };
    for (const over of ['all', 'public'] as const) {
      const blocks = s.priorMaxima('factor', over)!;
      expect(blocks).toHaveLength(Math.ceil(COUNT / MAXIMA_BLOCK_DOCS));
      // Block 0 holds the private documents 3, 9, 11 and a NaN (doc 0): NaN either way.
      for (const b of [0, 1, 77, blocks.length - 1]) expect(Object.is(blocks[b], maxOf(b * MAXIMA_BLOCK_DOCS, MAXIMA_BLOCK_DOCS, over === 'public'))).toBe(true);
      for (const sub of [0, 1, 700, 1249]) {
        expect(Object.is(s.fineMaximum('factor', over, sub), maxOf(sub * FINE_BLOCK_DOCS, FINE_BLOCK_DOCS, over === 'public'))).toBe(true);
      }
      expect(s.fineMaximum('factor', over, Math.ceil(COUNT / FINE_BLOCK_DOCS))).toBeUndefined();
    }
    // Sub-block 0 (documents 0–15) holds a NaN; its public maximum leaves out 3, 9 and 11 but keeps the NaN of 0 and 7.
    expect(s.fineMaximum('factor', 'public', 0)).toBeNaN();
    expect(notices).toEqual([]);
  });

  it('hold no maxima for a prior below 0 somewhere (a bound must not multiply by it)', () => {
    const id = segmentId('columns-id');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-')), 'issues-x.segment');
    const signed = Float64Array.from(factor, (v, i) => (i === 5000 ? -1 : v));
    writeSegment(file, 'issues', id, COUNT, { ...facts, priors: new Map([['factor', signed], ['plain', factor]]) });
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect([s.priorMaxima('factor', 'all'), s.fineMaximum('factor', 'all', 3)]).toEqual([undefined, undefined]);
    expect(s.priorMaxima('plain', 'all')).toBeDefined();
    expect(Object.is(s.prior('factor', 5000), -1)).toBe(true);
  });

  it('give back each stored champion list by its term, and none for a term between, before or after them', () => {
    // Terms in UTF-16 order (as the build writes them), with lists of different lengths, one empty.
    const lists = [
      ['alpha', 9, [4, 1, 7]],
      ['beta', 2, [5, 2]],
      ['delta', 0, []],
      ['gamma', 30, [0, 3, 8, 6, 2]],
      ['zeta', 1, [19_999]],
    ] as const;
    const champions = lists.map(([term, total, docs]) => ({
      term,
      total,
      docs: Uint32Array.from(docs),
      scores: Float64Array.from(docs, (doc, i) => 10 - i + doc / 1e6),
    }));
    const id = segmentId('columns-id');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-')), 'issues-c.segment');
    writeSegment(file, 'issues', id, COUNT, { ...facts, champions });
    const s = Segment.open(file, 'issues', id, COUNT)!;
    for (const list of champions) {
      for (const k of [0, 1, 3, 100]) {
        const n = Math.min(k, list.docs.length);
        const got = s.champion(list.term, k)!;
        expect([got.total, [...got.docs], [...got.scores]]).toEqual([list.total, [...list.docs.subarray(0, n)], [...list.scores.subarray(0, n)]]);
      }
    }
    for (const term of ['', 'a', 'alphabet', 'b', 'epsilon', 'gammb', 'zeta0', 'zz', 'Alpha']) expect(s.champion(term, 10)).toBeUndefined();
    expect(notices).toEqual([]);
  });
});
