/**
 * Ctrl-C in the interactive view while the index build it started is under way (tmux, the built binary): the
 * process exits 130 through the view's own path, the cursor is shown again, the build's worker thread is stopped
 * and every temporary file the build had open in the cache directory is gone. The dump is made here, large enough
 * (about 70 MB of issues) that the cold build runs for seconds, so the key lands during the pass. How fast the
 * process ends is measured outside the tests (docs/view.md), never asserted here.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxVersion } from './helpers/tmux.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'bin/search.js');
const version = tmuxVersion();
const skip = !version ? 'tmux is not installed' : !existsSync(path.join(ROOT, 'dist/cli/main.js')) ? 'run npm run build first' : undefined;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Copies of the embedded dump's issues written: 15,400 issues of about 4.6 KB each. */
const COPIES = 44;

/** The embedded issues, renumbered per copy, as one `issues.json` in `dir`. */
async function writeLargeDump(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const issues = JSON.parse(readFileSync(path.join(ROOT, 'data/issues.json'), 'utf8')) as Record<string, unknown>[];
  const out = createWriteStream(path.join(dir, 'issues.json'));
  out.write('[');
  for (let copy = 0; copy < COPIES; copy++) {
    const texts = issues.map((issue, i) => JSON.stringify({ ...issue, id: copy * 1_000_000 + i, number: copy * 10_000 + i + 1 }));
    if (!out.write(`${copy === 0 ? '' : ','}${texts.join(',')}`)) await once(out, 'drain');
  }
  out.end(']');
  await once(out, 'finish');
}

/** The cache directory's temporary files (`<name>.<pid>[.<random>].tmp`, cache/temp-file.ts). */
const temps = (cache: string): string[] => (existsSync(cache) ? readdirSync(cache).filter((name) => /\.\d+(?:\.[0-9a-z]+)?\.tmp$/.test(name)) : []);

describe.skipIf(skip !== undefined)(`Ctrl-C during a cold build in ${version ?? 'tmux'}${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dir: string;
  let session: TmuxSession | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'search-interrupt-e2e-'));
    await writeLargeDump(path.join(dir, 'dump'));
  }, 60_000);
  afterEach(() => {
    session?.close();
    session = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 130 with the cursor shown, the worker stopped and no temporary file left', { timeout: 60_000 }, async () => {
    const cache = path.join(dir, 'cache');
    const command = `sleep 0.3; env -u CI -u BROWSER -u GH_BROWSER TERM=xterm-256color SEARCH_CACHE_DIR=${quote(cache)} node ${quote(BIN)} issues bug --data ${quote(path.join(dir, 'dump'))}; echo "EXITED:$?"; sleep 600`;
    const tty = new TmuxSession(command, 120, 30);
    session = tty;
    // The pass is under way: its progress is on the screen and its files are open in the cache directory.
    await tty.waitFor((s) => /Building the index of issues .* [1-9][\d,]*\/[\d,]+/.test(s), 'the build progress');
    expect(temps(cache).length).toBeGreaterThan(0);
    tty.keys('C-c');
    const after = await tty.waitFor((s) => s.includes('EXITED:'), 'the exit');
    expect(after).toContain('EXITED:130');
    expect(after).not.toContain('Building the index'); // the alternate screen is gone
    expect(tty.format('#{cursor_flag}')).toBe('1');
    expect(temps(cache)).toEqual([]);
    // Nothing of the interrupted build was published: the next run builds again from the start.
    expect(readdirSync(cache).filter((name) => name.startsWith('issues-') && name.endsWith('.records'))).toEqual([]);
  });
});
