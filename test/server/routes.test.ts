import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/envelope/envelope.js';
import { createHandler, type HandlerOptions } from '../../src/server/routes.js';
import { fakeSearch, PRIVATE_REPO } from './fixtures/fake-search.js';

const BASE = 'http://api.github.localhost';

function handlerWith(overrides: Partial<HandlerOptions> = {}) {
  const search = fakeSearch();
  const handle = createHandler({ search, rateLimit: false, ...overrides });
  const call = (path: string, init: RequestInit = {}) => handle(new Request(BASE + path, init));
  return { search, handle, call };
}

describe('a successful search', () => {
  it('answers with the CLI body byte for byte and GitHub headers', async () => {
    const { call, search } = handlerWith();
    const response = await call('/search/issues?q=crash+count:5');
    expect(response.status).toBe(200);
    const body = await response.text();
    const envelope = (await fakeSearch()({ kind: 'issues', q: 'crash count:5' })).envelope;
    expect(body).toBe(renderJson(envelope));
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get('x-github-media-type')).toBe('github.v3; format=json');
    expect(response.headers.get('x-github-api-version-selected')).toBe('2022-11-28');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{64}"$/);
    expect(response.headers.get('link')).toBeNull();
    expect(search.calls[0]).toMatchObject({ kind: 'issues', q: 'crash count:5', requirePreviews: true });
  });

  it('serves the GitHub Enterprise base path /api/v3 too', async () => {
    const { call } = handlerWith();
    const response = await call('/api/v3/search/issues?q=x+count:1');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total_count: number }).total_count).toBe(1);
  });

  it('passes raw parameters (the last of repeated ones), Accept, the time limit and the preview rule', async () => {
    const { call, search } = handlerWith({ timeoutMs: 250, previews: 'optional' });
    await call('/search/labels?q=a&q=bug&sort=created&order=asc&page=abc&per_page=500&repository_id=42', {
      headers: { accept: 'application/vnd.github.v3.text-match' },
    });
    expect(search.calls[0]).toMatchObject({
      kind: 'labels', q: 'bug', sort: 'created', order: 'asc', page: 'abc', per_page: '500', repository_id: '42',
      accept: 'application/vnd.github.v3.text-match', timeoutMs: 250, requirePreviews: false,
    });
  });

  it('names the text-match media type when asked for it', async () => {
    const { call } = handlerWith();
    const response = await call('/search/issues?q=x+count:1', { headers: { accept: 'application/vnd.github.text-match+json' } });
    expect(response.headers.get('x-github-media-type')).toBe('github.v3; param=text-match; format=json');
  });

  it('sends no API version header on code search', async () => {
    const { call } = handlerWith();
    const response = await call('/search/code?q=x+count:1');
    expect(response.headers.get('x-github-api-version-selected')).toBeNull();
  });
});

describe('Link header', () => {
  
  it.each([
    ['page=1', ['next', 'last']],
    ['page=3', ['prev', 'next', 'last', 'first']],
    ['page=5', ['prev', 'first']],
    ['page=7', ['prev', 'first']],
  ])('%s of 5 pages has %j', async (query, rels) => {
    const { call } = handlerWith();
    const response = await call(`/search/issues?q=x+count:100&per_page=10&${query}`);
    const header = response.headers.get('link') ?? '';
    expect([...header.matchAll(/rel="(\w+)"/g)].map((m) => m[1])).toEqual(rels);
  });

  it('builds absolute URLs from the request, replacing page in place and re-encoding q', async () => {
    const { call } = handlerWith();
    const response = await call('/search/issues?q=is:open+count:100&page=2&per_page=10&sort=created');
    expect(response.headers.get('link')).toBe(
      [
        `<${BASE}/search/issues?q=is%3Aopen+count%3A100&page=1&per_page=10&sort=created>; rel="prev"`,
        `<${BASE}/search/issues?q=is%3Aopen+count%3A100&page=3&per_page=10&sort=created>; rel="next"`,
        `<${BASE}/search/issues?q=is%3Aopen+count%3A100&page=5&per_page=10&sort=created>; rel="last"`,
        `<${BASE}/search/issues?q=is%3Aopen+count%3A100&page=1&per_page=10&sort=created>; rel="first"`,
      ].join(', '),
    );
  });

  it('caps last at the 1000-result window and appends page when the client sent none', async () => {
    const { call } = handlerWith();
    const response = await call('/search/issues?q=x+count:10000');
    expect(response.headers.get('link')).toBe(
      `<${BASE}/search/issues?q=x+count%3A10000&page=2>; rel="next", <${BASE}/search/issues?q=x+count%3A10000&page=34>; rel="last"`,
    );
  });
});

