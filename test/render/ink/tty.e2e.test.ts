/**
 * End to end in a real terminal: the built binary (`node bin/search.js`) in tmux over a real recorded dump. It
 * searches, pages, opens a detail view, edits the query, sorts, copies a URL and quits, and checks what the screen
 * showed against the same searches made in JSON mode (the core is the reference, so the test does not depend on
 * ranking details).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxVersion } from './helpers/tmux.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'bin/search.js');
const DUMP = path.resolve(ROOT, '../shared/data/hub4j-github-api-wiremock');

const version = tmuxVersion();
const skip = !version
  ? 'tmux is not installed (apt-get install -y tmux)'
  : !existsSync(path.join(ROOT, 'dist/cli/main.js'))
    ? 'dist/cli/main.js does not exist (run npm run build)'
    : !existsSync(DUMP)
      ? `the recorded dump ${DUMP} is not there`
      : undefined;

interface IssueItem {
  number: number;
  title: string;
  html_url: string;
}
interface Envelope {
  total_count: number;
  items: IssueItem[];
}

describe.skipIf(skip !== undefined)(`interactive view in ${version ?? 'tmux'}${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let cache: string;
  let session: TmuxSession | undefined;
  const env = () => ({ ...process.env, CI: '', SEARCH_CACHE_DIR: cache });
  const json = (q: string, ...flags: string[]): Envelope =>
    JSON.parse(execFileSync('node', [BIN, 'issues', q, '--data', DUMP, '--json', '--quiet', ...flags], { env: env(), encoding: 'utf8' })) as Envelope;
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

  beforeAll(() => {
    cache = mkdtempSync(path.join(tmpdir(), 'search-e2e-cache-'));
  });
  afterAll(() => {
    session?.close();
    rmSync(cache, { recursive: true, force: true });
  });

  it('searches, pages, opens a detail, edits the query, sorts, copies and quits cleanly', { timeout: 90_000 }, async () => {
    const page1 = json('error');
    const page2 = json('error', '--page', '2');
    const narrowed = json('error label:bug');
    const byComments = json('error label:bug', '--sort', 'comments');
    expect(page1.total_count).toBeGreaterThan(30);
    expect(narrowed.total_count).toBeGreaterThan(0);

    const command = [
      'env -u CI TERM=xterm-256color',
      `SEARCH_CACHE_DIR=${quote(cache)}`,
      `node ${quote(BIN)} issues error --data ${quote(DUMP)}`,
      '; echo "EXITED:$?"; sleep 600',
    ].join(' ');
    session = new TmuxSession(command, 120, 30);
    const tty = session;

    // First page: the table, the footer with total_count and the keys.
    const first = await tty.waitFor((s) => s.includes(`of ${page1.total_count} issues`), 'the first page');
    expect(first).toContain('search issues › error');
    expect(first).toContain('page 1 of');
    expect(first).toContain('↑↓ move  ←→ page  ⏎ open');
    expect(first).toContain('o browser  y copy URL  ? keys  q quit');
    expect(first).toContain(`#${page1.items[0]!.number}`);
    // Matched terms are highlighted from text_matches: black on yellow somewhere in the table.
    expect(tty.screen(true)).toMatch(/\u001B\[(?:[0-9;]*;)?43(?:;[0-9;]*)?m/);

    // → fetches page 2 from the core.
    tty.keys('Right');
    const second = await tty.waitFor((s) => s.includes('page 2 of'), 'page 2');
    expect(second).toContain(`Showing 31–`);
    expect(second).toMatch(new RegExp(`❯ .*#${page2.items[0]!.number}\\b`));

    // Enter opens the detail of the selected item; Esc goes back.
    tty.keys('Enter');
    const detail = await tty.waitFor((s) => s.includes('esc back'), 'the detail view');
    expect(detail).toContain(page2.items[0]!.title.slice(0, 40));
    expect(detail).toContain('URL');
    tty.keys('Escape');
    await tty.waitFor((s) => s.includes('⏎ open') && s.includes('page 2 of'), 'the table again');

    // / edits the query in place; it re-runs as you type.
    tty.keys('/');
    await tty.waitFor((s) => s.includes('esc cancel'), 'query editing');
    tty.type(' label:bug');
    const edited = await tty.waitFor((s) => s.includes(`of ${narrowed.total_count} issues`), 'the edited query’s results');
    expect(edited).toContain('search issues / error label:bug');
    tty.keys('Enter');
    await tty.waitFor((s) => s.includes('search issues › error label:bug'), 'the committed query');

    // s sorts by the kind's first sort key.
    tty.keys('s');
    const sorted = await tty.waitFor((s) => s.includes('sort: comments (desc)'), 'the sorted results');
    expect(sorted).toMatch(new RegExp(`❯ .*#${byComments.items[0]!.number}\\b`));

    // y picks the URL (shown: OSC 52 is never acknowledged, so no "Copied"), q quits: the alternate screen is
    // gone and the URL is printed after it.
    tty.keys('y');
    await tty.waitFor((s) => s.includes('URL: https://'), 'the URL notice');
    tty.keys('q');
    const after = await tty.waitFor((s) => s.includes('EXITED:'), 'the program to exit');
    expect(after).toContain('EXITED:0');
    expect(after).toContain(byComments.items[0]!.html_url);
    expect(after).not.toContain('search issues ›');
    expect(after).not.toContain('↑↓ move');
  });
});
