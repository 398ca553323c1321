/**
 * The one owner of an item's JSON: how a record becomes the item an envelope carries — its kind's projection, `score`
 * in GitHub's place (always 1.0), `text_matches` when asked — and that item's JSON text as it sits inside an envelope.
 *
 * With `score` fixed at 1.0 on every item (code reference Part B §6), an item without `text_matches` depends only on
 * its record, the collection and the media options its kind's `project` reads — never on the query — so it is
 * written once and reused: from the rendered-items file a build wrote (src/cache/item-file.ts, filled by the store
 * with {@link itemCompactBytes}: compact text, mostly a reference to the record's own text), laid out at the item's
 * depth by json-layout.ts, else rendered now; either way kept laid out in the reader's arena (item-arena.ts, under
 * its memory budget), so a server answering many different queries over the same documents mostly copies. Items
 * with text matches are built per page.
 */
import { itemFileOf } from '../cache/item-file.js';
import { snapshotTexts } from '../cache/record-snapshot.js';
import { layOutJsonTransient } from './json-layout.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { setOwn } from '../kinds/common.js';
import type { KindSpec } from '../kinds/spec.js';
import type { MediaOptions } from '../request/media-type.js';
import type { MemoryBudget, ReaderSlot } from '../kinds/collection-view.js';
import { ItemArena } from './item-arena.js';
import { analyzeQueryWord, type AnalyzerName } from '../text/analyzer.js';
import { buildTextMatches, type TextMatchSource } from '../text/text-matches.js';
import type { Spender } from '../budget.js';

/** A search result item: the record's GitHub item shape plus `score` (and `text_matches` when asked). */
export type Item = Record<string, unknown>;

/** What items are rendered from: a kind's collection (store/collection.ts) — its table and its view. */
export type ItemSource = CollectionView & { readonly spec: KindSpec };

/** The `score` every item carries (GitHub writes 1.0 for every item of every kind; relevance only orders). */
export const ITEM_SCORE = 1;

/**
 * At most this many bytes of laid-out items per collection and media key in memory (item-arena.ts; within the
 * reader's memory budget too). A never-seen page of a busy server at 100k issues finds about half its items
 * there at 64 MiB (a third at 32 MiB, measured over 3,000 of the bench's never-seen paths).
 */
export const ITEM_JSON_BYTES = 64 * 1024 * 1024;

/**
 * Insert `score` after `anchor` (GitHub's position for the kind) and append `text_matches` last.
 * Keys keep the record's order otherwise; every key of `item` (even `__proto__`) stays a plain own property.
 */
export function withScore(
  item: Record<string, unknown>,
  anchor: string,
  score: number,
  textMatches: unknown[] | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [key, value] of Object.entries(item)) {
    if (key === 'score' || key === 'text_matches') continue;
    setOwn(out, key, value);
    if (key === anchor) {
      out.score = score;
      placed = true;
    }
  }
  if (!placed) out.score = score;
  if (textMatches !== undefined) out.text_matches = textMatches;
  return out;
}

/** An item's top-level `score` line as JSON.stringify(item, null, 2) writes it: two spaces, at item depth. */
const ITEM_SCORE_ONE = /^( {2}"score": )1(,?)$/m;
/** An item's `score` line as JSON.stringify writes it inside an envelope (items sit at depth 3, six spaces). */
const ENVELOPE_ITEM_SCORE_ONE = /^( {6}"score": )1(,?)$/gm;

/**
 * The JSON text of an item object as it sits inside an envelope written by `JSON.stringify(envelope, null, 2)`:
 * its lines after the first indented by four spaces (the depth of `items[i]`), and its top-level `score` written
 * `1.0`. A newline only occurs between JSON tokens (strings escape theirs), so indenting every newline is exact.
 */
export function itemJson(item: Record<string, unknown>): string {
  return JSON.stringify(item, null, 2).replace(ITEM_SCORE_ONE, '$11.0$2').replaceAll('\n', '\n    ');
}

/**
 * `JSON.stringify(envelope, null, 2)` text with its items' scores written `1.0`, as GitHub's serialiser writes them
 * and as {@link itemJson} does (envelope.ts `renderJson`); JSON.stringify alone would write `1`.
 */
export function itemScoresWritten(envelopeText: string): string {
  return envelopeText.replace(ENVELOPE_ITEM_SCORE_ONE, '$11.0$2');
}

/**
 * What stands for `score` while an item's compact text is written: a string no record holds (checked: it must occur
 * exactly once), replaced by `1.0` afterwards.
 */
const SCORE_MARK = '\u0000offline-github-search:score\u0000';
const SCORE_MARK_JSON = JSON.stringify(SCORE_MARK);

/**
 * The item of one record without `text_matches` as compact JSON text in UTF-8 with its `score` written `1.0` —
 * what the rendered-items file stores; json-layout.ts's `layOutJson` at step 2, base 4 turns it into {@link itemBytes}'s
 * bytes. Undefined in the (adversarial) case of a record holding the score's stand-in string.
 */
export function itemCompactBytes(spec: KindSpec, record: Record<string, unknown>, doc: number, c: CollectionView, media: MediaOptions): Buffer | undefined {
  const text = itemCompactText(spec, record, doc, c, media);
  return text === undefined ? undefined : Buffer.from(text, 'utf8');
}

/**
 * {@link itemCompactBytes} as a string (UTF-16): what a build pass hands to the thread that encodes and stores it.
 * Undefined in the same (adversarial) case.
 */
