/**
 * What `search serve`'s access log says of a request (the line itself is written by the log step, steps/edge.ts):
 * `GET /search/issues?q=crash&per_page=2 200 12ms token`. The caller is named by the kind of credential it
 * presented (anonymous, token, basic, app), never by who it is; secrets in the query (`client_secret`,
 * `access_token`) are masked, whatever their encoding. `search serve --quiet` leaves the log out.
 */

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
