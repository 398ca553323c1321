import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../src/cli/main.js';
import { renderJson } from '../../src/envelope/envelope.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { SMALL_DUMP } from '../helpers/small-dump.js';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-cli-cache-'));

/** Run the program with captured, non-TTY streams. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    env: { SEARCH_CACHE_DIR: cacheDir, ...env },
  });
  return { code, out, err };
}

process.env.SEARCH_CACHE_DIR = cacheDir;

describe('search <kind>', () => {
  it('writes exactly the envelope the core builds, byte for byte', async () => {
    const { code, out, err } = await run(['issues', 'crash label:bug', '--data', SMALL_DUMP]);
    const expected = await runSearch({ kind: 'issues', q: 'crash label:bug', accept: 'application/vnd.github.v3+json' }, openStore(SMALL_DUMP, { cacheDir }));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toBe(renderJson(expected.envelope));
    expect(Object.keys(JSON.parse(out))).toEqual(['total_count', 'incomplete_results', 'items']);
  });

  it('joins several query words into one q', async () => {
    const one = await run(['issues', 'crash blue', '--data', SMALL_DUMP]);
    const many = await run(['issues', 'crash', 'blue', '--data', SMALL_DUMP]);
    expect(many.out).toBe(one.out);
  });

  it.each([
    ['--sort comments --order asc', ['--sort', 'comments', '--order', 'asc'], (env: { items: Array<{ comments: number }> }) => env.items.map((i) => i.comments), [1, 2, 5]],
    ['--per-page 1 --page 2', ['--per-page', '1', '--page', '2'], (env: { items: unknown[]; total_count: number }) => [env.items.length, env.total_count], [1, 3]],
  ])('passes %s', async (_name, flags, pick, expected) => {
    const { out } = await run(['issues', 'crash', '--data', SMALL_DUMP, ...flags]);
    expect(pick(JSON.parse(out))).toEqual(expected);
  });

  it('sends the commit preview by itself, and --text-match adds text_matches', async () => {
    const { code, out } = await run(['commits', 'typo', '--text-match', '--data', SMALL_DUMP]);
    expect(code).toBe(0);
    expect(JSON.parse(out).items[0]).toHaveProperty('text_matches');
  });

  it('lets --accept override the preview (415)', async () => {
    const { code, out, err } = await run(['topics', 'light', '--accept', 'application/vnd.github.v3+json', '--data', SMALL_DUMP]);
    expect(code).toBe(1);
    expect(JSON.parse(out).message).toMatch(/^If you would like to help us test the Topics API/);
    expect(err).toMatch(/HTTP 415/);
  });

  it.each([
    ['a refused query: body on stdout, one line on stderr, exit 1', ['issues', 'AND', '--data', SMALL_DUMP], 1, /only logical operators/],
    ['an unknown option: exit 2', ['issues', 'x', '--frobnicate'], 2, /unknown option/],
    ['a bad sort key: exit 2', ['issues', 'x', '--sort', 'likes'], 2, /Allowed choices are comments/],
    ['a missing dump: exit 3', ['issues', 'x', '--data', '/nonexistent/dump'], 3, /nonexistent/],
  ])('%s', async (_name, args, code, message) => {
    const result = await run(args);
    expect(result.code).toBe(code);
    expect(result.err).toMatch(message);
    expect(result.err.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(result.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('names the file, record and field of a corrupt dump', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bad-dump-'));
    writeFileSync(path.join(dir, 'issues.json'), JSON.stringify([{ number: 1, title: 'ok' }, { number: 'two', title: 'bad' }]));
    const { code, err } = await run(['issues', 'ok', '--data', dir]);
    expect(code).toBe(3);
    expect(err).toContain(`${path.join(dir, 'issues.json')}, record 1, field "number"`);
  });

  it('reads the dump from SEARCH_DATA', async () => {
    // commander reads option defaults from the process environment
    process.env.SEARCH_DATA = SMALL_DUMP;
    const viaEnv = await run(['issues', 'crash']).finally(() => delete process.env.SEARCH_DATA);
    const viaFlag = await run(['issues', 'crash', '--data', SMALL_DUMP]);
    expect(viaEnv.out).toBe(viaFlag.out);
  });
});

describe('help', () => {
  it('lists every kind and the exit codes', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    for (const kind of ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'serve', 'index', 'import']) {
      expect(out).toMatch(new RegExp(`^  ${kind}\\b`, 'm'));
    }
    expect(out).toMatch(/Exit codes: 0 ok, 1 refused/);
  });

  it("teaches a kind's qualifiers, unsupported ones and sort keys", async () => {
    const { out } = await run(['issues', '--help']);
    expect(out).toMatch(/Qualifiers: .*label.*milestone/);
    expect(out).toMatch(/Not supported \(answered 422\): commenter:/);
    expect(out).toMatch(/Sort keys: comments, reactions/);
  });

  it('sets up only the invoked subcommand, with the same help as in the whole program', () => {
    const io = { stdout: process.stdout, stderr: process.stderr, env: {} };
    const whole = buildProgram(io);
    expect(whole.commands.map((c) => c.name())).toEqual(['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'prs', 'index', 'serve', 'import', 'completion', 'help']);
    for (const name of ['issues', 'serve', 'import', 'index']) {
      const alone = buildProgram(io, name);
      expect(alone.commands.map((c) => c.name())).toEqual([name]);
      const help = (p: typeof whole): string => p.commands.find((c) => c.name() === name)!.helpInformation();
      expect(help(alone)).toBe(help(whole));
    }
    // Anything that is not a subcommand (root help, `help`, a typo) gets them all, so it can list or suggest them.
    for (const other of [undefined, '--help', 'help', 'completion', 'isues']) expect(buildProgram(io, other).commands).toHaveLength(13);
  });
});

describe('search index', () => {
  it('reports each kind built or loaded', async () => {
    const { code, out } = await run(['index', '--data', SMALL_DUMP, '--quiet']);
    expect(code).toBe(0);
    expect(out).toMatch(/^issues\s+5 records {2}(built|loaded from cache) in \d+ ms/m);
    expect(out.trim().split('\n')).toHaveLength(8);
  });
});
