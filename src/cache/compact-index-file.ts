/**
 * The on-disk form of a {@link CompactIndex}: the typed arrays as they are in memory, so opening reads the
 * small dictionary arrays and nothing else — the postings (the bulk of the file) are read block by block when a
 * query first touches them, and each block is checked against its own CRC before use.
 *
 *   bytes 0–7    magic `LUNRIDX\x03`
 *   bytes 8–11   header length H (u32, little-endian)
 *   bytes 12…    header: UTF-8 JSON ({@link IndexFileHeader}), zero-padded
 *   sections     termOffsets, termBytes, termIndex, postStart, blockCrcs, postDocs, postWeights, postTf,
 *                fieldLengths — each at an offset that is a multiple of 8, little-endian; offset, length and
 *                CRC-32 listed in the header (postTf and fieldLengths are empty for an index without statistics)
 *   last 16      magic again, the CRC-32 (u32) of the header's H bytes, 4 zero bytes
 *
 * `blockCrcs` holds the CRC-32 of every block of {@link BLOCK_ENTRIES} postings: first the `postDocs` blocks,
 * then the `postWeights` blocks, then the `postTf` blocks. `fieldLengths` is read and checked whole on first use. Opening checks the magic at both ends, the size, the header CRC, the CRC of
 * every dictionary section and the arrays' shapes.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { openRegularSync } from './regular-file.js';
import { crc32 } from 'node:zlib';
import { CompactIndex, type IndexField, type PostingStore } from '../index/compact-index.js';

const MAGIC = Buffer.from('LUNRIDX\x03', 'latin1');
const TRAILER_BYTES = 16;
/** Postings per verified block: 16,384 entries = 64 KiB of doc numbers and 64 KiB of weights. */
export const BLOCK_ENTRIES = 16_384;

type SectionName = 'termOffsets' | 'termBytes' | 'termIndex' | 'postStart' | 'blockCrcs' | 'postDocs' | 'postWeights' | 'postTf' | 'fieldLengths';
const SECTIONS: readonly SectionName[] = ['termOffsets', 'termBytes', 'termIndex', 'postStart', 'blockCrcs', 'postDocs', 'postWeights', 'postTf', 'fieldLengths'];
/** Sections with a whole-section CRC (read whole: the first five when the file is opened, fieldLengths on first use). */
const WHOLE: readonly SectionName[] = ['termOffsets', 'termBytes', 'termIndex', 'postStart', 'blockCrcs', 'fieldLengths'];

/** Identity and layout of a file; `extra` is what the cache checks (format, tool version, kind, key). */
export interface IndexFileHeader {
  readonly extra: Readonly<Record<string, string | number>>;
  readonly docCount: number;
  readonly fields: readonly IndexField[];
  readonly blockEntries: number;
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

/** CRC-32 of each block of `entries`-element blocks of a typed array. */
function blockCrcs(array: Uint32Array | Int32Array, entries: number): number[] {
  const out: number[] = [];
  for (let start = 0; start < array.length; start += entries) out.push(crc32(asBytes(array.subarray(start, start + entries))) >>> 0);
  return out;
}

/**
 * The file's bytes as a list of buffers, written in order (their total is `header.bytes`). Reads every posting
 * of a lazily opened index.
 * @param extra identity fields stored in the header and returned when opened
 */
export function encodeIndexFile(index: CompactIndex, extra: Readonly<Record<string, string | number>>): Buffer[] {
  const postDocs = index.postings.docs(0, index.postings.count);
  const postWeights = index.postings.weights(0, index.postings.count);
  const postTf = index.hasStatistics ? index.postings.tfs!(0, index.postings.count) : new Uint32Array(0);
  const arrays: Record<SectionName, ArrayBufferView> = {
    termOffsets: index.termOffsets,
    termBytes: index.termBytes,
    termIndex: index.termIndex,
    postStart: index.postStart,
    blockCrcs: Uint32Array.from([...blockCrcs(postDocs, BLOCK_ENTRIES), ...blockCrcs(postWeights, BLOCK_ENTRIES), ...blockCrcs(postTf, BLOCK_ENTRIES)]),
    postDocs,
    postWeights,
    postTf,
    fieldLengths: index.hasStatistics ? index.fieldLengths!() : new Uint32Array(0),
  };
  const base = { extra, docCount: index.docCount, fields: index.fields, blockEntries: BLOCK_ENTRIES };
  // The header lists offsets that depend on its own length: reserve room for the longest possible numbers.
  const headerRoom = pad8(12 + Buffer.byteLength(JSON.stringify(base)) + 80 * SECTIONS.length + 64);
  const sections = {} as Record<SectionName, [number, number, number]>;
  let offset = headerRoom;
  for (const name of SECTIONS) {
    const crc = WHOLE.includes(name) ? crc32(asBytes(arrays[name])) >>> 0 : 0;
    sections[name] = [offset, arrays[name].byteLength, crc];
    offset = pad8(offset + arrays[name].byteLength);
  }
  const header: IndexFileHeader = { ...base, sections, bytes: offset + TRAILER_BYTES };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  if (12 + json.length > headerRoom) throw new Error('compact index header does not fit');
  const head = Buffer.alloc(headerRoom);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(json.length, 8);
  json.copy(head, 12);
  const parts: Buffer[] = [head];
  let at = headerRoom;
  for (const name of SECTIONS) {
    const [start, length] = sections[name];
    if (start > at) parts.push(Buffer.alloc(start - at));
    parts.push(asBytes(arrays[name]));
    at = start + length;
  }
  if (offset > at) parts.push(Buffer.alloc(offset - at));
  const trailer = Buffer.alloc(TRAILER_BYTES);
  MAGIC.copy(trailer, 0);
  trailer.writeUInt32LE(crc32(json) >>> 0, 8);
  parts.push(trailer);
  return parts;
}

/** Reads `length` bytes at `position` into a fresh, 8-byte-aligned buffer. */
type ReadAt = (position: number, length: number) => Uint8Array;

/** Postings read from the file one verified block at a time, each block kept once read. */
class BlockPostings implements PostingStore {
  private readonly docBlocks: Array<Uint32Array | undefined> = [];
  private readonly weightBlocks: Array<Int32Array | undefined> = [];
  private readonly tfBlocks: Array<Uint32Array | undefined> = [];

