/**
 * The steps that concern the caller: who it is (identify), counting its request against its window (rate limit,
 * with the `X-RateLimit-*` headers on every answer), and `GET /rate_limit`, which reports the windows uncounted.
 */
import * as errors from '../../api-error.js';
import { renderJson } from '../../envelope/envelope.js';
import type { Context, Step } from '../chain.js';
import { identifyCaller } from '../identify.js';
import type { AccessFile } from '../access-file.js';
import { rateLimitHeaders, type RateCounter, type RateResource, type RateTake } from '../rate-limiter.js';
import { jsonResponse } from '../respond.js';
import type { AnswerQuestion } from '../shared-answers.js';

/**
 * Count one request of `c`'s caller against `c.resource`, setting the five headers; false past the quota.
 * @param question carried by the count (settled with whether the counter relayed it)
 */
async function count(counter: RateCounter, c: Context, question?: AnswerQuestion): Promise<boolean> {
  let taken: RateTake | undefined;
  try {
    taken = await counter.take(c.caller.key, c.resource, c.caller.viewer.identified, question?.carried);
  } finally {
    question?.settle(taken?.relayed === true);
  }
  const { allowed, state } = taken;
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) c.headers.set(name, value);
  return allowed;
}

/**
 * Identify the caller from its credentials (identify.ts). Credentials that do not identify count against the
 * anonymous caller's window, as any request does, then get 401 "Bad credentials".
 */
export function identify(access: AccessFile | undefined, counter: RateCounter): Step {
  return async (c, next) => {
    try {
      c.caller = identifyCaller(c.request, access, c.remoteAddress, c.url);
    } catch (error) {
      await count(counter, c);
      throw error;
    }
    return next();
  };
}

/** The log hint of a 403 past the rate limit: the flags that change it. */
export const RATE_LIMIT_HINT = 'rate limit exceeded: --rate-limit off, or a higher --search-rate-anonymous/--search-rate/--code-search-rate N';

/**
 * Count the request against the caller's window of `c.resource`; 403 with GitHub's body past the quota.
 * @param ask the question for another worker's answer this request's count carries, if any (steps/search.ts's
 *   `askAhead`: `serve --workers N`); it is left in `c.relay`
 */
export function rateLimit(counter: RateCounter, ask?: (c: Context) => AnswerQuestion | undefined): Step {
  return async (c, next) => {
    const question = ask?.(c);
    if (await count(counter, c, question)) return next();
    c.hint = RATE_LIMIT_HINT;
    throw errors.rateLimitExceeded(c.caller.viewer.identified, c.caller.who);
  };
}

/** `GET /rate_limit`: the caller's windows, not counted (reference §3.8); answers the request. */
export function rateLimitStatus(counter: RateCounter): Step {
  return async (c) => {
    const state = async (resource: RateResource) => {
      const { limit, used, remaining, reset } = await counter.peek(c.caller.key, resource, c.caller.viewer.identified);
      return { limit, used, remaining, reset };
    };
    const core = await state('core');
    const peeked = await counter.peek(c.caller.key, 'core', c.caller.viewer.identified);
    for (const [name, value] of Object.entries(rateLimitHeaders(peeked))) c.headers.set(name, value);
    const body = { resources: { core, search: await state('search'), code_search: await state('code_search') }, rate: core };
    return jsonResponse(200, renderJson(body), c.headers, c.head);
  };
}
