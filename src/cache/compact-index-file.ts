/**
 * The on-disk form of a {@link CompactIndex}: a framed file (framing.ts, magic `OGSINDEX`, layout
 * {@link INDEX_LAYOUT}) holding the typed arrays as they are in memory, so opening reads the footer and a sample of
 * the dictionary (every {@link SAMPLE_EVERY}th term) and nothing else: a lookup finds its window of terms in the
 * sample and reads that window (a few hundred bytes of termOffsets and termBytes), then its term index and posting
 * starts — so a query reads the dictionary entries of its own terms, not the whole dictionary (1.45 MB at 100k
 * issues, ten times that at 1M). The postings (the bulk of the file) are read block by block when a query first
 * touches them. Every read is checked by the framing: each block against its CRC the first time it is read — 64 KiB
 * blocks for the postings' documents and weights, 4 KiB ones for the dictionary, the term frequencies and the field
 * lengths, read a few values at a time ({@link SMALL_BLOCK_BYTES}). A dictionary small enough to fit one block per section is read whole when opened.
 *
 * Sections (little-endian): termOffsets, termBytes, termIndex, postStart, postDocs, postWeights, postTf,
 * fieldLengths (postTf and fieldLengths are empty for an index without statistics), sampleOffsets and sampleBytes
 * (the terms of ranks 0, K, 2K, … as termOffsets/termBytes hold them, K = the footer's `sampleEvery`). postTf holds each term
 * frequency in `tfBytes` bytes (1, 2 or 4, the narrowest that holds the largest), so a typical index spends 9
 * bytes per posting instead of 12. The footer's metadata ({@link IndexFileHeader}) holds the identity fields the
 * cache checks, the document count, the fields, each field's total length and `tfBytes`. `fieldLengths` is read a
 * checked block (1,024 lengths) at a time. Opening checks the framing, the dictionary's blocks and the
 * arrays' shapes. The file is written as a stream ({@link IndexFileSink}): a build never holds the whole index.
 */
import { FILE_MAGIC, FramedFile, FramedWriter, FramingError, type SectionWriter } from './framing.js';
import { FileMaxima, MAXIMA_SECTIONS, MaximaSectionWriter } from './maxima-sections.js';
import type { SlotMaxima } from '../index/stored-maxima.js';
import { ArrayDictionary, CompactIndex, lowerBoundOf, type DictionaryArrays, type IndexField, type IndexLayout, type IndexSink, type PostingStore, type TermDictionary } from '../index/compact-index.js';
import type { MemoryBudget } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import { i32, I32 } from '../scratch.js';

/**
 * Layout version of the index file (the framing's version field). 7: framed (framing.ts); 8: a sample of the
 * dictionary; 9: the long postings' block maxima (maxima-sections.ts); 10: the dictionary and the field lengths
 * checked in blocks of {@link SMALL_BLOCK_BYTES}; 11: the term frequencies too.
 */
export const INDEX_LAYOUT = 11;
/** Every how many terms the dictionary's sample holds one (the window a lookup reads). */
export const SAMPLE_EVERY = 128;
/** A dictionary whose sections are together at most this many bytes is read whole when the file is opened. */
const EAGER_DICTIONARY_BYTES = 64 * 1024;
/** Postings per block: 16,384 entries = one 64 KiB framed block of doc numbers, one of weights. */
export const BLOCK_ENTRIES = 16_384;
/** Bytes per framed block of the index file. */
const BLOCK_BYTES = BLOCK_ENTRIES * 4;
/**
 * Bytes per checked block of the sections read a few values at a time at scattered places: the dictionary (a
 * lookup reads a window of terms, then one term index and one rank's posting starts), the term frequencies (those
 * of the few documents a top-k round scores) and the field lengths (one (doc, field) per matching document of a
 * rare term). In 64 KiB blocks, a rare term's 531 matches at 1M issues
 * read and checked nearly all 8 MB of field lengths (≈ 120 blocks of 64 KiB); in 4 KiB blocks they read ≈ 2 MB,
 * and a lookup ≈ 16 KB of dictionary instead of ≈ 256 KB. Smaller blocks cost more per byte when a section is read
 * whole (a CRC call per block: 4 KiB ≈ 1.3×, 1 KiB ≈ 10× the time of 64 KiB blocks for the whole section).
 */
const SMALL_BLOCK_BYTES = 4096;
/** The sections checked in {@link SMALL_BLOCK_BYTES} blocks. */
const SMALL_BLOCK_SECTIONS: ReadonlySet<SectionName> = new Set<SectionName>(['termOffsets', 'termBytes', 'termIndex', 'postStart', 'postTf', 'fieldLengths']);

type SectionName =
  | 'termOffsets'
  | 'termBytes'
  | 'termIndex'
  | 'postStart'
  | 'postDocs'
  | 'postWeights'
  | 'postTf'
  | 'fieldLengths'
  | 'sampleOffsets'
  | 'sampleBytes'
  | (typeof MAXIMA_SECTIONS)[number];
const SECTIONS: ReadonlyArray<Exclude<SectionName, (typeof MAXIMA_SECTIONS)[number]>> = [
  'termOffsets', 'termBytes', 'termIndex', 'postStart', 'postDocs', 'postWeights', 'postTf', 'fieldLengths', 'sampleOffsets', 'sampleBytes',
];

/** Identity and layout of a file (the framed footer's metadata); `extra` is what the cache checks (format, tool version, kind, key). */
export interface IndexFileHeader {
  readonly extra: Readonly<Record<string, string | number>>;
  readonly docCount: number;
  readonly fields: readonly IndexField[];
  readonly blockEntries: number;
  /** Bytes per stored term frequency (1, 2 or 4: the narrowest that holds the largest); 0 without statistics. */
  readonly tfBytes: number;
  /** Per field, Σ of its token counts over every document (empty without statistics). */
  readonly fieldTotals: readonly number[];
  /** The dictionary's sample holds the terms of ranks 0, sampleEvery, 2·sampleEvery, … ({@link SAMPLE_EVERY}). */
  readonly sampleEvery: number;
  /** With the maxima sections (maxima-sections.ts): the private documents their public form leaves out. */
  readonly maximaPrivate?: number;
}

