/**
 * The core: `runSearch(request, store)` answers one search exactly as GitHub's REST API would. Both edges (CLI
 * and server) call it and only differ in how the request arrives and the answer is written.
 *
 * One pass through the back half, each stage entered once: plan (plan/: the query understood, the order and the
 * page window decided) → compile against the kind's collection → execute (execute/: the matches) → order (order/:
 * scored and ordered as far as a page can reach, or recalled from the result cache) → page (page/: the window's
 * slice, its items as JSON) → envelope (envelope/page.ts, written by the edges).
 */
import { envelopeOf, type Page } from './envelope/page.js';
import type { Envelope } from './envelope/envelope.js';
import { Budget } from './execute/execute.js';
import { executePlan } from './execute/match.js';
import { championResults } from './order/champions.js';
import { covers, orderMatches } from './order/order.js';
import { resultCacheOf } from './order/result-cache.js';
import { pageOf } from './page/page.js';
import { hasColumnFilter, perDocumentSearch } from './plan/per-document.js';
import { compileSearch, planSearch } from './plan/search-plan.js';
import { lastPage, RESULT_REACH } from './plan/window.js';
import { normalizeRequest, type NormalizedRequest, type SearchRequest } from './search-request.js';
import type { Store } from './store/store.js';

/** A successful answer: the page plus what an edge needs for headers and paging. */
export interface SearchResult {
  /** The page: counts, documents, items as JSON (written by `pageBytes`, envelope/page.ts). */
  readonly page: Page;
  /** The request with every parameter resolved (page, per_page clamped, media options...). */
  readonly request: NormalizedRequest;
  /**
   * The last page a client may request for this query: `min(ceil(total/per_page), ceil(1000/per_page))`
   * (code: `floor(1000/per_page)`), at least 1. Used for the `Link` header's `last`.
   */
  readonly lastPage: number;
  /** The page as GitHub's envelope with item objects, for edges that read item fields. */
  readonly envelope: Envelope;
}

/** A {@link SearchResult} whose envelope is parsed from the page's JSON items on first read. */
class PageResult implements SearchResult {
  private parsed: Envelope | undefined;

  constructor(
    readonly page: Page,
    readonly request: NormalizedRequest,
    readonly lastPage: number,
  ) {}

  get envelope(): Envelope {
    return (this.parsed ??= envelopeOf(this.page));
  }
}

/** A search bound to a store, as the edges hold it: `(request) => runSearch(request, store)`. */
export type SearchFunction = (request: SearchRequest) => Promise<SearchResult>;

/** A shortcut of {@link runSearch}: computes an answer another way, never changes what it is. */
export type Shortcut = 'result cache' | 'champions' | 'top-k' | 'sort reach' | 'column filters';

/**
 * How {@link runSearch} computes an answer. It exists for the tests that compare whole answers with and without
 * the shortcuts (test/search-exact.test.ts); neither edge sets it (the CLI's options and HTTP requests cannot
 * reach it).
 *
 * `exhaustive: true` turns off, for this search: the result cache (neither read nor written), the stored champion
 * lists, top-k pruning and the sort key's reach (`orderMatches` with pruning `never`: every match scored and
 * ordered), and every column form of a filter (each filter tested per document: plan/per-document.ts). It does not
 * turn off the reader's caches of the execute stage (remembered keyword matches, their kept chunk forms, the score
 * cache): a caller wanting none of them runs it on a reader without memos. Default: every shortcut on.
 */
export interface Evaluation {
  readonly exhaustive?: boolean;
  /** Filled with the shortcuts this search took (tests assert that they ran). */
  readonly taken?: Set<Shortcut>;
}

/**
 * Answer one search: plan (no store), compile against the kind's collection, execute, order, take the page.
 * @throws ApiError 415 (missing preview), 422 (GitHub's validation bodies, the 1000 cap), 404 (labels: unknown
 *         repository); DataError when the dump cannot be read
 */
export async function runSearch(raw: SearchRequest, store: Store, evaluation: Evaluation = {}): Promise<SearchResult> {
  const request = normalizeRequest(raw);
  const deadline = request.timeoutMs === undefined ? undefined : Date.now() + request.timeoutMs;
  const plan = await planSearch(request);
  const c = await store.collection(request.kind);
  const { exhaustive = false, taken } = evaluation;
  const compiled = exhaustive ? perDocumentSearch(compileSearch(plan, c)) : compileSearch(plan, c);
  const cache = exhaustive ? undefined : resultCacheOf(c);
  let ordered = cache?.get(compiled.key);
  let incomplete = compiled.incomplete;
  if (ordered && covers(ordered, plan.window.end)) taken?.add('result cache');
  else {
    const budget = new Budget(deadline);
    // A one-word query of the anonymous viewer: its term's stored champion list, when the build stored one.
    const champions = exhaustive ? undefined : championResults(compiled, c);
    if (champions) taken?.add('champions');
    else if (taken && hasColumnFilter(compiled)) taken.add('column filters');
    ordered = champions ?? orderMatches(compiled, await executePlan(compiled, c, budget), c, budget, exhaustive ? 'never' : 'auto');
    // Fewer ordered than the exhaustive path orders: the top-k (best match) or the sort key's reach (order.ts) cut them.
    if (taken && !champions && ordered.docs.length < Math.min(ordered.total, RESULT_REACH)) taken.add(plan.sort ? 'sort reach' : 'top-k');
    // Complete results only: a timed-out answer must not be served again.
    if (budget.expired) incomplete = true;
    else cache?.set(compiled.key, ordered);
  }
  const page = pageOf(compiled, ordered, c, incomplete, deadline);
  return new PageResult(page, request, lastPage(plan.window, ordered.total));
}
