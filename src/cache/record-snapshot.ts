/**
 * Record snapshots: a kind's validated (issues: pulls-enriched) records cached next to its index, so a cold
 * query reads one file and parses only the records it touches instead of gunzipping, parsing and validating the
 * whole dump. A snapshot is keyed like the index (`cacheKey(spec, dumpHash)`), written in one pass through the one
 * framing (framing.ts, magic `OGSRECRD`, layout {@link SNAPSHOT_FORMAT}, 4 KiB blocks) and checked on load: the
 * framing, then kind, key, record count and section sizes in the footer's metadata. Anything that does not match
 * is ignored (the caller reloads the dump), never served.
 *
 * Sections: `texts` (the records' compact JSON in dump order, then the pulls'; streamed as the pass reads the
 * dump, {@link SnapshotWriter}), `offsets` (Float64 LE × texts + 1: text `i` is bytes `[offsets[i],
 * offsets[i+1])` of `texts`), `pulls` (u32 LE, ascending: the document each pull belongs to, pull `j` being text
 * `count + j`). Opening reads the footer only; the offset and pull tables are read a block (512 or 1,024 entries)
 * at a time, and a record's text when the record is first read — each block checked against its CRC the first
 * time (a damaged offset is found by its block's CRC, never followed).
 *
 * Per-collection data that also depends on other kinds (the private documents, which read the repositories) lives
 * in the segment facts (src/segment/segment.ts), keyed by both.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RawRecord } from '../kinds/kind.js';
import type { KindRecords, PullLookup } from '../dump/dump.js';
import { FILE_MAGIC, FramedWriter, FramingError, openFramedCache, type FramedFile, type SectionWriter } from './framing.js';
import { cacheNotice, unrecoverable } from './notice.js';
import { pendingSnapshotFileName, snapshotFileName } from './file-names.js';
import { IndexFileError } from './compact-index-file.js';

/** Bumped whenever the snapshot layout changes meaning (5: the one framing, framing.ts). */
export const SNAPSHOT_FORMAT = 5;
/** Bytes per checked block: a record is about a few KiB, so a page of records reads a few blocks each. */
const BLOCK_BYTES = 4096;

/** A loaded snapshot: records parsed on first access (the hash is not stored: it is part of the file's key). */
export interface RecordSnapshot extends Omit<KindRecords, 'hash'> {
  /** Size of the snapshot file in bytes. */
  readonly bytes: number;
}

/** The footer's metadata. */
interface SnapshotMeta {
  kind: string;
  key: string;
  /** Records (texts `0 … count-1`). */
  count: number;
  /** Pulls (texts `count …`). */
  pulls: number;
  /** Bytes of the `texts` section. */
  textBytes: number;
}

/** The snapshot file of a kind and key. */
export function snapshotFile(dir: string, kind: string, key: string): string {
  return snapshotFileName(dir, kind, key);
}

/**
 * Whether `dir` may hold a snapshot of `kind` under any key (a `<kind>-<key>.records` file; the pending one does
 * not count). False when it holds none or cannot be listed: hashing a whole dump to look up a snapshot by content
 * is then wasted (the build pass hashes it anyway).
 */
