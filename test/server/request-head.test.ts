import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodilessRequest } from '../../src/server/request-head.js';

/** What the chain reads of a request, side by side: a Fetch Request's and the bodiless form's must agree. */
async function readOf(request: { method: string; url: string; headers: Headers; text(): Promise<string> }) {
  return { method: request.method, url: request.url, headers: [...request.headers], text: await request.text() };
}

/** The Fetch Request's reading of the same parts, or the error its constructor throws. */
async function fetchReading(method: 'GET' | 'HEAD', url: URL, pairs: Array<[string, string]>) {
  try {
    return await readOf(new Request(url, { method, headers: pairs }));
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

async function bodilessReading(method: 'GET' | 'HEAD', url: URL, pairs: Array<[string, string]>) {
  try {
    return await readOf(bodilessRequest(method, url, new Headers(pairs)));
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

describe('a GET or HEAD without a Fetch Request', () => {
  it.each([
    ['plain', 'GET', '/search/issues?q=x', [['Accept', 'application/vnd.github+json']]],
    ['HEAD, absolute URL with a port', 'HEAD', 'http://api.github.localhost:8080/search/issues?q=%E2%9C%93', [['Host', 'api.github.localhost:8080']]],
    ['repeated headers combine', 'GET', '/search/code?q=x', [['Authorization', 'token a'], ['authorization', 'token b'], ['Cookie', 'a=1'], ['Cookie', 'b=2']]],
    ['values trimmed', 'GET', '/rate_limit', [['If-None-Match', '  W/"abc"  ']]],
    ['a name that is no token is refused', 'GET', '/search/issues?q=x', [['bad name', 'v']]],
    ['a value with a newline is refused', 'GET', '/search/issues?q=x', [['x-a', 'a\nb']]],
    ['the path kept as the URL parser wrote it', 'GET', '/search/issues?q=a b&x=%zz', []],
  ] as const)('reads as the Fetch Request does: %s', async (_name, method, target, pairs) => {
    const url = new URL(target, 'http://127.0.0.1:3000');
    const copy = pairs.map(([n, v]) => [n, v] as [string, string]);
    expect(await bodilessReading(method, url, copy)).toEqual(await fetchReading(method, url, copy));
  });

  it('reads as the Fetch Request does for any header pairs (property)', async () => {
    const name = fc.constantFrom('Accept', 'accept', 'Authorization', 'If-None-Match', 'X-GitHub-Api-Version', 'Host', 'Cookie', 'x-a');
    const value = fc.string({ maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET' as const, 'HEAD' as const), fc.array(fc.tuple(name, value), { maxLength: 6 }), async (method, pairs) => {
        const url = new URL('/search/issues?q=x&per_page=2', 'http://127.0.0.1:3000');
        expect(await bodilessReading(method, url, pairs)).toEqual(await fetchReading(method, url, pairs));
      }),
      { numRuns: 500 },
    );
  });
});
