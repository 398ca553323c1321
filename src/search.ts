/**
 * The core: `runSearch(request, store)` answers one search exactly as GitHub's REST API would. Both edges (CLI
 * and server) call it and only differ in how the request arrives and the answer is written.
 */
import { RENDERED_ITEMS, type Envelope } from './envelope/envelope.js';
import { cachedItemJson } from './envelope/item-json.js';
import { buildItems } from './envelope/items.js';
import { Budget } from './execute/execute.js';
import { executeSearch, type OrderedResults } from './execute/run-plan.js';
import { positiveText } from './plan/expr.js';
import { compileSearch, planSearch, type CompiledSearch } from './plan/search-plan.js';
import { normalizeRequest, type NormalizedRequest, type SearchRequest } from './search-request.js';
import { lastPage, pageRange } from './results/paginate.js';
import type { Store } from './store/store.js';

/** A successful answer: the envelope plus what an edge needs for headers and paging. */
export interface SearchResult {
  readonly envelope: Envelope;
  /** The request with every parameter resolved (page, per_page clamped, media options...). */
  readonly request: NormalizedRequest;
  /**
   * The last page a client may request for this query: `min(ceil(total/per_page), ceil(1000/per_page))`
   * (code: `floor(1000/per_page)`), at least 1. Used for the `Link` header's `last`.
   */
  readonly lastPage: number;
}

/** A search bound to a store, as the edges hold it: `(request) => runSearch(request, store)`. */
export type SearchFunction = (request: SearchRequest) => Promise<SearchResult>;

/**
 * Answer one search: parse and plan (no store), compile against the kind's collection, execute and order, take the
 * page, build the envelope.
 * @throws ApiError 415 (missing preview), 422 (GitHub's validation bodies, the 1000 cap), 404 (labels: unknown
 *         repository); DataError when the dump cannot be read
 */
export async function runSearch(raw: SearchRequest, store: Store): Promise<SearchResult> {
  const request = normalizeRequest(raw);
  const deadline = request.timeoutMs === undefined ? undefined : Date.now() + request.timeoutMs;
  const plan = await planSearch(request);
  const c = await store.collection(request.kind);
  const compiled = compileSearch(plan, c);
  const results = await executeSearch(compiled, c, deadline);
  return envelopeOf(compiled, results, c, deadline);
}

/** The page the request asks for, as GitHub's envelope, with what the edges need for headers. */
function envelopeOf(
  compiled: CompiledSearch,
  results: OrderedResults,
  c: Awaited<ReturnType<Store['collection']>>,
  deadline: number | undefined,
): SearchResult {
  const { request, spec } = compiled.plan;
  const { start, end } = pageRange(request.page, request.perPage, results.docs.length);
  const pageDocs = Array.from(results.docs.subarray(start, end));
  const last = lastPage(results.total, request.perPage, spec.capRule ?? 'default');
  if (!request.media.textMatch) {
    // Without text matches an item depends on its record and the media type only: written from the rendered-item
    // cache (envelope/item-json.ts); the item objects are built only if an edge reads them (the view, --json fields).
    const envelope = { total_count: results.total, incomplete_results: results.incomplete } as Envelope;
    let items: Envelope['items'] | undefined;
    Object.defineProperty(envelope, 'items', {
      enumerable: true,
      get: () => (items ??= buildItems(c, pageDocs, request.media, [])),
      set: (value: Envelope['items']) => void (items = value),
    });
    // Once the item objects exist an edge may change them: from then on the envelope is written from them.
    const rendered = pageDocs.map((doc) => cachedItemJson(c, doc, request.media));
    Object.defineProperty(envelope, RENDERED_ITEMS, { get: () => (items === undefined ? rendered : undefined) });
    return { envelope, request, lastPage: last };
  }
  // Text matches of the page spend on a budget of their own deadline (a cached answer's page too).
  const pageBudget = new Budget(deadline);
  const items = buildItems(c, pageDocs, request.media, positiveText(compiled.expr), pageBudget);
  return { envelope: { total_count: results.total, incomplete_results: results.incomplete || pageBudget.expired, items }, request, lastPage: last };
}
