/**
 * `o` in the view: open a URL in the browser. As gh does, `GH_BROWSER` or `BROWSER` (a command; the URL is
 * appended as its last argument) wins; otherwise the `open` package picks the platform's opener (xdg-open,
 * macOS `open`, `start`, WSL's browser). Only URLs {@link checkUrl} accepts are handed over (they start with
 * `http`, so no opener reads them as an option; xdg-open refuses an end-of-options marker, so none is passed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { checkUrl } from '../safe-url.js';

/**
 * How long an opener may take to fail before it counts as launched, in ms. Openers that hand the URL on (xdg-open,
 * macOS `open`, a running browser's remote) exit within this with their verdict; a browser started directly keeps
 * running, which is success.
 */
export const LAUNCH_WAIT_MS = 1500;

/**
 * Open `url`; resolves (never rejects) to the footer's message: `Opened <url> in the browser` once the opener
 * started and did not fail within {@link LAUNCH_WAIT_MS}, else what went wrong followed by the URL, so it can still
 * be used by hand. A URL {@link checkUrl} refuses is never passed to any program.
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv, waitMs = LAUNCH_WAIT_MS): Promise<string> {
  const check = checkUrl(url);
  if (!check.ok) return `Not opened: ${check.reason}: ${url}`;
  const command = (env.GH_BROWSER ?? env.BROWSER ?? '').trim();
  try {
    if (command !== '') {
      const [file, ...args] = command.split(/\s+/);
      await launched(spawn(file!, [...args, url], { stdio: 'ignore', detached: true, env }), file!, waitMs);
    } else {
      const { default: open } = await import('open');
      // open() resolves once its opener has spawned; whether it failed is its exit code.
      await launched(await open(url), 'the opener', waitMs);
    }
    return `Opened ${url} in the browser`;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `Could not open a browser (${why}): ${url}`;
  }
}

/**
 * Resolves when the child exits with 0 or is still running after `waitMs`; rejects when it could not start or
 * exited with another code. The child is then left to run on its own.
 */
export function launched(child: ChildProcess, name: string, waitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const settle = (error?: Error) => {
      if (timer) clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.on('error', () => {});
      child.unref();
      if (error) reject(error);
      else resolve();
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) settle();
      else settle(new Error(code === null ? `${name} was killed by ${signal ?? 'a signal'}` : `${name} exited with code ${code}`));
    };
    if (child.exitCode !== null || child.signalCode !== null) return exited(child.exitCode, child.signalCode);
    child.once('error', (error) => settle(error));
    child.once('exit', exited);
    timer = setTimeout(() => settle(), waitMs);
    timer.unref();
  });
}
