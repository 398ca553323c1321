/**
 * One part file of a dump being written (dump-writer.ts): records are serialised as they arrive into a scratch
 * file, then assembled — after the existing records when merging — into `<part>.json`, formatted exactly like
 * `JSON.stringify(records, null, 2)` plus a final newline. A part whose records did not change keeps its old file.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { copyFile, link, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { RawRecord } from '../kinds/kind.js';
import { readPartFile } from '../dump/part-files.js';
import { chooseVersion, identityKey, type Part } from './record-identity.js';

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

/** Serialised text buffered per part before one write to disk (about 1 MB). */
const FLUSH_CHARS = 1 << 20;

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
export async function carryOver(from: string, to: string): Promise<void> {
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
  /** Serialised elements not yet handed to the stream (flushed at {@link FLUSH_CHARS}). */
  private pending: string[] = [];
  private pendingChars = 0;
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
    const text = `${this.written === 0 ? '' : ','}\n${element(record)}`;
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) await this.flush();
    this.written++;
    this.added++;
    return true;
  }

  /** Hands the pending elements to the scratch stream in one write. */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    this.stream ??= createWriteStream(`${this.file}.tail`);
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    await write(this.stream, text);
  }

  /** Closes the scratch stream without finishing (used when the import is abandoned). */
  close(): void {
    this.stream?.destroy();
  }

  /** Writes the final file (or carries the old one over); returns what happened. */
  async finish(): Promise<PartReport | undefined> {
    await this.prepare();
    await this.flush();
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

