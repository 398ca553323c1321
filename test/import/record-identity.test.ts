import { describe, expect, it } from 'vitest';
import { chooseVersion, identityKey, RecordSet, repositoryFromUrl, type Part } from '../../src/import/record-identity.js';

describe('identityKey', () => {
  it.each<[Part, Record<string, unknown>, string | undefined]>([
    ['issues', { id: 5, url: 'u' }, 'id:5'],
    ['issues', { url: 'u' }, 'url:u'],
    ['issues', { title: 't' }, undefined],
    ['pulls', { id: 6 }, 'id:6'],
    ['labels', { url: 'https://api.github.com/repos/o/r/labels/bug', name: 'bug' }, 'url:https://api.github.com/repos/o/r/labels/bug'],
    ['users', { id: 1, login: 'A' }, 'id:1'],
    ['users', { id: 'user-83844', login: 'NVie' }, 'login:nvie'],
    ['repositories', { full_name: 'O/R' }, 'name:o/r'],
    ['topics', { name: 'Ruby' }, 'name:ruby'],
    ['commits', { sha: 'abc', url: 'https://api.github.com/repos/O/R/commits/abc' }, 'sha:o/r@abc'],
    ['commits', { sha: 'abc', html_url: 'https://github.com/o/r/commit/abc' }, 'sha:o/r@abc'],
    ['commits', { sha: 'abc', repository: { full_name: 'x/y' } }, 'sha:x/y@abc'],
    ['commits', { sha: 'abc' }, 'sha:@abc'],
    ['code', { path: 'a.ts', repository: { full_name: 'o/r' } }, 'path:o/r:a.ts'],
    ['code', { path: 'a.ts', url: 'https://api.github.com/repos/o/r/contents/a.ts?ref=main' }, 'path:o/r:a.ts'],
    ['code', { path: 'a.ts', url: 'https://api.github.com/repositories/1/contents/a.ts', html_url: 'https://github.com/o/r/blob/abc/a.ts' }, 'path:o/r:a.ts'],
  ])('%s %j → %s', (part, record, key) => {
    expect(identityKey(part, record)).toBe(key);
  });

  it.each([
    ['https://api.github.com/repos/o/r/issues/1', 'o/r'],
    ['https://ghe.example/api/v3/repos/o/r', 'o/r'],
    ['https://github.com/o/r/blob/main/a.ts', 'o/r'],
    ['https://github.com/o', undefined],
  ])('repositoryFromUrl(%s) → %s', (url, name) => {
    expect(repositoryFromUrl(url)).toBe(name);
  });
});

describe('chooseVersion', () => {
  const v = (record: Record<string, unknown>, embedded = false) => ({ record, embedded });
  it.each([
    ['more keys wins', v({ a: 1 }), v({ a: 1, b: 2 }), 'candidate'],
    ['fewer keys loses', v({ a: 1, b: 2 }), v({ a: 1 }), 'current'],
    ['same keys: later updated_at wins', v({ updated_at: '2020-01-02T00:00:00Z' }), v({ updated_at: '2020-01-01T00:00:00Z' }), 'current'],
    ['same keys and date: own record beats embedded copy', v({ a: 1 }), v({ a: 2 }, true), 'current'],
    ['same keys, both own: later input wins', v({ a: 1 }), v({ a: 2 }), 'candidate'],
  ])('%s', (_rule, current, candidate, winner) => {
    expect(chooseVersion(current, candidate)).toBe(winner === 'current' ? current : candidate);
  });
});

describe('RecordSet', () => {
  it('keeps first-seen order, the most complete version, and counts duplicates and unidentified records', () => {
    const set = new RecordSet('users');
    set.add({ id: 1, login: 'a' }, true);
    set.add({ id: 2, login: 'b' }, false);
    set.add({ id: 1, login: 'a', followers: 3 }, false);
    set.add({ name: 'no identity' }, false);
    expect([...set.records()]).toEqual([{ id: 1, login: 'a', followers: 3 }, { id: 2, login: 'b' }]);
    expect(set.size).toBe(2);
    expect(set.duplicates).toBe(1);
    expect(set.unidentified).toBe(1);
  });
});
