/** `/search/commits` (reference §2.4): keywords match the message; requires the cloak preview (seed). */
import { Buffer } from 'node:buffer';
import { MESSAGES } from '../api-error.js';
import { minimalRepository, repoNameOf, userSummary, visibilityVia } from './common.js';
import { containsTrue, parseSha } from './qualifier-values.js';
import { at, boolQ, dateQ, enumQ, onStrings, scopeQualifiers, str, textQ, time } from './qualifiers.js';
import type { KindSpec, QualifierSpec, RankSpec } from './spec.js';
import type { Getter } from './collection-view.js';
import { DAY_MS, expDecay } from './rank-decay.js';
import { matchesSha, shaWords } from './rank-words.js';
import { commitIdentity } from './identity.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'html_url', 'url');
const parents: Getter<string[]> = (r) =>
  Array.isArray(r.parents) ? r.parents.map((p) => at(p, 'sha')).filter((s): s is string => typeof s === 'string') : [];

const authorDate = time('commit.author.date');
const sha = str('sha');
const committerDate = time('commit.committer.date');

/**
 * Best match on commits (code reference Part B §2.3): text score + max(20 × exp decay on the author date, 20 × exp
 * decay on the committer date; scale 365 d, 0.5) + 100 when a 7–40 hex word of the text is a prefix of the SHA
 * (such a word also matches on its own: GitHub ORs SHA prefixes with the text query).
 * GitHub's origin is "now"; ours is the clock (newest author/committer date over public commits). Without text
 * there is no default order (dump order).
 */
export const commitsRank: RankSpec = {
  signals: { authorDate, committerDate },
  clock: ['authorDate', 'committerDate'],
  alsoMatches(word, c) {
    const shas = shaWords([word]);
    return shas.length === 0 ? undefined : onStrings(c, sha, (value) => matchesSha(value, shas));
  },
  priors: {
    recency: (signal, clock) =>
      Math.max(20 * expDecay(signal('authorDate'), clock, 365 * DAY_MS), 20 * expDecay(signal('committerDate'), clock, 365 * DAY_MS)),
  },
  score(text, signal, ctx, doc) {
    const recency = signal('recency');
    const sha = ctx.shas.length > 0 && matchesSha(ctx.c.records[doc]?.sha, ctx.shas) ? 100 : 0;
    return text + recency + sha;
  },
  linear: { applies: (ctx) => ctx.shas.length === 0, addend: 'recency' },
};

/**
 * A SHA filter (Part B §2.1): values must be 7–40 lower-case hex (else GitHub's 422); one positive value is a
 * prefix match; two or more build no filter.
 */
function shaQ(get: Getter<string | readonly string[] | undefined>, joins: string): QualifierSpec {
  const prefix = textQ(get, 'prefix', { list: false, only: 'one', joins });
  return { ...prefix, read: (value) => ({ shown: `${parseSha(value)}*` }) };
}

/** `author:`/`committer:` (Part B §2.1): the first positive login; one the dump does not know is dropped silently. */
const loginQ = (get: Getter<string | undefined>) => textQ(get, 'exact', { users: 'drop', only: 'first', list: false });
/** `*-name:`/`*-email:` (Part B §2.1): the first positive value, all words required; negated values are ignored. */
const personQ = (get: Getter<string | undefined>) => textQ(get, 'words', { list: false, only: 'first', negatable: false });

/**
 * `*-email:` as `personQ` but matched whole: whether GitHub's email fields are keywords or text is not in the code
 * read (Part B §2.1, ambiguous); we read them as keywords, so `author-email:cloudbees.com` does not match.
 */
const emailQ = (get: Getter<string | undefined>) => textQ(get, 'exact', { list: false, only: 'first', negatable: false });

/** `value`'s keys in `order` first (those it has), then its other keys as they were. */
function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (key in value) out[key] = value[key];
  for (const [key, v] of Object.entries(value)) if (!(key in out)) out[key] = v;
  return out;
}

/** Query parts and counting filters: a query with none of them and no text is refused (Part B §2.2). */
const COUNTING = [
  'author', 'committer', 'author-name', 'committer-name', 'author-email', 'committer-email',
  'hash', 'sha', 'parent', 'tree', 'merge', 'is', 'author-date', 'committer-date',
];

