/**
 * The core: `runSearch(request, store)` answers one search exactly as GitHub's REST API would.
 * CONTRACT STUB — implementation lands with the core.
 */
import type { Envelope } from './envelope/envelope.js';
import type { NormalizedRequest, SearchRequest } from './request/search-request.js';
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

/**
 * Answer one search. Throws {@link ApiError} (422, 415, 404, 403, 503) with GitHub's body; throws DataError when
 * the dump is unreadable.
 */
export async function runSearch(_request: SearchRequest, _store: Store): Promise<SearchResult> {
  throw new Error('runSearch: not implemented yet');
}
