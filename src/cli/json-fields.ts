/**
 * `--json FIELDS`: gh's field names per kind and the values gh 2.23 prints for them (`gh search issues|prs|repos|
 * commits --json …`; `code` as later gh releases name it). One table per kind; each field reads the GitHub item.
 *
 * Values follow gh's export, Go zero values included: a missing time is `0001-01-01T00:00:00Z`, a missing string
 * `""`, a user is `{id (node_id), is_bot, login, type, url (html_url)}` and a null user reads as a bot (gh's
 * `User.IsBot` is "no node id"). Keys come out sorted, as gh's JSON encoder writes maps. The gh oracle test
 * (test/cli/json-fields-gh.test.ts) compares every field with gh's own output over `search serve`.
 * labels, topics and users have no `gh search` command: their names follow gh's habits (camelCase, `id` is the
 * node id, `url` the html_url, `is`-prefixed booleans).
 */
import type { Item } from '../envelope/envelope.js';
import type { Kind } from '../kinds/kind.js';

type Json = unknown;
type Field = (item: Item) => Json;
type Obj = Record<string, unknown>;

const ZERO_TIME = '0001-01-01T00:00:00Z';
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const bool = (v: unknown): boolean => v === true;
const time = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : ZERO_TIME);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const get = (key: string): Field => (item) => (item as Obj)[key] ?? null;

/** gh's `User.ExportData`. */
function user(v: unknown): Obj {
  const u = obj(v);
  const id = str(u.node_id);
  const isBot = id === '';
  return { id, is_bot: isBot, login: isBot ? `app/${str(u.login)}` : str(u.login), type: str(u.type), url: str(u.html_url) };
}

/** The repository of a commit or code result (gh's `Repository` fields a search item carries). */
function repositoryRef(v: unknown): Obj {
  const r = obj(v);
  return {
    description: str(r.description),
    fullName: str(r.full_name),
    id: str(r.node_id),
    isFork: bool(r.fork),
    isPrivate: bool(r.private),
    name: str(r.name),
    owner: user(r.owner),
    url: str(r.html_url),
  };
}

/** `{name, nameWithOwner}` from an issue's `repository_url` (…/repos/OWNER/NAME), as gh derives it. */
function issueRepository(item: Item): Obj {
  const url = str((item as Obj).repository_url);
  const nameWithOwner = url.split('/repos/')[1] ?? '';
  return { name: nameWithOwner.split('/')[1] ?? '', nameWithOwner };
}

const ISSUES: Record<string, Field> = {
  assignees: (i) => arr((i as Obj).assignees).map(user),
  author: (i) => user((i as Obj).user),
  authorAssociation: (i) => str((i as Obj).author_association),
  body: (i) => str((i as Obj).body),
  closedAt: (i) => time((i as Obj).closed_at),
  commentsCount: (i) => num((i as Obj).comments),
  createdAt: (i) => time((i as Obj).created_at),
  id: (i) => str((i as Obj).node_id),
  // gh lists isDraft for `gh search prs`; the issues endpoint answers both, so it is offered here too.
  isDraft: (i) => bool((i as Obj).draft),
  isLocked: (i) => bool((i as Obj).locked),
  isPullRequest: (i) => str(obj((i as Obj).pull_request).url) !== '',
  labels: (i) =>
    arr((i as Obj).labels).map((l) => {
      const label = obj(l);
      return { color: str(label.color), description: str(label.description), id: str(label.node_id), name: str(label.name) };
    }),
  number: (i) => num((i as Obj).number),
  repository: issueRepository,
  // gh names a merged pull request's state `merged` (its `pull_request.merged_at` is set).
  state: (i) => (str(obj((i as Obj).pull_request).merged_at) !== '' ? 'merged' : str((i as Obj).state)),
  title: (i) => str((i as Obj).title),
  updatedAt: (i) => time((i as Obj).updated_at),
  url: (i) => str((i as Obj).html_url),
};

const REPOSITORIES: Record<string, Field> = {
  createdAt: (r) => time((r as Obj).created_at),
  defaultBranch: (r) => str((r as Obj).default_branch),
  description: (r) => str((r as Obj).description),
  forksCount: (r) => num((r as Obj).forks_count),
  fullName: (r) => str((r as Obj).full_name),
  hasDownloads: (r) => bool((r as Obj).has_downloads),
  hasIssues: (r) => bool((r as Obj).has_issues),
  hasPages: (r) => bool((r as Obj).has_pages),
  hasProjects: (r) => bool((r as Obj).has_projects),
  hasWiki: (r) => bool((r as Obj).has_wiki),
  homepage: (r) => str((r as Obj).homepage),
  id: (r) => str((r as Obj).node_id),
  isArchived: (r) => bool((r as Obj).archived),
  isDisabled: (r) => bool((r as Obj).disabled),
  isFork: (r) => bool((r as Obj).fork),
  isPrivate: (r) => bool((r as Obj).private),
  language: (r) => str((r as Obj).language),
  license: (r) => {
    const l = obj((r as Obj).license);
    return { key: str(l.key), name: str(l.name), url: str(l.url) };
  },
  name: (r) => str((r as Obj).name),
  openIssuesCount: (r) => num((r as Obj).open_issues_count),
  owner: (r) => user((r as Obj).owner),
  pushedAt: (r) => time((r as Obj).pushed_at),
  size: (r) => num((r as Obj).size),
  stargazersCount: (r) => num((r as Obj).stargazers_count),
  updatedAt: (r) => time((r as Obj).updated_at),
  url: (r) => str((r as Obj).html_url),
  visibility: (r) => str((r as Obj).visibility),
  watchersCount: (r) => num((r as Obj).watchers_count),
};

