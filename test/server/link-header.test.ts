/**
 * The `Link` header (code reference Part B §6 "Paging"): rel order prev, next, last, first; `page` replaced where the
 * client put it, later duplicates dropped, a valueless `page` given the page; other parameters re-encoded.
 */
import { describe, expect, it } from 'vitest';
import { formEncode, linkHeader, pageUrl } from '../../src/server/link-header.js';

const BASE = 'http://api.github.localhost/search/issues';

describe('pageUrl', () => {
  it.each([
    ['?q=bug', 2, undefined, `${BASE}?q=bug&page=2`],
    ['?q=bug&page=1&per_page=5', 3, undefined, `${BASE}?q=bug&page=3&per_page=5`],
    ['?page=1&q=bug&page=7', 2, undefined, `${BASE}?page=2&q=bug`],
    ['?q=bug&page', 4, undefined, `${BASE}?q=bug&page=4`],
    ['?q=bug&page=', 4, undefined, `${BASE}?q=bug&page=4`],
    ['?per_page=500&q=a+b%3A1&per_page=7', 2, 100, `${BASE}?per_page=100&q=a+b%3A1&page=2`],
    ['?per_page=500', 2, undefined, `${BASE}?per_page=500&page=2`],
    ['?q=%E2%9C%93&&x', 2, undefined, `${BASE}?q=%E2%9C%93&x=&page=2`],
    ['?q=%ZZ', 2, undefined, `${BASE}?q=%25ZZ&page=2`],
  ])('%s → page %i', (search, page, applied, expected) => {
    expect(pageUrl(new URL(`${BASE}${search}`), page, applied)).toBe(expected);
  });

  it('encodes as GitHub re-encodes q', () => {
    expect(formEncode('a b:>=1~._-é')).toBe('a+b%3A%3E%3D1~._-%C3%A9');
  });
});

describe('linkHeader', () => {
  const url = new URL(`${BASE}?q=bug&page=2`);
  it.each([
    [1, 1, undefined],
    [1, 3, `<${BASE}?q=bug&page=2>; rel="next", <${BASE}?q=bug&page=3>; rel="last"`],
    [2, 3, `<${BASE}?q=bug&page=1>; rel="prev", <${BASE}?q=bug&page=3>; rel="next", <${BASE}?q=bug&page=3>; rel="last", <${BASE}?q=bug&page=1>; rel="first"`],
    [3, 3, `<${BASE}?q=bug&page=2>; rel="prev", <${BASE}?q=bug&page=1>; rel="first"`],
    [2, 2, `<${BASE}?q=bug&page=1>; rel="prev", <${BASE}?q=bug&page=1>; rel="first"`],
  ])('page %i of %i', (page, lastPage, expected) => {
    expect(linkHeader(url, { page, lastPage })).toBe(expected);
  });
});
