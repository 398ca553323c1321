/**
 * The repository being imported: which branch and commit, its `owner/name`, its size, and the repository record
 * (a `repo-search-result-item`, in GitHub's field order) built from what git knows.
 */
import path from 'node:path';
import type { RawRecord } from '../kinds/kind.js';
import { DataError } from '../dump/data-error.js';
import { runGit, type GitContext } from './git-process.js';
import type { UrlBases } from './github-shapes.js';

/** What git says about the repository. */
export interface GitRepositoryInfo {
  /** Short branch name, e.g. `main` (the repository's `default_branch`). */
  branch: string;
  /** Full sha of the branch tip. */
  tip: string;
  /** `owner/name`. */
  fullName: string;
  /** Size of the object database in KiB (`git count-objects -v`: size-pack + size), GitHub's `size` unit. */
  sizeKb: number;
}

const FULL_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/**
 * `owner/name` from a remote URL: `git@host:o/n.git`, `ssh://git@host/o/n.git`, `https://host/o/n(.git)`,
 * `git://host/o/n.git`. A path of more than two segments — a GitLab subgroup `group/sub/proj`, a mirror's
 * `mirror/o/n` — keeps every segment: the owner is the first, the name the others joined by `-`
 * (`group/sub-proj`), so two projects of different subgroups never share a name. Undefined for local paths
 * ({@link isLocalRemote}), a single segment, or anything else.
 */
export function fullNameFromRemote(url: string): string | undefined {
  const trimmed = url.trim();
  const scp = /^[^/@\s]+@[^:/\s]+:(.+)$/.exec(trimmed);
  let pathPart: string | undefined = scp?.[1];
  if (!pathPart && /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && !/^file:/i.test(trimmed)) {
    try {
      pathPart = decodeURIComponent(new URL(trimmed).pathname);
    } catch {
      return undefined;
    }
  }
  if (!pathPart) return undefined;
  const segments = pathPart.replace(/\/+$/, '').replace(/\.git$/, '').split('/').filter(Boolean);
  if (segments[0]?.startsWith('~')) segments.shift(); // ssh://host/~user/… is a home directory, not an owner
  const candidate = `${segments[0]}/${segments.slice(1).join('-')}`;
  return segments.length >= 2 && FULL_NAME.test(candidate) ? candidate : undefined;
}

/**
 * True when a remote URL names a repository on this machine: an absolute or relative path, `~/…`, or `file://`
 * (what `git clone <path>` records as `origin`). Such a repository has no GitHub name: it is `local/<folder>`.
 */
export function isLocalRemote(url: string): boolean {
  const trimmed = url.trim();
  if (/^file:/i.test(trimmed)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^[a-z][a-z0-9+.-]*::/i.test(trimmed)) return false;
  if (/^[^/@\s]+@[^:/\s]+:/.test(trimmed)) return false;
  // git reads `host:path` (no slash before the colon) as ssh; anything else without a scheme is a path.
  return !/^[^/:]+:/.test(trimmed) || /^[A-Za-z]:[\\/]/.test(trimmed);
}

