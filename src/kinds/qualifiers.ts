/**
 * Constructors for the qualifier tables: each returns a {@link QualifierSpec} for a common value type.
 * Comparisons are case-insensitive (§1.1: qualifier values such as labels and repo names match regardless of case).
 */
import type { RawRecord } from './kind.js';
import { canonicalLanguage, isKnownLanguage } from '../text/languages.js';
import { inInterval, parseBoolean, parseDateRange, parseNumberRange, toEpochMs } from './qualifier-values.js';
import type { CollectionView, Getter, Predicate, QualifierSpec } from './spec.js';

/** Read a dotted path (`commit.author.date`) off a record; undefined when any step is missing. */
export function at(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A getter for a string at a dotted path. */
export const str =
  (path: string): Getter<string | undefined> =>
  (r) => {
    const v = at(r, path);
    return typeof v === 'string' ? v : undefined;
  };

/** A getter for a number at a dotted path. */
export const num =
  (path: string): Getter<number | undefined> =>
  (r) => {
    const v = at(r, path);
    return typeof v === 'number' ? v : undefined;
  };

/** A getter for a timestamp at a dotted path, as epoch ms. */
export const time =
  (path: string): Getter<number | undefined> =>
  (r) =>
    toEpochMs(at(r, path));

type Bound = (record: RawRecord, doc: number) => boolean;

function over(c: CollectionView, test: Bound): Predicate {
  const records = c.records;
  return (doc) => test(records[doc]!, doc);
}

/** Numeric comparison/range qualifier (§1.7) over a number getter. */
export function numberQ(get: Getter<number | undefined>): QualifierSpec {
  return {
    compile(value, { c }) {
      const interval = parseNumberRange(value);
      if (!interval) return undefined;
      return over(c, (r, doc) => {
        const x = get(r, doc, c);
        return x !== undefined && inInterval(interval, x);
      });
    },
  };
}

/** Date comparison/range qualifier (§1.8) over an epoch-ms getter. */
export function dateQ(get: Getter<number | undefined>): QualifierSpec {
  return {
    compile(value, { c }) {
      const interval = parseDateRange(value);
      if (!interval) return undefined;
      return over(c, (r, doc) => {
        const x = get(r, doc, c);
        return x !== undefined && inInterval(interval, x);
      });
    },
  };
}

/** `true|false` qualifier over a boolean getter (a missing value counts as false). */
export function boolQ(get: Getter<boolean | undefined>): QualifierSpec {
  return {
    compile(value, { c }) {
      const wanted = parseBoolean(value);
      if (wanted === undefined) return undefined;
      return over(c, (r, doc) => (get(r, doc, c) ?? false) === wanted);
    },
  };
}

/** How a text qualifier compares the value with the record's strings (all lower-cased). */
export type TextMode = 'exact' | 'prefix' | 'words';

function matcher(mode: TextMode, wanted: string): (candidate: string) => boolean {
  if (mode === 'exact') return (s) => s === wanted;
  if (mode === 'prefix') return (s) => s.startsWith(wanted);
  const words = wanted.split(/\s+/).filter(Boolean);
  return (s) => {
    const have = new Set(s.split(/[^\p{L}\p{N}_]+/u).filter(Boolean));
    return words.every((w) => have.has(w));
  };
}

/**
 * A qualifier comparing its value with one or several strings of the record, case-insensitively.
 * @param get the record's string(s); a record matches when any of them matches
 * @param mode 'exact' (labels, logins), 'prefix' (branch heads, SHAs), 'words' (every word of the value occurs)
 */
export function textQ(
  get: Getter<string | readonly string[] | undefined>,
  mode: TextMode = 'exact',
  extra: Partial<QualifierSpec> = {},
): QualifierSpec {
  return {
    list: true,
    ...extra,
    compile(value, { c }) {
      const wanted = value.trim().toLowerCase();
      if (wanted === '') return undefined;
      const matches = matcher(mode, wanted);
      return over(c, (r, doc) => {
        const have = get(r, doc, c);
        if (have === undefined) return false;
        if (typeof have === 'string') return matches(have.toLowerCase());
        return have.some((s) => matches(s.toLowerCase()));
      });
    },
  };
}

/**
 * An enumeration qualifier (`is:`, `state:`, `type:`, `no:`): each value names a predicate.
 * @param values value (lower-case) → [family, test]; repeated values of one family OR, families AND (§1.3)
 */
export function enumQ(
  values: Readonly<Record<string, readonly [family: string, test: Getter<boolean>]>>,
  extra: Partial<QualifierSpec> = {},
): QualifierSpec {
  return {
    repeat: 'or',
    list: true,
    ...extra,
    group: (value) => values[value.trim().toLowerCase()]?.[0] ?? value,
    compile(value, { c }) {
      const entry = values[value.trim().toLowerCase()];
      if (!entry) return undefined;
      const test = entry[1];
      return over(c, (r, doc) => test(r, doc, c));
    },
  };
}

/** A qualifier GitHub has but whose data REST records do not carry: refused with 422, never ignored. */
export function unsupportedQ(reason: string): QualifierSpec {
  return { unsupported: reason, compile: () => undefined };
}

/** `owner/name` of a repository URL (`https://api.github.com/repos/o/n[/...]` or `https://github.com/o/n/...`). */
export function repoFromUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /^https?:\/\/[^/]+\/(?:api\/v3\/)?(?:repos\/)?([^/]+)\/([^/?#]+)/.exec(url);
  return m ? `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}` : undefined;
}

/** repo:, user: and org: all OR with each other (§1.3, §1.6: "spaces between org/repo/user mean OR"). */
const scopeGroup = (): string => 'scope';

/**
 * The scope qualifiers `repo:`, `user:`, `org:` (§1.3: repeats OR). The value must name something the dump
 * knows and the viewer may see, else 422 (checked by the planner through `scope`).
 * @param repoOf the record's repository full name
 */
export function scopeQualifiers(repoOf: Getter<string | undefined>): Record<'repo' | 'user' | 'org', QualifierSpec> {
  const ownerOf: Getter<string | undefined> = (r, doc, c) => repoOf(r, doc, c)?.split('/')[0];
  return {
    repo: textQ(repoOf, 'exact', { repeat: 'or', scope: 'repo', list: false, group: scopeGroup }),
    user: textQ(ownerOf, 'exact', { repeat: 'or', scope: 'user', list: false, userValued: true, group: scopeGroup }),
    org: textQ(ownerOf, 'exact', { repeat: 'or', scope: 'user', list: false, group: scopeGroup }),
  };
}

/**
 * `language:` — compares linguist names, so aliases match (`language:js` finds JavaScript, §2). A value linguist
 * does not know is unusable: GitHub drops it (and refuses the query when nothing else is left, §1.1).
 */
export function languageQ(get: Getter<string | undefined>): QualifierSpec {
  return {
    list: true,
    compile(value, { c }) {
      if (value.trim() === '' || !isKnownLanguage(value)) return undefined;
      const wanted = canonicalLanguage(value);
      return over(c, (r, doc) => {
        const have = get(r, doc, c);
        return have !== undefined && canonicalLanguage(have) === wanted;
      });
    },
  };
}
