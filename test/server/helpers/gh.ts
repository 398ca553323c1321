/**
 * Running the GitHub CLI against a local server: `GH_HOST=github.localhost` makes gh talk plain HTTP to
 * `api.github.localhost`, and `HTTP_PROXY` sends those requests, in absolute form, to our port (reference §5.1.1).
 * gh gets a throw-away config directory so the user's own gh setup is never read or written.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** gh's version string (`2.23.0`), or undefined when gh is not installed. */
export function ghVersion(): string | undefined {
  try {
    return /gh version (\S+)/.exec(execFileSync('gh', ['--version'], { encoding: 'utf8', timeout: 10_000 }))?.[1];
  } catch {
    return undefined;
  }
}

/** The result of one gh run. */
export interface GhRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run gh with `args` against the server at `serverUrl` (bounded at 60 s). */
export function runGh(serverUrl: string, args: readonly string[], token = 'x'): Promise<GhRun> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    GH_HOST: 'github.localhost',
    GH_TOKEN: token,
    HTTP_PROXY: serverUrl,
    http_proxy: serverUrl,
    NO_PROXY: '',
    no_proxy: '',
    GH_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'gh-config-')),
    GH_NO_UPDATE_NOTIFIER: '1',
    GH_PROMPT_DISABLED: '1',
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    execFile('gh', [...args], { env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