/** Why a file was refused (or, for a posting block, found corrupt after opening). */
export class IndexFileError extends Error {}

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('compact index files need a little-endian machine');

const asBytes = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const fail = (why: string): never => {
  throw new IndexFileError(why);
};

/** Bytes per stored term frequency: the narrowest of 1, 2 or 4 that holds `maxTf`. */
export function tfWidth(maxTf: number): 1 | 2 | 4 {
  return maxTf <= 0xff ? 1 : maxTf <= 0xffff ? 2 : 4;
}

const TF_ARRAYS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

/** The dictionary's sample: the terms of ranks 0, K, 2K, … (K = {@link SAMPLE_EVERY}) as offsets (S+1) and UTF-8 bytes. */
function dictionarySample(termOffsets: Uint32Array, termBytes: Uint8Array, termCount: number): { offsets: Uint32Array; bytes: Uint8Array } {
  const count = Math.ceil(termCount / SAMPLE_EVERY);
  const offsets = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const rank = i * SAMPLE_EVERY;
    offsets[i + 1] = offsets[i]! + termOffsets[rank + 1]! - termOffsets[rank]!;
  }
  const bytes = new Uint8Array(offsets[count]!);
  for (let i = 0; i < count; i++) {
    const rank = i * SAMPLE_EVERY;
    bytes.set(termBytes.subarray(termOffsets[rank]!, termOffsets[rank + 1]!), offsets[i]!);
  }
  return { offsets, bytes };
}

/**
 * Writes an index file from a stream of postings ({@link IndexSink}) through a {@link FramedWriter}: the
 * dictionary and field lengths when the layout is known, each posting block as soon as it is full (the three
 * posting sections filled side by side), the posting starts and the footer last. Nothing but one block of each
 * posting section is buffered.
 */
class IndexFileWriter implements IndexSink<number | undefined> {
  private readonly out = new Map<SectionName, SectionWriter>();
  private meta: IndexFileHeader | undefined;
  private statistics = false;
  private readonly docBlock = new Uint32Array(BLOCK_ENTRIES);
  private readonly weightBlock = new Int32Array(BLOCK_ENTRIES);
  private tfBlock: Uint8Array | Uint16Array | Uint32Array = new Uint32Array(0);
  private inBlock = 0;
  private maximaOut: MaximaSectionWriter | undefined;

  /**
   * @param writer the framed file written into (finished by {@link end} through `finish`)
   * @param extra identity fields stored in the metadata
   * @param withStatistics false for an index without term frequencies and field lengths (a Lunr JSON conversion)
   */
  constructor(
    private readonly writer: FramedWriter | undefined,
    private readonly finish: (writer: FramedWriter, meta: IndexFileHeader) => number | undefined,
    private readonly extra: Readonly<Record<string, string | number>>,
    private readonly withStatistics = true,
  ) {}

  begin(layout: IndexLayout): void {
    const P = layout.postings;
    const F = layout.fields.length;
    const T = layout.termIndex.length;
    this.statistics = this.withStatistics;
    const tfBytes = this.statistics ? tfWidth(layout.maxTf) : 0;
    if (tfBytes > 0) this.tfBlock = new TF_ARRAYS[tfBytes as 1 | 2 | 4](BLOCK_ENTRIES);
    const lengths: Record<(typeof SECTIONS)[number], number> = {
      termOffsets: (T + 1) * 4,
      termBytes: layout.termBytes.byteLength,
      termIndex: T * 4,
      postStart: (T * F + 1) * 4,
      postDocs: P * 4,
      postWeights: P * 4,
      postTf: P * tfBytes,
      fieldLengths: this.statistics ? layout.fieldLengths.byteLength : 0,
      sampleOffsets: 0,
      sampleBytes: 0,
    };
    const sample = dictionarySample(layout.termOffsets, layout.termBytes, T);
    lengths.sampleOffsets = sample.offsets.byteLength;
    lengths.sampleBytes = sample.bytes.byteLength;
    const fieldTotals = new Array<number>(this.statistics ? F : 0).fill(0);
    if (this.statistics) {
      const fieldLengths = layout.fieldLengths;
      for (let i = 0; i < fieldLengths.length; i++) fieldTotals[i % F]! += fieldLengths[i]!;
    }
    const maximaPrivate = this.statistics ? layout.privateCount : undefined;
    this.meta = {
      extra: this.extra, docCount: layout.docCount, fields: layout.fields, blockEntries: BLOCK_ENTRIES, tfBytes, fieldTotals, sampleEvery: SAMPLE_EVERY,
      ...(maximaPrivate === undefined ? {} : { maximaPrivate }),
    };
    if (!this.writer) return;
    for (const name of SECTIONS) this.out.set(name, this.writer.reserve(name, lengths[name], SMALL_BLOCK_SECTIONS.has(name) ? SMALL_BLOCK_BYTES : BLOCK_BYTES));
    this.whole('termOffsets', layout.termOffsets);
    this.whole('termBytes', layout.termBytes);
    this.whole('termIndex', layout.termIndex);
    this.whole('fieldLengths', this.statistics ? layout.fieldLengths : new Uint32Array(0));
    this.whole('sampleOffsets', sample.offsets);
    this.whole('sampleBytes', sample.bytes);
    if (maximaPrivate !== undefined) this.maximaOut = new MaximaSectionWriter(this.writer, layout.docCount);
  }

  maxima(slot: number, maxima: SlotMaxima): void {
    this.maximaOut?.add(slot, maxima);
  }

