/**
 * Fields GitHub always sends on user and repository objects, derived when an old or trimmed record lacks them:
 * the URL fields are built from the login / full name exactly as GitHub builds them, `site_admin` is false,
 * `gravatar_id` empty, `node_id` the legacy id of the account. Clients (PyGithub, Octokit's types) rely on every
 * field being present: PyGithub fetches the object again for any absent attribute.
 */
import { Buffer } from 'node:buffer';
import type { RawRecord } from './kind.js';

/** The REST root of an API URL (`https://api.github.com`, or a GitHub Enterprise `https://host/api/v3`). */
function apiRootOf(url: unknown): string {
  if (typeof url !== 'string') return 'https://api.github.com';
  const m = /^(https?:\/\/[^/]+(?:\/api\/v3)?)\//.exec(url);
  return m ? m[1]! : 'https://api.github.com';
}

/** The web root matching an API root (`https://api.github.com` → `https://github.com`). */
function webRootOf(api: string): string {
  if (api === 'https://api.github.com') return 'https://github.com';
  return api.replace(/\/api\/v3$/, '');
}

/** GitHub's link templates of a user, relative to its API url. */
const USER_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['followers_url', '/followers'],
  ['following_url', '/following{/other_user}'],
  ['gists_url', '/gists{/gist_id}'],
  ['starred_url', '/starred{/owner}{/repo}'],
  ['subscriptions_url', '/subscriptions'],
  ['organizations_url', '/orgs'],
  ['repos_url', '/repos'],
  ['events_url', '/events{/privacy}'],
  ['received_events_url', '/received_events'],
];

/**
 * A user object with every field of GitHub's simple user (seed "User summary object"), missing ones derived from
 * the login and id; present fields are kept as recorded, in the record's order, derived ones appended (a legacy
 * `user-<id>` id becomes the number). A record without a string login is returned as is.
 */
export function completeUser(user: RawRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...user };
  const login = user.login;
  if (typeof login !== 'string') return out;
  const api = apiRootOf(user.url);
  const url = typeof user.url === 'string' ? user.url : `${api}/users/${login}`;
  const type = typeof user.type === 'string' ? user.type : 'User';
  // The legacy (v2-era) user search recorded ids as `user-<id>`; GitHub's id is the number.
  const legacyId = typeof user.id === 'string' ? /^user-(\d+)$/.exec(user.id) : null;
  if (legacyId) out.id = Number(legacyId[1]);
  const id = out.id;
  const fill = (key: string, value: unknown): void => {
    if (out[key] === undefined) out[key] = value;
  };
  if (typeof id === 'number') {
    const legacy = type.toLowerCase() === 'organization' ? `012:Organization${id}` : `04:User${id}`;
    fill('node_id', Buffer.from(legacy).toString('base64'));
    fill('avatar_url', `https://avatars.githubusercontent.com/u/${id}?v=4`);
  }
  fill('gravatar_id', '');
  fill('url', url);
  fill('html_url', `${webRootOf(api)}/${login}`);
  for (const [key, suffix] of USER_LINKS) fill(key, `${url}${suffix}`);
  fill('type', type);
  fill('site_admin', false);
  return out;
}

/** GitHub's link templates of a repository, relative to its API url. */
const REPOSITORY_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['forks_url', '/forks'],
  ['keys_url', '/keys{/key_id}'],
  ['collaborators_url', '/collaborators{/collaborator}'],
  ['teams_url', '/teams'],
  ['hooks_url', '/hooks'],
  ['issue_events_url', '/issues/events{/number}'],
  ['events_url', '/events'],
  ['assignees_url', '/assignees{/user}'],
  ['branches_url', '/branches{/branch}'],
  ['tags_url', '/tags'],
  ['blobs_url', '/git/blobs{/sha}'],
  ['git_tags_url', '/git/tags{/sha}'],
  ['git_refs_url', '/git/refs{/sha}'],
  ['trees_url', '/git/trees{/sha}'],
  ['statuses_url', '/statuses/{sha}'],
  ['languages_url', '/languages'],
  ['stargazers_url', '/stargazers'],
  ['contributors_url', '/contributors'],
  ['subscribers_url', '/subscribers'],
  ['subscription_url', '/subscription'],
  ['commits_url', '/commits{/sha}'],
  ['git_commits_url', '/git/commits{/sha}'],
  ['comments_url', '/comments{/number}'],
  ['issue_comment_url', '/issues/comments{/number}'],
  ['contents_url', '/contents/{+path}'],
  ['compare_url', '/compare/{base}...{head}'],
  ['merges_url', '/merges'],
  ['archive_url', '/{archive_format}{/ref}'],
  ['downloads_url', '/downloads'],
  ['issues_url', '/issues{/number}'],
  ['pulls_url', '/pulls{/number}'],
  ['milestones_url', '/milestones{/number}'],
  ['notifications_url', '/notifications{?since,all,participating}'],
  ['labels_url', '/labels{/name}'],
  ['releases_url', '/releases{/id}'],
  ['deployments_url', '/deployments'],
];

/**
 * A repository object with GitHub's url, html_url and every link field (seed "Repository object"), missing ones
 * derived from `full_name`; its owner completed as a user. A record without a string full_name is returned as is.
 */
export function completeRepository(repo: RawRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...repo };
  if (out.owner && typeof out.owner === 'object') out.owner = completeUser(out.owner as RawRecord);
  const full = repo.full_name;
  if (typeof full !== 'string') return out;
  const api = apiRootOf(repo.url ?? (repo.owner as RawRecord | undefined)?.url);
  const url = typeof repo.url === 'string' ? repo.url : `${api}/repos/${full}`;
  if (out.url === undefined) out.url = url;
  if (out.html_url === undefined) out.html_url = `${webRootOf(api)}/${full}`;
  for (const [key, suffix] of REPOSITORY_LINKS) if (out[key] === undefined) out[key] = `${url}${suffix}`;
  return out;
}
