/**
 * The framing of a cache file: named binary sections checked block by block, and a footer that says what the
 * file is. A file is opened by reading its fixed-size trailer and its footer only; a section's bytes are read
 * when first asked for, and each {@link FRAME_BLOCK_BYTES} block is checked against its CRC-32 the first time it
 * is read (the block size is the writer's choice, {@link FRAME_BLOCK_BYTES} by default, and stored in the footer) —
 * so a large file opens in constant time and a query pays for the blocks it touches.
 *
 *   bytes 0–7     the file type's magic (8 bytes)
 *   bytes 8–11    the layout version (u32 LE), bytes 12–15 zero
 *   sections      each at an offset that is a multiple of 8, in the order written
 *   footer        UTF-8 JSON {@link Footer}: the caller's metadata and, per section, its offset, length and the
 *                 CRC-32 of each of its blocks
 *   last 24       footer offset (u64 LE), footer length (u32 LE), CRC-32 of the footer (u32 LE), the magic again
 *
 * Written whole through the one temp-file writer (temp-file.ts: temp name, then an atomic rename). Opening checks
 * both magics, the version, the size, the footer's CRC and the sections' bounds; a mismatch is a
 * {@link FramingError} (the caller gives its notice, deletes the file and rebuilds it: notice.ts). A block that
 * fails its CRC when read throws a FramingError too.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { openRegularSync } from './regular-file.js';
import { TempFile } from './temp-file.js';

/** Bytes per checked block of a section (the last block of a section may be shorter). */
export const FRAME_BLOCK_BYTES = 64 * 1024;
const PREFIX_BYTES = 16;
const TRAILER_BYTES = 24;

/** Why a framed file was refused, or a block of it found damaged. */
export class FramingError extends Error {}

/** A section as stored: [byte offset, byte length, CRC-32 of each block]. */
type SectionEntry = readonly [number, number, readonly number[]];

/** What the footer holds. */
interface Footer {
  readonly meta: unknown;
  /** Bytes per checked block (a power of two, a multiple of 8). */
  readonly blockBytes: number;
  readonly sections: Readonly<Record<string, SectionEntry>>;
}

const pad8 = (n: number): number => (n + 7) & ~7;
const asBuffer = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function checkMagic(magic: Buffer): void {
  if (magic.length !== 8) throw new Error('a framed file magic is 8 bytes');
}

/**
 * Write a framed file atomically. Never throws for the file system.
 * @param magic 8 bytes naming the file type
 * @param version the layout version a reader must expect
 * @param meta JSON-serialisable metadata returned by {@link FramedFile.meta}
 * @param sections name → bytes (typed arrays are stored as their bytes, little-endian on this machine)
 * @param blockBytes bytes per checked block (default {@link FRAME_BLOCK_BYTES}; smaller suits files read a few
 *   values at a time)
 * @returns the file's size in bytes, or undefined when it could not be written
 */
export function writeFramed(
  file: string,
  magic: Buffer,
  version: number,
  meta: unknown,
  sections: ReadonlyMap<string, ArrayBufferView>,
  blockBytes = FRAME_BLOCK_BYTES,
): number | undefined {
  checkMagic(magic);
  if (!(blockBytes >= 8 && (blockBytes & (blockBytes - 1)) === 0)) throw new RangeError('block size: a power of two, at least 8');
  const out = TempFile.create(file);
  if (!out) return undefined;
  const prefix = Buffer.alloc(PREFIX_BYTES);
  magic.copy(prefix, 0);
  prefix.writeUInt32LE(version, 8);
  out.writeAt(0, prefix);
  let offset = PREFIX_BYTES;
  const entries: Record<string, SectionEntry> = {};
  for (const [name, array] of sections) {
    const bytes = asBuffer(array);
    const crcs: number[] = [];
    for (let at = 0; at < bytes.length; at += blockBytes) crcs.push(crc32(bytes.subarray(at, at + blockBytes)) >>> 0);
    entries[name] = [offset, bytes.length, crcs];
    out.writeAt(offset, bytes);
    offset = pad8(offset + bytes.length);
  }
  const footer = Buffer.from(JSON.stringify({ meta, blockBytes, sections: entries } satisfies Footer), 'utf8');
  out.writeAt(offset, footer);
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeBigUInt64LE(BigInt(offset), 0);
  trailer.writeUInt32LE(footer.length, 8);
  trailer.writeUInt32LE(crc32(footer) >>> 0, 12);
  magic.copy(trailer, 16);
  out.writeAt(offset + footer.length, trailer);
  return out.commit() ? offset + footer.length + TRAILER_BYTES : undefined;
}

/** An open framed file: its metadata now, its sections' bytes on demand (each block checked once). */
export class FramedFile {
  private fd: number | undefined;
  /** Section name → which of its blocks were checked. */
  private readonly checked = new Map<string, Uint8Array>();

  private constructor(
    readonly file: string,
    fd: number,
    readonly meta: unknown,
    /** Bytes per checked block. */
    readonly blockBytes: number,
    private readonly sections: Readonly<Record<string, SectionEntry>>,
    /** The file's size in bytes. */
    readonly bytes: number,
  ) {
    this.fd = fd;
  }

