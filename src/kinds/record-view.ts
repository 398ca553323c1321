/**
 * One typed, decoded view of a record per kind: which fields a reader may take from a record (or from its item,
 * which keeps the record's field names), with their decoded types. The qualifier tables (qualifiers.ts and the
 * kinds' getters), the `--json` fields (cli/json-fields.ts), the interactive view's cells
 * (render/ink/state/item-fields.ts) and the importers' identities (each table's `identity`) read through it.
 *
 * The one rule for a missing value: a field reads as its decoded type, or `undefined` when the record lacks the key,
 * holds `null`, or holds a value of another type (a string where a number belongs, an array where an object does, a
 * number that is not finite). A reader then states its own default on top — `--json` prints Go's zero values, the
 * view an empty cell, a qualifier fails the document — never a second decoding rule.
 *
 * Records are GitHub REST JSON with no guaranteed field (old recordings lack `node_id`, `type`, label ids …), so no
 * field here is required. Timestamps stay the ISO text GitHub wrote; qualifier-values.ts `toEpochMs` decodes them.
 */
import type { RawRecord } from './kind.js';

/** A decoded field of a record (see the module comment for the rule on missing values). */
export type Field<T> = (record: unknown) => T | undefined;

/** Paths split once: the tables read a few dozen distinct paths millions of times while columns build. */
const splitPaths = new Map<string, readonly string[]>();

/** The raw value at a dotted path (`commit.author.date`); undefined when any step is missing or not an object. */
export function at(record: unknown, path: string): unknown {
  let keys = splitPaths.get(path);
  if (!keys) {
    keys = path.split('.');
    if (splitPaths.size < 4096) splitPaths.set(path, keys);
  }
  let value: unknown = record;
  for (let i = 0; i < keys.length; i++) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[keys[i]!];
  }
  return value;
}

/** A string value, else undefined. */
export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A finite number, else undefined. */
export const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** A boolean, else undefined. */
export const asBoolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
/** A JSON object (not an array), else undefined. */
export const asObject = (value: unknown): RawRecord | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RawRecord) : undefined;
/** An array, else undefined. */
export const asArray = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);
/** Any value but null, undefined for null (for fields whose shape GitHub leaves open: topic aliases). */
export const asValue = (value: unknown): unknown => (value === null ? undefined : value);

/** A string field at a dotted path. */
export const text = (path: string): Field<string> => (r) => asString(at(r, path));
/** A number field at a dotted path. */
export const number = (path: string): Field<number> => (r) => asNumber(at(r, path));
/** A boolean field at a dotted path. */
export const flag = (path: string): Field<boolean> => (r) => asBoolean(at(r, path));
/** An object field at a dotted path (read its fields through another view). */
export const object = (path: string): Field<RawRecord> => (r) => asObject(at(r, path));
/** An array field at a dotted path (read its elements through another view). */
export const list = (path: string): Field<readonly unknown[]> => (r) => asArray(at(r, path));
/** A field of open shape at a dotted path. */
export const value = (path: string): Field<unknown> => (r) => asValue(at(r, path));

/** GitHub's user objects (`simple-user`, `private-user`): a record of `users`, or a user embedded in another record. */
export const USER = {
  id: number('id'),
  node_id: text('node_id'),
  login: text('login'),
  type: text('type'),
  html_url: text('html_url'),
  avatar_url: text('avatar_url'),
  site_admin: flag('site_admin'),
  name: text('name'),
  company: text('company'),
  blog: text('blog'),
  location: text('location'),
  email: text('email'),
  bio: text('bio'),
  public_repos: number('public_repos'),
  public_gists: number('public_gists'),
  followers: number('followers'),
  following: number('following'),
  created_at: text('created_at'),
  updated_at: text('updated_at'),
} as const;

/** A repository's `license` object. */
export const LICENSE = { key: text('key'), name: text('name'), url: text('url') } as const;

