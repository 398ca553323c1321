/**
 * The rendered-items file `<kind>-<id>.items`: every document's item without `text_matches` (the media options of
 * its kind's `project` unset), as the UTF-8 JSON text an envelope embeds (src/kinds/item-text.ts). Written by
 * `search index` and `search serve` at start-up; read one item at a time, so a page of results is a few reads and
 * a concatenation instead of parsing, projecting and serialising each record.
 *
 * Layout (little-endian), written front to back in one pass (the document count is known only at the end):
 * - header, {@link HEADER_BYTES} bytes: magic `OGSITEMS`, format (u32), document count (u32), offset of the
 *   entries (u64), CRC-32 of the first 24 bytes (u32), 4 bytes zero;
 * - the texts, in document order;
 * - entries, 16 bytes per document: offset of its text from the start of the file (u64), byte length (u32),
 *   CRC-32 of the text (u32).
 * A text whose bytes do not match its entry (a flipped bit anywhere in entry or text, a truncated file) is never
 * served: the reader gives one notice, stops using the file and deletes it, and the caller renders the item
 * itself — the answer is the same as from a good file.
 */
import { closeSync, fstatSync, readSync, rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { openCacheFileSync } from './regular-file.js';
import { TempFile } from './temp-file.js';
import { cacheNotice } from './notice.js';

/** Version of the layout above (and of the item text it holds). */
export const ITEMS_FORMAT = 5;
const MAGIC = Buffer.from('OGSITEMS', 'latin1');
const HEADER_BYTES = 32;
const ENTRY_BYTES = 16;
/** Bytes of texts buffered before each write while the file is written. */
const WRITE_CHUNK_BYTES = 1 << 20;

/** An open rendered-items file. */
export class ItemFile {
  private fd: number | undefined;
  private readonly entry = Buffer.alloc(ENTRY_BYTES);

  private constructor(
    readonly file: string,
    fd: number,
    readonly count: number,
    private readonly entriesAt: number,
  ) {
    this.fd = fd;
  }

  /**
   * Open `file` if it exists and its header matches `count` documents; undefined otherwise (a damaged header
   * gets its notice and the file is deleted, so the next build writes it again).
   */
  static open(file: string, count: number): ItemFile | undefined {
    const fd = openCacheFileSync(file);
    if (fd === undefined) return undefined;
    const header = Buffer.alloc(HEADER_BYTES);
    let entriesAt = 0;
    let ok = false;
    try {
      ok =
        readSync(fd, header, 0, HEADER_BYTES, 0) === HEADER_BYTES &&
        header.subarray(0, 8).equals(MAGIC) &&
        header.readUInt32LE(8) === ITEMS_FORMAT &&
        header.readUInt32LE(24) === crc32(header.subarray(0, 24)) >>> 0;
      entriesAt = Number(header.readBigUInt64LE(16));
      // Another document count is another build's file (no notice); a short file is a damaged one.
      if (ok && header.readUInt32LE(12) !== count) {
        closeSync(fd);
        return undefined;
      }
      ok &&= entriesAt >= HEADER_BYTES && fstatSync(fd).size >= entriesAt + count * ENTRY_BYTES;
    } catch {
      ok = false;
    }
    if (!ok) {
      closeSync(fd);
      damaged(file, 'header does not match');
      return undefined;
    }
    return new ItemFile(file, fd, count, entriesAt);
  }

  /** Whether the file is still in use (false once a damaged item was found). */
  get usable(): boolean {
    return this.fd !== undefined;
  }

  /**
   * The text of `doc` (0 ≤ doc < count), or undefined when the file is no longer usable or this item is damaged
   * (then the file is dropped with a notice, see the module comment).
   */
  read(doc: number): Buffer | undefined {
    const fd = this.fd;
    if (fd === undefined) return undefined;
    try {
      if (readSync(fd, this.entry, 0, ENTRY_BYTES, this.entriesAt + doc * ENTRY_BYTES) === ENTRY_BYTES) {
        const offset = Number(this.entry.readBigUInt64LE(0));
        const length = this.entry.readUInt32LE(8);
        if (offset >= HEADER_BYTES && offset + length <= this.entriesAt) {
          const text = Buffer.allocUnsafe(length);
          if (readSync(fd, text, 0, length, offset) === length && crc32(text) >>> 0 === this.entry.readUInt32LE(12)) return text;
        }
      }
    } catch {
      // a read error counts as damage
    }
    this.close();
    damaged(this.file, `item ${doc} does not match its checksum`);
    return undefined;
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
}

function damaged(file: string, why: string): void {
  cacheNotice(file, why);
  try {
    rmSync(file, { force: true });
  } catch {
    // a read-only cache keeps it; the header or checksums refuse it again next time
  }
}

/**
 * Writes a rendered-items file front to back as texts arrive (a build pass, or a loop over the records), under a
 * temporary name until {@link finish} renames it into place. A cache that cannot be written (read-only, full disk)
 * only leaves the file out: items are then rendered per request.
 */
export class ItemFileWriter {
  private out: TempFile | undefined;
  private entries = Buffer.alloc(ENTRY_BYTES * 1024);
  private count = 0;
  private offset = HEADER_BYTES;
  private chunk: Buffer[] = [];
  private chunkBytes = 0;
  private chunkAt = HEADER_BYTES;

  private constructor(out: TempFile) {
    this.out = out;
  }

  /** A writer whose temporary file sits beside `file`; undefined when it cannot be created. */
  static open(file: string): ItemFileWriter | undefined {
    const out = TempFile.create(file);
    return out && new ItemFileWriter(out);
  }

  /** False once a write failed or the writer was finished or aborted. */
  get open(): boolean {
    return this.out?.ok === true;
  }

  /** Append the next document's text (documents in order, from 0). */
  add(text: Buffer): void {
    if (!this.open) return;
    if ((this.count + 1) * ENTRY_BYTES > this.entries.length) {
      const bigger = Buffer.alloc(this.entries.length * 2);
      this.entries.copy(bigger);
      this.entries = bigger;
    }
    const at = this.count * ENTRY_BYTES;
    this.entries.writeBigUInt64LE(BigInt(this.offset), at);
    this.entries.writeUInt32LE(text.length, at + 8);
    this.entries.writeUInt32LE(crc32(text) >>> 0, at + 12);
    this.count++;
    this.offset += text.length;
    this.chunk.push(text);
    this.chunkBytes += text.length;
    if (this.chunkBytes >= WRITE_CHUNK_BYTES) this.flush();
  }

  /**
   * Write the entries and the header and rename the file to `file`.
   * @param count the documents expected: fewer or more texts than that write nothing
   * @returns the file's size in bytes, or undefined when it was not written
   */
  finish(file: string, count: number): number | undefined {
    if (!this.open || this.count !== count) {
      this.abort();
      return undefined;
    }
    try {
      this.flush();
      const entriesAt = this.offset;
      const entries = this.entries.subarray(0, this.count * ENTRY_BYTES);
      this.writeAt(entries, entriesAt);
      const header = Buffer.alloc(HEADER_BYTES);
      MAGIC.copy(header, 0);
      header.writeUInt32LE(ITEMS_FORMAT, 8);
      header.writeUInt32LE(this.count, 12);
      header.writeBigUInt64LE(BigInt(entriesAt), 16);
      header.writeUInt32LE(crc32(header.subarray(0, 24)) >>> 0, 24);
      this.writeAt(header, 0);
      const out = this.out!;
      this.out = undefined;
      return out.commit(file) ? entriesAt + entries.length : undefined;
    } catch {
      this.abort();
      return undefined;
    }
  }

  /** Drop the temporary file. Idempotent. */
  abort(): void {
    this.out?.discard();
    this.out = undefined;
    this.chunk = [];
  }

  private flush(): void {
    if (this.chunkBytes === 0) return;
    const bytes = Buffer.concat(this.chunk, this.chunkBytes);
    this.chunk = [];
    this.chunkBytes = 0;
    this.writeAt(bytes, this.chunkAt);
    this.chunkAt += bytes.length;
  }

  private writeAt(bytes: Buffer, at: number): void {
    this.out?.writeAt(at, bytes);
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
