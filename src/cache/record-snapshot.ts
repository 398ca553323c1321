/**
 * Record snapshots: a kind's validated (issues: pulls-enriched) records cached next to its index, so a cold
 * query reads one file and parses only the records it touches instead of gunzipping, parsing and validating the
 * whole dump. A snapshot is keyed like the index (`cacheKey(spec, dumpHash)`), written atomically (temp file +
 * rename) and checked on load: magic, format, kind, key, record count, byte lengths and the table's first and last
 * offsets; the offset and CRC tables are read a block at a time as records are read, and each text's CRC (which a
 * damaged offset or CRC entry never matches) is checked when it is read. Anything that does not match is ignored
 * (the caller reloads the dump), never served.
 *
 * Layout: `MAGIC` | UTF-8 texts | Float64 LE offsets (texts + 1) | u32 LE CRCs (texts) | header JSON | u32 LE header length |
 * u32 LE CRC-32 of the header | `MAGIC` — the header comes last so a kind streamed from its dump is written in one pass ({@link SnapshotWriter}).
 * Text `i` is bytes `[offsets[i], offsets[i+1])` of the text section: the records' compact JSON in dump order,
 * then the pulls' (`header.pullDocs[j]` is the document pull `j` belongs to). Each text has its own CRC-32 (a
 * Uint32 LE table after the offsets), checked when the text is read: a query reads exactly the records it touches.
 *
 * Per-collection data that also depends on other kinds (the private documents, which read the repositories) lives
 * in the segment facts (src/segment/segment.ts), keyed by both.
 */
