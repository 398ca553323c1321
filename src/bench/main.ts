/**
 * `npm run bench [-- --scale 10k|100k|1m] [--runs N] [--serve-seconds S] [--keep]`: builds a synthetic issue
 * corpus in a temp directory (corpus.ts), then measures, in the same run and side by side, this project, naive
 * Lunr (naive-lunr.ts) and a linear scan over the parsed JSON (linear-scan.ts): index build time and peak RSS,
 * index size on disk, cold CLI query wall time (median of whole-process runs), `serve` throughput and latency
 * under 8 concurrent loopback clients with a mixed query file, and `serve` RSS after the load. Prints one table,
 * then the cost of the index alone (index-only.ts: no dump loader, so it runs at every scale).
 * No network beyond loopback; every child has a time limit.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, residentBytes, runNode, startServer, type ChildRun } from './child.js';
import { writeCorpus, type Corpus } from './corpus.js';
import { loadCorpusSource, projectRoot } from './corpus-source.js';
import { coldQueries, mixedPaths, wordFrequencies, type ColdQuery } from './queries.js';
import { runLoad } from './serve-load.js';
import type { IndexOnlyReport } from './index-only.js';
import { formatValue, renderTable, type Cell, type Row } from './table.js';

/** Corpus sizes by `--scale`. */
const SCALES: Readonly<Record<string, number>> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
/** V8 cannot hold a string longer than this many UTF-16 units; anchors that read the dump as one string fail past it. */
const V8_MAX_STRING = 0x1fffffe8;
const MINUTE_MS = 60_000;
/** Heap for the naive-Lunr children (lunr.Builder needs more than the default at 100k). */
const BIG_HEAP = ['--max-old-space-size=8192'];

type System = 'ours' | 'naive' | 'scan';

interface Options {
  count: number;
  scale: string;
  runs: number;
  serveSeconds: number;
  keep: boolean;
  naive: boolean;
  scan: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scale: { type: 'string', default: '100k' },
      runs: { type: 'string', default: '5' },
      'serve-seconds': { type: 'string', default: '15' },
      keep: { type: 'boolean', default: false },
      'no-naive': { type: 'boolean', default: false },
      'no-scan': { type: 'boolean', default: false },
    },
  });
  const count = SCALES[values.scale!];
  if (count === undefined) throw new RangeError(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const runs = Number(values.runs);
  const serveSeconds = Number(values['serve-seconds']);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new RangeError('--runs must be an integer from 1 to 50');
  if (!(serveSeconds >= 1 && serveSeconds <= 120)) throw new RangeError('--serve-seconds must be from 1 to 120');
  // Naive Lunr's build does not fit a 24 GB machine at 1M (5.3 GB at 100k): off unless asked for below 1M.
  return { count, scale: values.scale!, runs, serveSeconds, keep: values.keep!, naive: !values['no-naive'] && count < 1_000_000, scan: !values['no-scan'] };
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

/** Collects footnotes for failed cells and returns the cell text. */
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
  root: string;
  bin: string;
  naive: string;
  scan: string;
  indexOnly: string;
}

function paths(): Paths {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = projectRoot();
  return {
    root,
    bin: path.join(root, 'bin/search.js'),
    naive: path.join(here, 'naive-lunr.js'),
    scan: path.join(here, 'linear-scan.js'),
    indexOnly: path.join(here, 'index-only.js'),
  };
}

/** The command line of one cold query per system. */
function queryCommand(system: System, p: Paths, corpus: Corpus, naiveIndex: string, q: string): { script: string; args: string[]; flags: string[] } {
  switch (system) {
    case 'ours':
      return { script: p.bin, args: ['issues', q, '--data', corpus.dir, '--json', '-q'], flags: [] };
    case 'naive':
      return { script: p.naive, args: ['query', corpus.dir, naiveIndex, q], flags: BIG_HEAP };
    case 'scan':
      return { script: p.scan, args: ['query', corpus.dir, q], flags: BIG_HEAP };
  }
}

interface ServeFigures {
  rps: Cell;
  p50: Cell;
  p99: Cell;
  rss: Cell;
  /** The warm-up pass: each distinct path once, nothing cached yet (first-touch cost). */
  firstRps: Cell;
  firstP99: Cell;
}

