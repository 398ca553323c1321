/**
 * fastKindArgs: for every argv it reads, the invocation is the one commander hands the kind command's action
 * (same request, data, flags); every other argv is left to commander (undefined).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fastKindArgs } from '../../src/cli/fast-args.js';
import { createKindCommand, toInvocation, type KindInvocation } from '../../src/cli/kind-command.js';
import { kindCommandOf } from '../../src/cli/gh-flags.js';

const DEFAULT = '/default/data';

/** An invocation with its viewer as data (a viewer's method is a new closure per call): login and identification. */
function plain(invocation: KindInvocation | 'refused' | undefined): unknown {
  if (invocation === undefined || invocation === 'refused') return invocation;
  const viewer = invocation.request.viewer;
  return { ...invocation, request: { ...invocation.request, viewer: viewer && { login: viewer.login, identified: viewer.identified } } };
}

/** What commander gives the action for `argv` (argv[0] the command name), or 'refused' when it throws. */
async function viaCommander(argv: readonly string[]): Promise<KindInvocation | 'refused'> {
  let got: KindInvocation | undefined;
  const command = createKindCommand(kindCommandOf(argv[0])!, DEFAULT, async (invocation) => {
    got = invocation;
  });
  command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    await command.parseAsync(argv.slice(1), { from: 'user' });
  } catch {
    return 'refused';
  }
  return got ?? 'refused';
}

function viaFast(argv: readonly string[]): KindInvocation | undefined {
  const fast = fastKindArgs(argv, DEFAULT, process.env);
  return fast && toInvocation(fast.spec, fast.words, fast.options, process.env);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('fastKindArgs', () => {
  it.each([
    [['issues', 'dataset', '--data', '/d', '--json']],
    [['issues', 'call state:closed label:bug comments:>2', '--data', '/d', '--json']],
    [['issues', 'datasets', 'following', '--json', '--data', '/d']],
    [['issues', 'x', '--data', '/d', '--sort', 'comments', '--order', 'asc', '--json']],
    [['issues', 'x', '--page', '2', '--per-page', '100', '--data', '/d', '--json']],
    [['repositories', 'cli', '--sort', 'stars', '--json']],
    [['repos', 'cli', '--json']],
    [['prs', 'fix', '--data', '/d', '--json']],
    [['users', 'octo', '--user', 'alice', '--json']],
    [['issues', '', '--json']],
    [['issues']],
    [['code', 'readFile', '--page', '0']],
  ])('reads %j as commander does', async (argv) => {
    const fast = viaFast(argv);
    expect(fast).toBeDefined();
    expect(plain(fast)).toEqual(plain(await viaCommander(argv)));
  });

  it.each([
    [['issues', 'x', '--json', 'number,title']],
    [['issues', 'x', '--json', '--json']],
    [['issues', 'x', '--data=/d']],
    [['issues', 'x', '--data']],
    [['issues', 'x', '--data', '-d']],
    [['issues', 'x', '--data', '/a', '--data', '/b']],
    [['issues', 'x', '--sort', 'stars']],
    [['issues', 'x', '--order', 'up']],
    [['topics', 'x', '--sort', 'stars']],
    [['issues', '-x']],
    [['issues', 'x', '--', '-y']],
    [['issues', 'x', '--help']],
    [['issues', 'x', '-q', '.items']],
    [['issues', 'x', '--state', 'open']],
    [['labels', 'bug', '--repository-id', '1']],
    [['labels', 'bug']],
    [['index']],
    [['--version']],
    [[]],
  ])('leaves %j to commander', (argv) => {
    expect(fastKindArgs(argv, DEFAULT, process.env)).toBeUndefined();
  });

  it('takes --data and --user from the environment as commander does, the command line first', async () => {
    vi.stubEnv('SEARCH_DATA', '/env/data');
    vi.stubEnv('SEARCH_USER', 'envuser');
    for (const argv of [['issues', 'x', '--json'], ['issues', 'x', '--data', '/cli', '--user', 'cliuser', '--json']]) {
      const fast = viaFast(argv);
      expect(fast).toBeDefined();
      expect(plain(fast)).toEqual(plain(await viaCommander(argv)));
    }
    vi.stubEnv('SEARCH_DATA', '');
    expect(plain(viaFast(['issues', 'x']))).toEqual(plain(await viaCommander(['issues', 'x'])));
  });

  it('agrees with commander on any argv it reads', async () => {
    const token = fc.oneof(
      fc.constantFrom('--json', '--data', '--page', '--per-page', '--sort', '--order', '--user', '--', '-q', '--json=a', '-', ''),
      fc.constantFrom('comments', 'created', 'stars', 'asc', 'desc', '2', '/d', 'x y', 'bug', '-1', 'number,title'),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('issues', 'prs', 'repositories', 'repos', 'users', 'topics', 'commits', 'code'), fc.array(token, { maxLength: 7 }), async (name, rest) => {
        const argv = [name, ...rest];
        const fast = viaFast(argv);
        if (fast === undefined) return true;
        expect(plain(fast)).toEqual(plain(await viaCommander(argv)));
        return true;
      }),
      { numRuns: 400 },
    );
  });
});
