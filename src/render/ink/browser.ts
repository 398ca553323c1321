/**
 * `o` in the view: open a URL in the browser. As gh does, `GH_BROWSER` or `BROWSER` (a command; the URL is
 * appended as its last argument) wins; otherwise the `open` package picks the platform's opener (xdg-open,
 * macOS `open`, `start`, WSL's browser).
 */
import { spawn } from 'node:child_process';

/**
 * Open `url`; resolves (never rejects) to the footer's message: `Opened <url> in the browser` once the opener
 * started without error, else what went wrong followed by the URL, so it can still be used by hand.
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<string> {
  const command = (env.GH_BROWSER ?? env.BROWSER ?? '').trim();
  try {
    if (command !== '') {
      const [file, ...args] = command.split(/\s+/);
      await spawned(spawn(file!, [...args, url], { stdio: 'ignore', detached: true, env }));
    } else {
      const { default: open } = await import('open');
      await spawned(await open(url));
    }
    return `Opened ${url} in the browser`;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `Could not open a browser (${why}): ${url}`;
  }
}

/** Resolves once the child has spawned; rejects when it could not start. The child is left to run on its own. */
function spawned(child: import('node:child_process').ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
