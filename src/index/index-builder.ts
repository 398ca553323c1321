/**
 * Builds a kind's Lunr index straight into the compact typed-array form (compact-index.ts), computing exactly
 * what `lunr.Builder` computes for the same documents, fields, boosts and tokens — term indexes in order of first
 * occurrence, the inverted index, and the field vectors with Lunr's BM25 weights:
 *
 *   idf(t)   = ln(1 + |(N − n_t + 0.5) / (n_t + 0.5)|)       n_t: (field, doc) postings of t over all fields
 *   w(t,f,d) = round₃( idf · ((k1 + 1)·tf) / (k1·(1 − b + b·len(f,d)/avglen(f)) + tf) · boost(f) )
 *
 * with k1 = 1.2, b = 0.75 and the same floating-point operation order as lunr.js 2.3.9
 * (`Builder#calculateAverageFieldLengths`, `Builder#createFieldVectors`, `lunr.idf`). It never creates Lunr's
 * per-token objects or per-document maps: postings accumulate in chunked typed arrays, runs of them are sorted
 * term-major with one counting sort each (and spilled to disk), and the runs are merged into the finished layout. Terms come from the kind's analyzers (no Lunr pipeline, as the lunr.Builder oracle in test/ configures),
 * through a per-chunk cache (chunk-terms.ts).
 */
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { ChunkTerms, IdList, TermRegistry } from './chunk-terms.js';
import { MemorySink, type CompactIndex, type IndexField, type IndexSink } from './compact-index.js';
import { PostingRuns } from './posting-runs.js';
import { MaximaMaker, type SlotMaxima } from './stored-maxima.js';
import { ChampionMaker, type ChampionSetup } from './champion-maker.js';
import type { ChampionList } from './champions.js';
import { postingWeight } from './bm25.js';

/** Lunr's default BM25 parameters (`lunr.Builder`: `_k1`, `_b`). */

/** log2 of the entries per chunk of {@link ChunkedUint32} (1 Mi entries = 4 MiB). */
const CHUNK_BITS = 20;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

/**
 * An append-only list of u32 in fixed-size chunks: growing never copies, so a build's peak memory is the data
 * itself (a doubling array would briefly hold 1.5× it).
 */
class ChunkedUint32 {
  private readonly chunks: Uint32Array[] = [];
  /** The chunk being filled (`chunks[length >>> CHUNK_BITS]` once a value is in it). */
  private current: Uint32Array | undefined;
  length = 0;
  push(value: number): void {
    const at = this.length & CHUNK_MASK;
    if (at === 0) {
      const index = this.length >>> CHUNK_BITS;
      if (index >= this.chunks.length) this.chunks.push(new Uint32Array(1 << CHUNK_BITS));
      this.current = this.chunks[index];
    }
    this.current![at] = value;
    this.length++;
  }
  get(i: number): number {
    return this.chunks[i >>> CHUNK_BITS]![i & CHUNK_MASK]!;
  }
  /**
   * Empty the list, keeping its chunks for the next run: a run fills as many again, and chunks dropped per run were
   * 8 MiB of garbage each time that the worker's heap freed only when it next collected.
   */
  clear(): void {
    this.length = 0;
  }
}

/** A growable Uint32Array (doubling; used for the per-segment tables whose final size a stream does not know). */
class GrowingUint32 {
  data = new Uint32Array(1024);
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let length = this.data.length;
    while (length < size) length *= 2;
    const bigger = new Uint32Array(length);
    bigger.set(this.data);
    this.data = bigger;
  }
}

/** Default postings per run before it is sorted (and spilled): 2 Mi postings ≈ 32 MiB while sorting. */
export const RUN_POSTINGS = 1 << 21;

/** Where a builder's runs go, and how large they grow. */
export interface BuilderOptions {
  /**
   * Temporary file for the sorted runs (created on the first spill, removed when the build finishes or is
   * disposed; see `spillFileName` in src/cache/file-names.ts); default none (runs stay in memory).
   */
  spillFile?: string | undefined;
  /** Postings per run (default {@link RUN_POSTINGS}); small values exercise the merge in tests. */
  runPostings?: number | undefined;
  /**
   * Postings of one field at least this long get stored block maxima when the build knows the private documents
   * (default `maximaThreshold` of the collection, index/stored-maxima.ts); small values exercise them in tests.
   */
  maximaPostings?: number | undefined;
}

/**
 * Builds the index document by document, in document order, so a kind streamed from its dump is indexed without
 * holding its records: call {@link add} for documents 0, 1, 2 … then {@link finish} (an in-memory index) or
 * {@link finishInto} (any {@link IndexSink}, e.g. a file writer) once. Postings are collected in runs of about
 * {@link BuilderOptions.runPostings}; each full run is sorted by (term index, field) and, with a spill
 * directory, written out (posting-runs.ts), so the build's memory is one run plus per-term and per-(doc, field)
 * tables, whatever the corpus size.
 */
