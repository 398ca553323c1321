/**
 * The segment's scatter records (src/segment/segment.ts): each document's priors and field lengths in small checked
 * blocks, read for sparse lists only — bit for bit the stored priors and the index's lengths, never a block no
 * document asks for, damage dropped with a notice; and the framing's read of listed blocks (src/cache/framing.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MAGIC, FramedFile, FramingError, writeFramed } from '../../src/cache/framing.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { PrivateDocs, reposAgainst } from '../../src/access/private-docs.js';
import { CompactIndex, type ScatteredLengths } from '../../src/index/compact-index.js';
import { SCATTER_CHECK_BYTES, SEGMENT_FORMAT, scatterStride, Segment, segmentId, writeSegment } from '../../src/segment/segment.js';

const COUNT = 10_000;
const FIELDS = ['title', 'body'];
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 13 === 0 ? Number.NaN : Math.cos(i) * 7 + i * 1e-7));
const boost = Float64Array.from({ length: COUNT }, (_, i) => -i / 3);
const lengths = Uint32Array.from({ length: COUNT * 2 }, (_, i) => (i * 2_654_435_761) % 100_003);
const privateDocs = PrivateDocs.from([{ doc: 5, repository: 'acme/secret' }]);

let notices: string[];
beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
});
afterEach(() => setCacheNoticeSink(undefined));

function written(priors: Map<string, Float64Array>, withLengths = true): { file: string; s: Segment } {
  const id = segmentId('columns-id');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scatter-')), 'issues-x.segment');
  const fieldLengths = withLengths ? { fields: FIELDS, lengths } : undefined;
  expect(writeSegment(file, 'issues', id, COUNT, { clock: 0, priors, privateDocs, fieldLengths })).toBeDefined();
  return { file, s: Segment.open(file, 'issues', id, COUNT)! };
}

const bits = (a: Float64Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const scatterReads = (run: () => void): number[][] => {
  const reads: number[][] = [];
  const original = FramedFile.prototype.readBlocksInto;
  FramedFile.prototype.readBlocksInto = function (this: FramedFile, name: string, blocks: ArrayLike<number>, out: Uint8Array, at: number) {
    if (name === 'scatter') reads.push(Array.from(blocks));
    original.call(this, name, blocks, out, at);
  };
  try {
    run();
  } finally {
    FramedFile.prototype.readBlocksInto = original;
  }
  return reads;
};

describe('scatter records', () => {
  it.each<[number, number, number | undefined]>([
    [1, 2, 16],
    [0, 2, 8],
    [0, 1, 8],
    [2, 2, 32],
    [3, 3, 64],
    [2, 1, 32],
    [60, 8, 512],
    [64, 1, undefined],
  ])('%i priors and %i fields take %s bytes per record', (priors, fields, stride) => {
    expect(scatterStride(priors, fields)).toBe(stride);
  });

  it.each<[string, Map<string, Float64Array>]>([
    ['one prior', new Map([['factor', factor]])],
    ['two priors', new Map([['factor', factor], ['boost', boost]])],
    ['no prior', new Map()],
  ])('give back the priors and field lengths bit for bit (%s)', (_label, priors) => {
    const { s } = written(priors);
    expect(s.scatterFields).toEqual(FIELDS);
    const docs = Uint32Array.from([0, 1, 31, 32, 33, 700, 4095, 4096, COUNT - 1]);
    expect(s.fieldLength(700, 1)).toBeUndefined(); // never read on its own
    expect(s.loadScatter(docs)).toBe(true);
    for (const doc of docs) for (let f = 0; f < 2; f++) expect(s.fieldLength(doc, f)).toBe(lengths[doc * 2 + f]);
    expect(s.fieldLength(34 * 32, 0)).toBeUndefined(); // a block no document asked for
    for (const [name, values] of priors) {
      const out = new Float64Array(docs.length);
      expect(s.scatterPriors(name, docs, out)).toBe(true);
      expect(bits(out).equals(bits(Float64Array.from(docs, (d) => values[d]!)))).toBe(true);
    }
    expect(s.scatterPriors('other', docs, new Float64Array(docs.length))).toBe(false);
  });

  it('hold none without the field lengths (the index had no statistics)', () => {
    const { s } = written(new Map([['factor', factor]]), false);
    expect(s.scatterFields).toBeUndefined();
    expect(s.loadScatter(Uint32Array.of(1))).toBe(false);
    expect(s.scatterPriors('factor', Uint32Array.of(1), new Float64Array(1))).toBe(false);
    expect(s.fieldLength(1, 0)).toBeUndefined();
  });

  // Blocks asked for (32 documents each with one prior and two fields) → the reads: nearby blocks (at most eight
  // unasked-for blocks between, a read spanning at most 32) share a read; blocks read before are not read again.
  it.each<[string, number[], number[][]]>([
    ['blocks far apart: a read each', [0, 10, 40], [[0], [10], [40]]],
    ['eight blocks between: one read', [3, 12], [[3, 12]]],
    ['nine between: two reads', [3, 13], [[3], [13]]],
    ['a span past 32 blocks: split', [0, 8, 16, 24, 32, 40], [[0, 8, 16, 24], [32, 40]]],
    ['documents of one block: one block', [5, 5], [[5]]],
  ])('read %s', (_label, blocks, expected) => {
    const { s } = written(new Map([['factor', factor]]));
    const perBlock = SCATTER_CHECK_BYTES / 16;
    const docs = Uint32Array.from(blocks, (b, i) => b * perBlock + (i % perBlock));
    expect(scatterReads(() => expect(s.loadScatter(docs)).toBe(true))).toEqual(expected);
    expect(scatterReads(() => expect(s.loadScatter(docs)).toBe(true))).toEqual([]);
  });

  // Random document sets, loaded one after another into the same segment (later sets find some blocks read): every
  // loaded document's record reads back as the section's own bytes (the framing's `readBlocks`, the path the records
  // took before they shared one buffer) and as the values written, and a document of a block no set asked for is
  // still not answered.
  it('read back random document sets as the section holds them, one set after another', () => {
    const docSet = fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { maxLength: 60 }).map((d) => Uint32Array.from(d.sort((x, y) => x - y)));
    fc.assert(
      fc.property(fc.array(docSet, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: COUNT - 1 }), (sets, probe) => {
        const { s, file } = written(new Map([['factor', factor], ['boost', boost]]));
        const stride = s.scatterStride;
        const perBlock = SCATTER_CHECK_BYTES / stride;
        const reference = FramedFile.open(file, FILE_MAGIC.segment, SEGMENT_FORMAT)!;
        try {
          const asked = new Set<number>();
          for (const docs of sets) {
            expect(s.loadScatter(docs)).toBe(true);
            for (const doc of docs) asked.add((doc / perBlock) | 0);
            const priors = [new Float64Array(docs.length), new Float64Array(docs.length)];
            expect(s.scatterPriors('factor', docs, priors[0]!)).toBe(true);
            expect(s.scatterPriors('boost', docs, priors[1]!)).toBe(true);
            for (let i = 0; i < docs.length; i++) {
              const doc = docs[i]!;
              const block = (doc / perBlock) | 0;
              const bytes = reference.readBlocks('scatter', [block])[0]!;
              const record = new DataView(bytes.buffer, bytes.byteOffset + (doc - block * perBlock) * stride, stride);
              for (let p = 0; p < 2; p++) {
                expect(bits(priors[p]!.subarray(i, i + 1)).equals(Buffer.from(record.buffer, record.byteOffset + p * 8, 8))).toBe(true);
                expect(Object.is(priors[p]![i], [factor, boost][p]![doc])).toBe(true);
              }
              for (let f = 0; f < 2; f++) {
                expect(s.fieldLength(doc, f)).toBe(record.getUint32(16 + f * 4, true));
                expect(s.fieldLength(doc, f)).toBe(lengths[doc * 2 + f]);
              }
            }
          }
          expect(s.fieldLength(probe, 1)).toBe(asked.has((probe / perBlock) | 0) ? lengths[probe * 2 + 1] : undefined);
        } finally {
          reference.close();
          s.close();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuse documents out of order or past the count (nothing read, the segment kept)', () => {
    const { s, file } = written(new Map([['factor', factor]]));
    expect(s.loadScatter(Uint32Array.of(900, 3))).toBe(false);
    expect(s.loadScatter(Uint32Array.of(3, COUNT))).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('drop a damaged scatter block when it is first read (the callers read the index and the priors instead)', () => {
    const { file } = written(new Map([['factor', factor]]));
    const framed = FramedFile.open(file, FILE_MAGIC.segment, SEGMENT_FORMAT)!;
    const at = (framed as unknown as { footer: { sections: Record<string, number[]> } }).footer.sections['scatter']![0]!;
    framed.close();
    const bytes = readFileSync(file);
    bytes[at + 3 * SCATTER_CHECK_BYTES + 9]! ^= 1; // block 3
    writeFileSync(file, bytes);
    const s = Segment.open(file, 'issues', segmentId('columns-id'), COUNT)!;
    expect(s.loadScatter(Uint32Array.of(1, 2 * 32))).toBe(true); // blocks 0 and 2: block 3 is not checked
    expect(s.loadScatter(Uint32Array.of(3 * 32 + 1))).toBe(false);
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(s.scatterPriors('factor', Uint32Array.of(1), new Float64Array(1))).toBe(false);
  });
});

describe('reading listed blocks of a framed section', () => {
  const data = Uint8Array.from({ length: 100 * 64 + 24 }, (_, i) => (i * 31) & 255);
  const framed = (): { bytes: Buffer } => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'blocks-')), 'x.items');
    writeFramed(file, FILE_MAGIC.items, 1, null, new Map([['a', new Uint8Array(8)], ['data', data]]), 4096, new Map([['data', 64]]));
    return { bytes: readFileSync(file) };
  };

  it('gives each listed block (the last one shorter), in one read', () => {
    const f = FramedFile.fromBytes(framed().bytes, FILE_MAGIC.items, 1);
    expect(f.sectionBlockBytes('data')).toBe(64);
    const got = f.readBlocks('data', [2, 7, 100]);
    expect(got.map((b) => Buffer.from(b))).toEqual([2, 7, 100].map((b) => Buffer.from(data.subarray(b * 64, Math.min(data.length, b * 64 + 64)))));
    expect(f.readBlocks('data', [])).toEqual([]);
  });

  it('copies listed blocks one after another into the caller\'s memory from a byte on, the rest left as it was', () => {
    const f = FramedFile.fromBytes(framed().bytes, FILE_MAGIC.items, 1);
    const out = new Uint8Array(3 * 64 + 40).fill(0xee);
    f.readBlocksInto('data', [2, 7, 100], out, 10);
    const expected = new Uint8Array(out.length).fill(0xee);
    [2, 7, 100].forEach((b, k) => expected.set(data.subarray(b * 64, Math.min(data.length, b * 64 + 64)), 10 + k * 64));
    expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
    f.readBlocksInto('data', [], out, 0);
    expect(() => f.readBlocksInto('data', [7, 100], out, out.length - 64 - 24 + 1)).toThrow(RangeError); // 64 + 24 bytes, 87 free
    expect(() => f.readBlocksInto('data', [7, 100], out, -1)).toThrow(RangeError);
    f.readBlocksInto('data', [7, 100], out, out.length - 64 - 24); // just fits: the last block is 24 bytes
    expect(() => f.readBlocksInto('data', [7, 2], out, 0)).toThrow(FramingError);
  });

  it('copies nothing when a listed block is damaged', () => {
    const { bytes } = framed();
    bytes[16 + 8 + 5 * 64 + 1]! ^= 0x40; // block 5
    const f = FramedFile.fromBytes(bytes, FILE_MAGIC.items, 1);
    const out = new Uint8Array(data.length);
    expect(() => f.readBlocksInto('data', [4, 5], out, 0)).toThrow(/block 5 is corrupt/);
    expect(out.every((x) => x === 0)).toBe(true);
  });

  it.each<[string, number[]]>([
    ['out of order', [7, 2]],
    ['twice', [2, 2]],
    ['past the end', [101]],
    ['negative', [-1]],
  ])('refuses blocks %s', (_label, blocks) => {
    const f = FramedFile.fromBytes(framed().bytes, FILE_MAGIC.items, 1);
    expect(() => f.readBlocks('data', blocks)).toThrow(FramingError);
  });

  it('checks the listed blocks only: damage between them goes unread, damage in one is refused', () => {
    const { bytes } = framed();
    const start = 16 + 8; // prefix, then section `a` (8 bytes)
    bytes[start + 5 * 64 + 1]! ^= 0x40; // block 5
    const f = FramedFile.fromBytes(bytes, FILE_MAGIC.items, 1);
    expect(Buffer.from(f.readBlocks('data', [2, 9])[1]!)).toEqual(Buffer.from(data.subarray(9 * 64, 10 * 64)));
    expect(() => f.readBlocks('data', [4, 5])).toThrow(/block 5 is corrupt/);
  });
});

describe('an index reading sparse lists from scattered lengths', () => {
  function index(source: ScatteredLengths): CompactIndex {
    const idx = new CompactIndex({
      fields: [{ name: 'title', boost: 1 }],
      docCount: 5_120,
      termOffsets: new Uint32Array(1),
      termBytes: new Uint8Array(0),
      termIndex: new Uint32Array(0),
      postStart: new Uint32Array(1),
      postings: undefined as never,
      fieldLengths: () => new Uint32Array(5_120).fill(4),
    } as never);
    idx.lengthsFrom(source);
    return idx;
  }

  it.each<[string, number[], number[], number[] | undefined]>([
    ['sparse: read', [3, 700, 2000], [1, 1, 1], [3, 700, 2000]],
    ['hidden documents never read', [3, 700, 2000], [1, -1, 1], [3, 2000]],
    ['too dense (more than one per 512): not read', Array.from({ length: 11 }, (_, i) => i * 200), new Array(11).fill(1), undefined],
    ['only hidden ones beyond the density: read', Array.from({ length: 12 }, (_, i) => i * 200), [...new Array(10).fill(1), -1, -1], Array.from({ length: 10 }, (_, i) => i * 200)],
  ])('%s', (_label, docs, tfs, loaded) => {
    let got: number[] | undefined;
    const idx = index({ load: (d) => void (got = Array.from(d)), length: (doc) => (doc === 3 ? 99 : undefined) });
    idx.prepareLengths(Uint32Array.from(docs), Int32Array.from(tfs));
    expect(got).toEqual(loaded);
    expect(idx.fieldLength(3, 0)).toBe(99);
    expect(idx.fieldLength(4, 0)).toBe(4);
  });
});

describe("the private documents' repositories, read on first use", () => {
  const docs = PrivateDocs.from([
    { doc: 3, repository: 'acme/secret' },
    { doc: 9, repository: 'carol/vault' },
    { doc: 11, repository: 'acme/secret' },
  ]);
  function stored(): { file: string; id: string } {
    const id = segmentId('columns-id');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'repos-')), 'issues-x.segment');
    writeSegment(file, 'issues', id, COUNT, { clock: 0, priors: new Map([['factor', factor]]), privateDocs: docs });
    return { file, id };
  }
  const reposAt = (file: string): number => {
    const framed = FramedFile.open(file, FILE_MAGIC.segment, SEGMENT_FORMAT)!;
    const at = (framed as unknown as { footer: { sections: Record<string, number[]> } }).footer.sections['private.repos']![0]!;
    framed.close();
    return at;
  };

  it('are not read at open, and are the stored ones when asked for', () => {
    const { file, id } = stored();
    const reads: string[] = [];
    const original = FramedFile.prototype.read;
    FramedFile.prototype.read = function (this: FramedFile, name: string, start?: number, length?: number) {
      reads.push(name);
      return original.call(this, name, start, length);
    };
    try {
      const s = Segment.open(file, 'issues', id, COUNT)!;
      expect(reads).not.toContain('private.repos');
      expect(s.privateDocs.list()).toEqual(docs.list());
      expect(reads).toContain('private.repos');
    } finally {
      FramedFile.prototype.read = original;
    }
  });

  it('damaged: a notice, the file dropped, and the column derived instead (or an error without a way to derive it)', () => {
    const { file, id } = stored();
    const bytes = readFileSync(file);
    bytes[reposAt(file) + 4]! ^= 1;
    writeFileSync(file, bytes);
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect(notices).toEqual([]);
    s.privateDocs.deriveReposWith(() => reposAgainst(s.privateDocs.docs, s.privateDocs.repositories, docs));
    expect(s.privateDocs.list()).toEqual(docs.list());
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(s.prior('factor', 1)).toBeUndefined(); // the segment is no longer used

    const again = stored();
    const damagedBytes = readFileSync(again.file);
    damagedBytes[reposAt(again.file) + 4]! ^= 1;
    writeFileSync(again.file, damagedBytes);
    const t = Segment.open(again.file, 'issues', again.id, COUNT)!;
    expect(() => t.privateDocs.repos).toThrow(/cannot be read/);
  });

  it.each<[string, PrivateDocs, RegExp | undefined]>([
    ['the same documents, another table order', PrivateDocs.from([{ doc: 3, repository: 'acme/secret' }, { doc: 9, repository: 'carol/vault' }, { doc: 11, repository: 'acme/secret' }].reverse().sort((a, b) => a.doc - b.doc)), undefined],
    ['other documents', PrivateDocs.from([{ doc: 3, repository: 'acme/secret' }, { doc: 10, repository: 'carol/vault' }, { doc: 11, repository: 'acme/secret' }]), /differ/],
    ['a repository not in the table', PrivateDocs.from([{ doc: 3, repository: 'acme/secret' }, { doc: 9, repository: 'dave/other' }, { doc: 11, repository: 'acme/secret' }]), /missing/],
  ])('derived against the stored table: %s', (_label, derived, error) => {
    const table = ['carol/vault', 'acme/secret'];
    if (error) expect(() => reposAgainst(docs.docs, table, derived)).toThrow(error);
    else expect(Array.from(reposAgainst(docs.docs, table, derived))).toEqual([1, 0, 1]);
  });
});
