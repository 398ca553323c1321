/** `search index`: build (or load from cache) every kind's index now, and report what was done. */
import { Command, Option } from 'commander';
import { openStore, type Store, type StoreOptions } from '../store/store.js';
import { stderrProgress } from './progress.js';

/** Format one line per kind: `issues    7258 records  built in 2310 ms  (12.4 MB)`. */
function formatReport(report: Awaited<ReturnType<Store['prebuild']>>[number]): string {
  const size = report.indexBytes ? `  (${(report.indexBytes / 1e6).toFixed(1)} MB)` : '';
  const how = report.source === 'built' ? 'built' : 'loaded from cache';
  return `${report.kind.padEnd(13)}${String(report.records).padStart(8)} records  ${how} in ${Math.round(report.ms)} ms${size}`;
}

/**
 * Build the `index` subcommand.
 * @param open how a store is opened (tests inject a cache directory)
 * @param out where the report goes (stdout)
 * @param err where the progress bar is drawn when it is a terminal (stderr)
 */
export function createIndexCommand(
  defaultData: string,
  open: (source: string, options: StoreOptions) => Store = openStore,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WriteStream = process.stderr,
): Command {
  return new Command('index')
    .description('build or load the index of every kind in the dump and report it (later searches start faster)')
    .addOption(new Option('--data <path>', 'dump: directory of <kind>.json[.gz] or one JSON file').env('SEARCH_DATA').default(defaultData))
    .option('-q, --quiet', 'no progress bar')
    .action(async (options: { data: string; quiet?: boolean }) => {
      const progress = stderrProgress(err, options.quiet === true);
      const store = open(options.data, { onProgress: progress.onProgress });
      let reports;
      try {
        reports = await store.prebuild();
      } finally {
        // Before the report: a live bar redraws over anything written on the terminal after it.
        progress.done();
      }
      out.write(`${store.source}\n`);
      for (const report of reports) out.write(`${formatReport(report)}\n`);
    });
}
