/**
 * The steps of `GET|HEAD /search/<kind>`: which window it counts against, the API version header, the conditional
 * request (304), the search itself (one call into the core, through the response cache) and its headers (ETag,
 * Link, media type). What differs per kind is read from the kind's table (`http` in src/kinds/).
 */
import * as errors from '../../api-error.js';
import { pageBytes } from '../../envelope/page.js';
import { specOf } from '../../kinds/catalog.js';
import { isKind, type Kind } from '../../kinds/kind.js';
import { mediaTypeHeader } from '../../request/media-type.js';
import type { SearchRequest } from '../../search-request.js';
import { ANONYMOUS } from '../../request/viewer.js';
import type { Caller } from '../identify.js';
import type { SearchFunction, SearchResult } from '../../search.js';
import type { Context, Step } from '../chain.js';
import { etagFor, ifNoneMatchHits } from '../etag.js';
import { linkHeader } from '../link-header.js';
import { rateLimitHeaders, type RateCounter } from '../rate-limiter.js';
import { jsonResponse } from '../respond.js';
import { hasBody, ResponseCache, type KeptAnswer, type RenderedSearch } from '../response-cache.js';
import type { AnswerExchange, AnswerQuestion } from '../shared-answers.js';

/** The kind of a search path (`/search/<kind>`, also under GitHub Enterprise's `/api/v3`), else undefined. */
export function searchKind(pathname: string): Kind | undefined {
  const rest = pathname.startsWith('/api/v3/') ? pathname.slice('/api/v3'.length) : pathname;
  const match = /^\/search\/([^/]+)$/.exec(rest);
  return match?.[1] !== undefined && isKind(match[1]) ? match[1] : undefined;
}

/** Set `c.kind` and the window a search counts against (its kind's table; `core` for any other path). */
export const classify: Step = (c, next) => {
  c.kind = searchKind(c.url.pathname);
  if (c.kind !== undefined) c.resource = specOf(c.kind).http?.rateResource ?? 'search';
  return next();
};

/** Is `c` a search request (after {@link classify})? */
export const isSearch = (c: Context): boolean => c.kind !== undefined;

/**
 * `X-GitHub-Api-Version`: a version GitHub does not support gets 400; the one applied is echoed in
 * `X-GitHub-Api-Version-Selected` (default 2022-11-28). Kinds whose table says `apiVersions: false` skip both.
 */
export const apiVersion: Step = (c, next) => {
  if (c.kind === undefined || specOf(c.kind).http?.apiVersions === false) return next();
  const version = c.request.headers.get('x-github-api-version')?.trim();
  if (version && !(errors.SUPPORTED_API_VERSIONS as readonly string[]).includes(version)) {
    return Promise.reject(errors.unsupportedApiVersion(version));
  }
  c.headers.set('x-github-api-version-selected', version || '2022-11-28');
  return next();
};

/**
 * `If-None-Match` (reference §3.10): when a listed tag (or `*`) matches the answer's ETag, 304 without a body.
 * A 304 answered from the response cache with a listed tag does not count (GitHub's rule); one whose search ran,
 * or any `*`, does: it cost a search (issue #21, item 4).
 */
export function conditional(counter: RateCounter): Step {
  return async (c, next) => {
    const response = await next();
    const header = c.request.headers.get('if-none-match');
    if (c.answer === undefined || response.status !== 200 || !ifNoneMatchHits(header, c.answer.etag)) return response;
    if (c.answer.fromCache && header!.trim() !== '*') {
      const state = await counter.refund(c.caller.key, c.resource, c.caller.viewer.identified);
      for (const [name, value] of Object.entries(rateLimitHeaders(state))) c.headers.set(name, value);
    }
    c.headers.delete('content-type');
    c.headers.delete('content-length');
    return jsonResponse(304, '', c.headers, c.head);
  };
}

/** The last value of a repeated query parameter (Rails semantics), or undefined when absent. */
function lastParam(params: URLSearchParams, name: string): string | undefined {
  return params.getAll(name).at(-1);
}

/** Options of {@link search}. */
export interface SearchStepOptions {
  readonly search: SearchFunction;
  readonly timeoutMs?: number | undefined;
  readonly previews?: 'required' | 'optional' | undefined;
  /** The largest body sent; a larger page is refused with a clear 500 (issue #21, item 12). */
  readonly maxResponseBytes: number;
  /** The other workers' response caches (`serve --workers N`), asked on a miss of this one's. @default none */
  readonly answers?: AnswerExchange | undefined;
  /** This worker's response cache (shared with {@link askAhead}). @default a new one */
  readonly responses?: ResponseCache | undefined;
}

/** The request the core answers, from the URL's parameters, `Accept` and the caller. */
export function searchRequestOf(c: Context, options: Pick<SearchStepOptions, 'timeoutMs' | 'previews'>): SearchRequest {
  const params = c.url.searchParams;
  return {
    kind: c.kind!,
    q: lastParam(params, 'q'),
    sort: lastParam(params, 'sort'),
    order: lastParam(params, 'order'),
    page: lastParam(params, 'page'),
    per_page: lastParam(params, 'per_page'),
    repository_id: lastParam(params, 'repository_id'),
    accept: c.request.headers.get('accept') ?? undefined,
    viewer: c.caller.viewer,
    timeoutMs: options.timeoutMs,
    requirePreviews: options.previews !== 'optional',
  };
}

