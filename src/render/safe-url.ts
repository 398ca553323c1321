/**
 * Which URLs from a record may be handed to a browser or the clipboard. A record's `html_url` is untrusted: as the
 * first argument of a Chromium browser `--remote-debugging-port=9222` is an option, `file:///etc/passwd` and
 * `javascript:` are not web pages, and a value spanning lines runs commands when pasted into a shell. Only an
 * absolute `https://` or `http://` URL with a host, made of printable ASCII-or-Unicode characters without
 * whitespace or controls, is opened or copied; it always starts with `http`, so no opener can read it as an option.
 */

/** The verdict on a URL: usable as is, or refused with the reason (for the footer). */
export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

/** Whitespace (any Unicode space or line/paragraph separator), C0/C1 controls, DEL, bidi controls. */
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

/** The longest URL opened or copied, in UTF-16 units (browsers cap theirs at 2 MB; links GitHub makes are short). */
export const URL_LIMIT = 8192;

/**
 * Check a URL before it is opened or copied (`o`, `y`, `--select`'s printed URL is made visible instead).
 * @returns `{ ok: true, url }` with the URL unchanged, or `{ ok: false, reason }`
 */
export function checkUrl(url: string): UrlCheck {
  if (url === '') return { ok: false, reason: 'the item has no URL' };
  if (url.length > URL_LIMIT) return { ok: false, reason: `the URL is longer than ${URL_LIMIT} characters` };
  if (FORBIDDEN.test(url)) return { ok: false, reason: 'the URL holds whitespace or control characters' };
  if (!/^https?:\/\//i.test(url)) return { ok: false, reason: 'only http:// and https:// URLs are opened' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'the URL is malformed' };
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') {
    return { ok: false, reason: 'only http:// and https:// URLs with a host are opened' };
  }
  return { ok: true, url };
}
