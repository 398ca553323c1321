/**
 * Repository working objects (ids, owners, activity windows) and, once issues and commits exist, their REST
 * records in the `/search/repositories` item shape.
 */
import { LICENSES, REPOS } from './catalog-repos.js';
import { DAY, HOUR, NOW, day, isoZ, nodeId } from './ids.js';
import { REPO_IDS, allocateIds } from './id-curves.js';
import { Rng } from './prng.js';
import { API, WEB, repoLinkUrls, type RepositoryHead } from './urls.js';
import type { Account, Repo } from './model.js';
import type { RepositoryLinkKey } from '../../src/import/github-shapes.js';

/**
 * Build the repository working objects from the catalog, sorted by id. Labels, items, head commit and counters are
 * empty until later steps set them.
 * @param byLogin accounts by login
 * @throws Error when a repository names an unknown owner or fork parent.
 */
export function buildRepositories(byLogin: ReadonlyMap<string, Account>): Repo[] {
  const rng = new Rng('repositories');
  const byName = new Map<string, Repo>();
  const repos = REPOS.map((entry): Repo => {
    const owner = byLogin.get(entry.owner);
    if (!owner) throw new Error(`repository ${entry.owner}/${entry.name}: unknown owner`);
    const createdMs = Math.max(
      owner.createdMs + 30 * DAY,
      day(entry.since[0], entry.since[1], rng.int(1, 28)) + rng.int(0, 23) * HOUR + rng.int(0, 3599) * 1000,
    );
    const r: Repo = {
      ...entry,
      owner,
      fullName: `${entry.owner}/${entry.name}`,
      createdMs,
      private: entry.private === true,
      topics: entry.topics ?? [],
      branch: entry.branch ?? 'main',
      activeFrom: 0,
      activeUntil: 0,
      id: 0,
      node_id: '',
      labels: [],
      items: [],
      headSha: '',
      lastCommitMs: 0,
      openIssues: 0,
      forksCount: 0,
      pushedMs: 0,
      updatedMs: 0,
      sizeKb: 0,
    };
    byName.set(r.fullName, r);
    return r;
  });
  for (const r of repos) {
    if (r.forkOf) {
      const parent = byName.get(r.forkOf);
      if (!parent) throw new Error(`fork ${r.fullName}: unknown parent ${r.forkOf}`);
      r.parent = parent;
      r.desc = parent.desc;
      r.lang = parent.lang;
      r.license = parent.license;
      r.topics = [];
      r.branch = parent.branch;
    }
    // Archived repositories stopped changing somewhere between creation and 2024.
    const end = r.archived ? Math.min(day(2024, 6, 1), r.createdMs + Math.floor((NOW - r.createdMs) * rng.int(45, 75) / 100)) : NOW - rng.int(0, 20) * DAY;
    r.activeFrom = r.createdMs + rng.int(1, 20) * HOUR;
    r.activeUntil = end;
  }
  allocateIds(repos, REPO_IDS, (r) => r.createdMs, rng, (r, id) => (r.id = id));
  for (const r of repos) r.node_id = nodeId('Repository', r.id);
  repos.sort((a, b) => a.id - b.id);
  return repos;
}

/** GitHub's `license-simple`. */
export type License = { key: string; name: string; spdx_id: string; url: string | null; node_id: string };

/**
 * The license object of a repository (`nullable-license-simple`) for a key of LICENSES.
 * @throws Error on an unknown key.
 */
export function licenseObject(key: string | null): License | null {
  if (!key) return null;
  const entry = LICENSES[key];
  if (!entry) throw new Error(`unknown license ${key}`);
  const index = Object.keys(LICENSES).indexOf(key) + 1;
  return {
    key,
    name: entry[0],
    spdx_id: entry[1],
    url: key === 'other' ? null : `${API}/licenses/${key}`,
    node_id: nodeId('License', index),
  };
}

/** The fields every embedding of a repository starts with (`id` … `url`). */
export function repoHead(r: Repo): RepositoryHead {
  return {
    id: r.id,
    node_id: r.node_id,
    name: r.name,
    full_name: r.fullName,
    private: r.private,
    owner: r.owner.summary,
    html_url: `${WEB}/${r.fullName}`,
    description: r.desc ?? null,
    fork: Boolean(r.forkOf),
    url: `${API}/repos/${r.fullName}`,
  };
}

/** The full REST repository record, as `/search/repositories` items carry it (without `score`). */
export type RepositoryRecord = RepositoryHead & Record<RepositoryLinkKey, string> & {
  created_at: string;
  updated_at: string;
  pushed_at: string;
  git_url: string;
  ssh_url: string;
  clone_url: string;
  svn_url: string;
  homepage: string | null;
  /** Kilobytes. */
  size: number;
  stargazers_count: number;
  watchers_count: number;
  language: string | null;
  has_issues: boolean;
  has_projects: boolean;
  has_downloads: boolean;
  has_wiki: boolean;
  has_pages: boolean;
  has_discussions: boolean;
  forks_count: number;
  mirror_url: string | null;
  archived: boolean;
  disabled: boolean;
  open_issues_count: number;
  license: License | null;
  is_template: boolean;
  topics: string[];
  visibility: 'public' | 'private';
  forks: number;
  open_issues: number;
  watchers: number;
  default_branch: string;
};

/**
 * The full REST repository record of a working repository.
 * Needs `r.openIssues`, `r.pushedMs`, `r.updatedMs`, `r.sizeKb`, `r.forksCount` to be set.
 */
export function repositoryRecord(r: Repo): RepositoryRecord {
  return {
    ...repoHead(r),
    ...repoLinkUrls(r.fullName),
    created_at: isoZ(r.createdMs),
    updated_at: isoZ(r.updatedMs),
    pushed_at: isoZ(r.pushedMs),
    git_url: `git://github.com/${r.fullName}.git`,
    ssh_url: `git@github.com:${r.fullName}.git`,
    clone_url: `${WEB}/${r.fullName}.git`,
    svn_url: `${WEB}/${r.fullName}`,
    homepage: r.homepage ?? null,
    size: r.sizeKb,
    stargazers_count: r.stars,
    watchers_count: r.stars,
    language: r.lang ?? null,
    has_issues: !r.forkOf,
    has_projects: !r.forkOf && !r.archived,
    has_downloads: true,
    has_wiki: r.wiki === true,
    has_pages: r.pages === true,
    has_discussions: r.discussions === true,
    forks_count: r.forksCount,
    mirror_url: r.mirror ?? null,
    archived: r.archived === true,
    disabled: false,
    open_issues_count: r.openIssues,
    license: licenseObject(r.license ?? null),
    is_template: r.template === true,
    topics: r.topics.slice().sort(),
    visibility: r.private ? 'private' : 'public',
    forks: r.forksCount,
    open_issues: r.openIssues,
    watchers: r.stars,
    default_branch: r.branch,
  };
}
