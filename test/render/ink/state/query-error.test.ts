import { describe, expect, it } from 'vitest';
import { invalidQuery, missingParameter, MESSAGES, ApiError } from '../../../../src/api-error.js';
import { toViewError } from '../../../../src/render/ink/state/query-error.js';

const pick = (query: string, ranges: readonly (readonly [number, number])[]) => ranges.map(([s, e]) => query.slice(s, e));

describe('toViewError', () => {
  it('keeps GitHub message, details and docs, and points where the core says', () => {
    const view = toViewError(invalidQuery(MESSAGES.cannotSearchResources, { start: 4, end: 18 }), 'bug repo:nope/nope');
    expect(view).toMatchObject({ status: 422, title: 'Validation Failed', details: [MESSAGES.cannotSearchResources], documentationUrl: 'https://docs.github.com/v3/search/' });
    expect(pick('bug repo:nope/nope', view.ranges)).toEqual(['repo:nope/nope']);
  });
  it('points nowhere when the core names no span', () => {
    expect(toViewError(invalidQuery(MESSAGES.cannotSearchResources), 'bug repo:nope/nope').ranges).toEqual([]);
  });
  it('describes an error entry without a message by field and code', () => {
    expect(toViewError(missingParameter(), '').details).toEqual(['q is missing']);
  });
  it('handles bodies without errors and plain errors', () => {
    const cap = new ApiError(422, { message: 'Only the first 1000 search results are available', documentation_url: 'https://docs.github.com/v3/search/' });
    expect(toViewError(cap, 'x')).toMatchObject({ title: 'Only the first 1000 search results are available', details: [], ranges: [] });
    expect(toViewError(new Error('dump unreadable'), 'x')).toMatchObject({ status: undefined, title: 'dump unreadable' });
  });
});
