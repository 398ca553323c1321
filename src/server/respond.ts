/**
 * Building Fetch `Response`s the way GitHub's edge does: JSON bodies as `application/json; charset=utf-8`,
 * the headers every response carries (reference §3.8), and HEAD answered like GET without a body.
 */
import { renderJson } from '../envelope/envelope.js';
import type { ApiError } from '../api-error.js';

/** `Access-Control-Expose-Headers` as GitHub sends it. */
const EXPOSED_HEADERS =
  'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, ' +
  'X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, ' +
  'X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset';

/** The JSON content type of every body (octokit parses bodies only for exactly `application/json`, §3.1). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Headers on every response, before the route adds its own (rate limits, Link, ETag, API version).
 * @param mediaType the `X-GitHub-Media-Type` value for the request's Accept header
 * @param requestId the `X-GitHub-Request-Id` value
 */
export function baseHeaders(mediaType: string, requestId: string): Headers {
  return new Headers({
    'cache-control': 'no-cache',
    vary: 'Accept, Accept-Encoding, Authorization',
    'x-github-media-type': mediaType,
    'x-github-request-id': requestId,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    'x-content-type-options': 'nosniff',
  });
}

/**
 * A response with a JSON body (already serialised; a Buffer holds its UTF-8 bytes). For HEAD the body is dropped but `Content-Length` still
 * gives the GET body's length; 304 never has a body.
 */
export function jsonResponse(status: number, body: string | Buffer, headers: Headers, head: boolean): Response {
  if (status === 304) return new Response(null, { status, headers });
  headers.set('content-type', JSON_CONTENT_TYPE);
  headers.set('content-length', String(typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length));
  if (head || typeof body === 'string') return new Response(head ? null : body, { status, headers });
  const response = bytesResponse(body, { status, headers });
  rawBodies.set(response, body);
  return response;
}

/**
 * A Fetch Response over `bytes` without the copy `new Response(bytes)` makes (undici clones a byte body): the
 * node adapter writes `bytes` itself ({@link rawBodyOf}); in-process readers (`text()`, `json()`,
 * `arrayBuffer()`, `body`) get the same bytes.
 */
function bytesResponse(bytes: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  let used = false;
  const take = (): Buffer => {
    if (used) throw new TypeError('Body is unusable: Body has already been read');
    used = true;
    return bytes;
  };
  Object.defineProperties(response, {
    bodyUsed: { get: () => used },
    body: { get: () => new Blob([bytes]).stream() },
    arrayBuffer: { value: async () => new Uint8Array(take()).buffer },
    text: { value: async () => take().toString('utf8') },
    json: { value: async () => JSON.parse(take().toString('utf8')) as unknown },
  });
  return response;
}

/** Buffer bodies by response, so the node adapter writes them without reading the Fetch body stream. */
const rawBodies = new WeakMap<Response, Buffer>();

/**
 * The bytes of a response built by {@link jsonResponse} from a Buffer, or undefined (read `response.body`
 * then). The response's own body stream is left unread.
 */
export function rawBodyOf(response: Response): Buffer | undefined {
  return rawBodies.get(response);
}

/** An {@link ApiError} as GitHub answers it: its status and its body, serialised by the one serialiser. */
export function errorResponse(error: ApiError, headers: Headers, head: boolean): Response {
  return jsonResponse(error.status, renderJson(error.body), headers, head);
}