/** The branch to import: `--branch`, else HEAD's branch, else `origin/HEAD`'s. Returns `[short name, ref]`. */
async function resolveBranch(context: GitContext, branch: string | undefined): Promise<[string, string]> {
  if (branch !== undefined) {
    for (const ref of [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`]) {
      if (await runGit(context, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], true)) return [branch, ref];
    }
    throw new DataError(`no branch "${branch}" (looked for refs/heads/${branch} and refs/remotes/origin/${branch})`, {
      file: context.repo,
    });
  }
  const head = (await runGit(context, ['symbolic-ref', '-q', 'HEAD'], true))?.trim();
  if (head?.startsWith('refs/heads/')) return [head.slice('refs/heads/'.length), head];
  const origin = (await runGit(context, ['symbolic-ref', '-q', 'refs/remotes/origin/HEAD'], true))?.trim();
  if (origin?.startsWith('refs/remotes/origin/')) return [origin.slice('refs/remotes/origin/'.length), origin];
  throw new DataError('cannot tell the default branch (HEAD is detached and there is no origin/HEAD); pass --branch', {
    file: context.repo,
  });
}

/** The owner used when a repository has no `origin` remote and no `--repo`: `local/<folder name>`. */
export const LOCAL_OWNER = 'local';

/**
 * `local/<folder>` for a repository without an origin remote: the folder's name (a bare `x.git` gives `x`), with
 * characters GitHub does not allow in names replaced by `-`. Undefined when nothing usable is left.
 */
export function folderFullName(repoPath: string): string | undefined {
  const base = path.basename(path.resolve(repoPath)).replace(/\.git$/i, '');
  const name = base.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[.-]+|-+$/g, '');
  return name === '' ? undefined : `${LOCAL_OWNER}/${name}`;
}

/**
 * The folder that names a repository: the work tree's top level (so `import git src/` inside a clone names the
 * clone), else — a bare repository — its git directory; the path given when git can tell neither.
 */
async function workTreeRoot(context: GitContext): Promise<string> {
  const top = (await runGit(context, ['rev-parse', '--show-toplevel'], true))?.trim();
  if (top) return top;
  const gitDir = (await runGit(context, ['rev-parse', '--absolute-git-dir'], true))?.trim();
  return gitDir && path.basename(gitDir) !== '.git' ? gitDir : context.repo;
}

/**
 * Resolves branch, tip, `owner/name` and size.
 * @param repo `--repo OWNER/NAME`; else parsed from the `origin` remote (fullNameFromRemote); else — no origin, or
 *   one on this machine ({@link isLocalRemote}) — `local/<folder name>` of the work tree's top level.
 * @throws DataError when the branch has no commits or cannot be found, `--repo` is malformed, or no owner/name
 *   can be found.
 */
export async function resolveRepository(
  context: GitContext,
  options: { repo?: string; branch?: string },
): Promise<GitRepositoryInfo> {
  let fullName = options.repo;
  if (fullName !== undefined && !FULL_NAME.test(fullName)) {
    throw new DataError(`--repo must look like OWNER/NAME, got ${JSON.stringify(fullName)}`);
  }
  if (fullName === undefined) {
    const remote = await runGit(context, ['config', '--get', 'remote.origin.url'], true);
    const local = remote === undefined || remote.trim() === '' || isLocalRemote(remote);
    fullName = local ? folderFullName(await workTreeRoot(context)) : fullNameFromRemote(remote);
    if (!fullName) {
      const why = local ? 'the folder name has no character GitHub allows' : `origin is ${JSON.stringify(remote!.trim())}`;
      throw new DataError(`cannot tell the repository's OWNER/NAME (${why}); pass --repo OWNER/NAME`, { file: context.repo });
    }
  }
  const [branch, ref] = await resolveBranch(context, options.branch);
  const tip = (await runGit(context, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], true))?.trim();
  if (!tip) throw new DataError(`branch "${branch}" has no commits`, { file: context.repo });
  const counts = (await runGit(context, ['count-objects', '-v'])) ?? '';
  const kib = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(counts)?.[1] ?? 0);
  return { branch, tip, fullName, sizeKb: kib('size-pack') + kib('size') };
}

/** The language with the most bytes (ties: name order), or null when no file counted. */
export function primaryLanguage(bytes: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let most = -1;
  for (const [language, count] of [...bytes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count > most) [best, most] = [language, count];
  }
  return best;
}

/**
 * The repository record: the embedded `minimal-repository` fields, then what git knows (dates from the history,
 * size, language, default branch) and GitHub's values for a new repository nobody has starred, forked or
 * filed issues against (counts 0, no license, no topics, public).
 */
export function repositoryRecord(
  minimal: RawRecord,
  info: GitRepositoryInfo,
  dates: { created?: string; pushed?: string },
  language: string | null,
  bases: UrlBases,
): RawRecord {
  const host = new URL(bases.html).host;
  const full = info.fullName;
  return {
    ...minimal,
    created_at: dates.created ?? null,
    updated_at: dates.pushed ?? null,
    pushed_at: dates.pushed ?? null,
    git_url: `git://${host}/${full}.git`,
    ssh_url: `git@${host}:${full}.git`,
    clone_url: `${bases.html}/${full}.git`,
    svn_url: `${bases.html}/${full}`,
    homepage: null,
    size: info.sizeKb,
    stargazers_count: 0,
    watchers_count: 0,
    language,
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 0,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [],
    visibility: 'public',
    forks: 0,
    open_issues: 0,
    watchers: 0,
    default_branch: info.branch,
  };
}
