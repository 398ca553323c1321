/**
 * The on-disk form of a {@link CompactIndex}: a framed file (framing.ts, magic `OGSINDEX`, layout
 * {@link INDEX_LAYOUT}) holding the typed arrays as they are in memory, so opening reads the footer and the small
 * dictionary arrays and nothing else — the postings (the bulk of the file) are read block by block when a query
 * first touches them, each 64 KiB block checked against its CRC by the framing the first time it is read.
 *
 * Sections (little-endian): termOffsets, termBytes, termIndex, postStart, postDocs, postWeights, postTf,
 * fieldLengths (postTf and fieldLengths are empty for an index without statistics). postTf holds each term
 * frequency in `tfBytes` bytes (1, 2 or 4, the narrowest that holds the largest), so a typical index spends 9
 * bytes per posting instead of 12. The footer's metadata ({@link IndexFileHeader}) holds the identity fields the
 * cache checks, the document count, the fields, each field's total length and `tfBytes`. `fieldLengths` is read a
 * block of {@link BLOCK_ENTRIES} lengths at a time. Opening checks the framing, the dictionary's blocks and the
 * arrays' shapes. The file is written as a stream ({@link IndexFileSink}): a build never holds the whole index.
 */
import { FILE_MAGIC, FramedFile, FramedWriter, FramingError, type SectionWriter } from './framing.js';
import { CompactIndex, type IndexField, type IndexLayout, type IndexSink, type PostingStore } from '../index/compact-index.js';

/** Layout version of the index file (the framing's version field). 7: framed (framing.ts). */
export const INDEX_LAYOUT = 7;
/** Postings per block: 16,384 entries = one 64 KiB framed block of doc numbers, one of weights. */
export const BLOCK_ENTRIES = 16_384;
/** Bytes per framed block of the index file. */
const BLOCK_BYTES = BLOCK_ENTRIES * 4;

type SectionName = 'termOffsets' | 'termBytes' | 'termIndex' | 'postStart' | 'postDocs' | 'postWeights' | 'postTf' | 'fieldLengths';
const SECTIONS: readonly SectionName[] = ['termOffsets', 'termBytes', 'termIndex', 'postStart', 'postDocs', 'postWeights', 'postTf', 'fieldLengths'];

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
    const lengths: Record<SectionName, number> = {
      termOffsets: (T + 1) * 4,
      termBytes: layout.termBytes.byteLength,
      termIndex: T * 4,
      postStart: (T * F + 1) * 4,
      postDocs: P * 4,
      postWeights: P * 4,
      postTf: P * tfBytes,
      fieldLengths: this.statistics ? layout.fieldLengths.byteLength : 0,
    };
    const fieldTotals = new Array<number>(this.statistics ? F : 0).fill(0);
    if (this.statistics) {
      const fieldLengths = layout.fieldLengths;
      for (let i = 0; i < fieldLengths.length; i++) fieldTotals[i % F]! += fieldLengths[i]!;
    }
    this.meta = { extra: this.extra, docCount: layout.docCount, fields: layout.fields, blockEntries: BLOCK_ENTRIES, tfBytes, fieldTotals };
    if (!this.writer) return;
    for (const name of SECTIONS) this.out.set(name, this.writer.reserve(name, lengths[name]));
    this.whole('termOffsets', layout.termOffsets);
    this.whole('termBytes', layout.termBytes);
    this.whole('termIndex', layout.termIndex);
    this.whole('fieldLengths', this.statistics ? layout.fieldLengths : new Uint32Array(0));
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
 * Bytes of posting blocks a lazily read index keeps (least recently used evicted first): a long-running
 * `serve` holds at most this much of the postings, however many distinct terms its queries touch; a block
 * evicted and needed again is re-read (from the page cache, usually).
 */
export const POSTING_CACHE_BYTES = 128 * 1024 * 1024;

/** Reads `length` bytes of a section from byte `start` (checked by the framing); a damaged block is an IndexFileError. */
type ReadSection = (name: SectionName, start: number, length: number) => Uint8Array;

/** Postings read from the file one block at a time (checked by the framing), the most recently used blocks kept. */
class BlockPostings implements PostingStore {
  /** Section · blocks + block → the block's entries (as u32/i32), in least-recently-used-first order. */
  private readonly cache = new Map<number, Uint32Array | Int32Array>();
  private cachedBytes = 0;
  private readonly blocks: number;

  /**
   * @param tfBytes bytes per stored term frequency (1, 2 or 4); 0 without statistics
   * @param cacheBytes the most bytes of decoded blocks kept
   */
  constructor(
    private readonly read: ReadSection,
    readonly count: number,
    private readonly entries: number,
    private readonly tfBytes: number,
    private readonly cacheBytes = POSTING_CACHE_BYTES,
  ) {
    this.blocks = Math.ceil(count / entries);
    if (tfBytes === 0) this.tfs = undefined;
  }

