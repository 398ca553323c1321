/**
 * Rendered answers of recent searches, so a repeated request (a client polling, paging back, a dashboard
 * refreshing) skips projecting and serialising the page and hashing its ETag: the store never changes while a
 * server runs, so an answer stays right. Keyed on everything the body depends on — the kind, every search
 * parameter, the media type and the caller (whose viewer decides which private records exist). Incomplete
 * (timed-out) answers are never kept. Least recently used entries go first, bounded by count and body bytes.
 *
 * **Admission.** Every complete answer is remembered by its facts — ETag, media type, paging, body length: a few
 * hundred bytes of heap — but its body only from the key's second sight (the facts of an earlier sight were still
 * held here, or another worker's cache had them). A never-seen request's body (150–200 KB of external memory at
 * 100k) so dies young with the response instead of surviving into the old generation and leaving as old-generation
 * garbage (docs/serve-cost.md, thirteenth round). The facts alone answer what needs no body: a HEAD, and an
 * `If-None-Match` that matches (304). Entries are weighed by their answer's body length whether the body is held or
 * not, so which keys are held — and so which 304s count as answered from the cache — is what it was when every
 * body was kept.
 */

import { BoundedLru } from '../results/bounded-lru.js';

/** What a response of a rendered search needs besides its body and the per-request headers. */
export interface AnswerFacts {
  readonly etag: string;
  readonly mediaType: string;
  readonly page: number;
  readonly lastPage: number;
  /** code only: the per_page applied (for the Link header). */
  readonly appliedPerPage: number | undefined;
  /** The body's length in bytes (`Content-Length`). */
  readonly bodyLength: number;
}

/** A rendered search answer: its facts and its body. */
export interface RenderedSearch extends AnswerFacts {
  /** The JSON body, UTF-8 (`bodyLength` bytes). */
  readonly body: Buffer;
}

/** What the cache holds for a key: an answer's facts, with its body once the key has been seen twice. */
export type KeptAnswer = AnswerFacts | RenderedSearch;

/** Does `answer` carry its body? */
export function hasBody(answer: KeptAnswer): answer is RenderedSearch {
  return (answer as Partial<RenderedSearch>).body !== undefined;
}

/** The facts of `answer` without its body (a new object, so the body is not held through it). */
export function factsOf(answer: KeptAnswer): AnswerFacts {
  const { etag, mediaType, page, lastPage, appliedPerPage, bodyLength } = answer;
  return { etag, mediaType, page, lastPage, appliedPerPage, bodyLength };
}

/** At most this many answers. */
export const RESPONSE_CACHE_ENTRIES = 1024;
/**
 * At most this many body bytes in all (counted for every entry, its body held or not): enough for a few hundred
 * pages of 100 full issue records, so a client cycling through a few hundred distinct requests does not evict each
 * answer before it comes round again.
 */
export const RESPONSE_CACHE_BYTES = 96 * 1024 * 1024;

export class ResponseCache extends BoundedLru<KeptAnswer> {
  constructor() {
    super(RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_BYTES, (answer) => answer.bodyLength);
  }

  /**
   * Keep a complete answer just rendered for `key`: its body when `seen` (the key's facts were held here or in
   * another worker's cache when the request came), else its facts alone.
   */
  keep(key: string, answer: RenderedSearch, seen: boolean): void {
    this.set(key, seen ? answer : factsOf(answer));
  }

  /** The key of a request: its parts joined by a separator no parameter can contain after URL decoding. */
  static key(parts: ReadonlyArray<string | undefined>): string {
    return parts.map((p) => (p === undefined ? '\u0001' : p)).join('\u0000');
  }
}
