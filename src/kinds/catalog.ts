/** The one place that maps a kind to its table. */
import { code } from './code.js';
import { commits } from './commits.js';
import { issues } from './issues.js';
import { isKind, KINDS, type Kind } from './kind.js';
import { labels } from './labels.js';
import { repositories } from './repositories.js';
import type { KindSpec, NeighbourKind } from './spec.js';
import { topics } from './topics.js';
import { users } from './users.js';

/** Each kind's table builder (its own file's), by kind. */
const BUILDERS: Readonly<Record<Kind, () => KindSpec>> = { code, commits, issues, labels, repositories, topics, users };

/** The tables built so far, by kind. */
const built = new Map<Kind, KindSpec>();

/**
 * Every kind's table, by kind. Each one is built on its first read (then kept: the same object every time), so a
 * process pays only for the kinds it touches — a query reads its own kind and its neighbours'
 * ({@link neighbourKinds}), not all seven.
 */
export const CATALOG: Readonly<Record<Kind, KindSpec>> = Object.freeze(
  Object.defineProperties(
    {} as Record<Kind, KindSpec>,
    Object.fromEntries(KINDS.map((kind) => [kind, { enumerable: true, get: () => specOf(kind) }])),
  ),
);

/** The table of `kind` (built on the first call for it, the same object on every later one). */
export function specOf(kind: Kind): KindSpec {
  let spec = built.get(kind);
  if (!spec) built.set(kind, (spec = BUILDERS[kind]()));
  return spec;
}

/** The kinds whose tables this process has built so far, in {@link KINDS} order (diagnostics and tests). */
export function builtKinds(): Kind[] {
  return KINDS.filter((kind) => built.has(kind));
}

/** The `sort` values a kind accepts, from its table (GitHub's OpenAPI enums); empty for topics. */
export function sortKeys(kind: Kind): readonly string[] {
  return Object.keys(CATALOG[kind].sorts);
}

/** The Accept value of a well-behaved client for `kind`: the preview it requires (its table), plus text-match. */
export function defaultAccept(kind: Kind, textMatch: boolean): string {
  const base = textMatch ? 'application/vnd.github.v3.text-match+json' : 'application/vnd.github.v3+json';
  const preview = CATALOG[kind].preview;
  return preview ? `${base}, application/vnd.github.${preview.name}-preview+json` : base;
}

/**
 * The kinds whose records every kind's tables read (through the collection): repositories (scope qualifiers,
 * minimal repository objects, visibility through the repository) and users (known logins for user qualifiers and
 * `@me`). A kind among them is its own neighbour: its collection reads its own records as these.
 */
export const SHARED_NEIGHBOURS: readonly NeighbourKind[] = ['repositories', 'users'];

/**
 * The kinds whose records `spec`'s getters read, in the order the store loads them: {@link SHARED_NEIGHBOURS},
 * then the table's own `needs`. May include the kind itself (repositories, users).
 */
export function neighbourKinds(spec: KindSpec): readonly NeighbourKind[] {
  return [...SHARED_NEIGHBOURS, ...(spec.needs ?? []).filter((kind) => !SHARED_NEIGHBOURS.includes(kind))];
}

/**
 * The kind whose index a dump part feeds: a kind's own part feeds its own; a joined part (`pulls`) feeds the kind
 * whose table joins it ({@link KindSpec.joinsPart}: issues), which the store hashes it with.
 */
export function kindOfPart(part: Kind | 'pulls'): Kind {
  if (isKind(part)) return part;
  const joining = KINDS.find((kind) => CATALOG[kind].joinsPart === part);
  if (!joining) throw new Error(`no kind joins the ${part} part`);
  return joining;
}
