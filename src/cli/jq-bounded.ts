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

/**
 * `json` with each lone surrogate escape (`\\ud800` without its pair, as JSON.stringify writes a record's broken
 * UTF-16) written `\\ufffd`: jq refuses such text as a whole ("Invalid \\uXXXX\\uXXXX surrogate pair escape"),
 * and would replace the character so anyway. Every backslash in JSON text starts an escape, so a left-to-right scan
 * of escapes finds them exactly. Text without such escapes is returned as is.
 */
export function wellFormedJson(json: string): string {
  if (!/\\u[dD][89a-fA-F]/.test(json)) return json;
  const escapes: { at: number; code: number }[] = [];
  const escape = /\\(?:u([0-9a-fA-F]{4})|[^u])/g;
  for (let m = escape.exec(json); m !== null; m = escape.exec(json)) {
    if (m[1] !== undefined) escapes.push({ at: m.index, code: Number.parseInt(m[1], 16) });
  }
  let out = '';
  let from = 0;
  for (let i = 0; i < escapes.length; i++) {
    const { at, code } = escapes[i]!;
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (!high && !low) continue;
    const next = escapes[i + 1];
    if (high && next && next.at === at + 6 && next.code >= 0xdc00 && next.code <= 0xdfff) {
      i++;
      continue;
    }
    out += `${json.slice(from, at)}\\ufffd`;
    from = at + 6;
  }
  return out + json.slice(from);
}

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
    workerData: { jqPath: jqWasmPath(), json: wellFormedJson(json), expression, flags: [...flags] },
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