  /** Write a whole section now. */
  private whole(name: SectionName, array: ArrayBufferView): void {
    const section = this.out.get(name)!;
    section.write(asBytes(array));
    section.end();
  }

  postings(docs: Uint32Array, weights: Int32Array, tfs: Uint32Array, n: number): void {
    for (let i = 0; i < n; ) {
      const k = Math.min(n - i, BLOCK_ENTRIES - this.inBlock);
      this.docBlock.set(docs.subarray(i, i + k), this.inBlock);
      this.weightBlock.set(weights.subarray(i, i + k), this.inBlock);
      if (this.statistics) this.tfBlock.set(tfs.subarray(i, i + k), this.inBlock);
      this.inBlock += k;
      i += k;
      if (this.inBlock === BLOCK_ENTRIES) this.flushBlock();
    }
  }

  /** Write the current block of each posting section. */
  private flushBlock(): void {
    if (this.inBlock === 0 || !this.writer) return;
    const n = this.inBlock;
    this.out.get('postDocs')!.write(asBytes(this.docBlock.subarray(0, n)));
    this.out.get('postWeights')!.write(asBytes(this.weightBlock.subarray(0, n)));
    if (this.statistics) this.out.get('postTf')!.write(asBytes(this.tfBlock.subarray(0, n)));
    this.inBlock = 0;
  }

  /** @returns the file's size in bytes, or undefined when it could not be written */
  end(postStart: Uint32Array): number | undefined {
    if (!this.writer) return undefined;
    this.flushBlock();
    for (const name of ['postDocs', 'postWeights', 'postTf'] as const) this.out.get(name)!.end();
    this.whole('postStart', postStart);
    this.maximaOut?.end();
    return this.finish(this.writer, this.meta!);
  }

  /** Give up: remove the temp file. */
  abort(): void {
    this.writer?.discard();
  }
}

/** Postings handed to a sink per call when an in-memory index is written. */
const FEED_BATCH = 1 << 16;

/** Stream an index (in memory or lazily read: every posting is read) into `sink`. */
function feed<R>(index: CompactIndex, sink: IndexSink<R>): R {
  const P = index.postings.count;
  const statistics = index.hasStatistics;
  let maxTf = 0;
  if (statistics) {
    for (let at = 0; at < P; at += FEED_BATCH) {
      const tfs = index.postings.tfs!(at, Math.min(P, at + FEED_BATCH));
      for (let i = 0; i < tfs.length; i++) if (tfs[i]! > maxTf) maxTf = tfs[i]!;
    }
  }
  sink.begin({
    fields: index.fields, docCount: index.docCount, termOffsets: index.termOffsets, termBytes: index.termBytes,
    termIndex: index.termIndex, postings: P, maxTf, fieldLengths: statistics ? index.fieldLengths!() : new Uint32Array(0),
  });
  const none = new Uint32Array(0);
  for (let at = 0; at < P; at += FEED_BATCH) {
    const end = Math.min(P, at + FEED_BATCH);
    sink.postings(index.postings.docs(at, end), index.postings.weights(at, end), statistics ? index.postings.tfs!(at, end) : none, end - at);
  }
  return sink.end(index.postStart);
}

/**
 * The file's bytes as a list of buffers, written in order. Reads every posting of a lazily opened index.
 * @param extra identity fields stored in the metadata and returned when opened
 */
export function encodeIndexFile(index: CompactIndex, extra: Readonly<Record<string, string | number>>): Buffer[] {
  let bytes: Buffer = Buffer.alloc(0);
  const writer = FramedWriter.inMemory(FILE_MAGIC.index, INDEX_LAYOUT, BLOCK_BYTES);
  feed(index, new IndexFileWriter(writer, (w, meta) => (bytes = w.finishBytes(meta)).length, extra, index.hasStatistics));
  return [bytes];
}

/**
 * An {@link IndexSink} writing an index file atomically: into a temp file beside `file`, renamed over it by
 * `end`. Never throws for the file system (a read-only or full disk): `end` then returns undefined and the temp
 * file is removed.
 */
export class IndexFileSink implements IndexSink<number | undefined> {
  private readonly writer: IndexFileWriter;

  /** @param extra identity fields stored in the metadata (what the cache checks) */
  constructor(file: string, extra: Readonly<Record<string, string | number>>) {
    const framed = FramedWriter.create(file, FILE_MAGIC.index, INDEX_LAYOUT, BLOCK_BYTES);
    this.writer = new IndexFileWriter(framed, (w, meta) => w.finishSync(meta), extra);
  }

  begin(layout: IndexLayout): void {
    this.writer.begin(layout);
  }

  postings(docs: Uint32Array, weights: Int32Array, tfs: Uint32Array, n: number): void {
    this.writer.postings(docs, weights, tfs, n);
  }

  maxima(slot: number, maxima: SlotMaxima): void {
    this.writer.maxima(slot, maxima);
  }

  /** @returns the file's size in bytes, or undefined when it could not be written */
  end(postStart: Uint32Array): number | undefined {
    return this.writer.end(postStart);
  }

  /** Give up: close and remove the temp file. */
  abort(): void {
    this.writer.abort();
  }
}

/**
 * Write `index` to `file` atomically (temp file + rename), streaming its postings. Never throws for the file
 * system.
 * @returns the file's size in bytes, or undefined when it could not be written
 */
