/**
 * What `search serve`'s access log says of a request (the line itself is written by the log step, steps/edge.ts):
 * `GET /search/issues?q=crash&per_page=2 200 12ms token`. The caller is named by the kind of credential it
 * presented (anonymous, token, basic, app), never by who it is; secrets in the query (`client_secret`,
 * `access_token`) are masked, whatever their encoding. `search serve --quiet` leaves the log out.
 */

import type { RequestHead } from './request-head.js';

/** The kind of credential a request presents (not checked here: the handler decides what it is worth). */
export type CallerKind = 'anonymous' | 'token' | 'basic' | 'app';

/** Query parameters whose values never reach the log. */
// Each holds `_`: {@link loggedPath} skips a query without one (SECRET_MARK).
const SECRET_PARAMETERS = new Set(['client_secret', 'access_token']);

/** The credential kind of `request`, from its Authorization header or its `client_id` parameter. */
export function callerKind(request: RequestHead, url: URL): CallerKind {
  const header = request.headers.get('authorization');
  const scheme = header === null ? '' : header.trim().split(/\s+/)[0]!.toLowerCase();
  if (scheme === 'token' || scheme === 'bearer') return 'token';
  if (scheme === 'basic') return 'basic';
  if (url.searchParams.has('client_id')) return 'app';
  return 'anonymous';
}

/** What every secret parameter's name shows in a query: its `_`, as itself or escaped. */
const SECRET_MARK = /_|%5f/i;

/** One percent-escaped byte. */
const PERCENT_BYTE = /%([0-9A-Fa-f]{2})/g;

/** Does a (decoded) parameter name carry a secret? Also when a malformed escape is part of the name. */
function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return [...SECRET_PARAMETERS].some((secret) => lower.includes(secret));
}

/**
 * The request's path and query as received, with the values of secret parameters replaced by `***`. Names are
 * decoded as `URLSearchParams` decodes them (a malformed escape stays literal, never throws: issue #21, item 9).
 */
export function loggedPath(url: URL): string {
  if (url.search === '') return url.pathname;
  // Both secret names hold `_`, which a query carries as itself or as the escape `%5F`: without either there is
  // no secret to look for (most queries; the check below decodes every escape).
  if (!SECRET_MARK.test(url.search)) return `${url.pathname}${url.search}`;
  // The common case without decoding every parameter: a query whose text, each `%XX` read as the byte's character,
  // names no secret has none to mask (a secret name is ASCII; `+` decodes to a space, no part of one).
  const text = url.search.replace(PERCENT_BYTE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).toLowerCase();
  if (![...SECRET_PARAMETERS].some((secret) => text.includes(secret))) return `${url.pathname}${url.search}`;
  const masked = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const name = new URLSearchParams(pair).keys().next().value ?? '';
      return isSecretName(name) ? `${pair.split('=')[0]}=***` : pair;
    })
    .join('&');
  return `${url.pathname}?${masked}`;
}

/** A log writer that gathers lines and writes them together: {@link batchedLog}. */
export interface BatchedLog {
  /** Queue one line (newline-terminated); it is written at the end of this turn of the event loop. */
  readonly write: (line: string) => void;
  /** Write what is queued now (before a closing line, say). */
  readonly flush: () => void;
}

/** Queued bytes past which the lines are written at once rather than at the end of the turn. */
const BATCH_FLUSH_CHARS = 64 * 1024;

/**
 * The access log's writer: the lines of the requests answered in one turn of the event loop go out in one `write`
 * (flushed by `setImmediate`, or at once past 64 Ki characters). Under load many requests finish in a turn, and
 * one write each — a system call on a pipe or terminal — was about 5% of a busy server's time. Lines keep their
 * order; nothing is dropped.
 * @param sink where the lines go (the server's stderr)
 */
export function batchedLog(sink: (text: string) => void): BatchedLog {
  let queued = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (queued === '') return;
    const text = queued;
    queued = '';
    sink(text);
  };
  return {
    write(line) {
      queued += line;
      if (queued.length >= BATCH_FLUSH_CHARS) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
