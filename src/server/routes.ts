/**
 * The HTTP edge as a plain function `Request → Response` (Fetch API types; no sockets): routing of
 * `GET|HEAD /search/<kind>` (also under `/api/v3`, the GitHub Enterprise base path), caller identity, rate
 * limits, the in-flight bound, and the mapping of core results and {@link ApiError}s to GitHub's statuses,
 * headers and bodies. The body of a search is exactly `renderJson(envelope)`, byte-identical to `search --json`.
 */
import { renderJson } from '../envelope/envelope.js';
import { pageBytes } from '../envelope/page.js';
import { ApiError } from '../api-error.js';
import { isKind, type Kind } from '../kinds/kind.js';
import { mediaTypeHeader, parseAccept } from '../request/media-type.js';
import type { SearchRequest } from '../search-request.js';
import type { SearchFunction, SearchResult } from '../search.js';
import type { AccessFile } from './access-file.js';
import { etagFor, ifNoneMatchHits } from './etag.js';
import { ResponseCache, type RenderedSearch } from './response-cache.js';
import * as errors from '../api-error.js';
import { answerGraphql } from './graphql.js';
import { anonymousCaller, identifyCaller, type Caller } from './identify.js';
import { linkHeader } from './link-header.js';
import { DEFAULT_RATE_LIMITS, RateLimiter, rateLimitHeaders, type RateLimits, type RateResource } from './rate-limiter.js';
import { baseHeaders, errorResponse, jsonResponse } from './respond.js';


/** Transport facts the Fetch `Request` cannot carry. */
export interface ConnectionInfo {
  /** The client's address (names anonymous callers in rate-limit messages); default `127.0.0.1`. */
  readonly remoteAddress?: string | undefined;
}

/** A request handler: never throws, always answers with a GitHub-shaped response. */
export type Handler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** Options of {@link createHandler}. */
export interface HandlerOptions {
  readonly search: SearchFunction;
  /** The access file; undefined: any credential identifies, nothing private is readable by anyone. */
  readonly auth?: AccessFile | undefined;
  /** Quotas, or `false` to switch rate limiting off (no `X-RateLimit-*` headers then). @default GitHub's quotas */
  readonly rateLimit?: RateLimits | false | undefined;
  /** `required`: commits/topics without their preview media type get 415 (the seed); `optional`: served. */
  readonly previews?: 'required' | 'optional' | undefined;
  /**
   * Requests admitted at once, counted from arrival (a request queued behind a running search counts); past it a
   * request is answered 503 with `Retry-After` and GitHub's body at once instead of queueing. @default 32
   */
  readonly maxInFlight?: number | undefined;
  /** Per-query time limit in ms, past which results come back with `incomplete_results: true`. @default none */
  readonly timeoutMs?: number | undefined;
  /** Clock in ms since the epoch, for rate-limit windows. @default Date.now */
  readonly now?: (() => number) | undefined;
  /** Receives unexpected errors (answered as 500). @default a line on stderr */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** Default bound on concurrent searches. */
export const DEFAULT_MAX_IN_FLIGHT = 32;

type Route =
  | { readonly type: 'search'; readonly kind: Kind }
  | { readonly type: 'rate_limit' }
  | { readonly type: 'graphql' }
  | { readonly type: 'unknown' };

/** Map a path to a route; `/api/v3` (REST) and `/api` (GraphQL) prefixes are GitHub Enterprise's. */
export function parseRoute(pathname: string): Route {
  if (pathname === '/graphql' || pathname === '/api/graphql') return { type: 'graphql' };
  const rest = pathname.startsWith('/api/v3/') ? pathname.slice('/api/v3'.length) : pathname;
  if (rest === '/rate_limit') return { type: 'rate_limit' };
  const match = /^\/search\/([^/]+)$/.exec(rest);
  if (match?.[1] !== undefined && isKind(match[1])) return { type: 'search', kind: match[1] };
  return { type: 'unknown' };
}

/** The last value of a repeated query parameter (Rails semantics), or undefined when absent. */
function lastParam(params: URLSearchParams, name: string): string | undefined {
  return params.getAll(name).at(-1);
}

/** Build the handler. Each call owns its own rate-limit windows and in-flight counter. */
export function createHandler(options: HandlerOptions): Handler {
  const now = options.now ?? Date.now;
  const limiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMITS, now);
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const onError = options.onError ?? ((error: unknown) => process.stderr.write(`search serve: ${(error as Error)?.stack ?? String(error)}\n`));
  const boot = (now() % 0x10000).toString(16).toUpperCase().padStart(4, '0');
  let inFlight = 0;
  let served = 0;
  const responses = new ResponseCache();

