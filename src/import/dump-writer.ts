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
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isKind, type RawRecord } from '../kinds/kind.js';
import { DataError } from '../dump/data-error.js';
import { PARTS, readPartFile } from '../dump/part-files.js';
import { checkInterrupted } from './interrupt.js';
import { PartSink, type PartReport } from './part-sink.js';
import type { Part } from './record-identity.js';

export type { PartReport } from './part-sink.js';

/** Options of {@link DumpWriter.open}. */
export interface DumpWriterOptions {
  /** Target dump directory; created if missing. */
  out: string;
  /** Merge into the existing dump at `out` instead of replacing it. */
  merge: boolean;
  signal?: AbortSignal;
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
      if (!reports.some((r) => isKind(r.part))) {
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
