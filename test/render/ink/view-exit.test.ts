/**
 * How the view ends (run-interactive-view.tsx's `outcome`) and how `o` reports: the refusal printed on stderr
 * after the screen is restored, the URL printed on exit made safe, and the opener's verdict with a logging stand-in
 * browser (BROWSER set to a script that records its argv).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invalidQuery } from '../../../src/api-error.js';
import { openInBrowser } from '../../../src/render/ink/browser.js';
import { outcome, refusalText } from '../../../src/render/ink/run-interactive-view.js';
import { toViewError } from '../../../src/render/ink/state/query-error.js';
import { HOSTILE_URLS } from '../../hostile/records.js';

const dir = mkdtempSync(path.join(tmpdir(), 'search-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in browser: appends its arguments, one per line, to `log`, then exits with `code`. */
function browser(name: string, code = 0): { command: string; log: string } {
  const log = path.join(dir, `${name}.log`);
  const script = path.join(dir, `${name}.sh`);
  writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}'; done\nexit ${code}\n`);
  chmodSync(script, 0o755);
  return { command: `${script} --new-window`, log };
}

describe('o: the opener', () => {
  it('passes a checked URL as the last argument and reports success', async () => {
    const { command, log } = browser('ok');
    expect(await openInBrowser('https://github.com/o/r/issues/1', { BROWSER: command }, 5000)).toBe('Opened https://github.com/o/r/issues/1 in the browser');
    expect(readFileSync(log, 'utf8')).toBe('--new-window\nhttps://github.com/o/r/issues/1\n');
  });

  it('reports an opener that fails', async () => {
    const { command } = browser('fails', 3);
    expect(await openInBrowser('https://github.com/o/r/issues/1', { BROWSER: command }, 5000)).toMatch(/^Could not open a browser \(.*fails\.sh exited with code 3\): https:\/\/github\.com/);
  });

  it('reports an opener that does not exist', async () => {
    expect(await openInBrowser('https://github.com/o/r', { BROWSER: path.join(dir, 'nowhere') }, 5000)).toMatch(/^Could not open a browser \(.*ENOENT.*\): https:\/\/github\.com\/o\/r$/);
  });

  it.each(HOSTILE_URLS.map((url): [string] => [url]))('never runs the opener with %j', async (url) => {
    const { command, log } = browser(`hostile-${HOSTILE_URLS.indexOf(url as never)}`);
    expect(await openInBrowser(url, { BROWSER: command }, 5000)).toMatch(/^Not opened: /);
    expect(existsSync(log)).toBe(false);
  });
});

describe('outcome: what the view leaves on the terminal', () => {
  const refused = toViewError(invalidQuery('The query \u001b]0;x\u0007 is bad'), 'q \u009b2J');
  const quit = { how: 'quit' as const, copied: undefined, chosen: undefined, refused: true, error: refused };

  it('q after a refusal: exit 1 and GitHub\'s message with a hint, made visible', () => {
    const result = outcome(quit, undefined);
    expect(result.exitCode).toBe(1);
    expect(result.refusal).toBe('search: The query ␛]0;x␇ is bad (HTTP 422)\n  hint: search help syntax shows the query syntax; the query was: q \uFFFD2J\n');
    expect(refusalText(refused)).toBe(result.refusal);
  });

  it('Ctrl-C after a refusal: 130, and the refusal still printed', () => {
    expect(outcome({ ...quit, how: 'interrupt' }, undefined)).toMatchObject({ exitCode: 130, refusal: expect.stringContaining('(HTTP 422)') });
  });

  it('no refusal, nothing on stderr; a copied URL is printed as is', () => {
    expect(outcome({ how: 'quit', copied: 'https://github.com/o/r', chosen: undefined, refused: false }, undefined)).toEqual({ exitCode: 0, printOnExit: 'https://github.com/o/r' });
  });
});
