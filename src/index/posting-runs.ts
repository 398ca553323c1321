/**
 * Sorted runs of postings for the index builder (an external sort): the builder collects a run of documents'
 * postings in memory, sorts it by (term index, field) with one counting sort, and — when given a directory —
 * spills it to a temporary file, so a build holds one run, never the whole corpus's postings. The runs cover
 * consecutive document ranges, so merging them is concatenation per (term index, field): each run is read
 * front to back, once, through a small buffer.
 *
 * A run holds, sorted by key = term index · F + field:
 * - `keys` / `counts` (K each): the keys present and how many postings each has;
 * - `docs` / `tfs` (n each): document numbers (ascending within a key) and term frequencies.
 * On disk a run is its four sections one after the other (u32, little-endian) in the one spill file.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** A run's sections, in memory (a build without a spill directory, or a run not spilled). */
interface MemoryRun {
  readonly keys: Uint32Array;
  readonly counts: Uint32Array;
  readonly docs: Uint32Array;
  readonly tfs: Uint32Array;
}

/** A run in the spill file: each section's byte offset and its length in entries. */
interface SpilledRun {
  readonly at: readonly [keys: number, counts: number, docs: number, tfs: number];
  readonly keyCount: number;
  readonly postings: number;
}

/** Entries per read of a spilled section (64 KiB). */
const READ_ENTRIES = 16_384;

/** Reads a u32 section front to back. */
class SectionReader {
  private buffer: Uint32Array;
  private bufferStart = 0;
  private bufferEnd = 0;
  private position = 0;

  /**
   * @param source the section in memory, or a file descriptor with the section's byte offset
   * @param length entries in the section
   */
  constructor(
    private readonly source: Uint32Array | { fd: number; at: number },
    private readonly length: number,
  ) {
    this.buffer = source instanceof Uint32Array ? source : new Uint32Array(Math.min(READ_ENTRIES, Math.max(1, length)));
    if (source instanceof Uint32Array) this.bufferEnd = length;
  }

  private refill(): void {
    const { fd, at } = this.source as { fd: number; at: number };
    const n = Math.min(this.buffer.length, this.length - this.position);
    const bytes = new Uint8Array(this.buffer.buffer, 0, n * 4);
    for (let done = 0; done < bytes.length; ) {
      const read = readSync(fd, bytes, done, bytes.length - done, at + this.position * 4 + done);
      if (read === 0) throw new Error('index build: a spilled run is shorter than written');
      done += read;
    }
    this.bufferStart = this.position;
    this.bufferEnd = this.position + n;
  }

  /** True when every entry was read. */
  get done(): boolean {
    return this.position >= this.length;
  }

  /** The next entry. */
  next(): number {
    if (this.position >= this.bufferEnd) this.refill();
    return this.buffer[this.position++ - this.bufferStart]!;
  }

  /** Copy the next `n` entries into `out` from `outAt`. */
  take(n: number, out: Uint32Array, outAt: number): void {
    while (n > 0) {
      if (this.position >= this.bufferEnd) this.refill();
      const k = Math.min(n, this.bufferEnd - this.position);
      const from = this.position - this.bufferStart;
      out.set(this.buffer.subarray(from, from + k), outAt);
      this.position += k;
      outAt += k;
      n -= k;
    }
  }
}

/** One run being merged: its next key and how many postings that key has. */
class RunCursor {
  private readonly keys: SectionReader;
  private readonly counts: SectionReader;
  readonly docs: SectionReader;
  readonly tfs: SectionReader;
  /** The next key present in the run, or Infinity at its end. */
  key = Infinity;
  count = 0;

  constructor(run: MemoryRun | SpilledRun, fd: number | undefined) {
    if ('docs' in run) {
      this.keys = new SectionReader(run.keys, run.keys.length);
      this.counts = new SectionReader(run.counts, run.counts.length);
      this.docs = new SectionReader(run.docs, run.docs.length);
      this.tfs = new SectionReader(run.tfs, run.tfs.length);
    } else {
      const section = (i: number, length: number): SectionReader => new SectionReader({ fd: fd!, at: run.at[i]! }, length);
      this.keys = section(0, run.keyCount);
      this.counts = section(1, run.keyCount);
      this.docs = section(2, run.postings);
      this.tfs = section(3, run.postings);
    }
    this.advance();
  }

