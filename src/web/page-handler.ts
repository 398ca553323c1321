/**
 * The search page's routes on `search serve`: `GET /` (the search box) and `GET /search?q=&type=&s=&o=&p=`
 * (GitHub's web search URL), answered as HTML to callers that ask for it (`Accept` naming `text/html`, as browsers
 * do); everything else — every API client, every `/search/<kind>` — is left to the API, byte-identical.
 *
 * The caller is identified exactly as the API identifies it (server/identify.ts: basic auth, token, client id and
 * secret, checked against the access file), so a page shows what that caller could see through the API, counts
 * included. `GET /login` asks a browser for basic-auth credentials (401 with `WWW-Authenticate`), then sends it
 * home. One page runs the type's search (the API's request: the type's `q`, `s`→`sort`, `o`→`order`, `p`→`page`,
 * 10 per page, text matches), the other types' counts and the facets (src/web/facets.ts).
 */
import { ApiError } from '../api-error.js';
import { specOf } from '../kinds/catalog.js';
import type { SearchRequest } from '../search-request.js';
import type { SearchFunction } from '../search.js';
import type { Store } from '../store/store.js';
import { ensureLanguages } from '../text/languages.js';
import type { AccessFile } from '../server/access-file.js';
import { identifyCaller, type Caller } from '../server/identify.js';
import type { RequestHead } from '../server/request-head.js';
import { countOrRefused, facetsOf, matchedDocs, type FacetValue } from './facets.js';
import { renderHomePage, renderResultsPage, type PageError, type PageViewer, type ResultsModel } from './page.js';
import { effectiveQ, PAGE_ACCEPT, PAGE_SIZE, WEB_TYPES, webTypeOf, type WebType } from './web-types.js';

/** Options of {@link createPageHandler}: the server's own store, search, access file and limits. */
export interface PageHandlerOptions {
  readonly store: Store;
  /** The API's search over `store` (the page's results are its items). */
  readonly search: SearchFunction;
  /** The access file; undefined: public records only, any credential identifies. */
  readonly auth?: AccessFile | undefined;
  /** As `serve --previews`; the page always sends both preview media types, so this only matters for 415s. */
  readonly previews?: 'required' | 'optional' | undefined;
  /** Per-query time limit in ms (the server's `--timeout`). @default none */
  readonly timeoutMs?: number | undefined;
  /** Clock in ms since the epoch, for relative times. @default Date.now */
  readonly now?: (() => number) | undefined;
}

/**
 * Answers a page request, or undefined when the request is not one (another path or method, or an `Accept`
 * without `text/html`): the API then answers it. Never throws for bad input (refusals are shown in the page);
 * rethrows unexpected errors for the server's 500.
 */
export type PageHandler = (request: RequestHead, connection?: { readonly remoteAddress?: string | undefined }) => Promise<Response | undefined>;

/** True when the request's `Accept` names `text/html` (a browser's navigation). */
export function wantsHtml(request: RequestHead): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.split(',').some((entry) => (entry.split(';')[0] ?? '').trim().toLowerCase() === 'text/html');
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'Accept, Authorization',
  'x-content-type-options': 'nosniff',
  // Nothing on the page is fetched from elsewhere, and nothing runs.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'",
};

function htmlResponse(status: number, body: string, head: boolean, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ ...HTML_HEADERS, ...extra, 'content-length': String(Buffer.byteLength(body, 'utf8')) });
  return new Response(head ? null : body, { status, headers });
}

/** The API error as the page shows it, its span taken from the typed `q` (an added `is:pr` is never marked). */
function pageError(error: ApiError, q: string): PageError {
  const entries = Array.isArray(error.body.errors) ? error.body.errors : [];
  const details = entries.map((e) => e.message ?? `${e.field} is ${e.code}`);
  if (typeof error.body.errors === 'string') details.push(error.body.errors);
  return { status: error.status, title: error.body.message, details, documentationUrl: error.body.documentation_url, q, span: error.span };
}

