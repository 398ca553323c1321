/**
 * The search page's counts against the API (issue #22 item 3), on real GitHub records: every sidebar count is the
 * API's `total_count` of the same `q` for that type, and every facet count is the `total_count` of the query its
 * link runs (`q language:X`, `q state:open`) — for plain queries (the column count over the matches) and for
 * queries where adding a qualifier is not a plain AND (a top-level OR, a repeated `language:`), which are matched
 * on their own. Also the first page's titles are the API's items, in order, linking to their `html_url`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../../src/server/routes.js';
import { specOf } from '../../src/kinds/catalog.js';
import { addsOneLeaf } from '../../src/web/facets.js';
import { WEB_TYPES, effectiveQ } from '../../src/web/web-types.js';
import { hasSource, titleFor, sharedStore } from '../helpers/real-data.js';
import { apiItems, apiTotal, facetLinks, getPage, handlerWithPages, resultTitles, shownTotal, typeCounts } from './page-fixture.js';
import { understandQuery } from '../../src/plan/understand.js';

const SOURCE = 'pygithub-replaydata';
const present = hasSource(SOURCE, 'issues', 'repositories', 'code');

/** (type, q): plain words, qualifiers, a top-level OR, a repeated language, negation, no text. */
const CASES: ReadonlyArray<readonly [string, string]> = [
  ['issues', 'test'],
  ['issues', 'bug OR error'],
  ['issues', 'is:open github'],
  ['issues', 'language:python test'],
  ['pullrequests', 'fix'],
  ['repositories', 'python'],
  ['repositories', 'api OR github'],
  ['repositories', 'language:python github'],
  ['repositories', 'stars:>10'],
  ['code', 'import'],
  ['code', 'github -test'],
  ['users', 'jacques'],
  ['commits', 'fix'],
];

describe(titleFor('search page counts equal the API total_count (pygithub-replaydata)', present, SOURCE), () => {
  let handler: Handler;
  beforeAll(async () => {
    const store = await sharedStore(SOURCE);
    handler = handlerWithPages(store);
  }, 300_000);

  it.skipIf(!present).each(CASES)('%s %s: sidebar, facets and first page agree with the API', async (type, q) => {
    const page = await getPage(handler, `/search?q=${encodeURIComponent(q)}&type=${type}`);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    const webType = WEB_TYPES.find((t) => t.type === type)!;
    // Sidebar: every type's count is the API's total_count for that type's q (absent when refused).
    const counts = typeCounts(page.html);
    expect([...counts.keys()]).toEqual(WEB_TYPES.map((t) => t.type));
    for (const t of WEB_TYPES) expect(counts.get(t.type), t.type).toBe(await apiTotal(handler, t.kind, effectiveQ(t, q)));
    const total = await apiTotal(handler, webType.kind, effectiveQ(webType, q));
    expect(shownTotal(page.html)).toBe(total);
    // Facets: each count is the total_count of the query its link runs.
    const languages = facetLinks(page.html, 'language');
    expect(languages.length).toBeLessThanOrEqual(10);
    if (!webType.languages) expect(languages).toEqual([]);
    for (const facet of [...languages, ...facetLinks(page.html, 'state')]) {
      expect(facet.q.startsWith(`${q} `)).toBe(true);
      expect(facet.count, `${facet.q}`).toBe(await apiTotal(handler, webType.kind, effectiveQ(webType, facet.q)));
    }
    const sorted = languages.map((l) => l.count);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    if (webType.states) expect(facetLinks(page.html, 'state').map((s) => s.value)).toEqual(['open', 'closed']);
    // The first page: the API's items, in order, each linking to its html_url.
    const items = await apiItems(handler, webType.kind, effectiveQ(webType, q));
    const titles = resultTitles(page.html);
    expect(titles.length).toBe(items.length);
    if (webType.kind !== 'topics') expect(titles.map((t) => t.href)).toEqual(items.map((i) => i.html_url || undefined));
  });

  it.skipIf(!present)('shows language facets somewhere among the cases (the check above is not vacuous)', async () => {
    let languages = 0;
    let states = 0;
    for (const [type, q] of CASES) {
      const { html } = await getPage(handler, `/search?q=${encodeURIComponent(q)}&type=${type}`);
      languages += facetLinks(html, 'language').length;
      states += facetLinks(html, 'state').filter((s) => s.count > 0).length;
    }
    expect(languages).toBeGreaterThan(3);
    expect(states).toBeGreaterThan(2);
  });
});

describe('addsOneLeaf: when a facet count may be read off the matches', () => {
  it.each([
    ['repositories', 'github', 'github language:Go', true],
    ['repositories', 'a b', 'a b language:Go', true],
    ['repositories', 'stars:>5 api', 'stars:>5 api language:Go', true],
    ['repositories', 'language:Rust a', 'language:Rust a language:Go', false],
    ['repositories', 'lang:Rust a', 'lang:Rust a language:Go', false],
    ['repositories', 'a', 'a -language:Go', false],
    ['issues', 'a is:open', 'a is:open state:closed', true],
    ['issues', 'a OR b', 'a OR b state:open', false],
    ['issues', 'state:closed a', 'state:closed a state:open', false],
  ] as const)('%s: %s → %s: %s', async (kind, q, extended, expected) => {
    const spec = specOf(kind);
    const name = extended.includes('state:') ? 'state' : 'language';
    expect(addsOneLeaf(await understandQuery(q, spec), await understandQuery(extended, spec), spec, name)).toBe(expected);
  });
});
