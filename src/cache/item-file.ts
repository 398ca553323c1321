/**
 * The rendered-items file `<kind>-<id>.items`: every document's item without `text_matches` (the media options of
 * its kind's `project` unset), as the UTF-8 JSON text an envelope embeds (src/kinds/item-text.ts). Written by
 * `search index` and `search serve` at start-up; read one item at a time, so a page of results is a few reads and
 * a concatenation instead of parsing, projecting and serialising each record.
 *
 * Layout (little-endian):
 * - header, {@link HEADER_BYTES} bytes: magic `OGSITEMS`, format (u32), document count (u32), CRC-32 of the
 *   first 16 bytes (u32), 12 bytes zero;
 * - entries, 16 bytes per document: offset of its text from the start of the file (u64), byte length (u32),
 *   CRC-32 of the text (u32);
 * - the texts, in document order.
 * A text whose bytes do not match its entry (a flipped bit anywhere in entry or text, a truncated file) is never
 * served: the reader gives one notice, stops using the file and deletes it, and the caller renders the item
 * itself — the answer is the same as from a good file.
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { openCacheFileSync } from './regular-file.js';
import { cacheNotice } from './notice.js';

/** Version of the layout above (and of the item text it holds). */
export const ITEMS_FORMAT = 1;
const MAGIC = Buffer.from('OGSITEMS', 'latin1');
const HEADER_BYTES = 32;
const ENTRY_BYTES = 16;
/** Bytes of texts buffered before each write while the file is written. */
const WRITE_CHUNK_BYTES = 4 << 20;

/** An open rendered-items file. */
export class ItemFile {
  private fd: number | undefined;
  private readonly size: number;
  private readonly entry = Buffer.alloc(ENTRY_BYTES);

  private constructor(
    readonly file: string,
    fd: number,
    readonly count: number,
  ) {
    this.fd = fd;
    this.size = fstatSync(fd).size;
  }

  /**
   * Open `file` if it exists and its header matches `count` documents; undefined otherwise (a damaged header
   * gets its notice and the file is deleted, so the next build writes it again).
   */
  static open(file: string, count: number): ItemFile | undefined {
    const fd = openCacheFileSync(file);
    if (fd === undefined) return undefined;
    const header = Buffer.alloc(HEADER_BYTES);
    let ok = false;
    try {
      ok =
        readSync(fd, header, 0, HEADER_BYTES, 0) === HEADER_BYTES &&
        header.subarray(0, 8).equals(MAGIC) &&
        header.readUInt32LE(8) === ITEMS_FORMAT &&
        header.readUInt32LE(12) === count &&
        header.readUInt32LE(16) === crc32(header.subarray(0, 16)) >>> 0 &&
        fstatSync(fd).size >= HEADER_BYTES + count * ENTRY_BYTES;
    } catch {
      ok = false;
    }
    if (!ok) {
      closeSync(fd);
      damaged(file, 'header does not match');
      return undefined;
    }
    return new ItemFile(file, fd, count);
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
      if (readSync(fd, this.entry, 0, ENTRY_BYTES, HEADER_BYTES + doc * ENTRY_BYTES) === ENTRY_BYTES) {
        const offset = Number(this.entry.readBigUInt64LE(0));
        const length = this.entry.readUInt32LE(8);
        if (offset >= HEADER_BYTES + this.count * ENTRY_BYTES && offset + length <= this.size) {
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
 * Write the file for `count` documents (atomically: a temporary file renamed into place). A cache that cannot be
 * written (read-only, full disk) is left without it: items are then rendered per request.
 * @param fill calls `add` with the text of every document, in document order (`count` times)
 * @returns the file's size in bytes, or undefined when it could not be written
 * @throws RangeError when `fill` adds more or fewer than `count` texts (nothing is written)
 */
export function writeItemFile(file: string, count: number, fill: (add: (text: Buffer) => void) => void): number | undefined {
  const temp = `${file}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'w');
    const entries = Buffer.alloc(count * ENTRY_BYTES);
    let offset = HEADER_BYTES + entries.length;
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    let chunkAt = offset;
    const flush = (): void => {
      const bytes = Buffer.concat(chunk, chunkBytes);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd!, bytes, done, bytes.length - done, chunkAt + done);
      chunkAt += bytes.length;
      chunk = [];
      chunkBytes = 0;
    };
    let doc = 0;
    fill((bytes) => {
      if (doc >= count) throw new RangeError(`more than ${count} item texts`);
      entries.writeBigUInt64LE(BigInt(offset), doc * ENTRY_BYTES);
      entries.writeUInt32LE(bytes.length, doc * ENTRY_BYTES + 8);
      entries.writeUInt32LE(crc32(bytes) >>> 0, doc * ENTRY_BYTES + 12);
      chunk.push(bytes);
      chunkBytes += bytes.length;
      offset += bytes.length;
      if (chunkBytes >= WRITE_CHUNK_BYTES) flush();
      doc++;
    });
    if (doc !== count) throw new RangeError(`${doc} item texts for ${count} documents`);
    flush();
    const header = Buffer.alloc(HEADER_BYTES);
    MAGIC.copy(header, 0);
    header.writeUInt32LE(ITEMS_FORMAT, 8);
    header.writeUInt32LE(count, 12);
    header.writeUInt32LE(crc32(header.subarray(0, 16)) >>> 0, 16);
    const head = Buffer.concat([header, entries]);
    for (let done = 0; done < head.length; ) done += writeSync(fd, head, done, head.length - done, done);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, file);
    return offset;
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    if (error instanceof RangeError) throw error;
    return undefined;
  }
}

const attached = new WeakMap<object, ItemFile>();

/** Give a collection its rendered-items file (read by src/envelope/item-json.ts). */
export function attachItemFile(collection: object, file: ItemFile): void {
  attached.get(collection)?.close();
  attached.set(collection, file);
}

/** The rendered-items file of a collection, while usable. */
export function itemFileOf(collection: object): ItemFile | undefined {
  const file = attached.get(collection);
  return file?.usable ? file : undefined;
}
