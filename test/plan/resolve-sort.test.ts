/** Which order applies (code reference Part B §6 "sort / order"; Part A §3.3, §4.2, §5; Part B §2.3, §4). */
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { Kind } from '../../src/kinds/kind.js';
import type { Sort } from '../../src/kinds/spec.js';
import { resolveSort } from '../../src/plan/search-plan.js';

describe('resolveSort: the sort parameter, then sort:, then the default without text, then best match', () => {
  it.each<[Kind, string | undefined, Sort | undefined, boolean, unknown]>([
    ['issues', undefined, undefined, false, { sort: { key: 'created', order: 'desc' }, from: 'default' }],
    ['issues', undefined, undefined, true, { sort: undefined, from: undefined }],
    ['issues', undefined, { key: 'comments', order: 'asc' }, false, { sort: { key: 'comments', order: 'asc' }, from: 'qualifier' }],
    ['issues', undefined, { key: 'updated', order: 'asc' }, true, { sort: { key: 'updated', order: 'asc' }, from: 'qualifier' }],
    ['issues', 'comments', { key: 'updated', order: 'desc' }, true, { sort: { key: 'comments', order: 'asc' }, from: 'parameter' }],
    ['issues', 'Comments', undefined, true, { sort: undefined, from: undefined }],
    ['issues', 'bogus', { key: 'updated', order: 'desc' }, true, { sort: { key: 'updated', order: 'desc' }, from: 'qualifier' }],
    ['issues', undefined, { key: 'bogus', order: 'asc' }, true, { sort: undefined, from: undefined }],
    ['repositories', undefined, undefined, false, { sort: { key: 'stars', order: 'desc' }, from: 'default' }],
    ['repositories', undefined, { key: 'updated', order: 'desc' }, false, { sort: { key: 'updated', order: 'desc' }, from: 'qualifier' }],
    ['users', undefined, undefined, false, { sort: { key: 'followers', order: 'desc' }, from: 'default' }],
    ['commits', undefined, undefined, false, { sort: undefined, from: undefined }],
    ['code', undefined, undefined, false, { sort: undefined, from: undefined }],
    ['labels', undefined, undefined, false, { sort: undefined, from: undefined }],
    ['topics', undefined, undefined, false, { sort: undefined, from: undefined }],
  ])('%s sort=%s sort:=%j text=%s', (kind, parameter, qualifier, hasText, expected) => {
    expect(resolveSort(specOf(kind), { sort: parameter, order: 'asc' }, qualifier, hasText)).toEqual(expected);
  });
  it('repositories sort `updated` on pushed_at', () => {
    const get = specOf('repositories').sorts.updated!;
    expect(get({ pushed_at: '2024-01-02T00:00:00Z', updated_at: '2020-01-01T00:00:00Z' }, 0, undefined as never)).toBe(Date.parse('2024-01-02T00:00:00Z'));
  });
});