export function writeIndexFile(file: string, index: CompactIndex, extra: Readonly<Record<string, string | number>>): number | undefined {
  const sink = new IndexFileSink(file, extra);
  try {
    return feed(index, sink);
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/**
 * Bytes of posting blocks and ranges over several blocks a lazily read index keeps (least recently used evicted
 * first): a long-running `serve` holds at most this much of the postings, however many distinct terms its queries
 * touch; a block or range evicted and needed again is re-read (from the page cache, usually). 96 MiB since term
 * frequencies are kept as stored (docs/serve-cost.md, thirteenth round: −33 MB of a 1M worker's RSS, CPU per
 * never-seen request within 1 % of 128 MiB's).
 */
export const POSTING_CACHE_BYTES = 96 * 1024 * 1024;

/** Reads `length` bytes of a section from byte `start` (checked by the framing); a damaged block is an IndexFileError. */
export type ReadSection = (name: SectionName, start: number, length: number) => Uint8Array;
/** {@link ReadSection} into the caller's memory: `length` bytes of a section from byte `start` into `out` at 0. */
export type ReadSectionInto = (name: SectionName, start: number, length: number, out: Uint8Array) => void;
/** Checked blocks `blocks` (ascending block numbers) of a section in one read, their bytes per block (framing's `readBlocks`). */
export type ReadSectionBlocks = (name: SectionName, blocks: ArrayLike<number>) => Uint8Array[];

/**
 * Term-frequency blocks ({@link SMALL_BLOCK_BYTES}) not kept that {@link BlockPostings.tfsAt} reads in one read when
 * they are at most this many blocks apart (the blocks between are read too, not checked): a read costs about what
 * copying a few blocks does.
 */
const TF_READ_GAP = 4;
/** The most blocks one read of {@link BlockPostings.tfsAt} spans (first to last). */
const TF_READ_REACH = 32;

const POSTING_SECTIONS = ['postDocs', 'postWeights', 'postTf'] as const;
const EMPTY_U32 = new Uint32Array(0);

/** A range over several blocks kept by {@link BlockPostings}: its end (exclusive) and its entries. */
interface KeptRange {
  readonly end: number;
  readonly entries: Uint32Array | Int32Array;
}

/** Bytes a kept block or range holds alive (a range that is a view holds its whole buffer). */
/**
 * A kept block's entries: documents as u32, weights as i32, term frequencies as stored (u8, u16 or u32 per entry,
 * the file's `tfBytes`), so the bound holds two or four times the term-frequency blocks it would widened.
 */
type KeptBlock = Uint32Array | Int32Array | Uint16Array | Uint8Array;

const keptBytes = (value: KeptBlock | KeptRange): number =>
  'end' in value ? value.entries.buffer.byteLength : value.byteLength;

/**
 * Postings read from the file (checked by the framing). A range within one block is a view of that block, read
 * when not cached (the most recently used blocks kept); a range over several blocks is read in one call straight
 * into the array returned (a long posting's documents: no block copied out of a block of its own), and kept in the
 * same least-recently-used order and byte bound as the blocks: a server's queries name the same common words again,
 * and decoding a 1M-document posting afresh each time was most of its short-lived memory (docs/serve-cost.md). Blocks hold
 * {@link BLOCK_ENTRIES} documents or weights, or one checked block ({@link SMALL_BLOCK_BYTES}) of term frequencies:
 * the few documents a top-k round scores read 4 KiB of term frequencies each, not 64 KiB, and a round's scattered
 * documents read their blocks together ({@link tfsAt}). Exported for tests (an index file's reader makes it).
 */
export class BlockPostings implements PostingStore {
  /**
   * 3 · block + section → the block's entries (as u32/i32), and −1 − (3 · start + section) → a range over several
   * blocks from `start` ({@link KeptRange}), in least-recently-used-first order.
   */
  private readonly cache = new Map<number, KeptBlock | KeptRange>();
  private cachedBytes = 0;
  /** Entries per block of sections 0 (docs), 1 (weights) and 2 (term frequencies). */
  private readonly per: readonly [number, number, number];

  /**
   * @param read, readInto, readBlocks a section's checked bytes (a damaged block throws)
   * @param count postings in all; `entries` per block of documents and of weights
   * @param tfBytes bytes per stored term frequency (1, 2 or 4); 0 without statistics
   * @param cacheBytes the most bytes of decoded blocks kept
   */
  constructor(
    private readonly read: ReadSection,
    private readonly readInto: ReadSectionInto,
    private readonly readBlocks: ReadSectionBlocks,
    readonly count: number,
    entries: number,
    private readonly tfBytes: number,
    private readonly cacheBytes = POSTING_CACHE_BYTES,
  ) {
    this.per = [entries, entries, tfBytes === 0 ? entries : SMALL_BLOCK_BYTES / tfBytes];
    if (tfBytes === 0) {
      this.tfs = undefined;
      this.tfsAt = undefined;
    }
  }

  private width(section: 0 | 1 | 2): number {
    return section === 2 ? this.tfBytes : 4;
  }

  /** `n` stored entries of `section` read as they are stored (1, 2 or 4 bytes each) widened to u32/i32 values. */
  private static decode(section: 0 | 1 | 2, width: number, bytes: Uint8Array, n: number): Uint32Array | Int32Array {
    if (section === 1) return new Int32Array(bytes.buffer, bytes.byteOffset, n);
    if (width === 4) return new Uint32Array(bytes.buffer, bytes.byteOffset, n);
    return Uint32Array.from(BlockPostings.narrow(width, bytes, n));
  }

  /** `n` term frequencies of `width` bytes each (1 or 2) as a view of `bytes` (u8 or u16), not copied. */
  private static narrow(width: number, bytes: Uint8Array, n: number): Uint8Array | Uint16Array {
    return width === 1 ? bytes.subarray(0, n) : new Uint16Array(bytes.buffer, bytes.byteOffset, n);
  }

  /**
   * A term-frequency block's `n` entries to keep, from `bytes` (a view that may share its buffer with neighbouring
   * blocks): as stored (u8/u16, copied out of the shared buffer), u32 when stored so (a view, as {@link decode}).
   */
  private static tfBlock(width: number, bytes: Uint8Array, n: number): KeptBlock {
    if (width === 4) return new Uint32Array(bytes.buffer, bytes.byteOffset, n);
    return BlockPostings.narrow(width, bytes.slice(0, n * width), n);
  }

  /** The entry kept under `key`, made most recently used; undefined when not kept. */
  private kept(key: number): KeptBlock | KeptRange | undefined {
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** Keep `value` under `key` (replacing what was), evicting the least recently used past the byte bound. */
  private keep(key: number, value: KeptBlock | KeptRange, bytes: number): void {
    const had = this.cache.get(key);
    if (had) {
      this.cache.delete(key);
      this.cachedBytes -= keptBytes(had);
    }
    this.cache.set(key, value);
    this.cachedBytes += bytes;
    for (const [old, evicted] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes || old === key) break;
      this.cache.delete(old);
      this.cachedBytes -= keptBytes(evicted);
    }
  }

  /**
   * Block `block` of section 0 (docs, u32), 1 (weights, i32) or 2 (term frequencies, as stored: see
   * {@link KeptBlock}), read when not cached.
   */
  private block(section: 0 | 1 | 2, block: number): KeptBlock {
    const key = 3 * block + section;
    const hit = this.kept(key) as KeptBlock | undefined;
    if (hit) return hit;
    const width = this.width(section);
    const per = this.per[section];
    const first = block * per;
    const n = Math.min(first + per, this.count) - first;
    const bytes = this.read(POSTING_SECTIONS[section], first * width, n * width);
    // The read is fresh memory of its own: a term-frequency block is kept as a view of it.
    const entries = section === 2 && width !== 4 ? BlockPostings.narrow(width, bytes, n) : BlockPostings.decode(section, width, bytes, n);
    this.keep(key, entries, entries.byteLength);
    return entries;
  }

  private range(start: number, end: number, section: 0 | 1 | 2): Uint32Array | Int32Array {
    if (start < 0 || end > this.count || start > end) throw new RangeError(`posting range ${start}–${end} outside 0–${this.count}`);
    const per = this.per[section];
    const first = Math.floor(start / per);
    const last = Math.floor((end - 1) / per);
    if (start === end || first === last) {
      if (start === end) return section === 1 ? new Int32Array(0) : new Uint32Array(0);
      const within = this.block(section, first).subarray(start - first * per, end - first * per);
      // Term frequencies kept as stored are widened for the caller (a fresh array of the range's length).
      return within instanceof Uint32Array || within instanceof Int32Array ? within : Uint32Array.from(within);
    }
    // A range over blocks of its own is kept when read before (the same range: a posting's documents are asked for
    // whole, a round's term frequencies by their own ranges); a round's few term frequencies or weights over two
    // neighbouring blocks are not (the blocks are).
    const key = -1 - (3 * start + section);
    const hit = this.kept(key) as KeptRange | undefined;
    if (hit && hit.end === end) return hit.entries;
    if (end - start <= per) {
      // Two neighbouring blocks: copied out of the kept blocks.
      const out = section === 1 ? new Int32Array(end - start) : new Uint32Array(end - start);
      const cut = last * per;
      out.set(this.block(section, first).subarray(start - first * per), 0);
      out.set(this.block(section, last).subarray(0, end - cut), cut - start);
      if (section === 0) this.keep(key, { end, entries: out }, out.byteLength);
      return out;
    }
    // Their whole checked blocks in one read into fresh memory (the framing checks each the first time it is read,
    // and reads into the memory given when the range is whole blocks), the range a view of it.
    const width = this.width(section);
    const B = section === 2 ? SMALL_BLOCK_BYTES : BLOCK_BYTES;
    const from = Math.floor((start * width) / B) * B;
    const to = Math.min(this.count * width, Math.ceil((end * width) / B) * B);
    const bytes = new Uint8Array(new ArrayBuffer(to - from));
    this.readInto(POSTING_SECTIONS[section], from, to - from, bytes);
    const entries = BlockPostings.decode(section, width, bytes.subarray(start * width - from), end - start);
    // Charged what it holds alive: its whole buffer (the entries may be a view of the bytes read).
    const range = { end, entries };
    this.keep(key, range, keptBytes(range));
    return entries;
  }

  docs(start: number, end: number): Uint32Array {
    return this.range(start, end, 0) as Uint32Array;
  }

  weights(start: number, end: number): Int32Array {
    return this.range(start, end, 1) as Int32Array;
  }

  tfs?(start: number, end: number): Uint32Array {
    return this.range(start, end, 2) as Uint32Array;
  }

  /**
   * {@link PostingStore.tfsAt}: the term-frequency blocks the positions fall in that are not kept are read first,
   * nearby ones together ({@link TF_READ_GAP}, {@link TF_READ_REACH}: a top-k round's scattered documents cost a
   * read per group of blocks, not per document), and kept as {@link block} keeps them (same map, same bound); then
   * each value is taken from its block. Nothing is allocated but the blocks read.
   * @throws RangeError for a position outside the postings; IndexFileError for a damaged block
   */
  tfsAt?(start: number, positions: Int32Array): void {
    const per = this.per[2];
    const n = positions.length;
    // The blocks not kept, ascending and distinct (the positions ascend).
    const wanted = i32(I32.tfBlocks, n);
    let w = 0;
    let last = -1;
    for (let i = 0; i < n; i++) {
      const p = positions[i]!;
      if (p < 0) continue;
      const at = start + p;
      if (!(at < this.count)) throw new RangeError(`posting position ${at} outside 0–${this.count}`);
      const b = Math.floor(at / per);
      if (b !== last && !this.cache.has(3 * b + 2)) wanted[w++] = b;
      last = b;
    }
    for (let i = 0; i < w; ) {
      let j = i + 1;
      while (j < w && wanted[j]! - wanted[j - 1]! <= TF_READ_GAP + 1 && wanted[j]! - wanted[i]! < TF_READ_REACH) j++;
      const read = this.readBlocks(POSTING_SECTIONS[2], wanted.subarray(i, j));
      for (let k = i; k < j; k++) {
        const first = wanted[k]! * per;
        const entries = BlockPostings.tfBlock(this.tfBytes, read[k - i]!, Math.min(first + per, this.count) - first);
        this.keep(3 * wanted[k]! + 2, entries, entries.byteLength);
      }
      i = j;
    }
    let block: KeptBlock = EMPTY_U32;
    let base = -per; // no block yet: no position lies in [base, base + per)
    for (let i = 0; i < n; i++) {
      const p = positions[i]!;
      if (p < 0) continue;
      const at = start + p;
      if (!(at >= base && at < base + per)) {
        const b = Math.floor(at / per);
        block = this.block(2, b);
        base = b * per;
      }
      positions[i] = block[at - base]!;
    }
  }
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * Estimated bytes a file dictionary keeps of its windows, term indexes and posting starts until it shares its
 * collection reader's memory budget ({@link shareDictionaryBudget}); then the budget bounds them with the reader's
 * other caches.
 */
export const DICTIONARY_CACHE_BYTES = 16 * 1024 * 1024;

/** A window of {@link SAMPLE_EVERY} terms: offsets relative to its UTF-8 text. */
interface Window {
  readonly offsets: Uint32Array;
  readonly text: Buffer;
}

/** The kept parts of a file dictionary, by rank or dimension (as decimal strings), least recently used first. */
interface DictionaryCaches {
  readonly windows: BoundedLru<Window>;
  readonly dimensions: BoundedLru<number>;
  /** Posting starts by dimension: entries `[d·F, d·F + F]`. */
  readonly starts: BoundedLru<Uint32Array>;
}

const windowBytes = (window: Window): number => window.offsets.byteLength + window.text.byteLength;
const startsBytes = (starts: Uint32Array): number => starts.byteLength;
const numberBytes = (): number => 8;

/** Fresh caches for a dictionary: bounded by {@link DICTIONARY_CACHE_BYTES} each, or by `budget` when given. */
function dictionaryCaches(budget?: MemoryBudget): DictionaryCaches {
  const limit = budget ? Infinity : DICTIONARY_CACHE_BYTES;
  const cache = <V>(bytes: (value: V) => number): BoundedLru<V> => new BoundedLru<V>(Number.MAX_SAFE_INTEGER, limit, bytes, budget && { budget, bytes });
  return { windows: cache(windowBytes), dimensions: cache(numberBytes), starts: cache(startsBytes) };
}

/**
 * A file's dictionary (see the module comment): the sample is read when opened; a lookup reads one window of
 * {@link SAMPLE_EVERY} terms (kept), and each looked-up rank's term index and posting starts (kept, least recently
 * used first out: under the collection reader's memory budget once shared, {@link shareDictionaryBudget}). Every
 * value is checked against the file's shape when read: a file that does not hold together fails as a damaged block
 * does (`corrupt`), and so does a damaged block.
 */
class FileDictionary implements TermDictionary {
  private readonly sampleOffsets: Uint32Array;
  private readonly sampleText: Buffer;
  private readonly sampleCount: number;
  private caches = dictionaryCaches();
  private whole: ArrayDictionary | undefined;

  /**
   * @param read reads a section's bytes (checked; a damaged block throws IndexFileError)
   * @param corrupt throws IndexFileError for a value that does not fit the file's shape
   * @param postings the number of postings P (every posting start is at most P)
   */
  constructor(
    private readonly read: ReadSection,
    private readonly corrupt: (why: string) => never,
    readonly termCount: number,
    private readonly fieldCount: number,
    private readonly termBytesLength: number,
    private readonly postings: number,
    private readonly every: number,
    sample: { readonly offsets: Uint32Array; readonly text: Buffer },
  ) {
    this.sampleCount = Math.ceil(termCount / every);
    this.sampleOffsets = sample.offsets;
    this.sampleText = sample.text;
  }

  /**
   * The sample of a dictionary of `termCount` terms, one every `every`, read with `read` and checked with `corrupt`.
   */
  static readSample(read: ReadSection, corrupt: (why: string) => never, termCount: number, every: number): { offsets: Uint32Array; text: Buffer } {
    const count = Math.ceil(termCount / every);
    const offsets = u32Of(read('sampleOffsets', 0, (count + 1) * 4));
    for (let i = 0; i < count; i++) if (offsets[i]! > offsets[i + 1]!) corrupt('bad dictionary sample');
    const bytes = read('sampleBytes', 0, offsets[count]!);
    return { offsets, text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  private sampleTerm(i: number): string {
    return this.sampleText.toString('utf8', this.sampleOffsets[i]!, this.sampleOffsets[i + 1]!);
  }

  /** Keep what is read from now on under `budget` (what was kept so far is dropped: the caches are transparent). */
  shareBudget(budget: MemoryBudget): void {
    this.caches = dictionaryCaches(budget);
  }

  /** Terms of ranks `[w·K, min(w·K + K, T))`: their offsets (relative to the window's text) and UTF-8 text. */
  private window(w: number): Window {
    const key = String(w);
    let window = this.caches.windows.get(key);
    if (window) return window;
    const first = w * this.every;
    const n = Math.min(this.every, this.termCount - first);
    const offsets = u32Of(this.read('termOffsets', first * 4, (n + 1) * 4));
    for (let i = 0; i < n; i++) if (offsets[i]! > offsets[i + 1]!) this.corrupt('bad term offsets');
    if (offsets[n]! > this.termBytesLength) this.corrupt('bad term offsets');
    const base = offsets[0]!;
    const bytes = this.read('termBytes', base, offsets[n]! - base);
    for (let i = 0; i <= n; i++) offsets[i]! -= base;
    window = { offsets, text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    this.caches.windows.set(key, window);
    return window;
  }

  term(rank: number): string {
    if (this.whole) return this.whole.term(rank);
    const w = Math.floor(rank / this.every);
    const { offsets, text } = this.window(w);
    const i = rank - w * this.every;
    return text.toString('utf8', offsets[i]!, offsets[i + 1]!);
  }

  lowerBound(term: string): number {
    // The first sample ≥ term; the answer is that sample's rank or lies in the window before it.
    let lo = 0;
    let hi = this.sampleCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sampleTerm(mid) < term) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    if (lo < this.sampleCount && this.sampleTerm(lo) === term) return lo * this.every;
    const end = Math.min(lo * this.every, this.termCount);
    return lowerBoundOf(this, term, (lo - 1) * this.every + 1, end);
  }

  dimension(rank: number): number {
    const key = String(rank);
    let dimension = this.caches.dimensions.get(key);
    if (dimension === undefined) {
      dimension = u32Of(this.read('termIndex', rank * 4, 4))[0]!;
      if (dimension >= this.termCount) this.corrupt('bad term index');
      this.caches.dimensions.set(key, dimension);
    }
    return dimension;
  }

  /** Entries `[d·F, d·F + F]` of `postStart`: the starts of dimension d's F fields and the end of its last. */
  private startsOf(d: number): Uint32Array {
    const key = String(d);
    let starts = this.caches.starts.get(key);
    if (!starts) {
      const F = this.fieldCount;
      starts = u32Of(this.read('postStart', d * F * 4, (F + 1) * 4));
      for (let f = 0; f < F; f++) if (starts[f]! > starts[f + 1]!) this.corrupt('bad posting starts');
      if (starts[F]! > this.postings) this.corrupt('bad posting starts');
      this.caches.starts.set(key, starts);
    }
    return starts;
  }

  postingStart(slot: number): number {
    const d = Math.floor(slot / this.fieldCount);
    return this.startsOf(d)[slot - d * this.fieldCount]!;
  }

  postingEnd(slot: number): number {
    const d = Math.floor(slot / this.fieldCount);
    return this.startsOf(d)[slot - d * this.fieldCount + 1]!;
  }

  arrays(): DictionaryArrays {
    if (this.whole) return this.whole.arrays();
    const T = this.termCount;
    const F = this.fieldCount;
    const termOffsets = u32Of(this.read('termOffsets', 0, (T + 1) * 4));
    const termBytes = this.read('termBytes', 0, this.termBytesLength);
    const termIndex = u32Of(this.read('termIndex', 0, T * 4));
    const postStart = u32Of(this.read('postStart', 0, (T * F + 1) * 4));
    if (termOffsets[T] !== termBytes.length || postStart[T * F] !== this.postings) this.corrupt('inconsistent section sizes');
    for (let rank = 0; rank < T; rank++) if (termIndex[rank]! >= T) this.corrupt('bad term index');
    this.whole = new ArrayDictionary({ termOffsets, termBytes, termIndex, postStart });
    return this.whole.arrays();
  }
}

/**
 * Let an opened index's dictionary keep its windows, term indexes and posting starts under a collection reader's
 * memory budget (src/store/memory-budget.ts) instead of its own {@link DICTIONARY_CACHE_BYTES}; a dictionary held
 * in arrays (built in memory, or small enough to be read whole when opened) has nothing to keep.
 */
export function shareDictionaryBudget(index: CompactIndex, budget: MemoryBudget): void {
  if (index.dictionary instanceof FileDictionary) index.dictionary.shareBudget(budget);
}

/** A section's bytes as u32 values (fresh 8-byte-aligned memory from the framing). */
const u32Of = (bytes: Uint8Array): Uint32Array => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);

/**
 * Opens an index over a framed file: checks the metadata and the sections' sizes, and reads the dictionary's
 * sample (each block checked; a small dictionary is read whole and checked now); the rest of the dictionary and the
 * posting and field-length blocks are checked when read.
 * @param onCorrupt called once a block read after opening turns out corrupt (before the IndexFileError is thrown)
 */
function openIndex(framed: FramedFile, onCorrupt: () => void): { header: IndexFileHeader; index: CompactIndex } {
  let corrupt = false;
  const damaged = (why: string): never => {
    if (!corrupt) onCorrupt();
    corrupt = true;
    return fail(why);
  };
  const checked = <T>(reading: () => T): T => {
    try {
      return reading();
    } catch (error) {
      if (!(error instanceof FramingError)) throw error;
      return damaged(error.message.replace(/^postDocs block|^postWeights block|^postTf block/, 'posting block'));
    }
  };
  const read: ReadSection = (name, start, length) => checked(() => framed.read(name, start, length));
  const readInto: ReadSectionInto = (name, start, length, out) => checked(() => framed.readInto(name, start, length, out, 0));
  const header = framed.meta as IndexFileHeader | null;
  if (header === null || typeof header !== 'object' || typeof header.extra !== 'object' || header.extra === null) fail('unreadable header');
  for (const name of SECTIONS) if (!framed.has(name)) fail(`no ${name} section`);
  const docsLength = framed.length('postDocs');
  const weightsLength = framed.length('postWeights');
  const tfLength = framed.length('postTf');
  const lengthsLength = framed.length('fieldLengths');
  const count = docsLength / 4;
  const tfBytes = header!.tfBytes;
  const statistics = tfBytes !== 0;
  const entries = header!.blockEntries;
  const every = header!.sampleEvery;
  const T = framed.length('termIndex') / 4;
  const F = Array.isArray(header!.fields) ? header!.fields.length : -1;
  const termBytesLength = framed.length('termBytes');
  const shapeOk =
    entries === BLOCK_ENTRIES &&
    framed.blockBytes === BLOCK_BYTES &&
    SECTIONS.every((name) => framed.sectionBlockBytes(name) === (SMALL_BLOCK_SECTIONS.has(name) ? SMALL_BLOCK_BYTES : BLOCK_BYTES)) &&
    isCount(header!.docCount) &&
    F >= 0 &&
    Number.isInteger(T) &&
    Number.isInteger(count) &&
    Number.isSafeInteger(every) &&
    every > 0 &&
    framed.length('termOffsets') === (T + 1) * 4 &&
    framed.length('postStart') === (T * F + 1) * 4 &&
    framed.length('sampleOffsets') === (Math.ceil(T / every) + 1) * 4 &&
    weightsLength === docsLength &&
    (statistics
      ? (tfBytes === 1 || tfBytes === 2 || tfBytes === 4) &&
        tfLength === count * tfBytes &&
        lengthsLength === header!.docCount * F * 4 &&
        Array.isArray(header!.fieldTotals) &&
        header!.fieldTotals.length === F &&
        header!.fieldTotals.every((t) => Number.isSafeInteger(t) && t >= 0)
      : tfBytes === 0 && tfLength === 0 && lengthsLength === 0);
  if (!shapeOk) fail('inconsistent section sizes');
  const dictionaryBytes = (['termOffsets', 'termBytes', 'termIndex', 'postStart'] as const).reduce((sum, name) => sum + framed.length(name), 0);
  // While opening, a damaged or inconsistent part is the open's refusal (the caller deletes the file); later, the
  // dictionary's reads go through `read` and `damaged` as the postings' do.
  const strict: ReadSection = (name, start, length) => {
    try {
      return framed.read(name, start, length);
    } catch (error) {
      return fail((error as Error).message);
    }
  };
  const sample = FileDictionary.readSample(strict, fail, T, every);
  let dictionary: TermDictionary;
  if (dictionaryBytes <= EAGER_DICTIONARY_BYTES) {
    dictionary = new ArrayDictionary(new FileDictionary(strict, fail, T, F, termBytesLength, count, every, sample).arrays());
  } else {
    dictionary = new FileDictionary(read, damaged, T, F, termBytesLength, count, every, sample);
  }
  const readBlocks: ReadSectionBlocks = (name, blocks) => checked(() => framed.readBlocks(name, blocks));
  const postings = new BlockPostings(read, readInto, readBlocks, count, entries, tfBytes);
  let lengths: Uint32Array | undefined;
  const fieldLengths = (): Uint32Array => {
    if (lengths) return lengths;
    const bytes = read('fieldLengths', 0, lengthsLength);
    return (lengths = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  };
  // One (doc, field)'s length, read one checked block of the section at a time (SMALL_BLOCK_BYTES: the scattered
  // documents of a rare term read what they need, not 64 KiB each).
  const lengthBlocks = new Map<number, Uint32Array>();
  const totalLengths = lengthsLength / 4;
  const lengthEntries = SMALL_BLOCK_BYTES / 4;
  const fieldLength = (doc: number, field: number): number => {
    if (lengths) return lengths[doc * F + field]!;
    const i = doc * F + field;
    const b = Math.floor(i / lengthEntries);
    let block = lengthBlocks.get(b);
    if (!block) {
      const first = b * lengthEntries;
      const bytes = read('fieldLengths', first * 4, Math.min(lengthEntries, totalLengths - first) * 4);
      block = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
      lengthBlocks.set(b, block);
    }
    return block[i - b * lengthEntries]!;
  };
  // The stored block maxima (maxima-sections.ts), when the build stored them.
  let maxima: FileMaxima | undefined;
  if (header!.maximaPrivate !== undefined) {
    const lengths = Object.fromEntries(MAXIMA_SECTIONS.map((name) => [name, framed.has(name) ? framed.length(name) : -1])) as Record<(typeof MAXIMA_SECTIONS)[number], number>;
    if (!isCount(header!.maximaPrivate) || !statistics || !FileMaxima.fits(lengths, header!.docCount)) fail('inconsistent maxima sections');
    maxima = new FileMaxima(header!.maximaPrivate!, header!.docCount, read, lengths, damaged);
  }
  const parts = { fields: header!.fields, docCount: header!.docCount, dictionary, postings, maxima };
  return { header: header!, index: new CompactIndex(statistics ? { ...parts, fieldLengths, fieldLength, fieldTotals: header!.fieldTotals } : parts) };
}

/** A framing refusal as an IndexFileError (what the cache and the healing index expect). */
function framedOrFail<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof FramingError) fail(error.message);
    throw error;
  }
}

/**
 * Open an index held in memory (tests, small indexes).
 * @param onCorrupt called once a block read after opening turns out corrupt (before the IndexFileError is thrown)
 * @throws IndexFileError when the bytes are not a valid index file
 */
export function decodeIndexFile(bytes: Uint8Array, onCorrupt: () => void = () => undefined): { header: IndexFileHeader; index: CompactIndex } {
  const framed = framedOrFail(() => FramedFile.fromBytes(bytes, FILE_MAGIC.index, INDEX_LAYOUT));
  return openIndex(framed, onCorrupt);
}

/**
 * Open an index file for lazy reading: reads the footer and the dictionary (a few bytes per term), each block
 * checked; postings are read when first used. The descriptor stays open while the index lives (a cache file
 * replaced meanwhile by rename does not affect it).
 * @param onCorrupt called once a posting or field-length block turns out corrupt (before the IndexFileError is thrown)
 * @returns the header, the index, and the file's size in bytes
 * @throws IndexFileError when the file is not a valid index; the file system's error when it cannot be opened
 *   (ENOENT when it is missing)
 */
export function openIndexFile(file: string, onCorrupt: () => void = () => undefined): { header: IndexFileHeader; index: CompactIndex; bytes: number } {
  const framed = framedOrFail(() => FramedFile.open(file, FILE_MAGIC.index, INDEX_LAYOUT));
  if (!framed) throw Object.assign(new Error(`${file} does not exist`), { code: 'ENOENT' });
  try {
    // The index's readers hold the framed file: its descriptor is closed when both are garbage-collected.
    const opened = openIndex(framed, onCorrupt);
    return { ...opened, bytes: framed.bytes };
  } catch (error) {
    framed.close();
    throw error;
  }
}
