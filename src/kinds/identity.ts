/**
 * Which records are "the same resource" (the importers merge versions of one resource, import/record-identity.ts):
 * each kind's table names its identity (`KindSpec.identity`), read through the record view (record-view.ts), where
 * an empty string names nothing. Keys are prefixed so an id never equals a url. The shared real-data harvest
 * merged duplicates the same way (by id, else url).
 */
import type { RawRecord } from './kind.js';
import { CODE, COMMIT, number, REPOSITORY, text, TOPIC, USER } from './record-view.js';

/** The value of a string field, undefined when empty (an empty name identifies nothing). */
const named = (value: string | undefined): string | undefined => (value === '' ? undefined : value);
const id = number('id');
const url = text('url');

/** The web views whose URLs name a repository's file or commit. */
const WEB_VIEWS: ReadonlySet<string> = new Set(['blob', 'tree', 'raw', 'commit']);

/** `owner/name` from a GitHub API or web URL of something inside a repository (`/repos/o/n/...`, `github.com/o/n/blob/...`). */
export function repositoryFromUrl(value: unknown): string | undefined {
  const found = typeof value === 'string' ? named(value) : undefined;
  if (!found) return undefined;
  const api = /\/repos\/([^/]+\/[^/?#]+)/.exec(found);
  if (api) return api[1];
  // A web URL: `http(s)://host/owner/name/(blob|tree|raw|commit)/…`, each step non-empty.
  const scheme = found.startsWith('https://') ? 8 : found.startsWith('http://') ? 7 : -1;
  if (scheme < 0) return undefined;
  const [host, owner, name, view, ...rest] = found.slice(scheme).split('/');
  if (!host || !owner || !name || rest.length === 0 || !WEB_VIEWS.has(view!)) return undefined;
  return `${owner}/${name}`;
}

/** The repository a code or commit record is in: its embedded `repository`, else parsed from its `url` or `html_url`. */
function repositoryOf(record: RawRecord, repository: RawRecord | undefined): string | undefined {
  return named(REPOSITORY.full_name(repository)) ?? repositoryFromUrl(record.url) ?? repositoryFromUrl(record.html_url);
}

/** The default identity (issues, pulls, labels): `id`, else `url`. */
export function idOrUrl(record: RawRecord): string | undefined {
  const known = id(record);
  if (known !== undefined) return `id:${known}`;
  const at = named(url(record));
  return at && `url:${at}`;
}

/** Code: `<repository full_name>:<path>` (case-insensitive name), else `url`. */
export function codeIdentity(record: RawRecord): string | undefined {
  const fullName = repositoryOf(record, CODE.repository(record));
  const path = named(CODE.path(record));
  if (fullName && path) return `path:${fullName.toLowerCase()}:${path}`;
  const at = named(CODE.url(record));
  return at && `url:${at}`;
}

/** Commits: `<repository full_name>@<sha>` (the same commit in a fork is another search result; no name when unknown). */
export function commitIdentity(record: RawRecord): string | undefined {
  const sha = named(COMMIT.sha(record));
  if (!sha) return undefined;
  return `sha:${repositoryOf(record, COMMIT.repository(record))?.toLowerCase() ?? ''}@${sha}`;
}

/** Topics: `name`, case-insensitive (GitHub topic names are lower-case). */
export function topicIdentity(record: RawRecord): string | undefined {
  const name = named(TOPIC.name(record));
  return name && `name:${name.toLowerCase()}`;
}

/** Users: `id`, else `login` (case-insensitive). */
export function userIdentity(record: RawRecord): string | undefined {
  const known = USER.id(record);
  if (known !== undefined) return `id:${known}`;
  const login = named(USER.login(record));
  return login && `login:${login.toLowerCase()}`;
}

/** Repositories: `id`, else `full_name` (case-insensitive), else `url`. */
export function repositoryIdentity(record: RawRecord): string | undefined {
  const known = REPOSITORY.id(record);
  if (known !== undefined) return `id:${known}`;
  const fullName = named(REPOSITORY.full_name(record));
  if (fullName) return `name:${fullName.toLowerCase()}`;
  const at = named(REPOSITORY.url(record));
  return at && `url:${at}`;
}
