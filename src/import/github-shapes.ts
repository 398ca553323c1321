/**
 * GitHub REST shapes for records built from a local git repository: the user summary of an owner, the
 * `minimal-repository` embedded in code and commit items, and the URL patterns GitHub uses for them
 * (field order as GitHub serialises them, e.g. the recorded `jenkinsci/jenkins` repository and commit search items).
 *
 * Ids: git knows no GitHub ids, so they are derived from the name — `2^48 + first 44 bits of sha1("<type>:<name>")`
 * — which is stable across imports and far above any id GitHub has issued, so a local record can never merge
 * with (or shadow) a real one by id. node_ids use GitHub's legacy format, base64 of `0<len>:<Type><id>`.
 */
import { createHash } from 'node:crypto';
import type { RawRecord } from '../kinds/kind.js';

/** Where the URLs of imported records point. */
export interface UrlBases {
  /** REST root without trailing slash, e.g. `https://api.github.com` or `https://ghe.example/api/v3`. */
  api: string;
  /** Web root, e.g. `https://github.com`. */
  html: string;
}

/** The default REST root (`--base-url`). */
export const DEFAULT_BASE_URL = 'https://api.github.com';

/**
 * The REST and web roots for a `--base-url`: the web root drops a leading `api.` from the host
 * (`api.github.com` → `github.com`) or a trailing `/api/v3` (GitHub Enterprise Server); otherwise it is the same URL.
 * @throws Error when `baseUrl` is not an absolute http(s) URL.
 */
