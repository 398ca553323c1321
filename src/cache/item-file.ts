/**
 * The rendered-items file `<kind>-<id>.items`: every document's item without `text_matches` (the media options of
 * its kind's `project` unset), as its compact JSON text with `score` written `1.0` (src/envelope/item-json.ts lays
 * it out as the envelope embeds it). Written by `search index` and `search serve` at start-up; read a page at a
 * time, so a page of results is a few reads, a re-indenting pass and a concatenation instead of parsing,
 * projecting and serialising each record.
 *
 * An item is mostly its record: an issue's item is the record's compact text with `"score":1.0` inserted. So an
 * item whose compact text differs from its record's text in the record snapshot (src/cache/record-snapshot.ts) by
 * one splice is stored as a reference: where the record's text lies among the snapshot's texts, and the patch —
 * the item is the record's bytes `[0, cut)`, the patch, the record's bytes `[resume, end)`. Anything else (no
 * snapshot text, a projection that changes much) stores the item's own compact text. The split is found from the
 * longest common prefix and suffix of the two texts, so decoding is exact by construction.
 *
 * A framed file (framing.ts: magic `OGSITEMS`, layout {@link ITEMS_FORMAT}, a CRC per {@link BLOCK_BYTES}-byte
 * block, the document count in the footer), with two sections:
 * - `stored`: the patches longer than {@link INLINE_PATCH_BYTES} and the own texts, in document order;
 * - `entries`: {@link ENTRY_BYTES} per document (little-endian): CRC-32 of the item's whole compact text (u32),
 *   `cut` (u32), `resume` (u32; {@link OWN_TEXT} when the stored bytes are the whole text), length of the stored
 *   bytes (u32), their offset in `stored` (u64; unused for a patch kept inline), start of the record's text among
 *   the snapshot's texts (u64), its length (u32), the inline patch (up to {@link INLINE_PATCH_BYTES}).
 *
 * A page is read with a bounded number of reads ({@link ItemFile.readPage}): its entries sorted and read in runs
 * (entries near each other in one read), then the stored bytes and the records' texts the same way. Each read's
 * blocks are checked by the framing, and each item's reassembled text against its entry's CRC (which also catches
 * a snapshot holding other texts): a damaged block or item is never served — the reader gives one notice, stops
 * using the file and deletes it, and the caller renders the items itself; the answer is the same as from a good file.
 */
import { contentChecksum, FILE_MAGIC, FramedWriter, FramingError, openFramedCache, type FramedFile, type SectionWriter } from './framing.js';
import { cacheNotice } from './notice.js';

/** Version of the layout above (and of the item text it holds). 7: on the one framing (framing.ts). */
export const ITEMS_FORMAT = 7;
/** Bytes per checked block: a random entry costs a read of its block (85 entries). */
const BLOCK_BYTES = 4096;
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
/**
 * Ranges (of entries, stored bytes or record texts) at most this many bytes apart are read in one read: the bytes
 * between cost less than another read (and the framing's check of a block read whole).
 */
const RUN_GAP_BYTES = 4096;
/** …and one read spans at most this many bytes. */
const RUN_MAX_BYTES = 1 << 20;

/** A record's text in the record snapshot, and where it starts among the snapshot's texts (bytes). */
export interface RecordText {
  readonly bytes: Uint8Array;
  readonly start: number;
}

/** The record snapshot's texts, as the reader of a rendered-items file reads them (record-snapshot.ts's SnapshotTexts). */
export interface RecordTexts {
  /** Bytes `[start, start + length)` of the texts, checked, or undefined (not at hand, or damaged). */
  bytes(start: number, length: number): Buffer | undefined;
  /**
   * The same bytes in `memory(length)` (asked only for a range within the texts), or undefined; may be unchecked:
   * an item that then fails its CRC reads its record's text again with {@link bytes} before the file is blamed.
   */
  bytesInto?<T extends Uint8Array>(start: number, length: number, memory: (length: number) => T): T | undefined;
}

/** The metadata in the file's footer. */
interface ItemsMeta {
  readonly count: number;
}

/** One item of a page being read: its entry's fields, then its stored bytes and its record's text. */
interface Pending {
  readonly at: number;
  readonly doc: number;
  entry: DataView;
  stored?: Uint8Array;
  record?: Uint8Array;
}

