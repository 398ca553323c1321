/**
 * The page's small parts, table-driven: `<mark>` from text-match indices (code points, clipped), relative times,
 * GitHub's page-number layout, the type table, and the links a page writes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Marked } from '../../src/web/highlight.js';
import { pageNumbers, searchHref } from '../../src/web/page.js';
import { relativeTime } from '../../src/web/relative-time.js';
import { effectiveQ, webTypeOf } from '../../src/web/web-types.js';
import { qualifierText } from '../../src/web/facets.js';

describe('Marked: text_matches indices are code points into the fragment', () => {
  it.each([
    ['an error here', [[3, 8]], 'an <mark>error</mark> here'],
    ['😀 error', [[2, 7]], '😀 <mark>error</mark>'],
    ['a b c', [[4, 5], [0, 1]], '<mark>a</mark> b <mark>c</mark>'],
    ['overlap', [[0, 4], [2, 6]], '<mark>over</mark>lap'],
    ['short', [[3, 99]], 'sho<mark>rt</mark>'],
    ['<b>&', [[0, 3]], '<mark>&lt;b&gt;</mark>&amp;'],
    ['none', [], 'none'],
  ] as const)('%s %j', (fragment, indices, html) => {
    const entry = { property: 'body', fragment, matches: indices.map(([a, b]) => ({ text: '', indices: [a, b] as const })) };
    expect(renderToStaticMarkup(<Marked entry={entry} />)).toBe(html);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  it.each([
    ['2026-01-15T11:59:30Z', 'now'],
    ['2026-01-15T11:00:00Z', '1 hour ago'],
    ['2026-01-14T12:00:00Z', 'yesterday'],
    ['2025-12-01T12:00:00Z', 'last month'],
    ['2023-01-01T00:00:00Z', '3 years ago'],
    ['2026-01-16T12:00:00Z', 'tomorrow'],
    ['not a date', undefined],
    [null, undefined],
  ] as const)('%s → %s', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
});

describe('pageNumbers: first two, a window of five, last two', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 100, [1, 2, 3, 'gap', 99, 100]],
    [50, 100, [1, 2, 'gap', 48, 49, 50, 51, 52, 'gap', 99, 100]],
    [100, 100, [1, 2, 'gap', 98, 99, 100]],
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
  ] as const)('page %i of %i', (page, last, numbers) => expect(pageNumbers(page, last)).toEqual(numbers));
});

describe('types and links', () => {
  it.each([
    ['issues', 'issues', 'bug'],
    ['pullrequests', 'issues', 'bug is:pr'],
    ['PullRequests', 'issues', 'bug is:pr'],
    ['code', 'code', 'bug'],
    [undefined, 'repositories', 'bug'],
    ['discussions', 'repositories', 'bug'],
  ] as const)('type=%s searches %s with q %s', (type, kind, q) => {
    const t = webTypeOf(type);
    expect(t.kind).toBe(kind);
    expect(effectiveQ(t, 'bug')).toBe(q);
  });

  it.each([
    [{ q: 'a b', type: 'issues' }, '/search?q=a+b&type=issues'],
    [{ q: 'x', type: 'issues', s: 'comments', o: 'asc', p: 3 }, '/search?q=x&type=issues&s=comments&o=asc&p=3'],
    [{ q: 'x', type: 'code', p: 1, o: 'asc' }, '/search?q=x&type=code'],
  ] as const)('%j → %s', (params, href) => expect(searchHref(params)).toBe(href));

  it.each([
    ['language', 'Go', 'language:Go'],
    ['language', 'Jupyter Notebook', 'language:"Jupyter Notebook"'],
    ['state', 'open', 'state:open'],
  ] as const)('%s %s → %s', (name, value, text) => expect(qualifierText(name, value)).toBe(text));
});
