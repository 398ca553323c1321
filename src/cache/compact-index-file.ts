/**
 * The on-disk form of a {@link CompactIndex}: the typed arrays as they are in memory, so opening reads the
 * small dictionary arrays and nothing else — the postings (the bulk of the file) are read block by block when a
 * query first touches them, and each block is checked against its own CRC before use.
 *
 *   bytes 0–7    magic `LUNRIDX\x04`
 *   bytes 8–11   header length H (u32, little-endian)
 *   bytes 12…    header: UTF-8 JSON ({@link IndexFileHeader}), zero-padded
 *   sections     termOffsets, termBytes, termIndex, postStart, blockCrcs, postDocs, postWeights, postTf,
 *                fieldLengths — each at an offset that is a multiple of 8, little-endian; offset, length and
 *                CRC-32 listed in the header (postTf and fieldLengths are empty for an index without statistics);
 *                postTf holds each term frequency in `tfBytes` bytes (1, 2 or 4, the narrowest that holds the
 *                largest), so a typical index spends 9 bytes per posting instead of 12
 *   last 16      magic again, the CRC-32 (u32) of the header's H bytes, 4 zero bytes
 *
 * `blockCrcs` holds the CRC-32 of every block of {@link BLOCK_ENTRIES} postings (of the stored bytes): first the
 * `postDocs` blocks, then the `postWeights` blocks, then the `postTf` blocks. `fieldLengths` is read a block of
 * {@link BLOCK_ENTRIES} lengths at a time, each checked against its CRC in the header's `lengthCrcs` (or whole,
 * against the section's CRC, when an index is re-encoded); the header also holds each field's total length. Opening checks the magic at both ends, the size, the header CRC, the CRC of every dictionary
 * section and the arrays' shapes. The file is written as a stream ({@link IndexFileSink}): a build never holds
 * the whole index.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { openRegularSync } from './regular-file.js';
import { TempFile } from './temp-file.js';
import { crc32 } from 'node:zlib';
import { CompactIndex, type IndexField, type IndexLayout, type IndexSink, type PostingStore } from '../index/compact-index.js';

const MAGIC = Buffer.from('LUNRIDX\x04', 'latin1');
const TRAILER_BYTES = 16;
/** Postings per verified block: 16,384 entries = 64 KiB of doc numbers and 64 KiB of weights. */
export const BLOCK_ENTRIES = 16_384;

type SectionName = 'termOffsets' | 'termBytes' | 'termIndex' | 'postStart' | 'blockCrcs' | 'postDocs' | 'postWeights' | 'postTf' | 'fieldLengths';
const SECTIONS: readonly SectionName[] = ['termOffsets', 'termBytes', 'termIndex', 'postStart', 'blockCrcs', 'postDocs', 'postWeights', 'postTf', 'fieldLengths'];

/** Identity and layout of a file; `extra` is what the cache checks (format, tool version, kind, key). */
export interface IndexFileHeader {
  readonly extra: Readonly<Record<string, string | number>>;
  readonly docCount: number;
  readonly fields: readonly IndexField[];
  readonly blockEntries: number;
  /** Bytes per stored term frequency (1, 2 or 4: the narrowest that holds the largest); 0 without statistics. */
  readonly tfBytes: number;
  /** Per field, Σ of its token counts over every document (empty without statistics). */
  readonly fieldTotals: readonly number[];
  /** CRC-32 of each {@link BLOCK_ENTRIES}-entry block of `fieldLengths` (read a block at a time). */
  readonly lengthCrcs: readonly number[];
  /** Section name → [byte offset from the start of the file, byte length, CRC-32 (0 for the posting sections)]. */
  readonly sections: Readonly<Record<SectionName, readonly [number, number, number]>>;
  /** Total file size in bytes. */
  readonly bytes: number;
}

/** Why a file was refused (or, for a posting block, found corrupt after opening). */
export class IndexFileError extends Error {}

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('compact index files need a little-endian machine');

