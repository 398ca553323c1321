/**
 * `search serve`'s access log: one line per request on stderr, as development servers print them:
 * `GET /search/issues?q=crash&per_page=2 200 12ms token`. The caller is named by the kind of credential it
 * presented (anonymous, token, basic, app), never by who it is; secrets in the query (`client_secret`,
 * `access_token`) are masked. `search serve --quiet` leaves the log out.
 */
import type { ConnectionInfo, Handler } from './routes.js';

/** The kind of credential a request presents (not checked here: the handler decides what it is worth). */
export type CallerKind = 'anonymous' | 'token' | 'basic' | 'app';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMETERS = new Set(['client_secret', 'access_token']);

/** The credential kind of `request`, from its Authorization header or its `client_id` parameter. */
export function callerKind(request: Request, url: URL): CallerKind {
  const scheme = (request.headers.get('authorization') ?? '').trim().split(/\s+/)[0]!.toLowerCase();
  if (scheme === 'token' || scheme === 'bearer') return 'token';
  if (scheme === 'basic') return 'basic';
  if (url.searchParams.has('client_id')) return 'app';
  return 'anonymous';
}

/** The request's path and query as received, with secret parameter values replaced by `***`. */
export function loggedPath(url: URL): string {
  if (![...url.searchParams.keys()].some((k) => SECRET_PARAMETERS.has(k))) return `${url.pathname}${url.search}`;
  const masked = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponent(pair.split('=')[0]!.replace(/\+/g, ' '));
      return SECRET_PARAMETERS.has(name) ? `${pair.split('=')[0]}=***` : pair;
    })
    .join('&');
  return `${url.pathname}?${masked}`;
}

/**
 * Wrap a handler so that each request writes one line: method, path with query, status, duration in ms (until
 * the response is ready), caller kind. A handler that throws is logged as status 500 and rethrown.
 * @param write receives each line, newline-terminated
 * @param now the clock in ms @default performance.now
 */
export function withRequestLog(handler: Handler, write: (line: string) => void, now: () => number = () => performance.now()): Handler {
  return async (request: Request, connection?: ConnectionInfo) => {
    const started = now();
    const url = new URL(request.url);
    const line = (status: number) =>
      write(`${request.method} ${loggedPath(url)} ${status} ${Math.round(now() - started)}ms ${callerKind(request, url)}\n`);
    try {
      const response = await handler(request, connection);
      line(response.status);
      return response;
    } catch (error) {
      line(500);
      throw error;
    }
  };
}
