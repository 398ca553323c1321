/**
 * `npm run bench:visibility [-- <count> <cache-dir> <q>...]`: the cost of relevance over what a viewer may see
 * (issue #12), on the index alone (no dump loader, so it runs at every scale). Generates the bench corpus's issues
 * in memory (titles and bodies), builds this project's index, saves it in the cache format, reopens it lazily as a
 * search would, runs each keyword query, then scores each query's hits with the stored weights (a viewer who sees
 * everything) and with statistics recomputed for a viewer who cannot see every 20th document. Prints one JSON
 * line: build, save, open and query times in ms, index size and the bytes the statistics add, scoring times.
 * Defaults: 10,000 documents, a temp cache directory, the bench's four keyword queries.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { intersect, union } from '../src/execute/doc-set.js';
import { specOf } from '../src/kinds/catalog.js';
import type { RawRecord } from '../src/kinds/kind.js';
import { Collection } from '../src/store/collection.js';
import { loadCached, saveCached } from '../src/cache/index-cache.js';
import { buildCompactIndex } from '../src/index/index-builder.js';
import { LunrTextIndex, type TextIndex } from '../src/index/text-index.js';
import { analyzeQueryWord } from '../src/text/analyzer.js';
import { generateIssues } from './corpus.js';
import { loadCorpusSource } from './corpus-source.js';

/** What the child prints. Times in ms, sizes in bytes. */
export interface IndexOnlyReport {
  readonly records: number;
  readonly buildMs: number;
  readonly saveMs: number;
  readonly indexBytes: number;
  readonly openMs: number;
  readonly queries: ReadonlyArray<{ q: string; ms: number; hits: number }>;
  /**
   * The cost of relevance over what a viewer may see (issue #12): bytes the term frequencies and field lengths add
   * to the index file, and per query the median time to score its hits with the stored weights (a viewer who sees
   * everything) and with statistics recomputed for a viewer who cannot see 5 % of the documents (every 20th).
   */
  readonly visibility: {
    readonly statisticsBytes: number;
    readonly hiddenDocs: number;
    readonly queries: ReadonlyArray<{ q: string; hits: number; storedMs: number; visibleMs: number; firstVisibleMs: number }>;
  };
}

/** Median of `runs` timings of `work` in ms. */
function timed(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    work();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Documents with every word of `q` in title or body, and their Lunr scores. */
export function keywordSearch(index: TextIndex, q: string): { docs: Uint32Array; scores: Float64Array } {
  const fields = specOf('issues').fields;
  let docs: Uint32Array | undefined;
  const terms = new Map<string, string[]>();
  for (const word of q.split(/\s+/).filter(Boolean)) {
    let wordDocs: Uint32Array = new Uint32Array(0);
    for (const field of fields) {
      const fieldTerms = analyzeQueryWord(word, field.analyzer);
      terms.set(field.name, [...(terms.get(field.name) ?? []), ...fieldTerms]);
      if (fieldTerms.length === 0) continue;
      let inField = index.postings(field.name, fieldTerms[0]!);
      for (const term of fieldTerms.slice(1)) inField = intersect(inField, index.postings(field.name, term));
      wordDocs = union(wordDocs, inField);
    }
    docs = docs ? intersect(docs, wordDocs) : wordDocs;
  }
  const found = docs ?? new Uint32Array(0);
  return { docs: found, scores: index.score(found, terms) };
}

/** The hits of `q` and its query terms by field (as {@link keywordSearch}, without scoring). */
function keywordTerms(index: TextIndex, q: string): { docs: Uint32Array; terms: Map<string, string[]> } {
  const fields = specOf('issues').fields;
  const terms = new Map<string, string[]>();
  for (const word of q.split(/\s+/).filter(Boolean)) {
    for (const field of fields) terms.set(field.name, [...(terms.get(field.name) ?? []), ...analyzeQueryWord(word, field.analyzer)]);
  }
  return { docs: keywordSearch(index, q).docs, terms };
}

async function main(argv: readonly string[]): Promise<void> {
  const [countText = '10000', cacheDir = mkdtempSync(path.join(tmpdir(), 'ogs-visibility-cost-')), ...given] = argv;
  const queries = given.length > 0 ? given : ['precautions', 'dataset', 'datasets following', 'call'];
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: visibility-cost [count] [cache-dir] [q...]');
  const records: RawRecord[] = [];
  generateIssues(count, loadCorpusSource(), 'bench', (r) => records.push({ title: r.title, body: r.body }));
  const spec = specOf('issues');
  const collection = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
  let t = performance.now();
  const built = buildCompactIndex(spec, collection);
  const buildMs = performance.now() - t;
  t = performance.now();
  const key = 'index-only';
  const indexBytes = (await saveCached(cacheDir, 'issues', key, built)) ?? 0;
  const saveMs = performance.now() - t;
  t = performance.now();
  const loaded = await loadCached(cacheDir, 'issues', key, count);
  if (!loaded) throw new Error(`could not reopen the index in ${path.resolve(cacheDir)}`);
  const index = new LunrTextIndex(loaded.index, count);
  const openMs = performance.now() - t;
  const results = queries.map((q) => {
    const started = performance.now();
    const { docs } = keywordSearch(index, q);
    return { q, ms: performance.now() - started, hits: docs.length };
  });
  // Relevance over what a viewer may see: every 20th document hidden (5 % private, none readable).
  const hidden = Uint32Array.from({ length: Math.floor(count / 20) }, (_, i) => i * 20);
  const visibility = queries.map((q) => {
    const { docs, terms } = keywordTerms(index, q);
    const visibleDocs = docs.filter((doc) => doc % 20 !== 0);
    const first = performance.now();
    index.score(visibleDocs, terms, hidden);
    const firstVisibleMs = performance.now() - first;
    return {
      q,
      hits: visibleDocs.length,
      storedMs: timed(5, () => index.score(visibleDocs, terms)),
      visibleMs: timed(5, () => index.score(visibleDocs, terms, hidden)),
      firstVisibleMs,
    };
  });
  const F = spec.fields.length;
  const statisticsBytes = loaded.index.postings.count * 4 + Math.ceil(loaded.index.postings.count / 16_384) * 4 + count * F * 4;
  const report: IndexOnlyReport = {
    records: count, buildMs, saveMs, indexBytes, openMs, queries: results,
    visibility: { statisticsBytes, hiddenDocs: hidden.length, queries: visibility },
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`visibility-cost: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}
