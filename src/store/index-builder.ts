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
 * turns them term-major. Terms come from the kind's analyzers (no Lunr pipeline, as buildLunrIndex configures),
 * through a per-chunk cache (chunk-terms.ts).
 */
import type { CollectionView, KindSpec } from '../kinds/spec.js';
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

/**
 * Index `c.records` with the text fields of `spec`.
 * @param onProgress called every 1,000 documents with the count done
 */
export function buildCompactIndex(spec: KindSpec, c: CollectionView, onProgress?: (done: number) => void): CompactIndex {
  const fields: IndexField[] = spec.fields.map((f) => ({ name: f.name, boost: f.boost }));
  const F = fields.length;
  const N = c.records.length;
  const registry = new TermRegistry(); // term → Lunr term index (first occurrence order)
  const chunkers = new Map<string, ChunkTerms>();
  for (const field of spec.fields) if (!chunkers.has(field.analyzer)) chunkers.set(field.analyzer, new ChunkTerms(registry, field.analyzer));
  const terms = new IdList();
  let tf = new Uint32Array(1 << 16); // scratch: term frequency in the current (doc, field), by term index
  const touched: number[] = [];
  // Postings in document-major order: (term, tf) pairs, (doc, field) segment `s` spanning [segStart[s], segStart[s+1]).
  const occTerm = new ChunkedUint32();
  const occTf = new ChunkedUint32();
  const segStart = new Uint32Array(N * F + 1);
  const fieldLength = new Uint32Array(N * F);

  for (let doc = 0; doc < N; doc++) {
    const record = c.records[doc]!;
    for (let f = 0; f < F; f++) {
      const field = spec.fields[f]!;
      const value = field.get(record, doc, c);
      // As lunrTokenizer: null/undefined give nothing, arrays are analysed element by element.
      const texts: readonly unknown[] = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      terms.length = 0;
      for (const text of texts) if (text !== undefined && text !== null) chunkers.get(field.analyzer)!.append(String(text), terms);
      if (registry.names.length > tf.length) {
        const bigger = new Uint32Array(Math.max(tf.length * 2, registry.names.length));
        bigger.set(tf);
        tf = bigger;
      }
      for (let k = 0; k < terms.length; k++) {
        const id = terms.data[k]!;
        const before = tf[id]!;
        tf[id] = before + 1;
        if (before === 0) touched.push(id);
      }
      const length = terms.length;
      for (const id of touched) {
        occTerm.push(id);
        occTf.push(tf[id]!);
        tf[id] = 0;
      }
      touched.length = 0;
      const seg = doc * F + f;
      fieldLength[seg] = length;
      segStart[seg + 1] = occTerm.length;
    }
    if (onProgress && (doc + 1) % 1000 === 0) onProgress(doc + 1);
  }
  return finish(fields, N, registry.names, occTerm, occTf, segStart, fieldLength);
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
    }
  }
  return new CompactIndex({ fields, docCount: N, termOffsets, termBytes: bytes.slice(0, termOffsets[T]!), termIndex, postStart, postings: new ArrayPostings(postDocs, postWeights) });
}