/**
 * The body, ETag and paging facts of a core answer: the one place the server reads the core's result.
 * @throws ApiError 500 (too large) when the page's bytes exceed `maxBytes` or what one buffer or string can hold
 */
export function renderSearch(result: SearchResult, maxBytes: number): RenderedSearch {
  const mediaType = mediaTypeHeader(result.request.media);
  let body: Buffer;
  try {
    body = pageBytes(result.page);
  } catch (error) {
    if (error instanceof RangeError) throw errors.responseTooLarge(maxBytes);
    throw error;
  }
  if (body.length > maxBytes) throw errors.responseTooLarge(maxBytes);
  const perPage = specOf(result.request.kind).http?.linkPerPage === 'applied' ? result.request.perPage : undefined;
  return {
    body, etag: etagFor(body, mediaType), mediaType, page: result.request.page, lastPage: result.lastPage, appliedPerPage: perPage,
    bodyLength: body.length,
  };
}

/**
 * Whose answer a response-cache key names: one for every anonymous caller whatever its address (public records
 * only, no `@me`), else the caller's own: its rate-limit key and its login (`@me`; callers without an access file
 * share an address's key, each with the login it gave).
 */
function answerScope(caller: Caller): string {
  return caller.viewer === ANONYMOUS ? 'anonymous' : `${caller.key}\u0002${caller.viewer.login ?? ''}`;
}

/** The response-cache key of `request` for `caller`: everything its answer depends on. */
function answerKey(request: SearchRequest, caller: Caller): string {
  return ResponseCache.key([
    request.kind, request.q, request.sort, request.order, request.page, request.per_page, request.repository_id,
    request.accept, answerScope(caller),
  ]);
}

/**
 * For `serve --workers N`: the question for another worker's answer that a search request's rate-limit count
 * carries (steps/caller.ts's `rateLimit`), asked when this worker's cache does not hold the answer — so a
 * never-seen request sends the primary one message, not two. Undefined (nothing to carry) for other requests, and
 * without `options.answers`.
 */
export function askAhead(options: Pick<SearchStepOptions, 'answers' | 'responses' | 'timeoutMs' | 'previews'>): ((c: Context) => AnswerQuestion | undefined) | undefined {
  const { answers, responses } = options;
  if (answers === undefined || responses === undefined) return undefined;
  return (c) => {
    if (c.kind === undefined || (c.request.method !== 'GET' && c.request.method !== 'HEAD')) return undefined;
    const key = answerKey(searchRequestOf(c, options), c.caller);
    const kept = responses.get(key);
    if (kept !== undefined && suffices(c, kept)) return undefined;
    return (c.relay = answers.question(key));
  };
}

/**
 * Does what the cache holds for a key answer request `c` without a search: its body, or — facts alone — a HEAD or
 * an `If-None-Match` its ETag matches (the {@link conditional} step then answers 304).
 */
function suffices(c: Context, kept: KeptAnswer): boolean {
  return hasBody(kept) || c.head || ifNoneMatchHits(c.request.headers.get('if-none-match'), kept.etag);
}

/**
 * The search: the answer of a recent identical request (response-cache.ts; with `answers`, also another worker's:
 * shared-answers.ts, asked ahead by the rate-limit count when {@link askAhead} is in the chain) when what is held
 * answers it ({@link suffices}), else one call into the core, whose complete answer is kept (its body from the
 * key's second sight); then its media type, ETag and `Link` headers and the body. Answers the request.
 */
export function search(options: SearchStepOptions): Step {
  const responses = options.responses ?? new ResponseCache();
  const answers = options.answers;
  answers?.serveFrom((key) => responses.get(key));
  return async (c) => {
    const request = searchRequestOf(c, options);
    const key = answerKey(request, c.caller);
    let kept = responses.get(key);
    if ((kept === undefined || !suffices(c, kept)) && answers !== undefined) {
      const other = c.relay?.carried.key === key ? await c.relay.answer : await answers.fetch(key);
      if (other !== undefined && (kept === undefined || hasBody(other))) responses.set(key, (kept = other));
    }
    const fromCache = kept !== undefined && suffices(c, kept);
    let answer: KeptAnswer;
    if (fromCache) {
      answer = kept!;
    } else {
      const result = await options.search(request);
      const rendered = renderSearch(result, options.maxResponseBytes);
      if (!result.page.incomplete) responses.keep(key, rendered, kept !== undefined);
      answer = rendered;
    }
    c.answer = { ...answer, fromCache };
    c.headers.set('x-github-media-type', answer.mediaType);
    c.headers.set('etag', answer.etag);
    const link = linkHeader(c.url, { page: answer.page, lastPage: answer.lastPage, appliedPerPage: answer.appliedPerPage });
    if (link !== undefined) c.headers.set('link', link);
    // Facts alone: a HEAD (its Content-Length is the body's), or a 200 the conditional step turns into a 304.
    return jsonResponse(200, hasBody(answer) ? answer.body : answer.bodyLength, c.headers, c.head || !hasBody(answer));
  };
}
