/**
 * The hostile-records corpus through every CLI output: the JSON envelope and `--json FIELDS` keep every byte (JSON
 * is data; the attacks stay escaped or raw exactly as JSON.stringify writes them), `--jq` is unchanged when piped
 * and made visible on a terminal, and an error that quotes a hostile record key cannot drive the terminal.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { renderJson } from '../../src/envelope/envelope.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { createHandler } from '../../src/server/routes.js';
import { ATTACKS, drivesTerminal, hostileIssues, writeHostileDump } from './records.js';

const root = mkdtempSync(path.join(tmpdir(), 'search-hostile-records-'));
const cacheDir = path.join(root, 'cache');
const dump = writeHostileDump(path.join(root, 'dump'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(args: string[], tty = false) {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, {
    stdin: { isTTY: false },
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    env: { SEARCH_CACHE_DIR: cacheDir },
  });
  return { code, out, err };
}

describe('hostile records through the CLI outputs', () => {
  it('the JSON envelope is byte for byte the core\'s, every attack kept (ESC escaped by JSON, C1 and bidi raw)', async () => {
    const { code, out, err } = await run(['issues', 'zebra', '--data', dump, '--per-page', '100', '--json']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const expected = await runSearch({ kind: 'issues', q: 'zebra', per_page: '100', accept: 'application/vnd.github.v3+json' }, openStore(dump, { cacheDir }));
    expect(out).toBe(renderJson(expected.envelope));
    const items = (JSON.parse(out) as { items: { number: number; title: string }[] }).items;
    const byNumber = new Map(hostileIssues().map((issue) => [issue.number, issue]));
    for (const item of items) expect(item.title).toBe(byNumber.get(item.number)?.title);
    expect(out).toContain('\\u001b]52;c;');
    expect(out).toContain(ATTACKS.csi8bit);
    expect(out).toContain(ATTACKS.rtlOverride);
  });

  it('--json FIELDS keeps the values exactly', async () => {
    const { code, out } = await run(['issues', 'zebra', '--data', dump, '--per-page', '100', '--json', 'number,title,url']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as { number: number; title: string; url: string }[];
    const first = rows.find((row) => row.number === 1)!;
    expect(first.title).toBe(hostileIssues()[0]!.title);
    expect(first.url).toBe('--remote-debugging-port=9222');
  });

  it('--jq piped prints strings raw, byte for byte', async () => {
    const { code, out, err } = await run(['issues', 'zebra', '--data', dump, '--jq', '.items[] | select(.number == 1) | .title']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toBe(`${hostileIssues()[0]!.title}\n`);
  });

  it('--jq on a terminal makes every control visible', async () => {
    const { code, out } = await run(['issues', 'zebra', '--data', dump, '--per-page', '100', '--jq', '.items[] | .title, .body, (.labels[]?.name)'], true);
    expect(code).toBe(0);
    expect(out).toContain('␛]52;c;');
    expect(out).toContain('␛]0;pwned␇');
    expect(drivesTerminal(out.replace(/\n/g, ''))).toBe(false);
  });

  it('an error quoting a hostile record key is made visible on stderr', async () => {
    const bad = path.join(root, 'bad');
    writeHostileDump(bad);
    const key = `k${ATTACKS.title}${ATTACKS.clear}${ATTACKS.csi8bit}`;
    const deep = '['.repeat(100) + ']'.repeat(100);
    writeFileSync(path.join(bad, 'issues.json'), `[{"number":1,"title":"t","repository_url":"https://api.github.com/repos/o/r",${JSON.stringify(key)}:${deep}}]`);
    const { code, err } = await run(['issues', 'zebra', '--data', bad]);
    expect(code).toBe(3);
    expect(err).toContain('k␛]0;pwned␇␛[2J␛[H');
    expect(drivesTerminal(err.replace(/\n/g, ''))).toBe(false);
  });

  it('serve answers the same bytes as the CLI (JSON is never sanitised)', async () => {
    const { out } = await run(['issues', 'zebra', '--data', dump, '--per-page', '100', '--json']);
    const store = openStore(dump, { cacheDir });
    const handle = createHandler({ rateLimit: false, search: (request) => runSearch(request, store) });
    const response = await handle(new Request('http://localhost/search/issues?q=zebra&per_page=100'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(out);
  });
});
