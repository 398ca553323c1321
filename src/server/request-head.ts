/**
 * What the request chain reads of a request, and the form a GET or HEAD takes on its way in. Building a Fetch
 * `Request` costs a parse of its URL, an `AbortSignal` and a body state per request, none of which the chain reads
 * for a request without a body; listen.ts builds the full `Request` only for the methods that may carry one.
 */

/**
 * The part of a Fetch `Request` the chain and the routes plugged into it read: method, absolute URL, headers and
 * the body as text. A Fetch `Request` is one; so is {@link bodilessRequest}'s answer.
 */
export type RequestHead = Pick<Request, 'method' | 'url' | 'headers' | 'text'>;

/** A GET or HEAD as the chain sees it (see {@link bodilessRequest}). */
class BodilessRequest implements RequestHead {
  readonly method: 'GET' | 'HEAD';
  readonly url: string;
  readonly headers: Headers;

  constructor(method: 'GET' | 'HEAD', url: string, headers: Headers) {
    this.method = method;
    this.url = url;
    this.headers = headers;
  }

  /** A GET or HEAD has no body: the empty text, as a Fetch `Request` of these methods gives. */
  text(): Promise<string> {
    return Promise.resolve('');
  }
}

/**
 * A GET or HEAD request without the Fetch `Request` around it: the same method, `url` (the parsed URL's `href`,
 * which is what `new Request(url).url` gives) and headers (given as built: a `Headers` from the raw pairs combines
 * and validates them exactly as the `Request` constructor does, and throws the same `TypeError` for a pair it refuses).
 * @param method `GET` or `HEAD`, as node's parser reports it (upper case)
 * @param url the request's absolute URL
 * @param headers the request's headers
 */
export function bodilessRequest(method: 'GET' | 'HEAD', url: URL, headers: Headers): RequestHead {
  return new BodilessRequest(method, url.href, headers);
}