const pad8 = (n: number): number => (n + 7) & ~7;
const asBytes = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const fail = (why: string): never => {
  throw new IndexFileError(why);
};

/** Bytes per stored term frequency: the narrowest of 1, 2 or 4 that holds `maxTf`. */
export function tfWidth(maxTf: number): 1 | 2 | 4 {
  return maxTf <= 0xff ? 1 : maxTf <= 0xffff ? 2 : 4;
}

const TF_ARRAYS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

/**
 * Writes an index file from a stream of postings ({@link IndexSink}): the dictionary when the layout is known,
 * each posting block (with its CRC) as soon as it is full, the posting starts, block CRCs and the header last.
 * Every section's size is known from the layout, so each is written in place through `writeAt`; nothing but
 * three blocks of postings is buffered.
 */
class IndexFileWriter implements IndexSink<number> {
  private sections = {} as Record<SectionName, [number, number, number]>;
  private headerRoom = 0;
  private base: Omit<IndexFileHeader, 'sections' | 'bytes'> | undefined;
  private bytes = 0;
  private statistics = false;
  private crcs = new Uint32Array(0);
  private blocks = 0;
  private readonly docBlock = new Uint32Array(BLOCK_ENTRIES);
  private readonly weightBlock = new Int32Array(BLOCK_ENTRIES);
  private tfBlock: Uint8Array | Uint16Array | Uint32Array = new Uint32Array(0);
  private inBlock = 0;
  private block = 0;

  /**
   * @param writeAt writes bytes at a byte position of the file (sections may be written in any order)
   * @param extra identity fields stored in the header
   * @param withStatistics false for an index without term frequencies and field lengths (a Lunr JSON conversion)
   */
  constructor(
    private readonly writeAt: (position: number, bytes: Uint8Array) => void,
    private readonly extra: Readonly<Record<string, string | number>>,
    private readonly withStatistics = true,
  ) {}

  begin(layout: IndexLayout): void {
    const P = layout.postings;
    const F = layout.fields.length;
    const T = layout.termIndex.length;
    this.statistics = this.withStatistics;
    const tfBytes = this.statistics ? tfWidth(layout.maxTf) : 0;
    this.blocks = Math.ceil(P / BLOCK_ENTRIES);
    this.crcs = new Uint32Array((this.statistics ? 3 : 2) * this.blocks);
    if (tfBytes > 0) this.tfBlock = new TF_ARRAYS[tfBytes as 1 | 2 | 4](BLOCK_ENTRIES);
    const lengths: Record<SectionName, number> = {
      termOffsets: (T + 1) * 4,
      termBytes: layout.termBytes.byteLength,
      termIndex: T * 4,
      postStart: (T * F + 1) * 4,
      blockCrcs: this.crcs.byteLength,
      postDocs: P * 4,
      postWeights: P * 4,
      postTf: P * tfBytes,
      fieldLengths: this.statistics ? layout.fieldLengths.byteLength : 0,
    };
    const fieldTotals = new Array<number>(this.statistics ? F : 0).fill(0);
    const lengthCrcs: number[] = [];
    if (this.statistics) {
      const lengths = layout.fieldLengths;
      for (let i = 0; i < lengths.length; i++) fieldTotals[i % F]! += lengths[i]!;
      for (let at = 0; at < lengths.length; at += BLOCK_ENTRIES) lengthCrcs.push(crc32(asBytes(lengths.subarray(at, at + BLOCK_ENTRIES))) >>> 0);
    }
    this.base = { extra: this.extra, docCount: layout.docCount, fields: layout.fields, blockEntries: BLOCK_ENTRIES, tfBytes, fieldTotals, lengthCrcs };
    // The header lists offsets that depend on its own length: reserve room for the longest possible numbers.
    this.headerRoom = pad8(12 + Buffer.byteLength(JSON.stringify(this.base)) + 80 * SECTIONS.length + 64);
    let offset = this.headerRoom;
    for (const name of SECTIONS) {
      this.sections[name] = [offset, lengths[name], 0];
      offset = pad8(offset + lengths[name]);
    }
    this.bytes = offset + TRAILER_BYTES;
    this.whole('termOffsets', layout.termOffsets);
    this.whole('termBytes', layout.termBytes);
    this.whole('termIndex', layout.termIndex);
    if (this.statistics) this.whole('fieldLengths', layout.fieldLengths);
  }