export class CompactIndexBuilder {
  private readonly fields: IndexField[];
  private readonly registry = new TermRegistry(); // term → Lunr term index (first occurrence order)
  private readonly chunkers = new Map<string, ChunkTerms>();
  private readonly terms = new IdList();
  private tf = new Uint32Array(1 << 16); // scratch: term frequency in the current (doc, field), by term index
  private readonly touched: number[] = [];
  // The current run's postings in document-major order: (term, tf) pairs, its (doc, field) segment `s` ending at segEnd[s].
  private occTerm = new ChunkedUint32();
  private occTf = new ChunkedUint32();
  private readonly segEnd = new GrowingUint32();
  private runFirstDoc = 0;
  private readonly fieldLength = new GrowingUint32();
  /** lunr.idf's documentsWithTerm: (field, doc) postings per term index, over every run. */
  private readonly postingsOfTerm = new GrowingUint32();
  private maxTf = 0;
  private readonly runs: PostingRuns;
  private readonly runPostings: number;
  private readonly maximaPostings: number | undefined;
  private docs = 0;
  private made: ChampionList[] | undefined;

  constructor(
    private readonly spec: KindSpec,
    options: BuilderOptions = {},
  ) {
    this.fields = spec.fields.map((f) => ({ name: f.name, boost: f.boost }));
    for (const field of spec.fields) {
      if (!this.chunkers.has(field.analyzer)) this.chunkers.set(field.analyzer, new ChunkTerms(this.registry, field.analyzer));
    }
    this.runs = new PostingRuns(options.spillFile);
    this.runPostings = Math.max(1, options.runPostings ?? RUN_POSTINGS);
    this.maximaPostings = options.maximaPostings === undefined ? undefined : Math.max(1, options.maximaPostings);
  }

  /** Documents added so far. */
  get count(): number {
    return this.docs;
  }

  /** Index the next document (`doc` must equal {@link count}); field values are read through `c`. */
  add(record: RawRecord, doc: number, c: CollectionView): void {
    this.addValues(doc, fieldValues(this.spec, record, doc, c));
  }

  /** Index the next document from its field values (as {@link fieldValues} reads them, one per field). */
  addValues(doc: number, values: readonly unknown[]): void {
    if (doc !== this.docs) throw new Error(`documents must be added in order: expected ${this.docs}, got ${doc}`);
    const F = this.fields.length;
    const runSeg = (doc - this.runFirstDoc) * F;
    this.segEnd.ensure(runSeg + F);
    this.fieldLength.ensure((doc + 1) * F);
    const { terms, registry, touched } = this;
    for (let f = 0; f < F; f++) {
      const field = this.spec.fields[f]!;
      const value = values[f];
      // As lunrTokenizer: null/undefined give nothing, arrays are analysed element by element.
      const texts: readonly unknown[] = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      terms.length = 0;
      for (const text of texts) if (text !== undefined && text !== null) this.chunkers.get(field.analyzer)!.append(String(text), terms);
      if (registry.names.length > this.tf.length) {
        const bigger = new Uint32Array(Math.max(this.tf.length * 2, registry.names.length));
        bigger.set(this.tf);
        this.tf = bigger;
      }
      this.postingsOfTerm.ensure(registry.names.length);
      const tf = this.tf;
      const postingsOfTerm = this.postingsOfTerm.data;
      for (let k = 0; k < terms.length; k++) {
        const id = terms.data[k]!;
        const before = tf[id]!;
        tf[id] = before + 1;
        if (before === 0) touched.push(id);
      }
      const length = terms.length;
      for (const id of touched) {
        const freq = tf[id]!;
        this.occTerm.push(id);
        this.occTf.push(freq);
        if (freq > this.maxTf) this.maxTf = freq;
        postingsOfTerm[id]!++;
        tf[id] = 0;
      }
      touched.length = 0;
      this.fieldLength.data[doc * F + f] = length;
      this.segEnd.data[runSeg + f] = this.occTerm.length;
    }
    this.docs++;
    if (this.occTerm.length >= this.runPostings) this.endRun();
  }

  /** Sort the current run into {@link runs} (spilled unless it is the last) and start the next. */
  private endRun(last = false): void {
    const F = this.fields.length;
    const { occTerm, occTf } = this;
    const segments = (this.docs - this.runFirstDoc) * F;
    this.runs.add(this.registry.names.length * F, F, this.runFirstDoc, segments, this.segEnd.data, (i) => occTerm.get(i), (i) => occTf.get(i), !last);
    occTerm.clear();
    occTf.clear();
    this.runFirstDoc = this.docs;
  }

