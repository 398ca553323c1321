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
