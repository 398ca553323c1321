import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateLimiter, UNLIMITED } from '../../src/server/rate-limiter.js';
import { createHandler } from '../../src/server/routes.js';
import { fakeSearch } from './fixtures/fake-search.js';

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RateLimiter', () => {
  it.each([
    ['search', true, 30],
    ['search', false, 10],
    ['code_search', true, 10],
    ['code_search', false, 10],
    ['core', false, 60],
  ] as const)('%s identified=%s allows %i per window', (resource, identified, limit) => {
    const c = clock();
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, c.now);
    for (let i = 1; i <= limit; i++) {
      const { allowed, state } = limiter.take('k', resource, identified);
      expect(allowed).toBe(true);
      expect(state).toMatchObject({ limit, used: i, remaining: limit - i, resource });
    }
    const refused = limiter.take('k', resource, identified);
    expect(refused.allowed).toBe(false);
    expect(refused.state).toMatchObject({ used: limit, remaining: 0 });
    expect(refused.state.reset).toBe(Math.ceil((c.now() + DEFAULT_RATE_LIMITS[resource].windowMs) / 1000));
    c.advance(DEFAULT_RATE_LIMITS[resource].windowMs);
    expect(limiter.take('k', resource, identified)).toMatchObject({ allowed: true, state: { used: 1 } });
  });

  it('keeps callers and resources apart, and refunds', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, clock().now);
    limiter.take('a', 'search', false);
    limiter.take('a', 'search', false);
    expect(limiter.take('b', 'search', false).state.used).toBe(1);
    expect(limiter.take('a', 'code_search', false).state.used).toBe(1);
    expect(limiter.refund('a', 'search', false).used).toBe(1);
    expect(limiter.peek('a', 'search', false).used).toBe(1);
  });
});

describe('rate limits through the handler', () => {
  const limits = {
    search: { identified: 3, anonymous: 2, windowMs: 60_000 },
    code_search: { identified: 1, anonymous: 1, windowMs: 60_000 },
    core: { identified: 5000, anonymous: 60, windowMs: 3_600_000 },
  };

  it('sends the five headers on every response, errors included, and 403s past the limit', async () => {
    const c = clock();
    const handle = createHandler({ search: fakeSearch(), rateLimit: limits, now: c.now });
    const get = (path: string, headers: Record<string, string> = {}) =>
      handle(new Request(`http://127.0.0.1:1${path}`, { headers }), { remoteAddress: '10.0.0.7' });
    const first = await get('/search/issues?q=');
    expect(first.status).toBe(422);
    expect(Object.fromEntries([...first.headers].filter(([name]) => name.startsWith('x-ratelimit')))).toEqual({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': String(Math.ceil((c.now() + 60_000) / 1000)),
      'x-ratelimit-used': '1',
      'x-ratelimit-resource': 'search',
    });
    expect((await get('/search/issues?q=x')).status).toBe(200);
    const refused = await get('/search/issues?q=x');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toEqual({
      message:
        "API rate limit exceeded for 10.0.0.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
      documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
    });
    const code = await get('/search/code?q=x');
    expect(code.headers.get('x-ratelimit-resource')).toBe('code_search');
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-resource')).toBe('core');
    c.advance(60_000);
    expect((await get('/search/issues?q=x')).status).toBe(200);
  });

  it('names the user id of an identified caller', async () => {
    const handle = createHandler({
      search: fakeSearch(),
      rateLimit: limits,
      auth: { users: [{ login: 'alice', id: 42, tokens: ['t'], read: [] }], apps: [] },
    });
    const get = () => handle(new Request('http://127.0.0.1:1/search/code?q=x', { headers: { authorization: 'token t' } }));
    expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'API rate limit exceeded for user ID 42.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      status: '403',
    });
  });

  // Issue #26 part 2, item 6: the headers on every response, also with --rate-limit off (a limit nobody reaches).
  it('never refuses with rateLimit: false, and still sends the headers', async () => {
    const handle = createHandler({ search: fakeSearch(), rateLimit: false });
    for (let i = 1; i <= 50; i++) {
      const response = await handle(new Request('http://127.0.0.1:1/search/issues?q=x'));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(UNLIMITED));
      expect(response.headers.get('x-ratelimit-used')).toBe(String(i));
    }
    for (const path of ['/nope', '/search/issues?q=', '/rate_limit', '/search/code?q=x']) {
      const response = await handle(new Request(`http://127.0.0.1:1${path}`));
      expect(response.headers.get('x-ratelimit-limit'), path).toBe(String(UNLIMITED));
    }
  });
});
