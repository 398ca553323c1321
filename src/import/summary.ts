/**
 * The plain-text summary an import prints on stderr: records per kind and what happened to each file, what was
 * skipped and why, and the time taken (with the records/s rate).
 */
import { kindOfPart } from '../kinds/catalog.js';
import { isKind } from '../kinds/kind.js';
import type { PartReport } from './dump-writer.js';
import type { GitImportResult } from './git-import.js';
import type { GithubImportResult } from './github-import.js';

const number = (value: number): string => value.toLocaleString('en-US');
const plural = (count: number, one: string, many = `${one}s`): string => `${number(count)} ${count === 1 ? one : many}`;

/** `0.3 s`, `12.4 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Records per second, rounded; 0 when no time elapsed. */
export function recordsPerSecond(records: number, ms: number): number {
  return ms > 0 ? Math.round((records * 1000) / ms) : 0;
}

/** One line per part: count, status, and for merges what was added or updated. */
export function partLines(reports: readonly PartReport[]): string[] {
  const width = Math.max(...reports.map((r) => number(r.records).length));
  return reports.map((report) => {
    const head = `  ${report.part.padEnd(13)} ${number(report.records).padStart(width)}  `;
    switch (report.status) {
      case 'kept':
        return `${head}kept (not in this import)`;
      case 'unchanged':
        return `${head}unchanged (file kept, its cached search index stays valid)`;
      default: {
        const changes = [
          report.added > 0 && report.added !== report.records ? `+${number(report.added)} new` : '',
          report.updated > 0 ? `${number(report.updated)} updated` : '',
        ].filter(Boolean);
        return `${head}written${changes.length ? ` (${changes.join(', ')})` : ''}`;
      }
    }
  });
}

/**
 * The closing line: only parts that were written need their search index rebuilt. `pulls` has no index of its
 * own; the store hashes it with the kind that joins it (issues), so a written pulls file rebuilds that index.
 */
function rebuildLine(reports: readonly PartReport[]): string {
  const written = new Set(reports.filter((r) => r.status === 'written').map((r) => kindOfPart(r.part)));
  const indexed = reports.map((r) => r.part).filter(isKind);
  const rebuilt = indexed.filter((part) => written.has(part));
  if (rebuilt.length === indexed.length) return '';
  return rebuilt.length === 0
    ? 'No file changed: every search index stays cached.'
    : `The next search rebuilds only the indexes of: ${rebuilt.join(', ')}.`;
}

/** The summary of a git import, as lines (no trailing newline). */
export function gitSummary(result: GitImportResult, out: string): string[] {
  const records = result.imported.code + result.imported.commits + result.imported.repositories;
  const { binary, tooLarge, symlinks, submodules } = result.skipped;
  const skipped = [
    binary ? plural(binary, 'binary file') : '',
    tooLarge ? `${plural(tooLarge, 'file')} of 384 KB or more` : '',
    symlinks ? plural(symlinks, 'symlink') : '',
    submodules ? plural(submodules, 'submodule') : '',
  ].filter(Boolean);
  return [
    `Imported ${result.fullName} (${result.branch} @ ${result.tip.slice(0, 7)}) into ${out}: ` +
      `${plural(records, 'record')} in ${formatDuration(result.ms)} (${number(recordsPerSecond(records, result.ms))} records/s)`,
    ...partLines(result.reports),
    `Skipped: ${skipped.length ? skipped.join(', ') : 'nothing'}.`,
    rebuildLine(result.reports),
  ].filter(Boolean);
}

/** The summary of a GitHub JSON import, as lines (no trailing newline). */
export function githubSummary(result: GithubImportResult, out: string): string[] {
  const { stats } = result;
  const found = Object.entries(stats.embedded).reduce((sum, [, n]) => sum + (n ?? 0), 0);
  const skipped = [
    stats.unrecognised.count ? `${plural(stats.unrecognised.count, 'record')} of no known shape` : '',
    stats.unidentified ? `${plural(stats.unidentified, 'record')} without an id, url or name to identify them` : '',
  ].filter(Boolean);
  const lines = [
    `Imported ${plural(stats.files, 'file')} into ${out}: ${plural(stats.records, 'record')} read, ` +
      `${plural(found, 'nested user/label/repository', 'nested users/labels/repositories')} found, ` +
      `${plural(stats.duplicates, 'duplicate')} merged, in ${formatDuration(result.ms)} ` +
      `(${number(recordsPerSecond(stats.records, result.ms))} records/s)`,
    ...partLines(result.reports),
  ];
  if (stats.pulls.joined + stats.pulls.unmatched > 0) {
    lines.push(
      `Pulls: ${number(stats.pulls.joined)} joined to their issue records, ${number(stats.pulls.unmatched)} without one ` +
        '(kept; they enrich an issue once it is imported).',
    );
  }
  lines.push(`Skipped: ${skipped.length ? skipped.join(', ') : 'nothing'}.`);
  for (const example of stats.unrecognised.examples) lines.push(`  e.g. ${example}`);
  lines.push(rebuildLine(result.reports));
  return lines.filter(Boolean);
}
