/**
 * Running git itself (plumbing commands) as child processes: whole-output calls for small answers and
 * streamed calls for large ones. No shell is involved; arguments are passed as an array.
 *
 * A repository to import is untrusted (issue #21): its `.git/config` can name programs git runs on its behalf —
 * `core.fsmonitor` (which `git log --name-only` ran with a submodule in the tree), pagers, hooks, diff and textconv
 * drivers, filters, credential helpers, `core.sshCommand`, `gpg.program`, and transports such as `ext::` reached by
 * a lazily fetched promisor remote. Every call therefore runs with {@link GIT_SAFETY_CONFIG} on the command line
 * (which wins over every config file) and {@link gitEnvironment}'s variables (which win over config for protocols).
 * Git's own `safe.directory` check is left as it is: a repository owned by another user is refused by git, and
 * that refusal is reported.
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

/**
 * `-c key=value` pairs given to every git call: they override the repository's, the user's and the system's
 * configuration, and switch off each program a configuration could make git run.
 */
export const GIT_SAFETY_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.sshCommand=false',
  'core.gitProxy=',
  'core.askPass=',
  'core.untrackedCache=false',
  'credential.helper=',
  'diff.external=',
  'gpg.program=false',
  'log.showSignature=false',
  'protocol.allow=never',
  'protocol.ext.allow=never',
  'protocol.file.allow=never',
  'submodule.recurse=false',
  'i18n.logOutputEncoding=UTF-8',
];

/** Variables git reads from the environment that would point it elsewhere than `-C <repo>` or add config. */
const INHERITED_GIT_VARIABLES = /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|CONFIG|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+|EXTERNAL_DIFF|EXEC_PATH|SSH|SSH_COMMAND|PROXY_COMMAND|ASKPASS|EDITOR|SEQUENCE_EDITOR|REPLACE_REF_BASE|GRAFT_FILE|SHALLOW_FILE)$/;

/**
 * The environment of every git call: the caller's, minus variables that redirect git or add configuration, plus
 * `LC_ALL=C`, no system configuration, no terminal prompt or pager, no lazy fetch of missing objects, and
 * `GIT_ALLOW_PROTOCOL` naming no real protocol (it overrides every `protocol.*.allow` of any config file).
 */
export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (!INHERITED_GIT_VARIABLES.test(name)) env[name] = value;
  return {
    ...env,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_PAGER: 'cat',
    GIT_NO_LAZY_FETCH: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ALLOW_PROTOCOL: 'none',
    GIT_OPTIONAL_LOCKS: '0',
  };
}

/** The arguments of `git` for one call: the safety config, then `-C <repo>`, then the command's own. */
export function gitArguments(repo: string, args: readonly string[]): string[] {
  return ['--no-pager', ...GIT_SAFETY_CONFIG.flatMap((pair) => ['-c', pair]), '-C', repo, ...args];
}

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
  const child = spawn('git', gitArguments(context.repo, args), {
    env: gitEnvironment(),
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
