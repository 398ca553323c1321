/**
 * Items as JSON text, rendered once per record and media type. With `score` fixed at 1.0 on every item (Part B
 * §6), an item without `text_matches` depends only on its record, the collection and the media type — never on
 * the query — so a server answering many different queries that share documents renders each document once and
 * then only concatenates. Text-match answers are built per query (envelope.ts writes them with JSON.stringify).
 */
import { withScore } from '../kinds/common.js';
import type { MediaOptions } from '../request/media-type.js';
import { BoundedLru } from '../results/bounded-lru.js';
import type { Collection } from '../store/collection.js';

/** The `score` every item carries (GitHub writes 1.0 for every item of every kind; relevance only orders). */
export const ITEM_SCORE = 1;

/** At most this many rendered items per collection and media type. */
export const ITEM_JSON_ENTRIES = 50_000;
/** At most this many bytes (UTF-8) of rendered items per collection and media type. */
export const ITEM_JSON_BYTES = 32 * 1024 * 1024;

/** An item's top-level `score` line as JSON.stringify(item, null, 2) writes it: two spaces, at item depth. */
const ITEM_SCORE_ONE = /^( {2}"score": )1(,?)$/m;

/**
 * The JSON text of an item object as it sits inside an envelope written by `JSON.stringify(envelope, null, 2)`:
 * its lines after the first indented by four spaces (the depth of `items[i]`), and its top-level `score` written
 * `1.0`. A newline only occurs between JSON tokens (strings escape theirs), so indenting every newline is exact.
 */
export function itemJson(item: Record<string, unknown>): string {
  return JSON.stringify(item, null, 2).replace(ITEM_SCORE_ONE, '$11.0$2').replaceAll('\n', '\n    ');
}

const caches = new WeakMap<Collection, Map<string, BoundedLru<Buffer>>>();

/** The rendered-item cache of one collection and media type (the parts of it that change an item's shape). */
function cacheOf(c: Collection, media: MediaOptions): BoundedLru<Buffer> {
  let byMedia = caches.get(c);
  if (!byMedia) caches.set(c, (byMedia = new Map()));
  const key = `${media.cloak ? 'c' : ''}${media.mercy ? 'm' : ''}`;
  let cache = byMedia.get(key);
  if (!cache) byMedia.set(key, (cache = new BoundedLru(ITEM_JSON_ENTRIES, ITEM_JSON_BYTES, (bytes) => bytes.length)));
  return cache;
}

/**
 * The item of `doc` without `text_matches`, as envelope JSON text ({@link itemJson}) in UTF-8; from the cache when
 * it was rendered before for the same media type. Held outside the JavaScript heap, concatenated as bytes.
 */
export function cachedItemJson(c: Collection, doc: number, media: MediaOptions): Buffer {
  const cache = cacheOf(c, media);
  const key = String(doc);
  let bytes = cache.get(key);
  if (bytes === undefined) {
    const item = withScore(c.spec.project(c.records[doc]!, doc, c, media), c.spec.scoreAfter, ITEM_SCORE, undefined);
    cache.set(key, (bytes = Buffer.from(itemJson(item), 'utf8')));
  }
  return bytes;
}
