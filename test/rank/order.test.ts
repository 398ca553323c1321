/** Which order applies (code reference Part B §6 "sort / order"; Part A §3.3, §4.2, §5; Part B §2.3, §4). */
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { Kind } from '../../src/kinds/kind.js';
import { resolveOrder } from '../../src/rank/order.js';

describe('resolveOrder: the planned sort (parameter or sort:), then the default without text, then best match', () => {
  it.each<[Kind, { key: string; order: 'asc' | 'desc' } | undefined, boolean, unknown]>([
    ['issues', undefined, false, { sort: 'created', order: 'desc' }],
    ['issues', undefined, true, { sort: undefined, order: 'desc' }],
    ['issues', { key: 'comments', order: 'asc' }, false, { sort: 'comments', order: 'asc' }],
    ['issues', { key: 'updated', order: 'asc' }, true, { sort: 'updated', order: 'asc' }],
    ['issues', { key: 'bogus', order: 'asc' }, true, { sort: undefined, order: 'desc' }],
    ['repositories', undefined, false, { sort: 'stars', order: 'desc' }],
    ['repositories', { key: 'updated', order: 'desc' }, false, { sort: 'updated', order: 'desc' }],
    ['users', undefined, false, { sort: 'followers', order: 'desc' }],
    ['commits', undefined, false, { sort: undefined, order: 'desc' }],
    ['code', undefined, false, { sort: undefined, order: 'desc' }],
    ['labels', undefined, false, { sort: undefined, order: 'desc' }],
    ['topics', undefined, false, { sort: undefined, order: 'desc' }],
  ])('%s planned=%j text=%s', (kind, planned, hasText, expected) => {
    expect(resolveOrder(specOf(kind), planned, hasText)).toEqual(expected);
  });
  it('repositories sort `updated` on pushed_at', () => {
    const get = specOf('repositories').sorts.updated!;
    expect(get({ pushed_at: '2024-01-02T00:00:00Z', updated_at: '2020-01-01T00:00:00Z' }, 0, undefined as never)).toBe(Date.parse('2024-01-02T00:00:00Z'));
  });
});
