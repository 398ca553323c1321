/**
 * The request chain, in the manner of hono's middleware: a request is handed down a list of small steps, each
 * `(c, next) => Response`. A step either answers (returns a Response of its own), or calls `next()` and may look
 * at or replace what comes back. The list itself lives in routes.ts, in one place; this file is only the machinery.
 */
import type { Kind } from '../kinds/kind.js';
import type { Caller } from './identify.js';
import type { RateResource } from './rate-limiter.js';
import type { RequestHead } from './request-head.js';
import type { AnswerFacts } from './response-cache.js';
import type { AnswerQuestion } from './shared-answers.js';

/** Transport facts the Fetch `Request` cannot carry. */
export interface ConnectionInfo {
  /** The client's address (names anonymous callers in rate-limit messages); default `127.0.0.1`. */
  readonly remoteAddress?: string | undefined;
  /**
   * The request target or `Host` was not a usable URL (credentials in it, `*`, bytes that are no host): the URL
   * of the request is then the server's own with the target's path, and the chain answers 400 (listen.ts).
   */
  readonly malformed?: boolean | undefined;
  /** The request's URL already parsed (listen.ts; the same as `request.url`), so the chain does not parse it again. */
  readonly url?: URL | undefined;
}

/** What the steps of one request share: the request, the response headers so far, and what steps found out. */
export interface Context {
  /** A Fetch `Request`, or what the chain reads of one (a GET or HEAD from listen.ts: request-head.ts). */
  readonly request: RequestHead;
  readonly url: URL;
  /** HEAD: answered like GET without a body. */
  readonly head: boolean;
  readonly connection: ConnectionInfo;
  /** The client's address (`127.0.0.1` when the transport gave none). */
  readonly remoteAddress: string;
  /** Headers every answer of this request carries; steps add theirs (rate limits, ETag, Link, media type). */
  readonly headers: Headers;
  /** Who is calling (anonymous until the identify step). */
  caller: Caller;
  /** The window this request counts against (`core` unless a route says otherwise). */
  resource: RateResource;
  /** The kind of a `/search/<kind>` request. */
  kind?: Kind | undefined;
  /**
   * The question for another worker's answer that the rate-limit count carried (`serve --workers N`, a search whose
   * answer this worker's cache did not hold then); the search step awaits its answer.
   */
  relay?: AnswerQuestion | undefined;
  /** The search answer's facts (its body too when held), once the search step has it. */
  answer?: (AnswerFacts & { readonly fromCache: boolean }) | undefined;
  /** Which flag changes a refusal (the log line carries it: a 403 past the rate limit, a 415 without a preview). */
  hint?: string | undefined;
}

/** What a step calls to hand the request to the rest of the chain. */
export type Next = () => Promise<Response>;

/** One step of the chain. */
export type Step = (c: Context, next: Next) => Promise<Response>;

/** Run `steps` in order; the last step must answer (calling `next` past it is a programming error). */
export function compose(steps: readonly Step[]): (c: Context) => Promise<Response> {
  const run = (c: Context, i: number): Promise<Response> => {
    const step = steps[i];
    if (step === undefined) return Promise.reject(new Error('the request chain ended without an answer'));
    return step(c, () => run(c, i + 1));
  };
  return (c) => run(c, 0);
}

/**
 * A route: when `match(c)` holds, `steps` answer the request (they end the chain); otherwise the request goes on
 * to the next step. Route groups (the API's, the web page's) are each one such step in the list.
 */
export function route(match: (c: Context) => boolean, ...steps: readonly Step[]): Step {
  const chain = compose(steps);
  return (c, next) => (match(c) ? chain(c) : next());
}

/**
 * A route group written as a plain function `(request) => Response | undefined` (undefined: not mine), as one step:
 * the way a handler that knows nothing of the chain plugs in (the web page, src/web/).
 */
export function fromHandler(handler: (request: RequestHead, c: Context) => Promise<Response | undefined> | Response | undefined): Step {
  return async (c, next) => (await handler(c.request, c)) ?? next();
}
