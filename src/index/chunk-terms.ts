/**
 * Fast term extraction for the index builder. The prose and code analyzers never let a word cross ASCII
 * whitespace (space, tab, line breaks are separators in every character class), so the terms of a text are the
 * terms of its whitespace-delimited chunks, in order. Real text repeats chunks (`the`, `dataset`, `error:`), so
 * each distinct chunk is analysed once and its term ids remembered; a repeated chunk is found by hashing its
 * characters in place — no substring, no analyser call, no token objects. The `exact` analyzer reads a whole
 * value as one term, so it is never split.
 */
import { analyze, type AnalyzerName } from '../text/analyzer.js';

/** Terms in order of first registration, with their ids (= Lunr term indexes when registered in document order). */
export class TermRegistry {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];

  /** The id of `term`, registering it when new. */
  id(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(term, id);
      this.names.push(term);
    }
    return id;
  }
}

/** A reusable list of term ids. */
export class IdList {
  data = new Uint32Array(1024);
  length = 0;
  push(id: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = id;
  }
}

const isBreak = (u: number): boolean => u === 32 || (u >= 9 && u <= 13);

/** log2 of the table's first slot count; it doubles at half load up to the largest table. */
const FIRST_TABLE_BITS = 12;
/** log2 of the default largest table; at half load of it the cache is emptied (a build's memory stays bounded). */
const MAX_TABLE_BITS = 20;
/** Int32 words per slot: hash, first character in the pool, length, term count, term id (count 1) or first id in `flat`. */
const SLOT = 5;

/**
 * Chunk → term ids cache for one analyzer over one registry. A chunk is found by its FNV-1a hash in an
 * open-addressing table whose slots hold all a hit needs (hash, where the chunk's characters are in a UTF-16 pool,
 * its term count and its one term id, or where its ids are): a lookup touches the slot and the pool, a chunk of
 * one term nothing else. No substring per lookup, no string kept per chunk (a slice would pin the whole text it
 * came from), and a table sized to the chunks seen so far (a small one stays in the processor's caches).
 */
export class ChunkTerms {
  private bits = FIRST_TABLE_BITS;
  /** {@link SLOT} words per slot; length 0 marks an empty slot (no chunk is empty). */
  private table = new Int32Array(SLOT << FIRST_TABLE_BITS);
  private count = 0;
  /** The chunks' characters, back to back. */
  private pool = new Uint16Array(1 << 16);
  private poolLength = 0;
  /** Term ids of the chunks of more than one term, back to back. */
  private flat = new IdList();

  /**
   * @param maxTableBits log2 of the largest table (default {@link MAX_TABLE_BITS}, at least
   *   {@link FIRST_TABLE_BITS}); small values exercise the emptying in tests
   */
  constructor(
    private readonly registry: TermRegistry,
    private readonly analyzer: AnalyzerName,
    private readonly maxTableBits = MAX_TABLE_BITS,
  ) {}

  /** Append the ids of the terms of `text` to `out`, in text order (as `analyze(text)` lists them). */
  append(text: string, out: IdList): void {
    if (this.analyzer === 'exact') {
      for (const token of analyze(text, this.analyzer)) out.push(this.registry.id(token.term));
      return;
    }
    const n = text.length;
    let i = 0;
    while (i < n) {
      let u = text.charCodeAt(i);
      if (isBreak(u)) {
        i++;
        continue;
      }
      let h = Math.imul(0x811c9dc5 ^ u, 0x01000193);
      let j = i + 1;
      for (; j < n; j++) {
        u = text.charCodeAt(j);
        if (isBreak(u)) break;
        h = Math.imul(h ^ u, 0x01000193);
      }
      const at = this.find(text, i, j, h);
      const table = this.table;
      const terms = table[at + 3]!;
      if (terms === 1) out.push(table[at + 4]!);
      else if (terms > 1) {
        const flat = this.flat.data;
        for (let k = table[at + 4]!, end = k + terms; k < end; k++) out.push(flat[k]!);
      }
      i = j;
    }
  }

  /** The table offset of the slot of chunk text[i, j) of hash `h`, analysed and added when new. */
  private find(text: string, i: number, j: number, h: number): number {
    const table = this.table;
    const mask = (1 << this.bits) - 1;
    const length = j - i;
    let slot = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const at = slot * SLOT;
      const stored = table[at + 2]!;
      if (stored === 0) return this.add(text, i, j, h, slot);
      if (stored === length && table[at] === h) {
        const pool = this.pool;
        const from = table[at + 1]!;
        let m = 0;
        while (m < length && pool[from + m] === text.charCodeAt(i + m)) m++;
        if (m === length) return at;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Analyse a new chunk text[i, j) and remember it in the empty `slot`; returns the slot's table offset. */
  private add(text: string, i: number, j: number, h: number, slot: number): number {
    if (this.count + 1 > 1 << (this.bits - 1)) {
      if (this.bits < this.maxTableBits) this.grow();
      else this.clear();
      slot = this.emptySlot(h);
    }
    const length = j - i;
    if (this.poolLength + length > this.pool.length) {
      let size = this.pool.length * 2;
      while (size < this.poolLength + length) size *= 2;
      const bigger = new Uint16Array(size);
      bigger.set(this.pool.subarray(0, this.poolLength));
      this.pool = bigger;
    }
    const pool = this.pool;
    const from = this.poolLength;
    for (let m = 0; m < length; m++) pool[from + m] = text.charCodeAt(i + m);
    this.poolLength += length;
    const tokens = analyze(text.slice(i, j), this.analyzer);
    const at = slot * SLOT;
    const table = this.table;
    table[at] = h;
    table[at + 1] = from;
    table[at + 2] = length;
    table[at + 3] = tokens.length;
    if (tokens.length === 1) table[at + 4] = this.registry.id(tokens[0]!.term);
    else {
      table[at + 4] = this.flat.length;
      for (const token of tokens) this.flat.push(this.registry.id(token.term));
    }
    this.count++;
    return at;
  }

  /** The first empty slot on the probe path of hash `h`. */
  private emptySlot(h: number): number {
    const mask = (1 << this.bits) - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    while (this.table[slot * SLOT + 2]! !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  /** Double the table, re-placing every slot by its hash. */
  private grow(): void {
    const old = this.table;
    this.bits++;
    this.table = new Int32Array(SLOT << this.bits);
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at + 2] === 0) continue;
      this.table.set(old.subarray(at, at + SLOT), this.emptySlot(old[at]!) * SLOT);
    }
  }

  private clear(): void {
    this.table.fill(0);
    this.count = 0;
    this.poolLength = 0;
    this.flat = new IdList();
  }
}
