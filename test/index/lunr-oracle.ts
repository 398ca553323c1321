/**
 * The oracle the compact index is tested against: the same index built by `lunr.Builder` itself, and the
 * conversions between the compact form (src/index/compact-index.ts) and Lunr's own serialisation
 * (`lunr.Index#toJSON`). Test-only: the product builds, caches and reads the compact form and never Lunr's JSON.
 */
import lunr from 'lunr';
import type { KindSpec } from '../../src/kinds/spec.js';
import type { CollectionView } from '../../src/kinds/collection-view.js';
import { ArrayPostings, CompactIndex } from '../../src/index/compact-index.js';
import { lunrTokenizer, type AnalyzerName } from '../../src/text/analyzer.js';

/** The serialised Lunr index as `lunr.Index#toJSON` writes it (lunr 2.3 format). */
export interface LunrJson {
  version: string;
  fields: string[];
  fieldVectors: Array<[string, number[]]>;
  invertedIndex: Array<[string, Record<string, unknown>]>;
  pipeline: string[];
}

/**
 * The index of `spec` over `c.records` built by `lunr.Builder` (pipelines emptied, our tokenizer,
 * `metadataWhitelist` empty, refs = document numbers). ~10× slower and far hungrier than the compact builder.
 */
export function buildWithLunrBuilder(spec: KindSpec, c: CollectionView): lunr.Index {
  const builder = new lunr.Builder();
  builder.pipeline.reset();
  builder.searchPipeline.reset();
  builder.ref('doc');
  const analyzers: Record<string, AnalyzerName> = {};
  for (const field of spec.fields) {
    analyzers[field.name] = field.analyzer;
    builder.field(field.name, { boost: field.boost });
  }
  builder.tokenizer = lunrTokenizer(analyzers) as unknown as typeof lunr.tokenizer;
  c.records.forEach((record, doc) => {
    const fields: Record<string, unknown> = { doc: String(doc) };
    for (const field of spec.fields) fields[field.name] = field.get(record, doc, c) ?? '';
    builder.add(fields);
  });
  return builder.build();
}

/**
 * Lunr's own serialised form of a compact index, equal to what `lunr.Index#toJSON` gives for the same data:
 * inverted index sorted by term (each posting `{_index, <field>: {<ref>: {}}}`), field vectors in document
 * then field order (`<field>/<ref>` → `[termIndex, weight, …]` sorted by term index), empty pipeline.
 */
export function toLunrJSON(index: CompactIndex): LunrJson {
  const F = index.fields.length;
  const invertedIndex: Array<[string, Record<string, unknown>]> = [];
  const vectors: Array<Array<[number, number]>> = Array.from({ length: index.docCount * F }, () => []);
  for (let rank = 0; rank < index.termCount; rank++) {
    const posting: Record<string, unknown> = { _index: index.termIndex[rank]! };
    for (let f = 0; f < F; f++) {
      const byRef: Record<string, object> = {};
      const docs = index.docs(rank, f);
      const weights = index.weights(rank, f);
      for (let i = 0; i < docs.length; i++) {
        byRef[String(docs[i])] = {};
        vectors[docs[i]! * F + f]!.push([index.termIndex[rank]!, weights[i]! / 1000]);
      }
      posting[index.fields[f]!.name] = byRef;
    }
    invertedIndex.push([index.term(rank), posting]);
  }
  const fieldVectors: Array<[string, number[]]> = vectors.map((pairs, at) => {
    pairs.sort((a, b) => a[0] - b[0]);
    return [`${index.fields[at % F]!.name}/${Math.floor(at / F)}`, pairs.flat()];
  });
  return { version: lunr.version, fields: index.fields.map((f) => f.name), fieldVectors, invertedIndex, pipeline: [] };
}

/**
 * The compact form of a serialised Lunr index whose refs are document numbers `0 … docCount-1`. Boosts are not
 * part of Lunr's JSON (they are baked into the weights): 1.
 * @throws RangeError when a ref is not a document number below `docCount`, or a posting has no vector weight
 */
export function fromLunrJSON(json: LunrJson, docCount: number): CompactIndex {
  const fields = json.fields.map((name) => ({ name, boost: 1 }));
  const F = fields.length;
  const vectors = new Map<string, number[]>(json.fieldVectors);
  const entries = [...json.invertedIndex].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const encoded = entries.map(([term]) => Buffer.from(term, 'utf8'));
  const termOffsets = new Uint32Array(entries.length + 1);
  encoded.forEach((bytes, i) => (termOffsets[i + 1] = termOffsets[i]! + bytes.length));
  const termBytes = new Uint8Array(termOffsets[entries.length]!);
  encoded.forEach((bytes, i) => termBytes.set(bytes, termOffsets[i]!));
  const termIndex = new Uint32Array(entries.length);
  entries.forEach(([, posting], rank) => (termIndex[rank] = Number(posting._index)));
  // Postings are laid out in term-index order (compact-index.ts): visit the terms by their `_index`.
  const byIndex = entries.map((entry, rank) => ({ entry, index: termIndex[rank]! })).sort((a, b) => a.index - b.index);
  const postStart = new Uint32Array(entries.length * F + 1);
  const docs: number[] = [];
  const weights: number[] = [];
  byIndex.forEach(({ entry: [term, posting], index }, position) => {
    if (index !== position) throw new RangeError(`term indexes are not 0 … ${entries.length - 1}`);
    fields.forEach((field, f) => {
      const refs = Object.keys((posting[field.name] ?? {}) as object).map(Number).sort((a, b) => a - b);
      for (const doc of refs) {
        if (!Number.isInteger(doc) || doc < 0 || doc >= docCount) throw new RangeError(`ref ${doc} of "${term}" is not a document number below ${docCount}`);
        const weight = vectorWeight(vectors.get(`${field.name}/${doc}`), index);
        if (weight === undefined) throw new RangeError(`no field-vector weight for "${term}" in ${field.name}/${doc}`);
        docs.push(doc);
        weights.push(Math.round(weight * 1000));
      }
      postStart[index * F + f + 1] = docs.length;
    });
  });
  return new CompactIndex({
    fields,
    docCount,
    termOffsets,
    termBytes,
    termIndex,
    postStart,
    postings: new ArrayPostings(Uint32Array.from(docs), Int32Array.from(weights)),
  });
}

/** The weight of dimension `index` in a Lunr vector's `[index, weight, …]` elements (sorted by index). */
function vectorWeight(elements: readonly number[] | undefined, index: number): number | undefined {
  if (!elements) return undefined;
  let lo = 0;
  let hi = elements.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = elements[mid * 2]!;
    if (at === index) return elements[mid * 2 + 1];
    if (at < index) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}
