/**
 * `--jq` with bounds: jq-wasm runs in a worker thread with a heap limit, a time limit and a watch on the process's
 * memory, so a filter such as `repeat(.)` or `[range(1e9)]` ends with a one-line error instead of printing nothing
 * while memory grows without bound. The worker is plain CommonJS given as source (`eval`), so it runs the same from
 * the TypeScript sources, the compiled modules and both bundles; it loads jq-wasm from node_modules by path.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Limits of one `--jq` run. */
export interface JqLimits {
  /** Wall-clock time for loading jq and running the filter, in ms. @default 10_000 */
  readonly timeMs?: number | undefined;
  /** The worker's JavaScript heap (where jq's output collects), in MiB. @default 512 */
  readonly heapMb?: number | undefined;
  /** Growth of the process's resident memory while the filter runs (jq's own WebAssembly memory), in MiB. @default 1024 */
  readonly memoryMb?: number | undefined;
}

/** The defaults of {@link JqLimits}. */
export const JQ_LIMITS = { timeMs: 10_000, heapMb: 512, memoryMb: 1024 } as const;

/** What jq said: as `jq-wasm`'s `raw` returns it. */
export interface JqOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** A bound was hit: the message says which (`--jq: stopped after 10 s`…). */
export class JqLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JqLimitError';
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const jq = require(workerData.jqPath);
jq.raw(workerData.json, workerData.expression, workerData.flags).then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, message: error && error.message ? String(error.message) : String(error) }),
);
`;

/** Where jq-wasm's CommonJS entry is; throws when it is not installed. */
export function jqWasmPath(): string {
  return createRequire(import.meta.url).resolve('jq-wasm');
}

/**
 * Run `jq <flags> <expression>` on `json` in a bounded worker.
 * @throws JqLimitError when the time, heap or memory bound is hit (the worker is terminated first)
 * @throws Error with jq-wasm's message when jq itself throws (a compile error)
 */
export function runJqBounded(json: string, expression: string, flags: readonly string[], limits: JqLimits = {}): Promise<JqOutput> {
  const timeMs = limits.timeMs ?? JQ_LIMITS.timeMs;
  const heapMb = limits.heapMb ?? JQ_LIMITS.heapMb;
  const memoryMb = limits.memoryMb ?? JQ_LIMITS.memoryMb;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { jqPath: jqWasmPath(), json, expression, flags: [...flags] },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  const startRss = process.memoryUsage.rss();
  return new Promise<JqOutput>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate().finally(outcome);
    };
    const timer = setTimeout(() => finish(() => reject(new JqLimitError(`stopped after ${timeMs / 1000} s (the time limit of a jq filter)`))), timeMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > memoryMb * 2 ** 20) {
        finish(() => reject(new JqLimitError(`stopped at ${memoryMb} MiB of memory (the memory limit of a jq filter)`)));
      }
    }, 50);
    worker.on('message', (message: { ok: true; result: JqOutput } | { ok: false; message: string }) => {
      // Emscripten aborts when jq's WebAssembly memory cannot grow further (its own ceiling).
      const aborted = !message.ok && /^Aborted\(/.test(message.message);
      finish(() =>
        message.ok
          ? resolve(message.result)
          : reject(aborted ? new JqLimitError('stopped: jq ran out of memory (the memory limit of a jq filter)') : new Error(message.message)),
      );
    });
    worker.on('error', (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new JqLimitError(`stopped at ${heapMb} MiB of output and data (the memory limit of a jq filter)`) : error),
      );
    });
    worker.on('exit', (code) => finish(() => reject(new Error(`jq worker exited (${code})`))));
  });
}
