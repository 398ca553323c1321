/**
 * gh's output flags for a kind search: `--limit N` (walk pages), `--json FIELDS` (gh's field export) and
 * `--jq EXPR` (filter what would be printed). Without them the answer is GitHub's envelope, byte for byte.
 */
import { execFile } from 'node:child_process';
import type { Envelope } from '../envelope/envelope.js';
import { renderJson } from '../envelope/envelope.js';
import type { Kind } from '../kinds/kind.js';
import type { SearchRequest } from '../search-request.js';
import { RESULT_CAP } from '../plan/window.js';
import type { SearchResult } from '../search.js';
import { exportItem } from './json-fields.js';
import { EnvironmentError, UsageError } from './cli-errors.js';
import { terminalText } from '../render/terminal-text.js';
import { JQ_LIMITS, type JqLimits } from './jq-bounded.js';


/**
 * Run a search for up to `limit` items, page by page (per_page = min(limit, 100), as gh does), stopping at the
 * last page, an empty page or the 1000-result cap. The envelope's `total_count` is the first page's;
 * `incomplete_results` is true when any page was incomplete.
 * @param limit 1..1000 items (larger values are capped at 1000, as gh's search commands do)
 */
export async function searchWithLimit(
  request: SearchRequest,
  limit: number,
  search: (request: SearchRequest) => Promise<SearchResult>,
): Promise<Envelope> {
  const wanted = Math.min(limit, RESULT_CAP);
  const perPage = Math.min(wanted, 100);
  const items: Envelope['items'][number][] = [];
  let first: Envelope | undefined;
  let incomplete = false;
  for (let page = 1; items.length < wanted; page += 1) {
    const result = await search({ ...request, page: String(page), per_page: String(perPage) });
    first ??= result.envelope;
    incomplete ||= result.envelope.incomplete_results;
    items.push(...result.envelope.items.slice(0, wanted - items.length));
    if (result.envelope.items.length < perPage || page >= result.lastPage) break;
  }
  return { ...first!, incomplete_results: incomplete, items };
}

/** What to print for an envelope: the envelope itself, or gh's field export of its items. */
export function selectOutput(kind: Kind, envelope: Envelope, fields: readonly string[] | undefined): unknown {
  return fields === undefined ? envelope : envelope.items.map((item) => exportItem(kind, item, fields));
}

/**
 * The text written for a value: the envelope as GitHub's serialiser writes it; a field export as gh does
 * (indented on a terminal, one compact line when piped).
 */
export function renderOutput(value: unknown, fieldsExport: boolean, tty: boolean): string {
  try {
    if (!fieldsExport || tty) return renderJson(value);
    return `${JSON.stringify(value)}\n`;
  } catch (error) {
    throw tooLarge(error) ?? error;
  }
}

/**
 * The page-size guard: V8 holds at most 2^29 − 24 UTF-16 units (about 512 MiB) in one string, so a page whose JSON
 * is larger cannot be written whole. That is an EnvironmentError (exit 3) naming what to ask for instead; other
 * errors give undefined.
 */
export function tooLarge(error: unknown): EnvironmentError | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const overLong = (error instanceof RangeError && /Invalid string length/i.test(error.message)) || code === 'ERR_STRING_TOO_LONG';
  if (!overLong) return undefined;
  return new EnvironmentError(
    'the answer is too large to write: its JSON is over 512 MiB, the most one string can hold',
    'ask for fewer or smaller items: --per-page <n>, --limit <n> or --json <fields>',
  );
}

/** A jq runner: JSON text in, jq's output out. Throws UsageError for a bad expression. */
export type JqRunner = (json: string, expression: string, options?: JqOptions) => Promise<string>;

/**
 * Filter JSON with jq, as `gh --jq` does: strings print raw, everything else as JSON (`jq -r`). Uses the jq
 * compiled to WebAssembly (`jq-wasm`, jq 1.8) in a bounded worker (jq-bounded.ts: time, heap and memory limits);
 * when that cannot load, the system `jq` (time-limited); when neither is there, a UsageError saying how to get one.
 * A filter past a limit is a UsageError (exit 2) naming the limit. jq prints strings raw, so what it prints for a
 * terminal (`terminal: true`) has terminal controls made visible (render/terminal-text.ts); piped, it is unchanged.
 */
export async function runJq(json: string, expression: string, options: JqOptions = {}): Promise<string> {
  const out = await runJqRaw(json, expression, options.limits);
  return options.terminal ? terminalText(out, { multiline: true }) : out;
}

/** Options of {@link runJq}. */
export interface JqOptions {
  /** @default JQ_LIMITS */
  readonly limits?: JqLimits | undefined;
  /** The output goes to a terminal. @default false */
  readonly terminal?: boolean | undefined;
}

async function runJqRaw(json: string, expression: string, limits: JqLimits | undefined): Promise<string> {
  const { runJqBounded, jqWasmPath, JqLimitError } = await import('./jq-bounded.js');
  try {
    jqWasmPath();
  } catch {
    return systemJq(json, expression);
  }
  let result: { stdout: string; stderr: string; exitCode: number };
  try {
    result = await runJqBounded(json, expression, ['-r'], limits);
  } catch (error) {
    if (error instanceof JqLimitError) throw new UsageError(`--jq: ${error.message}`, 'narrow the filter or the input (--limit, --json FIELDS); jq without bounds: search … --json | jq …');
    throw new UsageError(jqMessage(error instanceof Error ? error.message : String(error)), JQ_MANUAL);
  }
  if (result.exitCode !== 0) throw new UsageError(jqMessage(result.stderr), JQ_MANUAL);
  return result.stdout === '' || result.stdout.endsWith('\n') ? result.stdout : `${result.stdout}\n`;
}

const JQ_MANUAL = 'the jq manual: https://jqlang.org/manual/';

/** jq's own message on one line. */
function jqMessage(text: string): string {
  return `--jq: ${text.split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ')}`;
}

/** The system `jq -r`, for installs where the bundled one cannot load. */
export function systemJq(json: string, expression: string, command = 'jq'): Promise<string> {
  return new Promise((resolve, reject) => {
    const options = { maxBuffer: 1 << 30, timeout: JQ_LIMITS.timeMs, killSignal: 'SIGKILL' as const };
    const child = execFile(command, ['-r', expression], options, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new UsageError('--jq needs jq, and none is usable here', 'install jq (apt-get install jq, brew install jq) or pipe the JSON to your own: search … --json | jq …'));
      } else if (error && (error as { killed?: boolean }).killed) {
        reject(new UsageError(`--jq: stopped after ${JQ_LIMITS.timeMs / 1000} s (the time limit of a jq filter)`));
      } else if (error) reject(new UsageError(`--jq: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(json);
  });
}
