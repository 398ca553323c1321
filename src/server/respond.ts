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

/** The headers every response carries whatever the request (reference §3.8), as name–value pairs. */
const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['cache-control', 'no-cache'],
  ['vary', 'Accept, Accept-Encoding, Authorization'],
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', EXPOSED_HEADERS],
  ['x-content-type-options', 'nosniff'],
];

/**
 * Set the headers on every response, before the route adds its own (rate limits, Link, ETag, API version).
 * @param headers the response headers so far
 * @param mediaType the `X-GitHub-Media-Type` value for the request's Accept header
 * @param requestId the `X-GitHub-Request-Id` value
 */
export function setBaseHeaders(headers: Headers, mediaType: string, requestId: string): void {
  for (const [name, value] of FIXED_HEADERS) headers.set(name, value);
  headers.set('x-github-media-type', mediaType);
  headers.set('x-github-request-id', requestId);
}

/**
 * A response with a JSON body (already serialised; a Buffer holds its UTF-8 bytes; a number is the length of a
 * body not at hand, only with `head`). For HEAD the body is dropped but `Content-Length` still gives the GET
 * body's length; 304 never has a body.
 * @throws TypeError a body length without `head`
 */
export function jsonResponse(status: number, body: string | Buffer | number, headers: Headers, head: boolean): Response {
  if (status === 304) return new Response(null, { status, headers });
  if (typeof body === 'number' && !head) throw new TypeError('a response without its body answers only a HEAD');
  headers.set('content-type', JSON_CONTENT_TYPE);
  const length = typeof body === 'number' ? body : typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  headers.set('content-length', String(length));
  if (head || typeof body !== 'object') return new Response(head ? null : String(body), { status, headers });
  return new BytesResponse(body, status, headers);
}

/**
 * A Fetch Response over `bytes` without the copy `new Response(bytes)` makes (undici clones a byte body), its
 * headers the `Headers` the steps filled (not copied into another): the
 * node adapter writes `bytes` itself ({@link rawBodyOf}); in-process readers (`text()`, `json()`,
 * `arrayBuffer()`, `body`) get the same bytes. A subclass, so a response costs one object, not a set of closures
 * defined on each (a busy server makes one per request).
 */
class BytesResponse extends Response {
  readonly #bytes: Buffer;
  readonly #headers: Headers;
  #used = false;

  /** @param headers the response's headers, taken as they are (not copied and checked again into another Headers) */
  constructor(bytes: Buffer, status: number, headers: Headers) {
    super(null, { status });
    this.#bytes = bytes;
    this.#headers = headers;
  }

  /** The headers given (what `headers` reads). */
  get given(): Headers {
    return this.#headers;
  }

  /** The bytes, for the node adapter (the body stays unread). */
  get raw(): Buffer {
    return this.#bytes;
  }

  /** Whether a reader took the bytes. */
  get used(): boolean {
    return this.#used;
  }

  /** The bytes for one reader (a second read throws, as a Fetch body does). */
  take(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }
}

// The Fetch readers, once on the prototype (the DOM typings declare them as properties, so not as class members).
Object.defineProperties(BytesResponse.prototype, {
  headers: {
    get(this: BytesResponse) {
      return this.given;
    },
  },
  bodyUsed: {
    get(this: BytesResponse) {
      return this.used;
    },
  },
  body: {
    get(this: BytesResponse) {
      return new Blob([this.raw]).stream();
    },
  },
  arrayBuffer: {
    value: async function (this: BytesResponse) {
      return new Uint8Array(this.take()).buffer;
    },
  },
  text: {
    value: async function (this: BytesResponse) {
      return this.take().toString('utf8');
    },
  },
  json: {
    value: async function (this: BytesResponse) {
      return JSON.parse(this.take().toString('utf8')) as unknown;
    },
  },
});

/**
 * The bytes of a response built by {@link jsonResponse} from a Buffer, or undefined (read `response.body`
 * then). The response's own body stream is left unread.
 */
export function rawBodyOf(response: Response): Buffer | undefined {
  return response instanceof BytesResponse ? response.raw : undefined;
}

/** An {@link ApiError} as GitHub answers it: its status and its body, serialised by the one serialiser. */
export function errorResponse(error: ApiError, headers: Headers, head: boolean): Response {
  return jsonResponse(error.status, renderJson(error.body), headers, head);
}
