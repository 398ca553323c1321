/**
 * The Debian GitHub CLI (2.23) against search serve backed by the fake core: the transport through HTTP_PROXY
 * (absolute-form targets), `--json`, the table view, `--limit 200` paging via Link, and `gh api --paginate`.
 * The same commands against the real core and dumps are in gh-real.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/server/listen.js';
import { createHandler } from '../../src/server/routes.js';
import { fakeSearch } from './fixtures/fake-search.js';
import { ghVersion, runGh } from './helpers/gh.js';

const version = ghVersion();

describe.skipIf(!version)(`gh ${version ?? '(skipped: gh is not installed; apt-get install -y gh)'} against the fake core`, () => {
  let server: RunningServer;
  const search = fakeSearch();
  beforeAll(async () => {
    server = await listen({ handler: createHandler({ search, rateLimit: false }), port: 0 });
  });
  afterAll(() => server.close());

  it('gh search issues --json --limit 200 pages through Link and prints every item', async () => {
    const run = await runGh(server.url, ['search', 'issues', 'crash', 'count:1000', '--json', 'number,title,state,url', '--limit', '200']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout) as { number: number; url: string }[];
    expect(items).toHaveLength(200);
    expect(new Set(items.map((i) => i.number)).size).toBe(200);
    expect(items[0]?.url).toBe('https://github.com/octo/public/issues/1');
    const pages = search.calls.filter((c) => c.q === 'crash count:1000 type:issue').map((c) => c.page);
    expect(pages).toEqual(['1', '2']);
  });

  it('gh search issues prints the table view', async () => {
    const run = await runGh(server.url, ['search', 'issues', 'crash', 'count:5']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(3);
    expect(run.stdout).toContain('octo/public\t1\topen\tCrash when parsing item 1');
  });

  it('gh api --paginate follows next links', async () => {
    const run = await runGh(server.url, ['api', 'search/issues?q=crash+count:500&per_page=100', '--paginate', '--jq', '.items[].number']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(250);
  });

  it('gh reports a 422 with the query and GitHub’s message', async () => {
    const run = await runGh(server.url, ['api', 'search/issues?q=']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('"code": "missing"');
  });
});
