/**
 * `search serve`: open the dump, build or load every index before the port opens, then serve GitHub's REST
 * search API over HTTP until SIGINT/SIGTERM. The first stderr line says where it listens and what it serves.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Kind } from '../kinds/kind.js';
import type { SearchRequest } from '../search-request.js';
import { runSearch, type SearchResult } from '../search.js';
import { availableParallelism } from 'node:os';
import type { RunningServer, SignalSource } from '../server/listen.js';
import { DEFAULT_RATE_LIMITS, UNLIMITED_RATE_LIMITS, type RateCounter, type RateLimits } from '../server/rate-limiter.js';
import { describeRules, serveRules, type ServeRules } from '../server/serve-rules.js';
import { openStore, type Store, type StoreOptions } from '../store/store.js';
import { DEFAULT_MEMORY_BUDGET_MIB, MAX_MEMORY_BUDGET_MIB } from '../store/memory-budget.js';
import type { Handler } from '../server/routes.js';
import type { AnswerExchange } from '../server/shared-answers.js';
import { stderrProgress } from './progress.js';

/**
 * `--max-in-flight`'s default, the server's own (`DEFAULT_MAX_IN_FLIGHT` of server/routes.ts; a test keeps the
 * two equal). Restated here so that building the command, which every `search` run does, does not load the
 * HTTP edge (routes, listen, node:http, GraphQL, ETags): `serve` loads it when it runs.
 */
export const SERVE_DEFAULT_MAX_IN_FLIGHT = 32;

/** What the command needs from outside; everything but `defaultData` has a production default. */
export interface ServeCommandDeps {
  /** The dump served when neither `--data` nor `SEARCH_DATA` is given (the embedded `data/`). */
  readonly defaultData: string;
  /** @default openStore from store/ */
  readonly openStore?: ((source: string, options: StoreOptions) => Store) | undefined;
  /** @default runSearch from search.ts */
  readonly search?: ((request: SearchRequest, store: Store) => Promise<SearchResult>) | undefined;
  /** Where the start-up line and progress go. @default process.stderr */
  readonly stderr?: (NodeJS.WritableStream & { isTTY?: boolean }) | undefined;
  /** Where SIGINT/SIGTERM come from. @default process */
  readonly signals?: SignalSource | undefined;
  /** Called once the port is open (tests use it to find the ephemeral port and to stop the server). */
  readonly onListening?: ((server: RunningServer) => void) | undefined;
}

/** Parsed options of `search serve` (commander's camel-cased names). */
interface ServeOptions {
  data: string;
  port: number;
  host: string;
  /** Undefined: the address decides (serve-rules.ts). */
  previews?: 'required' | 'optional';
  auth?: string;
  /** Undefined: the address and the quota flags decide (serve-rules.ts). */
  rateLimit?: 'on' | 'off';
  searchRate: number;
  searchRateAnonymous: number;
  codeSearchRate: number;
  rateWindow: number;
  timeout?: number;
  maxInFlight: number;
  workers: number;
  /** MiB; undefined: SEARCH_MEMORY_BUDGET, else the default (store/memory-budget.ts). */
  memory?: number;
  quiet?: boolean;
}

/** The quota flags: giving any of them asks for rate limits (GitHub's rules) even on loopback. */
const QUOTA_OPTIONS = ['searchRate', 'searchRateAnonymous', 'codeSearchRate', 'rateWindow'] as const;

