/**
 * Columnar storage of per-document values (numbers, booleans, string lists) so that filters and sorts read typed
 * arrays instead of parsing records. Pure storage: a column is a name, a type and one value per document number;
 * what the values mean (kinds, qualifiers, sort keys) is the caller's business.
 *
 * File layout (all integers little-endian):
 *
 *   bytes 0–7     magic `COLUMNS\x01`
 *   bytes 8–11    header length H (u32)
 *   bytes 12–15   CRC-32 of the header's H bytes (u32)
 *   bytes 16…     header: UTF-8 JSON ({@link Header}), zero-padded to a multiple of 8
 *   data          one section per column, each starting at a multiple of 8 (offsets in the header are relative to
 *                 the start of the data), zero-padded to the next multiple of 8:
 *                   number   Float64 × count | per block of {@link NUMBER_BLOCK} documents, Float64 × blocks
 *                            each: the least value, the greatest value, how many documents have one
 *                   boolean  Uint8 × count
 *                   strings  Uint32 offsets × (count + 1) | Uint32 ids × `ids` | dictionary as UTF-8 JSON (`dictBytes`)
 *
 * Each section carries the CRC-32 of its unpadded bytes, checked when the column is first read. Opening checks
 * the magic, the header CRC, format, id, count, the file size and every section's bounds and shape; reading
 * checks the CRC and the decoded arrays (bounds, monotone offsets, ids inside the dictionary).
 */
import { closeSync, fstatSync, readSync, rmSync, statSync } from 'node:fs';
import { openCacheFileSync } from './regular-file.js';
import { cacheNotice } from './notice.js';
import { writeAtomically } from './temp-file.js';
import { crc32 } from 'node:zlib';
import type { Column, ColumnType, NumberBlocks } from '../kinds/collection-view.js';

/**
 * Bumped when the layout or what the columns hold changes (2: code columns are built with linguist's detection
 * loaded; format 1 files may lack detected languages; 3: help-wanted/good-first counts only count issues of the
 * repository record's own visibility; 4: number columns carry per-block minimum, maximum and value counts).
 */
export const COLUMNS_FORMAT = 4;
/** Documents per block of a number column's block statistics (see {@link numberBlocks}). */
export const NUMBER_BLOCK = 1024;
const MAGIC = Buffer.from('COLUMNS\x01', 'latin1');
const PREFIX_BYTES = 16;
const NO_BOOLEAN = 2;
const MAX_U32 = 0xffff_ffff;
const INITIAL_CAPACITY = 64;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// ---------------------------------------------------------------------------------------------------------------
// Building

type GrowableArray = Float64Array | Uint8Array | Uint32Array;

/** `array` itself when it holds `need` elements, else a copy with at least double the capacity. */
function ensure<T extends GrowableArray>(array: T, need: number): T {
  if (need <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(need, array.length * 2));
  next.set(array);
  return next;
}

/** Type-specific accumulation; `add` returns false for an unusable value. */
interface Sink {
  add(value: unknown, doc: number): boolean;
  finish(count: number): Column;
}

class NumberSink implements Sink {
  private values = new Float64Array(INITIAL_CAPACITY);

  add(value: unknown, doc: number): boolean {
    let v: number;
    if (value === undefined || value === null) v = NaN;
    else if (typeof value !== 'number') return false;
    else if (Number.isNaN(value)) v = NaN;
    else if (Number.isFinite(value)) v = value;
    else return false;
    this.values = ensure(this.values, doc + 1);
    this.values[doc] = v;
    return true;
  }

  finish(count: number): Column {
    const values = this.values.slice(0, count);
    return { type: 'number', values, blocks: numberBlocks(values) };
  }
}

/** Number of blocks of {@link NUMBER_BLOCK} documents over `count` documents. */
const blockCount = (count: number): number => Math.ceil(count / NUMBER_BLOCK);

/**
 * The block statistics of a number column's values: per block of {@link NUMBER_BLOCK} documents, the least and
 * greatest value present (NaN when none is) and how many documents have a value.
 */
export function numberBlocks(values: Float64Array): NumberBlocks {
  const blocks = blockCount(values.length);
  const min = new Float64Array(blocks).fill(NaN);
  const max = new Float64Array(blocks).fill(NaN);
  const present = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let lo = Infinity;
    let hi = -Infinity;
    let n = 0;
    for (let d = b * NUMBER_BLOCK, end = Math.min(values.length, d + NUMBER_BLOCK); d < end; d++) {
      const x = values[d]!;
      if (x !== x) continue;
      n++;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    if (n > 0) {
      min[b] = lo;
      max[b] = hi;
    }
    present[b] = n;
  }
  return { size: NUMBER_BLOCK, min, max, present };
}

