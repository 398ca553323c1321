/**
 * Writing a dump directory atomically: every file goes to a temporary directory next to the target, which
 * replaces the target only once everything is written. On error or Ctrl-C the temporary directory is removed,
 * so a half-written dump is never left behind.
 *
 * Files are `<part>.json`, a JSON array formatted exactly like `JSON.stringify(records, null, 2)` plus a final
 * newline, written record by record (bounded memory). With `merge`, the target's existing records are kept and
 * imported ones merged in by identity (record-identity.ts); a part the import did not change keeps its file
 * untouched (hard-linked), so its bytes — and the search index cached under their hash — stay valid.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { link, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { RawRecord } from '../kinds/kind.js';
import { DataError } from '../store/data-error.js';
import { checkInterrupted } from './interrupt.js';
import { chooseVersion, identityKey, type Part } from './record-identity.js';
import { PARTS, readPartFile } from './dump-files.js';

/** What happened to one part's file. */
export interface PartReport {
  part: Part;
  /** Records in the written file. */
  records: number;
  /** Imported records new to the dump. */
  added: number;
  /** Existing records replaced by a more complete imported version. */
  updated: number;
  /**
   * `written`: a new or changed file; `unchanged`: same records as before, the old file was kept (index cache
   * stays valid); `kept`: merge mode, the import had nothing for this part and its file was carried over.
   */
  status: 'written' | 'unchanged' | 'kept';
}

/** Options of {@link DumpWriter.open}. */
export interface DumpWriterOptions {
  /** Target dump directory; created if missing. */
  out: string;
  /** Merge into the existing dump at `out` instead of replacing it. */
  merge: boolean;
  signal?: AbortSignal;
}

/** One record serialised as an element of a 2-space-indented JSON array. */
function element(record: RawRecord): string {
  return `  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}`;
}

/** Writes a string to a stream, waiting for drain when the stream's buffer is full. */
async function write(stream: WriteStream, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** True when two files have identical bytes. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (sa.size !== sb.size) return false;
  const [fa, fb] = await Promise.all([open(a), open(b)]);
  try {
    const size = 1 << 16;
    const ba = Buffer.alloc(size);
    const bb = Buffer.alloc(size);
    for (let position = 0; position < sa.size; position += size) {
      const [ra, rb] = await Promise.all([fa.read(ba, 0, size, position), fb.read(bb, 0, size, position)]);
      if (ra.bytesRead !== rb.bytesRead || !ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead))) return false;
    }
    return true;
  } finally {
    await Promise.all([fa.close(), fb.close()]);
  }
}