async function measureServe(system: System, p: Paths, corpus: Corpus, naiveIndex: string, env: Record<string, string>, mixed: string[], o: Options, notes: Notes): Promise<ServeFigures> {
  const command =
    system === 'ours'
      ? { script: p.bin, args: ['serve', '--data', corpus.dir, '--port', '0', '--rate-limit', 'off'], flags: [] as string[] }
      : system === 'naive'
        ? { script: p.naive, args: ['serve', corpus.dir, naiveIndex], flags: BIG_HEAP }
        : { script: p.scan, args: ['serve', corpus.dir], flags: BIG_HEAP };
  let server;
  try {
    server = await startServer(command.script, command.args, { env, nodeFlags: command.flags, timeoutMs: 15 * MINUTE_MS });
  } catch (error) {
    const note = notes.fail(`${system} serve`, error as Error);
    return { rps: note, p50: note, p99: note, rss: note, firstRps: note, firstP99: note };
  }
  try {
    const first = await runLoad({ baseUrl: server.url, paths: mixed, concurrency: 8, requests: Math.min(mixed.length, 200), durationMs: 60_000, requestTimeoutMs: 60_000 });
    const report = await runLoad({ baseUrl: server.url, paths: mixed, concurrency: 8, durationMs: o.serveSeconds * 1000, requestTimeoutMs: 60_000 });
    const rss = residentBytes(server.process.pid!);
    if (report.errors > 0) notes.note(`${system} serve: ${report.errors} of ${report.requests} requests failed (${JSON.stringify(report.statuses)})`);
    return { rps: report.rps, p50: report.p50Ms, p99: report.p99Ms, rss, firstRps: first.rps, firstP99: first.p99Ms };
  } finally {
    await server.stop();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const o = parseOptions(argv);
  const p = paths();
  const tmp = mkdtempSync(path.join(tmpdir(), 'search-bench-'));
  const notes = new Notes();
  const cacheDir = path.join(tmp, 'cache');
  const env = { SEARCH_CACHE_DIR: cacheDir, NO_COLOR: '1' };
  const naiveIndex = path.join(tmp, 'naive-index.json');
  const loadAtStart = loadavg()[0]!;
  try {
    const t0 = performance.now();
    const source = loadCorpusSource();
    const corpus = writeCorpus(path.join(tmp, 'dump'), o.count, source);
    log(`corpus: ${corpus.count} issues, ${(corpus.bytes / 1e6).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s (${corpus.origin})`);
    const frequencies = wordFrequencies(source);
    const queries = coldQueries(corpus, frequencies);
    const mixed = mixedPaths(corpus, frequencies);
    writeFileSync(path.join(tmp, 'mixed-queries.txt'), `${mixed.join('\n')}\n`);
    const anchorsFit = corpus.bytes < V8_MAX_STRING;
    const enabled: Record<System, boolean> = { ours: true, naive: o.naive && anchorsFit, scan: o.scan && anchorsFit };
    const off = (system: System): string =>
      `skipped ${notes.note(
        !anchorsFit
          ? `the anchors read the dump as one string; ${(corpus.bytes / 1e9).toFixed(1)} GB exceeds V8's limit (${(V8_MAX_STRING / 2 ** 20).toFixed(0)} MiB)`
          : system === 'naive' && o.count >= 1_000_000
            ? 'naive Lunr is not run at 1M: its build needs ~6.7 GB at 100k'
            : `${system} turned off by a flag`,
      )}`;

    // Builds, each in its own process for a clean peak RSS.
    log('build: this project (search index)');
    const build: Record<System, { ms: Cell; rss: Cell; size: Cell }> = {
      ours: { ms: undefined, rss: undefined, size: undefined },
      naive: { ms: undefined, rss: undefined, size: undefined },
      scan: { ms: '—', rss: '—', size: 'no index' },
    };
    const ours = await runNode(p.bin, ['index', '--data', corpus.dir, '-q'], { env, peakRss: true, timeoutMs: 60 * MINUTE_MS });
    build.ours = ours.code === 0 ? { ms: ours.ms, rss: ours.peakRssBytes, size: directoryBytes(cacheDir) } : { ms: notes.fail('our build', ours), rss: '', size: '' };
    if (enabled.naive) {
      log('build: naive Lunr');
      const naive = await runNode(p.naive, ['build', corpus.dir, naiveIndex], { nodeFlags: BIG_HEAP, peakRss: true, timeoutMs: 60 * MINUTE_MS });
      build.naive = naive.code === 0 ? { ms: naive.ms, rss: naive.peakRssBytes, size: statSync(naiveIndex).size } : { ms: notes.fail('naive build', naive), rss: '', size: '' };
    } else build.naive = { ms: off('naive'), rss: off('naive'), size: off('naive') };
    if (!enabled.scan) build.scan = { ms: off('scan'), rss: off('scan'), size: off('scan') };

    // The index alone (no dump loader): what it costs at any scale, including those the loader cannot read.
    log('index alone (in-process)');
    const indexOnly = await measureIndexOnly(p, corpus, queries, tmp, notes);

    // Cold CLI queries: one unmeasured warm-up per system (page cache), then `runs` measured runs per query.
    const cold = new Map<string, Record<System, Cell>>();
    const noIndex = (system: System): Cell =>
      typeof build[system].ms === 'number' || system === 'scan' ? undefined : `no index ${notes.note('no index was built, so nothing to query')}`;
    for (const query of queries) {
      cold.set(query.label, { ours: noIndex('ours'), naive: enabled.naive ? noIndex('naive') : off('naive'), scan: enabled.scan ? undefined : off('scan') });
    }
    for (const system of ['ours', 'naive', 'scan'] as const) {
      if (!enabled[system] || (system === 'ours' && typeof build.ours.ms !== 'number') || (system === 'naive' && typeof build.naive.ms !== 'number')) continue;
      log(`cold queries: ${system}`);
      const first = queryCommand(system, p, corpus, naiveIndex, queries[0]!.q);
      await runNode(first.script, first.args, { env, nodeFlags: first.flags, timeoutMs: 10 * MINUTE_MS });
      for (const query of queries) cold.get(query.label)![system] = await coldMedian(system, query, p, corpus, naiveIndex, env, o.runs, notes);
    }

    // serve under load.
    const serve = new Map<System, ServeFigures>();
    for (const system of ['ours', 'naive', 'scan'] as const) {
      const skipped = !enabled[system] || (system !== 'scan' && typeof build[system].ms !== 'number');
      if (skipped) {
        const why = enabled[system] ? `no index ${notes.note('no index was built, so nothing to query')}` : off(system);
        serve.set(system, { rps: why, p50: why, p99: why, rss: why, firstRps: why, firstP99: why });
        continue;
      }
      log(`serve: ${system}`);
      serve.set(system, await measureServe(system, p, corpus, naiveIndex, env, mixed, o, notes));
    }

    const hundredK = o.count === 100_000;
    const coldTarget = o.count === 10_000 ? 200 : hundredK ? 500 : undefined;
    const rows: Row[] = [
      { label: 'index build time', unit: 'ms', better: 'lower', ours: build.ours.ms, naive: build.naive.ms, scan: build.scan.ms, target: hundredK ? 20_000 : undefined },
      { label: 'index build peak RSS', unit: 'bytes', better: 'lower', ours: build.ours.rss, naive: build.naive.rss, scan: build.scan.rss, target: hundredK ? 1.5e9 : undefined },
      { label: 'index size on disk', unit: 'bytes', better: 'lower', ours: build.ours.size, naive: build.naive.size, scan: build.scan.size },
      ...queries.map((query): Row => {
        const c = cold.get(query.label)!;
        return { label: `cold query: ${query.label}`, unit: 'ms', better: 'lower', ours: c.ours, naive: c.naive, scan: c.scan, target: coldTarget };
      }),
      rowOf('serve throughput (8 clients)', 'rps', 'higher', serve, 'rps', hundredK ? 1000 : undefined),
      rowOf('serve p50 latency', 'ms', 'lower', serve, 'p50', undefined),
      rowOf('serve p99 latency', 'ms', 'lower', serve, 'p99', hundredK ? 50 : undefined),
      rowOf('serve RSS after load', 'bytes', 'lower', serve, 'rss', hundredK ? 1e9 : undefined),
      rowOf('serve first pass: throughput', 'rps', 'higher', serve, 'firstRps', undefined),
      rowOf('serve first pass: p99 latency', 'ms', 'lower', serve, 'firstP99', undefined),
    ];
    const out: string[] = [
      `search bench — ${corpus.count.toLocaleString('en-US')} issues (${(corpus.bytes / 1e6).toFixed(0)} MB dump, ${corpus.origin})`,
      `machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}; 1-min load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end (other work on the machine skews timings)`,
      `cold queries (median of ${o.runs} whole-process runs, prebuilt index): ${queries.map((q) => `${q.label} = \`${q.q}\``).join('; ')}`,
      `serve: ${mixed.length} mixed request paths, 8 concurrent keep-alive clients, ${o.serveSeconds} s after a first pass over every path (the first-pass rows: each path once, nothing cached); "vs" = times better than that anchor`,
      '',
      renderTable(rows),
      '',
      indexOnly,
      ...(notes.lines.length ? ['', ...notes.lines] : []),
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    if (o.keep) log(`kept ${tmp}`);
  } finally {
    if (!o.keep) rmSync(tmp, { recursive: true, force: true });
  }
}

/** The index-only child's figures as one line for under the table. */
async function measureIndexOnly(p: Paths, corpus: Corpus, queries: readonly ColdQuery[], tmp: string, notes: Notes): Promise<string> {
  // Keywords only: the child has no qualifiers (the qualifier-heavy query contributes its keyword).
  const keywords = queries.map((q) => q.q.split(/\s+/).filter((w) => !w.includes(':')).join(' '));
  const run = await runNode(p.indexOnly, [String(corpus.count), path.join(tmp, 'cache-index-only'), ...keywords], {
    nodeFlags: BIG_HEAP,
    peakRss: true,
    keepStdout: true,
    timeoutMs: 60 * MINUTE_MS,
  });
  if (run.code !== 0) return `index alone: ${notes.fail('index-only build', run)}`;
  const r = JSON.parse(run.stdout) as IndexOnlyReport;
  const queryText = r.queries.map((q) => `\`${q.q}\` ${formatValue(q.ms, 'ms')} (${q.hits.toLocaleString('en-US')} hits)`).join(', ');
  const v = r.visibility;
  const visibleText = v.queries
    .map((q) => `\`${q.q}\` ${q.hits.toLocaleString('en-US')} hits: stored ${formatValue(q.storedMs, 'ms')}, visible-only ${formatValue(q.visibleMs, 'ms')} (first ${formatValue(q.firstVisibleMs, 'ms')})`)
    .join('; ');
  return (
    `index alone (in-process, titles+bodies generated in memory, no dump loader): build ${formatValue(r.buildMs, 'ms')}, ` +
    `save ${formatValue(r.saveMs, 'ms')}, ${formatValue(r.indexBytes, 'bytes')} on disk, peak RSS ${run.peakRssBytes === undefined ? '?' : formatValue(run.peakRssBytes, 'bytes')} ` +
    `(with the texts); lazy open ${formatValue(r.openMs, 'ms')}; first keyword queries: ${queryText}\n` +
    `relevance over visible records (issue #12): term frequencies + field lengths add ${formatValue(v.statisticsBytes, 'bytes')} ` +
    `(${((100 * v.statisticsBytes) / Math.max(1, r.indexBytes)).toFixed(0)} % of the index); scoring with ${v.hiddenDocs.toLocaleString('en-US')} ` +
    `hidden documents (5 %) vs stored weights, median of 5: ${visibleText}`
  );
}

function rowOf(label: string, unit: Row['unit'], better: Row['better'], serve: Map<System, ServeFigures>, key: keyof ServeFigures, target: number | undefined): Row {
  return { label, unit, better, ours: serve.get('ours')?.[key], naive: serve.get('naive')?.[key], scan: serve.get('scan')?.[key], target };
}

async function coldMedian(system: System, query: ColdQuery, p: Paths, corpus: Corpus, naiveIndex: string, env: Record<string, string>, runs: number, notes: Notes): Promise<Cell> {
  const command = queryCommand(system, p, corpus, naiveIndex, query.q);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await runNode(command.script, command.args, { env, nodeFlags: command.flags, timeoutMs: 10 * MINUTE_MS });
    if (run.code !== 0) return notes.fail(`${system} cold query "${query.q}"`, run);
    times.push(run.ms);
  }
  return median(times);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
