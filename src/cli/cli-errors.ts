/**
 * The CLI's one error style: `search: <what went wrong>` on stderr, then, when there is a better way, one line
 * `  hint: <the flag to use>`. Errors carrying their exit class live here; cli/main.ts maps them to exit codes.
 */
import type { ApiError } from '../api-error.js';
import type { SearchRequest } from '../search-request.js';
import { clipText, terminalText } from '../render/terminal-text.js';

/** Bad command-line usage (exit 2), with an optional hint naming the flag to use. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The environment does not allow the run: a port in use, no terminal (exit 3). */
export class EnvironmentError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'EnvironmentError';
  }
}

/**
 * `search: message` plus an optional hint line, newline-terminated. Messages quote record keys, values and paths
 * from dumps: terminal controls are made visible (render/terminal-text.ts; line breaks kept) and each part is cut
 * to 4096 UTF-16 units, so no refusal can drive the terminal.
 */
export function formatError(message: string, hint?: string): string {
  const safe = (text: string) => terminalText(clipText(text, 4096), { multiline: true });
  return `search: ${safe(message)}\n${hint ? `  hint: ${safe(hint)}\n` : ''}`;
}

/**
 * The flag that fixes a refused request, when there is one: the labels scope (`--repository-id`) and `@me`
 * without a viewer (`--user`). Undefined when the query itself must change.
 */
export function hintFor(error: ApiError, request: SearchRequest | undefined): string | undefined {
  const errors = Array.isArray(error.body.errors) ? error.body.errors : [];
  if (errors.some((e) => e.field === 'repository_id' && e.code === 'missing')) {
    return 'pass the repository with --repository-id <id> (the `id` of a record of `search repositories`)';
  }
  if (request && request.viewer === undefined && /(^|[\s:,])@me\b/i.test(request.q ?? "") && error.status === 422) {
    return 'say who @me is with --user <login> (or SEARCH_USER=<login>)';
  }
  return undefined;
}

/** A Node listen error as an environment error (`EADDRINUSE`, `EACCES`), or undefined for anything else. */
export function listenError(error: unknown): EnvironmentError | undefined {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.code === 'EADDRINUSE') {
    return new EnvironmentError(`port ${e.port ?? ''} is already in use on ${e.address ?? 'this host'}`.replace('port  ', 'the port '), 'choose another with --port <n> (--port 0 picks a free one)');
  }
  if (e?.code === 'EACCES' || e?.code === 'EADDRNOTAVAIL') {
    return new EnvironmentError(`cannot listen on ${e.address ?? ''}:${e.port ?? ''} (${e.code})`, 'use --port above 1023 or another --host');
  }
  return undefined;
}
