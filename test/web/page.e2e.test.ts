/**
 * End to end in a real browser (issue #22 item 6): `search serve` started through its command over real GitHub
 * records, Chromium driven by playwright-core. A query typed in the box, the first page's titles equal to the API's
 * items, `<mark>` on the matched words, a facet click that narrows the results to the count it showed, paging, a
 * 422 shown in the page, and (over a generated dump with `--auth`) a private record invisible to an anonymous
 * browser but shown to its reader. Skips with a message when no chromium is installed or the records are absent.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServeCommand } from '../../src/cli/serve-command.js';
import type { RunningServer, SignalSource } from '../../src/server/listen.js';
import { generateDump } from '../access/generated-dump.js';
import { hasSource, sourceDir } from '../helpers/real-data.js';
import { BROWSER_SKIP, openBrowser } from './browser.js';
import { PAGE_ACCEPT } from './page-fixture.js';

const SOURCE = 'pygithub-replaydata';
const skip = BROWSER_SKIP ?? (hasSource(SOURCE, 'issues', 'repositories') ? undefined : `real GitHub records not found at ${sourceDir(SOURCE)}`);

/** `search serve` through its command, in process, on an ephemeral port. */
async function serve(data: string, args: string[] = []): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const signals = new EventEmitter();
  let ready!: (server: RunningServer) => void;
  const listening = new Promise<RunningServer>((resolve) => (ready = resolve));
  const command = createServeCommand({
    defaultData: data,
    stderr: new Writable({ write: (_chunk, _encoding, next) => next() }),
    signals: signals as unknown as SignalSource,
    onListening: ready,
  }).exitOverride();
  const done = command.parseAsync(['--port', '0', '--workers', '1', '--rate-limit', 'off', '--quiet', ...args], { from: 'user' });
  const server = await Promise.race([listening, done.then(() => { throw new Error('serve ended early'); })]);
  return {
    server,
    stop: async () => {
      signals.emit('SIGTERM');
      await done;
    },
  };
}

/** What the API answers the page's question (10 per page, text matches, previews). */
async function api(base: string, kind: string, q: string, page = 1, headers: Record<string, string> = {}): Promise<{ total_count: number; items: Array<Record<string, unknown>> }> {
  const response = await fetch(`${base}/search/${kind}?q=${encodeURIComponent(q)}&per_page=10&page=${page}`, { headers: { accept: PAGE_ACCEPT, ...headers } });
  return (await response.json()) as { total_count: number; items: Array<Record<string, unknown>> };
}

/** The result titles' links (the DOM's `getAttribute`, typed here: the project compiles without the DOM library). */
const hrefs = (page: Page): Promise<Array<string | null>> =>
  page.locator('.result a.title').evaluateAll((as) => as.map((a) => (a as unknown as { getAttribute(name: string): string | null }).getAttribute('href')));
const titles = (page: Page): Promise<string[]> => page.locator('.result .title').allInnerTexts();
const total = async (page: Page): Promise<number> => Number(await page.locator('h2.total').getAttribute('data-total'));

