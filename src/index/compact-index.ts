/**
 * A Lunr index held in typed arrays: the same data as `lunr.Index#toJSON` — every term with its Lunr term index
 * (`_index`), the documents of each field that contain it (the inverted index), and each document's field
 * vectors (term index → BM25 weight, rounded to 3 decimals) — laid out term-major, so one query term's postings
 * and their field-vector weights are two contiguous slices. Nothing is materialised per term or per document
 * until a query touches it, so an index of 100k documents loads without parsing anything.
 *
 * Layout (T terms, F fields, P postings; every array little-endian in the file form, see cache/compact-index-file.ts):
 * - `termBytes` / `termOffsets` (T+1): the terms, UTF-8, sorted as JavaScript sorts strings (UTF-16 code
 *   units — the order of Lunr's serialised inverted index).
 * - `termIndex` (T): Lunr's `_index` of each term (its dimension in the field vectors).
 * - `postStart` (T·F+1): postings of the term of Lunr term index i (= `termIndex[rank]`) in field f are
 *   `[postStart[i·F+f], postStart[i·F+f+1])` — laid out in term-index order, the order a streaming build
 *   produces them in (new terms keep arriving until the last document, so sorted ranks are known only at the end).
 * - `postDocs` (P): document numbers (Lunr refs `"0"`, `"1"`, …), ascending within each posting range.
 * - `postWeights` (P): the field-vector element of (field, doc) for that term, as an integer number of
 *   thousandths: Lunr stores `Math.round(score * 1000) / 1000`, which is exactly `postWeights[i] / 1000`.
 * - `postTf` (P): the term's frequency in that (field, doc), and `fieldLengths` (N·F): each (doc, field)'s token
 *   count — what the BM25 weights are made of, so they can be recomputed over the documents a viewer may see
 *   (src/index/visible-statistics.ts; issue #12). Absent for an index converted from Lunr's JSON, which lacks them.
 */
import { ArrayMaxima, type SlotMaxima, type StoredMaxima } from './stored-maxima.js';

/** A text field of the index: its name and Lunr boost. */
export interface IndexField {
  readonly name: string;
  readonly boost: number;
}

/**
 * Where the postings live: in memory (a fresh build), or in a file read block by block on demand
 * (cache/compact-index-file.ts). Ranges are half-open posting positions `[start, end)`.
 */
export interface PostingStore {
  /** Total postings P. */
  readonly count: number;
  /** Document numbers of positions `[start, end)`. */
  docs(start: number, end: number): Uint32Array;
  /** Field-vector weights in thousandths of positions `[start, end)`. */
  weights(start: number, end: number): Int32Array;
  /** Term frequencies of positions `[start, end)`; undefined when the store has none (a Lunr JSON conversion). */
  tfs?(start: number, end: number): Uint32Array;
  /**
   * Term frequencies at scattered positions of one posting: each entry p ≥ 0 of `positions` (those ascending) is
   * replaced by the term frequency of position `start + p`; negative entries are left as they are. Present exactly
   * when {@link tfs} is.
   */
  tfsAt?(start: number, positions: Int32Array): void;
}

/** Postings held in arrays (views are returned, nothing is copied). */
export class ArrayPostings implements PostingStore {
  constructor(
    readonly allDocs: Uint32Array,
    readonly allWeights: Int32Array,
    readonly allTfs?: Uint32Array,
  ) {
    if (allDocs.length !== allWeights.length) throw new RangeError('postings: docs and weights differ in length');
    if (allTfs && allTfs.length !== allDocs.length) throw new RangeError('postings: docs and term frequencies differ in length');
    if (!allTfs) {
      this.tfs = undefined;
      this.tfsAt = undefined;
    }
  }
  tfs?(start: number, end: number): Uint32Array {
    return this.allTfs!.subarray(start, end);
  }
  tfsAt?(start: number, positions: Int32Array): void {
    const all = this.allTfs!;
    for (let i = 0; i < positions.length; i++) if (positions[i]! >= 0) positions[i] = all[start + positions[i]!]!;
  }
  get count(): number {
    return this.allDocs.length;
  }
  docs(start: number, end: number): Uint32Array {
    return this.allDocs.subarray(start, end);
  }
  weights(start: number, end: number): Int32Array {
    return this.allWeights.subarray(start, end);
  }
}

