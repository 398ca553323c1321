/**
 * The view's keys end to end in tmux, on the embedded dump: `o` (through `BROWSER`, as gh reads it), `r`, `?`,
 * `y` without a known copy, `--select` with Enter (also with stdout piped: the view draws on /dev/tty, as fzf
 * does), Ctrl-C (130), `q` on a refused query (1), and `< /dev/null` on a terminal (JSON, no crash). Each case
 * runs `node bin/search.js` in its own tmux window and reads the exit code the shell echoes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxVersion } from './helpers/tmux.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'bin/search.js');
const version = tmuxVersion();
const skip = !version ? 'tmux is not installed' : !existsSync(path.join(ROOT, 'dist/cli/main.js')) ? 'run npm run build first' : undefined;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe.skipIf(skip !== undefined)(`view keys in ${version ?? 'tmux'}${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dir: string;
  let session: TmuxSession | undefined;
  const first = (): { html_url: string; number: number } =>
    (JSON.parse(execFileSync('node', [BIN, 'issues', 'is:issue', '--json', '--quiet'], { env: { ...process.env, SEARCH_CACHE_DIR: path.join(dir, 'cache') }, encoding: 'utf8' })) as { items: { html_url: string; number: number }[] }).items[0]!;
  /** Run `search <args>` in tmux; `redirect` is appended to the command (e.g. `> out.txt`). */
  const start = (args: string, redirect = '', env = '') => {
    const command = `env -u CI TERM=xterm-256color SEARCH_CACHE_DIR=${quote(path.join(dir, 'cache'))} ${env} node ${quote(BIN)} ${args} ${redirect}; echo "EXITED:$?"; sleep 600`;
    session = new TmuxSession(command, 120, 30);
    return session;
  };
  const exited = async (tty: TmuxSession) => Number(/EXITED:(\d+)/.exec(await tty.waitFor((s) => s.includes('EXITED:'), 'the exit'))![1]);
  const table = (tty: TmuxSession) => tty.waitFor((s) => /of \d+ issues/.test(s), 'the table');

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'search-keys-e2e-'));
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('o opens html_url with $BROWSER and says so', { timeout: 60_000 }, async () => {
    const browser = path.join(dir, 'browser.sh');
    const opened = path.join(dir, 'opened.txt');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$1" >> ${quote(opened)}\n`);
    chmodSync(browser, 0o755);
    const tty = start('issues is:issue', '', `BROWSER=${quote(browser)}`);
    await table(tty);
    tty.keys('o');
    const url = first().html_url;
    await tty.waitFor((s) => s.includes(`Opened ${url}`), 'the opened notice');
    await expect.poll(() => (existsSync(opened) ? readFileSync(opened, 'utf8') : '')).toBe(`${url}\n`);
    tty.keys('q');
    expect(await exited(tty)).toBe(0);
  });

  it('? shows the keys, any key closes them; r reverses the sort; y shows the URL (no claimed copy)', { timeout: 60_000 }, async () => {
    const tty = start('issues is:issue --sort comments');
    await tty.waitFor((s) => s.includes('sort: comments (desc)'), 'the sorted table');
    tty.keys('?');
    const help = await tty.waitFor((s) => s.includes('reverse the order'), 'the key help');
    expect(help).toContain('open the item’s html_url in the browser');
    tty.keys('x');
    await tty.waitFor((s) => !s.includes('reverse the order') && s.includes('sort: comments (desc)'), 'the table again');
    tty.keys('r');
    await tty.waitFor((s) => s.includes('sort: comments (asc)'), 'the reversed order');
    tty.keys('y');
    const notice = await tty.waitFor((s) => s.includes('URL: https://'), 'the URL notice');
    expect(notice).not.toContain('Copied');
    tty.keys('q');
    expect(await exited(tty)).toBe(0);
  });

  it('--select: Enter prints the chosen URL and exits 0, also with stdout redirected', { timeout: 60_000 }, async () => {
    const out = path.join(dir, 'chosen.txt');
    const tty = start('issues is:issue --select', `> ${quote(out)}`);
    await tty.waitFor((s) => s.includes('⏎ choose') && /#\d+/.test(s), 'the select view');
    tty.keys('Enter');
    expect(await exited(tty)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(`${first().html_url}\n`);
  });

  it('--select --json FIELDS prints the chosen fields', { timeout: 60_000 }, async () => {
    const out = path.join(dir, 'chosen.json');
    const tty = start('issues is:issue --select --json number,url', `> ${quote(out)}`);
    await tty.waitFor((s) => s.includes('⏎ choose') && /#\d+/.test(s), 'the select view');
    tty.keys('Enter');
    expect(await exited(tty)).toBe(0);
    const { number, html_url } = first();
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({ number, url: html_url });
  });

  it('Ctrl-C exits 130', { timeout: 60_000 }, async () => {
    const tty = start('issues is:issue');
    await table(tty);
    tty.keys('C-c');
    expect(await exited(tty)).toBe(130);
  });

  it('q on a refused query exits 1, as the same query piped', { timeout: 60_000 }, async () => {
    const tty = start(`issues ${quote('a OR b OR c OR d OR e OR f OR g')}`);
    await tty.waitFor((s) => s.includes('Validation Failed'), 'the refusal');
    tty.keys('q');
    expect(await exited(tty)).toBe(1);
  });

  it('stdin from /dev/null on a terminal: JSON, exit 0, no raw-mode crash', { timeout: 60_000 }, async () => {
    const tty = start('issues crash', '< /dev/null');
    const screen = await tty.waitFor((s) => s.includes('EXITED:'), 'the exit');
    expect(screen).toContain('"total_count"');
    expect(screen).not.toContain('Raw mode');
    expect(screen).toContain('EXITED:0');
  });
});