  /**
   * Open `file` as a framed file of type `magic` and layout `version`.
   * @returns undefined when the file does not exist
   * @throws FramingError when it is not such a file or is damaged; the file system's error when it cannot be read
   */
  static open(file: string, magic: Buffer, version: number): FramedFile | undefined {
    checkMagic(magic);
    let fd: number;
    try {
      fd = openRegularSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const size = fstatSync(fd).size;
      if (size < PREFIX_BYTES + TRAILER_BYTES) throw new FramingError('truncated');
      const prefix = readExactly(fd, 0, PREFIX_BYTES);
      if (!prefix.subarray(0, 8).equals(magic)) throw new FramingError('not this kind of file');
      if (prefix.readUInt32LE(8) !== version) throw new FramingError(`layout ${prefix.readUInt32LE(8)}, expected ${version}`);
      const trailer = readExactly(fd, size - TRAILER_BYTES, TRAILER_BYTES);
      if (!trailer.subarray(16).equals(magic)) throw new FramingError('truncated (no trailer)');
      const footerAt = Number(trailer.readBigUInt64LE(0));
      const footerLength = trailer.readUInt32LE(8);
      if (footerAt < PREFIX_BYTES || footerAt + footerLength + TRAILER_BYTES !== size) throw new FramingError('footer out of bounds');
      const footerBytes = readExactly(fd, footerAt, footerLength);
      if ((crc32(footerBytes) >>> 0) !== trailer.readUInt32LE(12)) throw new FramingError('footer checksum mismatch');
      let footer: Footer;
      try {
        footer = JSON.parse(footerBytes.toString('utf8')) as Footer;
      } catch {
        throw new FramingError('footer is not JSON');
      }
      const sections = footer?.sections;
      if (!sections || typeof sections !== 'object') throw new FramingError('no sections');
      const blockBytes = footer.blockBytes;
      if (!(Number.isSafeInteger(blockBytes) && blockBytes >= 8 && (blockBytes & (blockBytes - 1)) === 0)) throw new FramingError('bad block size');
      for (const [name, entry] of Object.entries(sections)) {
        const ok =
          Array.isArray(entry) &&
          Number.isSafeInteger(entry[0]) &&
          Number.isSafeInteger(entry[1]) &&
          entry[0] >= PREFIX_BYTES &&
          entry[0] % 8 === 0 &&
          entry[1] >= 0 &&
          entry[0] + entry[1] <= footerAt &&
          Array.isArray(entry[2]) &&
          entry[2].length === Math.ceil(entry[1] / blockBytes);
        if (!ok) throw new FramingError(`bad section ${name}`);
      }
      return new FramedFile(file, fd, footer.meta, blockBytes, sections, size);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** True when the file has a section `name`. */
  has(name: string): boolean {
    return Object.hasOwn(this.sections, name);
  }

  /** Byte length of section `name` (0 when absent). */
  length(name: string): number {
    return this.has(name) ? this.sections[name]![1] : 0;
  }

  /**
   * `length` bytes of section `name` from byte `start`, in fresh 8-byte-aligned memory; every block they touch is
   * checked against its CRC the first time it is read.
   * @throws FramingError for a missing section, a range outside it, a short read or a block that fails its CRC
   */
  read(name: string, start = 0, length = this.length(name) - start): Uint8Array {
    if (!this.has(name)) throw new FramingError(`no ${name} section`);
    const [offset, size, crcs] = this.sections[name]!;
    if (start < 0 || length < 0 || start + length > size) throw new FramingError(`read outside ${name}`);
    if (this.fd === undefined) throw new FramingError('closed');
    // Read whole blocks, so each can be checked.
    const B = this.blockBytes;
    const first = Math.floor(start / B);
    const last = length === 0 ? first - 1 : Math.floor((start + length - 1) / B);
    const from = first * B;
    const to = Math.min(size, (last + 1) * B);
    const bytes = readExactly(this.fd, offset + from, to - from, true);
    let seen = this.checked.get(name);
    if (!seen) this.checked.set(name, (seen = new Uint8Array(crcs.length)));
    for (let b = first; b <= last; b++) {
      if (seen[b]) continue;
      const at = (b - first) * B;
      if ((crc32(bytes.subarray(at, at + B)) >>> 0) !== crcs[b]) throw new FramingError(`${name} block ${b} is corrupt`);
      seen[b] = 1;
    }
    return start === from && length === bytes.length ? bytes : bytes.slice(start - from, start - from + length);
  }

  /** Close the descriptor (later reads throw). Idempotent. */
  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }
}

/** Read exactly `length` bytes at `position` (into fresh aligned memory when `aligned`). */
function readExactly(fd: number, position: number, length: number, aligned = false): Buffer {
  const out = aligned ? Buffer.from(new ArrayBuffer(length)) : Buffer.alloc(length);
  for (let done = 0; done < length; ) {
    const n = readSync(fd, out, done, length - done, position + done);
    if (n === 0) throw new FramingError('file shrank while reading');
    done += n;
  }
  return out;
}
