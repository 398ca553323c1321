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

/** Slots of the open-addressing table (a power of two); the cache is emptied at half load. */
const TABLE_BITS = 20;

/** Chunk → term ids cache for one analyzer over one registry. */
export class ChunkTerms {
  private table = new Int32Array(1 << TABLE_BITS).fill(-1);
  private keys: string[] = [];
  private starts = new IdList();
  private flat = new IdList();

  constructor(
    private readonly registry: TermRegistry,
    private readonly analyzer: AnalyzerName,
  ) {
    this.starts.push(0);
  }

  /** Append the ids of the terms of `text` to `out`, in text order (as `analyze(text)` lists them). */
  append(text: string, out: IdList): void {
    if (this.analyzer === 'exact') {
      for (const token of analyze(text, this.analyzer)) out.push(this.registry.id(token.term));
      return;
    }
    const mask = (1 << TABLE_BITS) - 1;
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
      let slot = (h ^ (h >>> 15)) & mask;
      let entry = this.table[slot]!;
      while (entry >= 0) {
        const key = this.keys[entry]!;
        if (key.length === j - i && text.startsWith(key, i)) break;
        slot = (slot + 1) & mask;
        entry = this.table[slot]!;
      }
      if (entry < 0) entry = this.add(text.slice(i, j), (h ^ (h >>> 15)) & mask);
      const flat = this.flat.data;
      for (let k = this.starts.data[entry]!, end = this.starts.data[entry + 1]!; k < end; k++) out.push(flat[k]!);
      i = j;
    }
  }

  /** Analyse a new chunk and remember it; returns its entry. */
  private add(chunk: string, home: number): number {
    if (this.keys.length >= 1 << (TABLE_BITS - 1)) this.clear();
    const mask = (1 << TABLE_BITS) - 1;
    let slot = home;
    while (this.table[slot]! >= 0) slot = (slot + 1) & mask;
    for (const token of analyze(chunk, this.analyzer)) this.flat.push(this.registry.id(token.term));
    const entry = this.keys.length;
    this.keys.push(chunk);
    this.starts.push(this.flat.length);
    this.table[slot] = entry;
    return entry;
  }

  private clear(): void {
    this.table.fill(-1);
    this.keys = [];
    this.starts = new IdList();
    this.starts.push(0);
    this.flat = new IdList();
  }
}