/**
 * The term dictionary of an index: the sorted terms, each term's Lunr term index and where its postings start.
 * Held in arrays ({@link ArrayDictionary}: a fresh build, a small file), or read a window of terms at a time from a
 * file (cache/compact-index-file.ts), so a query reads the few terms it looks up rather than the whole dictionary.
 * A file's dictionary throws the file's error (IndexFileError) for a part found damaged when it is read.
 */
export interface TermDictionary {
  /** Number of distinct terms T. */
  readonly termCount: number;
  /** The term of sorted rank `rank` (0 ≤ rank < T). */
  term(rank: number): string;
  /** The first rank whose term is ≥ `term` (JavaScript string order); T when none. */
  lowerBound(term: string): number;
  /** Lunr's `_index` of the term of rank `rank` (its dimension in the field vectors). */
  dimension(rank: number): number;
  /** Entry `slot` of `postStart` (0 ≤ slot < T·F): where the postings of a (dimension, field) start. */
  postingStart(slot: number): number;
  /** Entry `slot + 1` of `postStart` (0 ≤ slot < T·F): where they end. */
  postingEnd(slot: number): number;
  /** The whole dictionary as arrays (a file's is read whole on first call). */
  arrays(): DictionaryArrays;
}

/** The dictionary's arrays (see the module comment). */
export interface DictionaryArrays {
  readonly termOffsets: Uint32Array;
  readonly termBytes: Uint8Array;
  readonly termIndex: Uint32Array;
  readonly postStart: Uint32Array;
}

/** A dictionary held in arrays. */
export class ArrayDictionary implements TermDictionary {
  private readonly termText: Buffer;

  constructor(private readonly parts: DictionaryArrays) {
    this.termText = Buffer.from(parts.termBytes.buffer, parts.termBytes.byteOffset, parts.termBytes.byteLength);
  }

  get termCount(): number {
    return this.parts.termIndex.length;
  }

  term(rank: number): string {
    return this.termText.toString('utf8', this.parts.termOffsets[rank]!, this.parts.termOffsets[rank + 1]!);
  }

  lowerBound(term: string): number {
    return lowerBoundOf(this, term, 0, this.termCount);
  }

  dimension(rank: number): number {
    return this.parts.termIndex[rank]!;
  }

  postingStart(slot: number): number {
    return this.parts.postStart[slot]!;
  }

  postingEnd(slot: number): number {
    return this.parts.postStart[slot + 1]!;
  }

  arrays(): DictionaryArrays {
    return this.parts;
  }
}

