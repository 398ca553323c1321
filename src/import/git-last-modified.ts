/**
 * When each file at the tip last changed: one `git log --name-only` pass, newest first, that stops as soon as
 * every wanted path has been seen. Gives code records their `last_modified_at` (what `sort=indexed` orders by).
 */
import { ByteReader } from './byte-reader.js';
import { startGit, type GitContext } from './git-process.js';
import { utcDate } from './git-commits.js';
import { checkInterrupted } from './interrupt.js';

/**
 * Maps each of `paths` to the committer date (UTC `YYYY-MM-DDTHH:MM:SSZ`) of the newest commit reachable from
 * `tip` that changed it. `git log` lists no files for merge commits, so a change is dated by the commit that
 * made it, not by the merge that brought it in.
 */
export async function lastModifiedDates(
  context: GitContext,
  tip: string,
  paths: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  if (paths.size === 0) return dates;
  const { child, done } = startGit(context, [
    '-c', 'log.showSignature=false', 'log', '-z', '--no-color', '--no-renames', '--name-only', '--format=%x01%cI', tip, '--',
  ]);
  child.stdin.end();
  done.catch(() => undefined);
  const reader = new ByteReader(child.stdout);
  let date = '';
  let tokens = 0;
  try {
    for (let raw = await reader.readUntil(0); raw !== undefined; raw = await reader.readUntil(0)) {
      if ((++tokens & 4095) === 0) checkInterrupted(context.signal);
      let token = raw.toString('utf8');
      if (token.startsWith('\n')) token = token.slice(1);
      if (token.startsWith('\x01')) {
        date = utcDate(token.slice(1));
      } else if (token !== '' && paths.has(token) && !dates.has(token)) {
        dates.set(token, date);
        if (dates.size === paths.size) break;
      }
    }
    if (dates.size < paths.size) await done;
  } catch (error) {
    checkInterrupted(context.signal); // a killed git truncates its output: report the interrupt, not the symptom
    throw error;
  } finally {
    if (child.exitCode === null) child.kill();
  }
  return dates;
}
