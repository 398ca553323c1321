/**
 * End to end: the Debian GitHub CLI (2.23), unmodified, against `search serve` started through its command
 * (real store, real core) over real GitHub records: `gh search issues|prs|repos|commits` with `--json` and the
 * table view, `--limit 200`, `gh api … --paginate`, and private repositories per token.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServeCommand } from '../../src/cli/serve-command.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import type { RunningServer, SignalSource } from '../../src/server/listen.js';
import { ghVersion, runGh } from './helpers/gh.js';
import { coreReady, hasSource, SHARED_DATA, storeFor } from './helpers/real-core.js';

const HUB = 'hub4j-github-api-wiremock';
const version = ghVersion();
const skip = !version
  ? 'gh is not installed; apt-get install -y gh'
  : !coreReady()
    ? 'the core is still a stub'
    : !hasSource(HUB)
      ? `../shared/data/${HUB} not found`
      : undefined;

describe.skipIf(skip !== undefined)(`gh ${version ?? ''} against search serve on the real core${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const signals = new EventEmitter();
  const calls: SearchRequest[] = [];
  let server: RunningServer;
  let stderr = '';
  let done: Promise<unknown>;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-real-'));
    const access = join(dir, 'access.json');
    writeFileSync(access, JSON.stringify({ users: [{ login: 'bob', tokens: ['tok-bob'], read: ['cloudbees'] }, { login: 'eve', tokens: ['tok-eve'] }] }));
    let ready!: (server: RunningServer) => void;
    const listening = new Promise<RunningServer>((resolve) => (ready = resolve));
    const command = createServeCommand({
      defaultData: join(SHARED_DATA, HUB),
      search: (request, store) => {
        calls.push(request);
        return runSearch(request, store);
      },
      stderr: new Writable({ write: (chunk, _encoding, next) => { stderr += String(chunk); next(); } }),
      signals: signals as unknown as SignalSource,
      onListening: ready,
    }).exitOverride();
    done = command.parseAsync(['--port', '0', '--workers', '1', '--previews', 'optional', '--rate-limit', 'off', '--auth', access], { from: 'user' });
    server = await Promise.race([listening, done.then(() => { throw new Error('serve ended early'); })]);
  }, 120_000);
  afterAll(async () => {
    signals.emit('SIGTERM');
    await done;
  });

  /** The first `limit` items the core gives for the q gh sent (gh's own paging reproduced at 100 per page). */
  async function coreItems(q: string, kind: SearchRequest['kind'], limit: number): Promise<Record<string, unknown>[]> {
    const store = await storeFor(join(SHARED_DATA, HUB));
    const items: Record<string, unknown>[] = [];
    for (let page = 1; items.length < limit; page++) {
      const result = await runSearch({ kind, q, page: String(page), per_page: '100', requirePreviews: false }, store);
      if (result.envelope.items.length === 0) break;
      items.push(...result.envelope.items);
    }
    return items.slice(0, limit);
  }

  it('prints one start-up line naming the address, the dump and its counts', () => {
    expect(stderr.split('\n')[0]).toMatch(
      new RegExp(`^search serve: listening on ${server.url} — .*${HUB} \\(.*issues \\d+.*\\); rate limit off, previews optional \\(as given\\); access from .*; 1 worker$`),
    );
  });

  it.each([
    ['issues', ['search', 'issues', '--state', 'closed'], 'number,url,state', 'issues', 'html_url', 'url'],
    ['prs', ['search', 'prs', '--state', 'closed'], 'number,url,state', 'issues', 'html_url', 'url'],
    ['repos', ['search', 'repos', '--stars', '>=0'], 'fullName,url', 'repositories', 'html_url', 'url'],
    // Every keyword must match (stop words included), so an OR of common words reaches 200+ commits.
    ['commits', ['search', 'commits', 'the', 'OR', 'a', 'OR', 'of', 'OR', 'and', 'OR', 'for'], 'sha,url', 'commits', 'html_url', 'url'],
  ] as const)('gh search %s --limit 200 --json gives the core’s first 200 items', async (_name, args, fields, kind, coreKey, ghKey) => {
    const before = calls.length;
    const run = await runGh(server.url, [...args, '--limit', '200', '--json', fields], 'tok-eve');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(items).toHaveLength(200);
    const q = calls[before]!.q!;
    const expected = await coreItems(q, kind, 200);
    expect(items.map((item) => item[ghKey])).toEqual(expected.map((item) => item[coreKey]));
  });

  it.each([
    [['search', 'issues', 'test', '--limit', '5'], 5],
    [['search', 'prs', 'fix', '--limit', '4'], 4],
    [['search', 'repos', 'github', '--limit', '5'], 5],
    [['search', 'commits', 'fix', '--limit', '3'], 3],
  ])('table view: gh %j prints %i rows', async (args, rows) => {
    const run = await runGh(server.url, args, 'tok-eve');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(rows);
    for (const line of lines) expect(line.split('\t').length).toBeGreaterThanOrEqual(4);
  });

  it('gh search prs --merged lists merged pull requests with their merge time (pull_request.merged_at)', async () => {
    const run = await runGh(server.url, ['search', 'prs', '--merged', '--limit', '100', '--json', 'number,url,state'], 'tok-eve');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout) as Array<{ url: string }>;
    expect(items.length).toBeGreaterThan(0);
    const store = await storeFor(join(SHARED_DATA, HUB));
    const core = await runSearch({ kind: 'issues', q: 'is:pr is:merged', per_page: '100' }, store);
    for (const item of core.envelope.items) expect(typeof (item.pull_request as { merged_at?: unknown }).merged_at).toBe('string');
    expect(items.map((i) => i.url)).toEqual(core.envelope.items.map((i) => i.html_url));
  });

  it('gh search prs --state open --json isDraft reads a boolean draft on every pull request', async () => {
    const run = await runGh(server.url, ['search', 'prs', '--state', 'open', '--limit', '100', '--json', 'number,isDraft'], 'tok-eve');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout) as Array<{ isDraft: unknown }>;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(typeof item.isDraft).toBe('boolean');
  });

  it('gh search repos --limit 200 shows each repository name once (the newest recording of a name wins)', async () => {
    const run = await runGh(server.url, ['search', 'repos', '--stars', '>=0', '--limit', '200', '--json', 'fullName'], 'tok-eve');
    expect(run.code).toBe(0);
    const names = (JSON.parse(run.stdout) as Array<{ fullName: string }>).map((r) => r.fullName.toLowerCase());
    expect(names).toHaveLength(200);
    expect(new Set(names).size).toBe(200);
  });

  it('gh api --paginate walks the Link header to the 1000-result window', async () => {
    const run = await runGh(server.url, ['api', 'search/repositories?q=stars:>=0&per_page=100', '--paginate', '--jq', '.items[].id'], 'tok-eve');
    expect(run.code).toBe(0);
    const ids = run.stdout.trim().split('\n');
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
  });

  it('private repositories follow the token: none for eve, cloudbees ones for bob, 401 for an unknown token', async () => {
    const eve = await runGh(server.url, ['search', 'repos', '--visibility', 'private', '--json', 'fullName'], 'tok-eve');
    expect(eve.code).toBe(0);
    expect(JSON.parse(eve.stdout)).toEqual([]);
    const bob = await runGh(server.url, ['search', 'repos', '--visibility', 'private', '--json', 'fullName', '--limit', '100'], 'tok-bob');
    const names = (JSON.parse(bob.stdout) as { fullName: string }[]).map((r) => r.fullName.toLowerCase());
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('cloudbees/'))).toBe(true);
    const stranger = await runGh(server.url, ['search', 'repos', 'github'], 'nope');
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toContain('Bad credentials');
  });
});
