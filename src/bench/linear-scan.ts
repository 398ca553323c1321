/**
 * The "linear scan" anchor, run as a child process by the bench:
 *   query <dump-dir> <q>    parse the dump's JSON and test every record, print JSON
 *   serve <dump-dir>        the same behind HTTP (lower-cased texts kept between requests)
 * A record matches when every keyword occurs (case-insensitively, as a substring) in its title or body and its
 * qualifiers hold; score: 2 per keyword in the title + 1 per keyword in the body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawRecord } from '../kinds/kind.js';
import { pageOf, parseBaselineQuery, type BaselinePaging } from './baseline-query.js';
import { serveBaseline } from './baseline-server.js';

/** Lower-cased title and body of each record (computed on demand, kept). */
export class ScanTexts {
  private readonly titles: Array<string | undefined>;
  private readonly bodies: Array<string | undefined>;
  constructor(readonly records: readonly RawRecord[]) {
    this.titles = new Array(records.length);
    this.bodies = new Array(records.length);
  }
  title(doc: number): string {
    return (this.titles[doc] ??= String(this.records[doc]!.title ?? '').toLowerCase());
  }
  body(doc: number): string {
    return (this.bodies[doc] ??= String(this.records[doc]!.body ?? '').toLowerCase());
  }
}

/** Scan every record for `q`. */
export function searchScan(texts: ScanTexts, q: string, paging: BaselinePaging) {
  const query = parseBaselineQuery(q);
  const docs: number[] = [];
  const scores: number[] = [];
  for (let doc = 0; doc < texts.records.length; doc++) {
    let score = 0;
    let all = true;
    for (const w of query.words) {
      const inTitle = texts.title(doc).includes(w);
      const inBody = texts.body(doc).includes(w);
      if (!inTitle && !inBody) {
        all = false;
        break;
      }
      score += (inTitle ? 2 : 0) + (inBody ? 1 : 0);
    }
    if (!all || !query.test(texts.records[doc]!)) continue;
    docs.push(doc);
    scores.push(score || 1);
  }
  return pageOf(texts.records, docs, scores, paging);
}

function main(argv: readonly string[]): void {
  const [command, dir, q] = argv;
  const load = (d: string) => new ScanTexts(JSON.parse(readFileSync(path.join(d, 'issues.json'), 'utf8')) as RawRecord[]);
  if (command === 'query' && dir && q !== undefined) {
    process.stdout.write(`${JSON.stringify(searchScan(load(dir), q, {}))}\n`);
  } else if (command === 'serve' && dir) {
    const texts = load(dir);
    serveBaseline((query, paging) => searchScan(texts, query, paging));
  } else {
    process.stderr.write('usage: linear-scan query <dump-dir> <q> | serve <dump-dir>\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main(process.argv.slice(2));