/** GitHub's repository objects (`repository`, `minimal-repository`): a record of `repositories`, or embedded. */
export const REPOSITORY = {
  id: number('id'),
  node_id: text('node_id'),
  name: text('name'),
  full_name: text('full_name'),
  owner: object('owner'),
  private: flag('private'),
  html_url: text('html_url'),
  url: text('url'),
  description: text('description'),
  fork: flag('fork'),
  homepage: text('homepage'),
  language: text('language'),
  license: object('license'),
  default_branch: text('default_branch'),
  visibility: text('visibility'),
  archived: flag('archived'),
  disabled: flag('disabled'),
  has_issues: flag('has_issues'),
  has_projects: flag('has_projects'),
  has_wiki: flag('has_wiki'),
  has_pages: flag('has_pages'),
  has_downloads: flag('has_downloads'),
  size: number('size'),
  stargazers_count: number('stargazers_count'),
  watchers_count: number('watchers_count'),
  forks_count: number('forks_count'),
  open_issues_count: number('open_issues_count'),
  created_at: text('created_at'),
  updated_at: text('updated_at'),
  pushed_at: text('pushed_at'),
} as const;

/** GitHub's label objects: a record of `labels`, or an element of an issue's `labels`. */
export const LABEL = {
  id: number('id'),
  node_id: text('node_id'),
  url: text('url'),
  name: text('name'),
  color: text('color'),
  description: text('description'),
  default: flag('default'),
} as const;

/** An issue's `pull_request` links (present on pull requests only; all-null on some plain issues). */
export const PULL_LINKS = { url: text('url'), html_url: text('html_url'), merged_at: text('merged_at') } as const;

/** GitHub's issue search items (`issue-search-result-item`), pull requests included: a record of `issues`. */
export const ISSUE = {
  id: number('id'),
  node_id: text('node_id'),
  url: text('url'),
  html_url: text('html_url'),
  repository_url: text('repository_url'),
  number: number('number'),
  title: text('title'),
  body: text('body'),
  state: text('state'),
  state_reason: text('state_reason'),
  locked: flag('locked'),
  draft: flag('draft'),
  user: object('user'),
  assignees: list('assignees'),
  labels: list('labels'),
  comments: number('comments'),
  author_association: text('author_association'),
  pull_request: object('pull_request'),
  created_at: text('created_at'),
  updated_at: text('updated_at'),
  closed_at: text('closed_at'),
} as const;

/** A git actor of a commit (`commit.author`, `commit.committer`). */
export const GIT_ACTOR = { name: text('name'), email: text('email'), date: text('date') } as const;

/** A commit's `commit` object (the git data). */
export const GIT_COMMIT = {
  author: object('author'),
  committer: object('committer'),
  message: text('message'),
  comment_count: number('comment_count'),
  tree_sha: text('tree.sha'),
} as const;

/** One of a commit's `parents`. */
export const PARENT = { sha: text('sha'), url: text('url'), html_url: text('html_url') } as const;

/** GitHub's commit search items (`commit-search-result-item`): a record of `commits`. */
export const COMMIT = {
  sha: text('sha'),
  node_id: text('node_id'),
  url: text('url'),
  html_url: text('html_url'),
  commit: object('commit'),
  author: object('author'),
  committer: object('committer'),
  parents: list('parents'),
  repository: object('repository'),
} as const;

/** One element of an item's `text_matches`, and one of its `matches`. */
export const TEXT_MATCH = {
  object_type: text('object_type'),
  property: text('property'),
  fragment: text('fragment'),
  matches: list('matches'),
} as const;
export const MATCH = { text: text('text'), indices: list('indices') } as const;

/** GitHub's code search items (`code-search-result-item`): a record of `code`. */
export const CODE = {
  name: text('name'),
  path: text('path'),
  sha: text('sha'),
  url: text('url'),
  html_url: text('html_url'),
  repository: object('repository'),
  text_matches: list('text_matches'),
} as const;

/** GitHub's topic search items (`topic-search-result-item`): a record of `topics`. */
export const TOPIC = {
  name: text('name'),
  display_name: text('display_name'),
  short_description: text('short_description'),
  description: text('description'),
  created_by: text('created_by'),
  released: text('released'),
  created_at: text('created_at'),
  updated_at: text('updated_at'),
  featured: flag('featured'),
  curated: flag('curated'),
  logo_url: text('logo_url'),
  repository_count: number('repository_count'),
  aliases: value('aliases'),
  related: value('related'),
} as const;
