/**
 * `npm run bench [-- --scale 10k|100k|1M[,…]] [--rows build,cold,serve,web] [--runs N] [--serve-seconds S] [--serve-warmup S] [--keep]
 * [--corpus DIR] [--no-sqlite] [--no-minisearch]` (options.ts): for each scale (default 100k then 1M, issue #24's table), builds
 * a synthetic issue corpus in a temp directory — with a few private repositories, as real exports have (corpus.ts) —
 * then measures, in the same run, this project against what a user would pick instead:
 * - SQLite FTS5 through the `sqlite3` shell (sqlite-anchor.ts; the table says so when it is absent): build time,
 *   peak RSS and size, cold queries;
 * - MiniSearch behind node:http (minisearch-anchor.ts, 100k and below): build time, peak RSS and size, serve;
 * - `node -e 0`, the floor of any Node CLI: cold queries are measured interleaved with it (floor, ours, SQLite, per
 *   query and run), so the ratio holds whatever else the machine is doing.
 * Serve's figures use distinct never-seen queries (no request repeats, so no cache answers any), sent by an
 * anonymous caller and by one who may read the private repositories (`--auth`); the web search page
 * (`GET /search?q=…&type=issues`) gets the same load when the server has it (a 404 skips the row with a note).
 * Each server first answers `--serve-warmup` seconds of other never-seen paths, unmeasured in the table (a fresh
 * server spends its first seconds compiling: docs/serve-cost.md "Twelfth round, second wave: serve at 100k"); the
 * warm-up's own figures are printed on a line of their own. Cache hits (the same paths repeated) are too. Every child has a time limit, and this
 * project's children run on Node's default heap (no flags). No network beyond loopback. Each scale's table is
 * printed as soon as it is measured; the run ends with its wall time.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { parseBenchOptions, type BenchOptions, type RowGroup } from './options.js';
import { cpuSpentMs, cpuTimesMs, descendants, largestResident, median, runNode, runProcess, startServer, type ChildRun } from './child.js';
import { keptCorpus, writeCorpus } from './corpus.js';
import { loadCorpusSource, projectRoot } from './corpus-source.js';
import { coldQueries, coldQueryArgs, mixedPaths, neverSeenPaths, webPath, wordFrequencies } from './queries.js';
import { runLoad, type LoadReport } from './serve-load.js';
import { sqliteBuildScript, sqliteSelect, sqliteVersion } from './sqlite-anchor.js';
import { formatValue, renderTable, type Cell, type Row, type Target } from './table.js';
import { withoutStartUpVariables } from './start-env.js';

const MINUTE_MS = 60_000;
/** Heap for the MiniSearch children (its index and the records live in memory). */
const BIG_HEAP = ['--max-old-space-size=8192'];
/** Concurrent keep-alive clients of the serve load. */
const CLIENTS = 8;
/** Unmeasured passes over the cache-hit paths before their measured load (a body is kept from a key's second sight). */
const HIT_WARM_PASSES = 2;
/** Never-seen paths made per second of load: more than any system here answers, so none repeats. */
const NEVER_SEEN_PER_SECOND = 4000;

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

/** A cell's figure in `unit`, or its text (a failure's or a skip's note). */
const cellText = (cell: Cell, unit: 'ms' | 'rps'): string => (typeof cell === 'number' ? formatValue(cell, unit) : (cell ?? '—'));

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

/** One never-seen load on a running server: who sends it and which paths. */
interface LoadSpec {
  /** Footnote and log name, e.g. `our serve (anonymous)`. */
  readonly what: string;
  readonly paths: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  /** A path probed first: a 404 skips the load with a note (a route the server does not have). */
  readonly probe?: string;
}

/** A load's figures: throughput, latency and the server's CPU time per request (ms, all its processes), or notes. */
interface LoadFigures {
  rps: Cell;
  p50: Cell;
  p99: Cell;
  cpu: Cell;
}

