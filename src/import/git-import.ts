/**
 * `search import git`: a dump from a local git repository — code records for the tip of the default branch,
 * commit records for its history, and one repository record — written atomically (dump-writer.ts).
 * Everything comes from git plumbing commands, streamed; memory holds the tree listing, not file contents.
 */
import path from 'node:path';
import type { RawRecord } from '../kinds/kind.js';
import { DumpWriter, type PartReport } from './dump-writer.js';
import { gitCode, type CodeSkips, type TreeStats } from './git-code.js';
import { gitCommits, type HistoryStats } from './git-commits.js';
import { assertRepository, runGit, type GitContext } from './git-process.js';
import { primaryLanguage, repositoryRecord, resolveRepository } from './git-repository.js';
import { isDerivedId, minimalRepository, toMinimalRepository, urlBases } from './github-shapes.js';
import { loadLanguageDetector } from '../text/languages.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/** Options of {@link importGit}. */
export interface GitImportOptions {
  /** Path of the repository (work tree, any directory inside it, or a bare repository). */
  repoPath: string;
  /** Output dump directory. */
  out: string;
  /** `OWNER/NAME`; default: parsed from the `origin` remote. */
  repo?: string;
  /** Branch to import; default: HEAD's branch, else `origin/HEAD`. */
  branch?: string;
  /** REST root for URL fields. @default https://api.github.com */
  baseUrl?: string;
  /** Merge into an existing dump at `out` instead of replacing it. */
  merge?: boolean;
  /**
   * Embed the `repository` object in every code and commit record, as GitHub's search items carry it. Off by
   * default: the store joins it from repositories.json by the records' `html_url`, and embedding adds ~5 KB per
   * record. @default false
   */
  embedRepository?: boolean;
  signal?: AbortSignal;
  progress?: Progress;
}

/** What {@link importGit} did. */
export interface GitImportResult {
  /** One report per part written (code, commits, repositories, plus kept parts when merging). */
  reports: PartReport[];
  fullName: string;
  branch: string;
  tip: string;
  /** Records produced by the importer (before merging), per part. */
  imported: { code: number; commits: number; repositories: number };
  skipped: CodeSkips;
  /** Wall time in milliseconds. */
  ms: number;
}

/**
 * The repository record already in the dump under the same `owner/name` (case-insensitive), when merging and it
 * is real GitHub data (not one an earlier git import built): the imported records must join to its id.
 */
async function knownRepository(writer: DumpWriter, fullName: string, merge: boolean): Promise<RawRecord | undefined> {
  if (!merge) return undefined;
  return (await writer.existing('repositories')).find(
    (record) =>
      typeof record.full_name === 'string' &&
      record.full_name.toLowerCase() === fullName.toLowerCase() &&
      !isDerivedId(record.id),
  );
}

/**
 * Imports a git repository into a dump (see the module comment).
 * @throws DataError for a path that is not a repository or a branch that cannot be found; Error when git is
 *   missing or fails, or `--repo`/`--base-url` is malformed; ImportInterrupted on Ctrl-C. Nothing is written then.
 */
export async function importGit(options: GitImportOptions): Promise<GitImportResult> {
  const started = Date.now();
  const progress = options.progress ?? NO_PROGRESS;
  const bases = urlBases(options.baseUrl);
  const context: GitContext = { repo: path.resolve(options.repoPath), signal: options.signal };
  await assertRepository(context);
  const info = await resolveRepository(context, { repo: options.repo, branch: options.branch });
  const detector = await loadLanguageDetector();
  const merge = options.merge ?? false;
  const writer = await DumpWriter.open({ out: options.out, merge, signal: options.signal });
  try {
    // Embedded in code and commit records: the known record's minimal form (ids join up), else one built from the name.
    const known = await knownRepository(writer, info.fullName, merge);
    const repository = known ? toMinimalRepository(known) : minimalRepository(info.fullName, bases);
    const tree: TreeStats = {
      files: 0,
      languageBytes: new Map(),
      skipped: { binary: 0, tooLarge: 0, symlinks: 0, submodules: 0 },
    };
    const imported = { code: 0, commits: 0, repositories: 0 };

    progress.phase('code files', 0);
    const embed = options.embedRepository ? repository : undefined;
    const code = writer.sink('code');
    const codeRecords = gitCode({
      context, tip: info.tip, fullName: info.fullName, repositoryId: repository.id as number, embed, bases, detector,
      stats: tree, onEntry: (done, count) => progress.tick(done, count),
    });
    for await (const record of codeRecords) {
      if (await code.add(record)) imported.code++;
    }

    const total = Number((await runGit(context, ['rev-list', '--count', info.tip])) ?? 0);
    progress.phase('commits', total);
    const history: HistoryStats = { commits: 0 };
    const commits = writer.sink('commits');
    const commitRepository = { fullName: info.fullName, id: repository.id as number, embed };
    for await (const record of gitCommits(context, info.tip, commitRepository, bases, history)) {
      if (await commits.add(record)) imported.commits++;
      if ((history.commits & 255) === 0) progress.tick(history.commits);
    }
    progress.stop();

    // A known record is real GitHub data: its values win, git only fills the fields it lacks.
    const built = repositoryRecord(repository, info, history, primaryLanguage(tree.languageBytes), bases);
    const full: RawRecord = known ? { ...built, ...known } : built;
    if (await writer.sink('repositories').add(full)) imported.repositories++;

    const reports = await writer.commit();
    return {
      reports,
      fullName: info.fullName,
      branch: info.branch,
      tip: info.tip,
      imported,
      skipped: tree.skipped,
      ms: Date.now() - started,
    };
  } finally {
    progress.stop();
    await writer.abort().catch(() => undefined);
  }
}
