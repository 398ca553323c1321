/**
 * `/search/labels` (reference §2.7): keywords only, within the repository named by `repository_id`.
 * REST label records carry no timestamps, so `sort=created|updated` keeps best-match order (noted in README).
 */
import { repoNameOf, visibilityVia } from './common.js';
import { str, time } from './qualifiers.js';
import type { KindSpec } from './spec.js';
import type { Getter } from './collection-view.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'url');
const objectUrl = (r: Record<string, unknown>): string => String(r.url ?? '');

export const labels: KindSpec = {
  kind: 'labels',
  fields: [
    { name: 'name', analyzer: 'prose', boost: 2, get: str('name'), textMatch: { property: 'name', objectType: 'Label', objectUrl, whole: true } },
    { name: 'description', analyzer: 'prose', boost: 1, get: str('description'), textMatch: { property: 'description', objectType: 'Label', objectUrl, fragments: 1, length: 200 } },
  ],
  defaultFields: ['name', 'description'],
  inValues: {},
  // Labels take `sort:` only (`repo:`/`user:` are parsed and ignored, Part B §5): other `name:value` is text.
  qualifiers: {},
  sorts: { created: time('created_at'), updated: time('updated_at') },
  advancedSyntax: false,
  repeats: 'or',
  wordsOnly: true,
  byRepositoryId: repoOf,
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  project: (record) => ({ ...record }),
  scoreAfter: 'description',
};
