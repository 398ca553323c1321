/**
 * Code records from the tree at the tip of the default branch: `git ls-tree -r -l -z` lists the blobs, and one
 * `git cat-file --batch --buffer` process streams their bytes. Only text files smaller than 384 KB become records
 * (GitHub code search's limit); binary files (a NUL byte, or invalid UTF-8 in more than 1% of the bytes — the rule
 * the store uses to decode content) are skipped, as are symlinks and submodules.
 *
 * A record is a `code-search-result-item` (`name, path, sha, url, git_url, html_url`, `repository` only when asked
 * to embed it — the store otherwise joins it from repositories.json by the `html_url` — URLs in the
 * `/repositories/<id>/…` form GitHub's code search returns, pinned to the tip commit) plus the optional
 * `file_size`, `language` and `last_modified_at`, and the `/contents` fields `size`, `content` (base64 wrapped at 60 columns, each
 * line ending in `\n`, as GitHub sends it) and `encoding: "base64"`.
 */
import type { RawRecord } from '../kinds/kind.js';
import { DataError } from '../dump/data-error.js';
import { ByteReader } from './byte-reader.js';
import { startGit, type GitContext } from './git-process.js';
import { encodePath, type UrlBases } from './github-shapes.js';
import { checkInterrupted } from './interrupt.js';
import { lastModifiedDates } from './git-last-modified.js';
import type { LanguageDetector } from '../text/languages.js';

/** GitHub code search indexes files smaller than this many bytes (384 KB). */
export const MAX_CODE_BYTES = 384 * 1024;

/** Why tree entries were not turned into code records. */
export interface CodeSkips {
  binary: number;
  tooLarge: number;
  symlinks: number;
  submodules: number;
}

/** What the repository record needs from the tree, filled while code streams. */
export interface TreeStats {
  /** Blobs listed in the tree. */
  files: number;
  /** Bytes per language group, over programming and markup files (linguist's repository statistics). */
  languageBytes: Map<string, number>;
  skipped: CodeSkips;
}

/** One blob of `ls-tree -r -l -z`. */
interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  size: number;
  path: string;
}

/** Parses one `ls-tree -l` entry: `<mode> SP <type> SP <sha> SP+ <size> TAB <path>`. */
function parseEntry(raw: Buffer): TreeEntry | undefined {
  const text = raw.toString('utf8');
  const tab = text.indexOf('\t');
  const [mode = '', type = '', sha = '', size = '-'] = text.slice(0, tab).split(/ +/);
  if (tab === -1 || !sha) return undefined;
  return { mode, type, sha, size: size === '-' ? 0 : Number(size), path: text.slice(tab + 1) };
}

/** True when bytes look binary (see the module comment). */
export function looksBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  const text = bytes.toString('utf8');
  let invalid = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) invalid++;
  return invalid > bytes.length * 0.01;
}

/** Base64 in GitHub's `/contents` layout: 60-column lines, each followed by `\n` (empty for an empty file). */
export function wrappedBase64(bytes: Buffer): string {
  const flat = bytes.toString('base64');
  let out = '';
  for (let i = 0; i < flat.length; i += 60) out += `${flat.slice(i, i + 60)}\n`;
  return out;
}

/** Lists the blobs of the tree at `tip`, counting symlinks and submodules as skipped. */
async function listTree(context: GitContext, tip: string, stats: TreeStats): Promise<TreeEntry[]> {
  const { child, done } = startGit(context, ['ls-tree', '-r', '-l', '-z', '--full-tree', tip]);
  child.stdin.end();
  done.catch(() => undefined);
  const reader = new ByteReader(child.stdout);
  const entries: TreeEntry[] = [];
  for (let raw = await reader.readUntil(0); raw !== undefined; raw = await reader.readUntil(0)) {
    const entry = parseEntry(raw);
    if (!entry) continue;
    if (entry.type === 'commit') stats.skipped.submodules++;
    else if (entry.type !== 'blob') continue;
    else if (entry.mode === '120000') stats.skipped.symlinks++;
    else if (!Number.isSafeInteger(entry.size)) {
      // ls-tree prints a size it cannot read as `BAD`: the blob is missing (a partial clone's objects are never
      // fetched, see git-process.ts), and reading it later would fail without naming the file.
      throw new DataError(`${entry.path}: blob ${entry.sha} is not in the repository (a partial clone? fetch it first)`, { file: context.repo });
    } else entries.push(entry);
  }
  await done;
  stats.files = entries.length;
  return entries;
}