export function urlBases(baseUrl: string = DEFAULT_BASE_URL): UrlBases {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`--base-url must be an absolute URL such as ${DEFAULT_BASE_URL}, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  const api = url.toString().replace(/\/+$/, '');
  const web = new URL(api);
  if (/\/api\/v3$/.test(web.pathname)) web.pathname = web.pathname.replace(/\/api\/v3$/, '');
  else if (web.hostname.startsWith('api.')) web.hostname = web.hostname.slice(4);
  return { api, html: web.toString().replace(/\/+$/, '') };
}

/** A stable id for a local object (see the module comment): an integer in [2^48, 2^49). */
export function derivedId(type: string, name: string): number {
  const hex = createHash('sha1').update(`${type}:${name.toLowerCase()}`).digest('hex').slice(0, 11);
  return 2 ** 48 + parseInt(hex, 16);
}

/** True for an id made by {@link derivedId} (a record an earlier local import built), false for GitHub's own ids. */
export function isDerivedId(id: unknown): boolean {
  return typeof id === 'number' && id >= 2 ** 48 && id < 2 ** 49;
}

/** GitHub's legacy node_id: base64 of `0<length of type>:<type><id>` (e.g. `04:User50003` → `MDQ6VXNlcjUwMDAz`). */
export function legacyNodeId(type: string, id: number | string): string {
  return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

/** Percent-encodes each `/`-separated segment of a repository path, as GitHub's contents and blob URLs do. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * GitHub's `simple-user`: the summary of an account embedded in other records (`owner`, `user`, `author`,
 * `assignees` …), in GitHub's field order. `type` is `User`, `Organization` or `Bot`.
 */
export type SimpleUser = {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string;
  url: string;
  html_url: string;
  followers_url: string;
  following_url: string;
  gists_url: string;
  starred_url: string;
  subscriptions_url: string;
  organizations_url: string;
  repos_url: string;
  events_url: string;
  received_events_url: string;
  type: string;
  site_admin: boolean;
};

/** The link fields a user summary carries after `html_url`, in GitHub's order, from the user's API URL. */
export type UserLinks = Pick<
  SimpleUser,
  | 'followers_url' | 'following_url' | 'gists_url' | 'starred_url' | 'subscriptions_url'
  | 'organizations_url' | 'repos_url' | 'events_url' | 'received_events_url'
>;

/** {@link UserLinks} of the user whose API URL is `api` (`https://api.github.com/users/<login>`). */
export function userLinks(api: string): UserLinks {
  return {
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
  };
}

/** The user summary object (`simple-user`) of an account, in GitHub's field order. */
export function userSummary(login: string, bases: UrlBases, id = derivedId('user', login)): SimpleUser {
  const api = `${bases.api}/users/${login}`;
  const avatar =
    new URL(bases.html).hostname === 'github.com'
      ? `https://avatars.githubusercontent.com/u/${id}?v=4`
      : `${bases.html}/avatars/u/${id}?v=4`;
  return {
    login,
    id,
    node_id: legacyNodeId('User', id),
    avatar_url: avatar,
    gravatar_id: '',
    url: api,
    html_url: `${bases.html}/${login}`,
    ...userLinks(api),
    type: 'User',
    site_admin: false,
  };
}

const REPO_LINKS = [
  ['forks_url', '/forks'], ['keys_url', '/keys{/key_id}'], ['collaborators_url', '/collaborators{/collaborator}'],
  ['teams_url', '/teams'], ['hooks_url', '/hooks'], ['issue_events_url', '/issues/events{/number}'],
  ['events_url', '/events'], ['assignees_url', '/assignees{/user}'], ['branches_url', '/branches{/branch}'],
  ['tags_url', '/tags'], ['blobs_url', '/git/blobs{/sha}'], ['git_tags_url', '/git/tags{/sha}'],
  ['git_refs_url', '/git/refs{/sha}'], ['trees_url', '/git/trees{/sha}'], ['statuses_url', '/statuses/{sha}'],
  ['languages_url', '/languages'], ['stargazers_url', '/stargazers'], ['contributors_url', '/contributors'],
  ['subscribers_url', '/subscribers'], ['subscription_url', '/subscription'], ['commits_url', '/commits{/sha}'],
  ['git_commits_url', '/git/commits{/sha}'], ['comments_url', '/comments{/number}'],
  ['issue_comment_url', '/issues/comments{/number}'], ['contents_url', '/contents/{+path}'],
  ['compare_url', '/compare/{base}...{head}'], ['merges_url', '/merges'], ['archive_url', '/{archive_format}{/ref}'],
  ['downloads_url', '/downloads'], ['issues_url', '/issues{/number}'], ['pulls_url', '/pulls{/number}'],
  ['milestones_url', '/milestones{/number}'], ['notifications_url', '/notifications{?since,all,participating}'],
  ['labels_url', '/labels{/name}'], ['releases_url', '/releases{/id}'], ['deployments_url', '/deployments'],
] as const satisfies ReadonlyArray<readonly [string, string]>;

/** The 36 link-template keys of a repository (`forks_url` … `deployments_url`). */
export type RepositoryLinkKey = (typeof REPO_LINKS)[number][0];

/**
 * GitHub's `minimal-repository` as code and commit search items embed it: identity, owner, flags, then the 36
 * link templates, in GitHub's field order.
 */
export type MinimalRepository = {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
  owner: SimpleUser;
  html_url: string;
  description: string | null;
  fork: boolean;
  url: string;
} & Record<RepositoryLinkKey, string>;

/** The keys of a `minimal-repository` object (identity, owner, flags and the 36 link templates). */
export const MINIMAL_REPOSITORY_KEYS: readonly string[] = [
  'id', 'node_id', 'name', 'full_name', 'private', 'owner', 'html_url', 'description', 'fork', 'url',
  ...REPO_LINKS.map(([key]) => key),
];

/**
 * The `minimal-repository` object GitHub embeds in code and commit search items, for `owner/name`.
 * @param description the repository description (null when unknown, as GitHub sends for none).
 */
export function minimalRepository(fullName: string, bases: UrlBases, description: string | null = null): RawRecord {
  const [owner = '', name = ''] = fullName.split('/');
  const id = derivedId('repository', fullName);
  const api = `${bases.api}/repos/${fullName}`;
  const record: RawRecord = {
    id,
    node_id: legacyNodeId('Repository', id),
    name,
    full_name: fullName,
    private: false,
    owner: userSummary(owner, bases),
    html_url: `${bases.html}/${fullName}`,
    description,
    fork: false,
    url: api,
  };
  for (const [key, suffix] of REPO_LINKS) record[key] = `${api}${suffix}`;
  return record;
}

/** Picks the `minimal-repository` fields out of a full repository record (e.g. a real one already in a dump). */
export function toMinimalRepository(repository: RawRecord): RawRecord {
  const minimal: RawRecord = {};
  for (const key of MINIMAL_REPOSITORY_KEYS) if (key in repository) minimal[key] = repository[key];
  return minimal;
}
