/**
 * The rendered-items file `<kind>-<id>.items`: every document's item without `text_matches` (the media options of
 * its kind's `project` unset), as its compact JSON text with `score` written `1.0` (src/envelope/item-json.ts lays
 * it out as the envelope embeds it). Written by `search index` and `search serve` at start-up; read one item at a
 * time, so a page of results is a few reads, a re-indenting pass and a concatenation instead of parsing,
 * projecting and serialising each record.
 *
 * An item is mostly its record: an issue's item is the record's compact text with `"score":1.0` inserted. So an
 * item whose compact text differs from its record's text in the record snapshot (src/cache/record-snapshot.ts) by
 * one splice is stored as a reference: where the record's text lies among the snapshot's texts, and the patch —
 * the item is the record's bytes `[0, cut)`, the patch, the record's bytes `[resume, end)`. Anything else (no
 * snapshot text, a projection that changes much) stores the item's own compact text. The split is found from the
 * longest common prefix and suffix of the two texts, so decoding is exact by construction; reading a reference
 * is one read of the entry (a patch of up to {@link INLINE_PATCH_BYTES} sits in it) and one of the record's bytes.
 *
 * Layout (little-endian), written front to back in one pass (the document count is known only at the end):
 * - header, {@link HEADER_BYTES} bytes: magic `OGSITEMS`, format (u32), document count (u32), offset of the
 *   entries (u64), CRC-32 of the first 24 bytes (u32), 4 bytes zero;
 * - the stored bytes (patches and own texts), in document order;
 * - entries, {@link ENTRY_BYTES} per document: CRC-32 of the item's whole compact text (u32), `cut` (u32),
 *   `resume` (u32; {@link OWN_TEXT} when the stored bytes are the whole text), length of the stored bytes (u32),
 *   their offset from the start of the file (u64; unused for a patch kept inline), start of the record's text
 *   among the snapshot's texts (u64), its length (u32), the inline patch (up to {@link INLINE_PATCH_BYTES}).
 * An item whose text does not match its entry's CRC (a flipped bit in entry, patch or the record's text, a
 * truncated file, a snapshot of other texts) is never served: the reader gives one notice, stops using the file
 * and deletes it, and the caller renders the item itself — the answer is the same as from a good file.
 */
