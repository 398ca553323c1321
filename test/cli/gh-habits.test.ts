/**
 * gh's names and habits (issue #25.1, #25.6, #25.9): `repos`/`prs`, `-L`, `-q` for `--jq`, `--limit` refused above
 * 1000 as gh refuses it, gh 2.23's qualifier flags written into the query, `--web`, hints for gh habits this CLI
 * spells differently, JSON coloured on a terminal, and one stderr line for a dump without the kind searched.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { buildProgram, main } from '../../src/cli/main.js';
import { colorJson } from '../../src/cli/json-color.js';
import { GH_FLAGS_HEADING, KIND_COMMANDS } from '../../src/cli/gh-flags.js';
import { renderJson } from '../../src/envelope/envelope.js';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-gh-habits-'));
process.env.SEARCH_CACHE_DIR = cacheDir;
vi.setConfig({ testTimeout: 60_000 });

/** Run the program on the embedded dump with captured streams; `tty` marks stdout as a terminal. */
async function run(args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const stdout = new PassThrough() as unknown as NodeJS.WriteStream;
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  (stdout as unknown as PassThrough).on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  if (options.tty) stdout.isTTY = true;
  const code = await main(args, { stdin: { isTTY: false }, stdout, stderr: stderr as unknown as NodeJS.WriteStream, env: { SEARCH_CACHE_DIR: cacheDir, ...options.env } });
  return { code, out, err };
}

/** The query `--explain` reports it searched (its first line: `search <kind> "<q>"`). */
async function explained(args: string[]): Promise<string> {
  const { code, out, err } = await run([...args, '--explain']);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return out.split('\n')[0]!;
}

