/**
 * `npm run bench [-- --scale 10k|100k|1m] [--runs N] [--serve-seconds S] [--keep] [--no-sqlite] [--no-minisearch]`:
 * builds a synthetic issue corpus in a temp directory (corpus.ts), then measures, in the same run, this project
 * against what a user would pick instead:
 * - SQLite FTS5 through the `sqlite3` shell (sqlite-anchor.ts; the table says so when it is absent): build time,
 *   peak RSS and size, cold queries;
 * - MiniSearch behind node:http (minisearch-anchor.ts): build time, peak RSS and size, serve under load;
 * - `node -e 0`, the floor of any Node CLI: cold queries are measured interleaved with it (floor, ours, SQLite, per
 *   query and run), so the ratio holds whatever else the machine is doing.
 * Serve's headline figures use distinct never-seen queries (no request repeats, so no cache answers any);
 * cache hits (the same paths repeated) are printed on a line of their own. Every child has a time limit, and
 * this project's children run on Node's default heap (no flags). No network beyond loopback.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, residentBytes, runNode, runProcess, startServer, type ChildRun } from './child.js';
import { writeCorpus } from './corpus.js';
import { loadCorpusSource, projectRoot } from './corpus-source.js';
import { coldQueries, mixedPaths, neverSeenPaths, wordFrequencies } from './queries.js';
import { runLoad, type LoadReport } from './serve-load.js';
import { sqliteBuildScript, sqliteSelect, sqliteVersion } from './sqlite-anchor.js';
import { formatValue, renderTable, type Cell, type Row, type Target } from './table.js';

/** Corpus sizes by `--scale`. */
const SCALES: Readonly<Record<string, number>> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
const MINUTE_MS = 60_000;
/** Heap for the MiniSearch children (its index and the records live in memory). */
const BIG_HEAP = ['--max-old-space-size=8192'];
/** Concurrent keep-alive clients of the serve load. */
const CLIENTS = 8;
/** Never-seen paths made per second of load: more than any system here answers, so none repeats. */
const NEVER_SEEN_PER_SECOND = 4000;

interface Options {
  count: number;
  scale: string;
  runs: number;
  serveSeconds: number;
  keep: boolean;
  sqlite: boolean;
  minisearch: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scale: { type: 'string', default: '100k' },
      runs: { type: 'string', default: '5' },
      'serve-seconds': { type: 'string', default: '15' },
      keep: { type: 'boolean', default: false },
      'no-sqlite': { type: 'boolean', default: false },
      'no-minisearch': { type: 'boolean', default: false },
    },
  });
  const count = SCALES[values.scale!];
  if (count === undefined) throw new RangeError(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const runs = Number(values.runs);
  const serveSeconds = Number(values['serve-seconds']);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new RangeError('--runs must be an integer from 1 to 50');
  if (!(serveSeconds >= 1 && serveSeconds <= 120)) throw new RangeError('--serve-seconds must be from 1 to 120');
  return { count, scale: values.scale!, runs, serveSeconds, keep: values.keep!, sqlite: !values['no-sqlite'], minisearch: !values['no-minisearch'] };
}

/** Sum of file sizes under `dir` in bytes (0 when absent). */
function directoryBytes(dir: string): number {
  let total = 0;
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
    }
  } catch {
    return 0;
  }
  return total;
}

const log = (line: string): void => void process.stderr.write(`bench: ${line}\n`);

/** Collects footnotes for failed or skipped cells and returns the cell text. */
class Notes {
  readonly lines: string[] = [];
  /** A footnote for a failed run; returns the cell text. */
  fail(what: string, run: ChildRun | Error): string {
    const detail = run instanceof Error ? run.message : run.timedOut ? 'time limit' : `exit ${run.code}: ${run.stderrTail.trim().split('\n').pop() ?? ''}`;
    return `failed ${this.note(`${what}: ${detail.slice(0, 300)}`)}`;
  }
  /** A footnote (the same text gets the same number); returns its marker `[n]`. */
  note(text: string): string {
    let at = this.lines.findIndex((line) => line.endsWith(` ${text}`));
    if (at < 0) at = this.lines.push(`[${this.lines.length + 1}] ${text}`) - 1;
    return `[${at + 1}]`;
  }
}

interface Paths {
  bin: string;
  minisearch: string;
}

function paths(): Paths {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return { bin: path.join(projectRoot(), 'bin/search.js'), minisearch: path.join(here, 'minisearch-anchor.js') };
}

/** One build's figures. */
interface Built {
  ms: Cell;
  rss: Cell;
  size: Cell;
}

