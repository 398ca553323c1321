/**
 * The `Link` pagination header (reference §3.3): absolute URLs built from the request, `rel` in GitHub's order
 * prev, next, last, first; omitted when everything fits on one page. Clients depend on its exact form: gh pulls
 * the page number out with `(\?|&)page=(\d*)`, octokit follows the `rel="next"` URL verbatim.
 */

/**
 * Form-encode one query component the way GitHub re-encodes `q` in its links: letters, digits and `-._~` stay,
 * spaces become `+`, everything else is `%XX` (upper-case hex of the UTF-8 bytes), e.g. `:` → `%3A`, `>` → `%3E`.
 */
export function formEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** What the link builder needs besides the request URL. */
export interface LinkPaging {
  /** The page that was served (1-based, after absorption of bad values). */
  readonly page: number;
  /** The last page a client may request (already capped by the 1000-result window), at least 1. */
  readonly lastPage: number;
  /**
   * When set, a `per_page` the client sent is rewritten to this applied value (code search writes the clamped
   * value; the other endpoints echo the client's own, reference §3.3).
   */
  readonly appliedPerPage?: number | undefined;
}

/**
 * The same URL with `page` set to `page`: replaced where the client put it (later duplicates dropped), else
 * appended; every other parameter keeps its place and is re-encoded with {@link formEncode}.
 */
export function pageUrl(url: URL, page: number, appliedPerPage?: number): string {
  const parts: string[] = [];
  let pageDone = false;
  let perPageDone = false;
  // Decoded exactly as the request's own parameters were (URLSearchParams: each valid escape decoded, a malformed
  // one kept literally), so every link searches the query this page answered (issue #21, item 10).
  for (const [key, decoded] of url.searchParams) {
    let value = decoded;
    if (key === 'page') {
      if (pageDone) continue;
      pageDone = true;
      value = String(page);
    } else if (key === 'per_page' && appliedPerPage !== undefined) {
      if (perPageDone) continue;
      perPageDone = true;
      value = String(appliedPerPage);
    }
    parts.push(`${formEncode(key)}=${formEncode(value)}`);
  }
  if (!pageDone) parts.push(`page=${page}`);
  return `${url.origin}${url.pathname}?${parts.join('&')}`;
}

/**
 * The `Link` header value for a served page, or undefined when there is nothing to link (a single page).
 * On page 1 only `next` and `last`; on the last page only `prev` and `first`; in between all four.
 * @param url the request URL as the client sent it (absolute: scheme and host come from it)
 */
export function linkHeader(url: URL, paging: LinkPaging): string | undefined {
  const { page, lastPage, appliedPerPage } = paging;
  const links: string[] = [];
  const add = (target: number, rel: string) => links.push(`<${pageUrl(url, target, appliedPerPage)}>; rel="${rel}"`);
  if (page > 1) add(page - 1, 'prev');
  if (page < lastPage) {
    add(page + 1, 'next');
    add(lastPage, 'last');
  }
  if (page > 1) add(1, 'first');
  return links.length === 0 ? undefined : links.join(', ');
}
