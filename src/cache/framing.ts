/**
 * The one framing of every cache file: named binary sections checked block by block, and a footer that says what
 * the file is. A file is opened by reading its fixed-size trailer and its footer only; a section's bytes are read
 * when first asked for, and each block is checked against its CRC-32 the first time it is read — so a large file
 * opens in constant time and a query pays for the blocks it touches.
 *
 *   bytes 0–7     the file type's magic ({@link FILE_MAGIC})
 *   bytes 8–11    the layout version (u32 LE: the caller's format constant)
 *   bytes 12–15   the framing's own version ({@link FRAMING_VERSION}, u32 LE)
 *   sections      each at an offset that is a multiple of 8, in the order written
 *   block CRCs    u32 LE, the CRC-32 of every block of every section, section by section (a section of n bytes
 *                 has ⌈n / blockBytes⌉ of them); read an aligned group of pages of {@link CRC_PAGE_ENTRIES} at
 *                 a time, each page checked against its CRC in the footer
 *   footer        UTF-8 JSON {@link Footer} (space-padded to a multiple of 8): the caller's metadata, the block size, per section its offset,
 *                 length and first block CRC (and its own block size when it differs from the file's), and the CRC of every page of
 *                 block CRCs
 *   last 24       footer offset (u64 LE), footer length (u32 LE), CRC-32 of the footer (u32 LE), the magic again
 *
 * Written through the one temp-file writer (temp-file.ts: temp name, then one atomic rename) by a
 * {@link FramedWriter}: whole sections, sections of a known length filled in order (several at once), or one
 * section of unknown length streamed at the end — the writer holds a block's running CRC per section and the list
 * of block CRCs, never a section. Opening checks both magics, both versions, the size, the footer's CRC and the
 * sections' bounds; a mismatch is a {@link FramingError}, and so is a block or a page of block CRCs that fails
 * its CRC when read. The caller then gives its one notice (notice.ts), deletes the file ({@link FramedFile.discard})
 * and rebuilds it or falls back: a damaged file is never served.
 */
