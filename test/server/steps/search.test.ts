import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api-error.js';
import type { Kind } from '../../../src/kinds/kind.js';
import { RateLimiter, DEFAULT_RATE_LIMITS, UNLIMITED_RATE_LIMITS, type RateResource } from '../../../src/server/rate-limiter.js';
import { ResponseCache } from '../../../src/server/response-cache.js';
import { answerRateQuestions, SharedRateCounter } from '../../../src/server/shared-rate-limiter.js';
import { rateLimit } from '../../../src/server/steps/caller.js';
import { apiVersion, askAhead, classify, conditional, search, searchKind } from '../../../src/server/steps/search.js';
import type { Context } from '../../../src/server/chain.js';
import { answerRelay, workerAnswerExchange } from '../../../src/server/shared-answers.js';
import { identifyCaller } from '../../../src/server/identify.js';
import { fakeSearch } from '../fixtures/fake-search.js';
import { contextFor, nextAnswering } from '../helpers/context.js';

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (error) {
    return (error as ApiError).status;
  }
}

describe('searchKind and classify', () => {
  it.each([
    ['/search/issues', 'issues', 'search'],
    ['/api/v3/search/code', 'code', 'code_search'],
    ['/search/commits', 'commits', 'search'],
    ['/search/labels', 'labels', 'search'],
    ['/search/pulls', undefined, 'core'],
    ['/search/issues/', undefined, 'core'],
    ['/search/Issues', undefined, 'core'],
    ['/rate_limit', undefined, 'core'],
    ['/', undefined, 'core'],
  ] as const)('%s → kind %s, window %s (from the kind table)', async (path, kind, resource) => {
    expect(searchKind(path)).toBe(kind);
    const c = contextFor(path);
    await classify(c, nextAnswering());
    expect(c.kind).toBe(kind);
    expect(c.resource).toBe(resource);
  });
});

describe('apiVersion', () => {
  it.each([
    ['issues', undefined, 200, '2022-11-28'],
    ['issues', '2026-03-10', 200, '2026-03-10'],
    ['issues', ' 2022-11-28 ', 200, '2022-11-28'],
    ['issues', '2020-01-01', 400, null],
    ['code', '2020-01-01', 200, null],
    ['code', undefined, 200, null],
  ] as const)('%s with X-GitHub-Api-Version %s → %i, selected %s', async (kind, version, status, selected) => {
    const c = contextFor(`/search/${kind}?q=x`, version ? { headers: { 'x-github-api-version': version } } : {});
    c.kind = kind as Kind;
    expect(await statusOf(apiVersion(c, nextAnswering()))).toBe(status);
    expect(c.headers.get('x-github-api-version-selected')).toBe(selected);
  });
});

describe('conditional requests (issue #21, item 4: a search that runs is counted)', () => {
  const etag = 'W/"abc"';
  it.each([
    ['no If-None-Match', undefined, false, 200, 1],
    ['a matching tag, answered from the cache', etag, true, 304, 0],
    ['a matching tag, the search ran', etag, false, 304, 1],
    ['*, answered from the cache', '*', true, 304, 1],
    ['*, the search ran', '*', false, 304, 1],
    ['another tag', 'W/"other"', false, 200, 1],
    ['a list holding the tag', `W/"x", ${etag}`, true, 304, 0],
  ])('%s → %s, %s counted', async (_name, header, fromCache, status, used) => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => 0);
    const c = contextFor('/search/issues?q=x', header ? { headers: { 'if-none-match': header } } : {});
    c.resource = 'search' as RateResource;
    limiter.take(c.caller.key, 'search', false); // what the rate-limit step did before
    const response = await conditional(limiter)(c, async () => {
      c.answer = { bodyLength: 2, etag, mediaType: 'github.v3; format=json', page: 1, lastPage: 1, appliedPerPage: undefined, fromCache };
      c.headers.set('content-length', '2');
      return new Response('{}', { status: 200 });
    });
    expect(response.status).toBe(status);
    if (status === 304) expect(c.headers.get('content-length')).toBeNull();
    expect(limiter.peek(c.caller.key, 'search', false).used).toBe(used);
  });
});