describe('gh qualifier flags become qualifiers, written as gh writes them', () => {
  it.each([
    ['--state and --label (a list: comma-separated and repeated)', ['issues', 'crash', '--state', 'open', '--label', 'bug,ui', '--label', 'a b'], 'search issues "crash label:\\"a b\\" label:bug label:ui state:open"'],
    ['--repo and -R', ['issues', 'crash', '--repo', 'cli/cli', '-R', 'a/b'], 'search issues "crash repo:a/b repo:cli/cli"'],
    ['--owner is user:', ['issues', 'x', '--owner', 'octo'], 'search issues "x user:octo"'],
    ['--author, --assignee, --language', ['issues', 'x', '--author', 'me', '--assignee', 'you', '--language', 'go'], 'search issues "x assignee:you author:me language:go"'],
    ['--app is author:app/<name>', ['issues', 'x', '--app', 'dependabot'], 'search issues "x author:app/dependabot"'],
    ['switches: --locked, --no-label, --no-assignee', ['issues', 'x', '--locked', '--no-label', '--no-assignee'], 'search issues "x is:locked no:assignee no:label"'],
    ['--match is in:', ['issues', 'x', '--match', 'title,body'], 'search issues "x in:body in:title"'],
    ['--comments and --created (ranges as typed)', ['issues', 'x', '--comments', '>3', '--created', '2020-01-01..2021-01-01'], 'search issues "x comments:>3 created:2020-01-01..2021-01-01"'],
    ['no keywords: only the qualifiers', ['issues', '--state', 'closed'], 'search issues "state:closed"'],
    ['prs adds is:pr', ['prs', 'crash'], 'search issues "crash is:pr"'],
    ['prs: -B, -H, --draft, --merged, --merged-at', ['prs', 'x', '-B', 'main', '-H', 'fix', '--draft', '--merged', '--merged-at', '>2020-01-01'], 'search issues "x base:main draft:true head:fix is:merged is:pr merged:>2020-01-01"'],
    ['repos: --owner, --updated is pushed:, --include-forks is fork:', ['repos', 'cli', '--owner', 'cli', '--updated', '>2024-01-01', '--include-forks', 'only'], 'search repositories "cli fork:only pushed:>2024-01-01 user:cli"'],
    ['repos: --stars, --topic, --number-topics, --visibility', ['repos', 'x', '--stars', '>10', '--topic', 'a,b', '--number-topics', '2', '--visibility', 'public'], 'search repositories "x is:public stars:>10 topic:a topic:b topics:2"'],
    ['commits: --author-date, --merge, --hash, -R', ['commits', 'fix', '--author-date', '<2020-01-01', '--merge', '--hash', 'abc1234', '-R', 'a/b'], 'search commits "fix author-date:<2020-01-01 hash:abc1234 merge:true repo:a/b"'],
  ])('%s', async (_name, args, expected) => {
    expect(await explained(args)).toBe(expected);
  });

  it.each([
    ['a list value outside gh\'s choices', ['issues', 'x', '--match', 'titel'], /^search: invalid argument "titel" for "--match" flag: valid values are \{title\|body\|comments\}\n$/],
    ['a value outside gh\'s choices', ['issues', 'x', '--state', 'all'], /argument 'all' is invalid\. Allowed choices are open, closed/],
    ['a flag of another command', ['commits', 'x', '--label', 'bug'], /unknown option '--label'\n {2}hint: --label is a flag of search issues, search prs; for commits, write the qualifier/],
    ['a gh flag of a command gh 2.23 does not have', ['code', 'x', '--repo', 'a/b'], /unknown option '--repo'\n {2}hint: --repo is a flag of search commits, search issues, search prs/],
  ])('refuses %s (exit 2)', async (_name, args, message) => {
    const { code, out, err } = await run(args);
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toMatch(message);
  });

  it('search <kind> --help lists gh 2.23\'s flags of that command under "gh flags", each with the qualifier it writes', () => {
    // gh 2.23's qualifier flags, as `gh search <command> --help` lists them (output and paging flags aside).
    const GH_2_23: Record<string, string[]> = {
      commits: 'author author-date author-email author-name committer committer-date committer-email committer-name hash merge owner parent repo tree visibility'.split(' '),
      issues: 'app archived assignee author closed commenter comments created interactions involves label language locked match mentions milestone no-assignee no-label no-milestone no-project owner project reactions repo state team-mentions updated visibility'.split(' '),
      prs: 'app archived assignee author base checks closed commenter comments created draft head interactions involves label language locked match mentions merged merged-at milestone no-assignee no-label no-milestone no-project owner project reactions repo review review-requested reviewed-by state team-mentions updated visibility'.split(' '),
      repositories: 'archived created followers forks good-first-issues help-wanted-issues include-forks language license match number-topics owner size stars topic updated visibility'.split(' '),
    };
    const io = { stdout: process.stdout, stderr: process.stderr, env: {} };
    const program = buildProgram(io);
    for (const [name, flags] of Object.entries(GH_2_23)) {
      const help = program.commands.find((c) => c.name() === name)!.helpInformation();
      const section = help.slice(help.indexOf(GH_FLAGS_HEADING));
      expect(help).toContain(GH_FLAGS_HEADING);
      for (const flag of flags) expect(section, `${name} --${flag}`).toMatch(new RegExp(`--${flag}\\b[^\\n]*`));
      expect(KIND_COMMANDS.find((c) => c.name === name)!.ghFlags.map((f) => f.name).sort()).toEqual([...flags].sort());
    }
    expect(program.commands.find((c) => c.name() === 'issues')!.helpInformation()).toMatch(/--owner <string>\s+in repositories of this user or\s+organization\s+→\s+user:<string>/);
    for (const kind of ['code', 'labels', 'topics', 'users']) {
      const help = program.commands.find((c) => c.name() === kind)!.helpInformation();
      expect(help).not.toContain(GH_FLAGS_HEADING);
    }
  });

  it('search code --help says gh 2.23 has no such command', async () => {
    expect((await run(['code', '--help'])).out).toContain('gh flags: none (gh 2.23 has no `gh search code`)');
  });
});

