/**
 * createKindCommand's `args`: a command built knowing its arguments leaves gh's qualifier flags out only when none
 * of the arguments could reach them, and then parses exactly as the whole command does — the same invocation, or
 * the same error and output.
 */
import { CommanderError } from 'commander';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KIND_COMMANDS } from '../../src/cli/gh-flags.js';
import { createKindCommand, type KindInvocation } from '../../src/cli/kind-command.js';

/** What parsing `args` with the kind command gives: its invocation, or the error and what commander printed. */
async function parsed(name: string, args: readonly string[], known: boolean): Promise<{ flags: number; outcome: unknown }> {
  const spec = KIND_COMMANDS.find((c) => c.name === name)!;
  let invocation: KindInvocation | undefined;
  let printed = '';
  const command = createKindCommand(spec, '/data', async (inv) => void (invocation = inv), known ? args : undefined)
    .exitOverride()
    .configureOutput({ writeOut: (s) => void (printed += s), writeErr: (s) => void (printed += s) });
  const flags = command.options.length;
  try {
    await command.parseAsync([...args], { from: 'user' });
  } catch (error) {
    const e = error as Error;
    return { flags, outcome: { error: e.constructor.name, message: e.message, code: error instanceof CommanderError ? error.code : undefined, printed } };
  }
  // Functions (a viewer's) compared by name and text: two parses make two closures of the same code.
  const plain = JSON.parse(JSON.stringify(invocation ?? null, (_key, value: unknown) => (typeof value === 'function' ? `fn ${value.name} ${String(value)}` : value)));
  return { flags, outcome: { invocation: plain, printed } };
}

const CASES: ReadonlyArray<readonly [string, readonly string[], 'without gh flags' | 'whole']> = [
  ['issues', ['dataset', '--json'], 'without gh flags'],
  ['issues', ['datasets following', '--data', '/x', '--json', '--page', '2', '--per-page', '100'], 'without gh flags'],
  ['issues', ['crash', '--sort', 'comments', '--order', 'asc', '--jq', '.items[0]', '--user', 'octocat'], 'without gh flags'],
  ['issues', ['crash', '-q', '.total_count', '-L', '40', '--quiet', '--no-color', '--text-match'], 'without gh flags'],
  ['issues', ['crash', '--sort', 'bogus'], 'without gh flags'],
  ['issues', ['crash', '--page'], 'without gh flags'],
  ['issues', ['crash', '-L', '5000'], 'without gh flags'],
  ['issues', ['crash', '--limit', '5', '--page', '2'], 'without gh flags'],
  ['repositories', ['cli', '--sort', 'stars', '--json', 'fullName,url'], 'without gh flags'],
  ['labels', ['bug', '--repository-id', '7'], 'without gh flags'],
  ['prs', ['fix'], 'without gh flags'],
  ['issues', ['crash', '--state', 'open'], 'whole'],
  ['issues', ['crash', '--label', 'bug,ui', '--json'], 'whole'],
  ['prs', ['fix', '--merged', '--review', 'approved'], 'whole'],
  ['issues', ['crash', '--stat', 'open'], 'whole'],
  ['issues', ['crash', '--format', 'json'], 'whole'],
  ['issues', ['crash', '--json=number'], 'whole'],
  ['issues', ['--', '-label:bug'], 'whole'],
  ['issues', ['crash', '-label:bug'], 'whole'],
  ['issues', ['crash', '--jq', '-x'], 'whole'],
  ['issues', ['--help'], 'whole'],
  ['issues', ['-h'], 'whole'],
  ['repositories', ['cli', '--stars', '>10'], 'whole'],
];

describe('createKindCommand with its arguments known', () => {
  it.each(CASES)('%s %j: %s, parsed as the whole command parses it', async (name, args, built) => {
    const whole = await parsed(name, args, false);
    const known = await parsed(name, args, true);
    expect(known.outcome).toEqual(whole.outcome);
    if (built === 'whole') expect(known.flags).toBe(whole.flags);
    else expect(known.flags).toBeLessThan(name === 'issues' || name === 'prs' || name === 'repositories' ? whole.flags : whole.flags + 1);
  });

  it('parses any mix of its own options, gh flags and words as the whole command does', async () => {
    const token = fc.constantFrom('crash', 'x y', '--json', '--page', '2', '--per-page', '-q', '.a', '--sort', 'comments', '--state', 'open', '--label', 'bug', '-L', '3', '--', '-x', '--quiet', '--explain');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('issues', 'prs', 'repositories', 'code'), fc.array(token, { maxLength: 7 }), async (name, args) => {
        expect((await parsed(name, args, true)).outcome).toEqual((await parsed(name, args, false)).outcome);
      }),
      { numRuns: 200 },
    );
  });
});