import { closeSync, fstatSync, readSync, rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { openCacheFileSync } from './regular-file.js';
import { TempFile } from './temp-file.js';
import { cacheNotice } from './notice.js';

/** Version of the layout above (and of the item text it holds). */
export const ITEMS_FORMAT = 6;
const MAGIC = Buffer.from('OGSITEMS', 'latin1');
const HEADER_BYTES = 32;
const ENTRY_BYTES = 48;
/** A patch this short is kept in its entry (an issue's is `"score":1.0,`: 12 bytes). */
const INLINE_PATCH_BYTES = 12;
/** `resume` of an entry whose stored bytes are the item's whole text (no reference to its record). */
const OWN_TEXT = 0xffff_ffff;
/**
 * A reference is stored when its patch is at most this fraction of the item's text (else the text itself: a
 * reference still costs a read of the record's text).
 */
const MAX_PATCH_FRACTION = 0.5;
/** Bytes of texts buffered before each write while the file is written. */
const WRITE_CHUNK_BYTES = 1 << 20;

/** A record's text in the record snapshot, and where it starts among the snapshot's texts (bytes). */
export interface RecordText {
  readonly bytes: Uint8Array;
  readonly start: number;
}

/** The record snapshot's texts, as the reader of a rendered-items file reads them (record-snapshot.ts's SnapshotTexts). */
export interface RecordTexts {
  /** Bytes `[start, start + length)` of the texts (unchecked), or undefined. */
  bytes(start: number, length: number): Buffer | undefined;
}

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
   * The compact text of `doc`'s item (0 ≤ doc < count; fresh bytes), or undefined when the file is no longer usable,
   * the item refers to a record text `texts` cannot give (then it is rendered, the file stays), or the item is
   * damaged (then the file is dropped with a notice, see the module comment).
   * @param texts the record snapshot's texts the file was written against
   */
  read(doc: number, texts: RecordTexts | undefined): Buffer | undefined {
    const fd = this.fd;
    if (fd === undefined) return undefined;
    const entry = this.entry;
    try {
      if (readSync(fd, entry, 0, ENTRY_BYTES, this.entriesAt + doc * ENTRY_BYTES) === ENTRY_BYTES) {
        const crc = entry.readUInt32LE(0);
        const cut = entry.readUInt32LE(4);
        const resume = entry.readUInt32LE(8);
        const length = entry.readUInt32LE(12);
        const offset = entry.readUInt32LE(16) + entry.readUInt32LE(20) * 0x1_0000_0000;
        const inline = resume !== OWN_TEXT && length <= INLINE_PATCH_BYTES;
        let text: Buffer | undefined;
        if (!inline && !(offset >= HEADER_BYTES && offset + length <= this.entriesAt)) text = undefined;
        else if (resume === OWN_TEXT) {
          text = Buffer.allocUnsafe(length);
          if (readSync(fd, text, 0, length, offset) !== length) text = undefined;
        } else {
          if (texts === undefined) return undefined;
          const record = texts.bytes(entry.readUInt32LE(24) + entry.readUInt32LE(28) * 0x1_0000_0000, entry.readUInt32LE(32));
          if (record === undefined) return undefined;
          if (cut <= resume && resume <= record.length) {
            text = Buffer.allocUnsafe(cut + length + record.length - resume);
            record.copy(text, 0, 0, cut);
            if (inline) entry.copy(text, cut, ENTRY_BYTES - INLINE_PATCH_BYTES, ENTRY_BYTES - INLINE_PATCH_BYTES + length);
            else if (readSync(fd, text, cut, length, offset) !== length) text = undefined;
            record.copy(text!, cut + length, resume);
          }
        }
        if (text !== undefined && crc32(text) >>> 0 === crc) return text;
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

  /**
   * Append the next document's item (documents in order, from 0).
   * @param text the item's compact text (what {@link ItemFile.read} gives back)
   * @param record its record's text in the record snapshot and where that starts among the snapshot's texts, when
   *   there is one: the item is then stored as a reference to it where that is smaller
   */
  add(text: Uint8Array, record?: RecordText): void {
    if (!this.open) return;
    if ((this.count + 1) * ENTRY_BYTES > this.entries.length) {
      const bigger = Buffer.alloc(this.entries.length * 2);
      this.entries.copy(bigger);
      this.entries = bigger;
    }
    const entries = this.entries;
    const at = this.count * ENTRY_BYTES;
    let stored: Uint8Array = text;
    let cut = 0;
    let resume = OWN_TEXT;
    if (record !== undefined && record.bytes.length < OWN_TEXT) {
      const [prefix, suffix] = commonEnds(text, record.bytes);
      const patch = text.length - prefix - suffix;
      if (patch <= text.length * MAX_PATCH_FRACTION) {
        stored = text.subarray(prefix, prefix + patch);
        cut = prefix;
        resume = record.bytes.length - suffix;
        entries.writeUInt32LE(record.start % 0x1_0000_0000, at + 24);
        entries.writeUInt32LE(Math.floor(record.start / 0x1_0000_0000), at + 28);
        entries.writeUInt32LE(record.bytes.length, at + 32);
      }
    }
    entries.writeUInt32LE(crc32(text) >>> 0, at);
    entries.writeUInt32LE(cut, at + 4);
    entries.writeUInt32LE(resume, at + 8);
    entries.writeUInt32LE(stored.length, at + 12);
    this.count++;
    if (resume !== OWN_TEXT && stored.length <= INLINE_PATCH_BYTES) {
      entries.set(stored, at + ENTRY_BYTES - INLINE_PATCH_BYTES);
      return;
    }
    entries.writeUInt32LE(this.offset % 0x1_0000_0000, at + 16);
    entries.writeUInt32LE(Math.floor(this.offset / 0x1_0000_0000), at + 20);
    this.offset += stored.length;
    // A patch is copied: a view would keep its whole item alive until the chunk is written.
    this.chunk.push(resume === OWN_TEXT ? Buffer.from(stored.buffer, stored.byteOffset, stored.length) : Buffer.from(stored));
    this.chunkBytes += stored.length;
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
 * @param fill calls `add` with the compact item text of every document (and its record's snapshot text, when
 *   known), in document order (`count` times)
 * @returns the file's size in bytes, or undefined when it could not be written
 * @throws RangeError when `fill` adds more or fewer than `count` texts (nothing is written)
 */
export function writeItemFile(
  file: string,
  count: number,
  fill: (add: (text: Uint8Array, record?: RecordText) => void) => void,
): number | undefined {
  const writer = ItemFileWriter.open(file);
  if (!writer) return undefined;
  let added = 0;
  try {
    fill((text, record) => {
      if (++added > count) throw new RangeError(`more than ${count} item texts`);
      writer.add(text, record);
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

/**
 * Lengths of the longest common prefix and the longest common suffix of `a` and `b` that do not overlap in either
 * (prefix + suffix ≤ the shorter length), in bytes.
 */
export function commonEnds(a: Uint8Array, b: Uint8Array): [prefix: number, suffix: number] {
  const shorter = Math.min(a.length, b.length);
  const x = asBuffer(a);
  const y = asBuffer(b);
  // Whole runs are compared natively (memcmp), doubling while they match, then halving into the first difference.
  const samePrefix = (from: number, to: number): boolean => x.compare(y, from, to, from, to) === 0;
  const prefix = matchedRun(shorter, samePrefix, (k) => a[k] === b[k]);
  const most = shorter - prefix;
  const la = a.length;
  const lb = b.length;
  const sameSuffix = (from: number, to: number): boolean => x.compare(y, lb - to, lb - from, la - to, la - from) === 0;
  const suffix = matchedRun(most, sameSuffix, (k) => a[la - 1 - k] === b[lb - 1 - k]);
  return [prefix, suffix];
}

/** `bytes` as a Buffer over the same memory (no copy). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Runs at most this long are compared byte by byte. */
const SHORT_RUN = 32;

/**
 * The length of the longest run `[0, n)` whose positions all match: `same(from, to)` tells whether `[from, to)` all
 * match (natively), `at(k)` whether position `k` does.
 */
function matchedRun(n: number, same: (from: number, to: number) => boolean, at: (k: number) => boolean): number {
  let done = 0;
  let step = SHORT_RUN;
  while (done < n) {
    let end = Math.min(n, done + step);
    if (same(done, end)) {
      done = end;
      step *= 2;
      continue;
    }
    // The first difference is in [done, end): halve until the run is short, then look byte by byte.
    while (end - done > SHORT_RUN) {
      const mid = done + ((end - done) >>> 1);
      if (same(done, mid)) done = mid;
      else end = mid;
    }
    while (done < end && at(done)) done++;
    return done;
  }
  return done;
}