describe("gh's command names, short flags and limits", () => {
  it.each([
    ['repos is repositories', ['repos', 'cli'], ['repositories', 'cli']],
    ['prs is issues with is:pr', ['prs', 'crash'], ['issues', 'crash is:pr']],
    ['-L is --limit', ['issues', 'crash', '-L', '2'], ['issues', 'crash', '--limit', '2']],
    ['-q is --jq', ['issues', 'crash', '-q', '.total_count'], ['issues', 'crash', '--jq', '.total_count']],
    ['--json -q works as gh users type it', ['issues', 'crash', '--json', 'title', '-q', '.[].title'], ['issues', 'crash', '--json', 'title', '--jq', '.[].title']],
  ])('%s', async (_name, gh, ours) => {
    const [a, b] = [await run(gh), await run(ours)];
    expect(a.code).toBe(0);
    expect(a.out).not.toBe('');
    expect(a).toEqual(b);
  });

  it('-q filters instead of turning the jq program into query text', async () => {
    const { code, out } = await run(['issues', 'crash', '--json', 'title', '-q', '.[].title']);
    expect(code).toBe(0);
    expect(out.split('\n').filter((l) => l !== '').length).toBeGreaterThan(0);
    expect(out.startsWith('[')).toBe(false);
  });

  it('--quiet keeps meaning quiet', async () => {
    const { code, err } = await run(['issues', 'crash', '--quiet']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
  });

  it.each([['0'], ['1001'], ['5000']])('--limit %s is refused with gh\'s message (exit 2)', async (n) => {
    for (const flag of ['--limit', '-L']) {
      const { code, out, err } = await run(['issues', 'crash', flag, n]);
      expect({ code, out }).toEqual({ code: 2, out: '' });
      expect(err.split('\n')[0]).toBe('search: `--limit` must be between 1 and 1000');
    }
  });
});

describe('hints for gh habits', () => {
  it.each([
    ['--format (no "Did you mean --sort?")', ['issues', 'x', '--format', 'json'], /hint: no Go templates here: --json FIELDS picks fields and -q\/--jq EXPR/],
    ['--template', ['issues', 'x', '--template', '{{.}}'], /hint: no Go templates here/],
    ['-t', ['issues', 'x', '-t', '{{.}}'], /hint: no Go templates here/],
    ['--include-prs', ['issues', 'x', '--include-prs'], /hint: search issues always includes pull requests, as GET \/search\/issues does/],
  ])('%s', async (_name, args, hint) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err).toMatch(/^search: unknown option '-/);
    expect(err).toMatch(hint);
    expect(err).not.toMatch(/Did you mean/);
  });

  it('other unknown options keep commander\'s suggestion', async () => {
    const { code, err } = await run(['issues', 'x', '--sortt', 'comments']);
    expect(code).toBe(2);
    expect(err).toMatch(/Did you mean --sort\?/);
  });
});

describe('--web', () => {
  it.each([
    ['opens the first result with BROWSER and says so on stderr', ['issues', 'crash'], { BROWSER: 'true' }, 0, /^Opened https:\/\/github\.com\/\S+\/issues\/\d+ in the browser\n$/],
    ['says so when nothing matched', ['issues', 'zzqqxxnothing'], { BROWSER: 'true' }, 0, /^search: --web: no issues matched "zzqqxxnothing"; nothing to open\n$/],
    ['a browser that cannot start is an environment error', ['issues', 'crash'], { BROWSER: '/nonexistent/browser' }, 3, /Could not open a browser .*\n {2}hint: set BROWSER/],
  ])('%s', async (_name, args, env, code, message) => {
    const result = await run([...args, '--web'], { env });
    expect(result.code).toBe(code);
    expect(result.out).toBe('');
    expect(result.err).toMatch(message);
  });

  it('-w is --web and cannot be used with --select', async () => {
    expect((await run(['issues', 'crash', '-w'], { env: { BROWSER: 'true' } })).err).toMatch(/^Opened /);
    expect((await run(['issues', 'crash', '-w', '--select'])).code).toBe(2);
  });
});

