/**
 * Rendered answers of recent searches, so a repeated request (a client polling, paging back, a dashboard
 * refreshing) skips projecting and serialising the page and hashing its ETag: the store never changes while a
 * server runs, so an answer stays right. Keyed on everything the body depends on — the kind, every search
 * parameter, the media type and the caller (whose viewer decides which private records exist). Incomplete
 * (timed-out) answers are never kept. Least recently used entries go first, bounded by count and bytes.
 */

import { BoundedLru } from '../results/bounded-lru.js';

/** A rendered search answer: what the response needs besides the per-request headers. */
export interface RenderedSearch {
  /** The JSON body, UTF-8. */
  readonly body: Buffer;
  readonly etag: string;
  readonly mediaType: string;
  readonly page: number;
  readonly lastPage: number;
  /** code only: the per_page applied (for the Link header). */
  readonly appliedPerPage: number | undefined;
}

/** At most this many answers. */
export const RESPONSE_CACHE_ENTRIES = 1024;
/**
 * At most this many body bytes in all: enough for a few hundred pages of 100 full issue records, so a client
 * cycling through a few hundred distinct requests does not evict each answer before it comes round again.
 */
export const RESPONSE_CACHE_BYTES = 96 * 1024 * 1024;

export class ResponseCache extends BoundedLru<RenderedSearch> {
  constructor() {
    super(RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_BYTES, (answer) => answer.body.length);
  }

  /** The key of a request: its parts joined by a separator no parameter can contain after URL decoding. */
  static key(parts: ReadonlyArray<string | undefined>): string {
    return parts.map((p) => (p === undefined ? '\u0001' : p)).join('\u0000');
  }
}
