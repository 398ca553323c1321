/**
 * Accept-header negotiation for the search API (reference §3.5). Pure; used by both edges.
 */

/** What an Accept header asked for. */
export interface MediaOptions {
  /** `text-match` anywhere in an entry: add `text_matches` to every item. */
  readonly textMatch: boolean;
  /** `cloak-preview`: the historic commit-search preview. */
  readonly cloak: boolean;
  /** `mercy-preview`: the historic topics preview; also adds `topics` to repository items. */
  readonly mercy: boolean;
  /**
   * `extended-search-results`: extra item fields (topics: `aliases`, `related`, `repository_count`, `logo_url`;
   * code reference Part B §4, §6).
   */
  readonly extended: boolean;
}

/** No parameters: `application/vnd.github.v3+json` or no Accept header at all. */
export const PLAIN_MEDIA: MediaOptions = Object.freeze({ textMatch: false, cloak: false, mercy: false, extended: false });

/**
 * Parse an Accept header value. Entries are comma-separated; each may carry `q=` or other parameters, with or
 * without `v3.` and `+json` (`application/vnd.github.v3.text-match` is what Octokit sends for
 * `mediaType.format: "text-match"`). Detection is by substring over each entry's media range, case-insensitively.
 * @param accept the raw header value; undefined or empty means plain JSON
 */
export function parseAccept(accept: string | undefined): MediaOptions {
  if (!accept) return PLAIN_MEDIA;
  const ranges = accept
    .split(',')
    .map((entry) => (entry.split(';')[0] ?? '').trim().toLowerCase())
    .filter((range) => range.startsWith('application/vnd.github'));
  const has = (param: string) => ranges.some((range) => range.includes(param));
  return { textMatch: has('text-match'), cloak: has('cloak-preview'), mercy: has('mercy-preview'), extended: has('extended-search-results') };
}

/**
 * The `X-GitHub-Media-Type` response header: `github.v3; format=json`, or `github.v3; param=<p>; format=json`
 * when a parameter was requested (text-match wins over previews, which are not params).
 */
export function mediaTypeHeader(media: MediaOptions): string {
  return media.textMatch ? 'github.v3; param=text-match; format=json' : 'github.v3; format=json';
}