import { closeSync, fstatSync, readSync, rmSync, write, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { RawRecord } from '../kinds/kind.js';
import type { KindRecords, PullLookup } from '../dump/dump.js';
import { openCacheFileSync } from './regular-file.js';
import { TempFile } from './temp-file.js';
import { cacheNotice, unrecoverable } from './notice.js';
import { pendingSnapshotFileName, snapshotFileName } from './file-names.js';

/** Remove a damaged cache file; what cannot be removed (a directory in its place) is left alone. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // not removable: the new snapshot's rename will fail too, and records are then kept in memory
  }
}

/** Why a snapshot was refused when opened. */
class SnapshotDamage extends Error {}
import { IndexFileError } from './compact-index-file.js';

/** Bumped whenever the snapshot layout changes meaning. */
export const SNAPSHOT_FORMAT = 4;
/** Entries of the offset and CRC tables read at a time (4 KiB of offsets). */
const TABLE_BLOCK_ENTRIES = 512;
/** 04: the trailer carries the header's CRC (a flipped digit in `pullDocs` attached a pull to the wrong issue). */
const MAGIC = Buffer.from('GHSNAP04', 'latin1');
/** Header length (u32), header CRC-32 (u32), magic. */
const TRAILER_BYTES = 8 + MAGIC.length;


/** A loaded snapshot: records parsed on first access (the hash is not stored: it is part of the file's key). */
export interface RecordSnapshot extends Omit<KindRecords, 'hash'> {
  /** Size of the snapshot file in bytes. */
  readonly bytes: number;
}

interface SnapshotHeader {
  format: number;
  kind: string;
  key: string;
  count: number;
  pullDocs: number[];
  textBytes: number;
}

/** The snapshot file of a kind and key. */
export function snapshotFile(dir: string, kind: string, key: string): string {
  return snapshotFileName(dir, kind, key);
}

/**
 * Bytes of record text (JSON) whose parsed records a lazy record array keeps: a long-running `serve` holds the
 * records its recent pages showed, not every record it ever read. Older ones are dropped first-in, first-out and
 * parsed again when read again.
 */
export const RECORD_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * An array-like of `count` records whose elements are produced by `parse(doc)` on first access and kept —
 * all of them, or, when `weigh` is given, the most recently parsed ones up to `maxBytes` of their weight (a
 * record read again after being dropped is parsed again: an equal, not the same, object).
 * Index access, `length`, iteration and the array methods all work (it is a Proxy over a holey array).
 * @param weigh the weight of a record in bytes (its text's length); default: keep every record
 * @param maxBytes the most weight kept (default {@link RECORD_CACHE_BYTES})
 */
export function lazyRecords(
  count: number,
  parse: (doc: number) => RawRecord,
  weigh?: (doc: number) => number,
  maxBytes = RECORD_CACHE_BYTES,
): readonly RawRecord[] {
  const cache: Array<RawRecord | undefined> = new Array<RawRecord | undefined>(count);
  let read = (doc: number): RawRecord => (cache[doc] ??= parse(doc));
  if (weigh) {
    // First in, first out: the parsed documents in order, as a ring of doc numbers.
    let ring = new Int32Array(1024);
    let head = 0;
    let size = 0;
    let bytes = 0;
    read = (doc) => {
      const hit = cache[doc];
      if (hit) return hit;
      const record = parse(doc);
      cache[doc] = record;
      bytes += weigh(doc);
      if (size === ring.length) {
        const bigger = new Int32Array(ring.length * 2);
        for (let i = 0; i < size; i++) bigger[i] = ring[(head + i) % ring.length]!;
        ring = bigger;
        head = 0;
      }
      ring[(head + size++) % ring.length] = doc;
      while (bytes > maxBytes && size > 1) {
        const old = ring[head]!;
        head = (head + 1) % ring.length;
        size--;
        bytes -= weigh(old);
        cache[old] = undefined;
      }
      return record;
    };
  }
  // The array carries its own way of reading a record without keeping it (see forEachRecord).
  Object.defineProperty(cache, PASSING_READ, { value: (doc: number): RawRecord => cache[doc] ?? parse(doc) });
  return lazyProxy(count, cache, read);
}

/** The property of a lazy record array that reads a record without keeping it (see {@link forEachRecord}). */
const PASSING_READ = Symbol('passing read');

/**
 * Call `each` on every record in document order, keeping none that was not already kept: the records of a lazy
 * array ({@link lazyRecords}) are parsed one at a time and dropped, so a pass over 1M snapshot records holds one
 * record at a time, not 1M. A plain array is simply iterated.
 */
export function forEachRecord(records: readonly RawRecord[], each: (record: RawRecord, doc: number) => void): void {
  const read = (records as { readonly [PASSING_READ]?: (doc: number) => RawRecord })[PASSING_READ];
  for (let doc = 0; doc < records.length; doc++) each(read ? read(doc) : records[doc]!, doc);
}

function lazyProxy(count: number, cache: Array<RawRecord | undefined>, read: (doc: number) => RawRecord): readonly RawRecord[] {
  const indexOf = (p: string | symbol): number => {
    if (typeof p !== 'string') return -1;
    const c0 = p.charCodeAt(0);
    if (c0 < 48 || c0 > 57) return -1;
    const i = Number(p);
    return Number.isInteger(i) && i < count && String(i) === p ? i : -1;
  };
  return new Proxy(cache, {
    get(target, p, receiver) {
      const i = indexOf(p);
      if (i < 0) return Reflect.get(target, p, receiver) as unknown;
      return read(i);
    },
    has(target, p) {
      return indexOf(p) >= 0 || Reflect.has(target, p);
    },
    getOwnPropertyDescriptor(target, p) {
      const i = indexOf(p);
      if (i < 0) return Reflect.getOwnPropertyDescriptor(target, p);
      return { value: read(i), writable: true, enumerable: true, configurable: true };
    },
    ownKeys(target) {
      const keys: Array<string | symbol> = [];
      for (let i = 0; i < count; i++) keys.push(String(i));
      return [...keys, ...Reflect.ownKeys(target).filter((k) => indexOf(k) < 0)];
    },
    set() {
      return false;
    },
  }) as readonly RawRecord[];
}

/** Parsed pulls a snapshot keeps. */
const PULL_CACHE_ENTRIES = 4096;

/** Texts are written in batches of about this many bytes (one write each). */
const BATCH_BYTES = 1024 * 1024;

/**
 * Writes a snapshot text by text (records in document order, then pulls), so a kind streamed from its dump is
 * snapshotted with bounded memory: each text is checksummed, texts are buffered into batches, each written as one
 * chunk to a temp file; {@link finish} appends the offsets and the header and renames the file into place.
 * Every method reports failure through its return value (a read-only or full disk), never by throwing.
 */
export class SnapshotWriter {
  private out: TempFile | undefined;
  private offsets = new Float64Array(1024);
  private texts = 0;
  private at = 0;
  private crcs = new Uint32Array(1024);
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private failed = false;
  /** Group writes run on libuv's thread pool, overlapping the pass's parsing; this chains them in order. */
  private writes: Promise<void> = Promise.resolve();
  private backlogBytes = 0;

  /** @param file the final path ({@link snapshotFile}); written only by {@link finish} */
  private constructor(
    private readonly file: string,
    private readonly kind: string,
  ) {}

  /** A writer for a kind, or undefined when the cache directory cannot be written. */
  static open(dir: string, kind: string): SnapshotWriter | undefined {
    const writer = new SnapshotWriter(pendingSnapshotFileName(dir, kind), kind);
    writer.out = TempFile.create(writer.file);
    const fd = writer.out?.descriptor;
    if (fd === undefined) return undefined;
    try {
      writeSync(fd, MAGIC);
      return writer;
    } catch {
      writer.abort();
      return undefined;
    }
  }

  /** Append the next text (a record's JSON bytes, or a pull's after all records). */
  add(text: Uint8Array): void {
    if (this.failed) return;
    if (this.batchBytes >= BATCH_BYTES) this.flush();
    if (this.texts + 1 >= this.offsets.length) {
      const bigger = new Float64Array(this.offsets.length * 2);
      bigger.set(this.offsets);
      this.offsets = bigger;
      const biggerCrcs = new Uint32Array(this.crcs.length * 2);
      biggerCrcs.set(this.crcs);
      this.crcs = biggerCrcs;
    }
    this.crcs[this.texts] = crc32(text) >>> 0;
    this.offsets[this.texts++] = this.at;
    this.at += text.length;
    this.batch.push(Buffer.from(text.buffer, text.byteOffset, text.byteLength));
    this.batchBytes += text.length;
  }

  private flush(): void {
    if (this.batch.length === 0 || this.failed) return;
    const joined = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch, this.batchBytes);
    this.backlogBytes += joined.length;
    const fd = this.out!.descriptor!;
    this.writes = this.writes.then(async () => {
      if (this.failed) return;
      try {
        await writeAll(fd, joined);
      } catch {
        this.failed = true;
      }
      this.backlogBytes -= joined.length;
    });
    this.batch = [];
    this.batchBytes = 0;
  }

  /**
   * Resolves once the writes queued so far have drained below `maxBytes` (back-pressure for the pass: call it
   * between chunks so a slow disk does not let queued batches pile up in memory).
   */
  async drain(maxBytes = 8 * 1024 * 1024): Promise<void> {
    if (this.backlogBytes > maxBytes) await this.writes;
  }

  /**
   * Write the offsets and header, and move the file to the snapshot of `key`.
   * @param count how many of the texts are records (the rest are the pulls of `pullDocs`, in that order)
   * @returns the snapshot's size in bytes, or undefined when it could not be written
   */
  async finish(key: string, count: number, pullDocs: readonly number[]): Promise<number | undefined> {
    this.flush();
    await this.writes;
    if (this.failed) {
      this.abort();
      return undefined;
    }
    try {
      this.offsets[this.texts] = this.at;
      const offsets = this.offsets.subarray(0, this.texts + 1);
      const crcs = this.crcs.subarray(0, this.texts);
      const offsetBytes = Buffer.concat([
        Buffer.from(offsets.buffer, offsets.byteOffset, offsets.byteLength),
        Buffer.from(crcs.buffer, crcs.byteOffset, crcs.byteLength),
      ]);
      const header: SnapshotHeader = {
        format: SNAPSHOT_FORMAT, kind: this.kind, key, count, pullDocs: [...pullDocs], textBytes: this.at,
      };
      const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
      const trailer = Buffer.alloc(TRAILER_BYTES);
      trailer.writeUInt32LE(headerBytes.length, 0);
      trailer.writeUInt32LE(crc32(headerBytes) >>> 0, 4);
      MAGIC.copy(trailer, 8);
      const fd = this.out!.descriptor!;
      writeSync(fd, offsetBytes);
      writeSync(fd, headerBytes);
      writeSync(fd, trailer);
      const target = snapshotFile(path.dirname(this.file), this.kind, key);
      if (!this.out!.commit(target)) return undefined;
      this.out = undefined;
      return MAGIC.length + this.at + offsetBytes.length + headerBytes.length + trailer.length;
    } catch {
      this.abort();
      return undefined;
    }
  }

  /** Give up: close and remove the temp file. */
  abort(): void {
    this.failed = true;
    this.out?.discard();
    this.out = undefined;
  }
}

/**
 * Write a snapshot of `records` (and the pulls map) atomically. Failures (read-only or full disk) are reported
 * through the return value, never thrown.
 * @returns bytes written, or undefined when it could not be written
 */
export async function saveSnapshot(
  dir: string,
  kind: string,
  key: string,
  records: readonly RawRecord[],
  pulls: ReadonlyMap<number, RawRecord>,
): Promise<number | undefined> {
  const writer = SnapshotWriter.open(dir, kind);
  if (!writer) return undefined;
  const pullDocs = [...pulls.keys()].sort((a, b) => a - b);
  for (const record of records) writer.add(Buffer.from(JSON.stringify(record), 'utf8'));
  for (const doc of pullDocs) writer.add(Buffer.from(JSON.stringify(pulls.get(doc)), 'utf8'));
  return await writer.finish(key, records.length, pullDocs);
}

/** Write all of `bytes` at the file's current position (appending), asynchronously. */
function writeAll(fd: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (done: number): void => {
      if (done >= bytes.length) return resolve();
      write(fd, bytes, done, bytes.length - done, null, (error, n) => (error ? reject(error) : step(done + n)));
    };
    step(0);
  });
}

