/**
 * Constructors for the qualifier tables: each returns a {@link QualifierSpec} for a common value type.
 * Comparisons are case-insensitive (§1.1: qualifier values such as labels and repo names match regardless of case).
 */
import type { RawRecord } from './kind.js';
import { canonicalLanguage, isKnownLanguage } from '../text/languages.js';
import { fold } from '../text/stem.js';
import { inInterval, parseDateRange, parseNumberRange, showInterval, toEpochMs } from './qualifier-values.js';
import type { Predicate, QualifierSpec, ValueReading } from './spec.js';
import type { CollectionView, Getter } from './collection-view.js';
import { bitsPredicate, flagPredicate, onInterval, setsPredicate, stringsPredicate } from './qualifier-columns.js';
import { at, number, text } from './record-view.js';

export { at };

/** A getter for a string at a dotted path (the record view's rule: kinds/record-view.ts). */
export const str = (path: string): Getter<string | undefined> => text(path);

/** A getter for a number at a dotted path (the record view's rule: kinds/record-view.ts). */
export const num = (path: string): Getter<number | undefined> => number(path);

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

/**
 * A predicate on a number getter's value: read from its column when the collection has it, else from the record.
 * `test` never sees a missing value (those documents fail).
 */
export function onNumber(c: CollectionView, get: Getter<number | undefined>, test: (x: number) => boolean): Predicate {
  const column = c.column(get);
  if (column?.type === 'number') {
    const values = column.values;
    return (doc) => {
      const x = values[doc]!;
      return x === x && test(x);
    };
  }
  return over(c, (r, doc) => {
    const x = get(r, doc, c);
    return x !== undefined && test(x);
  });
}

/**
 * A predicate on a boolean getter's value (a missing value counts as false), column first (then described as a
 * column filter, qualifier-columns.ts).
 */
export function onBoolean(c: CollectionView, get: Getter<boolean | undefined>, wanted: boolean): Predicate {
  const fromColumn = bitsPredicate(c.columnBits?.(get), wanted) ?? flagPredicate(c.column(get), wanted);
  if (fromColumn) return fromColumn;
  return over(c, (r, doc) => (get(r, doc, c) ?? false) === wanted);
}

/**
 * A predicate true when any of a string getter's values passes `test`, column first: with a column, `test` runs
 * once per distinct string (its dictionary), not once per document, and the predicate is described as a column
 * filter (qualifier-columns.ts) — over the column's stored inverted form when there is one (the column is then
 * read only if the predicate is called per document).
 */
export function onStrings(c: CollectionView, get: Getter<string | readonly string[] | undefined>, test: (s: string) => boolean): Predicate {
  const fromRecords = (): Predicate =>
    over(c, (r, doc) => {
      const have = get(r, doc, c);
      if (have === undefined) return false;
      if (typeof have === 'string') return test(have);
      return have.some((s) => test(s));
    });
  return setsPredicate(c, get, test, fromRecords) ?? stringsPredicate(c.column(get), test) ?? fromRecords();
}

/**
 * Numeric comparison/range qualifier (Part A §2.3 "Range") over a number getter. A bad value is GitHub's 422; an
 * open range on both ends (`*..*`) is no filter.
 */
export function numberQ(get: Getter<number | undefined>): QualifierSpec {
  return {
    columns: [{ get, type: 'number' }],
    read(value) {
      const interval = parseNumberRange(value);
      return interval ? { shown: showInterval(interval, 'number') } : { dropped: 'a range open at both ends is no filter' };
    },
    compile(value, { c }) {
      const interval = parseNumberRange(value);
      return interval ? onInterval(c, get, interval, () => onNumber(c, get, (x) => inInterval(interval, x))) : undefined;
    },
  };
}

/** Date comparison/range qualifier (Part A §2.3 "Date range") over an epoch-ms getter; periods round (`2020`). */
export function dateQ(get: Getter<number | undefined>): QualifierSpec {
  return {
    columns: [{ get, type: 'number' }],
    read(value) {
      const interval = parseDateRange(value);
      return interval ? { shown: showInterval(interval, 'date') } : { dropped: 'a range open at both ends is no filter' };
    },
    compile(value, { c }) {
      const interval = parseDateRange(value);
      return interval ? onInterval(c, get, interval, () => onNumber(c, get, (x) => inInterval(interval, x))) : undefined;
    },
  };
}

/**
 * A boolean qualifier over a boolean getter (a missing value counts as false). GitHub never refuses the value: it
 * coerces it with `parse` (`/^true$/i` on repositories, `/true/i` on issues and commits, Part A §3.1, §4.1).
 */
export function boolQ(get: Getter<boolean | undefined>, parse: (raw: string) => boolean): QualifierSpec {
  return {
    columns: [{ get, type: 'boolean' }],
    read: (value) => ({ shown: String(parse(value)) }),
    compile: (value, { c }) => onBoolean(c, get, parse(value)),
  };
}

/** How a text qualifier compares the value with the record's strings (all lower-cased). */
export type TextMode = 'exact' | 'prefix' | 'words';

/**
 * The words of a name, e-mail or location value and of the record's string alike: runs of letters, digits and
 * marks, folded (the field's own analysis, so `renovate[bot]`, `glick,jesse` and `"San Francisco, CA"` find what
 * they name; code reference Part A §2.3 "Query filter", Part B §2.1 "analysed match, all words").
 */