/** A byte range of one item to read (`[start, start + length)`), and where its bytes go. */
interface Want {
  readonly start: number;
  readonly length: number;
  readonly put: (bytes: Uint8Array) => void;
}

const u64 = (view: DataView, at: number): number => view.getUint32(at, true) + view.getUint32(at + 4, true) * 0x1_0000_0000;

/**
 * Read `wants` with as few reads as their positions allow: sorted by start, ranges at most {@link RUN_GAP_BYTES}
 * apart joined into one read (of at most {@link RUN_MAX_BYTES}, unless one range is longer), each range's bytes
 * handed to its `put` as a view of the run's bytes.
 * @param read the bytes `[start, start + length)`, or undefined when they cannot be read (their wants get nothing)
 */
function readRuns(wants: Want[], read: (start: number, length: number) => Uint8Array | undefined): void {
  wants.sort((a, b) => a.start - b.start);
  for (let i = 0; i < wants.length; ) {
    const start = wants[i]!.start;
    let end = start + wants[i]!.length;
    let j = i + 1;
    for (; j < wants.length; j++) {
      const next = wants[j]!;
      const nextEnd = Math.max(end, next.start + next.length);
      if (next.start > end + RUN_GAP_BYTES || nextEnd - start > RUN_MAX_BYTES) break;
      end = nextEnd;
    }
    const bytes = read(start, end - start);
    if (bytes !== undefined) for (let k = i; k < j; k++) wants[k]!.put(bytes.subarray(wants[k]!.start - start, wants[k]!.start - start + wants[k]!.length));
    i = j;
  }
}

/** Bytes of the memory a page is first read into (it grows to the largest page read). */
const SCRATCH_BYTES = 256 * 1024;

/** An open rendered-items file. */
export class ItemFile {
  private framed: FramedFile | undefined;
  /** What a page is read and reassembled into, reused from page to page ({@link readPageTransient}). */
  private scratch: Buffer | undefined;
  private scratchUsed = 0;

  private constructor(
    readonly file: string,
    framed: FramedFile,
    readonly count: number,
  ) {
    this.framed = framed;
  }

  /**
   * Open `file` if it exists and was written for `count` documents; undefined otherwise (a file written for another
   * count is another build's, left alone; a damaged or foreign one gets its notice and is deleted, so the next build
   * writes it again).
   */
  static open(file: string, count: number): ItemFile | undefined {
    const framed = openFramedCache(file, FILE_MAGIC.items, ITEMS_FORMAT);
    if (!framed) return undefined;
    const meta = framed.meta as Partial<ItemsMeta> | null;
    if (meta === null || typeof meta !== 'object' || !Number.isSafeInteger(meta.count)) {
      damaged(framed, 'its footer does not describe items');
      return undefined;
    }
    if (meta.count !== count) {
      framed.close();
      return undefined;
    }
    if (framed.blockBytes !== BLOCK_BYTES || framed.length('entries') !== count * ENTRY_BYTES || !framed.has('stored')) {
      damaged(framed, 'its sections do not match');
      return undefined;
    }
    return new ItemFile(file, framed, count);
  }

  /** Whether the file is still in use (false once a damaged item was found). */
  get usable(): boolean {
    return this.framed !== undefined;
  }

  /**
   * The compact text of `doc`'s item (0 ≤ doc < count; fresh bytes), or undefined (see {@link readPage}).
   * @param texts the record snapshot's texts the file was written against
   */
  read(doc: number, texts: RecordTexts | undefined): Buffer | undefined {
    return this.readPage([doc], texts)[0];
  }

  /**
   * The compact texts of the items of `docs` (each 0 ≤ doc < count), in the order given: a bounded number of reads
   * for the page (entries, stored bytes and record texts each read in runs of nearby ranges). An item is undefined
   * when the file is no longer usable, when it refers to a record text `texts` cannot give (it is then rendered;
   * the file stays), or when the page holds damage — a block failing its CRC, an item failing its own: then one
   * notice, the file is dropped and deleted, and every item of the page is undefined.
   * @param texts the record snapshot's texts the file was written against
   * @throws RangeError for a document outside 0..count-1
   */
  readPage(docs: readonly number[], texts: RecordTexts | undefined): Array<Buffer | undefined> {
    return this.readPageTransient(docs, texts).map((text) => text && Buffer.from(text));
  }

