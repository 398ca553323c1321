import { PassThrough } from 'node:stream';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { createImportCommand, DEFAULT_OUT } from '../../src/cli/import-command.js';
import type { GitImportOptions, GitImportResult } from '../../src/import/git-import.js';
import type { GithubImportOptions, GithubImportResult } from '../../src/import/github-import.js';
import { NO_PROGRESS } from '../../src/import/progress.js';

const GIT_RESULT: GitImportResult = {
  reports: [{ part: 'commits', records: 2, added: 2, updated: 0, status: 'written' }],
  fullName: 'o/r', branch: 'main', tip: '0123456789abcdef', imported: { code: 0, commits: 2, repositories: 0 },
  skipped: { binary: 0, tooLarge: 0, symlinks: 0, submodules: 0 }, ms: 1000,
};
const GITHUB_RESULT: GithubImportResult = {
  reports: [{ part: 'users', records: 1, added: 1, updated: 0, status: 'written' }],
  stats: {
    files: 1, records: 1, recognised: { users: 1 }, embedded: {}, duplicates: 0,
    unrecognised: { count: 0, examples: [] }, unidentified: 0, pulls: { joined: 0, unmatched: 0 },
  },
  ms: 10,
};

/** Parses argv with fake importers; returns the options they received (signal/progress dropped) and stderr. */
async function run(argv: string[]) {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const calls: Array<Record<string, unknown>> = [];
  const strip = ({ signal, progress, ...rest }: GitImportOptions | GithubImportOptions) => {
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(progress).toBe(NO_PROGRESS); // stderr is not a terminal
    return rest;
  };
  const command = createImportCommand({
    stderr,
    importGit: async (options) => (calls.push(strip(options)), GIT_RESULT),
    importGithub: async (options) => (calls.push(strip(options)), GITHUB_RESULT),
  });
  command.exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  for (const sub of command.commands) sub.exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  await command.parseAsync(argv, { from: 'user' });
  return { calls, err };
}

describe('search import', () => {
  it.each<[string, string[], Record<string, unknown>]>([
    ['git with defaults', ['git', 'repo'], {
      repoPath: 'repo', out: DEFAULT_OUT, repo: undefined, branch: undefined, baseUrl: 'https://api.github.com', merge: false, embedRepository: false,
    }],
    ['git with every option', ['git', 'repo', '--out', 'd', '--repo', 'o/r', '--branch', 'dev', '--base-url', 'http://localhost:3000', '--merge', '--embed-repository'], {
      repoPath: 'repo', out: 'd', repo: 'o/r', branch: 'dev', baseUrl: 'http://localhost:3000', merge: true, embedRepository: true,
    }],
    ['github with several paths', ['github', 'a.json', 'dir', '-o', 'd', '--merge'], { inputs: ['a.json', 'dir'], out: 'd', merge: true }],
  ])('%s', async (_name, argv, options) => {
    const { calls } = await run(argv);
    expect(calls).toEqual([options]);
  });

  it.each([
    ['git', ['git', 'repo'], /^Imported o\/r \(main @ 0123456\) into dump: 2 records in 1\.0 s \(2 records\/s\)\n  commits/],
    ['github', ['github', 'a.json'], /^Imported 1 file into dump: 1 record read/],
  ])('prints the %s summary on stderr', async (_name, argv, summary) => {
    expect((await run(argv)).err).toMatch(summary);
  });

  it.each([['git', 'repo'], ['github', 'a.json']])('prints nothing with --quiet (%s)', async (...argv) => {
    expect((await run([...argv, '--quiet'])).err).toBe('');
  });

  it.each([
    ['a malformed --repo', ['git', 'repo', '--repo', 'nope'], 'commander.invalidArgument'],
    ['a malformed --base-url', ['git', 'repo', '--base-url', 'ftp://x'], 'commander.invalidArgument'],
    ['a missing repository path', ['git'], 'commander.missingArgument'],
    ['no input for github', ['github'], 'commander.missingArgument'],
  ])('rejects %s as a usage error', async (_name, argv, code) => {
    const error = await run(argv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommanderError);
    expect((error as CommanderError).code).toBe(code);
  });
});