const isHeader = (value: unknown, kind: string, key: string): value is SnapshotHeader => {
  const h = value as Partial<SnapshotHeader> | null;
  if (h === null || typeof h !== 'object' || h.format !== SNAPSHOT_FORMAT || h.kind !== kind || h.key !== key) return false;
  const count = h.count;
  if (!Number.isSafeInteger(count) || (count as number) < 0 || !Number.isSafeInteger(h.textBytes)) return false;
  if (!Array.isArray(h.pullDocs)) return false;
  return h.pullDocs.every((d) => Number.isSafeInteger(d) && d >= 0 && d < (count as number));
};

/**
 * Open the snapshot of a kind and key, or undefined when there is none or it does not match (missing,
 * truncated, another format, kind or key, a corrupt offset table). Only the header and the offsets are read
 * now; a record's text is read when the record is first accessed, and its CRC checked then: a corrupt text
 * deletes the file (the next run rebuilds it) and the records are
 * taken from `fallback` (the dump, loaded synchronously) from then on; without a fallback that access fails
 * with an IndexFileError.
 */
export async function loadSnapshot(
  dir: string,
  kind: string,
  key: string,
  fallback?: () => Omit<KindRecords, 'hash'>,
): Promise<RecordSnapshot | undefined> {
  const file = snapshotFile(dir, kind, key);
  const fd = openCacheFileSync(file);
  if (fd === undefined) return undefined;
  let keep = false;
  try {
    const size = fstatSync(fd).size;
    const readInto = (buffer: Uint8Array, position: number): void => {
      let done = 0;
      while (done < buffer.length) {
        const n = readSync(fd, buffer, done, buffer.length - done, position + done);
        if (n === 0) throw new IndexFileError('record snapshot truncated');
        done += n;
      }
    };
    const read = (position: number, length: number): Buffer => {
      const buffer = Buffer.allocUnsafe(length);
      readInto(buffer, position);
      return buffer;
    };
    const damaged = (why: string): never => {
      throw new SnapshotDamage(why);
    };
    if (size < MAGIC.length + TRAILER_BYTES) damaged('truncated');
    if (!read(0, MAGIC.length).equals(MAGIC)) damaged('not a record snapshot of this format');
    const trailer = read(size - TRAILER_BYTES, TRAILER_BYTES);
    if (!trailer.subarray(8).equals(MAGIC)) damaged('truncated (no trailer)');
    const headerLength = trailer.readUInt32LE(0);
    const headerStart = size - TRAILER_BYTES - headerLength;
    if (headerStart < MAGIC.length) damaged('header overruns the file');
    const headerBytes = read(headerStart, headerLength);
    if (crc32(headerBytes) >>> 0 !== trailer.readUInt32LE(4)) damaged('header checksum mismatch');
    const header: unknown = JSON.parse(headerBytes.toString('utf8'));
    if (!isHeader(header, kind, key)) return damaged('its header does not match the dump');
    const texts = header.count + header.pullDocs.length;
    const textStart = MAGIC.length;
    const offsetsStart = textStart + header.textBytes;
    if (offsetsStart + (texts + 1) * 8 + texts * 4 !== headerStart) damaged('inconsistent section sizes');
    // The offsets and CRCs are read a block at a time when a record of that block is first read (a query reads a
    // page of records; reading and checking the whole table cost ~15 ms per 100k records on each cold query). A
    // damaged entry is found by the text's own CRC: wrong offsets or a wrong CRC never match the text read.
    const crcsStart = offsetsStart + (texts + 1) * 8;
    const table = (start: number, entries: number, width: 4 | 8) => {
      const blocks: DataView[] = [];
      return (i: number): number => {
        const b = Math.floor(i / TABLE_BLOCK_ENTRIES);
        let block = blocks[b];
        if (!block) {
          const first = b * TABLE_BLOCK_ENTRIES;
          const bytes = read(start + first * width, Math.min(TABLE_BLOCK_ENTRIES, entries - first) * width);
          block = blocks[b] = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
        }
        const at = (i - b * TABLE_BLOCK_ENTRIES) * width;
        return width === 8 ? block.getFloat64(at, true) : block.getUint32(at, true);
      };
    };
    const offsetOf = table(offsetsStart, texts + 1, 8);
    const crcOf = table(crcsStart, texts, 4);
    if (offsetOf(0) !== 0 || offsetOf(texts) !== header.textBytes) damaged('bad offsets');

    let replacement: Omit<KindRecords, 'hash'> | undefined;
    /** Text `i` from the dump itself, once the snapshot turned out corrupt. */
    let damage = '';
    const fromDump = (i: number): RawRecord => {
      try {
        replacement ??= fallback!();
      } catch (error) {
        throw unrecoverable(file, damage, error);
      }
      const record = i < header.count ? replacement.records[i] : replacement.pulls.get(header.pullDocs[i - header.count]!);
      if (!record) throw unrecoverable(file, damage, new Error('the dump no longer holds the record'));
      return record;
    };
    /** Text `i`, or undefined when its offsets or CRC do not match (`damage` says which). */
    const textOf = (i: number): Buffer | undefined => {
      const start = offsetOf(i);
      const end = offsetOf(i + 1);
      const inOrder = Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end && end <= header.textBytes;
      const bytes = inOrder ? read(textStart + start, end - start) : undefined;
      if (bytes !== undefined && crc32(bytes) >>> 0 === crcOf(i)) return bytes;
      damage = bytes === undefined ? `record ${i} has bad offsets` : `record ${i} fails its checksum`;
      return undefined;
    };
    const parse = (i: number): RawRecord => {
      if (replacement) return fromDump(i);
      const bytes = textOf(i);
      if (bytes === undefined) {
        removeQuietly(file);
        if (!fallback) throw new IndexFileError(`the record snapshot ${file} is corrupt; it was deleted and is rebuilt on the next run`);
        cacheNotice(file, damage);
        return fromDump(i);
      }
      return JSON.parse(bytes.toString('utf8')) as RawRecord;
    };
    // A record's weight (for the cache's bound) from its offsets; damaged ones weigh nothing (they are never kept).
    const records = lazyRecords(header.count, parse, (i) => Math.max(0, offsetOf(i + 1) - offsetOf(i)) || 0);
    // The texts as stored (snapshotTexts): a damaged one takes parse's path (notice, delete, the dump) and gives none.
    const storedTexts: SnapshotTexts = {
      text(i) {
        if (replacement || !(i >= 0 && i < header.count)) return undefined;
        const bytes = textOf(i);
        if (bytes === undefined) void records[i];
        return bytes;
      },
      start: (i) => offsetOf(i),
      bytes(start, length) {
        if (replacement || !(start >= 0 && length >= 0 && start + length <= header.textBytes)) return undefined;
        try {
          return read(textStart + start, length);
        } catch {
          return undefined;
        }
      },
    };
    Object.defineProperty(records, SNAPSHOT_TEXTS, { value: storedTexts });
    const pullIndex = new Map<number, number>();
    header.pullDocs.forEach((doc, j) => pullIndex.set(doc, header.count + j));
    // Parsed pulls, the most recently parsed kept (first in, first out, as the records).
    const pullCache = new Map<number, RawRecord>();
    const pulls: PullLookup = {
      get(doc) {
        const i = pullIndex.get(doc);
        if (i === undefined) return undefined;
        let pull = pullCache.get(doc);
        if (!pull) {
          pullCache.set(doc, (pull = parse(i)));
          if (pullCache.size > PULL_CACHE_ENTRIES) pullCache.delete(pullCache.keys().next().value!);
        }
        return pull;
      },
    };
    keep = true;
    return { records, pulls, bytes: size };
  } catch (error) {
    // Present but unusable: noticed and deleted; the caller reads the dump (and writes a new snapshot).
    cacheNotice(file, error instanceof SnapshotDamage ? error.message : `unreadable: ${(error as Error).message}`);
    removeQuietly(file);
    return undefined;
  } finally {
    if (!keep) closeSync(fd);
  }
}

/** The property of a snapshot's lazy record array that reads its stored texts (see {@link snapshotTexts}). */
const SNAPSHOT_TEXTS = Symbol('snapshot texts');

/** A snapshot's record texts as stored: the records' compact JSON, back to back in document order. */
export interface SnapshotTexts {
  /** Record `doc`'s text, CRC-checked; undefined when damaged (then the snapshot's damage path has run: one notice, the file deleted, the dump read). */
  text(doc: number): Buffer | undefined;
  /** Where record `doc`'s text starts among the texts (bytes). */
  start(doc: number): number;
  /** Bytes `[start, start + length)` of the texts, not checked (the caller checks them); undefined outside them or on a read error. */
  bytes(start: number, length: number): Buffer | undefined;
}

/** The stored texts of a snapshot's records, or undefined when `records` are not a snapshot's. */
export function snapshotTexts(records: readonly RawRecord[]): SnapshotTexts | undefined {
  return (records as { readonly [SNAPSHOT_TEXTS]?: SnapshotTexts })[SNAPSHOT_TEXTS];
}