describe.skipIf(skip !== undefined)(`the search page in Chromium${skip ? ` — SKIPPED: ${skip}` : ''}`, () => {
  let running: Awaited<ReturnType<typeof serve>>;
  let browser: BrowserContext;
  let base: string;

  beforeAll(async () => {
    running = await serve(sourceDir(SOURCE));
    base = running.server.url.replace(/\/$/, '');
    browser = await openBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('a query typed in the box shows the API first page, matched words marked', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.locator('.home-form input[name=q]').fill('test');
    await page.locator('.home-form input[value=issues]').check();
    await Promise.all([page.waitForURL(/\/search\?/), page.locator('.home-form button[type=submit]').click()]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('test');
    expect(new URL(page.url()).searchParams.get('type')).toBe('issues');
    const answer = await api(base, 'issues', 'test');
    expect(answer.items.length).toBeGreaterThan(0);
    expect(await titles(page)).toEqual(answer.items.map((i) => String(i.title)));
    expect(await total(page)).toBe(answer.total_count);
    // Every <mark> is one of the API's text_matches matches, and there are some.
    const marks = (await page.locator('.result mark').allInnerTexts()).map((m) => m.toLowerCase());
    const matched = new Set(answer.items.flatMap((i) => (i.text_matches as Array<{ matches: Array<{ text: string }> }>).flatMap((t) => t.matches.map((m) => m.text.toLowerCase()))));
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(matched.has(mark), mark).toBe(true);
    // The hrefs are the items' html_url.
    expect(await hrefs(page)).toEqual(answer.items.map((i) => i.html_url));
    await page.close();
  }, 120_000);

  it('a facet click narrows the results to the count it showed', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/search?q=github&type=repositories`);
    const before = await total(page);
    const facet = page.locator('[data-facet=language] a').first();
    const shown = Number(await facet.getAttribute('data-count'));
    const language = (await facet.getAttribute('data-value'))!;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(before);
    await Promise.all([page.waitForURL(/language/), facet.click()]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`github language:${/\s/.test(language) ? `"${language}"` : language}`);
    expect(await total(page)).toBe(shown);
    const answer = await api(base, 'repositories', `github language:${language}`);
    expect(answer.total_count).toBe(shown);
    expect(await titles(page)).toHaveLength(Math.min(10, shown));
    // The state facet of issues too.
    await page.goto(`${base}/search?q=test&type=issues`);
    const closed = page.locator('[data-facet=state] a[data-value=closed]');
    const closedCount = Number(await closed.getAttribute('data-count'));
    await Promise.all([page.waitForURL(/state/), closed.click()]);
    expect(await total(page)).toBe(closedCount);
    expect(await page.locator('.state-open').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('Next shows the API second page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/search?q=test&type=issues`);
    await Promise.all([page.waitForURL(/p=2/), page.locator('.pagination a.next').click()]);
    expect(await page.locator('.pagination em[aria-current=page]').innerText()).toBe('2');
    expect(await titles(page)).toEqual((await api(base, 'issues', 'test', 2)).items.map((i) => String(i.title)));
    await page.close();
  }, 120_000);

  it('a refused query shows GitHub’s 422 message with the offending span marked', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/search?q=github&type=repositories`);
    await page.locator('.header input[name=q]').fill('github stars:>abc');
    const [response] = await Promise.all([page.waitForResponse(/\/search\?/), page.locator('.header button[type=submit]').click()]);
    expect(response.status()).toBe(422);
    await page.waitForSelector('.flash-error');
    expect(await page.locator('.flash-error li').innerText()).toBe('"abc" is not a numeric value - please provide an integer value');
    expect(await page.locator('mark.error-span').innerText()).toBe('stars:>abc');
    await page.close();
  }, 120_000);
});

describe.skipIf(BROWSER_SKIP !== undefined)(`private records in Chromium${BROWSER_SKIP ? ` — SKIPPED: ${BROWSER_SKIP}` : ''}`, () => {
  let running: Awaited<ReturnType<typeof serve>>;
  let anonymous: BrowserContext;
  let alice: BrowserContext;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    ({ dir } = generateDump(3));
    const access = path.join(mkdtempSync(path.join(tmpdir(), 'ogs-web-auth-')), 'access.json');
    writeFileSync(access, JSON.stringify({ users: [{ login: 'alice', password: 'wonderland', tokens: [], read: ['acme/secret'] }] }));
    running = await serve(dir, ['--auth', access]);
    base = running.server.url.replace(/\/$/, '');
    anonymous = await openBrowser();
    alice = await openBrowser({ httpCredentials: { username: 'alice', password: 'wonderland' } });
  }, 300_000);
  afterAll(async () => {
    await anonymous?.close();
    await alice?.close();
    await running?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('acme/secret is invisible to an anonymous browser, counts included, and shown to its reader', async () => {
    const url = `${base}/search?q=user:acme&type=repositories`;
    const page = await anonymous.newPage();
    await page.goto(url);
    expect(await hrefs(page)).not.toContain('https://github.com/acme/secret');
    expect(await total(page)).toBe((await api(base, 'repositories', 'user:acme')).total_count);
    expect(await page.locator('.who').innerText()).toBe('Sign in');
    const reader = await alice.newPage();
    await reader.goto(`${base}/login`);
    await reader.goto(url);
    expect(await hrefs(reader)).toContain('https://github.com/acme/secret');
    const basic = { authorization: `Basic ${Buffer.from('alice:wonderland').toString('base64')}` };
    expect(await total(reader)).toBe((await api(base, 'repositories', 'user:acme', 1, basic)).total_count);
    expect(await total(reader)).toBeGreaterThan(await total(page));
    expect(await reader.locator('.who').innerText()).toBe('Signed in as alice');
  }, 120_000);
});
