/**
 * An item as the JSON text an envelope embeds. With `score` fixed at 1.0 on every item (code reference Part B §6),
 * an item without `text_matches` depends only on its record, the collection and the media options its kind's
 * `project` reads — never on the query — so it can be written once and reused: kept in memory
 * (src/envelope/item-json.ts) or on disk at build time (src/cache/item-file.ts).
 */
import type { MediaOptions } from '../request/media-type.js';
import type { CollectionView } from './collection-view.js';
import { withScore } from './common.js';
import type { KindSpec } from './spec.js';

/** The `score` every item carries (GitHub writes 1.0 for every item of every kind; relevance only orders). */
export const ITEM_SCORE = 1;

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

/** The item of one record without `text_matches`, as {@link itemJson} text in UTF-8. */
export function itemBytes(spec: KindSpec, record: Record<string, unknown>, doc: number, c: CollectionView, media: MediaOptions): Buffer {
  return Buffer.from(itemJson(withScore(spec.project(record, doc, c, media), spec.scoreAfter, ITEM_SCORE, undefined)), 'utf8');
}

/**
 * The media options an item of `spec` depends on, as a short key ('' when its `project` reads none of them, so
 * one rendering serves every media type).
 */
export function itemMediaKey(spec: KindSpec, media: MediaOptions): string {
  const reads = spec.projectReads ?? [];
  const read = (option: 'cloak' | 'mercy' | 'extended', letter: string) => (reads.includes(option) && media[option] ? letter : '');
  return `${read('cloak', 'c')}${read('mercy', 'm')}${read('extended', 'x')}`;
}
