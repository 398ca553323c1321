/**
 * Paging and the 1000-result window (seed Limits; reference §3.4). The cap lives here and only here.
 */
import { beyondCodeWindow, beyondResultWindow } from '../api-error.js';
import { PER_PAGE_MAX } from '../search-request.js';

/** At most this many results are reachable per search. */
export const RESULT_CAP = 1000;

/**
 * How many ordered results any page can reach: a non-code page may start at 999 and run a full page past the
 * window ({@link pageRange}), so the first 1000 + 100 suffice; ordering stops there.
 */
export const RESULT_REACH = RESULT_CAP + PER_PAGE_MAX;

/**
 * Refuse a page GitHub refuses, before searching (the rule does not depend on the total).
 * Non-code endpoints: refused when the page's first item is past 1000, `(page-1)*per_page >= 1000`.
 * Code: refused when `page*per_page > 1000`.
 * @throws ApiError 422 with GitHub's exact body (no `errors` array)
 */
export function checkWindow(page: number, perPage: number, rule: 'code' | 'default'): void {
  if (rule === 'code' && page * perPage > RESULT_CAP) throw beyondCodeWindow();
  if (rule === 'default' && (page - 1) * perPage >= RESULT_CAP) throw beyondResultWindow();
}

/**
 * The slice of the ordered results a page shows: `[start, end)` over the ordered list, clipped to what exists
 * and to the 1000 window (a page straddling 1000 is served in full on non-code endpoints, §3.4).
 */
export function pageRange(page: number, perPage: number, total: number): { start: number; end: number } {
  const start = Math.min((page - 1) * perPage, total);
  return { start, end: Math.min(start + perPage, total) };
}

/**
 * The last page the `Link` header offers: `min(ceil(total/per_page), ceil(1000/per_page))`, for code
 * `floor(1000/per_page)`; at least 1.
 */
export function lastPage(total: number, perPage: number, rule: 'code' | 'default'): number {
  const window = rule === 'code' ? Math.floor(RESULT_CAP / perPage) : Math.ceil(RESULT_CAP / perPage);
  return Math.max(1, Math.min(Math.ceil(total / perPage), window));
}
