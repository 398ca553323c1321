/**
 * The previous, JSON-based TextIndex (Lunr's serialised index in maps, lunr.Vector objects and
 * lunr.Vector#similarity), kept as the reference the compact index must match bit for bit.
 */
import lunr from 'lunr';
import type { LunrJson } from './lunr-oracle.js';
import type { DocList, TextIndex } from '../../src/index/text-index.js';

export class ReferenceIndex implements TextIndex {
  readonly docCount: number;
  private readonly inverted = new Map<string, Record<string, unknown> & { _index: number }>();
  private readonly vectors = new Map<string, lunr.Vector>();
  constructor(json: LunrJson, docCount: number) {
    this.docCount = docCount;
    for (const [term, posting] of json.invertedIndex) this.inverted.set(term, posting as Record<string, unknown> & { _index: number });
    for (const [ref, elements] of json.fieldVectors) this.vectors.set(ref, new lunr.Vector(elements));
  }
  postings(field: string, term: string): DocList {
    const docs = this.inverted.get(term)?.[field];
    return docs ? Uint32Array.from(Object.keys(docs), Number).sort() : new Uint32Array(0);
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

