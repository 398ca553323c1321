/**
 * gh's output flags on the embedded dump (`--json FIELDS`, `--jq`, `--limit`), the terminal rule (the view only
 * when stdin AND stdout are terminals), the one error style with hints, exit codes and help topics.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DATA, main, wantsJson } from '../../src/cli/main.js';
import { toInvocation } from '../../src/cli/kind-command.js';
import { jsonFieldNames } from '../../src/cli/json-fields.js';
import { systemJq } from '../../src/cli/output.js';
import { UsageError } from '../../src/cli/cli-errors.js';

/** The text without SGR escapes (colours). */
const stripSgr = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-flags-cache-'));
process.env.SEARCH_CACHE_DIR = cacheDir;
vi.setConfig({ testTimeout: 60_000 });

/** Run the program with captured streams; `tty` marks stdout (and stdin) as terminals. */
async function run(args: string[], options: { tty?: boolean; stdinTty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const stdout = new PassThrough() as unknown as NodeJS.WriteStream;
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  (stdout as unknown as PassThrough).on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  if (options.tty) stdout.isTTY = true;
  const code = await main(args, {
    stdin: { isTTY: options.stdinTty ?? options.tty ?? false },
    stdout,
    stderr: stderr as unknown as NodeJS.WriteStream,
    env: { SEARCH_CACHE_DIR: cacheDir, ...options.env },
  });
  return { code, out, err };
}

describe('--json FIELDS', () => {
  it('prints the chosen fields of each item, keys sorted, one compact line when piped', async () => {
    const { code, out, err } = await run(['issues', 'is:issue', '--json', 'title,number', '--limit', '3']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out.endsWith('\n') && out.trim().split('\n')).toHaveLength(1);
    const items = JSON.parse(out) as Record<string, unknown>[];
    expect(items).toHaveLength(3);
    for (const item of items) expect(Object.keys(item)).toEqual(['number', 'title']);
  });

  it('reads the words before --json as the query, not as fields (gh users type exactly this)', async () => {
    const fields = await run(['issues', 'shell', 'completions', '--json', 'title,number']);
    const envelope = await run(['issues', 'shell completions', '--json']);
    const expected = (JSON.parse(envelope.out) as { items: { number: number; title: string }[] }).items.map(({ number, title }) => ({ number, title }));
    expect(expected.length).toBeGreaterThan(0);
    expect(JSON.parse(fields.out)).toEqual(expected);
  });

  it('bare --json keeps meaning the exact envelope', async () => {
    const { out } = await run(['issues', 'crash', '--json']);
    expect(Object.keys(JSON.parse(out))).toEqual(['total_count', 'incomplete_results', 'items']);
  });

  it('is indented on a terminal (coloured, as gh colours it; the text without the colours is the same)', async () => {
    const { out } = await run(['repositories', 'dotfiles', '--json', 'fullName', '--limit', '1'], { tty: true });
    expect(out).toContain('\x1b[1;34m"fullName"\x1b[m');
    expect(stripSgr(out)).toMatch(/^\[\n {2}\{\n {4}"fullName": /);
    const plain = await run(['repositories', 'dotfiles', '--json', 'fullName', '--limit', '1'], { tty: true, env: { NO_COLOR: '1' } });
    expect(plain.out).toBe(stripSgr(out));
  });

  it('an unknown field is a usage error listing the available ones', async () => {
    const { code, out, err } = await run(['issues', 'crash', '--json', 'title,titel']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^search: Unknown JSON field: "titel"\nAvailable fields:\n {2}assignees\n/);
    for (const field of jsonFieldNames('issues')) expect(err).toContain(`  ${field}\n`);
    expect(err).toMatch(/hint: `--json` alone/);
  });

  it.each([
    ['issues', ['assignees', 'author', 'authorAssociation', 'body', 'closedAt', 'commentsCount', 'createdAt', 'id', 'isLocked', 'isPullRequest', 'labels', 'number', 'repository', 'state', 'title', 'updatedAt', 'url']],
    ['repositories', ['createdAt', 'defaultBranch', 'description', 'forksCount', 'fullName', 'hasDownloads', 'hasIssues', 'hasPages', 'hasProjects', 'hasWiki', 'homepage', 'id', 'isArchived', 'isDisabled', 'isFork', 'isPrivate', 'language', 'license', 'name', 'openIssuesCount', 'owner', 'pushedAt', 'size', 'stargazersCount', 'updatedAt', 'url', 'visibility', 'watchersCount']],
    ['commits', ['author', 'commit', 'committer', 'id', 'parents', 'repository', 'sha', 'url']],
    ['code', ['path', 'repository', 'sha', 'textMatches', 'url']],
  ] as const)("%s offers gh 2.23's field names", (kind, names) => {
    for (const name of names) expect(jsonFieldNames(kind)).toContain(name);
  });
});

describe('--jq', () => {
  it('filters the envelope; strings print raw, as gh does', async () => {
    const { code, out } = await run(['repositories', 'dotfiles', '--jq', '.items[0].full_name']);
    expect(code).toBe(0);
    expect(out).toBe('mara-lindqvist/dotfiles\n');
  });

  it('filters a field export', async () => {
    const { out } = await run(['issues', 'is:issue', '--json', 'number', '--limit', '5', '--jq', '.[].number']);
    expect(out.trim().split('\n')).toHaveLength(5);
    expect(out.trim().split('\n').every((l) => /^\d+$/.test(l))).toBe(true);
  });

  it('makes the answer JSON even on a terminal', async () => {
    const { out } = await run(['issues', 'crash', '--jq', '.total_count'], { tty: true });
    expect(out).toMatch(/^\d+\n$/);
  });

  it('a bad expression is a usage error with jq’s message', async () => {
    const { code, err } = await run(['issues', 'crash', '--jq', '.items[']);
    expect(code).toBe(2);
    expect(err).toMatch(/^search: --jq: jq: error: syntax error/);
  });

  it('the system jq fallback says how to get jq when there is none', async () => {
    await expect(systemJq('{}', '.', 'jq-that-does-not-exist')).rejects.toThrow(UsageError);
    await expect(systemJq('{}', '.', 'jq-that-does-not-exist')).rejects.toMatchObject({ hint: expect.stringContaining('install jq') });
  });
});

describe('--limit', () => {
  it('walks pages up to N items', async () => {
    const all = JSON.parse((await run(['issues', 'is:issue', '--json'])).out) as { total_count: number };
    expect(all.total_count).toBeGreaterThan(150);
    const { out } = await run(['issues', 'is:issue', '--limit', '150', '--jq', '(.items | length), ([.items[].html_url] | unique | length), .total_count']);
    expect(out.trim().split('\n').map(Number)).toEqual([150, 150, all.total_count]);
  });

  it('stops at the last result', async () => {
    const all = JSON.parse((await run(['issues', 'is:issue', '--json'])).out) as { total_count: number };
    const { out } = await run(['issues', 'is:issue', '--limit', '1000', '--jq', '.items | length']);
    expect(Number(out)).toBe(Math.min(all.total_count, 1000));
  });

  it.each([
    ['0', ['--limit', '0'], /^search: `--limit` must be between 1 and 1000\n/],
    ['above 1000, as gh refuses it', ['-L', '5000'], /^search: `--limit` must be between 1 and 1000\n/],
    ['with --page', ['--limit', '5', '--page', '2'], /cannot be used with option '--page/],
    ['with --per-page', ['--limit', '5', '--per-page', '2'], /cannot be used with option '--per-page/],
  ])('refuses %s (exit 2)', async (_name, flags, message) => {
    const { code, err } = await run(['issues', 'crash', ...flags]);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toMatch(/^search: /);
  });
});

describe('terminals', () => {
  const invocation = toInvocation('issues', ['crash'], { data: DEFAULT_DATA, color: true }, {});
  const io = (stdin: boolean, stdout: boolean, env: NodeJS.ProcessEnv = {}) => ({
    stdin: { isTTY: stdin },
    stdout: { isTTY: stdout } as NodeJS.WriteStream,
    stderr: process.stderr,
    env,
  });
  it.each([
    ['both terminals: the view', true, true, {}, false],
    ['stdin redirected (< /dev/null): JSON', false, true, {}, true],
    ['stdout piped: JSON', true, false, {}, true],
    ['CI=true: JSON', true, true, { CI: 'true' }, true],
    ['TERM=dumb: JSON', true, true, { TERM: 'dumb' }, true],
  ])('%s', (_name, stdin, stdout, env, json) => {
    expect(wantsJson(invocation, io(stdin, stdout, env))).toBe(json);
  });

  it('search issues crash < /dev/null on a terminal prints JSON, exit 0', async () => {
    const { code, out } = await run(['issues', 'crash'], { tty: true, stdinTty: false });
    expect(code).toBe(0);
    expect(JSON.parse(stripSgr(out))).toHaveProperty('total_count');
  });
});

describe('errors: one style, a hint naming the flag', () => {
  it('labels without --repository-id', async () => {
    const { code, err } = await run(['labels', 'bug']);
    expect(code).toBe(1);
    expect(err).toBe('search: Validation Failed: repository_id is missing (HTTP 422)\n  hint: pass the repository with --repository-id <id> (the `id` of a record of `search repositories`)\n');
  });

  it('@me without --user', async () => {
    const { code, err } = await run(['issues', 'author:@me']);
    expect(code).toBe(1);
    expect(err).toMatch(/\n {2}hint: say who @me is with --user <login>/);
  });

  it('@me with --user resolves', async () => {
    const { code } = await run(['issues', 'author:@me', '--user', 'mara-lindqvist']);
    expect(code).toBe(0);
  });

  it("commander's errors use the same prefix", async () => {
    const { code, err } = await run(['issues', 'x', '--frobnicate']);
    expect(code).toBe(2);
    expect(err).toBe("search: unknown option '--frobnicate'\n  hint: run with --help for usage\n");
  });

  it('a port in use is an environment error (exit 3) with the flag to use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, err } = await run(['serve', '--port', String(port)]);
      expect(code).toBe(3);
      expect(err).toMatch(new RegExp(`search: port ${port} is already in use on 127\\.0\\.0\\.1\\n {2}hint: choose another with --port`));
    } finally {
      blocker.close();
    }
  });
});

describe('help topics', () => {
  it.each([
    ['exit-codes', /^Exit codes of search:/, /130/],
    ['syntax', /^Query syntax/, /qualifier:value/],
    ['environment', /^Environment variables read by search:/, /SEARCH_CACHE_DIR/],
  ])('search help %s', async (topic, first, body) => {
    const { code, out } = await run(['help', topic]);
    expect(code).toBe(0);
    expect(out).toMatch(first);
    expect(out).toMatch(body);
  });

  it('search help <command> prints that command’s help; the root help lists the topics', async () => {
    expect((await run(['help', 'issues'])).out).toMatch(/^Usage: search issues/);
    expect((await run(['--help'])).out).toMatch(/Help topics \(search help <topic>\):\n {2}exit-codes/);
  });

  it('an unknown topic is a usage error listing the topics', async () => {
    const { code, err } = await run(['help', 'nope']);
    expect(code).toBe(2);
    expect(err).toMatch(/hint: one of: exit-codes, environment, syntax, /);
  });
});
