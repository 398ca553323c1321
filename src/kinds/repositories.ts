/** `/search/repositories` (reference §2.2). Forks are hidden unless `fork:true|only`. */
import { apiRoot, repositoryObjectUrl, visibilityVia } from './common.js';
import type { RawRecord } from './kind.js';
import { MESSAGES } from '../api-error.js';
import { isTrueAnchored } from './qualifier-values.js';
import { completeRepository } from './links.js';
import { stringSort } from './string-sort.js';
import { newestRecordingOnly, recordedAt } from './recordings.js';
import { boolQ, dateQ, enumQ, languageQ, num, numberQ, onBoolean, scopeQualifiers, str, textQ, time, unsupportedQ } from './qualifiers.js';
import type { KindSpec, QualifierSpec, RankSpec } from './spec.js';
import type { Getter } from './collection-view.js';
import { repositoryIdentity } from './identity.js';

const fullName: Getter<string | undefined> = str('full_name');
const pushedAt = time('pushed_at');
/** `https://api.github.com/repositories/{id}` (GitHub's text-match object_url for repositories, §3.6). */
const objectUrl: Getter<string> = (r) => repositoryObjectUrl(r.id, apiRoot(r.url), '', r.url);
const topics = (r: RawRecord): string[] => (Array.isArray(r.topics) ? r.topics.filter((t): t is string => typeof t === 'string') : []);
const helpWanted: Getter<number | undefined> = (r, _d, c) => {
  const name = fullName(r, _d, c);
  return name ? c.openIssuesWithLabel(name, 'help wanted', r.private === true) : undefined;
};
const goodFirst: Getter<number | undefined> = (r, _d, c) => {
  const name = fullName(r, _d, c);
  return name ? c.openIssuesWithLabel(name, 'good first issue', r.private === true) : undefined;
};

/**
 * `fork:true` includes forks, `fork:only` keeps only forks, any other value excludes them, as does no `fork:`
 * (Part A §4.1).
 */
const isFork: Getter<boolean> = (r) => r.fork === true;
const forkQ: QualifierSpec = {
  columns: [{ get: isFork, type: 'boolean' }],
  read(value) {
    const v = value.trim().toLowerCase();
    return { shown: v === 'true' ? 'forks included' : v === 'only' ? 'forks only' : 'forks excluded' };
  },
  compile(value, { c }) {
    const v = value.trim().toLowerCase();
    if (v === 'true') return () => true;
    return onBoolean(c, isFork, v === 'only');
  },
};
const stars = num('stargazers_count');
/** One fact per repository name: its newest recording decides, for every recording (common.ts visibilityVia). */
const isPrivate: Getter<boolean> = (r, d, c) => visibilityVia({ repository: { private: r.private === true } }, fullName(r, d, c), c).private;
const language = languageQ(str('language'));

/**
 * GitHub multiplies the text score by an index-time popularity `rank` (missing → 1) that REST records do not
 * carry; our stand-in is 1 + log10(1 + stargazers_count), so a repository without stars keeps the text score.
 */
export function popularity(starCount: number): number {
  return Number.isNaN(starCount) || starCount <= 0 ? 1 : 1 + Math.log10(1 + starCount);
}

/**
 * Best match on repositories (code reference Part A §4.2): text score × popularity, × 20 when the whole text is
 * this repository's `owner/name`, or when exactly one `user:`/`org:`/`owner:` value is given and the whole text is
 * the repository's name under it (case-insensitive). Without text: most stars first (`stars desc`).
 */
export const repositoriesRank: RankSpec = {
  defaultSort: { key: 'stars', order: 'desc' },
  signals: { stars, recorded: (r) => recordedAt(r) },
  priors: { popularity: (signal) => popularity(signal('stars')) },
  score(text, signal, ctx, doc) {
    let score = text * signal('popularity');
    const full = ctx.c.records[doc]?.full_name;
    if (typeof full === 'string' && ctx.text !== '') {
      const wanted = ctx.text.toLowerCase();
      const exact = wanted.includes('/') && wanted === full.toLowerCase();
      const underOwner = ctx.owners.length === 1 && `${ctx.owners[0]!}/${ctx.text}`.toLowerCase() === full.toLowerCase();
      if (exact || underOwner) score *= 20;
    }
    return score;
  },
  // Without a `/` in the text or a single owner, no repository's name can match the whole text.
  linear: { applies: (ctx) => ctx.text === '' || (!ctx.text.includes('/') && ctx.owners.length !== 1), multiplier: 'popularity' },
};

