/**
 * Test helpers for the search page: a handler with pages over a store (in process), reading what a page shows
 * (result titles, sidebar counts, facet links, the error box) out of its HTML by the page's data attributes, and
 * asking the API the same question.
 */
import { runSearch } from '../../src/search.js';
import type { AccessFile } from '../../src/server/access-file.js';
import { fromHandler } from '../../src/server/chain.js';
import { createHandler, type Handler } from '../../src/server/routes.js';
import type { Store } from '../../src/store/store.js';
import { createPageHandler } from '../../src/web/page-handler.js';

export const BASE = 'http://127.0.0.1';
export const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
export const PAGE_ACCEPT = 'application/vnd.github.text-match+json, application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json';
export const FIXED_NOW = 1_750_000_000_000;

/** The server's handler with the page routes, as `search serve` builds it (rate limits off). */
export function handlerWithPages(store: Store, auth?: AccessFile): Handler {
  const search = (request: Parameters<typeof runSearch>[0]) => runSearch(request, store);
  return createHandler({ search, auth, rateLimit: false, routes: [fromHandler(createPageHandler({ store, search, auth, now: () => FIXED_NOW }))], now: () => FIXED_NOW });
}

/** The page at `path` (with `headers`): status and HTML. */
export async function getPage(handler: Handler, path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; type: string }> {
  const response = await handler(new Request(BASE + path, { headers: { ...HTML, ...headers } }));
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') ?? '' };
}

/** Decode the few entities React writes in text and attributes. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e]!);
}

/** The text of an HTML fragment (tags dropped, entities decoded). */
export function textOf(fragment: string): string {
  return unescapeHtml(fragment.replace(/<[^>]*>/g, ''));
}

/** The result titles' hrefs and texts, in order. */
export function resultTitles(html: string): Array<{ href: string | undefined; text: string; marks: string[] }> {
  return [...html.matchAll(/<(a|span)(?: href="([^"]*)")? class="title[^"]*">([\s\S]*?)<\/\1>/g)].map((m) => ({
    href: m[2] === undefined ? undefined : unescapeHtml(m[2]),
    text: textOf(m[3]!),
    marks: [...m[3]!.matchAll(/<mark>([\s\S]*?)<\/mark>/g)].map((x) => textOf(x[1]!)),
  }));
}

/** The sidebar's per-type counts (undefined: the type refused the query). */
export function typeCounts(html: string): Map<string, number | undefined> {
  const out = new Map<string, number | undefined>();
  for (const m of html.matchAll(/<a href="[^"]*" data-type="([^"]+)"(?: data-count="(\d+)")?>/g)) out.set(m[1]!, m[2] === undefined ? undefined : Number(m[2]));
  return out;
}

/** The facet links of one facet (`language`, `state`): value, the q its link runs, the count shown. */
export function facetLinks(html: string, facet: string): Array<{ value: string; q: string; count: number }> {
  const section = new RegExp(`<section class="facet" data-facet="${facet}">([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
  return [...section.matchAll(/<a href="([^"]*)" data-value="([^"]*)" data-count="(\d+)">/g)].map((m) => ({
    q: new URL(unescapeHtml(m[1]!), BASE).searchParams.get('q')!,
    value: unescapeHtml(m[2]!),
    count: Number(m[3]),
  }));
}

/** The result count the page's heading shows. */
export function shownTotal(html: string): number | undefined {
  const m = /data-total="(\d+)"/.exec(html);
  return m ? Number(m[1]) : undefined;
}

/** The API's `total_count` for `q` on `kind` (undefined when refused), asked through the same handler. */
export async function apiTotal(handler: Handler, kind: string, q: string, headers: Record<string, string> = {}): Promise<number | undefined> {
  const response = await handler(new Request(`${BASE}/search/${kind}?q=${encodeURIComponent(q)}&per_page=1`, { headers: { accept: PAGE_ACCEPT, ...headers } }));
  if (response.status !== 200) return undefined;
  return ((await response.json()) as { total_count: number }).total_count;
}

/** The API's first page of items (10 per page, as the search page), through the same handler. */
export async function apiItems(handler: Handler, kind: string, q: string, extra = '', headers: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const response = await handler(new Request(`${BASE}/search/${kind}?q=${encodeURIComponent(q)}&per_page=10${extra}`, { headers: { accept: PAGE_ACCEPT, ...headers } }));
  return ((await response.json()) as { items: Record<string, unknown>[] }).items;
}