const allCells = (cell: Cell): Built => ({ ms: cell, rss: cell, size: cell });

/** What a server did under one load. */
interface ServeFigures {
  rps: Cell;
  p50: Cell;
  p99: Cell;
  /** RSS after the never-seen load. */
  rss: Cell;
  /** RSS when it announced it was listening. */
  readyRss: Cell;
  /** Cache hits (ours only): the same paths repeated after a first pass. */
  hits?: LoadReport;
}

const allServe = (cell: Cell): ServeFigures => ({ rps: cell, p50: cell, p99: cell, rss: cell, readyRss: cell });

/** A load's figures, noting failed requests. */
function loadFigures(report: LoadReport, what: string, notes: Notes): { rps: Cell; p50: Cell; p99: Cell } {
  if (report.errors > 0) notes.note(`${what}: ${report.errors} of ${report.requests} requests failed (${JSON.stringify(report.statuses)})`);
  return { rps: report.rps, p50: report.p50Ms, p99: report.p99Ms };
}

async function serveUnderLoad(
  what: string,
  command: { script: string; args: string[]; flags: string[] },
  env: Record<string, string>,
  neverSeen: readonly string[],
  cacheHitPaths: readonly string[] | undefined,
  o: Options,
  notes: Notes,
): Promise<ServeFigures> {
  let server;
  try {
    server = await startServer(command.script, command.args, { env, nodeFlags: command.flags, timeoutMs: 30 * MINUTE_MS });
  } catch (error) {
    return allServe(notes.fail(`${what} serve`, error as Error));
  }
  try {
    const readyRss = residentBytes(server.process.pid!);
    // Each path once at most: nothing the server answers can come from a cache of earlier requests.
    const report = await runLoad({ baseUrl: server.url, paths: neverSeen, concurrency: CLIENTS, requests: neverSeen.length, durationMs: o.serveSeconds * 1000, requestTimeoutMs: 60_000 });
    if (report.requests >= neverSeen.length) notes.note(`${what}: ran out of never-seen paths (${neverSeen.length}) before ${o.serveSeconds} s`);
    const rss = residentBytes(server.process.pid!);
    let hits: LoadReport | undefined;
    if (cacheHitPaths) {
      await runLoad({ baseUrl: server.url, paths: cacheHitPaths, concurrency: CLIENTS, requests: cacheHitPaths.length, durationMs: 5 * MINUTE_MS, requestTimeoutMs: 60_000 });
      hits = await runLoad({ baseUrl: server.url, paths: cacheHitPaths, concurrency: CLIENTS, durationMs: o.serveSeconds * 1000, requestTimeoutMs: 60_000 });
    }
    return { ...loadFigures(report, `${what} serve`, notes), rss, readyRss, ...(hits ? { hits } : {}) };
  } finally {
    await server.stop();
  }
}

/** Scale-dependent targets of issue #14 (undefined where the issue sets none). */
function targets(count: number) {
  const at100k = count === 100_000;
  const at1m = count === 1_000_000;
  return {
    buildMs: at100k ? ({ times: 1, of: 'sqlite' } as const) : undefined,
    buildRss: at100k ? 400e6 : at1m ? 1.5e9 : undefined,
    cold: { times: 1.5, of: 'floor' } as const,
    rps: at100k ? 1000 : at1m ? 300 : undefined,
    p99: at100k ? 30 : at1m ? 100 : undefined,
    serveRss: at1m ? 1e9 : undefined,
  } satisfies Record<string, Target | undefined>;
}