  constructor(
    private readonly readAt: ReadAt,
    readonly count: number,
    private readonly entries: number,
    private readonly docsOffset: number,
    private readonly weightsOffset: number,
    private readonly tfOffset: number | undefined,
    private readonly crcs: Uint32Array,
    private readonly onCorrupt: () => void,
  ) {
    if (tfOffset === undefined) this.tfs = undefined;
  }

  /** Blocks per posting section. */
  private get blocks(): number {
    return Math.ceil(this.count / this.entries);
  }

  private read(block: number, offset: number, crcAt: number): Uint8Array {
    const first = block * this.entries;
    const bytes = this.readAt(offset + first * 4, (Math.min(first + this.entries, this.count) - first) * 4);
    if ((crc32(bytes) >>> 0) !== this.crcs[crcAt]) {
      this.onCorrupt();
      fail(`posting block ${block} is corrupt`);
    }
    return bytes;
  }

  private docBlock(block: number): Uint32Array {
    let hit = this.docBlocks[block];
    if (!hit) {
      const bytes = this.read(block, this.docsOffset, block);
      hit = this.docBlocks[block] = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    }
    return hit;
  }

  private weightBlock(block: number): Int32Array {
    let hit = this.weightBlocks[block];
    if (!hit) {
      const bytes = this.read(block, this.weightsOffset, this.blocks + block);
      hit = this.weightBlocks[block] = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    }
    return hit;
  }

  private tfBlock(block: number): Uint32Array {
    let hit = this.tfBlocks[block];
    if (!hit) {
      const bytes = this.read(block, this.tfOffset!, 2 * this.blocks + block);
      hit = this.tfBlocks[block] = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    }
    return hit;
  }

  private range<T extends Uint32Array | Int32Array>(start: number, end: number, block: (b: number) => T, make: (n: number) => T): T {
    if (start < 0 || end > this.count || start > end) throw new RangeError(`posting range ${start}–${end} outside 0–${this.count}`);
    if (start === end) return make(0);
    const first = Math.floor(start / this.entries);
    const last = Math.floor((end - 1) / this.entries);
    if (first === last) return block(first).subarray(start - first * this.entries, end - first * this.entries) as T;
    const out = make(end - start);
    for (let b = first; b <= last; b++) {
      const from = Math.max(start, b * this.entries);
      const to = Math.min(end, (b + 1) * this.entries);
      out.set(block(b).subarray(from - b * this.entries, to - b * this.entries), from - start);
    }
    return out;
  }

  docs(start: number, end: number): Uint32Array {
    return this.range(start, end, (b) => this.docBlock(b), (n) => new Uint32Array(n));
  }

  weights(start: number, end: number): Int32Array {
    return this.range(start, end, (b) => this.weightBlock(b), (n) => new Int32Array(n));
  }

  tfs?(start: number, end: number): Uint32Array {
    return this.range(start, end, (b) => this.tfBlock(b), (n) => new Uint32Array(n));
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
    if (s[0] < 12 + headerLength || s[0] + s[1] > size - TRAILER_BYTES || s[0] % 8 !== 0 || s[1] % (name === 'termBytes' ? 1 : 4) !== 0) {
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
  const statistics = tfLength > 0 || lengthsLength > 0;
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
    (statistics ? tfLength === docsLength && lengthsLength === header.docCount * F * 4 : tfLength === 0 && lengthsLength === 0) &&
    crcs.length === (statistics ? 3 : 2) * Math.ceil(count / entries);
  if (!shapeOk) fail('inconsistent section sizes');
  const postings = new BlockPostings(readAt, count, entries, docsOffset, weightsOffset, statistics ? tfOffset : undefined, crcs, onCorrupt);
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
  const parts = { fields: header.fields, docCount: header.docCount, termOffsets, termBytes, termIndex, postStart, postings };
  return { header, index: new CompactIndex(statistics ? { ...parts, fieldLengths } : parts) };
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
