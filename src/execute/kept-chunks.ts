/**
 * The chunk forms (src/index/posting-chunks.ts: per 65,536 documents a list or an 8 KiB bitmap) of the dense keyword
 * matches a collection reader remembers, so that a server's conjunction of common words and-s bitmaps
 * (./conjunction.ts `intersectChunkUnions`) instead of marking every posting again. Made only from a keyword's
 * remembered union (the text-match cache's, ./score-cache.ts: a keyword seen before by this reader), never in a
 * process's first sight of a word, so a one-query process makes none. Kept under the reader's memory budget,
 * least recently used first, with the reader's other caches. Docs: docs/serve-cost.md "Twelfth round".
 */
import type { DocList } from '../index/text-index.js';
import type { CollectionView, ReaderSlot } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import { PostingChunks, encodePostingChunks, hasBitmapChunk } from '../index/posting-chunks.js';

/** At most this many kept chunk forms per collection reader. */
export const KEPT_CHUNKS_ENTRIES = 256;
/** At most this many bytes of kept chunk forms per collection reader (before the reader's budget). */
export const KEPT_CHUNKS_BYTES = 64 * 1024 * 1024;

/** A collection reader's chunk forms by keyword-match key (made on first use, dropped when it closes). */
const KEPT: ReaderSlot<BoundedLru<PostingChunks>> = {
  name: 'keyword chunks',
  make: (_c, budget) => new BoundedLru<PostingChunks>(KEPT_CHUNKS_ENTRIES, KEPT_CHUNKS_BYTES, (chunks) => chunks.bytes, { budget, bytes: (chunks) => chunks.bytes }),
};

/** The chunk forms kept by a collection's reader (tests and diagnostics read it; {@link denseChunksOf} fills it). */
export function keptChunksOf(c: CollectionView): BoundedLru<PostingChunks> {
  return c.memo(KEPT);
}

/**
 * The chunk form of the keyword match remembered under `key` (the text-match cache's key: same words, fields and
 * viewer class, so the same documents), made from `union` and kept when not kept yet; undefined when `union` has no
 * chunk dense enough to be a bitmap (its chunk form would only be its list again).
 * @param union the keyword's remembered union under `key` (ascending, duplicate-free)
 */
export function denseChunksOf(c: CollectionView, key: string, union: DocList): PostingChunks | undefined {
  const kept = keptChunksOf(c);
  const hit = kept.get(key);
  if (hit) return hit;
  if (!hasBitmapChunk(union)) return undefined;
  const chunks = PostingChunks.parse(encodePostingChunks(union));
  kept.set(key, chunks);
  return chunks;
}
