/**
 * The rendered-items file `<kind>-<id>.items`: every document's item without `text_matches` (the media options of
 * its kind's `project` unset), as the UTF-8 JSON text an envelope embeds (src/kinds/item-text.ts), stored in the
 * compact encoding of item-codec.ts (fragments, key lines and back references: about 2.4× smaller than the text).
 * Written by `search index` and `search serve` at start-up; read one item at a time, so a page of results is a few
 * reads, copies and a concatenation instead of parsing, projecting and serialising each record.
 *
 * A framed file (framing.ts: magic `OGSITEMS`, layout {@link ITEMS_FORMAT}, checked blocks of {@link BLOCK_BYTES}):
 * - `items` — the stored items in document order (checked per item, not per block: see `entries`);
 * - `entries` — 16 bytes per document: the offset of its stored item in `items` (f64), its byte length (u32) and
 *   its CRC-32 (u32);
 * - `fragmentOffsets` (u32, fragments + 1) and `fragments` — the codec's fragments;
 * - footer meta `{ count, keyLines }` — the document count and the codec's key lines.
 * An item whose bytes do not match its entry, a block that fails its CRC, a reference the file cannot resolve (a
 * flipped bit anywhere, a truncated file) is never served: the reader gives one notice, stops using the file and
 * deletes it, and the caller renders the item itself — the answer is the same as from a good file.
 */
import { rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { FramedFile, FramedWriter, FramingError } from './framing.js';
import { cacheNotice } from './notice.js';
import { decodeItem, ItemEncoder, type ItemDictionary } from './item-codec.js';

/** Version of the layout above (and of the item text it holds). */
export const ITEMS_FORMAT = 6;
const MAGIC = Buffer.from('OGSITEMS', 'latin1');
/** Bytes per checked block: an item read checks the 4 KiB of entries around its own. */
const BLOCK_BYTES = 4096;
const ENTRY_BYTES = 16;
/** Decoded table blocks and fragments kept per open file (dropped all at once past it). */
const CACHED_BLOCKS = 1024;
const CACHED_FRAGMENTS = 8192;

interface ItemsMeta {
  count: number;
  keyLines: string[];
}

/** An open rendered-items file. */
export class ItemFile implements ItemDictionary {
  private framed: FramedFile | undefined;
  private readonly keyLines: Buffer[];
  private readonly fragmentCount: number;
  private blocks = new Map<number, Buffer>();
  private fragments = new Map<number, Buffer>();

  private constructor(
    readonly file: string,
    framed: FramedFile,
    readonly count: number,
    keyLines: readonly string[],
  ) {
    this.framed = framed;
    this.keyLines = keyLines.map((line) => Buffer.from(line, 'utf8'));
    this.fragmentCount = framed.length('fragmentOffsets') / 4 - 1;
  }

  /**
   * Open `file` if it exists and was written for `count` documents; undefined otherwise (a damaged file gets its
   * notice and is deleted, so the next build writes it again).
   */
  static open(file: string, count: number): ItemFile | undefined {
    let framed: FramedFile | undefined;
    try {
      framed = FramedFile.open(file, MAGIC, ITEMS_FORMAT);
      if (!framed) return undefined;
      const meta = framed.meta as Partial<ItemsMeta> | undefined;
      const keyLines = meta?.keyLines;
      if (!Number.isSafeInteger(meta?.count) || !Array.isArray(keyLines) || !keyLines.every((k) => typeof k === 'string')) {
        throw new FramingError('bad metadata');
      }
      // Another document count is another build's file (no notice).
      if (meta!.count !== count) {
        framed.close();
        return undefined;
      }
      const fragmentOffsets = framed.length('fragmentOffsets');
      const sized =
        framed.has('items') &&
        framed.has('fragments') &&
        framed.length('entries') === count * ENTRY_BYTES &&
        fragmentOffsets >= 4 &&
        fragmentOffsets % 4 === 0;
      if (!sized) throw new FramingError('sections do not match the document count');
      return new ItemFile(file, framed, count, keyLines);
    } catch (error) {
      framed?.close();
      // A file that cannot be read (permissions, not a regular file) is left alone: items are rendered instead.
      if (!(error instanceof FramingError)) return undefined;
      damaged(file, error.message);
      return undefined;
    }
  }

  /** Whether the file is still in use (false once a damaged item was found). */
  get usable(): boolean {
    return this.framed !== undefined;
  }

  /**
   * The text of `doc` (0 ≤ doc < count), or undefined when the file is no longer usable or this item is damaged
   * (then the file is dropped with a notice, see the module comment).
   */
  read(doc: number): Buffer | undefined {
    const framed = this.framed;
    if (framed === undefined) return undefined;
    try {
      const entry = this.tableBytes('entries', doc * ENTRY_BYTES, ENTRY_BYTES);
      const offset = entry.readDoubleLE(0);
      const length = entry.readUInt32LE(8);
      const read = framed.read('items', offset, length);
      const stored = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
      if (crc32(stored) >>> 0 !== entry.readUInt32LE(12)) throw new FramingError(`item ${doc} does not match its checksum`);
      return decodeItem(stored, this);
    } catch (error) {
      this.close();
      damaged(this.file, `item ${doc}: ${error instanceof Error ? error.message : 'cannot be read'}`);
      return undefined;
    }
  }

  /** @internal the codec's key line `id` */
  keyLine(id: number): Buffer | undefined {
    return this.keyLines[id];
  }

  /** @internal the codec's fragment `id` (read and kept on first use) */
  fragment(id: number): Buffer | undefined {
    if (!(id >= 0 && id < this.fragmentCount)) return undefined;
    let bytes = this.fragments.get(id);
    if (bytes) return bytes;
    const bounds = this.tableBytes('fragmentOffsets', id * 4, 8);
    const start = bounds.readUInt32LE(0);
    const end = bounds.readUInt32LE(4);
    if (!(start <= end)) throw new FramingError(`fragment ${id} out of order`);
    const read = this.framed!.read('fragments', start, end - start);
    bytes = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    if (this.fragments.size >= CACHED_FRAGMENTS) this.fragments = new Map();
    this.fragments.set(id, bytes);
    return bytes;
  }

  /** `length` bytes at `start` of a table section, through a cache of its checked blocks. */
  private tableBytes(section: string, start: number, length: number): Buffer {
    const first = Math.floor(start / BLOCK_BYTES);
    if (Math.floor((start + length - 1) / BLOCK_BYTES) !== first) {
      const bytes = this.framed!.read(section, start, length);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    const key = first * 4 + (section === 'entries' ? 0 : 1);
    let block = this.blocks.get(key);
    if (!block) {
      const from = first * BLOCK_BYTES;
      const bytes = this.framed!.read(section, from, Math.min(BLOCK_BYTES, this.framed!.length(section) - from));
      block = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (this.blocks.size >= CACHED_BLOCKS) this.blocks = new Map();
      this.blocks.set(key, block);
    }
    const at = start - first * BLOCK_BYTES;
    return block.subarray(at, at + length);
  }

  close(): void {
    this.framed?.close();
    this.framed = undefined;
    this.blocks = new Map();
    this.fragments = new Map();
  }
}

function damaged(file: string, why: string): void {
  cacheNotice(file, why);
  try {
    rmSync(file, { force: true });
  } catch {
    // a read-only cache keeps it; the framing or checksums refuse it again next time
  }
}

/**
 * Writes a rendered-items file front to back as texts arrive (a build pass, or a loop over the records), under a
 * temporary name until {@link finish} renames it into place. A cache that cannot be written (read-only, full disk)
 * only leaves the file out: items are then rendered per request.
 */
export class ItemFileWriter {
  private out: FramedWriter | undefined;
  private readonly encoder = new ItemEncoder();
  private entries = Buffer.alloc(ENTRY_BYTES * 1024);
  private count = 0;

  private constructor(out: FramedWriter) {
    this.out = out;
    out.section('items', false);
  }

  /** A writer whose temporary file sits beside `file`; undefined when it cannot be created. */
  static open(file: string): ItemFileWriter | undefined {
    const out = FramedWriter.create(file, MAGIC, ITEMS_FORMAT, BLOCK_BYTES);
    return out && new ItemFileWriter(out);
  }

  /** False once a write failed or the writer was finished or aborted. */
  get open(): boolean {
    return this.out?.ok === true;
  }

  /** Append the next document's text (documents in order, from 0). */
  add(text: Buffer): void {
    const out = this.out;
    if (!out?.ok) return;
    if ((this.count + 1) * ENTRY_BYTES > this.entries.length) {
      const bigger = Buffer.alloc(this.entries.length * 2);
      this.entries.copy(bigger);
      this.entries = bigger;
    }
    const stored = this.encoder.encode(text);
    const at = this.count * ENTRY_BYTES;
    this.entries.writeDoubleLE(out.sectionBytes, at);
    this.entries.writeUInt32LE(stored.length, at + 8);
    this.entries.writeUInt32LE(crc32(stored) >>> 0, at + 12);
    this.count++;
    out.append(stored);
  }

  /**
   * Write the tables and the footer and rename the file to `file`.
   * @param count the documents expected: fewer or more texts than that write nothing
   * @returns the file's size in bytes, or undefined when it was not written
   */
  finish(file: string, count: number): number | undefined {
    const out = this.out;
    if (!out?.ok || this.count !== count) {
      this.abort();
      return undefined;
    }
    this.out = undefined;
    try {
      out.section('entries');
      out.append(this.entries.subarray(0, this.count * ENTRY_BYTES));
      const fragments = this.encoder.fragments;
      const offsets = new Uint32Array(fragments.length + 1);
      let bytes = 0;
      for (let i = 0; i < fragments.length; i++) {
        offsets[i] = bytes;
        bytes += fragments[i]!.length;
      }
      offsets[fragments.length] = bytes;
      if (bytes > 0xffffffff) throw new RangeError('fragments over 4 GiB');
      out.section('fragmentOffsets');
      out.append(offsets);
      out.section('fragments');
      for (const f of fragments) out.append(f);
      const meta: ItemsMeta = { count, keyLines: this.encoder.keyLines.map((line) => line.toString('utf8')) };
      return out.finish(meta, file);
    } catch {
      out.abort();
      return undefined;
    }
  }

  /** Drop the temporary file. Idempotent. */
  abort(): void {
    this.out?.abort();
    this.out = undefined;
  }
}

/**
 * Write the file for `count` documents in one go (see {@link ItemFileWriter}).
 * @param fill calls `add` with the text of every document, in document order (`count` times)
 * @returns the file's size in bytes, or undefined when it could not be written
 * @throws RangeError when `fill` adds more or fewer than `count` texts (nothing is written)
 */
export function writeItemFile(file: string, count: number, fill: (add: (text: Buffer) => void) => void): number | undefined {
  const writer = ItemFileWriter.open(file);
  if (!writer) return undefined;
  let added = 0;
  try {
    fill((text) => {
      if (++added > count) throw new RangeError(`more than ${count} item texts`);
      writer.add(text);
    });
  } catch (error) {
    writer.abort();
    if (error instanceof RangeError) throw error;
    return undefined;
  }
  if (added !== count) {
    writer.abort();
    throw new RangeError(`${added} item texts for ${count} documents`);
  }
  return writer.finish(file, count);
}

/** What holds a collection's rendered-items file: its reader (src/store/collection.ts's Collection). */
export interface ItemFileHolder {
  readonly itemFile: ItemFile | undefined;
}

/** The rendered-items file of a collection (read by src/envelope/item-json.ts), while usable. */
export function itemFileOf(collection: object): ItemFile | undefined {
  const file = (collection as Partial<ItemFileHolder>).itemFile;
  return file?.usable ? file : undefined;
}