/** Whether `blocks` has the shape of {@link numberBlocks}' answer for `count` documents (not its values). */
function validBlocks(blocks: NumberBlocks, count: number): boolean {
  const n = blockCount(count);
  if (blocks.size !== NUMBER_BLOCK || blocks.min.length !== n || blocks.max.length !== n || blocks.present.length !== n) return false;
  for (let b = 0; b < n; b++) {
    const size = Math.min(NUMBER_BLOCK, count - b * NUMBER_BLOCK);
    const present = blocks.present[b]!;
    if (!Number.isInteger(present) || present < 0 || present > size) return false;
    const lo = blocks.min[b]!;
    const hi = blocks.max[b]!;
    if (present === 0 ? lo === lo || hi === hi : !(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)) return false;
  }
  return true;
}

class BooleanSink implements Sink {
  private values = new Uint8Array(INITIAL_CAPACITY);

  add(value: unknown, doc: number): boolean {
    let v: number;
    if (value === undefined || value === null) v = NO_BOOLEAN;
    else if (typeof value === 'boolean') v = value ? 1 : 0;
    else return false;
    this.values = ensure(this.values, doc + 1);
    this.values[doc] = v;
    return true;
  }

  finish(count: number): Column {
    return { type: 'boolean', values: this.values.slice(0, count) };
  }
}

class StringsSink implements Sink {
  private readonly dict: string[] = [];
  private readonly dictIds = new Map<string, number>();
  private offsets = new Uint32Array(INITIAL_CAPACITY);
  private ids = new Uint32Array(INITIAL_CAPACITY);
  private idCount = 0;

  private push(text: string): boolean {
    if (this.idCount >= MAX_U32) return false;
    let id = this.dictIds.get(text);
    if (id === undefined) {
      id = this.dict.length;
      this.dict.push(text);
      this.dictIds.set(text, id);
    }
    this.ids = ensure(this.ids, this.idCount + 1);
    this.ids[this.idCount++] = id;
    return true;
  }

  add(value: unknown, doc: number): boolean {
    if (typeof value === 'string') {
      if (!this.push(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) if (typeof item === 'string' && !this.push(item)) return false;
    } else if (value !== undefined && value !== null) {
      return false;
    }
    this.offsets = ensure(this.offsets, doc + 2);
    this.offsets[doc + 1] = this.idCount;
    return true;
  }

  finish(count: number): Column {
    return { type: 'strings', dict: this.dict.slice(), offsets: this.offsets.slice(0, count + 1), ids: this.ids.slice(0, this.idCount) };
  }
}

/**
 * Accumulates one column in document order without knowing the document count in advance (typed arrays grow by
 * doubling). Memory per document: 8 bytes (number), 1 byte (boolean), 4 bytes per string occurrence + 4 bytes
 * (strings, plus one dictionary entry per distinct string).
 */
export class ColumnBuilder {
  private readonly sink: Sink;
  private added = 0;
  private usable = true;

  /** @throws TypeError for a type other than 'number', 'boolean' or 'strings' */
  constructor(type: ColumnType) {
    if (type === 'number') this.sink = new NumberSink();
    else if (type === 'boolean') this.sink = new BooleanSink();
    else if (type === 'strings') this.sink = new StringsSink();
    else throw new TypeError(`unknown column type ${String(type)}`);
  }

  /**
   * Append the value of the next document (doc = number of values added so far).
   * - number: a finite number; undefined, null or NaN → no value.
   * - boolean: true/false; undefined or null → no value (2).
   * - strings: a string, or an array of strings (other items skipped, duplicates kept); undefined or null → none.
   * Any other value (wrong type, object, ±Infinity…) makes the column unusable: {@link finish} returns undefined.
   */
  add(value: unknown): void {
    if (this.usable && !this.sink.add(value, this.added)) this.usable = false;
    this.added++;
  }

  /** Number of values added. */
  get count(): number {
    return this.added;
  }

  /** The column (fresh arrays trimmed to {@link count}), or undefined when a value was unusable. */
  finish(): Column | undefined {
    return this.usable ? this.sink.finish(this.added) : undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Validation (shared by saving and reading, so a file that was written can always be read back)

function validNumbers(values: Float64Array): boolean {
  // The typed array's own search (native) rather than a loop: a cold query validates each column it reads.
  return !values.includes(Infinity) && !values.includes(-Infinity);
}

function validBooleans(values: Uint8Array): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]! > NO_BOOLEAN) return false;
  return true;
}

