/**
 * The "naive Lunr" anchor, run as a child process by the bench:
 *   build <dump-dir> <index.json>        `lunr()` over title + body (default pipeline), `JSON.stringify` to disk
 *   query <dump-dir> <index.json> <q>    parse the dump, `lunr.Index.load` the index, `index.search`, print JSON
 *   serve <dump-dir> <index.json>        the same behind HTTP (see baseline-server.ts)
 * Keywords are required terms (GitHub ANDs them); qualifiers filter the hits afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';
import type { RawRecord } from '../kinds/kind.js';
import { pageOf, parseBaselineQuery, type BaselinePaging } from './baseline-query.js';
import { serveBaseline } from './baseline-server.js';

function loadRecords(dir: string): RawRecord[] {
  return JSON.parse(readFileSync(path.join(dir, 'issues.json'), 'utf8')) as RawRecord[];
}

/** Build the naive index: one `lunr()` call with fields `title` and `body`, refs = record positions. */
export function buildNaive(records: readonly RawRecord[]): lunr.Index {
  return lunr(function () {
    this.ref('id');
    this.field('title');
    this.field('body');
    records.forEach((r, i) => this.add({ id: String(i), title: r.title ?? '', body: r.body ?? '' }));
  });
}

/** Search the naive index: every keyword required, qualifiers tested on the hits, GitHub paging. */
export function searchNaive(index: lunr.Index, records: readonly RawRecord[], q: string, paging: BaselinePaging) {
  const query = parseBaselineQuery(q);
  const terms = query.words.flatMap((w) => lunr.tokenizer(w).map((t) => t.toString()));
  const hits =
    terms.length === 0
      ? records.map((_, i) => ({ ref: String(i), score: 1 }))
      : index.query((lq) => {
          for (const term of terms) lq.term(term, { presence: lunr.Query.presence.REQUIRED });
        });
  const docs: number[] = [];
  const scores: number[] = [];
  for (const hit of hits) {
    const doc = Number(hit.ref);
    if (!query.test(records[doc]!)) continue;
    docs.push(doc);
    scores.push(hit.score);
  }
  return pageOf(records, docs, scores, paging);
}

function loadIndex(file: string): lunr.Index {
  return lunr.Index.load(JSON.parse(readFileSync(file, 'utf8')));
}

function main(argv: readonly string[]): void {
  const [command, dir, indexFile, q] = argv;
  if (command === 'build' && dir && indexFile) {
    writeFileSync(indexFile, JSON.stringify(buildNaive(loadRecords(dir))));
  } else if (command === 'query' && dir && indexFile && q !== undefined) {
    const records = loadRecords(dir);
    const index = loadIndex(indexFile);
    process.stdout.write(`${JSON.stringify(searchNaive(index, records, q, {}))}\n`);
  } else if (command === 'serve' && dir && indexFile) {
    const records = loadRecords(dir);
    const index = loadIndex(indexFile);
    serveBaseline((query, paging) => searchNaive(index, records, query, paging));
  } else {
    process.stderr.write('usage: naive-lunr build|query|serve <dump-dir> <index.json> [q]\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main(process.argv.slice(2));