/** What a server did under its loads. */
interface ServeFigures {
  loads: LoadFigures[];
  /** RSS after the never-seen loads (the largest process: one worker of `serve --workers N`). */
  rss: Cell;
  /** RSS when it announced it was listening (the largest process). */
  readyRss: Cell;
  /** The warm-up load (never-seen paths, before the measured ones), when there was one. */
  warmup?: LoadFigures;
  /** Cache hits (ours only): the same paths repeated after {@link HIT_WARM_PASSES} unmeasured passes. */
  hits?: LoadReport;
  /** The server's CPU time per cache hit (ms, all its processes), when /proc could say. */
  hitCpuMs?: number;
}

const allLoad = (cell: Cell): LoadFigures => ({ rps: cell, p50: cell, p99: cell, cpu: cell });
const allServe = (cell: Cell, loads: number): ServeFigures => ({ loads: Array.from({ length: loads }, () => allLoad(cell)), rss: cell, readyRss: cell });

/** The status of one GET on loopback (0 when it fails). */
function probeStatus(baseUrl: string, requestPath: string, headers: Readonly<Record<string, string>> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(`${baseUrl}${requestPath}`, { headers, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * A load's figures, noting failed requests.
 * @param cpuMs CPU time the server's processes spent during the load (ms), when /proc could say
 */
function loadFigures(report: LoadReport, cpuMs: number | undefined, what: string, notes: Notes): LoadFigures {
  if (report.errors > 0) notes.note(`${what}: ${report.errors} of ${report.requests} requests failed (${JSON.stringify(report.statuses)})`);
  const cpu = cpuMs === undefined || report.requests === 0 ? `— ${notes.note('CPU time is read from /proc (Linux only)')}` : cpuMs / report.requests;
  return { rps: report.rps, p50: report.p50Ms, p99: report.p99Ms, cpu };
}

async function serveUnderLoad(
  what: string,
  command: { script: string; args: string[]; flags: string[] },
  env: Record<string, string>,
  loads: readonly LoadSpec[],
  cacheHitPaths: readonly string[] | undefined,
  warmupPaths: readonly string[],
  o: BenchOptions,
  notes: Notes,
): Promise<ServeFigures> {
  let server;
  try {
    server = await startServer(command.script, command.args, { env, nodeFlags: command.flags, timeoutMs: 30 * MINUTE_MS });
  } catch (error) {
    return allServe(notes.fail(`${what} serve`, error as Error), loads.length);
  }
  try {
    const readyRss = largestResident(server.process.pid!);
    let warmup: LoadFigures | undefined;
    if (o.serveWarmup > 0 && warmupPaths.length > 0) {
      log(`serve: ${what} warm-up (${o.serveWarmup} s of other never-seen paths, not in the table)`);
      const cpuBefore = cpuTimesMs([server.process.pid!, ...descendants(server.process.pid!)]);
      const report = await runLoad({ baseUrl: server.url, paths: warmupPaths, concurrency: CLIENTS, requests: warmupPaths.length, durationMs: o.serveWarmup * 1000, requestTimeoutMs: 60_000 });
      warmup = loadFigures(report, cpuSpentMs(cpuBefore, cpuTimesMs([...cpuBefore.keys()])), `${what} warm-up`, notes);
    }
    const figures: LoadFigures[] = [];
    for (const load of loads) {
      if (load.probe !== undefined) {
        const status = await probeStatus(server.url, load.probe, load.headers);
        if (status !== 200) {
          figures.push(allLoad(`skipped ${notes.note(`${load.what}: GET ${load.probe} answered ${status || 'nothing'}${status === 404 ? ' (the server has no such page yet)' : ''}`)}`));
          continue;
        }
      }
      log(`serve: ${load.what} (${load.paths.length} never-seen paths available, ${CLIENTS} clients, ${o.serveSeconds} s)`);
      // Each path once at most: nothing the server answers can come from a cache of earlier requests.
      const cpuBefore = cpuTimesMs([server.process.pid!, ...descendants(server.process.pid!)]);
      const report = await runLoad({ baseUrl: server.url, paths: load.paths, headers: load.headers, concurrency: CLIENTS, requests: load.paths.length, durationMs: o.serveSeconds * 1000, requestTimeoutMs: 60_000 });
      if (report.requests >= load.paths.length) notes.note(`${load.what}: ran out of never-seen paths (${load.paths.length}) before ${o.serveSeconds} s`);
      const cpuMs = cpuSpentMs(cpuBefore, cpuTimesMs([...cpuBefore.keys()]));
      figures.push(loadFigures(report, cpuMs, load.what, notes));
    }
    const rss = largestResident(server.process.pid!);
    let hits: LoadReport | undefined;
    let hitCpuMs: number | undefined;
    if (cacheHitPaths) {
      // The response cache keeps a body from its key's second sight (src/server/response-cache.ts): two passes
      // before the measured one, so what is measured is hits.
      for (let pass = 0; pass < HIT_WARM_PASSES; pass++) {
        await runLoad({ baseUrl: server.url, paths: cacheHitPaths, concurrency: CLIENTS, requests: cacheHitPaths.length, durationMs: 5 * MINUTE_MS, requestTimeoutMs: 60_000 });
      }
      const cpuBefore = cpuTimesMs([server.process.pid!, ...descendants(server.process.pid!)]);
      hits = await runLoad({ baseUrl: server.url, paths: cacheHitPaths, concurrency: CLIENTS, durationMs: o.serveSeconds * 1000, requestTimeoutMs: 60_000 });
      const cpuMs = cpuSpentMs(cpuBefore, cpuTimesMs([...cpuBefore.keys()]));
      if (cpuMs !== undefined && hits.requests > 0) hitCpuMs = cpuMs / hits.requests;
    }
    return { loads: figures, rss, readyRss, ...(warmup ? { warmup } : {}), ...(hits ? { hits } : {}), ...(hitCpuMs !== undefined ? { hitCpuMs } : {}) };
  } finally {
    await server.stop();
  }
}

/** Issue #24's targets at a corpus size (undefined where it sets none). */
function targets(count: number) {
  const at100k = count === 100_000;
  const at1m = count === 1_000_000;
  return {
    buildMs: at100k || at1m ? ({ times: 1, of: 'sqlite' } as const) : undefined,
    buildRss: at100k ? 400e6 : at1m ? 1e9 : undefined,
    size: at1m ? ({ times: 1, of: 'sqlite' } as const) : undefined,
    cold: { times: 1.5, of: 'floor' } as const,
    rps: at100k ? 1000 : at1m ? 500 : undefined,
    p99: at100k ? 30 : at1m ? 60 : undefined,
    serveRss: at1m ? 1e9 : undefined,
  } satisfies Record<string, Target | undefined>;
}

/** The access file's one caller: a token that may read every private repository of the corpus. */
const READER_TOKEN = 'bench-reader-token';

/** One scale's output: its header lines and table. */
/**
 * Measures one scale and returns its printed table.
 * @param startUp the start-up variables removed from the environment (start-env.ts), name → value: when any, `node -e 0`
 *   is also timed with them, interleaved with the rest, and printed on a line of its own
 */
async function measureScale(scale: { name: string; count: number }, o: BenchOptions, root: string, startUp: Record<string, string>): Promise<string> {
  const p = paths();
  const has = (group: RowGroup): boolean => o.rows.has(group);
  const tmp = path.join(root, scale.name);
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
    : scale.count >= 1_000_000
      ? `skipped ${notes.note('MiniSearch is not run at 1M: it holds its index and every record in memory')}`
      : undefined;
  /** A cell of a row group left out by `--rows` (footnoted once, below, when the table has one). */
  const notMeasured = 'not run';

  mkdirSync(tmp, { recursive: true }); // (caches, the SQLite database, the access file; the corpus too unless kept)
  const t0 = performance.now();
  const source = loadCorpusSource();
  const kept = o.corpus === undefined ? undefined : keptCorpus(path.resolve(o.corpus, scale.name), scale.count, source);
  const corpus = kept ?? writeCorpus(path.join(tmp, 'dump'), scale.count, source);
  log(`${scale.name} corpus: ${corpus.count} issues, ${(corpus.bytes / 1e6).toFixed(0)} MB, ${corpus.privateRepositories.length} of ${corpus.allRepositories.length} repositories private, ${kept?.reused ? `reused from ${corpus.dir}` : `in ${((performance.now() - t0) / 1000).toFixed(1)} s`} (${corpus.origin})`);
  const authFile = path.join(tmp, 'access.json');
  writeFileSync(authFile, JSON.stringify({ users: [{ login: 'bench-reader', tokens: [READER_TOKEN], read: corpus.privateRepositories }] }));
  const frequencies = wordFrequencies(source);
  const queries = coldQueries(corpus, frequencies);
  const mixed = mixedPaths(corpus, frequencies);
  const perLoad = NEVER_SEEN_PER_SECOND * o.serveSeconds;
  const perWarmup = NEVER_SEEN_PER_SECOND * o.serveWarmup;
  const neverSeen = neverSeenPaths(corpus, frequencies, perLoad * 3 + perWarmup, mixed);
  const anonymousPaths = neverSeen.slice(0, perLoad);
  const readerPaths = neverSeen.slice(perLoad, 2 * perLoad);
  const webPaths = neverSeen.slice(2 * perLoad, 3 * perLoad).map(webPath);
  const warmupPaths = neverSeen.slice(3 * perLoad);

  // Builds, each in its own process for a clean peak RSS. Every other group needs ours; SQLite's only for cold rows.
  log(`${scale.name} build: this project (search index, default heap)`);
  const ours = await runNode(p.bin, ['index', '--data', corpus.dir, '-q'], { env, peakRss: true, timeoutMs: 90 * MINUTE_MS });
  const built: Built = ours.code === 0 ? { ms: ours.ms, rss: ours.peakRssBytes, size: directoryBytes(cacheDir) } : allCells(notes.fail('our build', ours));
  let sqliteBuilt = allCells(sqliteOff ?? notMeasured);
  if (!sqliteOff && (has('build') || has('cold'))) {
    log(`${scale.name} build: SQLite FTS5 (sqlite3 ${sqlite})`);
    const run = await runProcess('sqlite3', [sqliteDb], { input: sqliteBuildScript(corpus.file), peakRss: true, timeoutMs: 90 * MINUTE_MS });
    sqliteBuilt = run.code === 0 ? { ms: run.ms, rss: run.peakRssBytes, size: statSync(sqliteDb).size } : allCells(notes.fail('SQLite build', run));
  }
  let miniBuilt = allCells(miniOff ?? notMeasured);
  if (!miniOff && (has('build') || has('serve'))) {
    log(`${scale.name} build: MiniSearch`);
    const run = await runNode(p.minisearch, ['build', corpus.dir, miniIndex], { nodeFlags: BIG_HEAP, peakRss: true, timeoutMs: 60 * MINUTE_MS });
    miniBuilt = run.code === 0 ? { ms: run.ms, rss: run.peakRssBytes, size: statSync(miniIndex).size } : allCells(notes.fail('MiniSearch build', run));
  }
  const oursOk = typeof built.ms === 'number';
  const noIndex = (): string => `no index ${notes.note('no index was built, so nothing to query')}`;

  // Cold CLI queries, interleaved: per run and query, `node -e 0`, then ours, then SQLite (one warm-up of each first).
  const sqliteOk = typeof sqliteBuilt.ms === 'number';
  const floorTimes: number[] = [];
  const floorAsGivenTimes: number[] = [];
  const startUpNames = Object.keys(startUp);
  const ourTimes = queries.map((): number[] | string => []);
  const sqliteTimes = queries.map((): number[] | string => []);
  const matches = queries.map((): number | undefined => undefined);
  if (has('cold')) {
    log(`${scale.name} cold queries: ${o.runs} interleaved runs (anonymous caller: the CLI reads public records only)`);
    const ourQuery = (q: string) => runNode(p.bin, coldQueryArgs(q, corpus.dir), { env, timeoutMs: 10 * MINUTE_MS });
    const sqliteQuery = (q: string) => runProcess('sqlite3', ['-readonly', sqliteDb, sqliteSelect(q)], { timeoutMs: 10 * MINUTE_MS });
    const floorRun = () => runNode('-e', ['0'], { timeoutMs: MINUTE_MS });
    const floorAsGivenRun = () => runNode('-e', ['0'], { env: startUp, timeoutMs: MINUTE_MS });
    // One warm-up run of each of ours (its total_count printed with the query: a query that matches nothing would
    // measure start-up alone), then one of SQLite.
    if (oursOk) for (const [i, query] of queries.entries()) matches[i] = totalCount(await runNode(p.bin, coldQueryArgs(query.q, corpus.dir), { env, keepStdout: true, timeoutMs: 10 * MINUTE_MS }));
    if (sqliteOk) await sqliteQuery(queries[0]!.q);
    for (let run = 0; run < o.runs; run++) {
      for (const [i, query] of queries.entries()) {
        const floor = await floorRun();
        if (floor.code === 0) floorTimes.push(floor.ms);
        if (startUpNames.length > 0) {
          const asGiven = await floorAsGivenRun();
          if (asGiven.code === 0) floorAsGivenTimes.push(asGiven.ms);
        }
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
  }
  const floorMs: Cell = !has('cold') ? notMeasured : floorTimes.length > 0 ? median(floorTimes) : 'failed';
  const coldCell = (times: number[] | string, ok: boolean, off: string | undefined): Cell =>
    !has('cold') ? notMeasured : off ?? (!ok ? noIndex() : typeof times === 'string' ? times : median(times));

  // serve under load: never-seen queries as an anonymous caller and as a reader of the private repositories, then
  // the web search page, then cache hits (ours). One server (with the access file) answers all of them.
  const loads: LoadSpec[] = [];
  if (has('serve')) {
    loads.push({ what: 'our serve (anonymous)', paths: anonymousPaths });
    loads.push({ what: 'our serve (reader of the private repositories)', paths: readerPaths, headers: { Authorization: `token ${READER_TOKEN}` } });
  }
  if (has('web')) loads.push({ what: 'our web search page (anonymous)', paths: webPaths, probe: webPaths[0]!, headers: { Accept: 'text/html' } });
  const serveArgs = ['serve', '--data', corpus.dir, '--port', '0', '--rate-limit', 'off', '--auth', authFile];
  const serve =
    loads.length === 0 ? allServe(notMeasured, 0) : oursOk ? await serveUnderLoad('our', { script: p.bin, args: serveArgs, flags: [] }, env, loads, has('serve') ? mixed : undefined, warmupPaths, o, notes) : allServe(noIndex(), loads.length);
  const figure = (what: string): LoadFigures => {
    const at = loads.findIndex((l) => l.what === what);
    return at < 0 ? allLoad(notMeasured) : serve.loads[at] ?? allLoad(notMeasured);
  };
  const anonymous = figure('our serve (anonymous)');
  const reader = figure('our serve (reader of the private repositories)');
  const web = figure('our web search page (anonymous)');
  let miniServe = allServe(miniOff ?? notMeasured, 1);
  if (has('serve') && !miniOff && typeof miniBuilt.ms === 'number') {
    log(`${scale.name} serve: MiniSearch behind node:http`);
    miniServe = await serveUnderLoad('MiniSearch', { script: p.minisearch, args: ['serve', corpus.dir, miniIndex], flags: BIG_HEAP }, {}, [{ what: 'MiniSearch serve', paths: anonymousPaths }], undefined, warmupPaths, o, notes);
  } else if (has('serve') && !miniOff) miniServe = allServe(miniBuilt.ms, 1);
  const mini = miniServe.loads[0] ?? allLoad(notMeasured);

  const t = targets(scale.count);
  const noServer = `— ${notes.note('SQLite is compared on builds and cold CLI queries (its shell has no server); MiniSearch and SQLite index every record, private ones included')}`;
  const build = (cell: Cell): Cell => (has('build') ? cell : notMeasured);
  const rows: Row[] = [
    ...queries.map((query, i): Row => ({
      label: `cold CLI: ${query.label}`,
      unit: 'ms',
      better: 'lower',
      ours: coldCell(ourTimes[i]!, oursOk, undefined),
      anchors: { sqlite: coldCell(sqliteTimes[i]!, sqliteOk, sqliteOff), floor: floorMs },
      target: t.cold,
    })),
    { label: 'serve never-seen, 8 clients: throughput', unit: 'rps', better: 'higher', ours: anonymous.rps, anchors: { sqlite: noServer, minisearch: mini.rps }, target: t.rps },
    { label: 'serve never-seen, 8 clients: p50', unit: 'ms', better: 'lower', ours: anonymous.p50, anchors: { sqlite: noServer, minisearch: mini.p50 } },
    { label: 'serve never-seen, 8 clients: p99', unit: 'ms', better: 'lower', ours: anonymous.p99, anchors: { sqlite: noServer, minisearch: mini.p99 }, target: t.p99 },
    { label: 'serve never-seen, 8 clients: server CPU per request', unit: 'ms', better: 'lower', ours: anonymous.cpu, anchors: { sqlite: noServer, minisearch: mini.cpu } },
    { label: 'serve never-seen, private reader: throughput', unit: 'rps', better: 'higher', ours: reader.rps, target: t.rps },
    { label: 'serve never-seen, private reader: p99', unit: 'ms', better: 'lower', ours: reader.p99, target: t.p99 },
    { label: 'serve never-seen, private reader: server CPU per request', unit: 'ms', better: 'lower', ours: reader.cpu },
    { label: 'web page /search never-seen: throughput', unit: 'rps', better: 'higher', ours: web.rps },
    { label: 'web page /search never-seen: p99', unit: 'ms', better: 'lower', ours: web.p99 },
    { label: 'serve RSS at ready (largest process)', unit: 'bytes', better: 'lower', ours: serve.readyRss, anchors: { sqlite: noServer, minisearch: miniServe.readyRss } },
    { label: 'serve RSS per worker after the loads', unit: 'bytes', better: 'lower', ours: serve.rss, anchors: { sqlite: noServer, minisearch: miniServe.rss }, target: t.serveRss },
    { label: 'build time', unit: 'ms', better: 'lower', ours: build(built.ms), anchors: { sqlite: build(sqliteBuilt.ms), minisearch: build(miniBuilt.ms) }, target: t.buildMs },
    { label: 'build peak RSS', unit: 'bytes', better: 'lower', ours: build(built.rss), anchors: { sqlite: build(sqliteBuilt.rss), minisearch: build(miniBuilt.rss) }, target: t.buildRss },
    { label: 'artefact size on disk', unit: 'bytes', better: 'lower', ours: build(built.size), anchors: { sqlite: build(sqliteBuilt.size), minisearch: build(miniBuilt.size) }, target: t.size },
  ];
  if (rows.some((row) => row.ours === notMeasured || Object.values(row.anchors ?? {}).includes(notMeasured))) notes.note('not run: left out of this run by --rows');
  const hits = serve.hits;
  const out: string[] = [
    `search bench — ${scale.name}: ${corpus.count.toLocaleString('en-US')} issues (${(corpus.bytes / 1e6).toFixed(0)} MB dump, ${corpus.origin}; ${corpus.privateRepositories.length} of ${corpus.allRepositories.length} repositories private)`,
    `machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}; 1-min load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end (other work on the machine skews timings; the ratios to node -e 0 are interleaved)`,
    `anchors: SQLite FTS5 ${sqlite ? `(sqlite3 ${sqlite}, porter unicode61)` : '(absent)'}; MiniSearch behind node:http; node -e 0 as the floor of cold queries. This project runs on Node's default heap, no flags.`,
    `cold CLI (median of ${o.runs} whole-process runs, prebuilt index, interleaved with node -e 0 and SQLite; anonymous): ${queries.map((q, i) => `${q.label} = \`${q.q}\`${matchNote(matches[i])}`).join('; ')}`,
    ...(startUpNames.length > 0
      ? [
          `start-up: ${startUpNames.join(', ')} was set in this environment and is removed for every measured process (Node 20 reads it at each start: a cost of the machine, not of a program); \`node -e 0\` with it: ${floorAsGivenTimes.length > 0 ? formatValue(median(floorAsGivenTimes), 'ms') : 'not measured'} (the floor below is without it)`,
        ]
      : []),
    `serve: ${CLIENTS} concurrent keep-alive clients for ${o.serveSeconds} s per load, each request a distinct path never sent before (keywords, qualifiers, sorts, later pages), after a ${o.serveWarmup} s warm-up on other never-seen paths; anonymous, then a token that reads the ${corpus.privateRepositories.length} private repositories, then GET /search?q=…&type=issues; "vs" = times better than that anchor`,
    '',
    renderTable(rows),
    '',
    hits
      ? `cache hits (this project; the same ${mixed.length} paths repeated after ${HIT_WARM_PASSES} unmeasured passes): ${formatValue(hits.rps, 'rps')}, p50 ${formatValue(hits.p50Ms, 'ms')}, p99 ${formatValue(hits.p99Ms, 'ms')}${serve.hitCpuMs !== undefined ? `, server CPU ${formatValue(serve.hitCpuMs, 'ms')} per request` : ''}${hits.errors ? `, ${hits.errors} errors` : ''}`
      : 'cache hits: not measured',
    ...[
      ['this project', serve.warmup],
      ['MiniSearch', miniServe.warmup],
    ].flatMap(([who, w]) => (w && typeof w === 'object' ? [`warm-up (${who}, ${o.serveWarmup} s of other never-seen paths right after the server was ready, before the loads above; not in the table): ${cellText(w.rps, 'rps')}, p99 ${cellText(w.p99, 'ms')}, server CPU ${cellText(w.cpu, 'ms')} per request`] : [])),
    ...(notes.lines.length ? ['', ...notes.lines] : []),
  ];
  return out.join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  const o = parseBenchOptions(argv);
  const started = performance.now();
  const startUp = withoutStartUpVariables(process.env);
  const root = mkdtempSync(path.join(tmpdir(), 'search-bench-'));
  try {
    for (const [i, scale] of o.scales.entries()) {
      const table = await measureScale(scale, o, root, startUp);
      process.stdout.write(`${i > 0 ? '\n' : ''}${table}\n`);
      // A finished scale's corpus and caches go before the next one is built (1M needs the disk).
      if (!o.keep) rmSync(path.join(root, scale.name), { recursive: true, force: true });
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\nbench run: ${o.scales.map((s) => s.name).join(' + ')}, rows ${[...o.rows].join(',')}, in ${(seconds / 60).toFixed(1)} min\n`);
    if (o.keep) log(`kept ${root}`);
  } finally {
    if (!o.keep) rmSync(root, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A bad command line (options.ts's RangeError, node:util's ERR_PARSE_ARGS_*) is one line and exit 2.
  const usage = error instanceof RangeError || /^ERR_PARSE_ARGS/.test(String((error as NodeJS.ErrnoException)?.code));
  process.stderr.write(`bench: ${usage ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  process.exitCode = usage ? 2 : 1;
});

/** The `total_count` of a CLI run's JSON envelope, or undefined when it failed or printed something else. */
function totalCount(run: ChildRun): number | undefined {
  if (run.code !== 0) return undefined;
  try {
    const value = (JSON.parse(run.stdout) as { total_count?: unknown }).total_count;
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** ` (N matches)` after a cold query, with a warning when it matches nothing; empty when not known. */
function matchNote(count: number | undefined): string {
  if (count === undefined) return '';
  return count === 0 ? ' (0 matches: this row measures start-up alone)' : ` (${count.toLocaleString('en-US')} matches)`;
}
