import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify, describeShape, forEachEmbedded } from '../../src/import/classify.js';
import type { Part } from '../../src/import/record-identity.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const hasData = existsSync(new URL('rest-api-examples/issues.json', DATA));
const read = (file: string): Record<string, unknown>[] => JSON.parse(readFileSync(new URL(file, DATA), 'utf8'));

const user = { login: 'octocat', id: 1, avatar_url: 'https://a/u/1', type: 'User' };
const label = { id: 7, url: 'https://api.github.com/repos/o/r/labels/bug', name: 'bug', color: 'd73a4a' };
const repo = { id: 3, name: 'r', full_name: 'o/r', owner: user };

describe('classify', () => {
  it.each<[string, unknown, Part | undefined]>([
    ['an issue', { number: 1, title: 't', repository_url: 'https://api.github.com/repos/o/r', user, labels: [label] }, 'issues'],
    ['a 2012 issue without repository_url', { number: 1, title: 't', user, labels: [] }, 'issues'],
    ['a pull', { number: 1, title: 't', head: { ref: 'a' }, base: { ref: 'b' }, user }, 'pulls'],
    ['a commit', { sha: 'abc', commit: { message: 'm' } }, 'commits'],
    ['a code search item', { name: 'a.ts', path: 'src/a.ts', sha: 'b', git_url: 'g', url: 'u' }, 'code'],
    ['a /contents file', { name: 'a.ts', path: 'a.ts', sha: 'b', git_url: 'g', type: 'file', content: '' }, 'code'],
    ['a repository', repo, 'repositories'],
    ['a topic', { name: 'ruby', display_name: 'Ruby', short_description: 's', curated: true }, 'topics'],
    ['a label', label, 'labels'],
    ['a label without id (2012)', { url: 'https://api.github.com/repos/o/r/labels/x', name: 'x', color: 'ABCDEF' }, 'labels'],
    ['a user', user, 'users'],
    ['a 2012 user with a string id', { login: 'nvie', id: 'user-83844', gravatar_id: 'c5' }, 'users'],
    ['a milestone', { number: 1, title: 'v1', creator: user, open_issues: 2, closed_issues: 0, url: 'u' }, undefined],
    ['a /contents directory entry', { name: 'src', path: 'src', sha: 'b', git_url: 'g', type: 'dir' }, undefined],
    ['a git commit object', { sha: 'abc', tree: { sha: 't' }, message: 'm', author: { name: 'a' } }, undefined],
    ['a comment', { id: 5, body: 'hi', user, html_url: 'h' }, undefined],
    ['a git actor', { name: 'A', email: 'a@x', date: '2020-01-01T00:00:00Z' }, undefined],
    ['a string', 'text', undefined],
    ['null', null, undefined],
    ['an array', [user], undefined],
  ])('%s → %s', (_name, record, part) => {
    expect(classify(record)).toBe(part);
  });

  describe.skipIf(!hasData)("GitHub's documented search items (needs ../shared/data)", () => {
    it.each<[string, Part]>([
      ['code', 'code'], ['commits', 'commits'], ['issues', 'issues'], ['labels', 'labels'],
      ['repositories', 'repositories'], ['topics', 'topics'], ['users', 'users'],
    ])('rest-api-examples/%s.json → %s', (file, part) => {
      for (const record of read(`rest-api-examples/${file}.json`)) expect(classify(record)).toBe(part);
    });
  });
});

describe('forEachEmbedded', () => {
  it('finds nested users, labels and repositories, not the record itself nor other shapes', () => {
    const issue = {
      number: 1, title: 't', user, labels: [label], assignees: [user],
      milestone: { number: 2, title: 'm', creator: { ...user, id: 2, login: 'hubot' }, open_issues: 0 },
      pull: { head: { repo } },
    };
    const found: string[] = [];
    forEachEmbedded(issue, (part, object) => found.push(`${part}:${String(object.login ?? object.name)}`));
    expect(found).toEqual(['users:octocat', 'labels:bug', 'users:octocat', 'users:hubot', 'repositories:r', 'users:octocat']);
  });
});

describe('describeShape', () => {
  it.each([
    [null, 'null'],
    [[1], 'array'],
    [3, 'number'],
    [{}, 'object {}'],
    [{ a: 1, b: 2 }, 'object {a, b}'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, 'object {a, b, c, d, e, …}'],
  ])('%j → %s', (value, text) => {
    expect(describeShape(value)).toBe(text);
  });
});