  /** The finished index over the documents added, in memory. Call once (or {@link finishInto}). */
  finish(): CompactIndex {
    return this.finishInto(new MemorySink());
  }

  /**
   * Stream the finished index into `sink` (dictionary first, then the postings in order): the whole index is
   * never in memory. Call once; the spill file is removed afterwards, whatever happens.
   * @param privateDocs the collection's private documents (ascending): with them, the long postings' block maxima
   *   are stored for every document and for the public ones (index/stored-maxima.ts); without, none are
   * @param champions with the private documents and a sink that stores maxima: the long terms' champion lists are
   *   made during the merge (champion-maker.ts), then read with {@link championLists}
   * @returns what the sink's `end` returns
   */
  finishInto<R>(sink: IndexSink<R>, privateDocs?: ArrayLike<number>, champions?: ChampionSetup): R {
    try {
      this.endRun(true);
      const lengths = this.fieldLength.data.subarray(0, this.docs * this.fields.length);
      const made = (maker: ChampionMaker): void => {
        this.made = maker.lists();
      };
      return finish(this.fields, this.docs, this.registry.names, this.runs, this.postingsOfTerm.data, this.maxTf, lengths, sink, privateDocs, this.maximaPostings, champions && { setup: champions, made });
    } finally {
      this.runs.dispose();
    }
  }

  /**
   * The champion lists {@link finishInto} made (champions.ts's, ascending by term), or undefined when it was asked
   * for none, stored no maxima, or the priors never came.
   */
  championLists(): ChampionList[] | undefined {
    return this.made;
  }

  /** Give up the build: removes the spill file. */
  dispose(): void {
    this.runs.dispose();
  }
}

/** The values of a record's text fields, in the order of `spec.fields` (what the builder indexes). */
export function fieldValues(spec: KindSpec, record: RawRecord, doc: number, c: CollectionView): unknown[] {
  const values: unknown[] = new Array(spec.fields.length);
  for (let f = 0; f < spec.fields.length; f++) values[f] = spec.fields[f]!.get(record, doc, c);
  return values;
}

/**
 * Index `c.records` with the text fields of `spec`.
 * @param onProgress called every 1,000 documents with the count done
 */
export function buildCompactIndex(spec: KindSpec, c: CollectionView, onProgress?: (done: number) => void): CompactIndex {
  const builder = new CompactIndexBuilder(spec);
  const N = c.records.length;
  for (let doc = 0; doc < N; doc++) {
    builder.add(c.records[doc]!, doc, c);
    if (onProgress && (doc + 1) % 1000 === 0) onProgress(doc + 1);
  }
  return builder.finish();
}

/**
 * The long terms' postings of a build, kept a term at a time (every field of it) and handed to a
 * {@link MaximaMaker} when the next term starts ({@link flush} after the last).
 */
class LongTerms {
  private term = -1;
  private docs: Uint32Array[] = [];
  private tfs: Uint32Array[] = [];
  private weights: Int32Array[] = [];

  constructor(
    private readonly fieldCount: number,
    private readonly maker: MaximaMaker,
  ) {}

  /** True when a term with `postings` (field, doc) postings in all may have a field long enough. */
  keeps(postings: number): boolean {
    return postings >= this.maker.minPostings;
  }

  /** Field `f` of term `t` (terms in ascending order, fields ascending within a term). */
  add(t: number, f: number, docs: Uint32Array, tfs: Uint32Array, weights: Int32Array): void {
    if (t !== this.term) this.flush();
    if (this.term < 0) {
      this.term = t;
      this.docs = Array.from({ length: this.fieldCount }, () => new Uint32Array(0));
      this.tfs = Array.from({ length: this.fieldCount }, () => new Uint32Array(0));
      this.weights = Array.from({ length: this.fieldCount }, () => new Int32Array(0));
    }
    this.docs[f] = docs;
    this.tfs[f] = tfs;
    this.weights[f] = weights;
  }

  /** Hand the kept term on. */
  flush(): void {
    if (this.term < 0) return;
    this.maker.term(this.term, this.docs, this.tfs, this.weights);
    this.term = -1;
  }
}

/** The long terms' keeper of a build whose sink stores maxima. */
function longTerms(
  fields: readonly IndexField[],
  N: number,
  privateDocs: ArrayLike<number>,
  fieldLength: Uint32Array,
  receive: (slot: number, maxima: SlotMaxima) => void,
  minPostings: number | undefined,
  champions: ChampionMaker | ((isPrivate: Uint8Array) => ChampionMaker) | undefined,
): LongTerms {
  const isPrivate = new Uint8Array(N);
  for (let i = 0; i < privateDocs.length; i++) isPrivate[privateDocs[i]!] = 1;
  const lists = typeof champions === 'function' ? champions(isPrivate) : champions;
  const maker = new MaximaMaker(isPrivate, privateDocs.length, fieldLength, fields.map((f) => f.boost), receive, minPostings, lists);
  return new LongTerms(fields.length, maker);
}

