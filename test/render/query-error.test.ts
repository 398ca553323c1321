import { describe, expect, it } from 'vitest';
import { invalidQuery, missingParameter, MESSAGES, ApiError } from '../../src/api-error.js';
import { offendingRanges, queryTerms, toViewError } from '../../src/render/ink/state/query-error.js';

const pick = (query: string, ranges: readonly (readonly [number, number])[]) => ranges.map(([s, e]) => query.slice(s, e));

it('splits a query into terms, keeping quoted phrases whole', () => {
  expect(queryTerms('a "b c" label:"good first" -repo:x/y').map((t) => t.text)).toEqual(['a', '"b c"', 'label:"good first"', '-repo:x/y']);
});

describe('offendingRanges', () => {
  it.each([
    ['unresolvable repo/user/org', 'bug repo:nope/nope label:x user:ghost', MESSAGES.cannotSearchResources, ['repo:nope/nope', 'user:ghost']],
    ['qualifiers that do not apply', 'x is:starred language:klingon', MESSAGES.noQualifiersApply, ['is:starred', 'language:klingon']],
    ['commit search without text', 'repo:a/b author:c', MESSAGES.commitsTextRequired, ['repo:a/b', 'author:c']],
    ['the sixth operator onwards', 'a OR b OR c OR d OR e OR f AND g', MESSAGES.tooManyOperators, ['AND']],
    ['only operators', 'AND OR', MESSAGES.onlyOperators, ['AND', 'OR']],
    ['an unknown message points nowhere', 'x', 'Something else', []],
  ])('%s', (_name, query, message, expected) => {
    expect(pick(query, offendingRanges(query, message))).toEqual(expected);
  });

  it('points past 256 characters of free text', () => {
    const query = `${'a'.repeat(200)} ${'b'.repeat(50)} repo:x/y ${'c'.repeat(10)}`;
    expect(pick(query, offendingRanges(query, MESSAGES.tooLong))).toEqual(['c'.repeat(10)]);
  });
});

describe('toViewError', () => {
  it('keeps GitHub message, details and docs, and points into the query', () => {
    const view = toViewError(invalidQuery(MESSAGES.cannotSearchResources), 'bug repo:nope/nope');
    expect(view).toMatchObject({ status: 422, title: 'Validation Failed', details: [MESSAGES.cannotSearchResources], documentationUrl: 'https://docs.github.com/v3/search/' });
    expect(pick('bug repo:nope/nope', view.ranges)).toEqual(['repo:nope/nope']);
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