  /**
   * {@link readPage} without an allocation per item: the texts are views of memory this file reuses, valid until
   * its next read (the caller copies what it keeps). Same reads, checks and damage handling.
   * @throws RangeError for a document outside 0..count-1
   */
  readPageTransient(docs: readonly number[], texts: RecordTexts | undefined): Array<Buffer | undefined> {
    const out = new Array<Buffer | undefined>(docs.length).fill(undefined);
    const framed = this.framed;
    if (framed === undefined || docs.length === 0) return out;
    this.scratchUsed = 0;
    const take = (length: number): Buffer => this.take(length);
    const items: Pending[] = docs.map((doc, i) => {
      if (!(Number.isSafeInteger(doc) && doc >= 0 && doc < this.count)) throw new RangeError(`document ${doc} of ${this.count}`);
      return { at: i, doc, entry: EMPTY_VIEW };
    });
    let at = -1;
    try {
      // The entries, in runs of nearby documents.
      readRuns(
        items.map((item) => ({
          start: item.doc * ENTRY_BYTES,
          length: ENTRY_BYTES,
          put: (bytes) => void (item.entry = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        })),
        (start, length) => {
          const bytes = take(length);
          framed.readInto('entries', start, length, bytes, 0);
          return bytes;
        },
      );
      // The stored bytes (own texts and long patches) and the records' texts, each in runs.
      const stored: Want[] = [];
      const records: Want[] = [];
      const storedBytes = framed.length('stored');
      for (const item of items) {
        at = item.doc;
        const entry = item.entry;
        const resume = entry.getUint32(8, true);
        const length = entry.getUint32(12, true);
        if (resume === OWN_TEXT || length > INLINE_PATCH_BYTES) {
          const offset = u64(entry, 16);
          if (!(offset + length <= storedBytes)) throw new FramingError('an entry points outside the stored bytes');
          stored.push({ start: offset, length, put: (bytes) => void (item.stored = bytes) });
        }
        if (resume !== OWN_TEXT && texts !== undefined) {
          records.push({ start: u64(entry, 24), length: entry.getUint32(32, true), put: (bytes) => void (item.record = bytes) });
        }
      }
      at = -1;
      readRuns(stored, (start, length) => {
        const bytes = take(length);
        framed.readInto('stored', start, length, bytes, 0);
        return bytes;
      });
      if (texts !== undefined) {
        readRuns(records, (start, length) => {
          return texts.bytesInto === undefined ? texts.bytes(start, length) : texts.bytesInto(start, length, take);
        });
      }
      const unchecked = texts?.bytesInto !== undefined;
      for (const item of items) {
        at = item.doc;
        let text = assemble(item, take);
        if (text === null) continue; // its record's text is not at hand: rendered, the file stays
        const crc = item.entry.getUint32(0, true);
        if (unchecked && item.record !== undefined && (text === undefined || contentChecksum(text) !== crc)) {
          // Its record's text was read unchecked: read again, checked. Damaged there, it is the snapshot's damage
          // (rendered, as when the text is not at hand); the same bytes again, the damage is this file's.
          const record = texts!.bytes(u64(item.entry, 24), item.entry.getUint32(32, true));
          if (record === undefined) continue;
          item.record = record;
          text = assemble(item, take);
        }
        if (!text || contentChecksum(text) !== crc) throw new FramingError('does not match its checksum');
        out[item.at] = text;
      }
      return out;
    } catch (error) {
      // A read error counts as damage too.
      const why = at >= 0 ? `item ${at} ${(error as Error).message}` : (error as Error).message;
      this.framed = undefined;
      damaged(framed, why);
      return out.fill(undefined);
    }
  }

  close(): void {
    this.framed?.close();
    this.framed = undefined;
    this.scratch = undefined;
  }

  /**
   * `length` bytes of the scratch memory after what this page took so far; a page larger than the memory gets a
   * larger one (what it took before stays where it is, in the old memory).
   */
  private take(length: number): Buffer {
    let scratch = this.scratch;
    if (scratch === undefined || this.scratchUsed + length > scratch.length) {
      this.scratch = scratch = Buffer.allocUnsafeSlow(Math.max(SCRATCH_BYTES, 2 * (scratch?.length ?? 0), 2 * length));
      this.scratchUsed = 0;
    }
    const at = this.scratchUsed;
    this.scratchUsed += length;
    return scratch.subarray(at, at + length);
  }
}

const EMPTY_VIEW = new DataView(new ArrayBuffer(0));

/**
 * The item's compact text from its entry, stored bytes and record text: null when its record's text was not read
 * (not at hand), undefined when the entry does not fit them (damage).
 */
function assemble(item: Pending, take: (length: number) => Buffer): Buffer | null | undefined {
  const { entry } = item;
  const cut = entry.getUint32(4, true);
  const resume = entry.getUint32(8, true);
  const length = entry.getUint32(12, true);
  if (resume === OWN_TEXT) return item.stored && Buffer.from(item.stored.buffer, item.stored.byteOffset, item.stored.length);
  const record = item.record;
  if (record === undefined) return null;
  if (!(cut <= resume && resume <= record.length)) return undefined;
  const text = take(cut + length + record.length - resume);
  text.set(record.subarray(0, cut), 0);
  if (length <= INLINE_PATCH_BYTES) text.set(new Uint8Array(entry.buffer, entry.byteOffset + ENTRY_BYTES - INLINE_PATCH_BYTES, length), cut);
  else if (item.stored) text.set(item.stored, cut);
  else return undefined;
  text.set(record.subarray(resume), cut + length);
  return text;
}

/** One notice, the file deleted (unless replaced meanwhile) and closed. */
function damaged(framed: FramedFile, why: string): void {
  cacheNotice(framed.file, why);
  framed.discard();
  framed.close();
}

/**
 * Writes a rendered-items file front to back as texts arrive (a build pass, or a loop over the records), under a
 * temporary name until {@link finish} renames it into place. A cache that cannot be written (read-only, full disk)
 * only leaves the file out: items are then rendered per request.
 */
export class ItemFileWriter {
  private out: FramedWriter | undefined;
  private readonly stored: SectionWriter;
  private entries = Buffer.alloc(ENTRY_BYTES * 1024);
  private count = 0;
  private offset = 0;
  private chunk: Buffer[] = [];
  private chunkBytes = 0;