import { closeSync, readSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { crc32 } from 'node:zlib';
import { cacheNotice } from './notice.js';
import { openRegularStatSync } from './regular-file.js';
import { TempFile } from './temp-file.js';

/** Bytes per checked block unless the writer says otherwise (the last block of a section may be shorter). */
export const FRAME_BLOCK_BYTES = 64 * 1024;
/** Version of the framing itself (1: CRCs in the footer; 2: a table of block CRCs read a page at a time). */
export const FRAMING_VERSION = 2;
/** Block CRCs per checked page of the CRC table (4 KiB). */
export const CRC_PAGE_ENTRIES = 1024;
/**
 * Pages of the CRC table read together (an aligned group; each page checked when first needed): a page of 100 items
 * scattered over a 500 MB record snapshot touches ≈ 70 of its 124 pages, read in ≈ 16 reads instead of 70. Over a
 * 5 GB snapshot (1,235 pages) a page of 30 items touches ≈ 30 groups: checking only the pages it needs checks 30
 * pages, not 240.
 */
const CRC_PAGE_GROUP = 8;
/** Reads of unchecked blocks up to this many bytes go into memory the file keeps (larger ones into their own). */
const BLOCK_MEMORY_BYTES = 1 << 20;
const PREFIX_BYTES = 16;
const TRAILER_BYTES = 24;

/**
 * The magic of every framed file type, in one table so no two types share one (8 Latin-1 characters each).
 */
export const FILE_MAGIC = {
  index: Buffer.from('OGSINDEX', 'latin1'),
  records: Buffer.from('OGSRECRD', 'latin1'),
  columns: Buffer.from('OGSCOLMN', 'latin1'),
  segment: Buffer.from('OGSSEGMT', 'latin1'),
  items: Buffer.from('OGSITEMS', 'latin1'),
} as const;

/** Why a framed file was refused, or a block of it found damaged. */
export class FramingError extends Error {}

/**
 * A section as stored: [byte offset, byte length, index of its first block CRC in the CRC table], then its bytes per
 * checked block when they differ from the file's (a section read a few values at a time at scattered places, such as
 * an index's field lengths, is checked in smaller blocks than its postings: a read then checks what it needs, not
 * 64 KiB around each value).
 */
type SectionEntry = readonly [number, number, number] | readonly [number, number, number, number];

/** What the footer holds. */
interface Footer {
  readonly meta: unknown;
  /** Bytes per checked block (a power of two, at least 8). */
  readonly blockBytes: number;
  readonly sections: Readonly<Record<string, SectionEntry>>;
  /** The block-CRC table: [byte offset, number of entries]. */
  readonly crcs: readonly [number, number];
  /** CRC-32 of each {@link CRC_PAGE_ENTRIES}-entry page of the block-CRC table. */
  readonly pages: readonly number[];
}

/**
 * `n` rounded up to a multiple of 8 (section and footer offsets, in bytes). Arithmetic, not `& ~7`: a bitwise
 * operator truncates to 32 bits, which wrapped every offset past 2 GiB (a 1M-issue record snapshot is ~4 GB).
 * @param n a non-negative safe integer
 */
export const pad8 = (n: number): number => Math.ceil(n / 8) * 8;
const asBuffer = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const validBlockBytes = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 8 && ((n as number) & ((n as number) - 1)) === 0;

/** True when every entry of a footer's `pages` is a non-negative safe integer (a loop by index: no callback per page). */
function validPageCrcs(pages: readonly unknown[]): boolean {
  for (let i = 0; i < pages.length; i++) {
    const crc = pages[i];
    if (!Number.isSafeInteger(crc) || (crc as number) < 0) return false;
  }
  return true;
}

/**
 * CRC-32 of `bytes` continuing from `running`. An empty part leaves `running` as it is (Node 20's
 * `crc32(data, value)` returns 0 rather than `value` for a view of a zero-length ArrayBuffer).
 */
function crcOf(bytes: Uint8Array, running = 0): number {
  return bytes.length === 0 ? running : crc32(bytes, running) >>> 0;
}

/**
 * CRC-32 of content whose check spans files, which no block CRC covers: the items file's check of an item
 * reassembled from its entry, its patch and its record's text in the record snapshot (item-file.ts). The framing
 * computes every CRC; this is its one for callers.
 */
export function contentChecksum(bytes: Uint8Array): number {
  return crcOf(bytes);
}

function checkMagic(magic: Buffer): void {
  if (magic.length !== 8) throw new Error('a framed file magic is 8 bytes');
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** Where a writer's bytes go: a temp file (renamed over the target by `commit`) or memory. */
interface Output {
  writeAt(position: number, bytes: Uint8Array): void;
  /** Write in the background (libuv's pool), in order with the other background writes. */
  writeAtAsync(position: number, bytes: Uint8Array): void;
  /** Resolves once every background write so far has finished. */
  settled(): Promise<void>;
  readonly ok: boolean;
  commit(target?: string): boolean;
  discard(): void;
}

/** Output into a temp file beside the target. */
class FileOutput implements Output {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly out: TempFile) {}

  writeAt(position: number, bytes: Uint8Array): void {
    this.out.writeAt(position, bytes);
  }

  writeAtAsync(position: number, bytes: Uint8Array): void {
    this.chain = this.chain.then(() => this.out.writeAtAsync(position, bytes));
  }

  settled(): Promise<void> {
    return this.chain;
  }

  get ok(): boolean {
    return this.out.ok;
  }

  commit(target?: string): boolean {
    return this.out.commit(target);
  }

  discard(): void {
    this.out.discard();
  }
}

/** Output kept in memory (tests, small files encoded as bytes). */
class MemoryOutput implements Output {
  readonly pieces: Array<[number, Buffer]> = [];
  ok = true;

  writeAt(position: number, bytes: Uint8Array): void {
    this.pieces.push([position, Buffer.from(bytes)]);
  }

  writeAtAsync(position: number, bytes: Uint8Array): void {
    this.writeAt(position, bytes);
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  commit(): boolean {
    return this.ok;
  }

  discard(): void {
    this.ok = false;
  }

  bytes(size: number): Buffer {
    const out = Buffer.alloc(size);
    for (const [position, bytes] of this.pieces) bytes.copy(out, position);
    return out;
  }
}

/**
 * One section being written, in order: each write continues where the last ended, and the CRC of each block is
 * computed as its bytes pass (nothing of the section is kept). Obtained from {@link FramedWriter.reserve} (a known
 * length) or {@link FramedWriter.stream} (a length known at the end).
 */
export class SectionWriter {
  private filled = 0;
  private running = 0;
  private inBlock = 0;
  private ended = false;
  /** The block CRCs of this section, in order (the first {@link blocks} entries). */
  private crcTable = new Uint32Array(16);
  private blocks = 0;

  /** @internal */
  constructor(
    private readonly output: Output,
    readonly name: string,
    /** Byte offset of the section in the file. */
    readonly offset: number,
    /** Its length when reserved; undefined while streamed. */
    readonly reserved: number | undefined,
    /** Bytes per checked block of this section. */
    readonly blockBytes: number,
    private readonly onEnd: (section: SectionWriter) => void,
  ) {}

  /** Bytes written so far. */
  get written(): number {
    return this.filled;
  }

  /** Append `bytes` now (synchronously). */
  write(bytes: Uint8Array): void {
    this.output.writeAt(this.offset + this.account(bytes), bytes);
  }

  /**
   * Append `bytes` in the background (their CRCs are taken now; the write runs on libuv's pool, in order with
   * the other background writes): keep `bytes` unchanged until {@link FramedWriter.settled} resolves.
   */
  writeAsync(bytes: Uint8Array): void {
    this.output.writeAtAsync(this.offset + this.account(bytes), bytes);
  }

  /** Take the CRCs of `bytes`; @returns their position in the section. */
  private account(bytes: Uint8Array): number {
    if (this.ended) throw new Error(`section ${this.name} already ended`);
    const at = this.filled;
    if (this.reserved !== undefined && at + bytes.length > this.reserved) throw new Error(`section ${this.name} overflows its ${this.reserved} bytes`);
    const B = this.blockBytes;
    for (let i = 0; i < bytes.length; ) {
      const k = Math.min(bytes.length - i, B - this.inBlock);
      this.running = crcOf(bytes.subarray(i, i + k), this.running);
      this.inBlock += k;
      i += k;
      if (this.inBlock === B) {
        this.pushCrc(this.running);
        this.running = 0;
        this.inBlock = 0;
      }
    }
    this.filled += bytes.length;
    return at;
  }

  private pushCrc(crc: number): void {
    if (this.blocks === this.crcTable.length) {
      const bigger = new Uint32Array(this.crcTable.length * 2);
      bigger.set(this.crcTable);
      this.crcTable = bigger;
    }
    this.crcTable[this.blocks++] = crc;
  }

  /** The block CRCs of this section, in order. */
  get crcs(): Uint32Array {
    return this.crcTable.subarray(0, this.blocks);
  }

  /** The section is whole (a reserved section must be filled exactly). */
  end(): void {
    if (this.ended) return;
    if (this.reserved !== undefined && this.filled !== this.reserved) throw new Error(`section ${this.name}: ${this.filled} of ${this.reserved} bytes written`);
    if (this.inBlock > 0) this.pushCrc(this.running);
    this.ended = true;
    this.onEnd(this);
  }

  /** True once {@link end} ran. */
  get done(): boolean {
    return this.ended;
  }
}

/**
 * Writes one framed file: sections, then {@link finish} (block CRCs, footer, trailer, rename). Writes never
 * throw for the file system: a failure makes `finish` return undefined (the temp file is removed). Mistakes of the
 * caller (a section overflowing its reservation, one left unfinished, a name used twice) throw.
 */
export class FramedWriter {
  private end = PREFIX_BYTES;
  private readonly sections: SectionWriter[] = [];
  private readonly names = new Set<string>();
  private open: SectionWriter | undefined;

  private constructor(
    private readonly output: Output,
    private readonly magic: Buffer,
    version: number,
    /** Bytes per checked block. */
    readonly blockBytes: number,
  ) {
    checkMagic(magic);
    if (!validBlockBytes(blockBytes)) throw new RangeError('block size: a power of two, at least 8');
    const prefix = Buffer.alloc(PREFIX_BYTES);
    magic.copy(prefix, 0);
    prefix.writeUInt32LE(version, 8);
    prefix.writeUInt32LE(FRAMING_VERSION, 12);
    output.writeAt(0, prefix);
  }

  /**
   * A writer of `file` (written under a temp name; {@link finish} renames it over `file` or the target given
   * there), or undefined when the temp file cannot be created.
   * @param magic the file type ({@link FILE_MAGIC})
   * @param version the layout version a reader must expect
   * @param blockBytes bytes per checked block (default {@link FRAME_BLOCK_BYTES}; smaller suits files read a few
   *   values at a time)
   */
  static create(file: string, magic: Buffer, version: number, blockBytes = FRAME_BLOCK_BYTES): FramedWriter | undefined {
    const out = TempFile.create(file);
    return out ? new FramedWriter(new FileOutput(out), magic, version, blockBytes) : undefined;
  }

  /** A writer into memory: {@link finishBytes} returns the file's bytes. */
  static inMemory(magic: Buffer, version: number, blockBytes = FRAME_BLOCK_BYTES): FramedWriter {
    return new FramedWriter(new MemoryOutput(), magic, version, blockBytes);
  }

  /** False once a write failed. */
  get ok(): boolean {
    return this.output.ok;
  }

  private claim(name: string): void {
    if (this.open) throw new Error(`section ${this.open.name} is still streaming`);
    if (this.names.has(name)) throw new Error(`section ${name} written twice`);
    this.names.add(name);
  }

  /**
   * A section of `length` bytes at the current end, to be filled in order (other sections may be filled meanwhile).
   * @param blockBytes bytes per checked block of this section (a power of two, at least 8; default the file's):
   *   smaller suits a section read a few values at a time at scattered places
   */
  reserve(name: string, length: number, blockBytes = this.blockBytes): SectionWriter {
    if (!validBlockBytes(blockBytes)) throw new RangeError('block size: a power of two, at least 8');
    this.claim(name);
    const section = new SectionWriter(this.output, name, this.end, length, blockBytes, () => undefined);
    this.end = pad8(this.end + length);
    this.sections.push(section);
    return section;
  }

  /** A section whose length is known when it ends, at the current end: no other section starts until it ends. */
  stream(name: string): SectionWriter {
    this.claim(name);
    const section = new SectionWriter(this.output, name, this.end, undefined, this.blockBytes, (s) => {
      this.end = pad8(s.offset + s.written);
      this.open = undefined;
    });
    this.open = section;
    this.sections.push(section);
    return section;
  }

  /** A whole section now: `parts` concatenated (typed arrays as their bytes, little-endian on this machine). */
  add(name: string, ...parts: ArrayBufferView[]): void {
    const section = this.reserve(name, parts.reduce((sum, part) => sum + part.byteLength, 0));
    for (const part of parts) section.write(asBuffer(part));
    section.end();
  }

  /** Resolves once every background write so far has finished (back-pressure for streamed sections). */
  settled(): Promise<void> {
    return this.output.settled();
  }

  /** Write the block CRCs, the footer and the trailer. @returns the file's size */
  private close(meta: unknown): number {
    if (this.open) throw new Error(`section ${this.open.name} is still streaming`);
    const entries: Record<string, SectionEntry> = {};
    let count = 0;
    for (const section of this.sections) {
      if (!section.done) throw new Error(`section ${section.name} was not finished`);
      entries[section.name] =
        section.blockBytes === this.blockBytes ? [section.offset, section.written, count] : [section.offset, section.written, count, section.blockBytes];
      count += section.crcs.length;
    }
    const table = new Uint32Array(count);
    for (const section of this.sections) table.set(section.crcs, entries[section.name]![2]);
    const tableAt = this.end;
    const tableBytes = asBuffer(table);
    this.output.writeAt(tableAt, tableBytes);
    const pages: number[] = [];
    for (let at = 0; at < table.length; at += CRC_PAGE_ENTRIES) pages.push(crcOf(asBuffer(table.subarray(at, at + CRC_PAGE_ENTRIES))));
    const footerAt = pad8(tableAt + tableBytes.length);
    const json = JSON.stringify({ meta, blockBytes: this.blockBytes, sections: entries, crcs: [tableAt, table.length], pages } satisfies Footer);
    // Padded with spaces (JSON whitespace) so the file's size is a multiple of 8.
    const footer = Buffer.from(json.padEnd(pad8(Buffer.byteLength(json)) - Buffer.byteLength(json) + json.length, ' '), 'utf8');
    this.output.writeAt(footerAt, footer);
    const trailer = Buffer.alloc(TRAILER_BYTES);
    trailer.writeBigUInt64LE(BigInt(footerAt), 0);
    trailer.writeUInt32LE(footer.length, 8);
    trailer.writeUInt32LE(crcOf(footer), 12);
    this.magic.copy(trailer, 16);
    this.output.writeAt(footerAt + footer.length, trailer);
    return footerAt + footer.length + TRAILER_BYTES;
  }

  /**
   * Finish the file and rename it over `target` (default: the file named at {@link create}).
   * @param meta JSON-serialisable metadata returned by {@link FramedFile.meta}
   * @returns the file's size in bytes, or undefined when it could not be written (nothing is left behind)
   */
  async finish(meta: unknown, target?: string): Promise<number | undefined> {
    await this.output.settled();
    return this.finishSync(meta, target);
  }

  /** {@link finish} for a writer that wrote nothing in the background. */
  finishSync(meta: unknown, target?: string): number | undefined {
    let size: number;
    try {
      if (!this.output.ok) throw new Error('not written');
      size = this.close(meta);
    } catch (error) {
      this.output.discard();
      if ((error as Error).message === 'not written') return undefined;
      throw error;
    }
    return this.output.commit(target) ? size : undefined;
  }

  /** The file's bytes, for a writer made by {@link inMemory}. */
  finishBytes(meta: unknown): Buffer {
    if (!(this.output instanceof MemoryOutput)) throw new Error('not an in-memory writer');
    return this.output.bytes(this.close(meta));
  }

  /** Give up: remove the temp file. Idempotent; never throws. */
  discard(): void {
    this.output.discard();
  }
}

/**
 * Write a framed file of whole sections atomically. Never throws for the file system.
 * @param magic the file type ({@link FILE_MAGIC})
 * @param version the layout version a reader must expect
 * @param meta JSON-serialisable metadata returned by {@link FramedFile.meta}
 * @param sections name → bytes (typed arrays are stored as their bytes, little-endian on this machine)
 * @param blockBytes bytes per checked block (default {@link FRAME_BLOCK_BYTES})
 * @param sectionBlockBytes section name → its own bytes per checked block, where it differs (a power of two, at
 *   least 8: smaller for a section read a few values at a time at scattered places)
 * @returns the file's size in bytes, or undefined when it could not be written
 */
export function writeFramed(
  file: string,
  magic: Buffer,
  version: number,
  meta: unknown,
  sections: ReadonlyMap<string, ArrayBufferView>,
  blockBytes = FRAME_BLOCK_BYTES,
  sectionBlockBytes?: ReadonlyMap<string, number>,
): number | undefined {
  checkMagic(magic);
  if (!validBlockBytes(blockBytes)) throw new RangeError('block size: a power of two, at least 8');
  const writer = FramedWriter.create(file, magic, version, blockBytes);
  if (!writer) return undefined;
  for (const [name, array] of sections) {
    const own = sectionBlockBytes?.get(name);
    if (own === undefined) {
      writer.add(name, array);
      continue;
    }
    const section = writer.reserve(name, array.byteLength, own);
    section.write(asBuffer(array));
    section.end();
  }
  return writer.finishSync(meta);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** Where a reader's bytes come from: a file descriptor or memory. */
interface Source {
  readonly size: number;
  /** `length` bytes at `position` into `out` at `at`. @throws FramingError when the source ends first */
  readInto(out: Uint8Array, at: number, position: number, length: number): void;
  close(): void;
  /** True when `file` is still the file this source reads (not replaced meanwhile). */
  isAt(file: string): boolean;
}

class FileSource implements Source {
  private fd: number | undefined;
  readonly size: number;
  private readonly ino: bigint;
  private readonly dev: bigint;

  /** @param stat `fd`'s own (bigint) fstat, made when it was opened */
  constructor(fd: number, stat: BigIntStats) {
    this.fd = fd;
    this.size = Number(stat.size);
    this.ino = stat.ino;
    this.dev = stat.dev;
  }

  readInto(out: Uint8Array, at: number, position: number, length: number): void {
    if (this.fd === undefined) throw new FramingError('closed');
    for (let done = 0; done < length; ) {
      const n = readSync(this.fd, out, at + done, length - done, position + done);
      if (n === 0) throw new FramingError('file shrank while reading');
      done += n;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }

  isAt(file: string): boolean {
    try {
      const now = statSync(file, { bigint: true });
      return now.ino === this.ino && now.dev === this.dev;
    } catch {
      return false;
    }
  }
}

class MemorySource implements Source {
  private closed = false;

  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  readInto(out: Uint8Array, at: number, position: number, length: number): void {
    if (this.closed) throw new FramingError('closed');
    if (position + length > this.bytes.length) throw new FramingError('read past the end');
    out.set(this.bytes.subarray(position, position + length), at);
  }

  close(): void {
    this.closed = true;
  }

  isAt(): boolean {
    return false;
  }
}

/** Closes the descriptors of files whose FramedFile was garbage-collected without close(). */
const unclosed = new FinalizationRegistry<Source>((source) => source.close());

/** An open framed file: its metadata now, its sections' bytes on demand (each block checked once). */
export class FramedFile {
  /** Section name → which of its blocks were checked (a bit per block: 160 KB for a 5 GB section of 4 KiB blocks). */
  private readonly checked = new Map<string, Uint32Array>();
  /** Pages of the block-CRC table read and checked so far. */
  private readonly pageCache = new Map<number, Uint32Array>();
  /** Pages of the block-CRC table read with a needed page's group but not yet checked (checked when first needed). */
  private readonly pagesRead = new Map<number, Uint32Array>();
  private readonly source: Source;
  /** Memory that blocks read whole to be checked are read into (made on first use). */
  private blocks: Uint8Array | undefined;

  private constructor(
    /** The file's path ('' for bytes in memory). */
    readonly file: string,
    source: Source,
    private readonly footer: Footer,
  ) {
    this.source = source;
    unclosed.register(this, source, this);
  }

  /** The caller's metadata, as written. */
  get meta(): unknown {
    return this.footer.meta;
  }

  /** Bytes per checked block. */
  get blockBytes(): number {
    return this.footer.blockBytes;
  }

  /** The file's size in bytes. */
  get bytes(): number {
    return this.source.size;
  }

  /**
   * Open `file` as a framed file of type `magic` and layout `version`: reads the prefix, the trailer and the
   * footer, nothing else.
   * @returns undefined when the file does not exist
   * @throws FramingError when it is not such a file or is damaged; the file system's error when it cannot be read
   *   (NotRegularFileError for a directory or a FIFO in its place)
   */
  static open(file: string, magic: Buffer, version: number): FramedFile | undefined {
    checkMagic(magic);
    let opened: { fd: number; stat: BigIntStats };
    try {
      // One fstat for both the regular-file check and the source's size and identity.
      opened = openRegularStatSync(file, true);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const source: Source = new FileSource(opened.fd, opened.stat);
    return FramedFile.over(file, source, magic, version);
  }

  /**
   * Open framed bytes held in memory (tests, small files).
   * @throws FramingError when they are not such a file or are damaged
   */
  static fromBytes(bytes: Uint8Array, magic: Buffer, version: number): FramedFile {
    checkMagic(magic);
    return FramedFile.over('', new MemorySource(bytes), magic, version);
  }

  private static over(file: string, source: Source, magic: Buffer, version: number): FramedFile {
    try {
      const size = source.size;
      const read = (position: number, length: number): Buffer => {
        const out = Buffer.alloc(length);
        source.readInto(out, 0, position, length);
        return out;
      };
      if (size < PREFIX_BYTES + TRAILER_BYTES) throw new FramingError('truncated');
      const prefix = read(0, PREFIX_BYTES);
      if (!prefix.subarray(0, 8).equals(magic)) throw new FramingError('not this kind of file');
      if (prefix.readUInt32LE(8) !== version) throw new FramingError(`layout ${prefix.readUInt32LE(8)}, expected ${version}`);
      if (prefix.readUInt32LE(12) !== FRAMING_VERSION) throw new FramingError(`framing ${prefix.readUInt32LE(12)}, expected ${FRAMING_VERSION}`);
      const trailer = read(size - TRAILER_BYTES, TRAILER_BYTES);
      if (!trailer.subarray(16).equals(magic)) throw new FramingError('truncated (no trailer)');
      const footerAt = Number(trailer.readBigUInt64LE(0));
      const footerLength = trailer.readUInt32LE(8);
      if (footerAt < PREFIX_BYTES || footerAt + footerLength + TRAILER_BYTES !== size) throw new FramingError('footer out of bounds');
      const footerBytes = read(footerAt, footerLength);
      if (crcOf(footerBytes) !== trailer.readUInt32LE(12)) throw new FramingError('footer checksum mismatch');
      let footer: Footer;
      try {
        footer = JSON.parse(footerBytes.toString('utf8')) as Footer;
      } catch {
        throw new FramingError('footer is not JSON');
      }
      if (!footer || typeof footer !== 'object') throw new FramingError('footer is not an object');
      const { sections, blockBytes, crcs, pages } = footer;
      if (!sections || typeof sections !== 'object') throw new FramingError('no sections');
      if (!validBlockBytes(blockBytes)) throw new FramingError('bad block size');
      const crcCount = Array.isArray(crcs) ? crcs[1] : undefined;
      const tableOk =
        Array.isArray(crcs) &&
        Number.isSafeInteger(crcs[0]) &&
        Number.isSafeInteger(crcCount) &&
        crcs[0] >= PREFIX_BYTES &&
        crcs[0] % 8 === 0 &&
        (crcCount as number) >= 0 &&
        crcs[0] + 4 * (crcCount as number) <= footerAt &&
        Array.isArray(pages) &&
        pages.length === Math.ceil((crcCount as number) / CRC_PAGE_ENTRIES) &&
        validPageCrcs(pages);
      if (!tableOk) throw new FramingError('bad table of block CRCs');
      // By index, not `for…of Object.entries`: a cold process runs this in V8's interpreter, where each pair and
      // iterator step is a short-lived object (≈ 45 KB per cold query over five files, with the closure per page).
      const names = Object.keys(sections);
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        const entry = sections[name];
        const ok =
          Array.isArray(entry) &&
          (entry.length === 3 || (entry.length === 4 && validBlockBytes(entry[3]))) &&
          Number.isSafeInteger(entry[0]) &&
          Number.isSafeInteger(entry[1]) &&
          Number.isSafeInteger(entry[2]) &&
          entry[0] >= PREFIX_BYTES &&
          entry[0] % 8 === 0 &&
          entry[1] >= 0 &&
          entry[0] + entry[1] <= crcs[0] &&
          entry[2] >= 0 &&
          entry[2] + Math.ceil(entry[1] / (entry[3] ?? blockBytes)) <= crcs[1];
        if (!ok) throw new FramingError(`bad section ${name}`);
      }
      return new FramedFile(file, source, footer);
    } catch (error) {
      source.close();
      throw error;
    }
  }

  /** True when the file has a section `name`. */
  has(name: string): boolean {
    return Object.hasOwn(this.footer.sections, name);
  }

  /** Byte length of section `name` (0 when absent). */
  length(name: string): number {
    return this.has(name) ? this.footer.sections[name]![1] : 0;
  }

  /** Bytes per checked block of section `name` (the file's {@link blockBytes} unless the writer chose otherwise; 0 when absent). */
  sectionBlockBytes(name: string): number {
    return this.has(name) ? (this.footer.sections[name]![3] ?? this.footer.blockBytes) : 0;
  }

  /** The stored CRC of block `index` of the CRC table, its page read and checked on first use. */
  private blockCrc(index: number): number {
    const p = Math.floor(index / CRC_PAGE_ENTRIES);
    let page = this.pageCache.get(p);
    if (!page) {
      let entries = this.pagesRead.get(p);
      if (!entries) {
        // The page's aligned group of pages in one read; the others are kept unchecked until one of their blocks is read.
        const group = p - (p % CRC_PAGE_GROUP);
        const first = group * CRC_PAGE_ENTRIES;
        const n = Math.min(CRC_PAGE_GROUP * CRC_PAGE_ENTRIES, this.footer.crcs[1] - first);
        const table = new Uint32Array(n);
        this.source.readInto(new Uint8Array(table.buffer), 0, this.footer.crcs[0] + first * 4, n * 4);
        for (let q = group; q * CRC_PAGE_ENTRIES < first + n; q++) {
          if (q !== p && !this.pageCache.has(q)) this.pagesRead.set(q, table.subarray((q - group) * CRC_PAGE_ENTRIES, (q - group + 1) * CRC_PAGE_ENTRIES));
        }
        entries = table.subarray((p - group) * CRC_PAGE_ENTRIES, (p - group + 1) * CRC_PAGE_ENTRIES);
      }
      this.pagesRead.delete(p);
      if (crcOf(asBuffer(entries)) !== this.footer.pages[p]) throw new FramingError(`block CRC page ${p} is corrupt`);
      this.pageCache.set(p, (page = entries));
    }
    return page[index - p * CRC_PAGE_ENTRIES]!;
  }

  /**
   * `length` bytes of section `name` from byte `start`, in fresh 8-byte-aligned memory; every block they touch is
   * checked against its CRC the first time it is read (the first read of a block reads it whole).
   * @throws FramingError for a missing section, a range outside it, a short read, or a block (or a page of the
   *   block CRCs) that fails its CRC
   */
  read(name: string, start = 0, length = this.length(name) - start): Uint8Array {
    this.section(name, start, length);
    const out = new Uint8Array(new ArrayBuffer(length));
    this.readInto(name, start, length, out, 0);
    return out;
  }

  /** Section `name`'s entry, once `[start, start + length)` is known to lie within it. */
  private section(name: string, start: number, length: number): SectionEntry {
    if (!this.has(name)) throw new FramingError(`no ${name} section`);
    const entry = this.footer.sections[name]!;
    if (!(start >= 0 && length >= 0 && start + length <= entry[1])) throw new FramingError(`read outside ${name}`);
    return entry;
  }

  /**
   * {@link read} into `out` at `at` (the caller's memory, reused from read to read: no allocation once the blocks
   * are checked).
   * @throws as {@link read}; RangeError when `out` has no room for `length` bytes at `at`
   */
  readInto(name: string, start: number, length: number, out: Uint8Array, at: number): void {
    const entry = this.section(name, start, length);
    const [offset, size, firstCrc] = entry;
    if (!(at >= 0 && at + length <= out.length)) throw new RangeError(`no room for ${length} bytes at ${at}`);
    if (length === 0) return;
    const B = entry[3] ?? this.footer.blockBytes;
    let seen = this.checked.get(name);
    if (!seen) this.checked.set(name, (seen = new Uint32Array(Math.ceil(size / B / 32))));
    const first = Math.floor(start / B);
    const last = Math.floor((start + length - 1) / B);
    // The blocks not yet checked are read whole (and checked); the rest only as far as asked.
    let lo = -1;
    let hi = -1;
    for (let b = first; b <= last; b++) {
      if ((seen[b >>> 5]! >>> (b & 31)) & 1) continue;
      if (lo < 0) lo = b;
      hi = b;
    }
    if (lo < 0) {
      this.source.readInto(out, at, offset + start, length);
      return;
    }
    const from = Math.min(start, lo * B);
    const to = Math.max(start + length, Math.min(size, (hi + 1) * B));
    const whole = from === start && to === start + length;
    const bytes = whole ? out : this.blockMemory(to - from);
    this.source.readInto(bytes, whole ? at : 0, offset + from, to - from);
    const base = whole ? at : 0;
    for (let b = lo; b <= hi; b++) {
      if ((seen[b >>> 5]! >>> (b & 31)) & 1) continue;
      const blockAt = base + b * B - from;
      if (crcOf(bytes.subarray(blockAt, Math.min(blockAt + B, base + size - from))) !== this.blockCrc(firstCrc + b)) {
        throw new FramingError(`${name} block ${b} is corrupt`);
      }
      seen[b >>> 5]! |= 1 << (b & 31);
    }
    if (!whole) out.set(bytes.subarray(start - from, start - from + length), at);
  }

  /**
   * `length` bytes of section `name` from byte `start` into `out` at `at`, in one read and not checked against the
   * block CRCs: for a caller that checks the bytes itself (a rendered item's CRC covers the record text it reuses,
   * item-file.ts), so that it reads only the bytes it needs and no page of the CRC table.
   * @throws FramingError for a missing section, a range outside it or a short read; RangeError when `out` has no
   *   room for `length` bytes at `at`
   */
  readUnchecked(name: string, start: number, length: number, out: Uint8Array, at: number): void {
    const [offset] = this.section(name, start, length);
    if (!(at >= 0 && at + length <= out.length)) throw new RangeError(`no room for ${length} bytes at ${at}`);
    if (length > 0) this.source.readInto(out, at, offset + start, length);
  }

  /**
   * Checked blocks `blocks` of section `name` (block indices, ascending, duplicate-free), read in one read from the
   * first to the last: each listed block is checked against its CRC the first time it is read, the blocks between
   * are read but neither checked nor given — what a caller wants for values scattered over a section (a read costs
   * about what checking a few blocks does, so nearby blocks share one; a block no one asks for is not checked).
   * @returns per listed block, its bytes (views of one fresh buffer, each 8-byte aligned when the section's block
   *   size is; the section's last block may be shorter)
   * @throws FramingError for a missing section, a block outside it, blocks not ascending, a short read, or a listed
   *   block (or a page of the block CRCs) that fails its CRC
   */
  readBlocks(name: string, blocks: ArrayLike<number>): Uint8Array[] {
    const n = blocks.length;
    const out = new Array<Uint8Array>(n);
    if (n === 0) {
      if (!this.has(name)) throw new FramingError(`no ${name} section`);
      return out;
    }
    const { bytes, from, B, size } = this.checkedSpan(name, blocks, true);
    for (let i = 0; i < n; i++) out[i] = bytes.subarray(blocks[i]! * B - from, Math.min(size, (blocks[i]! + 1) * B) - from);
    return out;
  }

  /**
   * {@link readBlocks} into the caller's memory: the listed blocks' bytes copied into `out` one after another from
   * byte `at` (block `blocks[k]` at `at + k·B`, B the section's block size). The read goes through this file's own
   * reused memory, so nothing is allocated once that has grown to the span.
   * @throws as {@link readBlocks} (`out` is then untouched: the blocks are checked before any is copied); RangeError
   *   when `out` has no room for the blocks at `at` (before any read)
   */
  readBlocksInto(name: string, blocks: ArrayLike<number>, out: Uint8Array, at: number): void {
    const n = blocks.length;
    if (n === 0) {
      if (!this.has(name)) throw new FramingError(`no ${name} section`);
      return;
    }
    const { bytes, from, B, size } = this.checkedSpan(name, blocks, false, (block, last) => at >= 0 && at + (n - 1) * block + last <= out.length);
    for (let i = 0; i < n; i++) {
      const start = blocks[i]! * B;
      out.set(bytes.subarray(start - from, Math.min(size, start + B) - from), at + i * B);
    }
  }

  /**
   * The span of section `name` from listed block `blocks[0]` to the end of the last one, read in one read; each
   * listed block checked against its CRC the first time it is read ({@link readBlocks}). `fresh`: the span in new
   * memory (handed out), else in this file's reused block memory (copied out by the caller before the next read).
   * `fits`: given the section's block size and the last listed block's length, whether the caller has room (false
   * is a RangeError, before any read).
   */
  private checkedSpan(
    name: string,
    blocks: ArrayLike<number>,
    fresh: boolean,
    fits: (blockBytes: number, lastLength: number) => boolean = () => true,
  ): { bytes: Uint8Array; from: number; B: number; size: number } {
    if (!this.has(name)) throw new FramingError(`no ${name} section`);
    const n = blocks.length;
    const entry = this.footer.sections[name]!;
    const [offset, size, firstCrc] = entry;
    const B = entry[3] ?? this.footer.blockBytes;
    const count = Math.ceil(size / B);
    const lo = blocks[0]!;
    const hi = blocks[n - 1]!;
    if (!(Number.isInteger(lo) && lo >= 0 && Number.isInteger(hi) && hi < count)) throw new FramingError(`read outside ${name}`);
    for (let i = 1; i < n; i++) if (!(blocks[i]! > blocks[i - 1]!)) throw new FramingError(`blocks of ${name} not ascending`);
    const from = lo * B;
    const to = Math.min(size, (hi + 1) * B);
    if (!fits(B, to - hi * B)) throw new RangeError(`no room for ${n} blocks of ${name}`);
    let seen = this.checked.get(name);
    if (!seen) this.checked.set(name, (seen = new Uint32Array(Math.ceil(count / 32))));
    const bytes = fresh ? new Uint8Array(new ArrayBuffer(to - from)) : this.blockMemory(to - from);
    this.source.readInto(bytes, 0, offset + from, bytes.length);
    for (let i = 0; i < n; i++) {
      const b = blocks[i]!;
      if ((seen[b >>> 5]! >>> (b & 31)) & 1) continue;
      if (crcOf(bytes.subarray(b * B - from, Math.min(size, (b + 1) * B) - from)) !== this.blockCrc(firstCrc + b)) throw new FramingError(`${name} block ${b} is corrupt`);
      seen[b >>> 5]! |= 1 << (b & 31);
    }
    return { bytes, from, B, size };
  }

  /** `length` bytes of memory for blocks read whole to be checked, reused from read to read (grown up to 1 MiB). */
  private blockMemory(length: number): Uint8Array {
    if (length > BLOCK_MEMORY_BYTES) return new Uint8Array(new ArrayBuffer(length));
    if (this.blocks === undefined || this.blocks.length < length) {
      this.blocks = new Uint8Array(new ArrayBuffer(Math.min(BLOCK_MEMORY_BYTES, Math.max(length, 2 * (this.blocks?.length ?? 0)))));
    }
    return this.blocks.subarray(0, length);
  }

  /** Close the descriptor (later reads throw). Idempotent. */
  close(): void {
    this.blocks = undefined;
    unclosed.unregister(this);
    this.source.close();
  }

  /**
   * Delete the file, unless it has meanwhile been replaced by another one (a rebuild renamed a new file over it).
   * The open descriptor still reads what it read (close it with {@link close}). Never throws: what cannot be
   * removed (a read-only cache) is refused again next time.
   */
  discard(): void {
    if (this.file !== '' && this.source.isAt(this.file)) removeQuietly(this.file);
  }
}

/** Remove `file` when possible; never throws (a directory in its place, a read-only cache, already gone). */
export function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // not ours to remove
  }
}

/**
 * Open a framed cache file the self-healing way: undefined when it is missing; when it is damaged (a
 * {@link FramingError}) one notice, the file deleted and undefined; when it cannot be read (permissions, a
 * directory or a FIFO in its place) one notice and undefined. The caller rebuilds what it held.
 */
export function openFramedCache(file: string, magic: Buffer, version: number): FramedFile | undefined {
  try {
    return FramedFile.open(file, magic, version);
  } catch (error) {
    cacheNotice(file, (error as Error).message);
    if (error instanceof FramingError) removeQuietly(file);
    return undefined;
  }
}
