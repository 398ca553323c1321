/**
 * The deterministic URL patterns of GitHub's REST records, and the embedded summary objects built from them:
 * the user summary (`owner`, `user`, `author`…) and the minimal repository (code and commit `repository`).
 * Their shapes are the importers' (src/import/github-shapes.ts).
 */
import { userLinks, type MinimalRepository, type RepositoryLinkKey, type SimpleUser } from '../../src/import/github-shapes.js';
import type { Account } from './model.js';

export const API = 'https://api.github.com';
export const WEB = 'https://github.com';

/** The user summary object (GitHub's "simple user") of an account. */
export function userSummary(account: Pick<Account, 'login' | 'id' | 'node_id' | 'type' | 'site_admin'>): SimpleUser {
  const { login, id } = account;
  const api = `${API}/users/${login}`;
  return {
    login,
    id,
    node_id: account.node_id,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `${WEB}/${login}`,
    ...userLinks(api),
    type: account.type,
    site_admin: account.site_admin,
  };
}

/** Every `*_url` of a repository (`owner/name`), in GitHub's key order (from `forks_url` to `deployments_url`). */
export function repoLinkUrls(fullName: string): Record<RepositoryLinkKey, string> {
  const r = `${API}/repos/${fullName}`;
  return {
    forks_url: `${r}/forks`,
    keys_url: `${r}/keys{/key_id}`,
    collaborators_url: `${r}/collaborators{/collaborator}`,
    teams_url: `${r}/teams`,
    hooks_url: `${r}/hooks`,
    issue_events_url: `${r}/issues/events{/number}`,
    events_url: `${r}/events`,
    assignees_url: `${r}/assignees{/user}`,
    branches_url: `${r}/branches{/branch}`,
    tags_url: `${r}/tags`,
    blobs_url: `${r}/git/blobs{/sha}`,
    git_tags_url: `${r}/git/tags{/sha}`,
    git_refs_url: `${r}/git/refs{/sha}`,
    trees_url: `${r}/git/trees{/sha}`,
    statuses_url: `${r}/statuses/{sha}`,
    languages_url: `${r}/languages`,
    stargazers_url: `${r}/stargazers`,
    contributors_url: `${r}/contributors`,
    subscribers_url: `${r}/subscribers`,
    subscription_url: `${r}/subscription`,
    commits_url: `${r}/commits{/sha}`,
    git_commits_url: `${r}/git/commits{/sha}`,
    comments_url: `${r}/comments{/number}`,
    issue_comment_url: `${r}/issues/comments{/number}`,
    contents_url: `${r}/contents/{+path}`,
    compare_url: `${r}/compare/{base}...{head}`,
    merges_url: `${r}/merges`,
    archive_url: `${r}/{archive_format}{/ref}`,
    downloads_url: `${r}/downloads`,
    issues_url: `${r}/issues{/number}`,
    pulls_url: `${r}/pulls{/number}`,
    milestones_url: `${r}/milestones{/number}`,
    notifications_url: `${r}/notifications{?since,all,participating}`,
    labels_url: `${r}/labels{/name}`,
    releases_url: `${r}/releases{/id}`,
    deployments_url: `${r}/deployments`,
  };
}

/** The fields every embedding of a repository starts with (`id` … `url`). */
export type RepositoryHead = Omit<MinimalRepository, RepositoryLinkKey>;

/** The minimal repository object embedded in code and commit search items (46 keys, ends at `deployments_url`). */
export function minimalRepository(repo: RepositoryHead): MinimalRepository {
  const out: RepositoryHead = {
    id: repo.id,
    node_id: repo.node_id,
    name: repo.name,
    full_name: repo.full_name,
    private: repo.private,
    owner: repo.owner,
    html_url: repo.html_url,
    description: repo.description,
    fork: repo.fork,
    url: repo.url,
  };
  return Object.assign(out, repoLinkUrls(repo.full_name));
}

/** A label's API URL: the name percent-encoded as GitHub does (spaces → `%20`, `:` and `/` kept). */
export function labelUrl(fullName: string, name: string): string {
  const encoded = encodeURI(name).replace(/#/g, '%23').replace(/\?/g, '%3F');
  return `${API}/repos/${fullName}/labels/${encoded}`;
}

/** The user summary of a GitHub App's bot account (`login[bot]`): encoded login in API URLs, app avatar, `/apps/` page. */
export function botSummary(bot: { login: string; id: number; node_id: string; app_id: number; app_slug: string }): SimpleUser {
  const api = `${API}/users/${encodeURIComponent(bot.login)}`;
  return {
    login: bot.login,
    id: bot.id,
    node_id: bot.node_id,
    avatar_url: `https://avatars.githubusercontent.com/in/${bot.app_id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `${WEB}/apps/${bot.app_slug}`,
    ...userLinks(api),
    type: 'Bot',
    site_admin: false,
  };
}
