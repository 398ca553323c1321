/** `/search/commits` (reference §2.4): keywords match the message; requires the cloak preview (seed). */
import { Buffer } from 'node:buffer';
import { MESSAGES } from '../api-error.js';
import { minimalRepository, repoNameOf, userSummary, visibilityVia } from './common.js';
import { at, boolQ, dateQ, enumQ, scopeQualifiers, str, textQ, time } from './qualifiers.js';
import type { KindSpec } from './spec.js';
import type { Getter } from './collection-view.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'html_url', 'url');
const parents: Getter<string[]> = (r) =>
  Array.isArray(r.parents) ? r.parents.map((p) => at(p, 'sha')).filter((s): s is string => typeof s === 'string') : [];

export const commits: KindSpec = {
  kind: 'commits',
  fields: [
    {
      name: 'message',
      analyzer: 'prose',
      boost: 1,
      get: str('commit.message'),
      textMatch: { property: 'message', objectType: 'Commit', objectUrl: (r) => String(r.url ?? '') },
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
    'author-date': dateQ(time('commit.author.date')),
    'committer-date': dateQ(time('commit.committer.date')),
    merge: boolQ((r, d, c) => parents(r, d, c).length >= 2),
    hash: textQ(str('sha'), 'prefix'),
    parent: textQ(parents, 'prefix'),
    tree: textQ(str('commit.tree.sha'), 'prefix'),
    is: enumQ({
      public: ['visibility', (r, d, c) => !visibilityVia(r, repoOf(r, d, c), c).private],
      private: ['visibility', (r, d, c) => visibilityVia(r, repoOf(r, d, c), c).private],
    }),
  },
  sorts: { 'author-date': time('commit.author.date'), 'committer-date': time('commit.committer.date') },
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
