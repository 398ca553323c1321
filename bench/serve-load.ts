/**
 * A bounded loopback load generator for `search serve`: N concurrent keep-alive clients cycling through a list
 * of request paths until a request count or a duration is reached; reports throughput and latency percentiles.
 * It refuses non-loopback targets, so a bench can never load someone else's server.
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { listen } from '../src/server/listen.js';
import type { SearchFunction } from '../src/search.js';
import { createHandler } from '../src/server/routes.js';

/** Options of {@link runLoad}. */
export interface LoadOptions {
  /** `http://127.0.0.1:<port>` (loopback hosts only: 127.0.0.0/8, `::1`, `localhost`). */
  readonly baseUrl: string;
  /** Paths with query strings, e.g. `/search/issues?q=bug`; request i uses `paths[i % paths.length]`. */
  readonly paths: readonly string[];
  /** Concurrent clients, 1–256. */
  readonly concurrency: number;
  /** Stop after this many requests (at most 1,000,000). @default 1000 when `durationMs` is not given */
  readonly requests?: number | undefined;
  /** Stop issuing requests after this many ms (at most 600,000). */
  readonly durationMs?: number | undefined;
  /** Extra request headers (Accept, Authorization). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Per-request limit in ms, past which the request counts as an error. @default 30000 */
  readonly requestTimeoutMs?: number | undefined;
}

/** What a load run measured. Latencies in ms, throughput in requests per second. */
export interface LoadReport {
  /** Requests completed (successes and errors). */
  readonly requests: number;
  /** Requests that failed: network errors, timeouts, and statuses ≥ 400. */
  readonly errors: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Slowest request. */
  readonly maxMs: number;
  /** Completed requests per status (`"error"` for network failures). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Latency percentiles per status, in ms. */
  readonly byStatus: Readonly<Record<string, { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number }>>;
}

/**
 * A mix of requests that means something on any dump: every kind, best match and sorted, first and later pages,
 * qualifier-only and free-text queries. Suitable as `paths` for {@link loadTestServer}.
 */
export const STANDARD_LOAD_PATHS: readonly string[] = Object.freeze([
  '/search/issues?q=is:issue+state:open',
  '/search/issues?q=bug&sort=created&order=asc&page=2&per_page=10',
  '/search/issues?q=is:pr+fix',
  '/search/repositories?q=stars:>=0&sort=stars&per_page=100',
  '/search/repositories?q=github',
  '/search/commits?q=fix',
  '/search/commits?q=the&sort=author-date&per_page=100',
  '/search/code?q=the',
  '/search/users?q=type:user&sort=followers',
  '/search/topics?q=is:curated',
]);

const MAX_REQUESTS = 1_000_000;
const MAX_DURATION_MS = 600_000;

/** True for loopback host names: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Nearest-rank percentile of an ascending array; 0 for an empty one. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** One GET; resolves with the status (body drained) or `error`. */
function get(agent: Agent, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<number | 'error'> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('error'));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve('error'));
    req.end();
  });
}

/**
 * Run a bounded load against a loopback server.
 * @throws RangeError for a non-loopback `baseUrl`, no paths, or bounds out of range
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const base = new URL(options.baseUrl);
  if (!isLoopback(base.hostname)) throw new RangeError(`runLoad only targets loopback hosts, not ${base.hostname}`);
  if (options.paths.length === 0) throw new RangeError('runLoad needs at least one path');
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 256) {
    throw new RangeError('concurrency must be an integer from 1 to 256');
  }
  const limit = options.requests ?? (options.durationMs === undefined ? 1000 : MAX_REQUESTS);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_REQUESTS) throw new RangeError(`requests must be 1–${MAX_REQUESTS}`);
  const duration = Math.min(options.durationMs ?? MAX_DURATION_MS, MAX_DURATION_MS);
  const headers = { accept: 'application/vnd.github.v3+json', ...options.headers };
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const perStatus: Record<string, number[]> = {};
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + duration;

  const worker = async () => {
    while (issued < limit && performance.now() < deadline) {
      const path = options.paths[issued % options.paths.length]!;
      issued += 1;
      const t0 = performance.now();
      const status = await get(agent, new URL(path, base), headers, options.requestTimeoutMs ?? 30_000);
      const ms = performance.now() - t0;
      latencies.push(ms);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      (perStatus[String(status)] ??= []).push(ms);
      if (status === 'error' || status >= 400) errors += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: elapsed > 0 ? latencies.length / elapsed : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    statuses,
    byStatus: Object.fromEntries(
      Object.entries(perStatus).map(([status, list]) => {
        list.sort((a, b) => a - b);
        return [status, { p50Ms: percentile(list, 50), p99Ms: percentile(list, 99), maxMs: list.at(-1) ?? 0 }];
      }),
    ),
  };
}

/** Options of {@link loadTestServer}: a search function plus the load shape. */
export interface ServerLoadOptions extends Omit<LoadOptions, 'baseUrl'> {
  readonly search: SearchFunction;
  /** Passed to the handler; keep it ≥ concurrency to measure throughput rather than 503s. @default concurrency */
  readonly maxInFlight?: number | undefined;
  /** Passed to the handler: per-query time limit in ms. @default none */
  readonly timeoutMs?: number | undefined;
}

/**
 * Start `search serve`'s handler on an ephemeral loopback port (rate limits off, previews optional), run
 * {@link runLoad} against it, and close it. What `npm run bench` calls with `runSearch` bound to the real dumps.
 */
export async function loadTestServer(options: ServerLoadOptions): Promise<LoadReport> {
  const handler = createHandler({
    search: options.search,
    rateLimit: false,
    previews: 'optional',
    maxInFlight: options.maxInFlight ?? options.concurrency,
    timeoutMs: options.timeoutMs,
  });
  const server = await listen({ handler, port: 0, host: '127.0.0.1' });
  try {
    return await runLoad({ ...options, baseUrl: server.url });
  } finally {
    await server.close();
  }
}