/** A commander coercer for integers in `[min, max]`. */
function integer(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max === Number.MAX_SAFE_INTEGER ? '∞' : max}.`);
    }
    return n;
  };
}

/** `code 150, commits 46400, …` for the kinds present in the dump. */
function describeCounts(counts: Partial<Record<Kind, number>>): string {
  const entries = Object.entries(counts).filter(([, n]) => n !== undefined);
  return entries.length === 0 ? 'no records' : entries.map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** Build the `serve` subcommand. Its action resolves when the server has shut down; it never exits the process. */
export function createServeCommand(deps: ServeCommandDeps): Command {
  const command = new Command('serve')
    .description("serve GitHub's REST search API (GET /search/<kind>) over HTTP")
    .addOption(new Option('--data <path>', 'dump to serve (directory or JSON file)').env('SEARCH_DATA').default(deps.defaultData))
    .addOption(new Option('--port <n>', 'TCP port (0: any free port)').default(3000).argParser(integer(0, 65535)))
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .addOption(
      new Option(
        '--previews <mode>',
        'required: commits/topics need their preview media type (else 415); optional: serve them anyway (default: optional on a loopback address, required on any other)',
      ).choices(['required', 'optional']),
    )
    .option('--auth <file>', 'access file: users, tokens, passwords, client apps and the private repositories each may read')
    .addOption(
      new Option('--rate-limit <on|off>', "per-caller rate limits, GitHub's quotas (default: off on a loopback address unless a quota flag is given, on on any other)").choices(['on', 'off']),
    )
    .addOption(new Option('--search-rate <n>', 'searches per window, identified callers').default(DEFAULT_RATE_LIMITS.search.identified).argParser(integer(1)))
    .addOption(new Option('--search-rate-anonymous <n>', 'searches per window, anonymous callers').default(DEFAULT_RATE_LIMITS.search.anonymous).argParser(integer(1)))
    .addOption(new Option('--code-search-rate <n>', 'code searches per window').default(DEFAULT_RATE_LIMITS.code_search.identified).argParser(integer(1)))
    .addOption(new Option('--rate-window <ms>', 'length of a search rate-limit window').default(DEFAULT_RATE_LIMITS.search.windowMs).argParser(integer(1)))
    .addOption(new Option('--timeout <ms>', 'per-query time limit; past it, incomplete_results: true').argParser(integer(1)))
    .addOption(new Option('--max-in-flight <n>', 'requests admitted at once per worker, counted from arrival; more get 503 with Retry-After at once').default(SERVE_DEFAULT_MAX_IN_FLIGHT).argParser(integer(1)))
    .addOption(
      new Option('--workers <n>', 'server processes over the same index files and port, sharing one rate-limit count')
        .default(availableParallelism(), 'the number of cores')
        .argParser(integer(1, 1024)),
    )
    .addOption(
      new Option('--memory <MiB>', `memory budget of each collection's caches per worker (default: SEARCH_MEMORY_BUDGET, else ${DEFAULT_MEMORY_BUDGET_MIB})`).argParser(
        integer(1, MAX_MEMORY_BUDGET_MIB),
      ),
    )
    .option('-q, --quiet', 'no request log on stderr (one line per request otherwise: method, path, status, ms, caller kind)')
    .action(async (options: ServeOptions, self: Command) => {
      const given = (name: string) => ['cli', 'env'].includes(self.getOptionValueSource(name) ?? '');
      const rules = serveRules({
        host: options.host,
        rateLimit: options.rateLimit,
        previews: options.previews,
        quotaGiven: QUOTA_OPTIONS.some(given),
      });
      await serve(options, rules, deps);
    });
  return command;
}

/** The quotas selected by the rules and the quota options (`off`: limits nobody reaches, headers still sent). */
function rateLimitsFrom(options: ServeOptions, rules: ServeRules): RateLimits | false {
  if (rules.rateLimit === 'off') return false;
  return {
    search: { identified: options.searchRate, anonymous: options.searchRateAnonymous, windowMs: options.rateWindow },
    code_search: { identified: options.codeSearchRate, anonymous: options.codeSearchRate, windowMs: options.rateWindow },
    core: DEFAULT_RATE_LIMITS.core,
  };
}

/** What serving needs once the options are resolved: a handler for a store, and how to report. */
interface Serving {
  readonly options: ServeOptions;
  readonly rules: ServeRules;
  readonly deps: ServeCommandDeps;
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly signals: SignalSource;
  readonly handlerFor: (store: Store, rateCounter?: RateCounter, answers?: AnswerExchange) => Handler;
  readonly server: typeof import('../server/listen.js');
  readonly workers: typeof import('../server/workers.js');
  /** The access log's writer (undefined with `--quiet`): flushed before the process reports it stopped or ends. */
  readonly requestLog: { flush(): void } | undefined;
}

