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
/** Int32 words per slot: the chunk's hash, and where its entry starts in the pool plus one (0: an empty slot). */
const SLOT = 2;
/**
 * UTF-16 units of an entry's header in the pool, before the chunk's characters: its length, its term count, and
 * its term id (count 1) or where its ids start in `flat`, each as two 16-bit halves (low first).
 */
const HEADER = 6;

/** The 32-bit value stored as two 16-bit halves at `pool[at]`, `pool[at + 1]`. */
const word = (pool: Uint16Array, at: number): number => pool[at]! | (pool[at + 1]! << 16);

/**
 * Chunk → term ids cache for one analyzer over one registry. A chunk is found by its FNV-1a hash in an
 * open-addressing table of two words a slot (the hash, and where the chunk's entry is in a pool); the entry holds
 * all a hit needs, its length, term count and one term id (or where its ids are) just before its characters. A
 * lookup touches the slot and the entry: two cache lines at most, in a table of 8 bytes a slot and a pool of
 * entries back to back (a slot of every field, with the characters elsewhere, was three lines and twice the
 * memory, and the lookups of a build's rarer chunks wait on memory). No substring per lookup, no string kept per
 * chunk (a slice would pin the whole text it came from), and a table sized to the chunks seen so far.
 */
export class ChunkTerms {
  private bits = FIRST_TABLE_BITS;
  /** {@link SLOT} words per slot. */
  private table = new Int32Array(SLOT << FIRST_TABLE_BITS);
  private count = 0;
  /** The chunks' entries, back to back: a {@link HEADER}, then the characters. */
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
      const pool = this.pool;
      const terms = word(pool, at + 2);
      if (terms === 1) out.push(word(pool, at + 4));
      else if (terms > 1) {
        const flat = this.flat.data;
        for (let k = word(pool, at + 4), end = k + terms; k < end; k++) out.push(flat[k]!);
      }
      i = j;
    }
  }

  /** Where the entry of chunk text[i, j) of hash `h` is in the pool, analysed and added when new. */
  private find(text: string, i: number, j: number, h: number): number {
    const table = this.table;
    const pool = this.pool;
    const mask = (1 << this.bits) - 1;
    const length = j - i;
    let slot = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const at = slot * SLOT;
      const entry = table[at + 1]! - 1;
      if (entry < 0) return this.add(text, i, j, h, slot);
      if (table[at] === h && word(pool, entry) === length) {
        const from = entry + HEADER;
        let m = 0;
        while (m < length && pool[from + m] === text.charCodeAt(i + m)) m++;
        if (m === length) return entry;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Analyse a new chunk text[i, j) and remember it in the empty `slot`; returns where its entry is in the pool. */
  private add(text: string, i: number, j: number, h: number, slot: number): number {
    if (this.count + 1 > 1 << (this.bits - 1)) {
      if (this.bits < this.maxTableBits) this.grow();
      else this.clear();
      slot = this.emptySlot(h);
    }
    const length = j - i;
    const size = HEADER + length;
    if (this.poolLength + size > this.pool.length) {
      let bigger = this.pool.length * 2;
      while (bigger < this.poolLength + size) bigger *= 2;
      const pool = new Uint16Array(bigger);
      pool.set(this.pool.subarray(0, this.poolLength));
      this.pool = pool;
    }
    const tokens = analyze(text.slice(i, j), this.analyzer);
    const ids = tokens.length === 1 ? this.registry.id(tokens[0]!.term) : this.flat.length;
    if (tokens.length !== 1) for (const token of tokens) this.flat.push(this.registry.id(token.term));
    const pool = this.pool;
    const entry = this.poolLength;
    const count = tokens.length;
    const chars = length;
    pool[entry] = chars & 0xffff;
    pool[entry + 1] = chars >>> 16;
    pool[entry + 2] = count & 0xffff;
    pool[entry + 3] = count >>> 16;
    pool[entry + 4] = ids & 0xffff;
    pool[entry + 5] = ids >>> 16;
    for (let m = 0; m < length; m++) pool[entry + HEADER + m] = text.charCodeAt(i + m);
    this.poolLength += size;
    const at = slot * SLOT;
    this.table[at] = h;
    this.table[at + 1] = entry + 1;
    this.count++;
    return entry;
  }

  /** The first empty slot on the probe path of hash `h`. */
  private emptySlot(h: number): number {
    const mask = (1 << this.bits) - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    while (this.table[slot * SLOT + 1]! !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  /** Double the table, re-placing every slot by its hash. */
  private grow(): void {
    const old = this.table;
    this.bits++;
    this.table = new Int32Array(SLOT << this.bits);
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at + 1] === 0) continue;
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
