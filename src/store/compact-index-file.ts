/**
 * The on-disk form of a {@link CompactIndex}: the typed arrays written as they are in memory, so loading is one
 * read and a few views — no parsing, no per-term objects.
 *
 *   bytes 0–7    magic `LUNRIDX\x01`
 *   bytes 8–11   header length H (u32, little-endian)
 *   bytes 12…    header: UTF-8 JSON ({@link IndexFileHeader}), zero-padded to a multiple of 8
 *   sections     termOffsets, termBytes, termIndex, postStart, postDocs, postWeights — each at an offset that
 *                is a multiple of 8, little-endian, offsets and lengths listed in the header
 *   last 16      magic again, then the CRC-32 (u32) of every byte before this trailer, then 4 zero bytes
 *
 * Decoding checks the magic at both ends, the length, the CRC and the arrays' shapes before returning views.
 */
import { crc32 } from 'node:zlib';
import { CompactIndex, type IndexField } from './compact-index.js';

const MAGIC = Buffer.from('LUNRIDX\x01', 'latin1');
const TRAILER_BYTES = 16;

/** Identity and layout of a file; `extra` is what the cache checks (format, tool version, kind, key). */
export interface IndexFileHeader {
  readonly extra: Readonly<Record<string, string | number>>;
  readonly docCount: number;
  readonly fields: readonly IndexField[];
  /** Section name → [byte offset from the start of the file, byte length]. */
  readonly sections: Readonly<Record<SectionName, readonly [number, number]>>;
  /** Total file size in bytes. */
  readonly bytes: number;
}

type SectionName = 'termOffsets' | 'termBytes' | 'termIndex' | 'postStart' | 'postDocs' | 'postWeights';
const SECTIONS: readonly SectionName[] = ['termOffsets', 'termBytes', 'termIndex', 'postStart', 'postDocs', 'postWeights'];

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('compact index files need a little-endian machine');

const pad8 = (n: number): number => (n + 7) & ~7;
const asBytes = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * The file's bytes as a list of buffers (written in order; their total is `header.bytes`).
 * @param extra identity fields stored in the header and returned on decode
 */
export function encodeIndexFile(index: CompactIndex, extra: Readonly<Record<string, string | number>>): Buffer[] {
  const arrays: Record<SectionName, ArrayBufferView> = {
    termOffsets: index.termOffsets,
    termBytes: index.termBytes,
    termIndex: index.termIndex,
    postStart: index.postStart,
    postDocs: index.postDocs,
    postWeights: index.postWeights,
  };
  // The header's length depends on the offsets it lists: lay out with a generous fixed header size.
  const draft = JSON.stringify({ extra, docCount: index.docCount, fields: index.fields });
  const headerRoom = pad8(12 + Buffer.byteLength(draft) + 64 * SECTIONS.length + 64);
  const sections = {} as Record<SectionName, [number, number]>;
  let offset = headerRoom;
  for (const name of SECTIONS) {
    sections[name] = [offset, arrays[name].byteLength];
    offset = pad8(offset + arrays[name].byteLength);
  }
  const header: IndexFileHeader = { extra, docCount: index.docCount, fields: index.fields, sections, bytes: offset + TRAILER_BYTES };
  const head = Buffer.alloc(headerRoom);
  MAGIC.copy(head, 0);
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  if (12 + json.length > headerRoom) throw new Error('compact index header does not fit');
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
  let crc = 0;
  for (const part of parts) crc = crc32(part, crc);
  const trailer = Buffer.alloc(TRAILER_BYTES);
  MAGIC.copy(trailer, 0);
  trailer.writeUInt32LE(crc >>> 0, 8);
  parts.push(trailer);
  return parts;
}

/** Why a file was refused. */
export class IndexFileError extends Error {}

/**
 * Read a file's bytes back into an index (views on `bytes`, no copy when 4-byte aligned).
 * @throws IndexFileError when the file is truncated, corrupt (CRC) or malformed
 */
export function decodeIndexFile(bytes: Buffer): { header: IndexFileHeader; index: CompactIndex } {
  const fail = (why: string): never => {
    throw new IndexFileError(why);
  };
  if (bytes.length < 12 + TRAILER_BYTES || !bytes.subarray(0, 8).equals(MAGIC)) fail('not a compact index file');
  const trailer = bytes.length - TRAILER_BYTES;
  if (!bytes.subarray(trailer, trailer + 8).equals(MAGIC)) fail('truncated (no trailer)');
  const headerLength = bytes.readUInt32LE(8);
  if (12 + headerLength > trailer) fail('header overruns the file');
  let header: IndexFileHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as IndexFileHeader;
  } catch {
    return fail('unreadable header');
  }
  if (header.bytes !== bytes.length) fail(`size ${bytes.length} differs from the recorded ${header.bytes}`);
  if ((crc32(bytes.subarray(0, trailer)) >>> 0) !== bytes.readUInt32LE(trailer + 8)) fail('checksum mismatch');
  const view = <T>(name: SectionName, make: (buffer: ArrayBuffer, offset: number, length: number) => T, unit: number): T => {
    const [start, length] = header.sections[name] ?? fail(`no ${name} section`);
    if (start < 12 + headerLength || start + length > trailer || length % unit !== 0) fail(`bad ${name} section`);
    const absolute = bytes.byteOffset + start;
    if (absolute % unit === 0) return make(bytes.buffer as ArrayBuffer, absolute, length / unit);
    const copy = new Uint8Array(length);
    copy.set(bytes.subarray(start, start + length));
    return make(copy.buffer, 0, length / unit);
  };
  const u32 = (b: ArrayBuffer, o: number, n: number) => new Uint32Array(b, o, n);
  const index = new CompactIndex({
    fields: header.fields,
    docCount: header.docCount,
    termOffsets: view('termOffsets', u32, 4),
    termBytes: view('termBytes', (b, o, n) => new Uint8Array(b, o, n), 1),
    termIndex: view('termIndex', u32, 4),
    postStart: view('postStart', u32, 4),
    postDocs: view('postDocs', u32, 4),
    postWeights: view('postWeights', (b, o, n) => new Int32Array(b, o, n), 4),
  });
  const T = index.termIndex.length;
  const F = index.fields.length;
  const shapeOk =
    index.termOffsets.length === T + 1 &&
    index.termOffsets[T] === index.termBytes.length &&
    index.postStart.length === T * F + 1 &&
    index.postStart[T * F] === index.postDocs.length &&
    index.postDocs.length === index.postWeights.length;
  if (!shapeOk) fail('inconsistent section sizes');
  return { header, index };
}
