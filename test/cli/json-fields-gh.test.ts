/**
 * The oracle for `--json FIELDS`: Debian's gh 2.23 against `search serve` on the embedded dump. For the same
 * query, `gh search <kind> … --json <every field>` and `search <kind> … --json <every field>` print the same
 * values (gh adds `type:issue` to issue searches; the CLI is given the same q). Skips when gh is absent.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA, main } from '../../src/cli/main.js';
import { jsonFieldNames } from '../../src/cli/json-fields.js';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { listen, type RunningServer } from '../../src/server/listen.js';
import { createHandler } from '../../src/server/routes.js';
import { openStore } from '../../src/store/store.js';
import { ghVersion, runGh } from '../server/helpers/gh.js';

const version = ghVersion();
const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-gh-fields-'));

async function ours(kind: Kind, q: string, fields: string): Promise<unknown> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await main([kind, q, '--limit', '30', '--json', fields], {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new PassThrough() as unknown as NodeJS.WriteStream,
    env: { SEARCH_CACHE_DIR: cacheDir },
  });
  expect(code).toBe(0);
  return JSON.parse(out);
}

describe.skipIf(!version)(`--json FIELDS prints what gh ${version ?? '(skipped: gh is not installed)'} prints`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    const store = openStore(DEFAULT_DATA, { cacheDir });
    server = await listen({ handler: createHandler({ search: (r) => runSearch(r, store), rateLimit: false, previews: 'optional' }), port: 0 });
  }, 120_000);
  afterAll(() => server?.close());

  it.each([
    ['issues', ['search', 'issues', 'shell'], 'shell type:issue', jsonFieldNames('issues').filter((f) => f !== 'isDraft')],
    ['issues (pull requests)', ['search', 'prs', 'parser'], 'parser type:pr', jsonFieldNames('issues')],
    ['repositories', ['search', 'repos', 'cli'], 'cli', jsonFieldNames('repositories')],
    ['commits', ['search', 'commits', 'fix'], 'fix', jsonFieldNames('commits')],
  ] as const)('%s', async (name, ghArgs, q, fields) => {
    const kind: Kind = name.startsWith('issues') ? 'issues' : (name as Kind);
    const gh = await runGh(server.url, [...ghArgs, '--limit', '30', '--json', fields.join(',')]);
    expect(gh.stderr).toBe('');
    const expected = JSON.parse(gh.stdout) as unknown[];
    expect(expected.length).toBeGreaterThan(0);
    expect(await ours(kind, q, fields.join(','))).toEqual(expected);
  }, 120_000);
});