  return async function handle(request, connection = {}) {
    // Admission from arrival: counted before anything else, and the work waits one turn of the event loop so
    // every request that arrived meanwhile is counted before a (synchronous) search runs.
    if (inFlight >= maxInFlight) return overloadedResponse(request, boot, ++served);
    inFlight += 1;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await admitted(request, connection);
    } finally {
      inFlight -= 1;
    }
  };

  async function admitted(request: Request, connection: ConnectionInfo): Promise<Response> {
    const url = new URL(request.url);
    const accept = request.headers.get('accept') ?? undefined;
    const headers = baseHeaders(mediaTypeHeader(parseAccept(accept)), `${boot}:${(++served).toString(16).toUpperCase()}`);
    const head = request.method === 'HEAD';
    const route = parseRoute(url.pathname);
    const resource: RateResource = route.type !== 'search' ? 'core' : route.kind === 'code' ? 'code_search' : 'search';
    const remoteAddress = connection.remoteAddress ?? '127.0.0.1';
    let caller: Caller = anonymousCaller(remoteAddress);
    const count = (): boolean => {
      if (!limiter) return true;
      const { allowed, state } = limiter.take(caller.key, resource, caller.viewer.identified);
      for (const [name, value] of Object.entries(rateLimitHeaders(state))) headers.set(name, value);
      return allowed;
    };
    try {
      try {
        caller = identifyCaller(request, options.auth, remoteAddress);
      } catch (error) {
        count();
        throw error;
      }
      if (route.type === 'rate_limit') {
        if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(headers, 'GET, HEAD', head);
        return jsonResponse(200, renderJson(rateLimitBody(limiter, caller)), headers, head);
      }
      if (!count()) throw errors.rateLimitExceeded(caller.viewer.identified, caller.who);
      if (route.type === 'graphql') {
        // Counted against `core` (GitHub keeps a separate GraphQL budget; core is the nearest this server has),
        // admitted like a search, answered in linear time (graphql.ts).
        if (request.method !== 'POST') return methodNotAllowed(headers, 'POST', head);
        return jsonResponse(200, answerGraphql(await request.text()), headers, false);
      }
      if (route.type === 'unknown') throw errors.notFound();
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(headers, 'GET, HEAD', head);
      if (route.kind !== 'code') {
        const version = request.headers.get('x-github-api-version')?.trim();
        if (version && !(errors.SUPPORTED_API_VERSIONS as readonly string[]).includes(version)) {
          throw errors.unsupportedApiVersion(version);
        }
        headers.set('x-github-api-version-selected', version || '2022-11-28');
      }
      const params = url.searchParams;
      const searchRequest: SearchRequest = {
        kind: route.kind,
        q: lastParam(params, 'q'),
        sort: lastParam(params, 'sort'),
        order: lastParam(params, 'order'),
        page: lastParam(params, 'page'),
        per_page: lastParam(params, 'per_page'),
        repository_id: lastParam(params, 'repository_id'),
        accept,
        viewer: caller.viewer,
        timeoutMs: options.timeoutMs,
        requirePreviews: options.previews !== 'optional',
      };
      const refund = (): void => {
        if (!limiter) return;
        const state = limiter.refund(caller.key, resource, caller.viewer.identified);
        for (const [name, value] of Object.entries(rateLimitHeaders(state))) headers.set(name, value);
      };
      const cacheKey = ResponseCache.key([
        route.kind, searchRequest.q, searchRequest.sort, searchRequest.order, searchRequest.page, searchRequest.per_page,
        searchRequest.repository_id, accept, caller.key,
      ]);
      const cached = responses.get(cacheKey);
      if (cached) return searchResponse(cached, url, request, headers, head, refund);
      const result = await options.search(searchRequest);
      const rendered = renderSearch(result);
      if (!result.page.incomplete) responses.set(cacheKey, rendered);
      return searchResponse(rendered, url, request, headers, head, refund);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, headers, head);
      onError(error);
      return errorResponse(errors.serverError(), headers, head);
    }
  }
}

/** 503 past the admission bound: GitHub's body, `Retry-After: 1`, not counted against any rate limit. */
function overloadedResponse(request: Request, boot: string, served: number): Response {
  const headers = baseHeaders(mediaTypeHeader(parseAccept(request.headers.get('accept') ?? undefined)), `${boot}:${served.toString(16).toUpperCase()}`);
  headers.set('retry-after', '1');
  return errorResponse(errors.overloaded(), headers, request.method === 'HEAD');
}

/** 405 with `Allow`. */
function methodNotAllowed(headers: Headers, allow: string, head: boolean): Response {
  headers.set('allow', allow);
  return errorResponse(errors.methodNotAllowed(), headers, head);
}

/** The body, ETag and paging facts of a search answer (what {@link ResponseCache} keeps). */
function renderSearch(result: SearchResult): RenderedSearch {
  const mediaType = mediaTypeHeader(result.request.media);
  const body = pageBytes(result.page);
  return {
    body,
    etag: etagFor(body, mediaType),
    mediaType,
    page: result.request.page,
    lastPage: result.lastPage,
    appliedPerPage: result.request.kind === 'code' ? result.request.perPage : undefined,
  };
}

/** A successful search: media type, Link, ETag, and 304 (not counted) when `If-None-Match` matches. */
function searchResponse(
  rendered: RenderedSearch,
  url: URL,
  request: Request,
  headers: Headers,
  head: boolean,
  refund: () => void,
): Response {
  const { body, etag, mediaType } = rendered;
  headers.set('x-github-media-type', mediaType);
  headers.set('etag', etag);
  const link = linkHeader(url, { page: rendered.page, lastPage: rendered.lastPage, appliedPerPage: rendered.appliedPerPage });
  if (link !== undefined) headers.set('link', link);
  if (ifNoneMatchHits(request.headers.get('if-none-match'), etag)) {
    refund();
    return jsonResponse(304, '', headers, head);
  }
  return jsonResponse(200, body, headers, head);
}

/** `GET /rate_limit`: the caller's windows, not counted (reference §3.8). */
function rateLimitBody(limiter: RateLimiter | undefined, caller: Caller): unknown {
  const state = (resource: RateResource) => {
    if (!limiter) return { limit: 0, used: 0, remaining: 0, reset: 0 };
    const { limit, used, remaining, reset } = limiter.peek(caller.key, resource, caller.viewer.identified);
    return { limit, used, remaining, reset };
  };
  const core = state('core');
  return { resources: { core, search: state('search'), code_search: state('code_search') }, rate: core };
}
