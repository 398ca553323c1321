/**
 * Shapes shared by several kinds: the user summary, the minimal repository object, own-key assignment, and the
 * visibility of a record through its repository.
 */
import type { RawRecord } from './kind.js';
import { completeRepository, completeUser } from './links.js';
import { at, repoFromUrl } from './qualifiers.js';
import type { Visibility } from './spec.js';
import type { CollectionView } from './collection-view.js';

/** Keys of GitHub's simple-user object (seed "User summary object"), in GitHub's order. */
const USER_KEYS = [
  'login', 'id', 'node_id', 'avatar_url', 'gravatar_id', 'url', 'html_url', 'followers_url', 'following_url',
  'gists_url', 'starred_url', 'subscriptions_url', 'organizations_url', 'repos_url', 'events_url',
  'received_events_url', 'type', 'user_view_type', 'site_admin',
] as const;

/** Keys of the minimal-repository object (seed "Repository object"), in GitHub's order. */
const REPOSITORY_KEYS = [
  'id', 'node_id', 'name', 'full_name', 'owner', 'private', 'html_url', 'description', 'fork', 'url', 'forks_url',
  'keys_url', 'collaborators_url', 'teams_url', 'hooks_url', 'issue_events_url', 'events_url', 'assignees_url',
  'branches_url', 'tags_url', 'blobs_url', 'git_tags_url', 'git_refs_url', 'trees_url', 'statuses_url',
  'languages_url', 'stargazers_url', 'contributors_url', 'subscribers_url', 'subscription_url', 'commits_url',
  'git_commits_url', 'comments_url', 'issue_comment_url', 'contents_url', 'compare_url', 'merges_url',
  'archive_url', 'downloads_url', 'issues_url', 'pulls_url', 'milestones_url', 'notifications_url', 'labels_url',
  'releases_url', 'deployments_url',
] as const;

function pick(source: RawRecord, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in source) out[key] = source[key];
  return out;
}

/**
 * A user summary from any user-like object: extra profile fields dropped, missing URL fields derived from the login
 * and `site_admin` false when absent (links.ts); null stays null. An empty object (a commit's unknown committer)
 * stays empty.
 */
export function userSummary(user: unknown): Record<string, unknown> | null {
  if (user === null || typeof user !== 'object') return null;
  return pick(completeUser(user as RawRecord), USER_KEYS);
}

/**
 * The minimal repository object for `repository` of code and commit items: from the record's own embedded
 * repository when present, else from the dump's repository record of `fullName`.
 */
export function minimalRepository(
  embedded: unknown,
  fullName: string | undefined,
  c: CollectionView,
): Record<string, unknown> | undefined {
  const source =
    embedded && typeof embedded === 'object' ? (embedded as RawRecord) : fullName ? c.repository(fullName) : undefined;
  if (!source) return undefined;
  const out = pick(completeRepository(source), REPOSITORY_KEYS);
  if (out.owner !== undefined) out.owner = userSummary(out.owner);
  return out;
}

/**
 * Set an own, enumerable property, whatever the key: a plain assignment of `__proto__` would replace the
 * object's prototype instead (and the key would vanish from the item); JSON.parse keeps such a key as data.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * A record's visibility through its repository — one fact per repository name, for every kind (issue #26): the
 * dump's newest recording of the repository decides (kinds/recordings.ts; `c.repository` returns it), so a
 * repository `search repositories` lists as public never has its commits or code hidden as private, nor the
 * reverse. Without a repository record: the record's embedded `repository.private`, else public.
 */
export function visibilityVia(record: RawRecord, fullName: string | undefined, c: CollectionView): Visibility {
  const repo = fullName ? c.repository(fullName) : undefined;
  if (typeof repo?.private === 'boolean') return { private: repo.private, repository: fullName };
  const embedded = at(record, 'repository.private');
  return { private: embedded === true, repository: fullName };
}

/** The repository full name of a record from its embedded repository or one of its URLs. */
export function repoNameOf(record: RawRecord, ...urlKeys: string[]): string | undefined {
  const full = at(record, 'repository.full_name');
  if (typeof full === 'string') return full;
  for (const key of urlKeys) {
    const name = repoFromUrl(at(record, key));
    if (name) return name;
  }
  return undefined;
}

/** The REST root of an API URL (`https://api.github.com`, or a GitHub Enterprise `https://host/api/v3`). */
export function apiRoot(url: unknown): string {
  if (typeof url !== 'string') return 'https://api.github.com';
  const m = /^(https?:\/\/[^/]+(?:\/api\/v3)?)\//.exec(url);
  return m ? m[1]! : 'https://api.github.com';
}

/**
 * `object_url` of a text match on a resource that lives in a repository, in GitHub's id-based form
 * (`{root}/repositories/{repository id}/{rest}`, reference §3.6); `fallback` when the repository id is unknown.
 */
export function repositoryObjectUrl(repositoryId: unknown, root: string, rest: string, fallback: unknown): string {
  if (typeof repositoryId === 'number') return `${root}/repositories/${repositoryId}${rest}`;
  return typeof fallback === 'string' ? fallback : '';
}
