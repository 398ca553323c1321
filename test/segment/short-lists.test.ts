/**
 * The segment's short lists (src/segment/segment.ts, format 6): the scatter records of every short posting's
 * documents stored one after the other, read in one read when the posting is weighed — bit for bit the stored priors
 * and the index's field lengths, no scatter block read for their documents, anything else (a slot holding no list, a
 * list of another length) refused without a notice, damage dropped with one; and the index's side
 * (index/compact-index.ts `isShortList`, `prepareList`).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MAGIC, FramedFile } from '../../src/cache/framing.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { PrivateDocs } from '../../src/access/private-docs.js';
import { ArrayPostings, CompactIndex, isShortList, SHORT_LIST_MIN, type ScatteredLengths } from '../../src/index/compact-index.js';
import { SEGMENT_FORMAT, Segment, segmentId, writeSegment, type ShortListSource } from '../../src/segment/segment.js';

/** 65,536 documents: a short list holds 16 to 128 of them. */
const COUNT = 1 << 16;
const FIELDS = ['title', 'body'];
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 13 === 0 ? Number.NaN : Math.sin(i) * 5 + i * 1e-9));
const boost = Float64Array.from({ length: COUNT }, (_, i) => -i / 7);
const lengths = Uint32Array.from({ length: COUNT * 2 }, (_, i) => (i * 2_654_435_761) % 100_003);
const privateDocs = PrivateDocs.from([{ doc: 5, repository: 'acme/secret' }]);

/** Ascending documents `n` of them, spread by a stride and an offset (distinct per slot). */
const spread = (n: number, offset: number): Uint32Array => Uint32Array.from({ length: n }, (_, i) => (offset + i * Math.floor(COUNT / (n + 1))) % COUNT).sort();
/** Slot → its posting: short ones (16, 20, 128) and others (5, 129, 2,000, empty). */
const postings = [spread(20, 7), spread(5, 11), spread(2000, 3), spread(16, 1), spread(128, 40), spread(129, 9), new Uint32Array(0), spread(20, 2)];
const source: ShortListSource = { slotCount: postings.length, slotLength: (s) => postings[s]!.length, slotDocs: (s) => postings[s]! };

let notices: string[];
beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
});
afterEach(() => setCacheNoticeSink(undefined));

function written(priors: Map<string, Float64Array>, withPostings = true): { file: string; s: Segment } {
  const id = segmentId('columns-id');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'short-')), 'issues-x.segment');
  const facts = { clock: 0, priors, privateDocs, fieldLengths: { fields: FIELDS, lengths }, ...(withPostings ? { postings: source } : {}) };
  expect(writeSegment(file, 'issues', id, COUNT, facts)).toBeDefined();
  return { file, s: Segment.open(file, 'issues', id, COUNT)! };
}

/** The sections read (by `read` and `readBlocks`) while `run` runs. */
const sectionsRead = (run: () => void): string[] => {
  const reads: string[] = [];
  const read = FramedFile.prototype.read;
  const readBlocks = FramedFile.prototype.readBlocks;
  FramedFile.prototype.read = function (this: FramedFile, name: string, start?: number, length?: number) {
    reads.push(name);
    return read.call(this, name, start, length);
  };
  FramedFile.prototype.readBlocks = function (this: FramedFile, name: string, blocks: ArrayLike<number>) {
    reads.push(name);
    return readBlocks.call(this, name, blocks);
  };
  try {
    run();
  } finally {
    FramedFile.prototype.read = read;
    FramedFile.prototype.readBlocks = readBlocks;
  }
  return reads;
};

