/** The one place that maps a kind to its table. */
import { code } from './code.js';
import { commits } from './commits.js';
import { issues } from './issues.js';
import type { Kind } from './kind.js';
import { labels } from './labels.js';
import { repositories } from './repositories.js';
import type { KindSpec } from './spec.js';
import { topics } from './topics.js';
import { users } from './users.js';

export const CATALOG: Readonly<Record<Kind, KindSpec>> = { code, commits, issues, labels, repositories, topics, users };

/** The table of `kind`. */
export function specOf(kind: Kind): KindSpec {
  return CATALOG[kind];
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