/** Size of the batches of postings handed to the sink. */
const SINK_BATCH = 1 << 16;

/** Weights, term sort and dictionary; then the postings, merged from the runs in term-index order. */
function finish<R>(
  fields: readonly IndexField[],
  N: number,
  names: readonly string[],
  runs: PostingRuns,
  postingsOfTerm: Uint32Array,
  maxTf: number,
  fieldLength: Uint32Array,
  sink: IndexSink<R>,
  privateDocs: ArrayLike<number> | undefined,
  maximaPostings: number | undefined,
  champions: { setup: ChampionSetup; made: (maker: ChampionMaker) => void } | undefined,
): R {
  const F = fields.length;
  const T = names.length;

  // Lunr's average field length: sum over documents (every document has every field) / documents with the field.
  const average = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    let sum = 0;
    for (let doc = 0; doc < N; doc++) sum += fieldLength[doc * F + f]!;
    average[f] = sum / N;
  }
  // lunr.idf: documentsWithTerm counts one per (field, doc) posting.
  const idf = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const x = (N - postingsOfTerm[t]! + 0.5) / (postingsOfTerm[t]! + 0.5);
    idf[t] = Math.log(1 + Math.abs(x));
  }

  // Terms sorted as JavaScript sorts strings; the term index of each rank.
  const order = Array.from({ length: T }, (_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  const termIndex = Uint32Array.from(order);
  const encoder = new TextEncoder();
  const termOffsets = new Uint32Array(T + 1);
  let bytes = new Uint8Array(Math.max(16, T * 8));
  for (let rank = 0; rank < T; rank++) {
    const name = names[termIndex[rank]!]!;
    const need = termOffsets[rank]! + name.length * 3;
    if (need > bytes.length) {
      const bigger = new Uint8Array(Math.max(need, bytes.length * 2));
      bigger.set(bytes.subarray(0, termOffsets[rank]!));
      bytes = bigger;
    }
    termOffsets[rank + 1] = termOffsets[rank]! + encoder.encodeInto(name, bytes.subarray(termOffsets[rank]!)).written;
  }
  sink.begin({
    fields, docCount: N, termOffsets, termBytes: bytes.slice(0, termOffsets[T]!), termIndex, postings: runs.postings, maxTf,
    fieldLengths: fieldLength.slice(),
    ...(privateDocs && sink.maxima ? { privateCount: privateDocs.length } : {}),
  });
  let lists: ChampionMaker | undefined;
  const listMaker = champions && ((isPrivate: Uint8Array): ChampionMaker => (lists = new ChampionMaker(champions.setup, isPrivate, privateDocs!.length, names)));
  const maxima = privateDocs && sink.maxima ? longTerms(fields, N, privateDocs, fieldLength, sink.maxima.bind(sink), maximaPostings, listMaker) : undefined;

  // The runs, merged key by key (key = term index · F + field); documents ascend inside each key.
  const postStart = new Uint32Array(T * F + 1);
  const outDocs = new Uint32Array(SINK_BATCH);
  const outWeights = new Int32Array(SINK_BATCH);
  const outTfs = new Uint32Array(SINK_BATCH);
  let pending = 0;
  let total = 0;
  let nextKey = 0;
  runs.merge((key, count, docs, tfs) => {
    for (; nextKey <= key; nextKey++) postStart[nextKey] = total;
    const t = Math.floor(key / F);
    const f = key - t * F;
    const boost = fields[f]!.boost || 1;
    const avg = average[f]!;
    const termIdf = idf[t]!;
    // A long term's postings are kept until its last field (its maxima need every field: index/stored-maxima.ts).
    const kept = maxima?.keeps(postingsOfTerm[t]!) ? new Int32Array(count) : undefined;
    for (let i = 0; i < count; i++) {
      const doc = docs[i]!;
      const freq = tfs[i]!;
      outDocs[pending] = doc;
      const weight = postingWeight(freq, fieldLength[doc * F + f]!, avg, termIdf, boost);
      outWeights[pending] = weight;
      outTfs[pending] = freq;
      if (kept) kept[i] = weight;
      if (++pending === SINK_BATCH) {
        sink.postings(outDocs, outWeights, outTfs, pending);
        pending = 0;
      }
    }
    if (kept) maxima!.add(t, f, docs.slice(0, count), tfs.slice(0, count), kept);
    total += count;
  });
  maxima?.flush();
  if (lists) champions!.made(lists);
  if (pending > 0) sink.postings(outDocs, outWeights, outTfs, pending);
  for (; nextKey <= T * F; nextKey++) postStart[nextKey] = total;
  return sink.end(postStart);
}