  /** Move to the next key. */
  advance(): void {
    if (this.keys.done) {
      this.key = Infinity;
      this.count = 0;
      return;
    }
    this.key = this.keys.next();
    this.count = this.counts.next();
  }
}

/** A binary min-heap of run numbers ordered by their cursor's next key, then by run number. */
class RunHeap {
  private readonly items: number[] = [];

  constructor(private readonly cursors: readonly RunCursor[]) {}

  get size(): number {
    return this.items.length;
  }

  /** The smallest run (size > 0). */
  get top(): number {
    return this.items[0]!;
  }

  private less(a: number, b: number): boolean {
    const ka = this.cursors[a]!.key;
    const kb = this.cursors[b]!.key;
    return ka < kb || (ka === kb && a < b);
  }

  push(run: number): void {
    const items = this.items;
    let i = items.length;
    items.push(run);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(run, items[parent]!)) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = run;
  }

  /** Remove and return the smallest run (size > 0). */
  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.less(items[child + 1]!, items[child]!)) child++;
        if (!this.less(items[child]!, last)) break;
        items[i] = items[child]!;
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/**
 * The runs of one build, in document order. {@link add} sorts a run and keeps it (in memory, or in the spill
 * file when a directory was given and writing works — a failed spill keeps the run in memory, so a full disk only
 * costs memory); {@link merge} reads them back key by key. {@link dispose} removes the spill file.
 */
export class PostingRuns {
  private readonly runs: Array<MemoryRun | SpilledRun> = [];
  private fd: number | undefined;
  private opened = false;
  private spilledBytes = 0;
  private canSpill: boolean;
  /** Total postings over all runs. */
  postings = 0;
  /**
   * The arrays of the last run spilled, reused by the next (a spilled run's arrays are done with once written):
   * a build then allocates them once, not once per run (at 1M issues ~75 runs of 16 MiB each, which the worker's
   * heap freed only when it next collected).
   */
  private scratch: { start: Uint32Array; docs: Uint32Array; tfs: Uint32Array } | undefined;

  /**
   * @param spillFile the temporary file runs are spilled to (created, with its directory, on the first spill;
   *        removed by {@link dispose}); undefined keeps every run in memory
   */
  constructor(private readonly spillFile: string | undefined) {
    this.canSpill = spillFile !== undefined;
  }

  /**
   * Sort and keep one run.
   * @param keyCount keys are below this (term count · F at the time)
   * @param segments (doc, field) segments of the run, document-major: segment `s` is field `s % F` of the run's
   *        document `firstDoc + ⌊s / F⌋`, its postings at `[segEnd[s-1], segEnd[s])` (0 for s = 0)
   * @param term term index of each of the run's postings, `tf` its frequency
   * @param spill false keeps the run in memory (the last run: it is merged at once)
   */
  add(
    keyCount: number,
    F: number,
    firstDoc: number,
    segments: number,
    segEnd: Uint32Array,
    term: (i: number) => number,
    tf: (i: number) => number,
    spill = true,
  ): void {
    const n = segments === 0 ? 0 : segEnd[segments - 1]!;
    if (n === 0) return;
    const scratch = this.scratch;
    this.scratch = undefined;
    // (Fresh arrays get an eighth more room: the next run is about as large, its key count and length a little more.)
    const roomy = (length: number): Uint32Array => new Uint32Array(spill ? length + (length >>> 3) : length);
    const start = scratch && scratch.start.length >= keyCount + 1 ? scratch.start.fill(0, 0, keyCount + 1) : roomy(keyCount + 1);
    let from = 0;
    for (let s = 0; s < segments; s++) {
      const f = s % F;
      const end = segEnd[s]!;
      for (let i = from; i < end; i++) start[term(i) * F + f + 1]!++;
      from = end;
    }
    let keys = 0;
    for (let k = 0; k < keyCount; k++) {
      if (start[k + 1]! > 0) keys++;
      start[k + 1]! += start[k]!;
    }
    const keyList = new Uint32Array(keys);
    const counts = new Uint32Array(keys);
    for (let k = 0, j = 0; k < keyCount; k++) {
      const c = start[k + 1]! - start[k]!;
      if (c > 0) {
        keyList[j] = k;
        counts[j++] = c;
      }
    }
    const reuse = scratch !== undefined && scratch.docs.length >= n;
    const docs = reuse ? scratch.docs : roomy(n);
    const tfs = reuse ? scratch.tfs : roomy(n);
    from = 0;
    for (let s = 0; s < segments; s++) {
      const f = s % F;
      const doc = firstDoc + Math.floor(s / F);
      const end = segEnd[s]!;
      for (let i = from; i < end; i++) {
        const at = start[term(i) * F + f]!++;
        docs[at] = doc;
        tfs[at] = tf(i);
      }
      from = end;
    }
    this.postings += n;
    const run: MemoryRun = { keys: keyList, counts, docs: docs.subarray(0, n), tfs: tfs.subarray(0, n) };
    const spilled = spill ? this.spill(run) : undefined;
    this.runs.push(spilled ?? run);
    // Written out: its arrays carry the next run. (A run kept in memory keeps them.)
    if (spilled) this.scratch = { start, docs, tfs };
  }