async function serve(options: ServeOptions, rules: ServeRules, deps: ServeCommandDeps): Promise<void> {
  const stderr = deps.stderr ?? process.stderr;
  const search = deps.search ?? runSearch;
  // React's production build for the search page (src/web): its development build renders a page about 10× slower.
  process.env['NODE_ENV'] ??= 'production';
  const [{ loadAccessFile }, server, { createHandler }, workers, { fromHandler }, { createPageHandler }, { batchedLog }] = await Promise.all([
    import('../server/access-file.js'),
    import('../server/listen.js'),
    import('../server/routes.js'),
    import('../server/workers.js'),
    import('../server/chain.js'),
    import('../web/page-handler.js'),
    import('../server/request-log.js'),
  ]);
  const auth = options.auth === undefined ? undefined : await loadAccessFile(options.auth);
  // The access log: the lines of one turn of the event loop in one write (request-log.ts).
  const requestLog = options.quiet ? undefined : batchedLog((text) => void stderr.write(text));
  const handlerFor = (store: Store, rateCounter?: RateCounter, answers?: AnswerExchange) =>
    createHandler({
      search: (request) => search(request, store),
      auth,
      rateLimit: rateLimitsFrom(options, rules),
      rateCounter,
      answers,
      previews: rules.previews,
      maxInFlight: options.maxInFlight,
      timeoutMs: options.timeout,
      log: requestLog?.write,
      // GitHub's search page for browsers (GET / and GET /search?q=&type=), on the same store and search.
      routes: [
        fromHandler(
          createPageHandler({ store, search: (request) => search(request, store), auth, previews: rules.previews, timeoutMs: options.timeout }),
        ),
      ],
    });
  const serving: Serving = { options, rules, deps, stderr, signals: deps.signals ?? process, handlerFor, server, workers, requestLog };
  if (workers.isServeWorker()) return serveAsWorker(serving);
  // Workers run this command line with the production core: injected stand-ins (tests) and an entry script that
  // is not ours (the command embedded in another program) keep one process.
  const many = options.workers > 1 && deps.openStore === undefined && deps.search === undefined && workers.canFork();
  // A port that is taken fails here, once, before any index is built or worker forked.
  if (many && options.port !== 0) await workers.probePort(options.port, options.host);
  const built = await openBuilt(options, deps, stderr, !many);
  const running = many ? await startPool(serving) : await serveInProcess(serving, built.store!);
  const workerCount = many ? options.workers : 1;
  stderr.write(
    `search serve: listening on ${running.url} — ${built.source} (${describeCounts(built.counts)}); ` +
      `${describeRules(rules)}; ` +
      `access ${options.auth === undefined ? 'public records only' : `from ${options.auth}`}; ` +
      `${workerCount} worker${workerCount === 1 ? '' : 's'}\n`,
  );
  deps.onListening?.(running);
  await running.closed;
  requestLog?.flush();
  stderr.write('search serve: stopped\n');
}

/**
 * Open the dump and build or load every index before anything listens (a terminal shows a transient bar, cleared
 * before the start-up line; pipes stay silent). The store is returned only when `keep`: the primary of several
 * workers lets it go (the workers open what it built).
 */
async function openBuilt(
  options: ServeOptions,
  deps: ServeCommandDeps,
  stderr: NodeJS.WritableStream,
  keep: boolean,
): Promise<{ store?: Store; source: string; counts: Partial<Record<Kind, number>> }> {
  const progress = stderrProgress(stderr as NodeJS.WriteStream, false);
  const store = (deps.openStore ?? openStore)(options.data, { onProgress: progress.onProgress, ...memoryOption(options) });
  try {
    await store.prebuild();
  } finally {
    progress.done();
  }
  const facts = { source: store.source, counts: await store.counts() };
  return keep ? { ...facts, store } : facts;
}

/** The store's memory budget from `--memory` (none given: the store reads SEARCH_MEMORY_BUDGET). */
function memoryOption(options: ServeOptions): StoreOptions {
  return options.memory === undefined ? {} : { memoryBytes: options.memory * 1024 * 1024 };
}

/** One process: the handler over `store`, its own rate-limit count. */
async function serveInProcess(serving: Serving, store: Store): Promise<RunningServer> {
  const { options, server } = serving;
  const running = await server.listen({ handler: serving.handlerFor(store), port: options.port, host: options.host });
  server.closeOnSignals(running, ['SIGINT', 'SIGTERM'], serving.signals);
  return running;
}

/** `--workers N`: fork the workers (they open the built indexes), keep their shared count, stop them on a signal. */
async function startPool(serving: Serving): Promise<RunningServer> {
  const { options, workers } = serving;
  const limits = rateLimitsFrom(options, serving.rules);
  const pool = await workers.startWorkers({
    count: options.workers,
    limits: limits === false ? UNLIMITED_RATE_LIMITS : limits,
    host: options.host,
    onWorkerDied: (code, signal) =>
      void serving.stderr.write(`search serve: a worker exited (${signal === null ? `code ${code}` : `signal ${signal}`}) while serving; starting another\n`),
  });
  workers.stopOnSignals(pool, ['SIGINT', 'SIGTERM'], serving.signals);
  return { url: pool.url, host: options.host, port: Number(new URL(pool.url).port), close: pool.stop, closed: pool.closed };
}

/** A worker of `--workers N`: open the built indexes and serve until the primary says stop; it reports for all. */
async function serveAsWorker(serving: Serving): Promise<void> {
  const { options, deps, server, workers } = serving;
  const store = (deps.openStore ?? openStore)(options.data, memoryOption(options));
  await store.prebuild();
  let running: RunningServer;
  try {
    running = await server.listen({ handler: serving.handlerFor(store, workers.workerRateCounter(), workers.workerAnswers()), port: options.port, host: options.host });
  } catch (error) {
    workers.reportListenFailure(error);
    process.exitCode = 3;
    return;
  }
  workers.stopWithPrimary(running);
  server.closeOnSignals(running, ['SIGINT', 'SIGTERM'], serving.signals);
  await running.closed;
  serving.requestLog?.flush();
}
