/**
 * The response cache's admission (src/server/response-cache.ts): every complete answer keeps its facts, its body
 * only from the key's second sight; the facts alone answer a HEAD and a matching `If-None-Match` exactly as the
 * whole answer did; which keys are held is what it was when every body was kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedLru } from '../../src/results/bounded-lru.js';
import { RateLimiter, DEFAULT_RATE_LIMITS, type RateResource } from '../../src/server/rate-limiter.js';
import { factsOf, hasBody, RESPONSE_CACHE_BYTES, RESPONSE_CACHE_ENTRIES, ResponseCache, type RenderedSearch } from '../../src/server/response-cache.js';
import { conditional, search, searchKind } from '../../src/server/steps/search.js';
import type { Context } from '../../src/server/chain.js';
import { fakeSearch } from './fixtures/fake-search.js';
import { contextFor, nextAnswering } from './helpers/context.js';

/** An answer whose body is `length` bytes (the body itself is never allocated that large: only its length counts). */
const answer = (length: number, tag = String(length)): RenderedSearch => ({
  body: Buffer.alloc(Math.min(length, 16)),
  etag: `W/"${tag}"`,
  mediaType: 'github.v3; format=json',
  page: 1,
  lastPage: 1,
  appliedPerPage: undefined,
  bodyLength: length,
});

describe('ResponseCache admission', () => {
  it('keeps the facts alone of a first sight, the body of a later one', () => {
    const cache = new ResponseCache();
    cache.keep('k', answer(10), false);
    const first = cache.get('k')!;
    expect(hasBody(first)).toBe(false);
    expect(first).toEqual(factsOf(answer(10)));
    cache.keep('k', answer(10), true);
    expect(hasBody(cache.get('k')!)).toBe(true);
  });

  it('holds the keys a cache of every body would hold, in the same order, and never more body bytes than its bound', () => {
    const op = fc.record({
      key: fc.integer({ min: 0, max: 40 }),
      length: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: RESPONSE_CACHE_BYTES / 64, max: RESPONSE_CACHE_BYTES / 3 })),
      seen: fc.boolean(),
      read: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 0, max: RESPONSE_CACHE_ENTRIES - 8 }), (ops, filler) => {
        const cache = new ResponseCache();
        const every = new BoundedLru<RenderedSearch>(RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_BYTES, (a) => a.body.length);
        // Entries that only take room, so the count bound is met too.
        for (let i = 0; i < filler; i++) {
          cache.keep(`f${i}`, answer(1), false);
          every.set(`f${i}`, { ...answer(1), body: Buffer.alloc(1) });
        }
        for (const { key, length, seen, read } of ops) {
          const k = `k${key}`;
          if (read) {
            expect(cache.get(k) !== undefined).toBe(every.get(k) !== undefined);
            continue;
          }
          cache.keep(k, answer(length), seen);
          every.set(k, { ...answer(length), body: { length } as Buffer });
        }
        const held = (lru: { get(key: string): unknown }, keys: readonly string[]) => keys.filter((k) => lru.get(k) !== undefined);
        const keys = [...Array.from({ length: filler }, (_, i) => `f${i}`), ...Array.from({ length: 41 }, (_, i) => `k${i}`)];
        expect(held(cache, keys)).toEqual(held(every, keys));
        expect(cache.size).toBe(every.size);
        let bodyBytes = 0;
        for (const k of keys) {
          const kept = cache.get(k);
          if (kept !== undefined && hasBody(kept)) bodyBytes += kept.bodyLength;
        }
        expect(bodyBytes).toBeLessThanOrEqual(RESPONSE_CACHE_BYTES);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the search step over facts alone', () => {
  const path = '/search/issues?q=x+count:50&per_page=10&page=2';
  const searchContext = (init: RequestInit = {}): Context => {
    const c = contextFor(path, init);
    c.kind = searchKind(c.url.pathname);
    c.resource = 'search' as RateResource;
    return c;
  };
  /** A server of one worker: conditional and search over one cache, counting against one limiter. */
  const server = () => {
    const core = fakeSearch();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => 0);
    const step = search({ search: core, maxResponseBytes: 1 << 20 });
    const guard = conditional(limiter);
    const run = async (c: Context) => {
      limiter.take(c.caller.key, 'search', false); // what the rate-limit step did before
      const response = await guard(c, () => step(c, nextAnswering(404)));
      return { response, body: await response.text(), headers: [...c.headers], used: limiter.peek(c.caller.key, 'search', false).used };
    };
    return { core, run };
  };

  it('answers a matching If-None-Match from the facts: a 304 with the headers, count and refund of one answered from a held body', async () => {
    const facts = server();
    const first = await facts.run(searchContext());
    const etag = first.response.headers.get('etag')!;
    const conditionalAfterOne = await facts.run(searchContext({ headers: { 'if-none-match': etag } }));
    expect(facts.core.calls).toHaveLength(1); // no search: the facts answered
    const held = server(); // the body held: two sights first
    await held.run(searchContext());
    await held.run(searchContext());
    const conditionalAfterTwo = await held.run(searchContext({ headers: { 'if-none-match': etag } }));
    expect(held.core.calls).toHaveLength(2);
    for (const got of [conditionalAfterOne, conditionalAfterTwo]) {
      expect(got.response.status).toBe(304);
      expect(got.body).toBe('');
    }
    // The same headers, names and values, but the counters (one search more before the second).
    const names = (h: ReadonlyArray<readonly [string, string]>) => h.map(([name]) => name);
    const values = (h: ReadonlyArray<readonly [string, string]>) => h.filter(([name]) => !/^x-ratelimit-(used|remaining)$/.test(name));
    expect(names(conditionalAfterOne.headers)).toEqual(names(conditionalAfterTwo.headers));
    expect(names(conditionalAfterOne.headers)).toContain('x-ratelimit-used');
    expect(values(conditionalAfterOne.headers)).toEqual(values(conditionalAfterTwo.headers));
    expect([conditionalAfterOne.used, conditionalAfterTwo.used]).toEqual([1, 2]); // refunded: a search saved each time
  });

  it('answers a HEAD from the facts with the body length, and searches for a tag that does not match', async () => {
    const { core, run } = server();
    const first = await run(searchContext());
    const head = await run(searchContext({ method: 'HEAD' }));
    expect(core.calls).toHaveLength(1);
    expect(head.response.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(first.body)));
    expect(head.headers).toEqual(first.headers);
    const other = await run(searchContext({ headers: { 'if-none-match': 'W/"other"' } }));
    expect(core.calls).toHaveLength(2);
    expect([other.response.status, other.body]).toEqual([200, first.body]);
  });
});
