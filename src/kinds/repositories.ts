/** `/search/repositories` (reference §2.2). Forks are hidden unless `fork:true|only`. */
import { apiRoot, repositoryObjectUrl, visibilityVia } from './common.js';
import type { RawRecord } from './kind.js';
import { boolQ, dateQ, enumQ, languageQ, num, numberQ, onBoolean, scopeQualifiers, str, textQ, time, unsupportedQ } from './qualifiers.js';
import type { KindSpec, QualifierSpec } from './spec.js';
import type { Getter } from './collection-view.js';

const fullName: Getter<string | undefined> = str('full_name');
/** `https://api.github.com/repositories/{id}` (GitHub's text-match object_url for repositories, §3.6). */
const objectUrl: Getter<string> = (r) => repositoryObjectUrl(r.id, apiRoot(r.url), '', r.url);
const topics = (r: RawRecord): string[] => (Array.isArray(r.topics) ? r.topics.filter((t): t is string => typeof t === 'string') : []);
const helpWanted: Getter<number | undefined> = (r, _d, c) => {
  const name = fullName(r, _d, c);
  return name ? c.openIssuesWithLabel(name, 'help wanted') : undefined;
};
const goodFirst: Getter<number | undefined> = (r, _d, c) => {
  const name = fullName(r, _d, c);
  return name ? c.openIssuesWithLabel(name, 'good first issue') : undefined;
};

/** `fork:true` includes forks, `fork:only` keeps only forks, `fork:false` the default (§2.2 "Searching in forks"). */
const isFork: Getter<boolean> = (r) => r.fork === true;
const forkQ: QualifierSpec = {
  columns: [{ get: isFork, type: 'boolean' }],
  compile(value, { c }) {
    const v = value.trim().toLowerCase();
    if (v === 'true') return () => true;
    if (v === 'only') return onBoolean(c, isFork, true);
    if (v === 'false') return onBoolean(c, isFork, false);
    return undefined;
  },
};

export const repositories: KindSpec = {
  kind: 'repositories',
  fields: [
    {
      name: 'name',
      analyzer: 'code',
      boost: 3,
      get: str('name'),
      textMatch: { property: 'name', objectType: 'Repository', objectUrl, whole: true },
    },
    {
      name: 'description',
      analyzer: 'prose',
      boost: 1,
      get: str('description'),
      textMatch: { property: 'description', objectType: 'Repository', objectUrl, whole: true },
    },
    { name: 'topics', analyzer: 'prose', boost: 1, get: (r) => topics(r).join(' ') },
  ],
  defaultFields: ['name', 'description', 'topics'],
  inValues: { name: ['name'], description: ['description'], topics: ['topics'] },
  qualifiers: {
    ...scopeQualifiers(fullName),
    size: numberQ(num('size')),
    followers: numberQ((r) => (typeof r.subscribers_count === 'number' ? r.subscribers_count : undefined)),
    forks: numberQ((r) => (typeof r.forks_count === 'number' ? r.forks_count : typeof r.forks === 'number' ? r.forks : undefined)),
    stars: numberQ(num('stargazers_count')),
    created: dateQ(time('created_at')),
    pushed: dateQ(time('pushed_at')),
    language: languageQ(str('language')),
    topic: textQ(topics),
    topics: numberQ((r) => (Array.isArray(r.topics) ? r.topics.length : undefined)),
    license: textQ((r) => {
      const license = r.license as RawRecord | null | undefined;
      return [license?.key, license?.spdx_id].filter((x): x is string => typeof x === 'string');
    }),
    is: enumQ({
      public: ['visibility', (r) => r.private !== true],
      private: ['visibility', (r) => r.private === true],
      internal: ['visibility', (r) => r.visibility === 'internal'],
    }),
    has: unsupportedQ('repository records do not say whether a FUNDING.yml exists'),
    mirror: boolQ((r) => r.mirror_url !== undefined ? r.mirror_url !== null : undefined),
    template: boolQ((r) => (typeof r.is_template === 'boolean' ? r.is_template : undefined)),
    archived: boolQ((r) => (typeof r.archived === 'boolean' ? r.archived : undefined)),
    'good-first-issues': numberQ(goodFirst),
    'help-wanted-issues': numberQ(helpWanted),
    fork: forkQ,
  },
  sorts: {
    stars: num('stargazers_count'),
    forks: (r) => (typeof r.forks_count === 'number' ? r.forks_count : undefined),
    'help-wanted-issues': helpWanted,
    updated: time('updated_at'),
  },
  advancedSyntax: false,
  defaults(present, c) {
    return present.has('fork') ? undefined : onBoolean(c, isFork, false);
  },
  needs: ['issues'],
  visibility: (r, d, c) => visibilityVia({ repository: { private: r.private === true } }, fullName(r, d, c), c),
  project(record, _doc, _c, media) {
    const item: Record<string, unknown> = { ...record };
    // `topics` is a mercy-preview field (seed, Versioning).
    if (!media.mercy) delete item.topics;
    return item;
  },
  scoreAfter: 'default_branch',
};