describe('JSON on a terminal', () => {
  it('is coloured as gh colours it; piped, byte for byte the envelope', async () => {
    const piped = await run(['issues', 'crash', '--json']);
    const tty = await run(['issues', 'crash', '--json'], { tty: true });
    expect(tty.out).not.toBe(piped.out);
    expect(tty.out.replace(/\x1b\[[0-9;]*m/g, '')).toBe(piped.out);
    expect(tty.out).toContain('\x1b[1;34m"total_count"\x1b[m\x1b[1;37m:\x1b[m ');
  });

  it.each([
    ['--no-color', ['--no-color'], {}],
    ['NO_COLOR', [], { NO_COLOR: '1' }],
  ])('%s keeps it plain', async (_name, flags, env) => {
    const piped = await run(['issues', 'crash', '--json']);
    expect((await run(['issues', 'crash', '--json', ...flags], { tty: true, env })).out).toBe(piped.out);
  });

  it("GitHub's error body of a refused query too", async () => {
    const piped = await run(['issues', 'AND', '--json']);
    const tty = await run(['issues', 'AND', '--json'], { tty: true });
    expect(piped.code).toBe(1);
    expect(tty.code).toBe(1);
    expect(tty.out).toContain('\x1b[1;34m"message"\x1b[m');
    expect(tty.out.replace(/\x1b\[[0-9;]*m/g, '')).toBe(piped.out);
  });

  it('--jq output is not coloured', async () => {
    expect((await run(['issues', 'crash', '--jq', '.total_count'], { tty: true })).out).toMatch(/^\d+\n$/);
  });

  it.each([
    ['{"a":"x","b":true,"c":null,"d":1.0,"e":[]}', '\x1b[1;37m{\x1b[m\x1b[1;34m"a"\x1b[m\x1b[1;37m:\x1b[m\x1b[32m"x"\x1b[m\x1b[1;37m,\x1b[m\x1b[1;34m"b"\x1b[m\x1b[1;37m:\x1b[m\x1b[33mtrue\x1b[m\x1b[1;37m,\x1b[m\x1b[1;34m"c"\x1b[m\x1b[1;37m:\x1b[m\x1b[36mnull\x1b[m\x1b[1;37m,\x1b[m\x1b[1;34m"d"\x1b[m\x1b[1;37m:\x1b[m1.0\x1b[1;37m,\x1b[m\x1b[1;34m"e"\x1b[m\x1b[1;37m:\x1b[m\x1b[1;37m[\x1b[m\x1b[1;37m]\x1b[m\x1b[1;37m}\x1b[m'],
    ['"a \\" : b"', '\x1b[32m"a \\" : b"\x1b[m'],
    ['{"k" : false}', '\x1b[1;37m{\x1b[m\x1b[1;34m"k"\x1b[m \x1b[1;37m:\x1b[m \x1b[33mfalse\x1b[m\x1b[1;37m}\x1b[m'],
  ])('colorJson(%j)', (json, expected) => {
    expect(colorJson(json)).toBe(expected);
  });
});

describe('a dump without the kind searched', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-missing-kind-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'issues.json'), '[]');

  it('answers the empty envelope on stdout and names the missing file in one stderr line', async () => {
    const { code, out, err } = await run(['commits', 'fix', '--data', dir]);
    expect(code).toBe(0);
    expect(out).toBe(renderJson({ total_count: 0, incomplete_results: false, items: [] }));
    expect(err).toBe(`search: notice: the dump has no commits: no ${path.join(dir, 'commits.json')} (or commits.json.gz)\n`);
  });

  it('says nothing when the kind is there and nothing matched', async () => {
    const { code, err } = await run(['issues', 'fix', '--data', dir]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
  });
});
