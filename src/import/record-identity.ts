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
 * This mirrors how the shared real-data harvest merged duplicates (by id, else url). Each kind's table holds its
 * identity (`KindSpec.identity`, kinds/identity.ts); `pulls` and kinds without one use `id`, else `url`.
 */
import { specOf } from '../kinds/catalog.js';
import { idOrUrl } from '../kinds/identity.js';
import { isKind, type Kind, type RawRecord } from '../kinds/kind.js';

export { repositoryFromUrl } from '../kinds/identity.js';

/** A dump part: one of the seven kinds, or `pulls` (the `/pulls` objects that enrich issues). */
export type Part = Kind | 'pulls';

/** One version of a record, with where it came from. */
export interface Version {
  record: RawRecord;
  /** True when it was found nested inside another record (an issue's `user`...), false for a record in its own right. */
  embedded: boolean;
}

/** The identity key of a record of `part`: its kind's table's `identity` (see the module comment). */
export function identityKey(part: Part, record: RawRecord): string | undefined {
  return ((isKind(part) ? specOf(part).identity : undefined) ?? idOrUrl)(record);
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
