/**
 * `/search/labels` (reference §2.7): keywords only, within the repository named by `repository_id`.
 * REST label records carry no timestamps, so `sort=created|updated` keeps best-match order (noted in README).
 */
import { repoNameOf, visibilityVia } from './common.js';
import { str, time } from './qualifiers.js';
import type { KindSpec, RankSpec } from './spec.js';
import type { Getter } from './collection-view.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'url');
const objectUrl = (r: Record<string, unknown>): string => String(r.url ?? '');

/**
 * Best match on labels (code reference Part B §5): GitHub sums clauses on the name — exact name (any case) ×15, the
 * text as a phrase ×10, as a phrase prefix ×8 — with word matches on name and description. Here the text score
 * stands for the word matches and the three name clauses are added on top.
 */
export const labelsRank: RankSpec = {
  score(text, _signal, ctx, doc) {
    const name = ctx.c.records[doc]?.name;
    if (typeof name !== 'string' || ctx.text === '') return text;
    const have = name.toLowerCase();
    const wanted = ctx.text.toLowerCase();
    let score = text;
    if (have === wanted) score += 15;
    if (` ${have.replace(/[^\p{L}\p{N}]+/gu, ' ')} `.includes(` ${wanted.replace(/[^\p{L}\p{N}]+/gu, ' ')} `)) score += 10;
    if (have.startsWith(wanted)) score += 8;
    return score;
  },
};

/** Builds the table of `/search/labels` (called once, on the kind's first use: catalog.ts). */
export const labels = (): KindSpec => ({
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
  rank: labelsRank,
  advancedSyntax: false,
  repeats: 'or',
  // Part B §5: should-any of all words on name, any word on description, phrase prefix on name, and the n-gram
  // OR-clauses on name (so a label whose name is one word of the text matches).
  plainText: { allWords: ['name'], anyWord: ['description'], prefix: str('name'), grams: str('name') },
  byRepositoryId: repoOf,
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  project: (record) => ({ ...record }),
  scoreAfter: 'description',
});
