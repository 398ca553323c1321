/**
 * The `sort` values each endpoint accepts (GitHub OpenAPI enums, reference §2.8). Topics take no sort.
 * The kind tables map each key to a record field; this list is what edges (help text, the interactive view's
 * `s` key) show.
 */
import type { Kind } from './kind.js';

export const SORT_KEYS: Readonly<Record<Kind, readonly string[]>> = {
  code: ['indexed'],
  commits: ['author-date', 'committer-date'],
  issues: [
    'comments',
    'reactions',
    'reactions-+1',
    'reactions--1',
    'reactions-smile',
    'reactions-thinking_face',
    'reactions-heart',
    'reactions-tada',
    'interactions',
    'created',
    'updated',
  ],
  labels: ['created', 'updated'],
  repositories: ['stars', 'forks', 'help-wanted-issues', 'updated'],
  topics: [],
  users: ['followers', 'repositories', 'joined'],
};
