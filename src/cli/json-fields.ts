/**
 * `--json FIELDS`: gh's field names per kind and the values gh 2.23 prints for them (`gh search issues|prs|repos|
 * commits --json …`; `code` as later gh releases name it). One table per kind; each field reads the GitHub item
 * through the kind's record view (kinds/record-view.ts) and applies gh's zero value to what it reads as missing.
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
import { CODE, COMMIT, GIT_ACTOR, GIT_COMMIT, ISSUE, LABEL, LICENSE, MATCH, PARENT, PULL_LINKS, REPOSITORY, TEXT_MATCH, TOPIC, USER } from '../kinds/record-view.js';

type Json = unknown;
type Field = (item: Item) => Json;
type Obj = Record<string, unknown>;

// gh's zero values for what the record view reads as missing (kinds/record-view.ts).
const ZERO_TIME = '0001-01-01T00:00:00Z';
const str = (v: string | undefined): string => v ?? '';
const num = (v: number | undefined): number => v ?? 0;
const bool = (v: boolean | undefined): boolean => v === true;
const time = (v: string | undefined): string => v || ZERO_TIME;
const arr = (v: readonly unknown[] | undefined): readonly unknown[] => v ?? [];

/** gh's `User.ExportData`. */
function user(u: unknown): Obj {
  const id = str(USER.node_id(u));
  const isBot = id === '';
  const login = str(USER.login(u));
  return { id, is_bot: isBot, login: isBot ? `app/${login}` : login, type: str(USER.type(u)), url: str(USER.html_url(u)) };
}

/** The repository of a commit or code result (gh's `Repository` fields a search item carries). */
function repositoryRef(r: unknown): Obj {
  return {
    description: str(REPOSITORY.description(r)),
    fullName: str(REPOSITORY.full_name(r)),
    id: str(REPOSITORY.node_id(r)),
    isFork: bool(REPOSITORY.fork(r)),
    isPrivate: bool(REPOSITORY.private(r)),
    name: str(REPOSITORY.name(r)),
    owner: user(REPOSITORY.owner(r)),
    url: str(REPOSITORY.html_url(r)),
  };
}

/** `{name, nameWithOwner}` from an issue's `repository_url` (…/repos/OWNER/NAME), as gh derives it. */
function issueRepository(item: Item): Obj {
  const nameWithOwner = str(ISSUE.repository_url(item)).split('/repos/')[1] ?? '';
  return { name: nameWithOwner.split('/')[1] ?? '', nameWithOwner };
}

const ISSUES: Record<string, Field> = {
  assignees: (i) => arr(ISSUE.assignees(i)).map(user),
  author: (i) => user(ISSUE.user(i)),
  authorAssociation: (i) => str(ISSUE.author_association(i)),
  body: (i) => str(ISSUE.body(i)),
  closedAt: (i) => time(ISSUE.closed_at(i)),
  commentsCount: (i) => num(ISSUE.comments(i)),
  createdAt: (i) => time(ISSUE.created_at(i)),
  id: (i) => str(ISSUE.node_id(i)),
  // gh lists isDraft for `gh search prs`; the issues endpoint answers both, so it is offered here too.
  isDraft: (i) => bool(ISSUE.draft(i)),
  isLocked: (i) => bool(ISSUE.locked(i)),
  isPullRequest: (i) => str(PULL_LINKS.url(ISSUE.pull_request(i))) !== '',
  labels: (i) =>
    arr(ISSUE.labels(i)).map((l) => ({
      color: str(LABEL.color(l)),
      description: str(LABEL.description(l)),
      id: str(LABEL.node_id(l)),
      name: str(LABEL.name(l)),
    })),
  number: (i) => num(ISSUE.number(i)),
  repository: issueRepository,
  // gh names a merged pull request's state `merged` (its `pull_request.merged_at` is set).
  state: (i) => (str(PULL_LINKS.merged_at(ISSUE.pull_request(i))) !== '' ? 'merged' : str(ISSUE.state(i))),
  title: (i) => str(ISSUE.title(i)),
  updatedAt: (i) => time(ISSUE.updated_at(i)),
  url: (i) => str(ISSUE.html_url(i)),
};

const REPOSITORIES: Record<string, Field> = {
  createdAt: (r) => time(REPOSITORY.created_at(r)),
  defaultBranch: (r) => str(REPOSITORY.default_branch(r)),
  description: (r) => str(REPOSITORY.description(r)),
  forksCount: (r) => num(REPOSITORY.forks_count(r)),
  fullName: (r) => str(REPOSITORY.full_name(r)),
  hasDownloads: (r) => bool(REPOSITORY.has_downloads(r)),
  hasIssues: (r) => bool(REPOSITORY.has_issues(r)),
  hasPages: (r) => bool(REPOSITORY.has_pages(r)),
  hasProjects: (r) => bool(REPOSITORY.has_projects(r)),
  hasWiki: (r) => bool(REPOSITORY.has_wiki(r)),
  homepage: (r) => str(REPOSITORY.homepage(r)),
  id: (r) => str(REPOSITORY.node_id(r)),
  isArchived: (r) => bool(REPOSITORY.archived(r)),
  isDisabled: (r) => bool(REPOSITORY.disabled(r)),
  isFork: (r) => bool(REPOSITORY.fork(r)),
  isPrivate: (r) => bool(REPOSITORY.private(r)),
  language: (r) => str(REPOSITORY.language(r)),
  license: (r) => {
    const l = REPOSITORY.license(r);
    return { key: str(LICENSE.key(l)), name: str(LICENSE.name(l)), url: str(LICENSE.url(l)) };
  },
  name: (r) => str(REPOSITORY.name(r)),
  openIssuesCount: (r) => num(REPOSITORY.open_issues_count(r)),
  owner: (r) => user(REPOSITORY.owner(r)),
  pushedAt: (r) => time(REPOSITORY.pushed_at(r)),
  size: (r) => num(REPOSITORY.size(r)),
  stargazersCount: (r) => num(REPOSITORY.stargazers_count(r)),
  updatedAt: (r) => time(REPOSITORY.updated_at(r)),
  url: (r) => str(REPOSITORY.html_url(r)),
  visibility: (r) => str(REPOSITORY.visibility(r)),
  watchersCount: (r) => num(REPOSITORY.watchers_count(r)),
};

