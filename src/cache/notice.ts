/**
 * The one notice a damaged cache file earns: the file is rebuilt from the dump in-process (the answer is the
 * same as from a fresh cache) and stderr says so once, so a user whose disk flips bits learns about it without
 * any answer changing. Refusals (a cache that cannot be rebuilt) are DataErrors instead ({@link unrecoverable}).
 */
import { DataError } from '../dump/data-error.js';

/** Where notices go: stderr unless a test (or an edge) redirects them. */
let sink: (line: string) => void = (line) => void process.stderr.write(line);
/** Files already noticed in this process (one notice per file). */
const noticed = new Set<string>();

/**
 * Redirect notices (tests; `undefined` restores stderr) and forget which files were noticed.
 * @returns the previous sink
 */
export function setCacheNoticeSink(next: ((line: string) => void) | undefined): (line: string) => void {
  const previous = sink;
  sink = next ?? ((line) => void process.stderr.write(line));
  noticed.clear();
  return previous;
}

/**
 * Report that `file` was damaged (`why`, e.g. `posting block 3 is corrupt`) and is rebuilt from the dump:
 * `search: cache file <file> is damaged (<why>); rebuilt from the dump` — once per file per process.
 */
export function cacheNotice(file: string, why: string): void {
  if (noticed.has(file)) return;
  noticed.add(file);
  sink(`search: cache file ${file} is damaged (${why}); rebuilt from the dump\n`);
}

/**
 * The error for a damaged cache file that cannot be rebuilt (the dump is gone or changed meanwhile): a DataError
 * naming the cache file (exit 3), with the reason the rebuild failed.
 */
export function unrecoverable(file: string, why: string, cause: unknown): DataError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DataError(`damaged (${why}) and cannot be rebuilt from the dump: ${reason}`, { file });
}
