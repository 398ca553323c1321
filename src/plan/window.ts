/**
 * Paging and the 1000-result window (seed Limits; reference §3.4), computed once per request by the planner. The
 * cap is defined here and only here.
 */
import { beyondCodeWindow, beyondResultWindow, type ApiError } from '../api-error.js';
import { PER_PAGE_MAX } from '../search-request.js';
import type { CapRule } from '../kinds/spec.js';

/** At most this many results are reachable per search. */
export const RESULT_CAP = 1000;

/**
 * How many ordered results any page can reach: a non-code page may start at 999 and run a full page past the
 * window, so the first 1000 + 100 suffice; ordering never goes further.
 */
export const RESULT_REACH = RESULT_CAP + PER_PAGE_MAX;

/** The page a request asks for, as positions in the ordered results, before the total is known. */
export interface PageWindow {
  /** First position of the page (0-based): `(page-1)*per_page`. */
  readonly start: number;
  /** One past its last position: `start + per_page` (at most {@link RESULT_REACH}). */
  readonly end: number;
  readonly perPage: number;
  /** The last page the window allows whatever the total: `ceil(1000/per_page)`, for code `floor(1000/per_page)`. */
  readonly lastAllowed: number;
  /** GitHub's 422 for a page it refuses, raised by the planner after query validation; undefined when allowed. */
  readonly refusal: (() => ApiError) | undefined;
}

/**
 * The window of `page` (1-based) at `perPage` (1–100) under `rule`.
 * Non-code endpoints refuse a page whose first item is past 1000, `(page-1)*per_page >= 1000` (a page straddling
 * 1000 is served in full); code refuses `page*per_page > 1000`. Never throws: see {@link PageWindow.refusal}.
 */
export function pageWindow(page: number, perPage: number, rule: CapRule): PageWindow {
  const start = (page - 1) * perPage;
  const refused = rule === 'whole-page' ? page * perPage > RESULT_CAP : start >= RESULT_CAP;
  const lastAllowed = rule === 'whole-page' ? Math.floor(RESULT_CAP / perPage) : Math.ceil(RESULT_CAP / perPage);
  return {
    start,
    end: Math.min(start + perPage, RESULT_REACH),
    perPage,
    lastAllowed,
    refusal: refused ? (rule === 'whole-page' ? beyondCodeWindow : beyondResultWindow) : undefined,
  };
}

/** `[start, end)` of the window clipped to the `total` results that exist. */
export function clip(window: PageWindow, total: number): { start: number; end: number } {
  const start = Math.min(window.start, total);
  return { start, end: Math.min(window.end, total) };
}

/**
 * The last page the `Link` header offers for `total` results: `min(ceil(total/per_page), lastAllowed)`, at least 1.
 */
export function lastPage(window: PageWindow, total: number): number {
  return Math.max(1, Math.min(Math.ceil(total / window.perPage), window.lastAllowed));
}