  private constructor(out: FramedWriter) {
    this.out = out;
    this.stored = out.stream('stored');
  }

  /** A writer whose temporary file sits beside `file`; undefined when it cannot be created. */
  static open(file: string): ItemFileWriter | undefined {
    const out = FramedWriter.create(file, FILE_MAGIC.items, ITEMS_FORMAT, BLOCK_BYTES);
    return out && new ItemFileWriter(out);
  }

  /** False once a write failed or the writer was finished or aborted. */
  get open(): boolean {
    return this.out?.ok === true;
  }

  /**
   * Append the next document's item (documents in order, from 0).
   * @param text the item's compact text (what {@link ItemFile.read} gives back); what is kept of it is copied, so
   *   the caller may reuse its buffer for the next item
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
    entries.writeUInt32LE(contentChecksum(text), at);
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
    // Copied: a patch's view would keep its whole item alive until the chunk is written, and the caller may reuse it.
    this.chunk.push(Buffer.from(stored));
    this.chunkBytes += stored.length;
    if (this.chunkBytes >= WRITE_CHUNK_BYTES) this.flush();
  }

  /**
   * Write the entries and the footer and rename the file to `file`.
   * @param count the documents expected: fewer or more texts than that write nothing
   * @returns the file's size in bytes, or undefined when it was not written
   */
  finish(file: string, count: number): number | undefined {
    const out = this.out;
    if (!out || !this.open || this.count !== count) {
      this.abort();
      return undefined;
    }
    this.out = undefined;
    try {
      this.flush();
      this.stored.end();
      out.add('entries', this.entries.subarray(0, this.count * ENTRY_BYTES));
      return out.finishSync({ count } satisfies ItemsMeta, file);
    } catch {
      out.discard();
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
    this.stored.write(bytes);
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