export function maySnapshot(dir: string, kind: string): boolean {
  const pending = path.basename(pendingSnapshotFileName(dir, kind));
  const probe = path.basename(snapshotFileName(dir, kind, ''));
  const prefix = probe.slice(0, probe.length - '.records'.length);
  try {
    return readdirSync(dir).some((name) => name !== pending && name.startsWith(prefix) && name.endsWith('.records'));
  } catch {
    return false;
  }
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
 * Index access, `length`, iteration and the array methods all work (it is a Proxy over an empty array; the parsed
 * records are kept in a map, so making one costs the same for 1M records as for 10: a holey array of `count` slots
 * was ≈ 7 ms of every cold query at 1M).
 * @param weigh the weight of a record in bytes (its text's length); default: keep every record
 * @param maxBytes the most weight kept (default {@link RECORD_CACHE_BYTES})
 */
export function lazyRecords(
  count: number,
  parse: (doc: number) => RawRecord,
  weigh?: (doc: number) => number,
  maxBytes = RECORD_CACHE_BYTES,
): readonly RawRecord[] {
  const cache = new Map<number, RawRecord>();
  let read = (doc: number): RawRecord => {
    let record = cache.get(doc);
    if (record === undefined) cache.set(doc, (record = parse(doc)));
    return record;
  };
  if (weigh) {
    // First in, first out: the parsed documents in order, as a ring of doc numbers.
    let ring = new Int32Array(1024);
    let head = 0;
    let size = 0;
    let bytes = 0;
    read = (doc) => {
      const hit = cache.get(doc);
      if (hit) return hit;
      const record = parse(doc);
      cache.set(doc, record);
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
        cache.delete(old);
      }
      return record;
    };
  }
  // The array carries its own way of reading a record without keeping it (see forEachRecord).
  const target: RawRecord[] = [];
  Object.defineProperty(target, PASSING_READ, { value: (doc: number): RawRecord => cache.get(doc) ?? parse(doc) });
  return lazyProxy(count, target, read);
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

/**
 * The array-like of {@link lazyRecords}: `target` is an empty array (so `Array.isArray` holds and the array methods
 * apply), whose `length` the proxy reports as `count` and whose elements are `read(i)`.
 */
function lazyProxy(count: number, target: RawRecord[], read: (doc: number) => RawRecord): readonly RawRecord[] {
  const indexOf = (p: string | symbol): number => {
    if (typeof p !== 'string') return -1;
    const c0 = p.charCodeAt(0);
    if (c0 < 48 || c0 > 57) return -1;
    const i = Number(p);
    return Number.isInteger(i) && i < count && String(i) === p ? i : -1;
  };
  return new Proxy(target, {
    get(target, p, receiver) {
      const i = indexOf(p);
      if (i >= 0) return read(i);
      if (p === 'length') return count;
      return Reflect.get(target, p, receiver) as unknown;
    },
    has(target, p) {
      return indexOf(p) >= 0 || Reflect.has(target, p);
    },
    getOwnPropertyDescriptor(target, p) {
      const i = indexOf(p);
      if (i >= 0) return { value: read(i), writable: true, enumerable: true, configurable: true };
      // `length` is the target's own (writable, not configurable): reported as such, with the records' count.
      if (p === 'length') return { value: count, writable: true, enumerable: false, configurable: false };
      return Reflect.getOwnPropertyDescriptor(target, p);
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
 * snapshotted with bounded memory: texts are buffered into batches, each written in the background as one chunk
 * of the framed `texts` section (its block CRCs taken as it passes); {@link finish} adds the offsets, the pulls and
 * the footer and renames the file into place. Every method reports failure through its return value (a read-only
 * or full disk), never by throwing.
 */
export class SnapshotWriter {
  private offsets = new Float64Array(1024);
  private count = 0;
  private at = 0;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private backlogBytes = 0;
  private done = false;

  /** @param file the final path ({@link snapshotFile}); written only by {@link finish} */
  private constructor(
    private readonly file: string,
    private readonly kind: string,
    private readonly writer: FramedWriter,
    private readonly texts: SectionWriter,
  ) {}

  /** A writer for a kind, or undefined when the cache directory cannot be written. */
  static open(dir: string, kind: string): SnapshotWriter | undefined {
    const file = pendingSnapshotFileName(dir, kind);
    const writer = FramedWriter.create(file, FILE_MAGIC.records, SNAPSHOT_FORMAT, BLOCK_BYTES);
    return writer ? new SnapshotWriter(file, kind, writer, writer.stream('texts')) : undefined;
  }

  /** Append the next text (a record's JSON bytes, or a pull's after all records). */
  add(text: Uint8Array): void {
    if (this.done) return;
    if (this.batchBytes >= BATCH_BYTES) this.flush();
    if (this.count + 1 >= this.offsets.length) {
      const bigger = new Float64Array(this.offsets.length * 2);
      bigger.set(this.offsets);
      this.offsets = bigger;
    }
    this.offsets[this.count++] = this.at;
    this.at += text.length;
    this.batch.push(Buffer.from(text.buffer, text.byteOffset, text.byteLength));
    this.batchBytes += text.length;
  }

  private flush(): void {
    if (this.batch.length === 0 || this.done) return;
    const joined = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch, this.batchBytes);
    this.backlogBytes += joined.length;
    this.texts.writeAsync(joined);
    this.batch = [];
    this.batchBytes = 0;
  }

  /**
   * Resolves once the writes queued so far have drained below `maxBytes` (back-pressure for the pass: call it
   * between chunks so a slow disk does not let queued batches pile up in memory).
   */
  async drain(maxBytes = 8 * 1024 * 1024): Promise<void> {
    if (this.backlogBytes <= maxBytes) return;
    await this.writer.settled();
    this.backlogBytes = 0;
  }

  /**
   * Write the offsets, the pulls and the footer, and move the file to the snapshot of `key`.
   * @param count how many of the texts are records (the rest are the pulls of `pullDocs`, in that order)
   * @returns the snapshot's size in bytes, or undefined when it could not be written
   */
  async finish(key: string, count: number, pullDocs: readonly number[]): Promise<number | undefined> {
    if (this.done) return undefined;
    try {
      this.flush();
      this.done = true;
      this.texts.end();
      this.offsets[this.count] = this.at;
      this.writer.add('offsets', this.offsets.subarray(0, this.count + 1));
      this.writer.add('pulls', Uint32Array.from(pullDocs));
      const meta: SnapshotMeta = { kind: this.kind, key, count, pulls: pullDocs.length, textBytes: this.at };
      return await this.writer.finish(meta, snapshotFile(path.dirname(this.file), this.kind, key));
    } catch {
      this.abort();
      return undefined;
    }
  }

  /** Give up: close and remove the temp file. */
  abort(): void {
    this.done = true;
    this.writer.discard();
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

const isMeta = (value: unknown, kind: string, key: string): value is SnapshotMeta => {
  const m = value as Partial<SnapshotMeta> | null;
  if (m === null || typeof m !== 'object' || m.kind !== kind || m.key !== key) return false;
  const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  return isCount(m.count) && isCount(m.pulls) && isCount(m.textBytes);
};

/** Entry `i` of a table section (Float64 or u32 LE), read a block at a time (each block checked by the framing). */
function tableReader(framed: FramedFile, name: string, width: 4 | 8): (i: number) => number {
  const perBlock = framed.blockBytes / width;
  const blocks: DataView[] = [];
  const entries = framed.length(name) / width;
  return (i) => {
    const b = Math.floor(i / perBlock);
    let block = blocks[b];
    if (!block) {
      const first = b * perBlock;
      const bytes = framed.read(name, first * width, Math.min(perBlock, entries - first) * width);
      block = blocks[b] = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    }
    const at = (i - b * perBlock) * width;
    return width === 8 ? block.getFloat64(at, true) : block.getUint32(at, true);
  };
}

/**
 * Open the snapshot of a kind and key, or undefined when there is none or it does not match (missing,
 * truncated, another format, kind or key, a damaged footer: noticed and deleted). Only the footer is read now;
 * a record's offsets and text are read when the record is first accessed, each block checked then: a damaged
 * block deletes the file (the next run rebuilds it) and the records are taken from `fallback` (the dump, loaded
 * synchronously) from then on; without a fallback that access fails with an IndexFileError.
 */
export async function loadSnapshot(
  dir: string,
  kind: string,
  key: string,
  fallback?: () => Omit<KindRecords, 'hash'>,
): Promise<RecordSnapshot | undefined> {
  const file = snapshotFile(dir, kind, key);
  const framed = openFramedCache(file, FILE_MAGIC.records, SNAPSHOT_FORMAT);
  if (!framed) return undefined;
  const meta = framed.meta;
  const texts = isMeta(meta, kind, key) ? meta.count + meta.pulls : -1;
  const fits =
    isMeta(meta, kind, key) &&
    framed.blockBytes === BLOCK_BYTES &&
    framed.length('texts') === meta.textBytes &&
    framed.length('offsets') === (texts + 1) * 8 &&
    framed.length('pulls') === meta.pulls * 4;
  if (!fits) {
    // Present but unusable: noticed and deleted; the caller reads the dump (and writes a new snapshot).
    cacheNotice(file, 'its header does not match the dump');
    framed.discard();
    framed.close();
    return undefined;
  }
  const { count, pulls: pullCount, textBytes } = meta as SnapshotMeta;
  const offsetOf = tableReader(framed, 'offsets', 8);
  const pullDocOf = tableReader(framed, 'pulls', 4);

  let replacement: Omit<KindRecords, 'hash'> | undefined;
  let damage = '';
  /** Text `i` from the dump itself, once the snapshot turned out damaged. */
  const fromDump = (i: number): RawRecord => {
    try {
      replacement ??= fallback!();
    } catch (error) {
      throw unrecoverable(file, damage, error);
    }
    const record = i < count ? replacement.records[i] : replacement.pulls.get(pullDocOf(i - count));
    if (!record) throw unrecoverable(file, damage, new Error('the dump no longer holds the record'));
    return record;
  };
  /** The snapshot turned out damaged (`why`): delete it, then serve from the dump (or fail loudly without one). */
  const damaged = (why: string, i: number): RawRecord => {
    damage = why;
    framed.discard();
    if (!fallback) throw new IndexFileError(`the record snapshot ${file} is corrupt (${why}); it was deleted and is rebuilt on the next run`);
    cacheNotice(file, damage);
    return fromDump(i);
  };
  /** Text `i` as stored (its blocks' CRCs checked), or why it cannot be read. */
  const textOf = (i: number): Buffer | string => {
    try {
      const start = offsetOf(i);
      const end = offsetOf(i + 1);
      if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end && end <= textBytes)) {
        return `record ${i} has bad offsets`;
      }
      const bytes = framed.read('texts', start, end - start);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (error) {
      if (!(error instanceof FramingError)) throw error;
      return `record ${i}: ${error.message}`;
    }
  };
  const parse = (i: number): RawRecord => {
    if (replacement) return fromDump(i);
    const bytes = textOf(i);
    if (typeof bytes === 'string') return damaged(bytes, i);
    try {
      return JSON.parse(bytes.toString('utf8')) as RawRecord;
    } catch {
      return damaged(`record ${i} is not JSON`, i);
    }
  };
  // A record's weight (for the cache's bound) from its offsets (read and checked when it was parsed).
  const records = lazyRecords(count, parse, (i) => (replacement ? 0 : Math.max(0, offsetOf(i + 1) - offsetOf(i)) || 0));
  // The texts as stored (snapshotTexts): a damaged one takes parse's path (notice, delete, the dump) and gives none.
  const storedTexts: SnapshotTexts = {
    text(i) {
      if (replacement || !(i >= 0 && i < count)) return undefined;
      const bytes = textOf(i);
      if (typeof bytes !== 'string') return bytes;
      void records[i];
      return undefined;
    },
    start(i) {
      try {
        return offsetOf(i);
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        return -1; // a damaged offset table: bytes() then reads nothing and the item is rendered
      }
    },
    bytes(start, length) {
      if (replacement || !(start >= 0 && length >= 0 && start + length <= textBytes)) return undefined;
      try {
        const bytes = framed.read('texts', start, length);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        return undefined;
      }
    },
    bytesInto(start, length, memory) {
      if (replacement || !(start >= 0 && length >= 0 && start + length <= textBytes)) return undefined;
      try {
        const out = memory(length);
        framed.readUnchecked('texts', start, length, out, 0); // (the caller checks them: item-file.ts)
        return out;
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        return undefined;
      }
    },
  };
  Object.defineProperty(records, SNAPSHOT_TEXTS, { value: storedTexts });
  /** The text of the pull of document `doc`: a binary search of the ascending pull table, block by block. */
  const pullText = (doc: number): number | undefined => {
    let lo = 0;
    let hi = pullCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pullDocOf(mid) < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo < pullCount && pullDocOf(lo) === doc ? count + lo : undefined;
  };
  // Parsed pulls, the most recently parsed kept (first in, first out, as the records).
  const pullCache = new Map<number, RawRecord>();
  const pulls: PullLookup = {
    get(doc) {
      if (pullCount === 0) return undefined;
      let pull = pullCache.get(doc);
      if (pull) return pull;
      let i: number | undefined;
      try {
        i = replacement ? undefined : pullText(doc);
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        damaged(`pull table: ${error.message}`, 0);
      }
      if (replacement) return replacement.pulls.get(doc);
      if (i === undefined) return undefined;
      pullCache.set(doc, (pull = parse(i)));
      if (pullCache.size > PULL_CACHE_ENTRIES) pullCache.delete(pullCache.keys().next().value!);
      return pull;
    },
  };
  return { records, pulls, bytes: framed.bytes };
}

/** The property of a snapshot's lazy record array that reads its stored texts (see {@link snapshotTexts}). */
const SNAPSHOT_TEXTS = Symbol('snapshot texts');

/** A snapshot's record texts as stored: the records' compact JSON, back to back in document order. */
export interface SnapshotTexts {
  /** Record `doc`'s text, its blocks' CRCs checked; undefined when damaged (then the snapshot's damage path has run: one notice, the file deleted, the dump read). */
  text(doc: number): Buffer | undefined;
  /** Where record `doc`'s text starts among the texts (bytes). */
  start(doc: number): number;
  /** Bytes `[start, start + length)` of the texts, their blocks checked; undefined outside them, on a read error or damage. */
  bytes(start: number, length: number): Buffer | undefined;
  /**
   * {@link bytes} into the caller's memory, not checked (the caller checks them: a rendered item's CRC, and
   * {@link bytes} again where it fails): `memory(length)` gives `length` bytes to fill (asked only for a range
   * within the texts), which are returned; undefined outside them or on a read error.
   */
  bytesInto<T extends Uint8Array>(start: number, length: number, memory: (length: number) => T): T | undefined;
}

/** The stored texts of a snapshot's records, or undefined when `records` are not a snapshot's. */
export function snapshotTexts(records: readonly RawRecord[]): SnapshotTexts | undefined {
  return (records as { readonly [SNAPSHOT_TEXTS]?: SnapshotTexts })[SNAPSHOT_TEXTS];
}