const bits = (a: Float64Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

describe('a short list', () => {
  it.each<[number, number, boolean]>([
    [SHORT_LIST_MIN - 1, COUNT, false],
    [SHORT_LIST_MIN, COUNT, true],
    [128, COUNT, true],
    [129, COUNT, false],
    [1953, 1_000_000, true],
    [1954, 1_000_000, false],
    [16, 8191, false],
  ])('of %i documents among %i: %s', (length, docCount, short) => {
    expect(isShortList(length, docCount)).toBe(short);
  });
});

describe("the segment's short lists", () => {
  it.each<[string, Map<string, Float64Array>]>([
    ['one prior', new Map([['factor', factor]])],
    ['two priors', new Map([['factor', factor], ['boost', boost]])],
  ])('give back the priors and field lengths bit for bit, one read per list and no scatter block (%s)', (_label, priors) => {
    const { s } = written(priors);
    for (const slot of [0, 3, 4, 7]) {
      const docs = postings[slot]!;
      expect(sectionsRead(() => expect(s.loadList(slot, docs)).toBe(true))).toEqual(['short.starts', 'short.records']);
      expect(sectionsRead(() => expect(s.loadList(slot, docs)).toBe(true))).toEqual([]); // read once
      const reads = sectionsRead(() => {
        expect(s.loadScatter(docs)).toBe(true);
        for (const doc of docs) for (let f = 0; f < 2; f++) expect(s.fieldLength(doc, f)).toBe(lengths[doc * 2 + f]);
        for (const [name, values] of priors) {
          const out = new Float64Array(docs.length);
          expect(s.scatterPriors(name, docs, out)).toBe(true);
          expect(bits(out).equals(bits(Float64Array.from(docs, (d) => values[d]!)))).toBe(true);
        }
      });
      expect(reads).toEqual([]);
    }
    expect(notices).toEqual([]);
  });

  it('leave the blocks of documents outside the lists read as before (and a block shared with one read for the other)', () => {
    const { s } = written(new Map([['factor', factor]]));
    const listed = postings[0]!;
    expect(s.loadList(0, listed)).toBe(true);
    const other = listed[3]! + 1; // in the same 32-document block as a listed document, unless past it
    const docs = Uint32Array.from(new Set([listed[2]!, listed[3]!, other, 60_001])).sort();
    const blocks: number[][] = [];
    const original = FramedFile.prototype.readBlocks;
    FramedFile.prototype.readBlocks = function (this: FramedFile, name: string, b: ArrayLike<number>) {
      blocks.push(Array.from(b));
      return original.call(this, name, b);
    };
    try {
      expect(s.loadScatter(docs)).toBe(true);
    } finally {
      FramedFile.prototype.readBlocks = original;
    }
    const wanted = [...new Set([other, 60_001].filter((d) => !listed.includes(d)).map((d) => d >> 5))];
    expect(blocks.flat()).toEqual(wanted);
    const out = new Float64Array(docs.length);
    expect(s.scatterPriors('factor', docs, out)).toBe(true);
    expect(bits(out).equals(bits(Float64Array.from(docs, (d) => factor[d]!)))).toBe(true);
    for (const doc of docs) expect(s.fieldLength(doc, 1)).toBe(lengths[doc * 2 + 1]);
  });

  it.each<[string, number, Uint32Array]>([
    ['a slot too short', 1, postings[1]!],
    ['a slot too long', 2, postings[2]!],
    ['one past the short boundary', 5, postings[5]!],
    ['an empty slot', 6, postings[6]!],
    ['a list of another length', 0, postings[0]!.subarray(1)],
    ['a slot past the table', postings.length, postings[0]!],
    ['a negative slot', -1, postings[0]!],
  ])('refuse %s (nothing kept, no notice)', (_label, slot, docs) => {
    const { s, file } = written(new Map([['factor', factor]]));
    expect(s.loadList(slot, docs)).toBe(false);
    expect(s.fieldLength(docs[0] ?? 0, 0)).toBeUndefined();
    expect(notices).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });

  it('are absent without the postings (format 6 still opens; every list is refused)', () => {
    const { s } = written(new Map([['factor', factor]]), false);
    expect(s.loadList(0, postings[0]!)).toBe(false);
    expect(s.loadScatter(postings[0]!)).toBe(true);
    expect(s.fieldLength(postings[0]![0]!, 0)).toBe(lengths[postings[0]![0]! * 2]);
  });

  it('drop a damaged list when it is read (a notice, the file removed, later reads refused)', () => {
    const { file } = written(new Map([['factor', factor]]));
    const framed = FramedFile.open(file, FILE_MAGIC.segment, SEGMENT_FORMAT)!;
    const at = (framed as unknown as { footer: { sections: Record<string, number[]> } }).footer.sections['short.records']![0]!;
    framed.close();
    const bytes = readFileSync(file);
    bytes[at + 20 * 16 + 3]! ^= 1; // the first record of slot 3's list (after slot 0's 20)
    writeFileSync(file, bytes);
    const s = Segment.open(file, 'issues', segmentId('columns-id'), COUNT)!;
    expect(s.loadList(3, postings[3]!)).toBe(false);
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(s.loadList(0, postings[0]!)).toBe(false);
  });
});

describe('an index preparing a short posting', () => {
  /** Terms "a" … of one field each posting `lists[t]` in the title, nothing in the body. */
  function index(lists: Uint32Array[], docCount: number): CompactIndex {
    const terms = lists.map((_, t) => String.fromCharCode(97 + t));
    const postStart = new Uint32Array(lists.length * 2 + 1);
    let at = 0;
    for (let t = 0; t < lists.length; t++) {
      postStart[t * 2] = at;
      at += lists[t]!.length;
      postStart[t * 2 + 1] = at;
    }
    postStart[lists.length * 2] = at;
    const docs = new Uint32Array(at);
    let k = 0;
    for (const list of lists) docs.set(list, (k += list.length) - list.length);
    return new CompactIndex({
      fields: [{ name: 'title', boost: 1 }, { name: 'body', boost: 1 }],
      docCount,
      termBytes: Buffer.from(terms.join('')),
      termOffsets: Uint32Array.from({ length: terms.length + 1 }, (_, i) => i),
      termIndex: Uint32Array.from(terms, (_, i) => i),
      postStart,
      postings: new ArrayPostings(docs, new Int32Array(at), new Uint32Array(at)),
      fieldLengths: () => lengths,
    });
  }

  it.each<[string, number, number, [number, number[]] | undefined]>([
    ['a short posting: its slot and documents', 0, 0, [0, Array.from(postings[0]!)]],
    ['another term: its own slot', 1, 0, [2, Array.from(postings[4]!)]],
    ['too short: nothing', 2, 0, undefined],
    ['too long: nothing', 3, 0, undefined],
    ['an empty field: nothing', 0, 1, undefined],
    ['no field: nothing', 0, -1, undefined],
  ])('%s', (_label, rank, field, expected) => {
    const idx = index([postings[0]!, postings[4]!, postings[1]!, postings[2]!], COUNT);
    let got: [number, number[]] | undefined;
    const from: ScatteredLengths = { load: () => undefined, length: () => undefined, loadList: (slot, docs) => void (got = [slot, Array.from(docs)]) };
    idx.prepareList(rank, field);
    expect(got).toBeUndefined(); // no source yet
    idx.lengthsFrom(from);
    idx.prepareList(rank, field);
    expect(got).toEqual(expected);
  });

  it("reads the lengths from the segment's list: the index's values, bit for bit", () => {
    const lists = [postings[0]!, postings[4]!];
    const idx = index(lists, COUNT);
    const id = segmentId('columns-id');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'short-index-')), 'issues-x.segment');
    writeSegment(file, 'issues', id, COUNT, { clock: 0, priors: new Map([['factor', factor]]), privateDocs, fieldLengths: { fields: FIELDS, lengths }, postings: idx });
    const s = Segment.open(file, 'issues', id, COUNT)!;
    idx.lengthsFrom({ load: (docs) => void s.loadScatter(docs), length: (doc, f) => s.fieldLength(doc, f), loadList: (slot, docs) => void s.loadList(slot, docs) });
    const reads = sectionsRead(() => idx.prepareList(1, 0));
    expect(reads).toEqual(['short.starts', 'short.records']);
    for (const doc of lists[1]!) expect(s.fieldLength(doc, 0)).toBe(lengths[doc * 2]);
    for (const doc of lists[1]!) expect(idx.fieldLength(doc, 1)).toBe(lengths[doc * 2 + 1]);
  });
});
