/**
 * Which records are "the same resource", and which of two versions of one resource to keep.
 *
 * Identity per part (first available wins; keys are prefixed so an id never equals a url):
 * - code: `<repository full_name>:<path>` (full_name from `repository`, else parsed from the contents/blob url),
 *   else `url`;
 * - commits: `<repository full_name>@<sha>` (the same commit in a fork is another search result), else `sha`;
 * - issues, pulls: `id`, else `url`;
 * - labels: `id`, else `url`;
 * - repositories: `id`, else `full_name` (case-insensitive), else `url`;
 * - topics: `name` (case-insensitive, as GitHub topic names are lower-case);
 * - users: `id`, else `login` (case-insensitive).
 * This mirrors how the shared real-data harvest merged duplicates (by id, else url).
 */
import type { Kind, RawRecord } from '../kinds/kind.js';

/** A dump part: one of the seven kinds, or `pulls` (the `/pulls` objects that enrich issues). */
export type Part = Kind | 'pulls';

/** One version of a record, with where it came from. */
export interface Version {
  record: RawRecord;
  /** True when it was found nested inside another record (an issue's `user`...), false for a record in its own right. */
  embedded: boolean;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** `owner/name` from a GitHub API or web URL of something inside a repository (`/repos/o/n/...`, `github.com/o/n/blob/...`). */
export function repositoryFromUrl(url: unknown): string | undefined {
  const text = str(url);
  if (!text) return undefined;
  const api = /\/repos\/([^/]+\/[^/?#]+)/.exec(text);
  if (api) return api[1];
  const web = /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/(?:blob|tree|raw|commit)\//.exec(text);
  return web?.[1];
}

/** The identity key of a record of `part` (see the module comment), or undefined when it has none. */
export function identityKey(part: Part, record: RawRecord): string | undefined {
  const id = num(record.id);
  switch (part) {
    case 'code': {
      const repository = record.repository as RawRecord | undefined;
      const fullName = str(repository?.full_name) ?? repositoryFromUrl(record.url) ?? repositoryFromUrl(record.html_url);
      const path = str(record.path);
      if (fullName && path) return `path:${fullName.toLowerCase()}:${path}`;
      return str(record.url) && `url:${record.url as string}`;
    }
    case 'commits': {
      const sha = str(record.sha);
      if (!sha) return undefined;
      const repository = record.repository as RawRecord | undefined;
      const fullName = str(repository?.full_name) ?? repositoryFromUrl(record.url) ?? repositoryFromUrl(record.html_url);
      return `sha:${fullName?.toLowerCase() ?? ''}@${sha}`;
    }
    case 'topics':
      return str(record.name) && `name:${(record.name as string).toLowerCase()}`;
    case 'users':
      if (id !== undefined) return `id:${id}`;
      return str(record.login) && `login:${(record.login as string).toLowerCase()}`;
    case 'repositories':
      if (id !== undefined) return `id:${id}`;
      if (str(record.full_name)) return `name:${(record.full_name as string).toLowerCase()}`;
      return str(record.url) && `url:${record.url as string}`;
    default:
      if (id !== undefined) return `id:${id}`;
      return str(record.url) && `url:${record.url as string}`;
  }
}

/** Milliseconds of an ISO timestamp field, or undefined when absent or unparsable. */
function time(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The version to keep of two versions of one resource ("the most complete"): more top-level keys wins; then the
 * later `updated_at`; then a record in its own right over an embedded copy; then the candidate (later input wins).
 */
export function chooseVersion(current: Version, candidate: Version): Version {
  const keys = Object.keys(candidate.record).length - Object.keys(current.record).length;
  if (keys !== 0) return keys > 0 ? candidate : current;
  const a = time(current.record.updated_at);
  const b = time(candidate.record.updated_at);
  if (a !== undefined && b !== undefined && a !== b) return b > a ? candidate : current;
  if (current.embedded !== candidate.embedded) return candidate.embedded ? current : candidate;
  return candidate;
}

/**
 * An insertion-ordered set of records per identity, keeping the chosen version of each.
 * Records without identity are kept apart and counted (`unidentified`).
 */
export class RecordSet {
  private readonly versions = new Map<string, Version>();
  /** Records that had no identity key (see {@link identityKey}); they are not written. */
  unidentified = 0;
  /** How many added versions were duplicates of an identity already present. */
  duplicates = 0;

  constructor(readonly part: Part) {}

  /** Adds one version; returns false when the record has no identity. */
  add(record: RawRecord, embedded: boolean): boolean {
    const key = identityKey(this.part, record);
    if (key === undefined) {
      this.unidentified++;
      return false;
    }
    const current = this.versions.get(key);
    if (current) {
      this.duplicates++;
      this.versions.set(key, chooseVersion(current, { record, embedded }));
    } else {
      this.versions.set(key, { record, embedded });
    }
    return true;
  }

  /** Distinct records, in first-seen order. */
  get size(): number {
    return this.versions.size;
  }

  /** The kept version of every distinct record, in first-seen order. */
  *records(): IterableIterator<RawRecord> {
    for (const version of this.versions.values()) yield version.record;
  }

  /** The kept version of every distinct record (with provenance), in first-seen order. */
  values(): IterableIterator<Version> {
    return this.versions.values();
  }
}