/** Builds the table of `/search/repositories` (called once, on the kind's first use: catalog.ts). */
export const repositories = (): KindSpec => ({
  kind: 'repositories',
  fields: [
    {
      name: 'name',
      analyzer: 'code',
      // GitHub searches name^1.2 + name.camel + name.ngram^0.8 (Part A §4.2); one camel-aware field weighs about
      // their sum.
      boost: 3,
      get: str('name'),
      textMatch: { property: 'name', objectType: 'Repository', objectUrl, whole: true },
    },
    {
      name: 'description',
      analyzer: 'prose',
      boost: 1,
      get: str('description'),
      textMatch: { property: 'description', objectType: 'Repository', objectUrl, fragments: 1, length: 256 },
    },
    { name: 'topics', analyzer: 'prose', boost: 1, get: (r) => topics(r).join(' ') },
    // `owner/name`, searched only for text with a `/` (Part A §4.2).
    { name: 'name_with_owner', analyzer: 'code', boost: 1, get: fullName, searchedFor: (text) => text.includes('/') },
  ],
  defaultFields: ['name', 'description', 'topics', 'name_with_owner'],
  inValues: { name: ['name', 'name_with_owner'], description: ['description'], topics: ['topics'] },
  qualifiers: {
    ...scopeQualifiers(fullName),
    size: numberQ(num('size')),
    // `stars:` and `followers:` are both the star count (Part A §4.1).
    stars: numberQ(stars),
    followers: numberQ(stars),
    forks: numberQ((r) => (typeof r.forks_count === 'number' ? r.forks_count : typeof r.forks === 'number' ? r.forks : undefined)),
    created: dateQ(time('created_at')),
    pushed: dateQ(pushedAt),
    language: { ...language, joins: 'language' },
    lang: { ...language, joins: 'language' },
    // Several `topic:` are all required (Part A §4.1).
    topic: { ...textQ(topics), repeat: 'and' },
    topics: numberQ((r) => (Array.isArray(r.topics) ? r.topics.length : undefined)),
    license: textQ((r) => {
      const license = r.license as RawRecord | null | undefined;
      return [license?.key, license?.spdx_id].filter((x): x is string => typeof x === 'string');
    }),
    is: enumQ({
      public: (r, d, c) => !isPrivate(r, d, c),
      private: isPrivate,
      internal: (r) => r.visibility === 'internal',
    }),
    visibility: enumQ({
      public: (r, d, c) => !isPrivate(r, d, c) && r.visibility !== 'internal',
      private: isPrivate,
      internal: (r) => r.visibility === 'internal',
    }),
    has: unsupportedQ('repository records do not say whether a FUNDING.yml exists'),
    sponsorable: unsupportedQ('repository records do not say whether the owner is sponsorable'),
    mirror: boolQ((r) => (r.mirror_url !== undefined ? r.mirror_url !== null : undefined), isTrueAnchored),
    template: boolQ((r) => (typeof r.is_template === 'boolean' ? r.is_template : undefined), isTrueAnchored),
    archived: boolQ((r) => (typeof r.archived === 'boolean' ? r.archived : undefined), isTrueAnchored),
    'good-first-issues': numberQ(goodFirst),
    'help-wanted-issues': numberQ(helpWanted),
    fork: forkQ,
  },
  // GitHub's keys and the index fields they sort on (Part A §4.2): `updated` is pushed_at; `name` (`name_sort`),
  // `language` and `license` (`license_id`) sort on strings, lower-cased (string-sort.ts). GitHub's license ids are
  // not in REST records: the license's key stands in for them (our choice).
  sorts: {
    name: stringSort((r) => (typeof r.name === 'string' ? r.name : undefined)),
    language: stringSort((r) => (typeof r.language === 'string' ? r.language : undefined)),
    license: stringSort((r) => {
      const key = (r.license as RawRecord | null | undefined)?.key;
      return typeof key === 'string' ? key : undefined;
    }),
    stars,
    forks: (r) => (typeof r.forks_count === 'number' ? r.forks_count : typeof r.forks === 'number' ? r.forks : undefined),
    'help-wanted-issues': helpWanted,
    updated: pushedAt,
    topics: (r) => (Array.isArray(r.topics) ? r.topics.length : undefined),
    size: num('size'),
  },
  rank: repositoriesRank,
  advancedSyntax: false,
  repeats: 'or',
  // `fork:` alone is no filter (Part A §4.2 "Empty query"); a topic-only query is answered. The code read counts
  // the repository scope out too, yet real GitHub answers `q=user:octocat` (the documented way to list an
  // owner's repositories, what `gh search repos --owner` sends, and issue #11's `@hub4j`): our choice follows it.
  withoutText: { message: MESSAGES.noQualifiersApply, notCounting: ['fork'] },
  defaults(present, c, viewer) {
    // One repository per name: the newest recording the viewer may see (recordings.ts).
    const visible = (doc: number): boolean => {
      const r = c.records[doc]!;
      return !isPrivate(r, doc, c) || viewer.canReadPrivate(String(r.full_name ?? ''));
    };
    const newest = newestRecordingOnly(c, fullName, repositoriesRank.signals!.recorded!, visible);
    if (present.has('fork')) return newest;
    const notFork = onBoolean(c, isFork, false);
    return (doc) => notFork(doc) && newest(doc);
  },
  needs: ['issues'],
  visibility: (r, d, c) => visibilityVia({ repository: { private: r.private === true } }, fullName(r, d, c), c),
  identity: repositoryIdentity,
  projectReads: ['mercy'],
  project(record, _doc, _c, media) {
    // Every link field and a complete owner, derived when an old record lacks them (links.ts).
    const item = completeRepository(record);
    // `topics` is a mercy-preview field (seed, Versioning).
    if (!media.mercy) delete item.topics;
    return item;
  },
  scoreAfter: 'default_branch',
});
