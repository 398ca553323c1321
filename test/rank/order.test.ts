/** Which order applies (code reference Part B §6 "sort / order"; Part A §3.3, §4.2, §5; Part B §2.3, §4). */
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { Kind } from '../../src/kinds/kind.js';
import { resolveOrder, sortQualifier } from '../../src/rank/order.js';

describe('sortQualifier', () => {
  it.each<[Kind, string, ReturnType<typeof sortQualifier>]>([
    ['repositories', 'java sort:stars', { sort: 'stars', order: 'desc' }],
    ['repositories', 'java sort:stars-asc', { sort: 'stars', order: 'asc' }],
    ['repositories', 'sort:updated-desc is:public', { sort: 'updated', order: 'desc' }],
    ['repositories', 'sort:bogus', undefined],
    ['repositories', '-sort:stars', undefined],
    ['repositories', 'sort:stars sort:forks-asc', { sort: 'forks', order: 'asc' }],
    ['issues', 'crash sort:reactions-+1', { sort: 'reactions-+1', order: 'desc' }],
    ['issues', 'crash sort:reactions--1-asc', { sort: 'reactions--1', order: 'asc' }],
    ['issues', 'crash sort:created-asc', { sort: 'created', order: 'asc' }],
    ['commits', 'fix sort:author-date-asc', { sort: 'author-date', order: 'asc' }],
    ['users', 'sort:joined', { sort: 'joined', order: 'desc' }],
    ['topics', 'ruby sort:stars', undefined],
  ])('%s %j', (kind, q, expected) => expect(sortQualifier(q, specOf(kind))).toEqual(expected));
});

describe('resolveOrder: parameter, then qualifier, then the default without text, then best match', () => {
  const none = { sort: undefined, order: 'desc' as const };
  it.each<[Kind, { sort: string | undefined; order: 'asc' | 'desc' }, ReturnType<typeof sortQualifier>, boolean, unknown]>([
    ['issues', none, undefined, false, { sort: 'created', order: 'desc' }],
    ['issues', none, undefined, true, { sort: undefined, order: 'desc' }],
    ['issues', { sort: 'comments', order: 'asc' }, { sort: 'created', order: 'desc' }, false, { sort: 'comments', order: 'asc' }],
    ['issues', { sort: 'bogus', order: 'asc' }, { sort: 'updated', order: 'asc' }, true, { sort: 'updated', order: 'asc' }],
    ['issues', { sort: 'bogus', order: 'asc' }, undefined, true, { sort: undefined, order: 'desc' }],
    ['repositories', none, undefined, false, { sort: 'stars', order: 'desc' }],
    ['users', none, undefined, false, { sort: 'followers', order: 'desc' }],
    ['commits', none, undefined, false, { sort: undefined, order: 'desc' }],
    ['code', none, undefined, false, { sort: undefined, order: 'desc' }],
    ['labels', none, undefined, false, { sort: undefined, order: 'desc' }],
    ['topics', none, undefined, false, { sort: undefined, order: 'desc' }],
  ])('%s param=%j qualifier=%j text=%s', (kind, param, qualifier, hasText, expected) => {
    expect(resolveOrder(specOf(kind), param, qualifier, hasText)).toEqual(expected);
  });
  it('repositories sort `updated` on pushed_at', () => {
    const get = specOf('repositories').sorts.updated!;
    expect(get({ pushed_at: '2024-01-02T00:00:00Z', updated_at: '2020-01-01T00:00:00Z' }, 0, undefined as never)).toBe(Date.parse('2024-01-02T00:00:00Z'));
  });
});
