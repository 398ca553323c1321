/**
 * `search import git|github`: build (or extend, with `--merge`) a dump directory from a local git repository or
 * from saved GitHub REST JSON. Progress and the summary go to stderr; `--quiet` silences both, and bars only
 * appear on a terminal. Actions return or throw (DataError for bad input, ImportInterrupted on Ctrl-C with
 * `exitCode` 130); cli/main.ts maps errors to exit codes.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
// The importers (git plumbing, JSON classification, the dump writer, cli-progress) load when an import runs,
// not when any `search` command starts: only the option helpers below are needed to build the command.
import type { importGit, GitImportResult } from '../import/git-import.js';
import { DEFAULT_BASE_URL, urlBases } from '../import/github-shapes.js';
import type { importGithub, GithubImportResult } from '../import/github-import.js';
import { withInterruptSignal } from '../import/interrupt.js';

/** The dump directory written when `--out` is not given. */
export const DEFAULT_OUT = 'dump';

/** Injectable dependencies (tests). */
export interface ImportCommandDeps {
  /** Where progress and the summary go. @default process.stderr */
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  importGit?: typeof importGit;
  importGithub?: typeof importGithub;
}

/** `--repo` values: `OWNER/NAME`. */
function parseFullName(value: string): string {
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(value)) throw new InvalidArgumentError('expected OWNER/NAME, e.g. octocat/hello-world.');
  return value;
}

/** `--base-url` values: an absolute http(s) URL. */
function parseBaseUrl(value: string): string {
  try {
    urlBases(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message.replace(/^--base-url /, ''));
  }
  return value;
}

/** The options both subcommands share. */
function withCommonOptions(command: Command): Command {
  return command
    .option('-o, --out <dir>', 'dump directory to write', DEFAULT_OUT)
    .option('--merge', 'add to the dump at --out instead of replacing it (unchanged kinds keep their files)')
    .option('-q, --quiet', 'print nothing on stderr (no progress, no summary)');
}

/** Writes summary lines unless quiet. */
function report(stderr: NodeJS.WritableStream, quiet: boolean | undefined, lines: string[]): void {
  if (!quiet) stderr.write(`${lines.join('\n')}\n`);
}

/** Builds the `import` command with its `git` and `github` subcommands. */
export function createImportCommand(deps: ImportCommandDeps = {}): Command {
  const stderr = deps.stderr ?? process.stderr;
  const command = new Command('import').description(
    'Build a dump directory from a git repository or from saved GitHub REST JSON (written atomically).',
  );

  const git = withCommonOptions(
    new Command('git')
      .description(
        'Import a local git repository: code records for the text files under 384 KB at the tip of the default branch, ' +
          'commit records for its history, and one repository record.',
      )
      .argument('<repo-path>', 'repository directory (work tree or bare)')
      .option('--repo <owner/name>', 'OWNER/NAME for URLs and the repository record (default: from the origin remote, else local/<folder name>)', parseFullName)
      .option('--branch <name>', "branch to import (default: HEAD's branch, else origin/HEAD)")
      .addOption(new Option('--base-url <url>', 'REST root the records\' URLs point at').default(DEFAULT_BASE_URL).argParser(parseBaseUrl))
      .option('--embed-repository', 'embed the repository object in every code and commit record (larger dump)'),
  ).action(async (repoPath: string, options: Record<string, string | boolean | undefined>) => {
    const quiet = options.quiet === true;
    const runGitImport = deps.importGit ?? (await import('../import/git-import.js')).importGit;
    const { createProgress } = await import('../import/progress.js');
    const { gitSummary } = await import('../import/summary.js');
    const result: GitImportResult = await withInterruptSignal((signal) =>
      runGitImport({
        repoPath,
        out: options.out as string,
        repo: options.repo as string | undefined,
        branch: options.branch as string | undefined,
        baseUrl: options.baseUrl as string,
        merge: options.merge === true,
        embedRepository: options.embedRepository === true,
        signal,
        progress: createProgress({ stream: stderr, quiet }),
      }),
    );
    report(stderr, quiet, gitSummary(result, options.out as string));
  });

  const github = withCommonOptions(
    new Command('github')
      .description(
        'Import saved GitHub REST responses (gh api --paginate output, arrays, JSON Lines, search envelopes), ' +
          'sorting records into kinds by shape and merging duplicates.',
      )
      .argument('<paths...>', 'JSON files (.json, .json.gz, .jsonl, .ndjson) or directories of them'),
  ).action(async (paths: string[], options: Record<string, string | boolean | undefined>) => {
    const quiet = options.quiet === true;
    const runGithubImport = deps.importGithub ?? (await import('../import/github-import.js')).importGithub;
    const { createProgress } = await import('../import/progress.js');
    const { githubSummary } = await import('../import/summary.js');
    const result: GithubImportResult = await withInterruptSignal((signal) =>
      runGithubImport({
        inputs: paths,
        out: options.out as string,
        merge: options.merge === true,
        signal,
        progress: createProgress({ stream: stderr, quiet }),
      }),
    );
    report(stderr, quiet, githubSummary(result, options.out as string));
  });

  command.addCommand(git);
  command.addCommand(github);
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  search import git . --repo me/project --out my-dump',
      '  gh api --paginate "repos/me/project/issues?state=all" > issues.json',
      '  search import github issues.json --out my-dump --merge',
      '  search code "parseQuery" --data my-dump',
    ].join('\n'),
  );
  return command;
}
