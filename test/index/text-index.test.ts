/**
 * The fast builder and the compact index against Lunr itself, on real records: the index data (term indexes,
 * inverted index, field vectors) equals what `lunr.Builder` produces, and postings and scores equal what Lunr's
 * own objects (`lunr.Vector#similarity` over the serialised field vectors) give — the reference below is the
 * previous JSON-based implementation, kept here verbatim in spirit.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { Kind, RawRecord } from '../../src/kinds/kind.js';
import { Collection } from '../../src/store/collection.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { LunrTextIndex } from '../../src/index/text-index.js';
import { buildWithLunrBuilder, fromLunrJSON, toLunrJSON, type LunrJson } from './lunr-oracle.js';
import { analyzeQueryWord } from '../../src/text/analyzer.js';
import { ReferenceIndex } from './text-index-reference.js';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/data');

/** Records of one kind from a shared source (plain or gzip), or [] when absent. */
function shared(source: string, kind: string): RawRecord[] {
  for (const name of [`${kind}.json`, `${kind}.json.gz`]) {
    const file = path.join(SHARED, source, name);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    return JSON.parse((name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as RawRecord[];
  }
  return [];
}

/** Every `step`-th record, at most `max`. */
const sample = (records: RawRecord[], max: number): RawRecord[] => {
  const step = Math.max(1, Math.floor(records.length / max));
  return records.filter((_, i) => i % step === 0).slice(0, max);
};

const CASES: Array<{ kind: Kind; records: RawRecord[] }> = [
  { kind: 'issues', records: [...sample(shared('hf-datasets-issues', 'issues'), 250), ...sample(shared('hub4j-github-api-wiremock', 'issues'), 150)] },
  { kind: 'repositories', records: sample(shared('hub4j-github-api-wiremock', 'repositories'), 200) },
  { kind: 'users', records: sample(shared('hub4j-github-api-wiremock', 'users'), 200) },
  { kind: 'commits', records: sample(shared('hub4j-github-api-wiremock', 'commits'), 200) },
  { kind: 'code', records: sample(shared('hub4j-github-api-wiremock', 'code'), 100) },
];

function collectionOf(kind: Kind, records: RawRecord[]): Collection {
  return new Collection(specOf(kind), records, new Map(), { repositories: [], users: [], issues: [] });
}

/** Lunr's JSON of an index, as it would be written to disk and read back. */
const viaJson = (value: unknown): LunrJson => JSON.parse(JSON.stringify(value)) as LunrJson;

/** Words of the records' text fields, analysed per field, for queries. */
function vocabulary(kind: Kind, records: RawRecord[]): string[] {
  const spec = specOf(kind);
  const c = collectionOf(kind, records);
  const words = new Set<string>();
  records.forEach((r, doc) => {
    for (const field of spec.fields) {
      const value = field.get(r, doc, c);
      if (typeof value === 'string') for (const w of value.split(/\s+/).slice(0, 40)) if (w) words.add(w);
    }
  });
  return [...words].sort();
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

for (const { kind, records } of CASES) {
  describe.skipIf(records.length === 0)(`${kind}: compact index vs lunr.Builder (${records.length} real records)`, () => {
    const spec = specOf(kind);
    const c = collectionOf(kind, records);
    const lunrJson = viaJson(buildWithLunrBuilder(spec, c));
    const built = buildCompactIndex(spec, c);

    it('has the same terms, term indexes, postings and field vectors as lunr.Builder', () => {
      const ours = viaJson(toLunrJSON(built));
      expect(ours.fields).toEqual(lunrJson.fields);
      expect(ours.invertedIndex.length).toBe(lunrJson.invertedIndex.length);
      expect(ours.invertedIndex).toEqual(lunrJson.invertedIndex);
      expect(ours.fieldVectors).toEqual(lunrJson.fieldVectors);
      expect(ours).toEqual(lunrJson);
    });

    it('round-trips through Lunr JSON', () => {
      expect(viaJson(toLunrJSON(fromLunrJSON(lunrJson, records.length)))).toEqual(lunrJson);
    });

    const reference = new ReferenceIndex(lunrJson, records.length);
    const fast = new LunrTextIndex(built, records.length);
    const words = vocabulary(kind, records);

    it('gives the same postings for every word of the records', () => {
      for (const field of spec.fields) {
        for (const word of words) {
          for (const term of analyzeQueryWord(word, field.analyzer)) {
            expect(same(fast.postings(field.name, term), reference.postings(field.name, term))).toBe(true);
          }
        }
      }
    });

    it('gives bit-identical scores on random queries (property)', () => {
      const all = Uint32Array.from(records.keys());
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
          fc.subarray(spec.fields.map((f) => f.name), { minLength: 1 }),
          fc.integer({ min: 1, max: 4 }),
          (queryWords, fieldNames, stride) => {
            const terms = new Map<string, string[]>();
            for (const name of fieldNames) {
              const analyzer = spec.fields.find((f) => f.name === name)!.analyzer;
              terms.set(name, queryWords.flatMap((w) => analyzeQueryWord(w, analyzer)));
            }
            const docs = all.filter((d) => d % stride === 0);
            return same(fast.score(docs, terms), reference.score(docs, terms));
          },
        ),
        { seed: 20240601, numRuns: 150 },
      );
    });
  });
}
