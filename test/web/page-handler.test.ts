/**
 * The page routes on the server (issue #22 items 1, 2 and 4), in process: content negotiation leaves the API
 * byte-identical, `/` and `/search` answer browsers with HTML, refusals show GitHub's 422 message with the
 * offending span marked, paging stays inside the 1000-result window, and a page shows exactly what its caller
 * could see through the API (the page of an anonymous caller over a dump with private records is the page over
 * the dump without them; a reader sees the private records, counts included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { parseAccessFile } from '../../src/server/access-file.js';
import { createHandler, type Handler } from '../../src/server/routes.js';
import { openStore, type Store } from '../../src/store/store.js';
import { generateDump, writeDump, type Rec } from '../access/generated-dump.js';
import { apiTotal, BASE, FIXED_NOW, getPage, handlerWithPages, HTML, resultTitles, shownTotal, typeCounts } from './page-fixture.js';

const ACCESS = parseAccessFile({ users: [{ login: 'alice', tokens: ['alice-secret'], password: 'wonderland', read: ['acme/secret', 'carol/vault', 'acme/twin'] }] });
const ALICE = { authorization: 'token alice-secret' };

let dir: string;
let store: Store;
let withPages: Handler;
let apiOnly: Handler;

beforeAll(async () => {
  ({ dir } = generateDump(7));
  store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
  await store.prebuild();
  withPages = handlerWithPages(store, ACCESS);
  apiOnly = createHandler({ search: (request) => runSearch(request, store), auth: ACCESS, rateLimit: false, now: () => FIXED_NOW });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything a client observes of a response but the request id. */
async function observe(response: Response): Promise<unknown> {
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'x-github-request-id').sort();
  return { status: response.status, headers, body: await response.text() };
}