/** Adds a file's bytes to its language group when linguist counts that language (programming or markup). */
function countLanguage(stats: TreeStats, language: ReturnType<LanguageDetector['detect']>, bytes: number): void {
  if (!language || (language.type !== 'programming' && language.type !== 'markup')) return;
  stats.languageBytes.set(language.group, (stats.languageBytes.get(language.group) ?? 0) + bytes);
}

/** Inputs of {@link gitCode}. */
export interface CodeOptions {
  context: GitContext;
  /** Tip commit sha (URLs are pinned to it). */
  tip: string;
  /** `owner/name` and GitHub id of the repository (URLs). */
  fullName: string;
  repositoryId: number | string;
  /** The `repository` object to embed in each record, or undefined to leave it out (joined by the store). */
  embed: RawRecord | undefined;
  bases: UrlBases;
  detector: LanguageDetector;
  /** Filled while streaming. */
  stats: TreeStats;
  /** Called per blob read (for progress), with the number of blobs to read. */
  onEntry?: (done: number, total: number) => void;
}

/**
 * Streams the code records of the tree at `tip` (tree order: paths sorted bytewise), each with
 * `last_modified_at` (git-last-modified.ts).
 */
export async function* gitCode(options: CodeOptions): AsyncGenerator<RawRecord> {
  const { context, tip, bases, detector, stats, fullName } = options;
  const entries = await listTree(context, tip, stats);
  const wanted = entries.filter((entry) => {
    if (entry.size < MAX_CODE_BYTES) return true;
    stats.skipped.tooLarge++;
    countLanguage(stats, detector.detect(entry.path), entry.size);
    return false;
  });
  const modified = await lastModifiedDates(context, tip, new Set(wanted.map((entry) => entry.path)));
  const { child, done } = startGit(context, ['cat-file', '--batch', '--buffer']);
  done.catch(() => undefined);
  child.stdin.end(wanted.map((entry) => `${entry.sha}\n`).join(''));
  const reader = new ByteReader(child.stdout);
  const id = String(options.repositoryId);
  try {
    for (let index = 0; index < wanted.length; index++) {
      const entry = wanted[index]!;
      const header = (await reader.readUntil(0x0a))?.toString('utf8') ?? '';
      const [, type, size] = header.split(' ');
      if (type === 'missing') {
        throw new DataError(`${entry.path}: blob ${entry.sha} is not in the repository (a partial clone? fetch it first)`, { file: context.repo });
      }
      if (type === undefined || size === undefined) throw new Error(`git cat-file: unexpected reply "${header}"`);
      const bytes = await reader.readExactly(Number(size));
      await reader.readExactly(1);
      if ((index & 255) === 0) checkInterrupted(context.signal);
      options.onEntry?.(index + 1, wanted.length);
      if (type !== 'blob' || looksBinary(bytes)) {
        stats.skipped.binary++;
        continue;
      }
      const language = detector.detect(entry.path, bytes.subarray(0, 256));
      countLanguage(stats, language, bytes.length);
      const encoded = encodePath(entry.path);
      yield {
        name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
        path: entry.path,
        sha: entry.sha,
        url: `${bases.api}/repositories/${id}/contents/${encoded}?ref=${tip}`,
        git_url: `${bases.api}/repositories/${id}/git/blobs/${entry.sha}`,
        html_url: `${bases.html}/${fullName}/blob/${tip}/${encoded}`,
        ...(options.embed ? { repository: options.embed } : {}),
        file_size: bytes.length,
        language: language?.name ?? null,
        last_modified_at: modified.get(entry.path) ?? null,
        size: bytes.length,
        content: wrappedBase64(bytes),
        encoding: 'base64',
      };
    }
    await done;
  } catch (error) {
    checkInterrupted(context.signal); // a killed git truncates its output: report the interrupt, not the symptom
    throw error;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