  /** Write a whole section now, with its CRC. */
  private whole(name: SectionName, array: ArrayBufferView): void {
    const bytes = asBytes(array);
    this.sections[name][2] = crc32(bytes) >>> 0;
    this.writeAt(this.sections[name][0], bytes);
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

  /** Write the current block of each posting section, with its CRC. */
  private flushBlock(): void {
    if (this.inBlock === 0) return;
    const b = this.block;
    const n = this.inBlock;
    const put = (name: SectionName, array: Uint8Array | Uint16Array | Uint32Array | Int32Array, crcAt: number): void => {
      const bytes = asBytes(array.subarray(0, n));
      this.crcs[crcAt] = crc32(bytes) >>> 0;
      this.writeAt(this.sections[name][0] + b * BLOCK_ENTRIES * array.BYTES_PER_ELEMENT, bytes);
    };
    put('postDocs', this.docBlock, b);
    put('postWeights', this.weightBlock, this.blocks + b);
    if (this.statistics) put('postTf', this.tfBlock, 2 * this.blocks + b);
    this.block++;
    this.inBlock = 0;
  }

  /** @returns the file's size in bytes */
  end(postStart: Uint32Array): number {
    this.flushBlock();
    if (this.block !== this.blocks) throw new Error(`index file: ${this.block} posting blocks written, ${this.blocks} expected`);
    this.whole('postStart', postStart);
    this.whole('blockCrcs', this.crcs);
    const header: IndexFileHeader = { ...this.base!, sections: this.sections, bytes: this.bytes };
    const json = Buffer.from(JSON.stringify(header), 'utf8');
    if (12 + json.length > this.headerRoom) throw new Error('compact index header does not fit');
    const head = Buffer.alloc(this.headerRoom);
    MAGIC.copy(head, 0);
    head.writeUInt32LE(json.length, 8);
    json.copy(head, 12);
    this.writeAt(0, head);
    const trailer = Buffer.alloc(TRAILER_BYTES);
    MAGIC.copy(trailer, 0);
    trailer.writeUInt32LE(crc32(json) >>> 0, 8);
    this.writeAt(this.bytes - TRAILER_BYTES, trailer);
    return this.bytes;
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
 * The file's bytes as a list of buffers, written in order (their total is `header.bytes`). Reads every posting
 * of a lazily opened index.
 * @param extra identity fields stored in the header and returned when opened
 */
export function encodeIndexFile(index: CompactIndex, extra: Readonly<Record<string, string | number>>): Buffer[] {
  const pieces: Array<[number, Buffer]> = [];
  const size = feed(index, new IndexFileWriter((position, bytes) => pieces.push([position, Buffer.from(bytes)]), extra, index.hasStatistics));
  const out = Buffer.alloc(size);
  for (const [position, bytes] of pieces) bytes.copy(out, position);
  return [out];
}

/**
 * An {@link IndexSink} writing an index file atomically: into a temp file beside `file`, renamed over it by
 * `end`. Never throws for the file system (a read-only or full disk): `end` then returns undefined and the temp
 * file is removed.
 */
export class IndexFileSink implements IndexSink<number | undefined> {
  private readonly out: TempFile | undefined;
  private readonly writer: IndexFileWriter;

  /** @param extra identity fields stored in the header (what the cache checks) */
  constructor(file: string, extra: Readonly<Record<string, string | number>>) {
    this.out = TempFile.create(file);
    this.writer = new IndexFileWriter((position, bytes) => this.out?.writeAt(position, bytes), extra);
  }

  begin(layout: IndexLayout): void {
    this.writer.begin(layout);
  }

  postings(docs: Uint32Array, weights: Int32Array, tfs: Uint32Array, n: number): void {
    this.writer.postings(docs, weights, tfs, n);
  }

  /** @returns the file's size in bytes, or undefined when it could not be written */
  end(postStart: Uint32Array): number | undefined {
    const bytes = this.writer.end(postStart);
    return this.out?.commit() ? bytes : undefined;
  }

  /** Give up: close and remove the temp file. */
  abort(): void {
    this.out?.discard();
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

/** Reads `length` bytes at `position` into a fresh, 8-byte-aligned buffer. */
type ReadAt = (position: number, length: number) => Uint8Array;

/**
 * Bytes of posting blocks a lazily read index keeps (least recently used evicted first): a long-running
 * `serve` holds at most this much of the postings, however many distinct terms its queries touch; a block
 * evicted and needed again is re-read (from the page cache, usually) and re-checked.
 */
export const POSTING_CACHE_BYTES = 128 * 1024 * 1024;

/** Postings read from the file one verified block at a time, the most recently used blocks kept. */
class BlockPostings implements PostingStore {
  /** Section · blocks + block → the block's entries (as u32/i32), in least-recently-used-first order. */
  private readonly cache = new Map<number, Uint32Array | Int32Array>();
  private cachedBytes = 0;
  private readonly blocks: number;

  /**
   * @param tfBytes bytes per stored term frequency (1, 2 or 4); the `tfOffset` section is undefined without
   *        statistics
   * @param cacheBytes the most bytes of decoded blocks kept
   */
  constructor(
    private readonly readAt: ReadAt,
    readonly count: number,
    private readonly entries: number,
    private readonly docsOffset: number,
    private readonly weightsOffset: number,
    private readonly tfOffset: number | undefined,
    private readonly tfBytes: number,
    private readonly crcs: Uint32Array,
    private readonly onCorrupt: () => void,
    private readonly cacheBytes = POSTING_CACHE_BYTES,
  ) {
    this.blocks = Math.ceil(count / entries);
    if (tfOffset === undefined) this.tfs = undefined;
  }

  /** Block `block` of section 0 (docs), 1 (weights) or 2 (term frequencies), read and checked when not cached. */
  private block(section: 0 | 1 | 2, block: number): Uint32Array | Int32Array {
    const key = section * this.blocks + block;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const width = section === 2 ? this.tfBytes : 4;
    const offset = section === 0 ? this.docsOffset : section === 1 ? this.weightsOffset : this.tfOffset!;
    const first = block * this.entries;
    const n = Math.min(first + this.entries, this.count) - first;
    const bytes = this.readAt(offset + first * width, n * width);
    if ((crc32(bytes) >>> 0) !== this.crcs[key]) {
      this.onCorrupt();
      fail(`posting block ${block} is corrupt`);
    }
    let entries: Uint32Array | Int32Array;
    if (section === 1) entries = new Int32Array(bytes.buffer, bytes.byteOffset, n);
    else if (width === 4) entries = new Uint32Array(bytes.buffer, bytes.byteOffset, n);
    else entries = Uint32Array.from(width === 1 ? bytes : new Uint16Array(bytes.buffer, bytes.byteOffset, n));
    this.cache.set(key, entries);
    this.cachedBytes += entries.byteLength;
    for (const [old, evicted] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes || old === key) break;
      this.cache.delete(old);
      this.cachedBytes -= evicted.byteLength;
    }
    return entries;
  }

  private range<T extends Uint32Array | Int32Array>(start: number, end: number, section: 0 | 1 | 2, make: (n: number) => T): T {
    if (start < 0 || end > this.count || start > end) throw new RangeError(`posting range ${start}–${end} outside 0–${this.count}`);
    if (start === end) return make(0);
    const first = Math.floor(start / this.entries);
    const last = Math.floor((end - 1) / this.entries);
    if (first === last) return this.block(section, first).subarray(start - first * this.entries, end - first * this.entries) as T;
    const out = make(end - start);
    for (let b = first; b <= last; b++) {
      const from = Math.max(start, b * this.entries);
      const to = Math.min(end, (b + 1) * this.entries);
      out.set(this.block(section, b).subarray(from - b * this.entries, to - b * this.entries), from - start);
    }
    return out;
  }

  docs(start: number, end: number): Uint32Array {
    return this.range(start, end, 0, (n) => new Uint32Array(n));
  }

  weights(start: number, end: number): Int32Array {
    return this.range(start, end, 1, (n) => new Int32Array(n));
  }

  tfs?(start: number, end: number): Uint32Array {
    return this.range(start, end, 2, (n) => new Uint32Array(n));
  }
}

/** Opens an index over a reader: checks everything but the posting blocks, which are checked when read. */
function openIndex(readAt: ReadAt, size: number, onCorrupt: () => void): { header: IndexFileHeader; index: CompactIndex } {
  if (size < 12 + TRAILER_BYTES) fail('not a compact index file');
  const head = readAt(0, 12);
  if (!Buffer.from(head.buffer, head.byteOffset, 8).equals(MAGIC)) fail('not a compact index file');
  const trailer = Buffer.from(readAt(size - TRAILER_BYTES, TRAILER_BYTES));
  if (!trailer.subarray(0, 8).equals(MAGIC)) fail('truncated (no trailer)');
  const headerLength = Buffer.from(head.buffer, head.byteOffset, 12).readUInt32LE(8);
  if (12 + headerLength > size - TRAILER_BYTES) fail('header overruns the file');
  const json = Buffer.from(readAt(12, headerLength));
  if ((crc32(json) >>> 0) !== trailer.readUInt32LE(8)) fail('header checksum mismatch');
  let header: IndexFileHeader;
  try {
    header = JSON.parse(json.toString('utf8')) as IndexFileHeader;
  } catch {
    return fail('unreadable header');
  }
  if (header.bytes !== size) fail(`size ${size} differs from the recorded ${header.bytes}`);
  const section = (name: SectionName): readonly [number, number, number] => {
    const s = header.sections?.[name] ?? fail(`no ${name} section`);
    if (s[0] < 12 + headerLength || s[0] + s[1] > size - TRAILER_BYTES || s[0] % 8 !== 0 || s[1] % (name === 'termBytes' || name === 'postTf' ? 1 : 4) !== 0) {
      fail(`bad ${name} section`);
    }
    return s;
  };
  const eager = (name: SectionName): Uint8Array => {
    const [offset, length, crc] = section(name);
    const bytes = readAt(offset, length);
    if ((crc32(bytes) >>> 0) !== crc) fail(`${name} checksum mismatch`);
    return bytes;
  };
  const u32 = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const termOffsets = u32(eager('termOffsets'));
  const termBytes = eager('termBytes');
  const termIndex = u32(eager('termIndex'));
  const postStart = u32(eager('postStart'));
  const crcs = u32(eager('blockCrcs'));
  const [docsOffset, docsLength] = section('postDocs');
  const [weightsOffset, weightsLength] = section('postWeights');
  const [tfOffset, tfLength] = section('postTf');
  const [lengthsOffset, lengthsLength, lengthsCrc] = section('fieldLengths');
  const count = docsLength / 4;
  const tfBytes = header.tfBytes;
  const statistics = tfBytes !== 0;
  const entries = header.blockEntries;
  const T = termIndex.length;
  const F = header.fields?.length ?? 0;
  const shapeOk =
    Number.isInteger(entries) &&
    entries > 0 &&
    termOffsets.length === T + 1 &&
    termOffsets[T] === termBytes.length &&
    postStart.length === T * F + 1 &&
    postStart[T * F] === count &&
    weightsLength === docsLength &&
    (statistics
      ? (tfBytes === 1 || tfBytes === 2 || tfBytes === 4) &&
        tfLength === count * tfBytes &&
        lengthsLength === header.docCount * F * 4 &&
        Array.isArray(header.fieldTotals) &&
        header.fieldTotals.length === F &&
        header.fieldTotals.every((t) => Number.isSafeInteger(t) && t >= 0) &&
        Array.isArray(header.lengthCrcs) &&
        header.lengthCrcs.length === Math.ceil(lengthsLength / 4 / entries)
      : tfBytes === 0 && tfLength === 0 && lengthsLength === 0) &&
    crcs.length === (statistics ? 3 : 2) * Math.ceil(count / entries);
  if (!shapeOk) fail('inconsistent section sizes');
  for (let rank = 0; rank < T; rank++) if (termIndex[rank]! >= T) fail('bad term index');
  const postings = new BlockPostings(readAt, count, entries, docsOffset, weightsOffset, statistics ? tfOffset : undefined, tfBytes, crcs, onCorrupt);
  let lengths: Uint32Array | undefined;
  const fieldLengths = (): Uint32Array => {
    if (lengths) return lengths;
    const bytes = readAt(lengthsOffset, lengthsLength);
    if ((crc32(bytes) >>> 0) !== lengthsCrc) {
      onCorrupt();
      fail('fieldLengths checksum mismatch');
    }
    return (lengths = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  };
  // One (doc, field)'s length, read a block of `entries` at a time and checked against its CRC.
  const lengthBlocks: Array<Uint32Array | undefined> = [];
  const totalLengths = lengthsLength / 4;
  const fieldLength = (doc: number, field: number): number => {
    if (lengths) return lengths[doc * F + field]!;
    const i = doc * F + field;
    const b = Math.floor(i / entries);
    let block = lengthBlocks[b];
    if (!block) {
      const first = b * entries;
      const bytes = readAt(lengthsOffset + first * 4, Math.min(entries, totalLengths - first) * 4);
      if ((crc32(bytes) >>> 0) !== header.lengthCrcs[b]) {
        onCorrupt();
        fail(`fieldLengths block ${b} is corrupt`);
      }
      block = lengthBlocks[b] = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    }
    return block[i - b * entries]!;
  };
  const parts = { fields: header.fields, docCount: header.docCount, termOffsets, termBytes, termIndex, postStart, postings };
  return { header, index: new CompactIndex(statistics ? { ...parts, fieldLengths, fieldLength, fieldTotals: header.fieldTotals } : parts) };
}

/** Fresh 8-byte-aligned storage (Buffer.alloc may hand out unaligned slices of its pool). */
const aligned = (length: number): Uint8Array => new Uint8Array(new ArrayBuffer(length));

/**
 * Open an index held in memory (tests, small indexes).
 * @throws IndexFileError when the bytes are not a valid index file
 */
export function decodeIndexFile(bytes: Uint8Array): { header: IndexFileHeader; index: CompactIndex } {
  const readAt: ReadAt = (position, length) => {
    if (position + length > bytes.length) fail('read past the end');
    const out = aligned(length);
    out.set(bytes.subarray(position, position + length));
    return out;
  };
  return openIndex(readAt, bytes.length, () => undefined);
}

/** Closes the descriptors of lazily read files whose index has been garbage-collected. */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * Open an index file for lazy reading: reads and verifies the header and the dictionary (a few bytes per term);
 * postings are read when first used. The descriptor stays open while the index lives (a cache file replaced
 * meanwhile by rename does not affect it).
 * @param onCorrupt called once a posting block turns out corrupt (before the IndexFileError is thrown)
 * @returns the header, the index, and the file's size in bytes
 * @throws IndexFileError when the file is not a valid index; the file system's error when it cannot be opened
 */
export function openIndexFile(file: string, onCorrupt: () => void = () => undefined): { header: IndexFileHeader; index: CompactIndex; bytes: number } {
  const fd = openRegularSync(file);
  try {
    const size = fstatSync(fd).size;
    const readAt: ReadAt = (position, length) => {
      const out = aligned(length);
      for (let done = 0; done < length; ) {
        const n = readSync(fd, out, done, length - done, position + done);
        if (n === 0) fail('file shrank while reading');
        done += n;
      }
      return out;
    };
    const opened = openIndex(readAt, size, onCorrupt);
    openFiles.register(opened.index, fd);
    return { ...opened, bytes: size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
