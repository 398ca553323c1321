/**
 * The HTTP edge as a plain function `Request → Response` (Fetch API types; no sockets), built as one list of small
 * steps (chain.ts; each step in steps/): GitHub's headers, admission, identity, rate limits, the media type, the
 * routes (`/rate_limit`, `/graphql`, `GET|HEAD /search/<kind>` also under `/api/v3`) and the mapping of core
 * results and `ApiError`s to GitHub's statuses, headers and bodies. The body of a search is exactly
 * `renderJson(envelope)`, byte-identical to `search --json`.
 *
 * **Plugging in another route group** (the web page, src/web/): pass it in `routes` — each a {@link Step} that
 * answers its own paths and calls `next()` for the rest ({@link route} and {@link fromHandler} build one). It runs
 * after admission and identification, before the API's rate limit and 404; see docs/server.md.
 */
import { answerGraphql } from './graphql.js';
import type { AccessFile } from './access-file.js';
import type { RequestHead } from './request-head.js';
import { compose, route, type ConnectionInfo, type Context, type Step } from './chain.js';
import { anonymousCaller } from './identify.js';
import { DEFAULT_RATE_LIMITS, RateLimiter, UNLIMITED_RATE_LIMITS, type RateCounter, type RateLimits } from './rate-limiter.js';
import { jsonResponse } from './respond.js';
import { identify, rateLimit, rateLimitStatus } from './steps/caller.js';
import { admission, allow, answerErrors, log, mediaType, notFound, responseHeaders, wellFormed } from './steps/edge.js';
import { apiVersion, askAhead, classify, conditional, isSearch, search } from './steps/search.js';
import { ResponseCache } from './response-cache.js';
import type { SearchFunction } from '../search.js';
import type { AnswerExchange } from './shared-answers.js';

export { route, fromHandler, type ConnectionInfo, type Context, type Step } from './chain.js';

/** A request handler: never throws, always answers with a GitHub-shaped response. */
export type Handler = (request: RequestHead, connection?: ConnectionInfo) => Promise<Response>;

/** Options of {@link createHandler}. */
export interface HandlerOptions {
  readonly search: SearchFunction;
  /** The access file; undefined: any credential identifies, nothing private is readable by anyone. */
  readonly auth?: AccessFile | undefined;
  /**
   * Quotas, or `false` for `--rate-limit off`: then nothing is refused, and the `X-RateLimit-*` headers still come,
   * with a limit nobody reaches. @default GitHub's quotas
   */
  readonly rateLimit?: RateLimits | false | undefined;
  /** Where requests are counted instead of a limiter of this handler's own (`serve --workers N`: one shared count). */
  readonly rateCounter?: RateCounter | undefined;
  /** The other workers' response caches (`serve --workers N`: shared-answers.ts), asked on a miss. @default none */
  readonly answers?: AnswerExchange | undefined;
  /** `required`: commits/topics without their preview media type get 415 (the seed); `optional`: served. */
  readonly previews?: 'required' | 'optional' | undefined;
  /**
   * Requests admitted at once, counted from arrival (a request queued behind a running search counts); past it a
   * request is answered 503 with `Retry-After` and GitHub's body at once instead of queueing. @default 32
   */
  readonly maxInFlight?: number | undefined;
  /** Per-query time limit in ms, past which results come back with `incomplete_results: true`. @default none */
  readonly timeoutMs?: number | undefined;
  /** The largest response body in bytes; a larger page gets a clear 500. @default 512 MiB (V8's longest string) */
  readonly maxResponseBytes?: number | undefined;
  /** Other route groups, tried in order before the API's routes and 404 (the web page). @default none */
  readonly routes?: readonly Step[] | undefined;
  /** Receives one log line per request (request-log.ts); undefined: no log. */
  readonly log?: ((line: string) => void) | undefined;
  /** Clock in ms since the epoch, for rate-limit windows. @default Date.now */
  readonly now?: (() => number) | undefined;
  /** Receives unexpected errors (answered as 500). @default a line on stderr */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** Default bound on concurrent searches. */
export const DEFAULT_MAX_IN_FLIGHT = 32;

/** Default largest response body: 512 MiB, what the CLI can write as one string too. */
export const DEFAULT_MAX_RESPONSE_BYTES = 512 * 1024 * 1024;

/** The path without GitHub Enterprise's prefixes (`/api/v3` for REST, `/api` for GraphQL). */
const isPath = (...paths: readonly string[]) => (c: Context) => paths.includes(c.url.pathname);

/** `POST /graphql`: gh's `SearchType` probe, answered in linear time (graphql.ts). */
const graphql: Step = async (c) => jsonResponse(200, answerGraphql(await c.request.text()), c.headers, false);

/** Build the handler. Each call owns its own rate-limit windows (unless given a counter), caches and counters. */
export function createHandler(options: HandlerOptions): Handler {
  const now = options.now ?? Date.now;
  const counter =
    options.rateCounter ?? new RateLimiter(options.rateLimit === false ? UNLIMITED_RATE_LIMITS : (options.rateLimit ?? DEFAULT_RATE_LIMITS), now);
  const onError = options.onError ?? ((error: unknown) => process.stderr.write(`search serve: ${(error as Error)?.stack ?? String(error)}\n`));
  // Names this handler's process in X-GitHub-Request-Id, so the workers of one server tell apart: the whole pid,
  // which no two running processes share (mixed with the clock and cut to four digits, as it was, two workers
  // started a few ms apart with neighbouring pids could get the same name).
  const boot = process.pid.toString(16).toUpperCase().padStart(4, '0');

  const searching = {
    search: options.search,
    timeoutMs: options.timeoutMs,
    previews: options.previews,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    answers: options.answers,
    responses: options.answers === undefined ? undefined : new ResponseCache(), // read ahead by the count (askAhead)
  };

  // The chain: every request goes down this list until a step answers.
  const chain = compose([
    log(options.log), //                                one line per answered request (503s included)
    responseHeaders(boot), //                           GitHub's headers on every answer, the request id
    mediaType, //                                       X-GitHub-Media-Type from Accept
    admission(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT), // 503 at once past the bound
    answerErrors(onError), //                           ApiError → GitHub's body; anything else → 500
    wellFormed, //                                      400 for a target or Host that is no URL
    classify, //                                        /search/<kind>: its kind and rate window
    identify(options.auth, counter), //                 the caller; 401 for bad credentials (counted)
    route(isPath('/rate_limit', '/api/v3/rate_limit'), allow('GET', 'HEAD'), rateLimitStatus(counter)), // uncounted
    ...(options.routes ?? []), //                       ← other route groups plug in here (src/web/)
    rateLimit(counter, askAhead(searching)), //         counted from here on; 403 past the window
    route(isPath('/graphql', '/api/graphql'), allow('POST'), graphql),
    route(isSearch, allow('GET', 'HEAD'), apiVersion, conditional(counter), search(searching)),
    notFound,
  ]);

  return (request, connection = {}) => chain(contextOf(request, connection));
}

/**
 * The context a request enters the chain with: its parsed URL, no response headers yet, an anonymous caller keyed
 * by the client address (127.0.0.1 when the connection does not say) until the identify step runs, and the `core`
 * rate resource until a search route names its own.
 */
export function contextOf(request: RequestHead, connection: ConnectionInfo = {}): Context {
  const remoteAddress = connection.remoteAddress ?? '127.0.0.1';
  return {
    request,
    url: connection.url ?? new URL(request.url),
    head: request.method === 'HEAD',
    connection,
    remoteAddress,
    headers: new Headers(),
    caller: anonymousCaller(remoteAddress),
    resource: 'core',
  };
}