/** The first rank in `[lo, hi)` whose term is ≥ `term` (JavaScript string order), else `hi`. */
export function lowerBoundOf(dictionary: Pick<TermDictionary, 'term'>, term: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dictionary.term(mid) < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The parts of a {@link CompactIndex} (see the module comment for their meaning). */
interface IndexParts {
  readonly fields: readonly IndexField[];
  /** Documents indexed: refs are `0 … docCount-1`. */
  readonly docCount: number;
  /** `postDocs`, `postWeights` and (when known) `postTf`. */
  readonly postings: PostingStore;
  /** Token count of each (doc, field) at `doc·F + f`, read on first use; absent with `postTf`. */
  readonly fieldLengths?: (() => Uint32Array) | undefined;
  /** One (doc, field)'s token count, read a block at a time (a stored index); default: from {@link fieldLengths}. */
  readonly fieldLength?: ((doc: number, field: number) => number) | undefined;
  /** Σ over every document of each field's token count, stored by the build; default: summed on first use. */
  readonly fieldTotals?: readonly number[] | undefined;
  /** The long postings' block maxima stored by the build (index/stored-maxima.ts); absent when none were. */
  readonly maxima?: StoredMaxima | undefined;
}

/** The parts of a {@link CompactIndex}: the dictionary as arrays, or a {@link TermDictionary} (a file's). */
export type CompactIndexParts = IndexParts & (DictionaryArrays | { readonly dictionary: TermDictionary });

const EMPTY = new Uint32Array(0);

/** Field lengths kept elsewhere as well (the segment's scatter records): read for a sparse list, then looked up. */
export interface ScatteredLengths {
  /** Read the lengths of `docs` (ascending); a failure only leaves them unread. */
  load(docs: Uint32Array): void;
  /** Field number `field`'s token count in `doc` when read, else undefined. */
  length(doc: number, field: number): number | undefined;
}

/**
 * A list is sparse enough for {@link ScatteredLengths} (and its priors for the segment's scatter records,
 * rank/rank.ts) when it has at most one document per this many.
 */
export const SCATTERED_SPACING = 512;

/** Read access to the index: term lookup and posting slices. */
export class CompactIndex {
  readonly fields: readonly IndexField[];
  readonly docCount: number;
  readonly dictionary: TermDictionary;
  readonly postings: PostingStore;
  readonly fieldLengths: (() => Uint32Array) | undefined;
  private readonly lengthOf: ((doc: number, field: number) => number) | undefined;
  /** Where sparse lists' field lengths are read first ({@link lengthsFrom}). */
  private scattered: ScatteredLengths | undefined;
  private totals: readonly number[] | undefined;
  /** The long postings' block maxima stored by the build, when it stored them (index/stored-maxima.ts). */
  readonly maxima: StoredMaxima | undefined;

  constructor(parts: CompactIndexParts) {
    this.fields = parts.fields;
    this.docCount = parts.docCount;
    this.dictionary = 'dictionary' in parts ? parts.dictionary : new ArrayDictionary(parts);
    this.postings = parts.postings;
    this.fieldLengths = parts.fieldLengths;
    this.lengthOf = parts.fieldLength;
    this.totals = parts.fieldTotals;
    this.maxima = parts.maxima;
  }

  /** The stored maxima of `rank`'s postings in field number `field` (≥ 0), when the build stored them. */
  storedMaxima(rank: number, field: number): SlotMaxima | undefined {
    return this.maxima?.slot(this.slot(rank, field));
  }

  /** The terms, UTF-8 (a file's dictionary is read whole on first use: prefer {@link term}). */
  get termBytes(): Uint8Array {
    return this.dictionary.arrays().termBytes;
  }

  /** Where each term starts in {@link termBytes} (T+1; read whole on first use). */
  get termOffsets(): Uint32Array {
    return this.dictionary.arrays().termOffsets;
  }

  /** Lunr's `_index` of each rank (read whole on first use: prefer {@link dimension}). */
  get termIndex(): Uint32Array {
    return this.dictionary.arrays().termIndex;
  }

  /** Posting starts (T·F+1; read whole on first use). */
  get postStart(): Uint32Array {
    return this.dictionary.arrays().postStart;
  }

  /** Number of distinct terms. */
  get termCount(): number {
    return this.dictionary.termCount;
  }

  /** Position of a field in {@link fields}, or -1. */
  fieldNumber(name: string): number {
    return this.fields.findIndex((f) => f.name === name);
  }

  /** The term of sorted rank `rank` (0 ≤ rank < termCount). */
  term(rank: number): string {
    return this.dictionary.term(rank);
  }

  /** The first rank whose term is ≥ `term` (JavaScript string order); termCount when none. */
  lowerBound(term: string): number {
    return this.dictionary.lowerBound(term);
  }

  /** The rank of `term`, or -1 when the index does not contain it. */
  find(term: string): number {
    const rank = this.lowerBound(term);
    return rank < this.termCount && this.term(rank) === term ? rank : -1;
  }

  /** Lunr's `_index` of the term of rank `rank`: its dimension in the field vectors. */
  dimension(rank: number): number {
    return this.dictionary.dimension(rank);
  }

  /** Where the postings of `rank` in field number `field` start in {@link postStart} (`field` ≥ 0). */
  private slot(rank: number, field: number): number {
    return this.dictionary.dimension(rank) * this.fields.length + field;
  }

  /** Documents of `rank` in field number `field` (ascending; empty for field -1). Do not modify. */
  docs(rank: number, field: number): Uint32Array {
    if (field < 0) return EMPTY;
    const at = this.slot(rank, field);
    // (A file's posting over several blocks is kept by its store, cache/compact-index-file.ts: one query reads its
    // terms' postings several times — matching, weights, bounds — and a server's queries share their words.)
    return this.postings.docs(this.dictionary.postingStart(at), this.dictionary.postingEnd(at));
  }

  /** Field-vector weights in thousandths, parallel to {@link docs}. Do not modify. */
  weights(rank: number, field: number): Int32Array {
    if (field < 0) return new Int32Array(0);
    const at = this.slot(rank, field);
    return this.postings.weights(this.dictionary.postingStart(at), this.dictionary.postingEnd(at));
  }

  /**
   * Read a sparse list's field lengths from `source` (the segment's scatter records, src/segment: the same values,
   * a small checked block per scattered document instead of a 4 KiB one): {@link prepareLengths} has it read them,
   * {@link fieldLength} tries it first.
   */
  lengthsFrom(source: ScatteredLengths): void {
    this.scattered = source;
  }

  /**
   * About to read the field lengths of `docs` (ascending) one by one, but for those where `skip` (parallel) is
   * below 0 (a document the viewer may not see: never read). When the others are sparse (at most one per
   * {@link SCATTERED_SPACING} documents) and a {@link lengthsFrom} source is set, it reads theirs now.
   */
  prepareLengths(docs: Uint32Array, skip: Int32Array): void {
    if (!this.scattered) return;
    let n = 0;
    for (let i = 0; i < docs.length; i++) if (skip[i]! >= 0) n++;
    if (n === 0 || n * SCATTERED_SPACING > this.docCount) return;
    if (n === docs.length) return this.scattered.load(docs);
    const read = new Uint32Array(n);
    for (let i = 0, j = 0; i < docs.length; i++) if (skip[i]! >= 0) read[j++] = docs[i]!;
    this.scattered.load(read);
  }

  /** Token count of field number `field` in `doc`. Throws when {@link hasStatistics} is false. */
  fieldLength(doc: number, field: number): number {
    const scattered = this.scattered?.length(doc, field);
    if (scattered !== undefined) return scattered;
    if (this.lengthOf) return this.lengthOf(doc, field);
    return this.fieldLengths!()[doc * this.fields.length + field]!;
  }

  /**
   * Σ of field number `field`'s token counts over every document: stored, else summed once (integer sums: exact,
   * in any order). Throws when {@link hasStatistics} is false.
   */
  fieldTotal(field: number): number {
    if (!this.totals) {
      const F = this.fields.length;
      const lengths = this.fieldLengths!();
      const totals = new Array<number>(F).fill(0);
      for (let doc = 0; doc < this.docCount; doc++) for (let f = 0; f < F; f++) totals[f]! += lengths[doc * F + f]!;
      this.totals = totals;
    }
    return this.totals[field]!;
  }

  /** True when term frequencies and field lengths are stored (BM25 can be recomputed over a subset). */
  get hasStatistics(): boolean {
    return this.postings.tfs !== undefined && this.fieldLengths !== undefined;
  }

  /**
   * Term frequencies at positions of the posting {@link tfs} returns whole: each entry p ≥ 0 of `positions`
   * (positions in {@link docs}, those ascending) is replaced by its term frequency, reading only the blocks that
   * hold them; negative entries are left. Throws when {@link hasStatistics} is false.
   */
  tfsAt(rank: number, field: number, positions: Int32Array): void {
    if (field < 0) return;
    if (!this.postings.tfsAt) throw new Error('this index stores no term frequencies');
    this.postings.tfsAt(this.dictionary.postingStart(this.slot(rank, field)), positions);
  }

  /** Term frequencies, parallel to {@link docs}. Do not modify. Throws when {@link hasStatistics} is false. */
  tfs(rank: number, field: number): Uint32Array {
    if (field < 0) return EMPTY;
    if (!this.postings.tfs) throw new Error('this index stores no term frequencies');
    const at = this.slot(rank, field);
    return this.postings.tfs(this.dictionary.postingStart(at), this.dictionary.postingEnd(at));
  }
}

/** What a finished build knows before its first posting: the dictionary, the shape and the field lengths. */
export interface IndexLayout {
  readonly fields: readonly IndexField[];
  readonly docCount: number;
  readonly termOffsets: Uint32Array;
  readonly termBytes: Uint8Array;
  readonly termIndex: Uint32Array;
  /** Total postings P. */
  readonly postings: number;
  /** The largest term frequency of any posting (0 when there are none): how wide a stored tf must be. */
  readonly maxTf: number;
  /** Token count of each (doc, field) at `doc·F + f`. */
  readonly fieldLengths: Uint32Array;
  /**
   * The private documents the build leaves out of the stored maxima's public form; present only when maxima follow
   * ({@link IndexSink.maxima}).
   */
  readonly privateCount?: number;
}

/**
 * Receives a finished index in its layout's order (the builder streams into one, so an index can go to a file
 * without ever being whole in memory): {@link begin} once, {@link postings} in posting order until all P were
 * given, {@link end} once.
 */
export interface IndexSink<R> {
  begin(layout: IndexLayout): void;
  /** The next `n` postings: entries `[0, n)` of each array (the arrays are reused by the caller afterwards). */
  postings(docs: Uint32Array, weights: Int32Array, tfs: Uint32Array, n: number): void;
  /**
   * The stored maxima of slot `slot` (index/stored-maxima.ts), in ascending slot order, interleaved with
   * {@link postings} (after the slot's postings); a sink without this method stores none, and then none are made.
   */
  maxima?(slot: number, maxima: SlotMaxima): void;
  /** @param postStart the finished posting starts (T·F+1) */
  end(postStart: Uint32Array): R;
}

/** An {@link IndexSink} that assembles an in-memory {@link CompactIndex}. */
export class MemorySink implements IndexSink<CompactIndex> {
  private layout: IndexLayout | undefined;
  private docs = EMPTY;
  private weights = new Int32Array(0);
  private tfs = EMPTY;
  private at = 0;
  private stored: ArrayMaxima | undefined;

  begin(layout: IndexLayout): void {
    this.layout = layout;
    this.stored = layout.privateCount === undefined ? undefined : new ArrayMaxima(layout.privateCount);
    this.docs = new Uint32Array(layout.postings);
    this.weights = new Int32Array(layout.postings);
    this.tfs = new Uint32Array(layout.postings);
  }

  postings(docs: Uint32Array, weights: Int32Array, tfs: Uint32Array, n: number): void {
    this.docs.set(docs.subarray(0, n), this.at);
    this.weights.set(weights.subarray(0, n), this.at);
    this.tfs.set(tfs.subarray(0, n), this.at);
    this.at += n;
  }

  maxima(slot: number, maxima: SlotMaxima): void {
    this.stored?.add(slot, maxima);
  }

  end(postStart: Uint32Array): CompactIndex {
    const { fields, docCount, termOffsets, termBytes, termIndex, fieldLengths } = this.layout!;
    return new CompactIndex({
      fields, docCount, termOffsets, termBytes, termIndex, postStart,
      postings: new ArrayPostings(this.docs, this.weights, this.tfs), fieldLengths: () => fieldLengths, maxima: this.stored,
    });
  }
}
