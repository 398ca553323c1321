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
 * per-token objects or per-document maps: postings accumulate in chunked typed arrays, and one counting sort
 * turns them term-major. Terms come from the kind's analyzers (no Lunr pipeline, as the lunr.Builder oracle in test/ configures),
 * through a per-chunk cache (chunk-terms.ts).
 */
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { ChunkTerms, IdList, TermRegistry } from './chunk-terms.js';
import { ArrayPostings, CompactIndex, type IndexField } from './compact-index.js';

/** Lunr's default BM25 parameters (`lunr.Builder`: `_k1`, `_b`). */
const K1 = 1.2;
const B = 0.75;

/** log2 of the entries per chunk of {@link ChunkedUint32} (1 Mi entries = 4 MiB). */
const CHUNK_BITS = 20;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

/**
 * An append-only list of u32 in fixed-size chunks: growing never copies, so a build's peak memory is the data
 * itself (a doubling array would briefly hold 1.5× it).
 */
class ChunkedUint32 {
  private readonly chunks: Uint32Array[] = [];
  length = 0;
  push(value: number): void {
    const at = this.length & CHUNK_MASK;
    if (at === 0) this.chunks.push(new Uint32Array(1 << CHUNK_BITS));
    this.chunks[this.chunks.length - 1]![at] = value;
    this.length++;
  }
  get(i: number): number {
    return this.chunks[i >>> CHUNK_BITS]![i & CHUNK_MASK]!;
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

/**
 * Builds the index document by document, in document order, so a kind streamed from its dump is indexed without
 * holding its records: call {@link add} for documents 0, 1, 2 … then {@link finish} once.
 */
export class CompactIndexBuilder {
  private readonly fields: IndexField[];
  private readonly registry = new TermRegistry(); // term → Lunr term index (first occurrence order)
  private readonly chunkers = new Map<string, ChunkTerms>();
  private readonly terms = new IdList();
  private tf = new Uint32Array(1 << 16); // scratch: term frequency in the current (doc, field), by term index
  private readonly touched: number[] = [];
  // Postings in document-major order: (term, tf) pairs, (doc, field) segment `s` spanning [segStart[s], segStart[s+1]).
  private readonly occTerm = new ChunkedUint32();
  private readonly occTf = new ChunkedUint32();
  private readonly segStart = new GrowingUint32();
  private readonly fieldLength = new GrowingUint32();
  private docs = 0;

  constructor(private readonly spec: KindSpec) {
    this.fields = spec.fields.map((f) => ({ name: f.name, boost: f.boost }));
    for (const field of spec.fields) {
      if (!this.chunkers.has(field.analyzer)) this.chunkers.set(field.analyzer, new ChunkTerms(this.registry, field.analyzer));
    }
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
    this.segStart.ensure((doc + 1) * F + 1);
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
      const tf = this.tf;
      for (let k = 0; k < terms.length; k++) {
        const id = terms.data[k]!;
        const before = tf[id]!;
        tf[id] = before + 1;
        if (before === 0) touched.push(id);
      }
      const length = terms.length;
      for (const id of touched) {
        this.occTerm.push(id);
        this.occTf.push(tf[id]!);
        tf[id] = 0;
      }
      touched.length = 0;
      const seg = doc * F + f;
      this.fieldLength.data[seg] = length;
      this.segStart.data[seg + 1] = this.occTerm.length;
    }
    this.docs++;
  }

  /** The finished index over the documents added. Call once. */
  finish(): CompactIndex {
    const F = this.fields.length;
    const N = this.docs;
    return finish(this.fields, N, this.registry.names, this.occTerm, this.occTf, this.segStart.data.subarray(0, N * F + 1), this.fieldLength.data.subarray(0, N * F));
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

/** Weights, term sort and the term-major layout. */
function finish(
  fields: readonly IndexField[],
  N: number,
  names: readonly string[],
  occTerm: ChunkedUint32,
  occTf: ChunkedUint32,
  segStart: Uint32Array,
  fieldLength: Uint32Array,
): CompactIndex {
  const F = fields.length;
  const T = names.length;
  const P = occTerm.length;

  // Lunr's average field length: sum over documents (every document has every field) / documents with the field.
  const average = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    let sum = 0;
    for (let doc = 0; doc < N; doc++) sum += fieldLength[doc * F + f]!;
    average[f] = sum / N;
  }
  // lunr.idf: documentsWithTerm counts one per (field, doc) posting.
  const postingsOfTerm = new Uint32Array(T);
  for (let i = 0; i < P; i++) postingsOfTerm[occTerm.get(i)]!++;
  const idf = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const x = (N - postingsOfTerm[t]! + 0.5) / (postingsOfTerm[t]! + 0.5);
    idf[t] = Math.log(1 + Math.abs(x));
  }

  // Terms sorted as JavaScript sorts strings; rank of each term index.
  const order = Array.from({ length: T }, (_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  const rankOf = new Uint32Array(T);
  const termIndex = new Uint32Array(T);
  order.forEach((id, rank) => {
    rankOf[id] = rank;
    termIndex[rank] = id;
  });
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

  // Counting sort of the postings into (rank, field) buckets; documents stay ascending inside each bucket.
  const postStart = new Uint32Array(T * F + 1);
  for (let seg = 0; seg < N * F; seg++) {
    const f = seg % F;
    for (let i = segStart[seg]!; i < segStart[seg + 1]!; i++) postStart[rankOf[occTerm.get(i)]! * F + f + 1]!++;
  }
  for (let b = 0; b < T * F; b++) postStart[b + 1]! += postStart[b]!;
  const cursor = postStart.slice(0, T * F);
  const postDocs = new Uint32Array(P);
  const postWeights = new Int32Array(P);
  const postTf = new Uint32Array(P);
  for (let seg = 0; seg < N * F; seg++) {
    const doc = Math.floor(seg / F);
    const f = seg % F;
    const boost = fields[f]!.boost || 1;
    const lengthRatio = fieldLength[seg]! / average[f]!;
    for (let i = segStart[seg]!; i < segStart[seg + 1]!; i++) {
      const t = occTerm.get(i);
      const freq = occTf.get(i);
      // Same expression and order as lunr.Builder#createFieldVectors (docBoost is 1 and multiplying by 1 is exact).
      let score = (idf[t]! * ((K1 + 1) * freq)) / (K1 * (1 - B + B * lengthRatio) + freq);
      score *= boost;
      const at = cursor[rankOf[t]! * F + f]!++;
      postDocs[at] = doc;
      postWeights[at] = Math.round(score * 1000);
      postTf[at] = freq;
    }
  }
  const lengths = fieldLength.slice();
  return new CompactIndex({
    fields, docCount: N, termOffsets, termBytes: bytes.slice(0, termOffsets[T]!), termIndex, postStart,
    postings: new ArrayPostings(postDocs, postWeights, postTf), fieldLengths: () => lengths,
  });
}
