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
import { UsageError } from './cli-errors.js';


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
  if (!fieldsExport || tty) return renderJson(value);
  return `${JSON.stringify(value)}\n`;
}

/** A jq runner: JSON text in, jq's output out. Throws UsageError for a bad expression. */
export type JqRunner = (json: string, expression: string) => Promise<string>;

/**
 * Filter JSON with jq, as `gh --jq` does: strings print raw, everything else as JSON (`jq -r`). Uses the jq
 * compiled to WebAssembly (`jq-wasm`, jq 1.8); when that cannot load, the system `jq`; when neither is there, a
 * UsageError saying how to get one.
 */
export async function runJq(json: string, expression: string): Promise<string> {
  let jq: typeof import('jq-wasm') | undefined;
  try {
    jq = await import('jq-wasm');
  } catch {
    return systemJq(json, expression);
  }
  let result: { stdout: string; stderr: string; exitCode: number };
  try {
    result = await jq.raw(json, expression, ['-r']);
  } catch (error) {
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
    const child = execFile(command, ['-r', expression], { maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new UsageError('--jq needs jq, and none is usable here', 'install jq (apt-get install jq, brew install jq) or pipe the JSON to your own: search … --json | jq …'));
      } else if (error) reject(new UsageError(`--jq: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(json);
  });
}
