/**
 * Items as JSON text, written once per record and media type (src/kinds/item-text.ts): from the rendered-items
 * file a build wrote (src/cache/item-file.ts), else rendered now and kept in a bounded in-memory cache, so a server
 * answering many different queries over the same documents mostly concatenates. Text-match answers are built per
 * query (envelope.ts writes them with JSON.stringify).
 */
import { itemFileOf } from '../cache/item-file.js';
import { itemBytes, itemMediaKey } from '../kinds/item-text.js';
import type { MediaOptions } from '../request/media-type.js';
import type { ReaderSlot } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import type { Collection } from '../store/collection.js';

/** At most this many rendered items per collection and media key in memory. */
export const ITEM_JSON_ENTRIES = 50_000;
/** At most this many bytes (UTF-8) of rendered items per collection and media key in memory. */
export const ITEM_JSON_BYTES = 32 * 1024 * 1024;

/** A collection reader's in-memory rendered items, by media key ({@link itemMediaKey}); each shares its budget. */
const RENDERED_ITEMS: ReaderSlot<{ readonly byMedia: Map<string, BoundedLru<Buffer>>; readonly make: () => BoundedLru<Buffer> }, Collection> = {
  name: 'rendered items',
  make: (_c, budget) => ({
    byMedia: new Map(),
    make: () => new BoundedLru<Buffer>(ITEM_JSON_ENTRIES, ITEM_JSON_BYTES, (bytes) => bytes.length, { budget, bytes: (bytes) => bytes.length + 80 }),
  }),
};

function cacheOf(c: Collection, key: string): BoundedLru<Buffer> {
  const items = c.memo(RENDERED_ITEMS);
  let cache = items.byMedia.get(key);
  if (!cache) items.byMedia.set(key, (cache = items.make()));
  return cache;
}

/**
 * The item of `doc` without `text_matches`, as envelope JSON text in UTF-8 (`itemJson`): read from the collection's
 * rendered-items file when it has one and the media options leave the item as stored there, else from the
 * in-memory cache, else rendered now (and cached).
 */
export function cachedItemJson(c: Collection, doc: number, media: MediaOptions): Buffer {
  const key = itemMediaKey(c.spec, media);
  if (key === '') {
    const stored = itemFileOf(c)?.read(doc);
    if (stored) return stored;
  }
  const cache = cacheOf(c, key);
  const id = String(doc);
  let bytes = cache.get(id);
  if (bytes === undefined) cache.set(id, (bytes = itemBytes(c.spec, c.records[doc]!, doc, c, media)));
  return bytes;
}
