/** `/search/topics` (reference §2.6): best match only; requires the mercy preview (seed). */
import { MESSAGES } from '../api-error.js';
import { at, dateQ, enumQ, num, numberQ, str, time } from './qualifiers.js';
import type { KindSpec, RankSpec, TextFieldSpec } from './spec.js';
import { topicIdentity } from './identity.js';

/** GitHub's topic text-match object_url: the repository search for the topic (code reference Part B §4). */
const objectUrl = (r: Record<string, unknown>): string => `https://api.github.com/search/repositories?q=topic:${String(r.name ?? '')}`;
/** Names and display names come back whole; descriptions as one fragment of 200 characters (Part B §4). */
const field = (name: string, analyzer: 'prose' | 'code', boost: number, whole: boolean): TextFieldSpec => ({
  name,
  analyzer,
  boost,
  get: str(name),
  textMatch: { property: name, objectType: 'Topic', objectUrl, ...(whole ? { whole } : { fragments: 1, length: 200 }) },
});

/**
 * Best match on topics (Part B §4): text score × sqrt(1.4 × repository_count), a missing count taken as 1 (the
 * dumps' explore records have none, so this is a constant factor there). No default order: dump order.
 */
export const topicsRank: RankSpec = {
  signals: { repositories: num('repository_count') },
  priors: {
    popularity: (signal) => {
      const count = signal('repositories');
      return Math.sqrt(1.4 * (Number.isNaN(count) ? 1 : count));
    },
  },
  score: (text, signal) => text * signal('popularity'),
  linear: { applies: () => true, multiplier: 'popularity' },
};

/** The names of a topic's aliases (`aliases[].topic_relation.name`), space-separated; undefined without any. */
const aliasNames = (r: Record<string, unknown>): string | undefined => {
  const names = Array.isArray(r.aliases) ? r.aliases.map((a) => at(a, 'topic_relation.name')).filter((n): n is string => typeof n === 'string') : [];
  return names.length > 0 ? names.join(' ') : undefined;
};

/** Item fields GitHub adds only with the extended-search-results media type (Part B §4). */
const EXTENDED_FIELDS = ['aliases', 'related', 'repository_count', 'logo_url'] as const;

/** Builds the table of `/search/topics` (called once, on the kind's first use: catalog.ts). */
export const topics = (): KindSpec => ({
  kind: 'topics',
  fields: [
    field('name', 'code', 3, true),
    field('display_name', 'prose', 2, true),
    field('short_description', 'prose', 1, false),
    field('description', 'prose', 1, false),
    // Aliases are searched and highlighted (1 fragment of 200); `related` is highlighted by GitHub, then dropped.
    {
      name: 'aliases',
      analyzer: 'code',
      boost: 1,
      get: aliasNames,
      textMatch: { property: 'aliases', objectType: 'Topic', objectUrl, fragments: 1, length: 200 },
    },
  ],
  defaultFields: ['name', 'display_name', 'short_description', 'description', 'aliases'],
  inValues: {},
  qualifiers: {
    // Only the first positive value counts (Part B §4).
    is: enumQ(
      {
        curated: (r) => r.curated === true,
        'not-curated': (r) => r.curated !== true,
        featured: (r) => r.featured === true,
        'not-featured': (r) => r.featured !== true,
      },
      // A negated `is:` is ignored: only the first positive value is read (Part B §4).
      { only: 'first', negatable: false },
    ),
    // Parsed, but GitHub's filter reads a key the parser never produces: it never applies (Part B §4, §7).
    name: { read: () => ({ dropped: 'GitHub parses name: on topics but never applies it (reference Part B §7)' }), compile: () => undefined },
    repositories: numberQ(num('repository_count')),
    created: dateQ(time('created_at')),
  },
  sorts: {},
  rank: topicsRank,
  // Quoted phrases match with `phrase_slop 10` (Part B §4).
  phraseSlop: 10,
  advancedSyntax: false,
  repeats: 'or',
  withoutText: { message: MESSAGES.noQualifiersApply },
  preview: { name: 'mercy', title: 'Topics', documentationUrl: 'https://docs.github.com/rest/search/search#search-topics' },
  visibility: () => ({ private: false }),
  identity: topicIdentity,
  projectReads: ['extended'],
  project(record, _doc, _c, media) {
    const item: Record<string, unknown> = { ...record };
    if (!media.extended) for (const key of EXTENDED_FIELDS) delete item[key];
    // topic-search-result-item requires these (§4.6); github/explore records predate some of them.
    for (const key of ['display_name', 'short_description', 'description', 'created_by', 'released'] as const) {
      if (!(key in item)) item[key] = null;
    }
    if (typeof item.featured !== 'boolean') item.featured = false;
    if (typeof item.curated !== 'boolean') item.curated = false;
    return item;
  },
  scoreAfter: 'curated',
});
