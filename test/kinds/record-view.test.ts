import { describe, expect, it } from 'vitest';
import { asArray, asBoolean, asNumber, asObject, asString, asValue, at, ISSUE, PULL_LINKS, USER } from '../../src/kinds/record-view.js';

describe('the record view: one rule for a missing value', () => {
  it.each<[string, (v: unknown) => unknown, unknown, unknown]>([
    ['string', asString, 'a', 'a'],
    ['empty string', asString, '', ''],
    ['string of a number', asString, 1, undefined],
    ['string of null', asString, null, undefined],
    ['number', asNumber, 0, 0],
    ['number of a string', asNumber, '1', undefined],
    ['number not finite', asNumber, Number.NaN, undefined],
    ['number of null', asNumber, null, undefined],
    ['boolean false', asBoolean, false, false],
    ['boolean of "true"', asBoolean, 'true', undefined],
    ['object', asObject, { a: 1 }, { a: 1 }],
    ['object of an array', asObject, [1], undefined],
    ['object of null', asObject, null, undefined],
    ['array', asArray, [1], [1]],
    ['array of an object', asArray, { 0: 1 }, undefined],
    ['open value', asValue, [1], [1]],
    ['open value of null', asValue, null, undefined],
  ])('%s', (_name, decode, value, expected) => {
    expect(decode(value)).toEqual(expected);
  });

  it('reads dotted paths, undefined past a missing or non-object step', () => {
    expect(at({ a: { b: 2 } }, 'a.b')).toBe(2);
    expect(at({ a: null }, 'a.b')).toBeUndefined();
    expect(at({ a: 'text' }, 'a.length')).toBeUndefined();
    expect(at(undefined, 'a')).toBeUndefined();
  });

  it('composes views through object fields', () => {
    const issue = { pull_request: { merged_at: '2020-01-01T00:00:00Z' }, user: { login: 'octocat', node_id: null } };
    expect(PULL_LINKS.merged_at(ISSUE.pull_request(issue))).toBe('2020-01-01T00:00:00Z');
    expect(USER.login(ISSUE.user(issue))).toBe('octocat');
    expect(USER.node_id(ISSUE.user(issue))).toBeUndefined();
    expect(PULL_LINKS.url(ISSUE.pull_request({ pull_request: [] }))).toBeUndefined();
  });
});
