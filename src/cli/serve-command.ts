/**
 * `search serve`: open the dump, build or load every index before the port opens, then serve GitHub's REST
 * search API over HTTP until SIGINT/SIGTERM. The first stderr line says where it listens and what it serves.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Kind } from '../kinds/kind.js';
import type { SearchRequest } from '../search-request.js';
import { runSearch, type SearchResult } from '../search.js';
import type { RunningServer, SignalSource } from '../server/listen.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../server/rate-limiter.js';
import { openStore, type Store, type StoreOptions } from '../store/store.js';
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
  previews: 'required' | 'optional';
  auth?: string;
  rateLimit: 'on' | 'off';
  searchRate: number;
  searchRateAnonymous: number;
  codeSearchRate: number;
  rateWindow: number;
  timeout?: number;
  maxInFlight: number;
  quiet?: boolean;
}

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
      new Option('--previews <mode>', 'required: commits/topics need their preview media type (else 415); optional: serve them anyway')
        .choices(['required', 'optional'])
        .default('required'),
    )
    .option('--auth <file>', 'access file: users, tokens, passwords, client apps and the private repositories each may read')
    .addOption(new Option('--rate-limit <on|off>', 'per-caller rate limits').choices(['on', 'off']).default('on'))
    .addOption(new Option('--search-rate <n>', 'searches per window, identified callers').default(DEFAULT_RATE_LIMITS.search.identified).argParser(integer(1)))
    .addOption(new Option('--search-rate-anonymous <n>', 'searches per window, anonymous callers').default(DEFAULT_RATE_LIMITS.search.anonymous).argParser(integer(1)))
    .addOption(new Option('--code-search-rate <n>', 'code searches per window').default(DEFAULT_RATE_LIMITS.code_search.identified).argParser(integer(1)))
    .addOption(new Option('--rate-window <ms>', 'length of a search rate-limit window').default(DEFAULT_RATE_LIMITS.search.windowMs).argParser(integer(1)))
    .addOption(new Option('--timeout <ms>', 'per-query time limit; past it, incomplete_results: true').argParser(integer(1)))
    .addOption(new Option('--max-in-flight <n>', 'requests admitted at once, counted from arrival; more get 503 with Retry-After at once').default(SERVE_DEFAULT_MAX_IN_FLIGHT).argParser(integer(1)))
    .option('-q, --quiet', 'no request log on stderr (one line per request otherwise: method, path, status, ms, caller kind)')
    .action(async (options: ServeOptions) => {
      await serve(options, deps);
    });
  return command;
}

/** The quotas selected by the rate-limit options. */
function rateLimitsFrom(options: ServeOptions): RateLimits | false {
  if (options.rateLimit === 'off') return false;
  return {
    search: { identified: options.searchRate, anonymous: options.searchRateAnonymous, windowMs: options.rateWindow },
    code_search: { identified: options.codeSearchRate, anonymous: options.codeSearchRate, windowMs: options.rateWindow },
    core: DEFAULT_RATE_LIMITS.core,
  };
}

async function serve(options: ServeOptions, deps: ServeCommandDeps): Promise<void> {
  const stderr = deps.stderr ?? process.stderr;
  const search = deps.search ?? runSearch;
  // React's production build for the search page (src/web): its development build renders a page about 10× slower.
  process.env['NODE_ENV'] ??= 'production';
  const [{ loadAccessFile }, { closeOnSignals, listen }, { createHandler }, { withRequestLog }, { createPageHandler }] = await Promise.all([
    import('../server/access-file.js'),
    import('../server/listen.js'),
    import('../server/routes.js'),
    import('../server/request-log.js'),
    import('../web/page-handler.js'),
  ]);
  const auth = options.auth === undefined ? undefined : await loadAccessFile(options.auth);
  // A terminal shows a transient bar for long builds, cleared before the start-up line; pipes stay silent.
  const progress = stderrProgress(stderr as NodeJS.WriteStream, false);
  const store = (deps.openStore ?? openStore)(options.data, { onProgress: progress.onProgress });
  try {
    await store.prebuild();
  } finally {
    progress.done();
  }
  const counts = await store.counts();
  const routes = createHandler({
    search: (request) => search(request, store),
    pages: createPageHandler({ store, search: (request) => search(request, store), auth, previews: options.previews, timeoutMs: options.timeout }),
    auth,
    rateLimit: rateLimitsFrom(options),
    previews: options.previews,
    maxInFlight: options.maxInFlight,
    timeoutMs: options.timeout,
  });
  const handler = options.quiet ? routes : withRequestLog(routes, (line) => void stderr.write(line));
  const server = await listen({ handler, port: options.port, host: options.host });
  stderr.write(
    `search serve: listening on ${server.url} — ${store.source} (${describeCounts(counts)}); ` +
      `previews ${options.previews}, rate limit ${options.rateLimit}, ` +
      `access ${options.auth === undefined ? 'public records only' : `from ${options.auth}`}\n`,
  );
  closeOnSignals(server, ['SIGINT', 'SIGTERM'], deps.signals ?? process);
  deps.onListening?.(server);
  await server.closed;
  stderr.write('search serve: stopped\n');
}
