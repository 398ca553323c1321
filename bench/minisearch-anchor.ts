/**
 * The MiniSearch anchor (the in-memory JavaScript search library a Node user would pick), run as a child process
 * by the bench:
 *   build <dump-dir> <index.json>   stream the dump's records (one per line), index title + body, save the index JSON
 *   serve <dump-dir> <index.json>   load the index and the records, answer `GET /search/issues?q=…` behind node:http
 * Keywords are required terms (GitHub ANDs them); qualifiers filter the hits afterwards (baseline-query.ts).
 */
import { createReadStream, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import MiniSearch from 'minisearch';
import type { RawRecord } from '../src/kinds/kind.js';
import { pageOf, parseBaselineQuery, type BaselinePaging } from './baseline-query.js';
import { serveBaseline } from './baseline-server.js';

const OPTIONS = { fields: ['title', 'body'], idField: 'doc' };

/** The records of `<dir>/issues.json`, a JSON array holding one record per line, streamed line by line. */
async function eachRecord(dir: string, each: (record: RawRecord, doc: number) => void): Promise<void> {
  const lines = createInterface({ input: createReadStream(path.join(dir, 'issues.json')), crlfDelay: Infinity });
  let doc = 0;
  for await (const line of lines) {
    const trimmed = line.trim().replace(/,$/, '');
    if (!trimmed.startsWith('{')) continue;
    each(JSON.parse(trimmed) as RawRecord, doc++);
  }
}

/** A MiniSearch index over the records' titles and bodies; documents are record positions. */
export function newIndex(): MiniSearch<{ doc: number; title: string; body: string }> {
  return new MiniSearch<{ doc: number; title: string; body: string }>({ ...OPTIONS });
}

/** Search: every keyword required, qualifiers tested on the hits, GitHub paging. */
export function searchMini(index: MiniSearch, records: readonly RawRecord[], q: string, paging: BaselinePaging) {
  const query = parseBaselineQuery(q);
  const docs: number[] = [];
  const scores: number[] = [];
  if (query.words.length === 0) {
    records.forEach((record, doc) => {
      if (!query.test(record)) return;
      docs.push(doc);
      scores.push(1);
    });
  } else {
    for (const hit of index.search(query.words.join(' '), { combineWith: 'AND' })) {
      const doc = hit.id as number;
      if (!query.test(records[doc]!)) continue;
      docs.push(doc);
      scores.push(hit.score);
    }
  }
  return pageOf(records, docs, scores, paging);
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, dir, indexFile] = argv;
  if (command === 'build' && dir && indexFile) {
    const index = newIndex();
    await eachRecord(dir, (r, doc) => index.add({ doc, title: String(r.title ?? ''), body: String(r.body ?? '') }));
    writeFileSync(indexFile, JSON.stringify(index));
  } else if (command === 'serve' && dir && indexFile) {
    const records: RawRecord[] = [];
    await eachRecord(dir, (r) => records.push(r));
    const index = MiniSearch.loadJSON(readFileSync(indexFile, 'utf8'), { ...OPTIONS });
    serveBaseline((q, paging) => searchMini(index, records, q, paging));
  } else {
    process.stderr.write('usage: minisearch-anchor build|serve <dump-dir> <index.json>\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`minisearch-anchor: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}
