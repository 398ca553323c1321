/**
 * `npm run soak`: overload check of `search serve` (issue #12). Starts the real `search serve` as a child process
 * over a dump on an ephemeral loopback port with a small `--max-in-flight` (rate limits off, previews optional),
 * drives more keep-alive clients than that bound for a bounded time and request count, and reports how overload
 * looks: the share answered 503 (with `Retry-After`), p50/p99/max latency of all answers and per status,
 * throughput. Loopback only (serve-load.ts refuses any other host); the child is stopped at the end.
 *
 *   npm run soak -- [--data DIR] [--clients 80] [--max-in-flight 2] [--duration-ms 10000] [--requests 200000]
 *                   [--timeout-ms MS]
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startServer } from './child.js';
import { runLoad, STANDARD_LOAD_PATHS } from './serve-load.js';

const DEFAULT_DATA = fileURLToPath(new URL('../../data', import.meta.url));
const CLI = fileURLToPath(new URL('../../bin/search.js', import.meta.url));

/** Heavier requests beside the standard mix: long texts, many pages, sorted scans, code search. */
const SOAK_PATHS = [
  ...STANDARD_LOAD_PATHS,
  '/search/issues?q=the+OR+a+OR+to&sort=comments&per_page=100&page=3',
  '/search/issues?q=error+in:title,body&per_page=100',
  '/search/code?q=function&per_page=100',
  '/search/commits?q=merge+OR+fix&sort=committer-date&per_page=100',
];

function integer(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new RangeError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      data: { type: 'string' },
      clients: { type: 'string' },
      'max-in-flight': { type: 'string' },
      'duration-ms': { type: 'string' },
      requests: { type: 'string' },
      'timeout-ms': { type: 'string' },
    },
  });
  const clients = integer(values.clients, 80, 1, 256, 'clients');
  const maxInFlight = integer(values['max-in-flight'], 2, 1, 1024, 'max-in-flight');
  const durationMs = integer(values['duration-ms'], 10_000, 100, 600_000, 'duration-ms');
  const requests = integer(values.requests, 200_000, 1, 1_000_000, 'requests');
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : integer(values['timeout-ms'], 0, 1, 600_000, 'timeout-ms');
  const data = values.data ?? DEFAULT_DATA;
  const args = ['serve', '--data', data, '--port', '0', '--host', '127.0.0.1', '--rate-limit', 'off', '--previews', 'optional', '--max-in-flight', String(maxInFlight)];
  if (timeoutMs !== undefined) args.push('--timeout', String(timeoutMs));
  const server = await startServer(CLI, args, { timeoutMs: 600_000 });
  process.stderr.write(`soak: ${clients} keep-alive clients against --max-in-flight ${maxInFlight} for ≤ ${durationMs} ms / ≤ ${requests} requests on ${data}\n`);
  let report;
  try {
    report = await runLoad({ baseUrl: server.url, paths: SOAK_PATHS, concurrency: clients, durationMs, requests });
  } finally {
    await server.stop();
  }
  const shed = report.statuses['503'] ?? 0;
  const rows: Array<[string, string]> = [
    ['requests', String(report.requests)],
    ['503 (shed)', `${shed} (${((100 * shed) / Math.max(1, report.requests)).toFixed(1)} %)`],
    ['statuses', JSON.stringify(report.statuses)],
    ['throughput', `${report.rps.toFixed(0)} req/s`],
    ['latency p50', `${report.p50Ms.toFixed(1)} ms`],
    ['latency p99', `${report.p99Ms.toFixed(1)} ms`],
    ['latency max', `${report.maxMs.toFixed(1)} ms`],
    ...Object.entries(report.byStatus).map(([status, l]): [string, string] => [
      `  ${status}`,
      `p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms, max ${l.maxMs.toFixed(1)} ms`,
    ]),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(width)}  ${v}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`soak: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
