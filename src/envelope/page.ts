/**
 * One page of an answer as a plain value — the counts, the documents shown and their items already written as JSON
 * — and its two readings: the envelope's bytes (what both edges write) and the envelope as objects (for an edge
 * that reads item fields: `--json` fields, the interactive view).
 */
import { itemJson } from './item-json.js';
import type { Envelope, Item } from './envelope.js';

/** A page of search results. */
export interface Page {
  /** `total_count`: every match, not only the reachable ones. */
  readonly total: number;
  /** `incomplete_results`. */
  readonly incomplete: boolean;
  /** Document numbers of the page's items, in order. */
  readonly documents: readonly number[];
  /**
   * The items as JSON text in UTF-8, same order, each as it sits inside the envelope (`itemJson`: nested lines
   * indented to the depth of `items[i]`, `score` written `1.0`).
   */
  readonly items: readonly Buffer[];
}

const BETWEEN_ITEMS = Buffer.from(',\n    ', 'utf8');
const AFTER_ITEMS = Buffer.from('\n  ]\n}\n', 'utf8');

/**
 * The envelope of a page as UTF-8 bytes, exactly as `renderJson(envelopeOf(page))` writes it (GitHub's two-space
 * JSON and a final newline; test/envelope/item-json.test.ts), by concatenating the items' bytes.
 */
export function pageBytes(page: Page): Buffer {
  const head = `{\n  "total_count": ${JSON.stringify(page.total)},\n  "incomplete_results": ${JSON.stringify(page.incomplete)},\n  "items": `;
  if (page.items.length === 0) return Buffer.from(`${head}[]\n}\n`, 'utf8');
  const parts: Buffer[] = [Buffer.from(`${head}[\n    `, 'utf8')];
  for (let i = 0; i < page.items.length; i++) {
    if (i > 0) parts.push(BETWEEN_ITEMS);
    parts.push(page.items[i]!);
  }
  parts.push(AFTER_ITEMS);
  return Buffer.concat(parts);
}

/** The envelope of a page with its items as objects (parsed from their JSON; `score` reads as the number 1). */
export function envelopeOf(page: Page): Envelope {
  return {
    total_count: page.total,
    incomplete_results: page.incomplete,
    items: page.items.map((bytes) => JSON.parse(bytes.toString('utf8')) as Item),
  };
}

/**
 * A page holding the items of `envelope` (written with `itemJson`), for an edge or a test that built or changed
 * item objects itself; `documents` as given (default none known).
 */
export function pageFromEnvelope(envelope: Envelope, documents: readonly number[] = []): Page {
  return {
    total: envelope.total_count,
    incomplete: envelope.incomplete_results,
    documents,
    items: envelope.items.map((item) => Buffer.from(itemJson(item), 'utf8')),
  };
}