/** Build the page handler for one server. */
export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const now = options.now ?? Date.now;
  const requirePreviews = options.previews !== 'optional';
  // The language facet reads linguist's names (about a second to load): loaded now, not on the first page.
  void ensureLanguages().catch(() => undefined);

  return async function page(request, connection = {}) {
    const url = new URL(request.url);
    const route = url.pathname === '/' ? 'home' : url.pathname === '/search' ? 'search' : url.pathname === '/login' ? 'login' : undefined;
    if (!route || (request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml(request)) return undefined;
    const head = request.method === 'HEAD';
    const challenge = { 'www-authenticate': 'Basic realm="search serve", charset="UTF-8"' };
    let caller: Caller;
    try {
      caller = identifyCaller(request, options.auth, connection.remoteAddress ?? '127.0.0.1');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return htmlResponse(error.status, errorPage(error), head, options.auth ? challenge : {});
    }
    const viewer: PageViewer = {
      name: caller.viewer.identified ? (caller.viewer.login ?? caller.who) : undefined,
      canSignIn: options.auth !== undefined,
    };
    if (route === 'login') {
      if (!caller.viewer.identified) return htmlResponse(401, errorPage(new ApiError(401, { message: 'Requires authentication', documentation_url: '' })), head, challenge);
      return new Response(null, { status: 303, headers: { location: '/', 'cache-control': 'no-cache' } });
    }
    const params = url.searchParams;
    const last = (name: string): string | undefined => params.getAll(name).at(-1);
    const q = last('q') ?? '';
    if (route === 'home' || q.trim() === '') return htmlResponse(200, renderHomePage(viewer), head);
    const model = await resultsModel(q, webTypeOf(last('type')), last('s'), last('o'), last('p'), caller, viewer);
    return htmlResponse(model.error ? model.error.status : 200, renderResultsPage(model), head);
  };

  async function resultsModel(
    q: string,
    type: WebType,
    s: string | undefined,
    o: string | undefined,
    p: string | undefined,
    caller: Caller,
    viewer: PageViewer,
  ): Promise<ResultsModel> {
    const deadline = options.timeoutMs === undefined ? undefined : now() + options.timeoutMs;
    const base = (t: WebType, typed: string): SearchRequest => ({
      kind: t.kind,
      q: effectiveQ(t, typed),
      accept: PAGE_ACCEPT,
      viewer: caller.viewer,
      timeoutMs: options.timeoutMs,
      requirePreviews,
    });
    let result: ResultsModel['result'];
    let error: PageError | undefined;
    let page = 1;
    try {
      const answer = await options.search({ ...base(type, q), sort: s, order: o, page: p, per_page: String(PAGE_SIZE) });
      const { envelope } = answer;
      page = answer.request.page;
      result = { total: envelope.total_count, incomplete: envelope.incomplete_results, items: envelope.items as unknown as Record<string, unknown>[], lastPage: answer.lastPage };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      error = pageError(e, q);
    }
    const counts: Array<{ type: WebType; count: number | undefined }> = [];
    for (const t of WEB_TYPES) {
      const count = t === type && result ? result.total : await countOrRefused(options.store, base(t, q), deadline);
      counts.push({ type: t, count });
    }
    let languages: FacetValue[] = [];
    let states: FacetValue[] | undefined;
    if (result && (type.languages || type.states)) {
      const request = base(type, q);
      const matched = await matchedDocs(options.store, request, deadline);
      const facets = await facetsOf(options.store, request, matched, q, (typed) => effectiveQ(type, typed), type, deadline);
      if (type.languages) languages = facets.languages;
      if (type.states) states = facets.states;
    }
    const sorts = Object.keys(specOf(type.kind).sorts);
    return { q, type, s, o, page, result, error, counts, languages, states, sorts, viewer, now: now() };
  }
}

/** A bare page for a refused caller (bad credentials): GitHub's message. */
function errorPage(error: ApiError): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${error.status}</title></head><body><h1>${error.status}</h1><p>${escapeHtml(error.body.message)}</p><p><a href="/">Search</a></p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