describe('content negotiation: the API is unchanged', () => {
  it.each([
    ['/search/issues?q=alpha', {}],
    ['/search/issues?q=alpha', HTML],
    ['/search/repositories?q=alpha&sort=stars', { ...HTML, ...ALICE }],
    ['/search?q=alpha', {}],
    ['/search?q=alpha', { accept: 'application/vnd.github+json' }],
    ['/', { accept: '*/*' }],
    ['/nowhere', HTML],
    ['/rate_limit', HTML],
  ] as const)('%s with %j: byte-identical to the server without pages', async (url, headers) => {
    const a = await observe(await withPages(new Request(BASE + url, { headers })));
    const b = await observe(await apiOnly(new Request(BASE + url, { headers })));
    expect(a).toEqual(b);
  });

  it('a browser at / gets the search box and every type', async () => {
    const { status, html, type } = await getPage(withPages, '/');
    expect([status, type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('action="/search" method="get"');
    expect(html).toMatch(/<input type="text"[^>]* name="q"/);
    for (const t of ['code', 'repositories', 'issues', 'pullrequests', 'users', 'commits', 'topics']) expect(html).toContain(`value="${t}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!github\.com|docs\.github\.com)[^"]*"[^>]*(?:src|href)=/);
  });

  it('HEAD answers like GET without a body', async () => {
    const response = await withPages(new Request(`${BASE}/search?q=alpha&type=issues`, { method: 'HEAD', headers: HTML }));
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await response.text()).toBe('');
  });
});

describe('refusals and paging', () => {
  it.each([
    ['repositories', 'stars:>abc', '"abc" is not a numeric value - please provide an integer value', 'stars:>abc'],
    ['issues', 'alpha created:>2020-13-45', 'is not a recognized date/time format', 'created:>2020-13-45'],
    ['repositories', 'user:nobodyxyz alpha', 'The listed users and repositories cannot be searched', 'user:nobodyxyz'],
  ] as const)('%s %s: 422 in the page with the offending span marked', async (type, q, message, span) => {
    const { status, html } = await getPage(withPages, `/search?q=${encodeURIComponent(q)}&type=${type}`);
    expect(status).toBe(422);
    expect(html).toContain('<div class="flash-error" role="alert" data-status="422">');
    expect(html.replace(/&quot;/g, '"')).toContain(message);
    expect(html.replace(/&gt;/g, '>')).toContain(`<mark class="error-span">${span}</mark>`);
  });

  it('a page past the 1000-result window is the API 422', async () => {
    const { status, html } = await getPage(withPages, '/search?q=alpha&type=issues&p=101');
    expect(status).toBe(422);
    expect(html).toContain('Only the first 1000 search results are available');
  });

  it('page 2 shows the API page 2', async () => {
    const { html } = await getPage(withPages, '/search?q=is:issue&type=issues&p=2');
    const response = await withPages(new Request(`${BASE}/search/issues?q=is:issue&per_page=10&page=2`));
    const items = ((await response.json()) as { items: Rec[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(resultTitles(html).map((t) => t.href)).toEqual(items.map((i) => i.html_url));
    expect(html).toContain('<em aria-current="page">2</em>');
  });
});

describe('private means private on the page', () => {
  /** The dump without its private records, as the store classifies them. */
  async function publicDump(): Promise<string> {
    const out = mkdtempSync(path.join(tmpdir(), 'ogs-web-public-'));
    const { dump } = generateDump(7);
    const kept: Record<string, Rec[]> = {};
    for (const [kind, records] of Object.entries(dump)) {
      const hidden = new Set((await store.collection(kind as Kind)).privateDocs.list().map((p) => p.doc));
      kept[kind] = records.filter((_, doc) => !hidden.has(doc));
    }
    writeDump(out, kept);
    return out;
  }

  it.each(['alpha', 'gamma zebra', 'secret', 'zed', 'vault'])('anonymous %s: every type is the page over the dump without private records', async (q) => {
    const other = await publicDump();
    try {
      const publicStore = openStore(other, { cacheDir: path.join(other, '.cache') });
      const publicPages = handlerWithPages(publicStore, ACCESS);
      for (const type of ['repositories', 'issues', 'pullrequests', 'code', 'commits', 'users']) {
        const url = `/search?q=${encodeURIComponent(q)}&type=${type}`;
        expect((await getPage(withPages, url)).html, url).toBe((await getPage(publicPages, url)).html);
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a reader sees the private repositories, counts as the API answers them', async () => {
    const anonymous = await getPage(withPages, '/search?q=secret OR vault OR alpha&type=repositories');
    const alice = await getPage(withPages, '/search?q=secret OR vault OR alpha&type=repositories', ALICE);
    const names = (html: string) => resultTitles(html).map((t) => t.href);
    expect(names(anonymous.html)).not.toContain('https://github.com/acme/secret');
    expect(names(alice.html).some((h) => h === 'https://github.com/acme/secret' || h === 'https://github.com/carol/vault')).toBe(true);
    expect(alice.html).toContain('Signed in as <strong>alice</strong>');
    expect(anonymous.html).toContain('<a href="/login">Sign in</a>');
    for (const [type, count] of typeCounts(alice.html)) {
      const kind = type === 'pullrequests' ? 'issues' : type;
      const q = type === 'pullrequests' ? 'secret OR vault OR alpha is:pr' : 'secret OR vault OR alpha';
      expect(count, type).toBe(await apiTotal(withPages, kind, q, ALICE));
    }
    expect(shownTotal(alice.html)).toBeGreaterThan(shownTotal(anonymous.html)!);
  });

  it('/login asks a browser for credentials, then sends it home; bad credentials are refused', async () => {
    const challenge = await withPages(new Request(`${BASE}/login`, { headers: HTML }));
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const basic = { authorization: `Basic ${Buffer.from('alice:wonderland').toString('base64')}` };
    const signedIn = await withPages(new Request(`${BASE}/login`, { headers: { ...HTML, ...basic } }));
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/']);
    const bad = await getPage(withPages, '/search?q=alpha', { authorization: 'token nope' });
    expect(bad.status).toBe(401);
    expect(bad.html).toContain('Bad credentials');
  });
});
