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
  /**
   * The envelope's bytes when already written ({@link writtenPage}): {@link pageBytes} returns them, and `items` are
   * views of them.
   */
  readonly bytes?: Buffer | undefined;
}

const BETWEEN_ITEMS = Buffer.from(',\n    ', 'utf8');
const AFTER_ITEMS = Buffer.from('\n  ]\n}\n', 'utf8');

/**
 * The envelope of a page as UTF-8 bytes, exactly as `renderJson(envelopeOf(page))` writes it (GitHub's two-space
 * JSON and a final newline; test/envelope/item-json.test.ts): the page's own {@link Page.bytes} when written, else
 * the items' bytes concatenated (fresh bytes).
 */
export function pageBytes(page: Page): Buffer {
  return page.bytes ?? envelopeBytes(page, undefined);
}

/**
 * `page` with its envelope's bytes written once ({@link Page.bytes}, which {@link pageBytes} then returns) and its
 * items as views of those bytes: one allocation and one copy of each item, after which the page holds nothing of
 * what its items were read from (a reader's cache may reuse it).
 */
export function writtenPage(page: Page): Page {
  const items: Buffer[] = [];
  const bytes = envelopeBytes(page, items);
  return { total: page.total, incomplete: page.incomplete, documents: page.documents, items, bytes };
}

/** The envelope's bytes (one allocation); each item's place in them pushed to `views` when given. */
function envelopeBytes(page: Page, views: Buffer[] | undefined): Buffer {
  const head = `{\n  "total_count": ${JSON.stringify(page.total)},\n  "incomplete_results": ${JSON.stringify(page.incomplete)},\n  "items": `;
  if (page.items.length === 0) return Buffer.from(`${head}[]\n}\n`, 'utf8');
  const open = `${head}[\n    `;
  const openBytes = Buffer.byteLength(open, 'utf8');
  let length = openBytes + AFTER_ITEMS.length + BETWEEN_ITEMS.length * (page.items.length - 1);
  for (const item of page.items) length += item.length;
  const out = Buffer.allocUnsafe(length);
  let at = out.write(open, 0, 'utf8');
  for (let i = 0; i < page.items.length; i++) {
    if (i > 0) at += BETWEEN_ITEMS.copy(out, at);
    const item = page.items[i]!;
    out.set(item, at);
    views?.push(out.subarray(at, at + item.length));
    at += item.length;
  }
  AFTER_ITEMS.copy(out, at);
  return out;
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
