/**
 * Running git itself (plumbing commands) as child processes: whole-output calls for small answers and
 * streamed calls for large ones. No shell is involved; arguments are passed as an array.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { DataError } from '../dump/data-error.js';
import { ImportInterrupted } from './interrupt.js';

/** Where and how git runs. */
export interface GitContext {
  /** The repository (work tree or bare); every command runs as `git -C <repo>`. */
  repo: string;
  /** Aborting kills running git processes; the pending call then rejects with {@link ImportInterrupted}. */
  signal?: AbortSignal;
}

/** A running streamed git command. */
export interface GitStream {
  child: ChildProcessWithoutNullStreams;
  /** Resolves when git exits with status 0; rejects with a one-line error otherwise (see {@link runGit}). */
  done: Promise<void>;
}

const ENV = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat' };

/** The first meaningful line of git's stderr, without its `fatal: ` / `error: ` prefix. */
function firstLine(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/^(fatal|error):\s*/, '').trim();
}

/**
 * Starts `git -C <repo> <args>` with piped stdio. Spawn failures, aborts and non-zero exits surface through `done`.
 * Errors: git missing → Error "git is not installed or not on PATH"; aborted → {@link ImportInterrupted};
 * non-zero exit → Error `git <subcommand> failed: <first stderr line>`.
 */
export function startGit(context: GitContext, args: readonly string[]): GitStream {
  const child = spawn('git', ['-C', context.repo, ...args], {
    env: ENV,
    stdio: ['pipe', 'pipe', 'pipe'],
    signal: context.signal,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 4096) stderr += text;
  });
  // A closed stdin (git exited early) must not become an unhandled 'error' event; `done` reports the cause.
  child.stdin.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError' || context.signal?.aborted) reject(new ImportInterrupted());
      else if (error.code === 'ENOENT') reject(new Error('git is not installed or not on PATH'));
      else reject(new Error(`cannot run git: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      if (context.signal?.aborted) reject(new ImportInterrupted());
      else if (code === 0) resolve();
      else reject(new Error(`git ${args[0]} failed: ${firstLine(stderr) || `exit ${code ?? signal}`}`));
    });
  });
  return { child, done };
}

/**
 * Runs a git command to completion and returns its stdout (utf-8), for small outputs only.
 * @param allowFailure when true, a non-zero exit yields undefined instead of an error (for probes like
 *   `config --get`); spawn failures and aborts still throw.
 */
export async function runGit(
  context: GitContext,
  args: readonly string[],
  allowFailure = false,
): Promise<string | undefined> {
  const { child, done } = startGit(context, args);
  child.stdin.end();
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    stdout += text;
  });
  try {
    await done;
  } catch (error) {
    if (allowFailure && !(error instanceof ImportInterrupted) && !/not installed|cannot run git/.test(String(error))) {
      return undefined;
    }
    throw error;
  }
  return stdout;
}

/**
 * Checks that `repo` is a git repository (work tree or bare) that git can read.
 * @throws DataError naming the path when it is not a repository; Error when git is missing.
 */
export async function assertRepository(context: GitContext): Promise<void> {
  try {
    await runGit(context, ['rev-parse', '--git-dir']);
  } catch (error) {
    if (error instanceof ImportInterrupted || /not installed|cannot run git/.test(String(error))) throw error;
    const reason = (error as Error).message.replace(/^git rev-parse failed: /, '');
    throw new DataError(/not a git repository/i.test(reason) ? reason : `not a git repository that git can read (${reason})`, {
      file: context.repo,
    });
  }
}
