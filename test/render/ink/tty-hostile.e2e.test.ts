/**
 * End to end in a real terminal (tmux): the built binary over the hostile-records corpus. The tmux here acts on
 * OSC 0 (pane title) and OSC 52 (a paste buffer, `set-clipboard on`), checked first with a raw `printf`, so the
 * view's tests could fail. Then: the view neither retitles the window nor writes the clipboard, shows the cursor
 * after q and Ctrl-C, `o` hands only checked URLs to a logging stand-in browser and reports its verdict, a 422's
 * footer names the refusal and the refusal stays on the terminal after quitting, and Ctrl-C during `search index`
 * ends the process at once with the cursor shown (in the view: tty-interrupt.e2e.test.ts).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeHostileDump } from '../../hostile/records.js';
import { TmuxSession, tmuxVersion } from './helpers/tmux.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'bin/search.js');
const REAL_DUMP = path.resolve(ROOT, '../shared/data/hub4j-github-api-wiremock');

const version = tmuxVersion();
const skip = !version
  ? 'tmux is not installed (apt-get install -y tmux)'
  : !existsSync(path.join(ROOT, 'dist/cli/main.js'))
    ? 'dist/cli/main.js does not exist (run npm run build)'
    : undefined;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe.skipIf(skip !== undefined)(`hostile records in a real terminal (${version ?? 'tmux'})${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let root: string;
  let dump: string;
  let session: TmuxSession | undefined;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'search-e2e-hostile-'));
    dump = writeHostileDump(path.join(root, 'dump'));
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Run `search <args>` in a fresh tmux window (clipboard writes on), echoing its exit code. */
  const start = (args: string, env = '', cache = path.join(root, 'cache')) => {
    const command = `sleep 0.3; env -u CI -u BROWSER -u GH_BROWSER TERM=xterm-256color SEARCH_CACHE_DIR=${quote(cache)} ${env} node ${quote(BIN)} ${args}; echo "EXITED:$?"; sleep 600`;
    session = new TmuxSession(command, 120, 30);
    session.setOption('set-clipboard', 'on');
    return session;
  };

  /** A stand-in browser that logs its argv, one argument a line. */
  const browser = () => {
    const log = path.join(root, `browser-${Date.now()}.log`);
    const script = path.join(root, `browser-${Date.now()}.sh`);
    writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> ${quote(log)}; done\n`);
    chmodSync(script, 0o755);
    return { env: `BROWSER=${quote(script)}`, log };
  };

  it('this tmux acts on OSC 0 and OSC 52 (so the checks below can fail)', async () => {
    const tty = new TmuxSession(`sleep 0.3; printf '\\033]0;pwned\\007\\033]52;c;aGVsbG8=\\007'; echo DONE; sleep 600`, 80, 10);
    session = tty;
    tty.setOption('set-clipboard', 'on');
    await tty.waitFor((s) => s.includes('DONE'), 'the printf');
    expect(tty.buffers().length).toBe(1);
    expect(tty.format('#{pane_title}')).toBe('pwned');
  });

  it('the view shows the attacks as text: no new title, no clipboard write, cursor back after q', { timeout: 60_000 }, async () => {
    const tty = start(`issues 'zebra title' --data ${quote(dump)}`);
    const title = tty.format('#{pane_title}');
    const table = await tty.waitFor((s) => s.includes('Showing 1–1 of 1 issues'), 'the table');
    expect(table).toContain('zebra ␛]52;c;');
    tty.keys('Enter');
    const detail = await tty.waitFor((s) => s.includes('Milestone'), 'the detail');
    expect(detail).toContain('mallory␛[5m␛P1$r␛\\');
    expect(detail).toContain('--remote-debugging-port=9222');
    tty.keys('q');
    await tty.waitFor((s) => s.includes('EXITED:0'), 'the exit');
    expect(tty.format('#{pane_title}')).toBe(title);
    expect(tty.format('#{pane_title}')).not.toContain('pwned');
    expect(tty.buffers()).toEqual([]);
    expect(tty.format('#{cursor_flag}')).toBe('1');
  });

  it('a 200k-character title draws, and q quits', { timeout: 60_000 }, async () => {
    const tty = start(`issues 'zebra huge' --data ${quote(dump)}`);
    const table = await tty.waitFor((s) => s.includes('Showing 1–1 of 1 issues'), 'the table');
    expect(table).toContain('zebra huge 👍🏽 wide 漢字');
    tty.keys('Enter');
    await tty.waitFor((s) => /lines 1–\d+ of \d+/.test(s), 'the detail');
    tty.keys('q');
    await tty.waitFor((s) => s.includes('EXITED:0'), 'the exit');
  });

  it('o hands a checked URL to the browser and says so; a hostile one never reaches it', { timeout: 60_000 }, async () => {
    const { env, log } = browser();
    const tty = start(`issues 'zebra safe' --data ${quote(dump)}`, env);
    await tty.waitFor((s) => s.includes('Showing 1–1 of 1 issues'), 'the table');
    tty.keys('o');
    await tty.waitFor((s) => s.includes('Opened https://github.com/o/r/issues/10 in the browser'), 'the opener\'s verdict');
    expect(readFileSync(log, 'utf8')).toBe('https://github.com/o/r/issues/10\n');
    tty.keys('/', 'C-u');
    tty.type('zebra three');
    tty.keys('Enter');
    // The row itself: the footer of the previous answer (also one item) shows until the new one arrives.
    await tty.waitFor((s) => /#3\s+zebra three/.test(s), 'the hostile item');
    tty.keys('o');
    await tty.waitFor((s) => s.includes('Not opened: only http:// and https:// URLs are opened: file:///etc/passwd'), 'the refusal');
    tty.keys('y');
    await tty.waitFor((s) => s.includes('Not copied: only http:// and https:// URLs are opened'), 'the copy refusal');
    tty.keys('q');
    await tty.waitFor((s) => s.includes('EXITED:0'), 'the exit');
    expect(readFileSync(log, 'utf8')).toBe('https://github.com/o/r/issues/10\n');
  });

  it('o without BROWSER ends with a verdict instead of "Opening…" forever', { timeout: 60_000 }, async () => {
    // No display here: the platform opener fails, or hands over to some browser; either way the footer says.
    const tty = start(`issues 'zebra safe' --data ${quote(dump)}`, 'DISPLAY= WAYLAND_DISPLAY= PATH=/nonexistent:/usr/bin:/bin');
    await tty.waitFor((s) => s.includes('Showing 1–1 of 1 issues'), 'the table');
    tty.keys('o');
    await tty.waitFor((s) => /Opened https:\/\/github\.com\/o\/r\/issues\/10 in the browser|Could not open a browser \(.*\): https:\/\/github\.com\/o\/r\/issues\/10/.test(s), 'the opener\'s verdict', 15_000);
    tty.keys('q');
    await tty.waitFor((s) => s.includes('EXITED:0'), 'the exit');
  });

  it('a 422 replaces the footer, and the refusal and its hint stay on the terminal after q (exit 1)', { timeout: 60_000 }, async () => {
    const tty = start(`issues 'zebra repo:nobody/nothing' --data ${quote(dump)}`);
    const panel = await tty.waitFor((s) => s.includes('Validation Failed (HTTP 422)'), 'the refusal');
    expect(panel).toContain('Refused (HTTP 422): The listed users and repositories cannot be searched');
    expect(panel).not.toContain('Showing');
    tty.keys('q');
    const after = await tty.waitFor((s) => s.includes('EXITED:1'), 'the exit');
    expect(after).toMatch(/search: The listed users and repositories cannot be searched[\s\S]*\(HTTP 422\)/);
    expect(after).toContain('hint: search help syntax');
  });

  it.skipIf(!existsSync(REAL_DUMP))('Ctrl-C during search index on a terminal exits 130 with the cursor shown', { timeout: 60_000 }, async () => {
    const tty = start(`index --data ${quote(REAL_DUMP)}`, '', path.join(root, `index-${Date.now()}`));
    // The progress bar (which hides the cursor) shows after a moment.
    await tty.waitFor((s) => s.trim() !== '', 'the progress bar', 20_000);
    tty.keys('C-c');
    await tty.waitFor((s) => s.includes('EXITED:130'), 'the exit', 10_000);
    expect(tty.format('#{cursor_flag}')).toBe('1');
  });
});