const COMMITS: Record<string, Field> = {
  author: (c) => user((c as Obj).author),
  commit: (c) => {
    const commit = obj((c as Obj).commit);
    const who = (v: unknown) => {
      const p = obj(v);
      return { date: time(p.date), email: str(p.email), name: str(p.name) };
    };
    return {
      author: who(commit.author),
      comment_count: num(commit.comment_count),
      committer: who(commit.committer),
      message: str(commit.message),
      tree: { sha: str(obj(commit.tree).sha) },
    };
  },
  committer: (c) => user((c as Obj).committer),
  id: (c) => str((c as Obj).node_id),
  parents: (c) => arr((c as Obj).parents).map((p) => ({ sha: str(obj(p).sha), url: str(obj(p).html_url) })),
  repository: (c) => repositoryRef((c as Obj).repository),
  sha: (c) => str((c as Obj).sha),
  url: (c) => str((c as Obj).html_url),
};

const CODE: Record<string, Field> = {
  path: (c) => str((c as Obj).path),
  repository: (c) => repositoryRef((c as Obj).repository),
  sha: (c) => str((c as Obj).sha),
  textMatches: (c) =>
    arr((c as Obj).text_matches).map((m) => {
      const match = obj(m);
      return {
        fragment: str(match.fragment),
        matches: arr(match.matches).map((x) => ({ indices: arr(obj(x).indices), text: str(obj(x).text) })),
        object_type: str(match.object_type),
        property: str(match.property),
      };
    }),
  url: (c) => str((c as Obj).html_url),
};

const LABELS: Record<string, Field> = {
  color: (l) => str((l as Obj).color),
  description: (l) => str((l as Obj).description),
  id: (l) => str((l as Obj).node_id),
  isDefault: (l) => bool((l as Obj).default),
  name: (l) => str((l as Obj).name),
  url: (l) => str((l as Obj).url),
};

const TOPICS: Record<string, Field> = {
  aliases: get('aliases'),
  createdAt: (t) => time((t as Obj).created_at),
  createdBy: (t) => str((t as Obj).created_by),
  description: (t) => str((t as Obj).description),
  displayName: (t) => str((t as Obj).display_name),
  isCurated: (t) => bool((t as Obj).curated),
  isFeatured: (t) => bool((t as Obj).featured),
  logoUrl: (t) => str((t as Obj).logo_url),
  name: (t) => str((t as Obj).name),
  related: get('related'),
  released: (t) => str((t as Obj).released),
  repositoryCount: (t) => num((t as Obj).repository_count),
  shortDescription: (t) => str((t as Obj).short_description),
  updatedAt: (t) => time((t as Obj).updated_at),
};

const USERS: Record<string, Field> = {
  avatarUrl: (u) => str((u as Obj).avatar_url),
  bio: (u) => str((u as Obj).bio),
  blog: (u) => str((u as Obj).blog),
  company: (u) => str((u as Obj).company),
  createdAt: (u) => time((u as Obj).created_at),
  email: (u) => str((u as Obj).email),
  followers: (u) => num((u as Obj).followers),
  following: (u) => num((u as Obj).following),
  id: (u) => str((u as Obj).node_id),
  isSiteAdmin: (u) => bool((u as Obj).site_admin),
  location: (u) => str((u as Obj).location),
  login: (u) => str((u as Obj).login),
  name: (u) => str((u as Obj).name),
  publicGists: (u) => num((u as Obj).public_gists),
  publicRepos: (u) => num((u as Obj).public_repos),
  type: (u) => str((u as Obj).type),
  updatedAt: (u) => time((u as Obj).updated_at),
  url: (u) => str((u as Obj).html_url),
};

/** The `--json` fields of each kind, by gh's names. */
export const JSON_FIELDS: Record<Kind, Readonly<Record<string, Field>>> = {
  code: CODE,
  commits: COMMITS,
  issues: ISSUES,
  labels: LABELS,
  repositories: REPOSITORIES,
  topics: TOPICS,
  users: USERS,
};

/** The field names of a kind, sorted (the order gh lists them in). */
export function jsonFieldNames(kind: Kind): string[] {
  return Object.keys(JSON_FIELDS[kind]).sort();
}

/** Thrown for an unknown `--json` field; the message lists the kind's fields, one per line, as gh does. */
export class JsonFieldError extends Error {}

/**
 * Parse a `--json` value (`title,number`). Blank parts are ignored; duplicates keep their first place.
 * @throws JsonFieldError naming the first unknown field and listing the available ones
 */
export function parseJsonFields(kind: Kind, value: string): string[] {
  const fields = [...new Set(value.split(',').map((f) => f.trim()).filter((f) => f !== ''))];
  const available = jsonFieldNames(kind);
  const unknown = fields.find((f) => !Object.hasOwn(JSON_FIELDS[kind], f));
  if (fields.length === 0 || unknown !== undefined) {
    const head = unknown === undefined ? 'Specify one or more comma-separated fields for `--json`:' : `Unknown JSON field: "${unknown}"`;
    throw new JsonFieldError(`${head}\nAvailable fields:\n${available.map((f) => `  ${f}`).join('\n')}`);
  }
  return fields;
}

/** The selected fields of one item, keys sorted as gh prints them. */
export function exportItem(kind: Kind, item: Item, fields: readonly string[]): Obj {
  const out: Obj = {};
  for (const field of [...fields].sort()) out[field] = JSON_FIELDS[kind][field]!(item);
  return out;
}