/** A git actor as gh exports it. */
const gitActor = (p: unknown): Obj => ({ date: time(GIT_ACTOR.date(p)), email: str(GIT_ACTOR.email(p)), name: str(GIT_ACTOR.name(p)) });

const COMMITS: Record<string, Field> = {
  author: (c) => user(COMMIT.author(c)),
  commit: (c) => {
    const commit = COMMIT.commit(c);
    return {
      author: gitActor(GIT_COMMIT.author(commit)),
      comment_count: num(GIT_COMMIT.comment_count(commit)),
      committer: gitActor(GIT_COMMIT.committer(commit)),
      message: str(GIT_COMMIT.message(commit)),
      tree: { sha: str(GIT_COMMIT.tree_sha(commit)) },
    };
  },
  committer: (c) => user(COMMIT.committer(c)),
  id: (c) => str(COMMIT.node_id(c)),
  parents: (c) => arr(COMMIT.parents(c)).map((p) => ({ sha: str(PARENT.sha(p)), url: str(PARENT.html_url(p)) })),
  repository: (c) => repositoryRef(COMMIT.repository(c)),
  sha: (c) => str(COMMIT.sha(c)),
  url: (c) => str(COMMIT.html_url(c)),
};

const CODE_FIELDS: Record<string, Field> = {
  path: (c) => str(CODE.path(c)),
  repository: (c) => repositoryRef(CODE.repository(c)),
  sha: (c) => str(CODE.sha(c)),
  textMatches: (c) =>
    arr(CODE.text_matches(c)).map((m) => ({
      fragment: str(TEXT_MATCH.fragment(m)),
      matches: arr(TEXT_MATCH.matches(m)).map((x) => ({ indices: arr(MATCH.indices(x)), text: str(MATCH.text(x)) })),
      object_type: str(TEXT_MATCH.object_type(m)),
      property: str(TEXT_MATCH.property(m)),
    })),
  url: (c) => str(CODE.html_url(c)),
};

const LABELS: Record<string, Field> = {
  color: (l) => str(LABEL.color(l)),
  description: (l) => str(LABEL.description(l)),
  id: (l) => str(LABEL.node_id(l)),
  isDefault: (l) => bool(LABEL.default(l)),
  name: (l) => str(LABEL.name(l)),
  url: (l) => str(LABEL.url(l)),
};

const TOPICS: Record<string, Field> = {
  aliases: (t) => TOPIC.aliases(t) ?? null,
  createdAt: (t) => time(TOPIC.created_at(t)),
  createdBy: (t) => str(TOPIC.created_by(t)),
  description: (t) => str(TOPIC.description(t)),
  displayName: (t) => str(TOPIC.display_name(t)),
  isCurated: (t) => bool(TOPIC.curated(t)),
  isFeatured: (t) => bool(TOPIC.featured(t)),
  logoUrl: (t) => str(TOPIC.logo_url(t)),
  name: (t) => str(TOPIC.name(t)),
  related: (t) => TOPIC.related(t) ?? null,
  released: (t) => str(TOPIC.released(t)),
  repositoryCount: (t) => num(TOPIC.repository_count(t)),
  shortDescription: (t) => str(TOPIC.short_description(t)),
  updatedAt: (t) => time(TOPIC.updated_at(t)),
};

const USERS: Record<string, Field> = {
  avatarUrl: (u) => str(USER.avatar_url(u)),
  bio: (u) => str(USER.bio(u)),
  blog: (u) => str(USER.blog(u)),
  company: (u) => str(USER.company(u)),
  createdAt: (u) => time(USER.created_at(u)),
  email: (u) => str(USER.email(u)),
  followers: (u) => num(USER.followers(u)),
  following: (u) => num(USER.following(u)),
  id: (u) => str(USER.node_id(u)),
  isSiteAdmin: (u) => bool(USER.site_admin(u)),
  location: (u) => str(USER.location(u)),
  login: (u) => str(USER.login(u)),
  name: (u) => str(USER.name(u)),
  publicGists: (u) => num(USER.public_gists(u)),
  publicRepos: (u) => num(USER.public_repos(u)),
  type: (u) => str(USER.type(u)),
  updatedAt: (u) => time(USER.updated_at(u)),
  url: (u) => str(USER.html_url(u)),
};

/** The `--json` fields of each kind, by gh's names. */
export const JSON_FIELDS: Record<Kind, Readonly<Record<string, Field>>> = {
  code: CODE_FIELDS,
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
