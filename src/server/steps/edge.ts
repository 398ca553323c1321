/**
 * The steps every request passes, whatever its route: the log line, admission (503 past the bound), GitHub's
 * response headers, the media type, the mapping of errors to GitHub's bodies, the 400 of a malformed target, the
 * method check of a route and the closing 404.
 */
import { ApiError } from '../../api-error.js';
import * as errors from '../../api-error.js';
import { mediaTypeHeader, parseAccept, PLAIN_MEDIA } from '../../request/media-type.js';
import type { Step } from '../chain.js';
import { callerKind, loggedPath } from '../request-log.js';
import { errorResponse, setBaseHeaders } from '../respond.js';

/**
 * One line per request once it is answered: method, path with query (secrets masked), status, ms, the kind of
 * credential, and the hint a refusal carries (`GET /search/issues?q=x 403 1ms anonymous — …`).
 * @param write receives each line, newline-terminated; undefined: no log
 * @param now the clock in ms @default performance.now
 */
export function log(write: ((line: string) => void) | undefined, now: () => number = () => performance.now()): Step {
  return async (c, next) => {
    if (write === undefined) return next();
    const started = now();
    const line = (status: number) =>
      `${c.request.method} ${loggedPath(c.url)} ${status} ${Math.round(now() - started)}ms ${callerKind(c.request, c.url)}` +
      `${c.hint === undefined ? '' : ` — ${c.hint}`}\n`;
    try {
      const response = await next();
      write(line(response.status));
      return response;
    } catch (error) {
      write(line(500));
      throw error;
    }
  };
}

/**
 * Admission from arrival: at most `maxInFlight` requests at once, counted before anything else; past it 503 with
 * `Retry-After: 1` at once (not counted against any rate limit). The admitted request waits one turn of the event
 * loop, so every request that arrived meanwhile is counted before a (synchronous) search runs.
 */
export function admission(maxInFlight: number): Step {
  let inFlight = 0;
  return async (c, next) => {
    if (inFlight >= maxInFlight) {
      c.headers.set('retry-after', '1');
      return errorResponse(errors.overloaded(), c.headers, c.head);
    }
    inFlight += 1;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await next();
    } finally {
      inFlight -= 1;
    }
  };
}

/**
 * The headers every answer carries (reference §3.8): caching, CORS and `X-GitHub-Request-Id` (`<boot>:<n>`, boot:
 * hex digits naming this handler's process (routes.ts: its pid, at least four digits), n counting its requests).
 */
export function responseHeaders(boot: string): Step {
  const plainMedia = mediaTypeHeader(PLAIN_MEDIA);
  let served = 0;
  return (c, next) => {
    setBaseHeaders(c.headers, plainMedia, `${boot}:${(++served).toString(16).toUpperCase()}`);
    return next();
  };
}

/** `X-GitHub-Media-Type` for the request's `Accept` (reference §3.5); a search answer restates it. */
export const mediaType: Step = (c, next) => {
  c.headers.set('x-github-media-type', mediaTypeHeader(parseAccept(c.request.headers.get('accept') ?? undefined)));
  return next();
};

/** The log hint of a 415: the flag that serves commits and topics without their preview media type. */
export const PREVIEW_HINT = 'a preview media type is required: --previews optional serves without it';

/**
 * Errors as GitHub answers them: an {@link ApiError} with its status and body; anything else 500 with a plain
 * body, its cause to `onError` (never to the client).
 */
export function answerErrors(onError: (error: unknown) => void): Step {
  return async (c, next) => {
    try {
      return await next();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        onError(error);
        return errorResponse(errors.serverError(), c.headers, c.head);
      }
      if (error.status === 415) c.hint ??= PREVIEW_HINT;
      return errorResponse(error, c.headers, c.head);
    }
  };
}

/** 400 for a request whose target or `Host` is no usable URL (credentials in it, `*`, no host): RFC 9112 §3.2. */
export const wellFormed: Step = (c, next) => (c.connection.malformed ? Promise.reject(errors.badRequest()) : next());

/** 405 with `Allow` for a method the route does not take (HEAD goes with GET). */
export function allow(...methods: readonly string[]): Step {
  return (c, next) => {
    if (methods.includes(c.request.method)) return next();
    c.headers.set('allow', methods.join(', '));
    return Promise.reject(errors.methodNotAllowed());
  };
}

/** GitHub's 404 body: the end of the chain. */
export const notFound: Step = () => Promise.reject(errors.notFound());