describe('search', () => {
  const searchContext = (path: string, init: RequestInit = {}): Context => {
    const c = contextFor(path, init);
    c.kind = searchKind(c.url.pathname);
    return c;
  };

  it('answers from the core on the first two sights (the second keeps the body), then from the cache, with the same headers', async () => {
    const core = fakeSearch();
    const step = search({ search: core, maxResponseBytes: 1 << 20 });
    const first = searchContext('/search/issues?q=x+count:50&per_page=10');
    const body = await (await step(first, nextAnswering(404))).text();
    const second = searchContext('/search/issues?q=x+count:50&per_page=10');
    expect(await (await step(second, nextAnswering(404))).text()).toBe(body);
    expect(core.calls).toHaveLength(2);
    const third = searchContext('/search/issues?q=x+count:50&per_page=10');
    expect(await (await step(third, nextAnswering(404))).text()).toBe(body);
    expect(core.calls).toHaveLength(2);
    expect([first, second, third].map((c) => c.answer?.fromCache)).toEqual([false, false, true]);
    for (const c of [second, third]) for (const name of ['etag', 'link', 'x-github-media-type']) expect(c.headers.get(name)).toBe(first.headers.get(name));
  });

  it('keys cached answers by whose they are: every anonymous address shares one, each open login its own (@me)', async () => {
    const core = fakeSearch();
    const step = search({ search: core, maxResponseBytes: 1 << 20 });
    const path = '/search/issues?q=x+count:5+author:@me';
    const asked = async (remoteAddress: string, user?: string) => {
      const init = user === undefined ? {} : { headers: { authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` } };
      const c = contextFor(path, init, { remoteAddress });
      c.kind = searchKind(c.url.pathname);
      c.caller = identifyCaller(c.request, undefined, remoteAddress, c.url);
      await step(c, nextAnswering(404));
      return c.answer?.fromCache;
    };
    // A body is kept from a key's second sight: the third is answered from the cache only when all three share it.
    expect([await asked('10.0.0.1'), await asked('10.0.0.2'), await asked('10.0.0.2')]).toEqual([false, false, true]);
    // Without an access file, alice and bob at one address share a rate-limit window, not an answer: @me differs.
    const logins = ['alice', 'bob', 'alice', 'alice'];
    const fromCache = [];
    for (const login of logins) fromCache.push(await asked('10.0.0.3', login));
    expect(fromCache).toEqual([false, false, false, true]);
    expect(core.calls.map((r) => r.viewer?.login)).toEqual([undefined, undefined, 'alice', 'bob', 'alice']);
  });

  it("answers from another worker's cache (serve --workers N) without calling the core, byte for byte", async () => {
    const relay = answerRelay();
    const worker = () => {
      const toPrimary = new EventEmitter();
      const toWorker = new EventEmitter();
      const deliver = (to: EventEmitter) => (message: unknown) => void setImmediate(() => to.emit('message', structuredClone(message)));
      relay.join({ send: deliver(toWorker), on: (event, listener) => toPrimary.on(event, listener) });
      const core = fakeSearch();
      const exchange = workerAnswerExchange({ send: deliver(toPrimary), on: (event, listener) => toWorker.on(event, listener) });
      return { core, step: search({ search: core, maxResponseBytes: 1 << 20, answers: exchange }) };
    };
    const [a, b] = [worker(), worker()];
    const path = '/search/issues?q=x+count:50&per_page=10&page=2';
    const first = searchContext(path);
    const body = await (await a.step(first, nextAnswering(404))).text();
    await new Promise((resolve) => setImmediate(resolve)); // a's notice reaches the primary
    // a kept the facts alone (a first sight): b is given them, so searches, and keeps the body (a second sight).
    const second = searchContext(path);
    expect(await (await b.step(second, nextAnswering(404))).text()).toBe(body);
    expect([a.core.calls.length, b.core.calls.length, second.answer?.fromCache]).toEqual([1, 1, false]);
    const again = searchContext(path);
    expect(await (await a.step(again, nextAnswering(404))).text()).toBe(body);
    expect([a.core.calls.length, b.core.calls.length]).toEqual([1, 1]);
    expect([first.answer?.fromCache, again.answer?.fromCache]).toEqual([false, true]);
    for (const name of ['etag', 'link', 'x-github-media-type']) expect(again.headers.get(name)).toBe(first.headers.get(name));
    // Another request (another caller's key) is searched by the worker it reached.
    await b.step(searchContext('/search/issues?q=y+count:5'), nextAnswering(404));
    expect(b.core.calls).toHaveLength(2);
  });

  it('asks ahead on the rate-limit count (askAhead): one message to the primary per never-seen request, hits relayed', async () => {
    const relay = answerRelay();
    const limiter = new RateLimiter(UNLIMITED_RATE_LIMITS);
    const worker = () => {
      const toPrimary = new EventEmitter();
      const toWorker = new EventEmitter();
      const sent: Array<{ type?: string }> = [];
      const deliver = (to: EventEmitter, log?: unknown[]) => (message: unknown) => {
        log?.push(message);
        setImmediate(() => to.emit('message', structuredClone(message)));
      };
      const primarySide = { send: deliver(toWorker), on: (event: 'message', listener: (m: unknown) => void) => toPrimary.on(event, listener) };
      const workerSide = { send: deliver(toPrimary, sent), on: (event: 'message', listener: (m: unknown) => void) => toWorker.on(event, listener) };
      relay.join(primarySide);
      answerRateQuestions(primarySide, limiter, (question) => relay.ask(primarySide, question));
      const core = fakeSearch();
      const options = { search: core, maxResponseBytes: 1 << 20, answers: workerAnswerExchange(workerSide), responses: new ResponseCache() };
      const count = rateLimit(new SharedRateCounter(workerSide), askAhead(options));
      const step = search(options);
      return { core, sent, run: (c: Context) => count(c, () => step(c, nextAnswering(404))) };
    };
    const [a, b] = [worker(), worker()];
    const path = '/search/issues?q=x+count:50&per_page=10&page=2';
    const body = await (await a.run(searchContext(path))).text();
    expect(a.sent.map((m) => m.type)).toEqual(['rate']); // the never-seen request: its count carried the question
    // The second sight: a's facts relayed (a body is kept from the second sight), b searches and keeps the body.
    const second = searchContext(path);
    expect(await (await b.run(second)).text()).toBe(body);
    expect([a.core.calls.length, b.core.calls.length, second.answer?.fromCache]).toEqual([1, 1, false]);
    const again = searchContext(path);
    expect(await (await a.run(again)).text()).toBe(body);
    expect([a.core.calls.length, b.core.calls.length, again.answer?.fromCache]).toEqual([1, 1, true]);
    // a gave its facts to b's question ('answer'); its own question rode on the count again.
    expect(a.sent.map((m) => m.type)).toEqual(['rate', 'answer', 'rate']);
    expect((a.sent.at(-1) as { answer?: unknown }).answer).toBeDefined();
    // Held here now: no question is carried, and the answer is this worker's own.
    const fourth = searchContext(path);
    await a.run(fourth);
    expect((a.sent.at(-1) as { answer?: unknown }).answer).toBeUndefined();
    expect([a.core.calls.length, fourth.answer?.fromCache]).toEqual([1, true]);
  });

  it.each([
    ['code', 'applied per_page in Link', '/search/code?q=x+count:500&per_page=500', 'per_page=100'],
    ['issues', "the client's per_page in Link", '/search/issues?q=x+count:500&per_page=500', 'per_page=500'],
  ])('%s: %s (kind table)', async (_kind, _name, path, expected) => {
    const core = fakeSearch();
    const c = searchContext(path);
    await search({ search: core, maxResponseBytes: 1 << 20 })(c, nextAnswering(404));
    expect(c.headers.get('link')).toContain(expected);
  });

  // Issue #21, item 12: a page too large to send is a clear error, never a crash nor a partial body.
  it.each([
    ['over the configured limit', 100, undefined],
    ['over what one string can hold', 1 << 20, new RangeError('Invalid string length')],
  ])('a page %s → 500 saying so', async (_name, limit, thrown) => {
    const core = fakeSearch();
    const huge = async (request: Parameters<typeof core>[0]) => {
      const result = await core(request);
      if (!thrown) return result;
      // The page's bytes cannot be put together (Buffer.concat past what one buffer can hold).
      const page = { ...result.page };
      Object.defineProperty(page, 'items', { enumerable: true, get: () => { throw thrown; } });
      return { ...result, page } as typeof result;
    };
    const c = searchContext('/search/issues?q=x+count:10');
    const error = await search({ search: huge, maxResponseBytes: limit })(c, nextAnswering(404)).then(
      () => undefined,
      (e: ApiError) => e,
    );
    expect(error?.status).toBe(500);
    expect(error?.body.message).toMatch(/^The response is too large: .*per_page/);
  });
});
