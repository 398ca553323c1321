import { describe, expect, it } from 'vitest';
import { linkHeader, pageUrl } from '../../src/server/link-header.js';

const BASE = 'http://api.github.localhost/search/issues';

describe('pageUrl searches the query the page answered', () => {
  // Issue #21, item 10: a malformed escape next to a valid one once left both undecoded in the link (507 → 0).
  it.each([
    ['q=label%3Abug+crash', 'q=label%3Abug+crash&page=2'],
    ['q=%ZZ+label%3Abug', 'q=%25ZZ+label%3Abug&page=2'],
    ['q=50%25+off%', 'q=50%25+off%25&page=2'],
    ['q=%E2%9C%93%E2', 'q=%E2%9C%93%EF%BF%BD&page=2'],
    ['page=1&q=a&page=9', 'page=2&q=a'],
    ['q=a&&per_page=5', 'q=a&per_page=5&page=2'],
    ['q', 'q=&page=2'],
  ])('?%s → ?%s', (query, expected) => {
    const url = new URL(`${BASE}?${query}`);
    const link = new URL(pageUrl(url, 2));
    expect(link.search).toBe(`?${expected}`);
    // The link's q is the request's q, as the server decodes both.
    expect(link.searchParams.get('q')).toBe(url.searchParams.get('q'));
  });

  it('writes the applied per_page when asked (code search)', () => {
    expect(pageUrl(new URL(`${BASE}?q=x&per_page=500&per_page=7`), 3, 100)).toBe(`${BASE}?q=x&per_page=100&page=3`);
  });
});

describe('linkHeader', () => {
  it.each([
    [1, 1, undefined],
    [1, 3, ['next', 'last']],
    [2, 3, ['prev', 'next', 'last', 'first']],
    [3, 3, ['prev', 'first']],
  ])('page %i of %i → %j', (page, lastPage, rels) => {
    const header = linkHeader(new URL(`${BASE}?q=x`), { page, lastPage });
    expect(header === undefined ? undefined : [...header.matchAll(/rel="(\w+)"/g)].map((m) => m[1])).toEqual(rels);
  });
});