async function main(argv: readonly string[]): Promise<void> {
  const o = parseOptions(argv);
  const p = paths();
  const tmp = mkdtempSync(path.join(tmpdir(), 'search-bench-'));
  const notes = new Notes();
  const cacheDir = path.join(tmp, 'cache');
  const env = { SEARCH_CACHE_DIR: cacheDir, NO_COLOR: '1' };
  const sqliteDb = path.join(tmp, 'fts5.db');
  const miniIndex = path.join(tmp, 'minisearch-index.json');
  const loadAtStart = loadavg()[0]!;
  const sqlite = o.sqlite ? sqliteVersion() : undefined;
  const sqliteOff = !o.sqlite
    ? `skipped ${notes.note('SQLite turned off by --no-sqlite')}`
    : sqlite === undefined
      ? `absent ${notes.note('the sqlite3 shell (with FTS5) is not on PATH: install Debian\'s sqlite3 package to compare')}`
      : undefined;
  // MiniSearch holds its whole index and every record in memory: not run at 1M.
  const miniOff = !o.minisearch
    ? `skipped ${notes.note('MiniSearch turned off by --no-minisearch')}`
    : o.count >= 1_000_000
      ? `skipped ${notes.note('MiniSearch is not run at 1M: it holds its index and every record in memory')}`
      : undefined;
  try {
    const t0 = performance.now();
    const source = loadCorpusSource();
    const corpus = writeCorpus(path.join(tmp, 'dump'), o.count, source);
    log(`corpus: ${corpus.count} issues, ${(corpus.bytes / 1e6).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s (${corpus.origin})`);
    const frequencies = wordFrequencies(source);
    const queries = coldQueries(corpus, frequencies);
    const mixed = mixedPaths(corpus, frequencies);
    const neverSeen = neverSeenPaths(corpus, frequencies, NEVER_SEEN_PER_SECOND * o.serveSeconds, mixed);

    // Builds, each in its own process for a clean peak RSS.
    log('build: this project (search index, default heap)');
    const ours = await runNode(p.bin, ['index', '--data', corpus.dir, '-q'], { env, peakRss: true, timeoutMs: 90 * MINUTE_MS });
    const built: Built = ours.code === 0 ? { ms: ours.ms, rss: ours.peakRssBytes, size: directoryBytes(cacheDir) } : allCells(notes.fail('our build', ours));
    let sqliteBuilt = allCells(sqliteOff);
    if (!sqliteOff) {
      log(`build: SQLite FTS5 (sqlite3 ${sqlite})`);
      const run = await runProcess('sqlite3', [sqliteDb], { input: sqliteBuildScript(corpus.file), peakRss: true, timeoutMs: 90 * MINUTE_MS });
      sqliteBuilt = run.code === 0 ? { ms: run.ms, rss: run.peakRssBytes, size: statSync(sqliteDb).size } : allCells(notes.fail('SQLite build', run));
    }
    let miniBuilt = allCells(miniOff);
    if (!miniOff) {
      log('build: MiniSearch');
      const run = await runNode(p.minisearch, ['build', corpus.dir, miniIndex], { nodeFlags: BIG_HEAP, peakRss: true, timeoutMs: 60 * MINUTE_MS });
      miniBuilt = run.code === 0 ? { ms: run.ms, rss: run.peakRssBytes, size: statSync(miniIndex).size } : allCells(notes.fail('MiniSearch build', run));
    }

    // Cold CLI queries, interleaved: per run and query, `node -e 0`, then ours, then SQLite (one warm-up of each first).
    log(`cold queries: ${o.runs} interleaved runs`);
    const oursOk = typeof built.ms === 'number';
    const sqliteOk = typeof sqliteBuilt.ms === 'number';
    const ourQuery = (q: string) => runNode(p.bin, ['issues', q, '--data', corpus.dir, '--json', '-q'], { env, timeoutMs: 10 * MINUTE_MS });
    const sqliteQuery = (q: string) => runProcess('sqlite3', ['-readonly', sqliteDb, sqliteSelect(q)], { timeoutMs: 10 * MINUTE_MS });
    const floorRun = () => runNode('-e', ['0'], { timeoutMs: MINUTE_MS });
    const floorTimes: number[] = [];
    const ourTimes = queries.map((): number[] | string => []);
    const sqliteTimes = queries.map((): number[] | string => []);
    if (oursOk) await ourQuery(queries[0]!.q);
    if (sqliteOk) await sqliteQuery(queries[0]!.q);
    for (let run = 0; run < o.runs; run++) {
      for (const [i, query] of queries.entries()) {
        const floor = await floorRun();
        if (floor.code === 0) floorTimes.push(floor.ms);
        for (const [times, go, what, ok] of [
          [ourTimes, ourQuery, 'our', oursOk],
          [sqliteTimes, sqliteQuery, 'SQLite', sqliteOk],
        ] as const) {
          if (!ok || typeof times[i] === 'string') continue;
          const r = await go(query.q);
          if (r.code === 0) (times[i] as number[]).push(r.ms);
          else times[i] = notes.fail(`${what} cold query "${query.q}"`, r);
        }
      }
    }
    const floorMs: Cell = floorTimes.length > 0 ? median(floorTimes) : 'failed';
    const coldCell = (times: number[] | string, ok: boolean, off: string | undefined): Cell =>
      off ?? (!ok ? `no index ${notes.note('no index was built, so nothing to query')}` : typeof times === 'string' ? times : median(times));

    // serve under load: never-seen queries (the headline), then cache hits (ours).
    log(`serve: this project (${neverSeen.length} never-seen paths available, ${CLIENTS} clients, ${o.serveSeconds} s)`);
    const serve = oursOk
      ? await serveUnderLoad('our', { script: p.bin, args: ['serve', '--data', corpus.dir, '--port', '0', '--rate-limit', 'off'], flags: [] }, env, neverSeen, mixed, o, notes)
      : allServe(`no index ${notes.note('no index was built, so nothing to query')}`);
    let miniServe = allServe(miniOff);
    if (!miniOff && typeof miniBuilt.ms === 'number') {
      log('serve: MiniSearch behind node:http');
      miniServe = await serveUnderLoad('MiniSearch', { script: p.minisearch, args: ['serve', corpus.dir, miniIndex], flags: BIG_HEAP }, {}, neverSeen, undefined, o, notes);
    } else if (!miniOff) miniServe = allServe(miniBuilt.ms);

    const t = targets(o.count);
    const sqliteServe = `— ${notes.note('SQLite is compared on builds and cold CLI queries (its shell has no server)')}`;
    const rows: Row[] = [
      { label: 'index build time', unit: 'ms', better: 'lower', ours: built.ms, anchors: { sqlite: sqliteBuilt.ms, minisearch: miniBuilt.ms }, target: t.buildMs },
      { label: 'index build peak RSS', unit: 'bytes', better: 'lower', ours: built.rss, anchors: { sqlite: sqliteBuilt.rss, minisearch: miniBuilt.rss }, target: t.buildRss },
      { label: 'index size on disk', unit: 'bytes', better: 'lower', ours: built.size, anchors: { sqlite: sqliteBuilt.size, minisearch: miniBuilt.size } },
      ...queries.map((query, i): Row => ({
        label: `cold query: ${query.label}`,
        unit: 'ms',
        better: 'lower',
        ours: coldCell(ourTimes[i]!, oursOk, undefined),
        anchors: { sqlite: coldCell(sqliteTimes[i]!, sqliteOk, sqliteOff), floor: floorMs },
        target: t.cold,
      })),
      { label: `serve, never-seen queries: throughput`, unit: 'rps', better: 'higher', ours: serve.rps, anchors: { sqlite: sqliteServe, minisearch: miniServe.rps }, target: t.rps },
      { label: 'serve, never-seen queries: p50', unit: 'ms', better: 'lower', ours: serve.p50, anchors: { sqlite: sqliteServe, minisearch: miniServe.p50 } },
      { label: 'serve, never-seen queries: p99', unit: 'ms', better: 'lower', ours: serve.p99, anchors: { sqlite: sqliteServe, minisearch: miniServe.p99 }, target: t.p99 },
      { label: 'serve RSS at ready', unit: 'bytes', better: 'lower', ours: serve.readyRss, anchors: { sqlite: sqliteServe, minisearch: miniServe.readyRss } },
      { label: 'serve RSS after the load', unit: 'bytes', better: 'lower', ours: serve.rss, anchors: { sqlite: sqliteServe, minisearch: miniServe.rss }, target: t.serveRss },
    ];
    const hits = serve.hits;
    const out: string[] = [
      `search bench — ${corpus.count.toLocaleString('en-US')} issues (${(corpus.bytes / 1e6).toFixed(0)} MB dump, ${corpus.origin})`,
      `machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}; 1-min load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end (other work on the machine skews timings; the ratios to node -e 0 are interleaved)`,
      `anchors: SQLite FTS5 ${sqlite ? `(sqlite3 ${sqlite}, porter unicode61)` : '(absent)'}; MiniSearch behind node:http; node -e 0 as the floor of cold queries. This project runs on Node's default heap, no flags.`,
      `cold queries (median of ${o.runs} whole-process runs, prebuilt index, interleaved with node -e 0 and SQLite): ${queries.map((q) => `${q.label} = \`${q.q}\``).join('; ')}`,
      `serve: ${CLIENTS} concurrent keep-alive clients for ${o.serveSeconds} s, each request a distinct path never sent before (keywords, qualifiers, sorts, later pages); "vs" = times better than that anchor`,
      '',
      renderTable(rows),
      '',
      hits
        ? `cache hits (this project; the same ${mixed.length} paths repeated after a first pass): ${formatValue(hits.rps, 'rps')}, p50 ${formatValue(hits.p50Ms, 'ms')}, p99 ${formatValue(hits.p99Ms, 'ms')}${hits.errors ? `, ${hits.errors} errors` : ''}`
        : 'cache hits: not measured',
      ...(notes.lines.length ? ['', ...notes.lines] : []),
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    if (o.keep) log(`kept ${tmp}`);
  } finally {
    if (!o.keep) rmSync(tmp, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