  /** Write a run to the spill file; undefined when it cannot be (the run then stays in memory). */
  private spill(run: MemoryRun): SpilledRun | undefined {
    if (!this.canSpill) return undefined;
    try {
      if (this.fd === undefined) {
        mkdirSync(path.dirname(this.spillFile!), { recursive: true });
        this.opened = true;
        this.fd = openSync(this.spillFile!, 'w+');
      }
      const at: number[] = [];
      for (const section of [run.keys, run.counts, run.docs, run.tfs]) {
        at.push(this.spilledBytes);
        const bytes = new Uint8Array(section.buffer, section.byteOffset, section.byteLength);
        for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done, this.spilledBytes + done);
        this.spilledBytes += bytes.length;
      }
      return { at: at as unknown as SpilledRun['at'], keyCount: run.keys.length, postings: run.docs.length };
    } catch {
      // Runs spilled before stay readable; this one and later ones stay in memory.
      this.canSpill = false;
      return undefined;
    }
  }

  /**
   * Read every run back in key order: for each key in `[0, keyCount)` with postings, `each(key, count)` is
   * called after the key's documents (ascending) and term frequencies were copied to `docs` and `tfs` at
   * `[0, count)`; those arrays are reused (and replaced by larger ones when a key has more postings).
   */
  merge(each: (key: number, count: number, docs: Uint32Array, tfs: Uint32Array) => void): void {
    const cursors = this.runs.map((run) => new RunCursor(run, this.fd));
    // The runs by their next key, in a binary min-heap ordered by (key, run): the runs holding the smallest key
    // come out in run order, i.e. document order. Each key costs a few heap steps per run that holds it, not a
    // look at every run (a 1M-document build has ~10 times the runs of a 100k one, and most keys are in few).
    const heap = new RunHeap(cursors);
    for (let r = 0; r < cursors.length; r++) if (cursors[r]!.key !== Infinity) heap.push(r);
    const taking: number[] = [];
    let docs = new Uint32Array(1 << 16);
    let tfs = new Uint32Array(1 << 16);
    while (heap.size > 0) {
      const key = cursors[heap.top]!.key;
      let count = 0;
      taking.length = 0;
      while (heap.size > 0 && cursors[heap.top]!.key === key) {
        const r = heap.pop();
        taking.push(r);
        count += cursors[r]!.count;
      }
      if (count > docs.length) {
        let size = docs.length;
        while (size < count) size *= 2;
        docs = new Uint32Array(size);
        tfs = new Uint32Array(size);
      }
      let at = 0;
      for (const r of taking) {
        const cursor = cursors[r]!;
        cursor.docs.take(cursor.count, docs, at);
        cursor.tfs.take(cursor.count, tfs, at);
        at += cursor.count;
        cursor.advance();
        if (cursor.key !== Infinity) heap.push(r);
      }
      each(key, count, docs, tfs);
    }
  }

  /** Remove the spill file (idempotent). */
  dispose(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = undefined;
    }
    if (this.opened) rmSync(this.spillFile!, { force: true });
    this.opened = false;
  }
}
