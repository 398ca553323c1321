import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api-error.js';
import { RateLimiter, UNLIMITED, UNLIMITED_RATE_LIMITS, type RateLimits } from '../../../src/server/rate-limiter.js';
import { identify, RATE_LIMIT_HINT, rateLimit, rateLimitStatus } from '../../../src/server/steps/caller.js';
import { contextFor, nextAnswering, rateHeaders } from '../helpers/context.js';

const LIMITS: RateLimits = {
  search: { identified: 3, anonymous: 2, windowMs: 60_000 },
  code_search: { identified: 1, anonymous: 1, windowMs: 60_000 },
  core: { identified: 5, anonymous: 4, windowMs: 3_600_000 },
};
const NOW = 1_700_000_000_000;
const ACCESS = { users: [{ login: 'alice', id: 42, tokens: ['t'], read: [] }], apps: [] };

async function statusOf(promise: Promise<Response>): Promise<number> {
  try {
    return (await promise).status;
  } catch (error) {
    return (error as ApiError).status;
  }
}

describe('identify', () => {
  it.each([
    ['no credential', {}, 200, 'ip:10.0.0.7', undefined],
    ['a known token', { authorization: 'token t' }, 200, 'user:alice', undefined],
    ['an unknown token', { authorization: 'token nope' }, 401, 'ip:10.0.0.7', '1'],
    ['a malformed basic header', { authorization: 'Basic !!' }, 401, 'ip:10.0.0.7', '1'],
  ])('%s → %i as %s (counted: %s)', async (_name, headers, status, key, used) => {
    const c = contextFor('/search/issues?q=x', { headers }, { remoteAddress: '10.0.0.7' });
    const next = nextAnswering(200);
    expect(await statusOf(identify(ACCESS, new RateLimiter(LIMITS, () => NOW))(c, next))).toBe(status);
    expect(c.caller.key).toBe(key);
    expect(c.headers.get('x-ratelimit-used') ?? undefined).toBe(used);
  });
});

describe('rateLimit', () => {
  it.each([
    ['search', false, 2],
    ['search', true, 3],
    ['code_search', false, 1],
    ['core', false, 4],
  ] as const)('%s (identified %s) allows %i, then 403 with the hint', async (resource, identified, limit) => {
    const step = rateLimit(new RateLimiter(LIMITS, () => NOW));
    const context = () => {
      const c = contextFor('/search/issues?q=x', identified ? { headers: { authorization: 'token t' } } : {});
      c.resource = resource;
      if (identified) c.caller = { ...c.caller, key: 'user:alice', viewer: { ...c.caller.viewer, identified: true } };
      return c;
    };
    for (let i = 1; i <= limit; i++) {
      const c = context();
      expect(await statusOf(step(c, nextAnswering(200)))).toBe(200);
      expect(rateHeaders(c.headers)).toEqual({
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(limit - i),
        'x-ratelimit-used': String(i),
        'x-ratelimit-reset': String(Math.ceil((NOW + LIMITS[resource].windowMs) / 1000)),
        'x-ratelimit-resource': resource,
      });
    }
    const refused = context();
    const next = nextAnswering(200);
    expect(await statusOf(step(refused, next))).toBe(403);
    expect(next.calls).toBe(0);
    expect(refused.hint).toBe(RATE_LIMIT_HINT);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('with --rate-limit off: headers with a limit nobody reaches, never refused', async () => {
    const step = rateLimit(new RateLimiter(UNLIMITED_RATE_LIMITS, () => NOW));
    let c = contextFor('/');
    for (let i = 0; i < 100; i++) {
      c = contextFor('/');
      expect(await statusOf(step(c, nextAnswering(200)))).toBe(200);
    }
    expect(rateHeaders(c.headers)).toMatchObject({ 'x-ratelimit-limit': String(UNLIMITED), 'x-ratelimit-used': '100' });
  });
});

describe('rateLimitStatus', () => {
  it('reports every window without counting, with the core headers', async () => {
    const limiter = new RateLimiter(LIMITS, () => NOW);
    limiter.take('ip:127.0.0.1', 'search', false);
    const c = contextFor('/rate_limit');
    const response = await rateLimitStatus(limiter)(c, nextAnswering(404));
    const body = (await response.json()) as { resources: Record<string, { limit: number; used: number }>; rate: unknown };
    expect(body.resources).toMatchObject({ core: { limit: 4, used: 0 }, search: { limit: 2, used: 1 }, code_search: { limit: 1, used: 0 } });
    expect(body.rate).toEqual(body.resources['core']);
    expect(rateHeaders(c.headers)).toMatchObject({ 'x-ratelimit-resource': 'core', 'x-ratelimit-used': '0' });
    expect(limiter.peek('ip:127.0.0.1', 'search', false).used).toBe(1);
  });
});
