/**
 * Issue #12, server defects: the GraphQL route (1), admission from arrival (6) and rotating made-up tokens (8).
 * Each reproduces the attack as reported; none measures time (the regexes are proven linear in
 * test/access/regex-linear.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { searchTypeProbe } from '../../src/server/graphql.js';
import { createHandler, type HandlerOptions } from '../../src/server/routes.js';
import { fakeSearch } from './fixtures/fake-search.js';

const BASE = 'http://api.github.localhost';

function handlerWith(overrides: Partial<HandlerOptions> = {}) {
  const handle = createHandler({ search: fakeSearch(), ...overrides });
  return (path: string, init: RequestInit = {}, remoteAddress = '10.0.0.1') => handle(new Request(BASE + path, init), { remoteAddress });
}

describe('defect 1: /graphql', () => {
  it.each([
    ['{ __type(name: "SearchType") { enumValues { name } } }', '__type'],
    ['query { SearchType: __type ( name : "SearchType" ) { enumValues { name } } }', 'SearchType'],
    ['{ t:__type(name:"SearchType") }', 't'],
    ['{ x__type(name: "SearchType") }', '__type'],
    ['{ a: __type__type(name: "SearchType") }', '__type'],
    ['{ __type(name: "Other") }', undefined],
    ['r'.repeat(200_000) + 'r__type(name:"SearchType")', '__type'],
  ])('finds the SearchType probe in %#', (query, alias) => {
    expect(searchTypeProbe(query)).toBe(alias);
  });

  it('is rate-limited like every other counted route (core quota)', async () => {
    const call = handlerWith({ rateLimit: { search: { identified: 30, anonymous: 10, windowMs: 60_000 }, code_search: { identified: 10, anonymous: 10, windowMs: 60_000 }, core: { identified: 5, anonymous: 2, windowMs: 60_000 } } });
    const post = () => call('/graphql', { method: 'POST', body: JSON.stringify({ query: '{ __type(name: "SearchType") { enumValues { name } } }' }) });
    expect((await post()).status).toBe(200);
    expect((await post()).headers.get('x-ratelimit-resource')).toBe('core');
    const third = await post();
    expect(third.status).toBe(403);
  });

  it('a 128 KB quadratic-regex attack body is answered (linear scan) and counted in flight', async () => {
    const body = JSON.stringify({ query: 'r'.repeat(128 * 1024) + 'r__type(name:"SearchType")' });
    const call = handlerWith({ rateLimit: false, maxInFlight: 1 });
    const [first, second] = await Promise.all([call('/graphql', { method: 'POST', body }), call('/graphql', { method: 'POST', body })]);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: Record<string, unknown> }).data).toHaveProperty('__type');
    expect(second.status).toBe(503);
  });
});

describe('defect 6: admission from arrival', () => {
  it('80 requests arriving together at max-in-flight 2: 2 answered, 78 get 503 with Retry-After and GitHub body', async () => {
    const call = handlerWith({ rateLimit: false, maxInFlight: 2 });
    const responses = await Promise.all(Array.from({ length: 80 }, (_, i) => call(`/search/issues?q=x${i}+count:3`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    const shed = responses.filter((r) => r.status === 503);
    expect(shed).toHaveLength(78);
    expect(shed[0]!.headers.get('retry-after')).toBe('1');
    expect(((await shed[0]!.json()) as { message: string }).message).toMatch(/^No server is currently available/);
    // Once the admitted ones are answered, new requests are admitted again.
    expect((await call('/search/issues?q=y+count:1')).status).toBe(200);
  });

  it('a request waiting behind a synchronous search counts from its arrival', async () => {
    let calls = 0;
    const blocking: HandlerOptions['search'] = async (request) => {
      calls++;
      const until = Date.now() + 30;
      while (Date.now() < until); // a search that never yields
      return fakeSearch()(request);
    };
    const call = handlerWith({ rateLimit: false, maxInFlight: 1, search: blocking });
    const [a, b] = await Promise.all([call('/search/issues?q=a+count:1'), call('/search/issues?q=b+count:1')]);
    expect([a.status, b.status]).toEqual([200, 503]);
    expect(calls).toBe(1);
  });
});

describe('defect 8: made-up credentials without an access file', () => {
  it('100 rotating tokens from one address share one identified window (30 × 200, then 403)', async () => {
    const call = handlerWith();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      statuses.push((await call(`/search/issues?q=x+count:1&n=${i}`, { headers: { authorization: `token made-up-${i}` } })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 403)).toHaveLength(70);
  });

  it('rotating basic-auth logins and client ids share the same window; another address has its own', async () => {
    const call = handlerWith();
    const basic = (i: number) => ({ authorization: `Basic ${Buffer.from(`user${i}:pw`).toString('base64')}` });
    for (let i = 0; i < 20; i++) expect((await call(`/search/issues?q=x+count:1&i=${i}`, { headers: basic(i) })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await call(`/search/issues?q=x+count:1&client_id=c${i}&client_secret=s`)).status).toBe(200);
    expect((await call('/search/issues?q=x+count:1&client_id=z&client_secret=s')).status).toBe(403);
    expect((await call('/search/issues?q=x+count:1', { headers: basic(99) }, '10.0.0.2')).status).toBe(200);
  });
});