function validStrings(dict: readonly string[], offsets: Uint32Array, ids: Uint32Array, count: number): boolean {
  if (!Array.isArray(dict) || !(offsets instanceof Uint32Array) || !(ids instanceof Uint32Array)) return false;
  if (offsets.length !== count + 1 || offsets[0] !== 0 || offsets[count] !== ids.length) return false;
  for (let d = 0; d < count; d++) if (offsets[d]! > offsets[d + 1]!) return false;
  for (const text of dict) if (typeof text !== 'string') return false;
  if (new Set(dict).size !== dict.length) return false;
  for (let k = 0; k < ids.length; k++) if (ids[k]! >= dict.length) return false;
  return true;
}

/** Whether `column` is well formed for `count` documents (no reader can go out of bounds). */
function validColumn(column: Column, count: number): boolean {
  switch (column.type) {
    case 'number':
      return (
        column.values instanceof Float64Array &&
        column.values.length === count &&
        validNumbers(column.values) &&
        (column.blocks === undefined || validBlocks(column.blocks, count))
      );
    case 'boolean':
      return column.values instanceof Uint8Array && column.values.length === count && validBooleans(column.values);
    case 'strings':
      return validStrings(column.dict, column.offsets, column.ids, count);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The file

/** One column's section: byte offset from the start of the data, unpadded byte length, CRC-32 of those bytes. */
interface Section {
  readonly name: string;
  readonly type: ColumnType;
  readonly offset: number;
  readonly length: number;
  readonly crc: number;
  /** strings only: number of ids. */
  readonly ids?: number;
  /** strings only: byte length of the dictionary's JSON. */
  readonly dictBytes?: number;
}

interface Header {
  readonly format: number;
  readonly id: string;
  readonly count: number;
  /** Byte length of the data (everything after the padded header). */
  readonly dataBytes: number;
  readonly columns: readonly Section[];
}

const pad8 = (n: number): number => Math.ceil(n / 8) * 8;
const asBytes = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
/**
 * CRC-32 of the parts in sequence. Empty parts are skipped: Node 20's `crc32(data, value)` returns 0 rather than
 * `value` when `data` views a zero-length ArrayBuffer (e.g. an empty typed array's).
 */
const crcOf = (...parts: readonly Uint8Array[]): number =>
  parts.reduce((running, part) => (part.length === 0 ? running : crc32(part, running) >>> 0), 0);
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The byte length a section of this type must have. */
function expectedLength(type: ColumnType, count: number, ids: number, dictBytes: number): number {
  if (type === 'number') return 8 * count + 3 * 8 * blockCount(count);
  if (type === 'boolean') return count;
  return 4 * (count + 1) + 4 * ids + dictBytes;
}

/** A number column's section: its values, then its block statistics (minima, maxima, value counts). */
function numberParts(values: Float64Array, blocks: NumberBlocks): Buffer[] {
  return [asBytes(values), asBytes(blocks.min), asBytes(blocks.max), asBytes(blocks.present)];
}

/** The file as buffers to write in order, or undefined when a column does not fit `count`. */
function encode(id: string, count: number, columns: ReadonlyMap<string, Column>): Buffer[] | undefined {
  const sections: Section[] = [];
  const bodies: Buffer[][] = [];
  let offset = 0;
  for (const [name, column] of columns) {
    if (!validColumn(column, count)) return undefined;
    const parts =
      column.type === 'strings'
        ? [asBytes(column.offsets), asBytes(column.ids), Buffer.from(JSON.stringify(column.dict), 'utf8')]
        : column.type === 'number'
          ? numberParts(column.values, column.blocks ?? numberBlocks(column.values))
          : [asBytes(column.values)];
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const crc = crcOf(...parts);
    const strings = column.type === 'strings' ? { ids: column.ids.length, dictBytes: parts[2]!.length } : {};
    sections.push({ name, type: column.type, offset, length, crc, ...strings });
    const padding = pad8(length) - length;
    bodies.push(padding > 0 ? [...parts, Buffer.alloc(padding)] : parts);
    offset += pad8(length);
  }
  const header: Header = { format: COLUMNS_FORMAT, id, count, dataBytes: offset, columns: sections };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(pad8(PREFIX_BYTES + json.length));
  MAGIC.copy(head, 0);
  head.writeUInt32LE(json.length, 8);
  head.writeUInt32LE(crc32(json) >>> 0, 12);
  json.copy(head, PREFIX_BYTES);
  return [head, ...bodies.flat()];
}

/**
 * Write `columns` (each over `count` documents) to `file` atomically: a temp file `${file}.${process.pid}.tmp`
 * renamed into place; the directory is created. `id` is an opaque key checked by {@link openColumns}.
 * Never throws.
 * @returns the file's size in bytes, or undefined when it could not be written (read-only or full disk, a column
 *   whose length differs from `count` or that is malformed); a temp file is removed on failure
 */
export async function saveColumns(file: string, id: string, count: number, columns: ReadonlyMap<string, Column>): Promise<number | undefined> {
  if (!LITTLE_ENDIAN || !isCount(count) || count >= MAX_U32) return undefined;
  let parts: Buffer[] | undefined;
  try {
    parts = encode(id, count, columns);
  } catch {
    parts = undefined; // e.g. a string too large to serialise
  }
  if (!parts) return undefined;
  return writeAtomically(file, parts);
}

/** Persisted columns of one collection, read lazily. */
export interface ColumnFile {
  /** Number of documents of every column. */
  readonly count: number;
  /** Names of the stored columns. */
  readonly names: readonly string[];
  /**
   * The column `name`, read from disk on first call (then kept); undefined when absent, or when its bytes fail
   * their CRC or shape checks (then the file is deleted so the next build rewrites it). Synchronous; never throws.
   */
  get(name: string): Column | undefined;
  /** Close the file descriptor (later get() of unread columns return undefined). */
  close(): void;
}

/** Closes the descriptors of files whose ColumnFile was garbage-collected without close(). */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** Thrown internally when a read comes up short (the file shrank). */
class ShortRead extends Error {}

/** Reads `length` bytes at `position` into fresh (8-byte-aligned) memory. */
function readAt(fd: number, position: number, length: number): Uint8Array {
  const out = new Uint8Array(new ArrayBuffer(length));
  for (let done = 0; done < length; ) {
    const n = readSync(fd, out, done, length - done, position + done);
    if (n === 0) throw new ShortRead();
    done += n;
  }
  return out;
}

class LazyColumnFile implements ColumnFile {
  readonly names: readonly string[];
  private readonly sections: Map<string, Section>;
  /** Columns read so far; null = read and found corrupt. */
  private readonly read = new Map<string, Column | null>();
  private fd: number | undefined;

  constructor(
    private readonly file: string,
    fd: number,
    readonly count: number,
    private readonly dataStart: number,
    columns: readonly Section[],
  ) {
    this.fd = fd;
    this.sections = new Map(columns.map((section) => [section.name, section]));
    this.names = Object.freeze(columns.map((section) => section.name));
    openFiles.register(this, fd, this);
  }

  get(name: string): Column | undefined {
    const known = this.read.get(name);
    if (known !== undefined) return known ?? undefined;
    const section = this.sections.get(name);
    if (!section || this.fd === undefined) return undefined;
    let column: Column | undefined;
    try {
      column = this.decode(this.fd, section);
    } catch (error) {
      if (!(error instanceof ShortRead)) return undefined; // an I/O error: maybe transient, not a reason to delete
    }
    if (!column) {
      cacheNotice(this.file, `column ${name} fails its checks`);
      this.discard();
    }
    this.read.set(name, column ?? null);
    return column;
  }

  close(): void {
    if (this.fd === undefined) return;
    openFiles.unregister(this);
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }

  /** The section's column, or undefined when its bytes are corrupt. */
  private decode(fd: number, section: Section): Column | undefined {
    const at = this.dataStart + section.offset;
    const count = this.count;
    if (section.type !== 'strings') {
      const bytes = readAt(fd, at, section.length);
      if (crcOf(bytes) !== section.crc) return undefined;
      const blocks = blockCount(count);
      const f64 = (index: number, length: number) => new Float64Array(bytes.buffer, 8 * index, length);
      const column: Column =
        section.type === 'number'
          ? {
              type: 'number',
              values: f64(0, count),
              blocks: { size: NUMBER_BLOCK, min: f64(count, blocks), max: f64(count + blocks, blocks), present: f64(count + 2 * blocks, blocks) },
            }
          : { type: 'boolean', values: bytes };
      return validColumn(column, count) ? column : undefined;
    }
    const arrayBytes = 4 * (count + 1 + section.ids!);
    const arrays = readAt(fd, at, arrayBytes);
    const dictBytes = readAt(fd, at + arrayBytes, section.dictBytes!);
    if (crcOf(arrays, dictBytes) !== section.crc) return undefined;
    let dict: unknown;
    try {
      dict = JSON.parse(Buffer.from(dictBytes.buffer, 0, dictBytes.length).toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(dict)) return undefined;
    const column: Column = {
      type: 'strings',
      dict: dict as string[],
      offsets: new Uint32Array(arrays.buffer, 0, count + 1),
      ids: new Uint32Array(arrays.buffer, 4 * (count + 1), section.ids!),
    };
    return validColumn(column, count) ? column : undefined;
  }

  /** Delete the file, unless it has meanwhile been replaced by another one. */
  private discard(): void {
    try {
      const mine = fstatSync(this.fd!, { bigint: true });
      const now = statSync(this.file, { bigint: true });
      if (mine.ino === now.ino && mine.dev === now.dev) rmSync(this.file, { force: true });
    } catch {
      // gone already, or not ours to delete
    }
  }
}

/** The header's table of contents when every section is well formed and inside the data; else undefined. */
function checkSections(header: Header, count: number): readonly Section[] | undefined {
  if (!Array.isArray(header.columns) || !isCount(header.dataBytes)) return undefined;
  const names = new Set<string>();
  for (const s of header.columns as readonly Section[]) {
    if (typeof s !== 'object' || s === null || typeof s.name !== 'string' || names.has(s.name)) return undefined;
    names.add(s.name);
    if (s.type !== 'number' && s.type !== 'boolean' && s.type !== 'strings') return undefined;
    if (!isCount(s.offset) || !isCount(s.length) || s.offset % 8 !== 0 || s.offset + s.length > header.dataBytes) return undefined;
    if (!isCount(s.crc) || s.crc > MAX_U32) return undefined;
    const ids = s.type === 'strings' ? s.ids : 0;
    const dictBytes = s.type === 'strings' ? s.dictBytes : 0;
    if (!isCount(ids) || !isCount(dictBytes) || s.length !== expectedLength(s.type, count, ids, dictBytes)) return undefined;
  }
  return header.columns;
}

/** The header and its byte length when the magic, the length and the CRC check out; else undefined. */
function readHeader(fd: number, size: number): (Header & { readonly length: number }) | undefined {
  if (size < PREFIX_BYTES) return undefined;
  const prefix = Buffer.from(readAt(fd, 0, PREFIX_BYTES));
  if (!prefix.subarray(0, 8).equals(MAGIC)) return undefined;
  const length = prefix.readUInt32LE(8);
  if (PREFIX_BYTES + length > size) return undefined;
  const json = Buffer.from(readAt(fd, PREFIX_BYTES, length));
  if ((crc32(json) >>> 0) !== prefix.readUInt32LE(12)) return undefined;
  const header: unknown = JSON.parse(json.toString('utf8'));
  return typeof header === 'object' && header !== null ? { ...(header as Header), length } : undefined;
}

/** Present but not usable: noticed and deleted; the caller builds the columns from the records and saves them. */
function damaged(file: string): void {
  cacheNotice(file, 'its header or table of contents fails its checks');
  try {
    rmSync(file, { force: true });
  } catch {
    // not ours to remove
  }
}

/**
 * Open a columns file written by {@link saveColumns}: reads and checks only the header (magic, header CRC, format,
 * `id`, `count`, file size, every section's bounds and shape); columns are read on demand by `get`. The descriptor
 * stays open until `close()` (or until the ColumnFile is garbage-collected). Never throws.
 * @returns undefined when the file is missing, truncated, of another format or magic, another `id` or `count`,
 *   or has a corrupt table of contents
 */
export function openColumns(file: string, id: string, count: number): ColumnFile | undefined {
  if (!LITTLE_ENDIAN || !isCount(count)) return undefined;
  const fd = openCacheFileSync(file);
  if (fd === undefined) return undefined;
  try {
    const size = fstatSync(fd).size;
    const header = readHeader(fd, size);
    // An intact header for other columns (another id or count) is not damage: the file is left as it is.
    const foreign = header !== undefined && (header.format !== COLUMNS_FORMAT || header.id !== id || header.count !== count);
    if (header && !foreign) {
      const sections = checkSections(header, count);
      const dataStart = pad8(PREFIX_BYTES + header.length);
      if (sections && dataStart + header.dataBytes === size) return new LazyColumnFile(file, fd, count, dataStart, sections);
    }
    if (!foreign) damaged(file);
  } catch {
    damaged(file);
  }
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
  return undefined;
}