  /** Block `block` of section 0 (docs), 1 (weights) or 2 (term frequencies), read when not cached. */
  private block(section: 0 | 1 | 2, block: number): Uint32Array | Int32Array {
    const key = section * this.blocks + block;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const width = section === 2 ? this.tfBytes : 4;
    const name: SectionName = section === 0 ? 'postDocs' : section === 1 ? 'postWeights' : 'postTf';
    const first = block * this.entries;
    const n = Math.min(first + this.entries, this.count) - first;
    const bytes = this.read(name, first * width, n * width);
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

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * Opens an index over a framed file: checks the metadata, reads the dictionary (each of its blocks checked) and
 * the arrays' shapes; the posting and field-length blocks are checked when read.
 * @param onCorrupt called once a block read after opening turns out corrupt (before the IndexFileError is thrown)
 */
function openIndex(framed: FramedFile, onCorrupt: () => void): { header: IndexFileHeader; index: CompactIndex } {
  let corrupt = false;
  const read: ReadSection = (name, start, length) => {
    try {
      return framed.read(name, start, length);
    } catch (error) {
      if (!(error instanceof FramingError)) throw error;
      if (!corrupt) onCorrupt();
      corrupt = true;
      return fail(error.message.replace(/^postDocs block|^postWeights block|^postTf block/, 'posting block'));
    }
  };
  const header = framed.meta as IndexFileHeader | null;
  if (header === null || typeof header !== 'object' || typeof header.extra !== 'object' || header.extra === null) fail('unreadable header');
  for (const name of SECTIONS) if (!framed.has(name)) fail(`no ${name} section`);
  const whole = (name: SectionName): Uint8Array => {
    try {
      return framed.read(name);
    } catch (error) {
      return fail((error as Error).message);
    }
  };
  const u32 = (name: SectionName): Uint32Array => {
    if (framed.length(name) % 4 !== 0) fail(`bad ${name} section`);
    const bytes = whole(name);
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  };
  const termOffsets = u32('termOffsets');
  const termBytes = whole('termBytes');
  const termIndex = u32('termIndex');
  const postStart = u32('postStart');
  const docsLength = framed.length('postDocs');
  const weightsLength = framed.length('postWeights');
  const tfLength = framed.length('postTf');
  const lengthsLength = framed.length('fieldLengths');
  const count = docsLength / 4;
  const tfBytes = header!.tfBytes;
  const statistics = tfBytes !== 0;
  const entries = header!.blockEntries;
  const T = termIndex.length;
  const F = Array.isArray(header!.fields) ? header!.fields.length : -1;
  const shapeOk =
    entries === BLOCK_ENTRIES &&
    framed.blockBytes === BLOCK_BYTES &&
    isCount(header!.docCount) &&
    F >= 0 &&
    Number.isInteger(count) &&
    termOffsets.length === T + 1 &&
    termOffsets[T] === termBytes.length &&
    postStart.length === T * F + 1 &&
    postStart[T * F] === count &&
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
  for (let rank = 0; rank < T; rank++) if (termIndex[rank]! >= T) fail('bad term index');
  const postings = new BlockPostings(read, count, entries, tfBytes);
  let lengths: Uint32Array | undefined;
  const fieldLengths = (): Uint32Array => {
    if (lengths) return lengths;
    const bytes = read('fieldLengths', 0, lengthsLength);
    return (lengths = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  };
  // One (doc, field)'s length, read a block of `entries` at a time (checked by the framing).
  const lengthBlocks: Array<Uint32Array | undefined> = [];
  const totalLengths = lengthsLength / 4;
  const fieldLength = (doc: number, field: number): number => {
    if (lengths) return lengths[doc * F + field]!;
    const i = doc * F + field;
    const b = Math.floor(i / entries);
    let block = lengthBlocks[b];
    if (!block) {
      const first = b * entries;
      const bytes = read('fieldLengths', first * 4, Math.min(entries, totalLengths - first) * 4);
      block = lengthBlocks[b] = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    }
    return block[i - b * entries]!;
  };
  const parts = { fields: header!.fields, docCount: header!.docCount, termOffsets, termBytes, termIndex, postStart, postings };
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
 * @throws IndexFileError when the bytes are not a valid index file
 */
export function decodeIndexFile(bytes: Uint8Array): { header: IndexFileHeader; index: CompactIndex } {
  const framed = framedOrFail(() => FramedFile.fromBytes(bytes, FILE_MAGIC.index, INDEX_LAYOUT));
  return openIndex(framed, () => undefined);
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
