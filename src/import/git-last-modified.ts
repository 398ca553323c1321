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
  // Each commit prints NUL NUL <date> NUL, then its paths (the first one after a newline), each ended by NUL. A path
  // is never empty, so two NULs in a row mark a commit whatever bytes a path holds (a U+0001 marker did not).
  const { child, done } = startGit(context, [
    'log', '-z', '--no-color', '--no-renames', '--no-textconv', '--no-ext-diff', '--name-only', '--format=%x00%x00%cI', tip, '--',
  ]);
  child.stdin.end();
  done.catch(() => undefined);
  const reader = new ByteReader(child.stdout);
  let date = '';
  let empties = 0;
  let first = false;
  let tokens = 0;
  try {
    for (let raw = await reader.readUntil(0); raw !== undefined; raw = await reader.readUntil(0)) {
      if ((++tokens & 4095) === 0) checkInterrupted(context.signal);
      if (raw.length === 0) {
        empties++;
        continue;
      }
      let token = raw.toString('utf8');
      if (empties >= 2) {
        date = utcDate(token);
        empties = 0;
        first = true;
        continue;
      }
      empties = 0;
      if (first && token.startsWith('\n')) token = token.slice(1);
      first = false;
      if (paths.has(token) && !dates.has(token)) {
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
