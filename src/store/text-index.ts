/**
 * The Lunr index of one kind: built with the kind's fields, boosts and analyzers (no positions stored), read
 * through posting lists and Lunr's own field vectors so the executor can intersect before it scores.
 */
import lunr from 'lunr';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/spec.js';
import { lunrTokenizer, type AnalyzerName } from '../text/analyzer.js';

/** Sorted, duplicate-free document numbers. */
export type DocList = Uint32Array;

const EMPTY: DocList = new Uint32Array(0);

/** Read access to an index, independent of how it is stored. */
export interface TextIndex {
  /** Number of documents indexed (= records of the kind). */
  readonly docCount: number;
  /** Documents whose `field` contains the analysed `term`; empty when none. */
  postings(field: string, term: string): DocList;
  /** Terms of `field` starting with `prefix`, at most `limit` of them, in lexical order. */
  expand(field: string, prefix: string, limit: number): string[];
  /**
   * Lunr's relevance of each document for the query terms: per field, the cosine-style similarity of the query
   * vector (each term weight 1) with the document's field vector (tf-idf × field boost), summed over fields.
   * @param terms field → analysed terms of the query's positive keywords
   * @returns one score per entry of `docs`, same order
   */
  score(docs: DocList, terms: ReadonlyMap<string, readonly string[]>): Float64Array;
}

/** The serialised Lunr index as `lunr.Index#toJSON` writes it (lunr 2.3 format). */
export interface SerializedLunr {
  version: string;
  fields: string[];
  fieldVectors: Array<[string, number[]]>;
  invertedIndex: Array<[string, Record<string, unknown>]>;
  pipeline: string[];
}

/**
 * Build a Lunr index for `spec` over `c.records`. The builder's pipelines are emptied: the analyzers already
 * produce final terms. `metadataWhitelist` stays empty (no positions: text matches are computed on the page).
 * @param onProgress called every 1,000 documents with the count done
 */
export function buildLunrIndex(spec: KindSpec, c: CollectionView, onProgress?: (done: number) => void): lunr.Index {
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
    if (onProgress && (doc + 1) % 1000 === 0) onProgress(doc + 1);
  });
  return builder.build();
}

type Posting = Record<string, Record<string, unknown>> & { _index: number };

/**
 * A {@link TextIndex} over a serialised Lunr index. Loading skips Lunr's token-set construction (only wildcard
 * expansion needs the term list, kept sorted here), so a cached index loads in one `JSON.parse`.
 */
export class LunrTextIndex implements TextIndex {
  readonly docCount: number;
  private readonly inverted = new Map<string, Posting>();
  private readonly vectors = new Map<string, lunr.Vector>();
  private sortedTerms: string[] | undefined;
  private readonly cache = new Map<string, DocList>();

  constructor(serialized: SerializedLunr, docCount: number) {
    this.docCount = docCount;
    for (const [term, posting] of serialized.invertedIndex) this.inverted.set(term, posting as Posting);
    for (const [ref, elements] of serialized.fieldVectors) {
      this.vectors.set(ref, new lunr.Vector(elements));
    }
  }

  postings(field: string, term: string): DocList {
    const key = `${field}\u0000${term}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const docs = this.inverted.get(term)?.[field];
    const list = docs ? Uint32Array.from(Object.keys(docs), Number).sort() : EMPTY;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, list);
    return list;
  }

  expand(field: string, prefix: string, limit: number): string[] {
    this.sortedTerms ??= [...this.inverted.keys()].sort();
    const terms = this.sortedTerms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < terms.length && out.length < limit && terms[i]!.startsWith(prefix); i++) {
      if (this.inverted.get(terms[i]!)?.[field]) out.push(terms[i]!);
    }
    return out;
  }

  score(docs: DocList, terms: ReadonlyMap<string, readonly string[]>): Float64Array {
    const scores = new Float64Array(docs.length);
    for (const [field, fieldTerms] of terms) {
      const query = new lunr.Vector([]);
      for (const term of fieldTerms) {
        const posting = this.inverted.get(term);
        if (posting && posting[field]) query.upsert(posting._index, 1, (a, b) => a + b);
      }
      if ((query as unknown as { elements: number[] }).elements.length === 0) continue;
      for (let i = 0; i < docs.length; i++) {
        const vector = this.vectors.get(`${field}/${docs[i]}`);
        if (vector) scores[i]! += query.similarity(vector);
      }
    }
    return scores;
  }
}