export function valueWords(value: string): string[] {
  return fold(value).split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
}

function matcher(mode: TextMode, wanted: string): (candidate: string) => boolean {
  if (mode === 'exact') return (s) => s === wanted;
  if (mode === 'prefix') return (s) => s.startsWith(wanted);
  const words = valueWords(wanted);
  return (s) => {
    const have = new Set(valueWords(s));
    return words.length > 0 && words.every((w) => have.has(w));
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
    columns: [{ get, type: 'strings' }],
    read: (value) => (value.trim() === '' ? { dropped: 'an empty value' } : { shown: `${value.trim().toLowerCase()}${mode === 'prefix' ? '*' : ''}` }),
    ...extra,
    compile(value, { c }) {
      const wanted = value.trim().toLowerCase();
      if (wanted === '') return undefined;
      const matches = matcher(mode, wanted);
      return onStrings(c, get, (s) => matches(s.toLowerCase()));
    },
  };
}

/**
 * An enumeration qualifier (`is:`, `state:`, `type:`, `no:`): each value (lower-cased) names a test. A value the
 * table does not know goes to `otherwise` (issues: `is:<unknown>` means `label:<unknown>`, Part A §3.1) or is
 * dropped, as GitHub ignores it.
 */
export function enumQ(
  values: Readonly<Record<string, Getter<boolean>>>,
  extra: Partial<QualifierSpec> = {},
  otherwise?: { readonly name: string; readonly spec: QualifierSpec },
): QualifierSpec {
  const entry = (value: string) => {
    const key = value.trim().toLowerCase();
    return Object.hasOwn(values, key) ? values[key] : undefined;
  };
  return {
    list: true,
    columns: [...Object.values(values).map((test) => ({ get: test, type: 'boolean' as const })), ...(otherwise?.spec.columns ?? [])],
    ...extra,
    read(value): ValueReading {
      if (entry(value)) return { shown: value.trim().toLowerCase() };
      if (otherwise) return { shown: `${otherwise.name}:${value.trim().toLowerCase()}` };
      return { dropped: `not a value of this qualifier (${Object.keys(values).join(', ') || 'none here'})` };
    },
    compile(value, ctx) {
      const test = entry(value);
      if (test) return onBoolean(ctx.c, test, true);
      return otherwise?.spec.compile(value, ctx);
    },
  };
}

/**
 * A qualifier GitHub has but whose data REST records do not carry: refused with 422, never ignored. One that names
 * users (`extra.users`) is a user filter first: its logins are checked (and refused with the users' 422) before
 * the query is refused as unsupported (Part A §2.2: filter validity comes before "nothing to search").
 */
export function unsupportedQ(reason: string, extra: Partial<QualifierSpec> = {}): QualifierSpec {
  return { ...extra, unsupported: reason, compile: () => undefined };
}

/** `owner/name` of a repository URL (`https://api.github.com/repos/o/n[/...]` or `https://github.com/o/n/...`). */
export function repoFromUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  // Records of one repository share its URL: remember recent answers (bounded).
  const known = repoOfUrl.get(url);
  if (known !== undefined || repoOfUrl.has(url)) return known;
  if (repoOfUrl.size >= 8192) repoOfUrl.clear();
  const name = parseRepoUrl(url);
  repoOfUrl.set(url, name);
  return name;
}

const repoOfUrl = new Map<string, string | undefined>();

function parseRepoUrl(url: string): string | undefined {
  const m = /^https?:\/\/[^/]+\/(?:api\/v3\/)?(?:repos\/)?([^/]+)\/([^/?#]+)/.exec(url);
  if (!m) return undefined;
  try {
    return `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
  } catch {
    return undefined; // malformed percent-encoding: loading refuses such URLs (record-schemas.ts); no repository
  }
}

/**
 * The scope qualifiers `repo:`, `user:`, `org:` and `owner:` (Part A §2.3 "Repository"): every positive value of
 * the four unions into one scope; a value must name a repository or owner the dump knows and the viewer may see
 * (resolved when the plan is compiled). Code has no `owner:` (Part B §3.1).
 * @param repoOf the record's repository full name
 */
export function scopeQualifiers(repoOf: Getter<string | undefined>): Record<'repo' | 'user' | 'org' | 'owner', QualifierSpec> {
  const ownerOf: Getter<string | undefined> = (r, doc, c) => repoOf(r, doc, c)?.split('/')[0];
  const owner = textQ(ownerOf, 'exact', { scope: 'owner', list: false });
  return {
    repo: textQ(repoOf, 'exact', { scope: 'repo', list: false }),
    user: { ...owner, users: 'refuse' },
    org: owner,
    owner,
  };
}

/**
 * `language:` — compares linguist names, so aliases match (`language:js` finds JavaScript). A value linguist does
 * not know is removed without an error (Part A §2.3 "Language"); the query is refused when nothing is left.
 */
export function languageQ(get: Getter<string | undefined>): QualifierSpec {
  return {
    list: true,
    languages: true,
    columns: [{ get, type: 'strings' }],
    read: (value) =>
      value.trim() !== '' && isKnownLanguage(value) ? { shown: canonicalLanguage(value) } : { dropped: 'not a language linguist knows' },
    compile(value, { c }) {
      if (value.trim() === '' || !isKnownLanguage(value)) return undefined;
      const wanted = canonicalLanguage(value);
      return onStrings(c, get, (have) => canonicalLanguage(have) === wanted);
    },
  };
}
