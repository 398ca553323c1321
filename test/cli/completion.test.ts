/** `search completion bash|zsh|fish`: generated from commander's tree; bash's script is run in a real bash. */
import { execFileSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

async function completion(shell: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(['completion', shell], { stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream, env: {} });
  return { code, out, err };
}

/** What bash completes for the words typed so far (the last one is being completed). */
function complete(script: string, words: string[]): string[] {
  const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _search_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('search completion', () => {
  it('bash: subcommands, their flags, option choices and --json fields', async () => {
    const { code, out } = await completion('bash');
    expect(code).toBe(0);
    expect(complete(out, ['search', 're'])).toEqual(['repositories']);
    expect(complete(out, ['search', 'issues', 'crash', '--so'])).toEqual(['--sort']);
    expect(complete(out, ['search', 'issues', '--sort', 'c'])).toEqual(['comments', 'created']);
    expect(complete(out, ['search', 'issues', '--json', 'comm'])).toEqual(['commentsCount']);
    expect(complete(out, ['search', 'import', 'g'])).toEqual(['git', 'github']);
    expect(complete(out, ['search', 'serve', '--prev'])).toEqual(['--previews']);
  });

  it('zsh: the bash script through bashcompinit, with a #compdef line', async () => {
    const { out } = await completion('zsh');
    expect(out).toMatch(/^#compdef search\n/);
    expect(out).toContain('bashcompinit');
    expect(out).toContain('complete -o default -F _search_complete search');
  });

  it('fish: one complete line per subcommand and flag', async () => {
    const { out } = await completion('fish');
    expect(out).toContain("complete -c search -n '__fish_use_subcommand' -a 'issues'");
    expect(out).toMatch(/complete -c search -n '__fish_seen_subcommand_from issues' -l sort -xa 'comments reactions /);
    expect(out).toMatch(/-l json -xa 'assignees author /);
  });

  it('an unknown shell is a usage error', async () => {
    const { code, err } = await completion('tcsh');
    expect(code).toBe(2);
    expect(err).toBe('search: unknown shell "tcsh"\n  hint: use one of: bash, zsh, fish\n');
  });
});
