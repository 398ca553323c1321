/** `/search/commits` (reference §2.4): keywords match the message; requires the cloak preview (seed). */
import { Buffer } from 'node:buffer';
import { MESSAGES } from '../envelope/api-error.js';
import { minimalRepository, repoNameOf, userSummary, visibilityVia } from './common.js';
import { at, boolQ, dateQ, enumQ, onStrings, scopeQualifiers, str, textQ, time } from './qualifiers.js';
import type { Getter, KindSpec, RankSpec } from './spec.js';
import { DAY_MS, expDecay } from '../rank/decay.js';
import { matchesSha, shaWords } from '../rank/words.js';

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
  score(text, signal, ctx, doc) {
    const year = 365 * DAY_MS;
    const recency = Math.max(20 * expDecay(signal('authorDate'), ctx.clock, year), 20 * expDecay(signal('committerDate'), ctx.clock, year));
    const sha = ctx.shas.length > 0 && matchesSha(ctx.c.records[doc]?.sha, ctx.shas) ? 100 : 0;
    return text + recency + sha;
  },
};

export const commits: KindSpec = {
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
    author: textQ(str('author.login'), 'exact', { userValued: true }),
    committer: textQ(str('committer.login'), 'exact', { userValued: true }),
    'author-name': textQ(str('commit.author.name'), 'words', { list: false }),
    'committer-name': textQ(str('commit.committer.name'), 'words', { list: false }),
    'author-email': textQ(str('commit.author.email')),
    'committer-email': textQ(str('commit.committer.email')),
    'author-date': dateQ(authorDate),
    'committer-date': dateQ(committerDate),
    merge: boolQ((r, d, c) => parents(r, d, c).length >= 2),
    hash: textQ(sha, 'prefix'),
    parent: textQ(parents, 'prefix'),
    tree: textQ(str('commit.tree.sha'), 'prefix'),
    is: enumQ({
      public: ['visibility', (r, d, c) => !visibilityVia(r, repoOf(r, d, c), c).private],
      private: ['visibility', (r, d, c) => visibilityVia(r, repoOf(r, d, c), c).private],
    }),
  },
  sorts: { 'author-date': authorDate, 'committer-date': committerDate },
  rank: commitsRank,
  advancedSyntax: false,
  textRequired: MESSAGES.commitsTextRequired,
  preview: 'cloak',
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  project(record, doc, c) {
    const { stats: _stats, files: _files, ...rest } = record;
    const item: Record<string, unknown> = { ...rest };
    const repository = minimalRepository(record.repository, repoOf(record, doc, c), c);
    if (repository) item.repository = repository;
    item.author = userSummary(record.author);
    item.committer = record.committer && typeof record.committer === 'object' ? userSummary(record.committer) : null;
    const commit = { ...(record.commit as Record<string, unknown>) };
    // commit-search-result-item requires comment_count; git-exported records lack it (no comments are known).
    if (!('comment_count' in commit)) commit.comment_count = 0;
    item.commit = commit;
    // GitHub's legacy node id of a commit is base64("06:Commit<repository id>:<sha>"); derived when absent.
    const repoId = (repository as { id?: unknown } | undefined)?.id;
    if (!('node_id' in item) && typeof repoId === 'number' && typeof record.sha === 'string') {
      item.node_id = Buffer.from(`06:Commit${repoId}:${record.sha}`).toString('base64');
    }
    return item;
  },
  scoreAfter: 'repository',
};