// Issue #21, item 10: a malformed escape beside a valid one made `next` search another query (507 results → 0).
describe('Link searches the same query as the request', () => {
  it.each([
    ['q=%zz+label%3Abug+count%3A100&per_page=10'],
    ['q=100%25+count:100%&per_page=10'],
    ['q=%E2%9C%93%E2+count:100&per_page=10'],
  ])('?%s', async (query) => {
    const { call, search } = handlerWith();
    const first = await call(`/search/issues?${query}`);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    await call(next!.slice(BASE.length));
    expect(search.calls[1]!.q).toBe(search.calls[0]!.q);
    expect(search.calls[1]!.page).toBe('2');
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s on a search path → 405 with Allow', async (method) => {
    const { call } = handlerWith();
    const response = await call('/search/issues?q=x', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({
      message: 'Method Not Allowed', documentation_url: 'https://docs.github.com/rest', status: '405',
    });
  });

  it('HEAD answers like GET without a body', async () => {
    const { call } = handlerWith();
    const get = await call('/search/issues?q=x+count:50');
    const head = await call('/search/issues?q=x+count:50', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const strip = (r: Response) =>
      [...r.headers].filter(([name]) => !['x-github-request-id', 'x-ratelimit-used', 'x-ratelimit-remaining'].includes(name));
    expect(strip(head)).toEqual(strip(get));
  });
});

describe('conditional requests', () => {
  it('answers 304 without a body when If-None-Match matches, and does not count it', async () => {
    const { call } = handlerWith({ rateLimit: undefined });
    const first = await call('/search/issues?q=x+count:3');
    const etag = first.headers.get('etag')!;
    const second = await call('/search/issues?q=x+count:3', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('x-ratelimit-used')).toBe('1');
    const changed = await call('/search/issues?q=x+count:5', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });

  // Issue #21, item 4: `If-None-Match: *` ran the whole search, answered 304 and refunded it (40 searches left 10/10).
  it.each([
    ['*', '*'],
    ['* with spaces', '  *  '],
  ])('If-None-Match %s on never-seen searches counts each one: the 11th anonymous search is refused', async (_name, header) => {
    const { call, search } = handlerWith({ rateLimit: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await call(`/search/issues?q=word${i}+count:3`, { headers: { 'if-none-match': header } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(304));
    expect(statuses.slice(10)).toEqual(Array(30).fill(403));
    expect(search.calls).toHaveLength(10);
  });

  it('a repeated * on a cached answer counts too; a listed tag on a cached answer does not', async () => {
    const { call } = handlerWith({ rateLimit: undefined });
    const etag = (await call('/search/issues?q=x+count:3')).headers.get('etag')!;
    const star = await call('/search/issues?q=x+count:3', { headers: { 'if-none-match': '*' } });
    expect([star.status, star.headers.get('x-ratelimit-used')]).toEqual([304, '2']);
    const listed = await call('/search/issues?q=x+count:3', { headers: { 'if-none-match': etag } });
    expect([listed.status, listed.headers.get('x-ratelimit-used')]).toEqual([304, '2']);
  });

  it('gives a different tag to the same body under another media type', async () => {
    const { call } = handlerWith();
    const plain = await call('/search/issues?q=x+count:0');
    const match = await call('/search/issues?q=x+count:0', { headers: { accept: 'application/vnd.github.v3.text-match+json' } });
    expect(await plain.text()).toBe(await match.text());
    expect(plain.headers.get('etag')).not.toBe(match.headers.get('etag'));
  });
});

describe('errors carry GitHub bodies', () => {
  it.each([
    ['/nope', 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }],
    ['/search/pulls?q=x', 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }],
    [
      '/search/issues?q=',
      422,
      {
        message: 'Validation Failed',
        errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
        documentation_url: 'https://docs.github.com/v3/search',
        status: '422',
      },
    ],
  ])('GET %s → %i', async (path, status, body) => {
    const { call } = handlerWith();
    const response = await call(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe(renderJson(body));
  });

  it.each([
    ['required', undefined, 415],
    ['required', 'application/vnd.github.cloak-preview+json', 200],
    ['optional', undefined, 200],
  ] as const)('commits with previews %s and Accept %s → %i', async (previews, accept, status) => {
    const { call } = handlerWith({ previews });
    const response = await call('/search/commits?q=fix+count:1', accept ? { headers: { accept } } : {});
    expect(response.status).toBe(status);
  });

  it('rejects an unsupported X-GitHub-Api-Version with 400 and a string errors field', async () => {
    const { call } = handlerWith();
    const response = await call('/search/issues?q=x', { headers: { 'x-github-api-version': '2020-01-01' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown };
    expect(typeof body.errors).toBe('string');
    const ok = await call('/search/issues?q=x', { headers: { 'x-github-api-version': '2026-03-10' } });
    expect(ok.headers.get('x-github-api-version-selected')).toBe('2026-03-10');
  });

  it('answers 500 with a plain body (no stack) when the core fails unexpectedly', async () => {
    const seen: unknown[] = [];
    const handle = createHandler({
      search: async () => { throw new Error('disk on fire'); },
      rateLimit: false,
      onError: (error) => seen.push(error),
    });
    const response = await handle(new Request(`${BASE}/search/issues?q=x`));
    expect(response.status).toBe(500);
    expect(await response.text()).toBe(renderJson({ message: 'Server Error', documentation_url: 'https://docs.github.com/rest', status: '500' }));
    expect(seen).toHaveLength(1);
  });
});

describe('overload', () => {
  it('answers 503 beyond maxInFlight instead of queueing, and recovers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = fakeSearch();
    const handle = createHandler({
      search: async (request) => { await gate; return inner(request); },
      rateLimit: false,
      maxInFlight: 2,
    });
    const url = `${BASE}/search/issues?q=x+count:1`;
    const pending = [handle(new Request(url)), handle(new Request(url))];
    const refused = await handle(new Request(url));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { message: string }).message).toMatch(/^No server is currently available/);
    release();
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([200, 200]);
    expect((await handle(new Request(url))).status).toBe(200);
  });
});

describe('GraphQL probe and /rate_limit', () => {
  it('lists SearchType values for gh’s feature probe', async () => {
    const { call } = handlerWith();
    const query = 'query SearchType_enumValues{SearchType: __type(name: "SearchType"){enumValues(includeDeprecated: true){name}}}';
    const response = await call('/graphql', { method: 'POST', body: JSON.stringify({ query }) });
    const body = (await response.json()) as { data: { SearchType: { enumValues: { name: string }[] } } };
    expect(body.data.SearchType.enumValues.map((v) => v.name)).toContain('ISSUE_ADVANCED');
  });

  it('reports the caller’s windows without counting', async () => {
    const { call } = handlerWith({ rateLimit: undefined });
    await call('/search/issues?q=x+count:1');
    const response = await call('/rate_limit');
    const body = (await response.json()) as { resources: Record<string, { limit: number; used: number }> };
    expect(body.resources['search']).toMatchObject({ limit: 10, used: 1 });
    expect(body.resources['code_search']).toMatchObject({ limit: 10, used: 0 });
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
  });
});

export { PRIVATE_REPO };

describe('repeated searches (response cache)', () => {
  it('answers a repeated request from the cache from its third sight (the second keeps the body), with the same body, ETag and Link', async () => {
    const { call, search } = handlerWith();
    const first = await call('/search/issues?q=crash+count:50&per_page=10&page=2');
    await call('/search/issues?q=crash+count:50&per_page=10&page=2');
    expect(search.calls).toHaveLength(2);
    const again = await call('/search/issues?q=crash+count:50&per_page=10&page=2');
    expect(search.calls).toHaveLength(2);
    expect(await again.text()).toBe(await first.text());
    for (const name of ['etag', 'link', 'x-github-media-type']) expect(again.headers.get(name)).toBe(first.headers.get(name));
    // Each response still gets its own request id.
    expect(again.headers.get('x-github-request-id')).not.toBe(first.headers.get('x-github-request-id'));
  });

  it("names the process in the request id (its pid in hex), so two workers' ids never collide", async () => {
    const { call } = handlerWith();
    const pid = process.pid.toString(16).toUpperCase().padStart(4, '0');
    const ids = [(await call('/search/issues?q=crash')).headers.get('x-github-request-id'), (await call('/rate_limit')).headers.get('x-github-request-id')];
    expect(ids).toEqual([`${pid}:1`, `${pid}:2`]);
  });

  it.each([
    ['another page', '/search/issues?q=crash+count:50&per_page=10&page=3', {}],
    ['another per_page', '/search/issues?q=crash+count:50&per_page=20&page=2', {}],
    ['another sort', '/search/issues?q=crash+count:50&per_page=10&page=2&sort=comments', {}],
    ['another media type', '/search/issues?q=crash+count:50&per_page=10&page=2', { headers: { accept: 'application/vnd.github.text-match+json' } }],
    ['another caller', '/search/issues?q=crash+count:50&per_page=10&page=2', { headers: { authorization: 'token someone' } }],
  ])('searches again for %s', async (_name, path, init: RequestInit) => {
    const { call, search } = handlerWith();
    await call('/search/issues?q=crash+count:50&per_page=10&page=2');
    await call('/search/issues?q=crash+count:50&per_page=10&page=2'); // the body is held from here
    await call(path, init);
    expect(search.calls).toHaveLength(3);
  });

  it('never keeps an incomplete (timed-out) answer', async () => {
    const search = fakeSearch();
    const incomplete = Object.assign(
      async (request: Parameters<typeof search>[0]) => {
        const result = await search(request);
        return { ...result, page: { ...result.page, incomplete: true }, envelope: { ...result.envelope, incomplete_results: true } };
      },
      { calls: search.calls },
    );
    const handle = createHandler({ search: incomplete, rateLimit: false });
    // Three sights: a kept answer (its facts, then its body) would answer the third without a search.
    for (let i = 0; i < 3; i++) await handle(new Request(`${BASE}/search/issues?q=crash+count:5`));
    expect(search.calls).toHaveLength(3);
  });
});

describe('search bodies handed over without a copy', () => {
  it('reads the same bytes through text(), json(), arrayBuffer() and the body stream, once each', async () => {
    const { call } = handlerWith();
    const path = '/search/issues?q=crash+count:3';
    const expected = renderJson((await fakeSearch()({ kind: 'issues', q: 'crash count:3' })).envelope);
    const viaText = await call(path);
    expect(viaText.bodyUsed).toBe(false);
    expect(await viaText.text()).toBe(expected);
    expect(viaText.bodyUsed).toBe(true);
    await expect(viaText.text()).rejects.toThrow(TypeError);
    expect(await (await call(path)).json()).toEqual(JSON.parse(expected));
    expect(Buffer.from(await (await call(path)).arrayBuffer()).toString('utf8')).toBe(expected);
    expect(await new Response((await call(path)).body).text()).toBe(expected);
    const head = await call(path, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
    expect(await head.text()).toBe('');
  });
});