/** Hard-links `from` to `to`, copying when linking is impossible (another filesystem, no link support). */
async function carryOver(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * The records of one part being written. Use {@link add} for every imported record (identities must be unique
 * within one import; a repeated identity is ignored), then the writer's `commit`.
 */
export class PartSink {
  private stream: WriteStream | undefined;
  private written = 0;
  private readonly seen = new Set<string>();
  private existing: RawRecord[] | undefined;
  private positions: Map<string, number> | undefined;
  added = 0;
  updated = 0;

  constructor(
    readonly part: Part,
    private readonly file: string,
    private readonly oldFile: string | undefined,
    private readonly merge: boolean,
  ) {}

  /** Loads the existing records (merge mode) once, before the first add. */
  private async prepare(): Promise<void> {
    if (this.positions) return;
    this.positions = new Map();
    if (!this.merge || !this.oldFile) return;
    this.existing = await readPartFile(this.oldFile, this.part);
    this.existing.forEach((record, index) => {
      const key = identityKey(this.part, record);
      if (key !== undefined && !this.positions!.has(key)) this.positions!.set(key, index);
    });
  }

  /** The imported records so far (added ones only; updates replace existing records in place). */
  get count(): number {
    return this.added + this.updated;
  }

  /** Adds one imported record; false when its identity was already added (or it has none). */
  async add(record: RawRecord): Promise<boolean> {
    await this.prepare();
    const key = identityKey(this.part, record);
    if (key === undefined || this.seen.has(key)) return false;
    this.seen.add(key);
    const at = this.positions!.get(key);
    if (at !== undefined && this.existing) {
      const current = this.existing[at]!;
      const kept = chooseVersion({ record: current, embedded: false }, { record, embedded: false }).record;
      if (kept !== current && JSON.stringify(kept) !== JSON.stringify(current)) {
        this.existing[at] = kept;
        this.updated++;
      }
      return true;
    }
    this.stream ??= createWriteStream(`${this.file}.tail`);
    await write(this.stream, `${this.written === 0 ? '' : ','}\n${element(record)}`);
    this.written++;
    this.added++;
    return true;
  }

  /** Closes the scratch stream without finishing (used when the import is abandoned). */
  close(): void {
    this.stream?.destroy();
  }

  /** Writes the final file (or carries the old one over); returns what happened. */
  async finish(): Promise<PartReport | undefined> {
    await this.prepare();
    if (this.stream) {
      this.stream.end();
      await once(this.stream, 'close');
    }
    const existing = this.existing ?? [];
    const base = { part: this.part, added: this.added, updated: this.updated };
    if (this.merge && this.oldFile && this.added === 0 && this.updated === 0) {
      await carryOver(this.oldFile, path.join(path.dirname(this.file), path.basename(this.oldFile)));
      return { ...base, records: existing.length, status: this.seen.size > 0 ? 'unchanged' : 'kept' };
    }
    if (this.written === 0 && existing.length === 0) return undefined;
    const out = createWriteStream(this.file);
    await write(out, '[');
    for (let i = 0; i < existing.length; i++) await write(out, `${i === 0 ? '' : ','}\n${element(existing[i]!)}`);
    if (this.written > 0) {
      // The tail's first element has no leading comma; it needs one after existing records.
      if (existing.length > 0) await write(out, ',');
      for await (const chunk of createReadStream(`${this.file}.tail`)) await write(out, chunk as Buffer);
      await rm(`${this.file}.tail`);
    }
    out.end(existing.length + this.written === 0 ? ']\n' : '\n]\n');
    await once(out, 'close');
    const records = existing.length + this.written;
    if (this.oldFile && this.oldFile.endsWith('.json') && (await sameBytes(this.oldFile, this.file))) {
      await rm(this.file);
      await carryOver(this.oldFile, this.file);
      return { ...base, records, status: 'unchanged' };
    }
    return { ...base, records, status: 'written' };
  }
}

/** A dump being written; see the module comment. Always end with {@link commit} or {@link abort}. */
export class DumpWriter {
  private readonly sinks = new Map<Part, PartSink>();
  private done = false;

  private constructor(
    readonly out: string,
    private readonly temp: string,
    private readonly oldFiles: ReadonlyMap<Part, string>,
    private readonly options: DumpWriterOptions,
  ) {}

  /**
   * Checks the target and creates the temporary directory.
   * @throws DataError when `out` is a file, or a directory holding anything but dump files (`<part>.json[.gz]`),
   *   which this command will not replace.
   */
  static async open(options: DumpWriterOptions): Promise<DumpWriter> {
    const out = path.resolve(options.out);
    const oldFiles = new Map<Part, string>();
    const info = await stat(out).catch(() => undefined);
    if (info && !info.isDirectory()) throw new DataError('exists and is not a directory; choose another --out', { file: out });
    if (info) {
      const names = await readdir(out);
      const foreign = names.filter((name) => !PARTS.some((part) => name === `${part}.json` || name === `${part}.json.gz`));
      if (foreign.length > 0) {
        throw new DataError(
          `not a dump directory (it holds ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', ...' : ''}); refusing to replace it, choose another --out`,
          { file: out },
        );
      }
      for (const part of PARTS) {
        const name = names.find((n) => n === `${part}.json`) ?? names.find((n) => n === `${part}.json.gz`);
        if (name) oldFiles.set(part, path.join(out, name));
      }
    }
    await mkdir(path.dirname(out), { recursive: true });
    const temp = path.join(path.dirname(out), `.${path.basename(out)}.import-${process.pid}-${Date.now().toString(36)}`);
    await mkdir(temp);
    return new DumpWriter(out, temp, oldFiles, options);
  }

  /** True when the target already holds a file for `part`. */
  has(part: Part): boolean {
    return this.oldFiles.has(part);
  }

  /** The existing records of `part` in the target (empty when absent); for lookups such as a known repository. */
  async existing(part: Part): Promise<RawRecord[]> {
    const file = this.oldFiles.get(part);
    return file ? readPartFile(file, part) : [];
  }

  /** The sink of one part (created on first use). */
  sink(part: Part): PartSink {
    let sink = this.sinks.get(part);
    if (!sink) {
      sink = new PartSink(part, path.join(this.temp, `${part}.json`), this.oldFiles.get(part), this.options.merge);
      this.sinks.set(part, sink);
    }
    return sink;
  }

  /**
   * Finishes every part and moves the dump into place (rename; when `out` existed it is swapped out and removed).
   * @returns one report per written part, in {@link PARTS} order.
   * @throws DataError when nothing at all would be written (no records of any kind).
   */
  async commit(): Promise<PartReport[]> {
    const reports: PartReport[] = [];
    try {
      for (const part of PARTS) {
        checkInterrupted(this.options.signal);
        const sink = this.options.merge && !this.sinks.has(part) && this.oldFiles.has(part) ? this.sink(part) : this.sinks.get(part);
        const report = await sink?.finish();
        if (report) reports.push(report);
      }
      if (!reports.some((r) => r.part !== 'pulls')) {
        throw new DataError('nothing to write: the import found no records of any kind', { file: this.out });
      }
      checkInterrupted(this.options.signal);
      await this.swapIn();
      this.done = true;
      return reports;
    } finally {
      if (!this.done) await this.abort();
    }
  }

  /** Replaces `out` with the temporary directory. */
  private async swapIn(): Promise<void> {
    const exists = await stat(this.out).catch(() => undefined);
    if (!exists) {
      await rename(this.temp, this.out);
      return;
    }
    const old = `${this.temp}.old`;
    await rename(this.out, old);
    try {
      await rename(this.temp, this.out);
    } catch (error) {
      await rename(old, this.out);
      throw error;
    }
    await rm(old, { recursive: true, force: true });
  }

  /** Removes the temporary directory; the target is left as it was. Safe to call more than once. */
  async abort(): Promise<void> {
    this.done = true;
    for (const sink of this.sinks.values()) sink.close();
    await rm(this.temp, { recursive: true, force: true });
  }
}
