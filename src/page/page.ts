/**
 * The page stage of a search: the slice of the ordered results the request's window shows, with its items as JSON
 * text (envelope/item-json.ts: reusable items without text matches, else built with the page's text matches).
 */
import { Budget } from '../budget.js';
import { pageItems } from '../envelope/item-json.js';
import { writtenPage, type Page } from '../envelope/page.js';
import type { OrderedResults } from '../order/order.js';
import type { CompiledSearch } from '../plan/search-plan.js';
import { clip } from '../plan/window.js';
import type { Collection } from '../store/collection.js';

/**
 * The page of `ordered` that the compiled search's window shows.
 * @param incomplete the answer is already incomplete (time limit, or a plan incomplete from the start)
 * @param deadline epoch ms: text matches of the page spend on a budget of their own up to it (undefined: no limit);
 *   past it the remaining items get empty `text_matches` and the page is incomplete
 */
export function pageOf(compiled: CompiledSearch, ordered: OrderedResults, c: Collection, incomplete: boolean, deadline: number | undefined): Page {
  const { request, window } = compiled.plan;
  // The ordered results hold every document the window can reach (or all there are).
  const { start, end } = clip(window, ordered.docs.length);
  const documents = Array.from(ordered.docs.subarray(start, end));
  // Only text matches spend time per item: the reusable items are read or rendered within any budget.
  const budget = request.media.textMatch ? new Budget(deadline) : undefined;
  const items = pageItems(c, documents, request.media, compiled.keywords, budget);
  // The envelope written once here: its items copied out of the reader's caches, which may reuse their memory.
  return writtenPage({ total: ordered.total, incomplete: incomplete || budget?.expired === true, documents, items });
}