export function itemCompactText(spec: KindSpec, record: Record<string, unknown>, doc: number, c: CollectionView, media: MediaOptions): string | undefined {
  const text = JSON.stringify(withScore(spec.project(record, doc, c, media), spec.scoreAfter, SCORE_MARK as unknown as number, undefined));
  const at = text.indexOf(SCORE_MARK_JSON);
  if (at < 0 || text.indexOf(SCORE_MARK_JSON, at + 1) >= 0) return undefined;
  return text.slice(0, at) + '1.0' + text.slice(at + SCORE_MARK_JSON.length);
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

/** A collection reader's laid-out items, by media key ({@link itemMediaKey}); each arena shares its budget. */
const LAID_OUT_ITEMS: ReaderSlot<{ readonly byMedia: Map<string, ItemArena>; readonly budget: MemoryBudget }> = {
  name: 'laid-out items',
  make: (_c, budget) => ({ byMedia: new Map(), budget }),
};

function arenaOf(c: ItemSource, key: string): ItemArena {
  const items = c.memo(LAID_OUT_ITEMS);
  let arena = items.byMedia.get(key);
  if (!arena) items.byMedia.set(key, (arena = new ItemArena(ITEM_JSON_BYTES, items.budget)));
  return arena;
}

/**
 * The items of `docs` without `text_matches`, as envelope JSON text in UTF-8 (`itemJson`), in order: from the
 * reader's laid-out items (item-arena.ts) when held there; the others read from the collection's rendered-items
 * file when it has one and the media options leave the items as stored there — together, in a bounded number of
 * reads (item-file.ts's `readPage`) — else rendered now; both kept in the arena. The bytes returned are never
 * written again (views of the arena's slabs, or fresh).
 */
function cachedItemsJson(c: ItemSource, docs: readonly number[], media: MediaOptions): Buffer[] {
  const key = itemMediaKey(c.spec, media);
  const arena = arenaOf(c, key);
  const out = new Array<Buffer>(docs.length);
  const missing: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const held = arena.get(docs[i]!);
    if (held === undefined) missing.push(i);
    else out[i] = held;
  }
  if (missing.length === 0) return out;
  const missed = missing.map((i) => docs[i]!);
  // Read into the file's reused memory, laid out into the layout's: the arena's copy is the first that stays.
  const stored = key === '' ? itemFileOf(c)?.readPageTransient(missed, snapshotTexts(c.records)) : undefined;
  for (let j = 0; j < missing.length; j++) {
    const doc = missed[j]!;
    const compact = stored?.[j];
    out[missing[j]!] = arena.put(doc, compact ? layOutJsonTransient(compact, 2, 4) : itemBytes(c.spec, c.records[doc]!, doc, c, media));
  }
  return out;
}

/**
 * Build the items of one page as objects, with `text_matches` when the media type asks for them, computed on this
 * page only from the same analyzers the index used.
 * @param docs document numbers of the page, in order
 * @param keywords the positive keywords/phrases of the query with the fields each searched
 * @param budget spent per text matched (one unit per 64 characters); once it runs out, the remaining items get
 *   empty `text_matches` (the answer is then marked incomplete by the caller)
 */
export function buildItems(
  c: ItemSource,
  docs: readonly number[],
  media: MediaOptions,
  keywords: ReadonlyArray<{ text: string; fields: readonly string[] }>,
  budget?: Spender,
): Item[] {
  const termSets = new Map<string, Set<string>>();
  const termsFor = (field: string, analyzer: AnalyzerName): Set<string> => {
    let set = termSets.get(field);
    if (!set) {
      set = new Set();
      for (const k of keywords) {
        if (!k.fields.includes(field)) continue;
        for (const word of k.text.split(/\s+/)) for (const t of analyzeQueryWord(word, analyzer)) set.add(t);
      }
      termSets.set(field, set);
    }
    return set;
  };
  return docs.map((doc) => {
    const record = c.records[doc]!;
    const item = c.spec.project(record, doc, c, media);
    let matches: unknown[] | undefined;
    if (media.textMatch) {
      matches = [];
      for (const field of c.spec.fields) {
        if (!field.textMatch) continue;
        const text = field.get(record, doc, c);
        const terms = termsFor(field.name, field.analyzer);
        if (text === undefined || text === '' || terms.size === 0) continue;
        if (budget && !budget.spend(1 + (text.length >>> 6))) break;
        const source: TextMatchSource = {
          object_url: field.textMatch.objectUrl(record, doc, c),
          object_type: field.textMatch.objectType,
          property: field.textMatch.property,
          text,
          analyzer: field.analyzer,
          ...(field.textMatch.whole ? { whole: true } : {}),
        };
        // Fragment count and size per property, as the kind's table declares them (GitHub: 1 × 200 by default).
        const options = { maxFragmentsPerProperty: field.textMatch.fragments ?? 1, fragmentLength: field.textMatch.length ?? 200 };
        matches.push(...buildTextMatches([source], () => terms, options));
      }
    }
    return withScore(item, c.spec.scoreAfter, ITEM_SCORE, matches);
  });
}

/**
 * The items of a page as envelope JSON text in UTF-8, in order: the reusable items ({@link cachedItemsJson}) unless
 * the media type asks for text matches, else built for this page ({@link buildItems}, spending `budget`).
 */
export function pageItems(
  c: ItemSource,
  docs: readonly number[],
  media: MediaOptions,
  keywords: ReadonlyArray<{ text: string; fields: readonly string[] }>,
  budget?: Spender,
): Buffer[] {
  if (!media.textMatch) return cachedItemsJson(c, docs, media);
  return buildItems(c, docs, media, keywords, budget).map((item) => Buffer.from(itemJson(item), 'utf8'));
}