/** Builds the table of `/search/commits` (called once, on the kind's first use: catalog.ts). */
export const commits = (): KindSpec => ({
  kind: 'commits',
  fields: [
    {
      name: 'message',
      analyzer: 'prose',
      boost: 1,
      get: str('commit.message'),
      textMatch: { property: 'message', objectType: 'CommitMessage', objectUrl: (r) => String(r.url ?? ''), whole: true },
    },
  ],
  defaultFields: ['message'],
  inValues: {},
  qualifiers: {
    ...scopeQualifiers(repoOf),
    author: loginQ(str('author.login')),
    committer: loginQ(str('committer.login')),
    'author-name': personQ(str('commit.author.name')),
    'committer-name': personQ(str('commit.committer.name')),
    'author-email': emailQ(str('commit.author.email')),
    'committer-email': emailQ(str('commit.committer.email')),
    'author-date': dateQ(authorDate),
    'committer-date': dateQ(committerDate),
    merge: boolQ((r, d, c) => parents(r, d, c).length >= 2, containsTrue),
    hash: shaQ(sha, 'hash'),
    sha: shaQ(sha, 'hash'),
    parent: shaQ(parents, 'parent'),
    tree: shaQ(str('commit.tree.sha'), 'tree'),
    // public/private only; other values are ignored and the last recognised one wins (Part B §2.1).
    is: enumQ(
      {
        public: (r, d, c) => !visibilityVia(r, repoOf(r, d, c), c).private,
        private: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c).private,
      },
      { only: 'last' },
    ),
  },
  sorts: { 'author-date': authorDate, 'committer-date': committerDate },
  rank: commitsRank,
  advancedSyntax: false,
  repeats: 'or',
  withoutText: { message: MESSAGES.commitsTextRequired, counting: COUNTING },
  preview: { name: 'cloak', title: 'Commit Search', documentationUrl: 'https://docs.github.com/rest/search/search#search-commits' },
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  identity: commitIdentity,
  project(record, doc, c) {
    // GitHub's key order (commit-search-result-item, code reference Part B §2.4): url, sha, node_id, html_url,
    // comments_url, commit{url, author{date, name, email}, committer{…}, message, tree{url, sha}, comment_count},
    // author, committer, parents[{url, html_url, sha}], repository — no `verification`, `stats` or `files`.
    const item: Record<string, unknown> = {};
    const repository = minimalRepository(record.repository, repoOf(record, doc, c), c);
    const repoId = (repository as { id?: unknown } | undefined)?.id;
    item.url = record.url;
    item.sha = record.sha;
    // GitHub's legacy node id of a commit is base64("06:Commit<repository id>:<sha>"); derived when absent.
    if ('node_id' in record) item.node_id = record.node_id;
    else if (typeof repoId === 'number' && typeof record.sha === 'string') item.node_id = Buffer.from(`06:Commit${repoId}:${record.sha}`).toString('base64');
    item.html_url = record.html_url;
    item.comments_url = record.comments_url;
    const commit = (record.commit ?? {}) as Record<string, unknown>;
    const person = (p: unknown) => (p && typeof p === 'object' ? ordered(p as Record<string, unknown>, ['date', 'name', 'email']) : p);
    item.commit = {
      url: commit.url,
      author: person(commit.author),
      committer: person(commit.committer),
      message: commit.message,
      tree: commit.tree && typeof commit.tree === 'object' ? ordered(commit.tree as Record<string, unknown>, ['url', 'sha']) : commit.tree,
      // commit-search-result-item requires comment_count; git-exported records lack it (no comments are known).
      comment_count: typeof commit.comment_count === 'number' ? commit.comment_count : 0,
    };
    item.author = userSummary(record.author);
    item.committer = record.committer && typeof record.committer === 'object' ? userSummary(record.committer) : null;
    item.parents = Array.isArray(record.parents)
      ? record.parents.map((p) => (p && typeof p === 'object' ? ordered(p as Record<string, unknown>, ['url', 'html_url', 'sha']) : p))
      : [];
    if (repository) item.repository = repository;
    return item;
  },
  scoreAfter: 'repository',
});
