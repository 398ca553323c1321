/**
 * Conditional requests (reference §3.10): a weak ETag over the body and the media type, and the
 * `If-None-Match` test that turns a repeated request into `304 Not Modified`.
 */
import { createHash } from 'node:crypto';

/**
 * `W/"<sha256 hex>"` of the media type and body: equal bodies served under different media types (text-match
 * or not) get different tags.
 * @param body the exact response body (a string is hashed as its UTF-8 bytes: the same tag either way)
 * @param mediaType the `X-GitHub-Media-Type` value served with it
 */
export function etagFor(body: string | Uint8Array, mediaType: string): string {
  const hash = createHash('sha256').update(mediaType).update('\n').update(body).digest('hex');
  return `W/"${hash}"`;
}

/** The opaque part of an entity tag, without `W/` and quotes, for weak comparison (RFC 9110 §8.8.3.2). */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

/**
 * Does an `If-None-Match` header match `etag`? `*` matches anything; otherwise any listed tag that is weakly
 * equal (same opaque part, `W/` ignored). Undefined or empty header: no match.
 */
export function ifNoneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() !== '' && opaque(tag) === wanted);
}
