/**
 * Telling GitHub REST records apart by shape, the way the shared real-data harvest did: each rule names the fields
 * that only that resource carries together. A record no rule matches is "unrecognised" — counted and reported by
 * the importer, never guessed.
 *
 * | part | shape |
 * |---|---|
 * | pulls | `number`, `head` and `base` objects |
 * | issues | `number`, `title`, and `repository_url`, or `user` with `labels` (not a milestone: no `open_issues`) |
 * | commits | `sha` and a `commit` object with a `message` |
 * | code | `name`, `path`, `sha`, `git_url`; `type` absent or `file` |
 * | repositories | `name` and an `owner/name` `full_name` |
 * | topics | `name` and `display_name` or `short_description`, plus `curated`, `featured` or `created_by` |
 * | labels | `name`, a 6-hex-digit `color`, and `url` or `id` |
 * | users | `login`, and `id`, `url`, `avatar_url`, `gravatar_id` or `type` (2012-era users have a string `id`) |
 */
import type { RawRecord } from '../kinds/kind.js';
import type { Part } from './record-identity.js';

const isObject = (value: unknown): value is RawRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** The rules in the order they are tried (a pull also looks like an issue, so pulls come first). */
const RULES: ReadonlyArray<readonly [Part, (r: RawRecord) => boolean]> = [
  ['pulls', (r) => typeof r.number === 'number' && isObject(r.head) && isObject(r.base)],
  [
    'issues',
    (r) =>
      typeof r.number === 'number' &&
      isString(r.title) &&
      !('open_issues' in r) &&
      (isString(r.repository_url) || ('user' in r && Array.isArray(r.labels))),
  ],
  ['commits', (r) => isString(r.sha) && isObject(r.commit) && isString(r.commit.message)],
  [
    'code',
    (r) =>
      isString(r.name) && isString(r.path) && isString(r.sha) && isString(r.git_url) && (r.type === undefined || r.type === 'file'),
  ],
  ['repositories', (r) => isString(r.name) && isString(r.full_name) && /^[^/\s]+\/[^/\s]+$/.test(r.full_name)],
  [
    'topics',
    (r) =>
      isString(r.name) &&
      ('display_name' in r || 'short_description' in r) &&
      ('curated' in r || 'featured' in r || 'created_by' in r),
  ],
  [
    'labels',
    (r) => isString(r.name) && isString(r.color) && /^[0-9a-f]{6}$/i.test(r.color) && (isString(r.url) || typeof r.id === 'number'),
  ],
  ['users', (r) => isString(r.login) && ['id', 'url', 'avatar_url', 'gravatar_id', 'type'].some((key) => key in r)],
];

/** The part a record belongs to by its shape, or undefined when no rule matches (see the module table). */
export function classify(record: unknown): Part | undefined {
  if (!isObject(record)) return undefined;
  for (const [part, matches] of RULES) if (matches(record)) return part;
  return undefined;
}

/** The parts collected when found nested inside other records. */
export const EMBEDDED_PARTS: ReadonlySet<Part> = new Set<Part>(['users', 'labels', 'repositories']);

/**
 * Calls `visit` for every object nested anywhere inside `record` (not `record` itself) whose shape is a user,
 * label or repository — an issue's `user`, `assignees` and `labels`, a pull's `head.repo`, a repository's `owner`,
 * a commit's `author`... Nested objects of other shapes are searched too but not reported.
 */
export function forEachEmbedded(record: RawRecord, visit: (part: Part, object: RawRecord) => void): void {
  // Depth-first in document order: children are pushed in reverse so they pop in order.
  const stack: unknown[] = Object.values(record).reverse();
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (isObject(value)) {
      const part = classify(value);
      if (part !== undefined && EMBEDDED_PARTS.has(part)) visit(part, value);
      const children = Object.values(value);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
}

/**
 * A short description of an unrecognised value for the summary: `array`, `string`..., or `object {a, b, c, …}`
 * with its first five keys.
 */
export function describeShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (!isObject(value)) return typeof value;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'object {}' : `object {${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}}`;
}
