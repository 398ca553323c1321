/**
 * Whole searches answered through the compact index and through the previous JSON-based index (Lunr's objects):
 * same totals, same items in the same order, same scores, on real issues and a set of keyword/qualifier queries.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { Collection } from '../../src/store/collection.js';
import type { Store } from '../../src/store/store.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { LunrTextIndex, type TextIndex } from '../../src/index/text-index.js';
import { buildWithLunrBuilder, type LunrJson } from './lunr-oracle.js';
import { ReferenceIndex } from './text-index-reference.js';

const FILE = path.resolve(import.meta.dirname, '../../../shared/data/hf-datasets-issues/issues.json.gz');
const records: RawRecord[] = existsSync(FILE)
  ? (JSON.parse(gunzipSync(readFileSync(FILE)).toString('utf8')) as RawRecord[]).filter((_, i) => i % 12 === 0)
  : [];

function storeWith(index: (c: Collection) => TextIndex): Store {
  const collection = new Collection(specOf('issues'), records, new Map(), { repositories: [], users: [], issues: [] });
  collection.attachIndex(index(collection));
  return {
    source: 'test',
    counts: async () => ({ issues: records.length }),
    prebuild: async () => [],
    collection: async () => collection,
  };
}

const QUERIES = [
  'dataset', 'load_dataset', 'error loading', 'streaming', 'cache', 'arrow table', 'audio', 'fix', 'docs typo',
  'dataset state:open', 'error is:pr', 'feature in:title', 'memory in:body', 'dataset -error', 'json OR csv',
  'label:bug crash', 'parquet comments:>2', 'tokenizer created:>2021-01-01', '"load dataset"', 'hub push_to_hub',
  'map batched', 'windows', 'fsspec s3', 'split train', 'metric', 'imagefolder', 'zzzznotaword', 'the',
];

describe.skipIf(records.length === 0)(`searches through the compact index vs Lunr's objects (${records.length} real issues)`, () => {
  const compact = storeWith((c) => new LunrTextIndex(buildCompactIndex(specOf('issues'), c), records.length));
  const reference = storeWith(
    (c) => new ReferenceIndex(JSON.parse(JSON.stringify(buildWithLunrBuilder(specOf('issues'), c))) as LunrJson, records.length),
  );

  it('finds documents for common words (the comparison is not vacuous)', async () => {
    for (const q of ['dataset', 'error loading', 'dataset state:open']) {
      expect((await runSearch({ kind: 'issues', q }, compact)).envelope.total_count).toBeGreaterThan(5);
    }
  });

  it.each(QUERIES)('%s', async (q) => {
    for (const sort of [undefined, 'comments']) {
      const request = { kind: 'issues' as const, q, sort, per_page: '100' };
      const [a, b] = await Promise.all([runSearch(request, compact), runSearch(request, reference)]);
      expect(a.envelope.total_count).toBe(b.envelope.total_count);
      const view = (items: ReadonlyArray<Record<string, unknown>>) => items.map((i) => [i.id, i.score]);
      expect(view(a.envelope.items as Array<Record<string, unknown>>)).toEqual(view(b.envelope.items as Array<Record<string, unknown>>));
    }
  });
});
