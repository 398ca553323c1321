import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { looksBinary, wrappedBase64 } from '../../src/import/git-code.js';
import { searchDate, utcDate } from '../../src/import/git-commits.js';
import { fullNameFromRemote, isLocalRemote, primaryLanguage } from '../../src/import/git-repository.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const hasData = existsSync(new URL('hub4j-github-api-wiremock/code.json', DATA));

describe('commit dates', () => {
  it.each([
    ['2018-11-06T08:42:18-08:00', '2018-11-06T08:42:18.000-08:00'],
    ['2018-11-06T08:42:18+05:30', '2018-11-06T08:42:18.000+05:30'],
    ['2016-12-19T15:26:35+00:00', '2016-12-19T15:26:35.000Z'],
    ['2016-12-19T15:26:35Z', '2016-12-19T15:26:35.000Z'],
  ])('searchDate(%s) → %s (the search API form)', (git, api) => {
    expect(searchDate(git)).toBe(api);
  });

  it.each([
    ['2018-11-06T08:42:18-08:00', '2018-11-06T16:42:18Z'],
    ['2016-12-19T15:26:35+00:00', '2016-12-19T15:26:35Z'],
  ])('utcDate(%s) → %s', (git, utc) => {
    expect(utcDate(git)).toBe(utc);
  });
});

describe('fullNameFromRemote', () => {
  it.each([
    ['git@github.com:octo/hello.git', 'octo/hello'],
    ['https://github.com/octo/hello', 'octo/hello'],
    ['https://github.com/octo/hello.git\n', 'octo/hello'],
    ['ssh://git@ghe.example.com:2222/team/tool.git', 'team/tool'],
    ['git://example.org/mirror/octo/hello.git', 'mirror/octo-hello'],
    ['https://gitlab.com/group/sub/proj.git', 'group/sub-proj'],
    ['git@gitlab.com:group/sub/deeper/proj.git', 'group/sub-deeper-proj'],
    ['ssh://git@host/~me/tool.git', undefined],
    ['ssh://git@host/~me/team/tool.git', 'team/tool'],
    ['/srv/git/hello.git', undefined],
    ['file:///srv/git/octo/hello.git', undefined],
    ['https://github.com/just-owner', undefined],
  ])('%s → %s', (url, name) => {
    expect(fullNameFromRemote(url)).toBe(name);
  });
});

describe('isLocalRemote', () => {
  it.each([
    ['/srv/git/hello.git', true],
    ['../hello', true],
    ['hello', true],
    ['~/src/hello', true],
    ['file:///srv/git/hello.git', true],
    ['C:\\src\\hello', true],
    ['git@github.com:octo/hello.git', false],
    ['github.com:octo/hello.git', false],
    ['https://github.com/octo/hello', false],
    ['ext::sh -c x', false],
  ])('%s → %s', (url, local) => {
    expect(isLocalRemote(url)).toBe(local);
  });
});

describe('primaryLanguage', () => {
  it.each<[Array<[string, number]>, string | null]>([
    [[], null],
    [[['Go', 10], ['TypeScript', 30]], 'TypeScript'],
    [[['Ruby', 5], ['C', 5]], 'C'],
  ])('%j → %s', (bytes, language) => {
    expect(primaryLanguage(new Map(bytes))).toBe(language);
  });
});

describe('file content', () => {
  it.each([
    ['text', Buffer.from('hello\nworld\n'), false],
    ['UTF-8 text', Buffer.from('héllo — ✓\n'), false],
    ['a NUL byte', Buffer.from([0x68, 0x00, 0x69]), true],
    ['mostly invalid UTF-8', Buffer.from([0xff, 0xfe, 0xfd, 0x41]), true],
    ['empty', Buffer.alloc(0), false],
  ])('looksBinary(%s) → %s', (_name, bytes, binary) => {
    expect(looksBinary(bytes)).toBe(binary);
  });

  it('wraps base64 at 60 columns with a newline after every line', () => {
    expect(wrappedBase64(Buffer.alloc(0))).toBe('');
    const wrapped = wrappedBase64(Buffer.alloc(100, 0x61));
    expect(wrapped.split('\n').map((line) => line.length)).toEqual([60, 60, 16, 0]);
  });

  it.skipIf(!hasData)('reproduces recorded /contents base64 byte for byte (needs ../shared/data)', () => {
    const records = JSON.parse(readFileSync(new URL('hub4j-github-api-wiremock/code.json', DATA), 'utf8')) as Array<{
      content?: string;
      encoding?: string;
    }>;
    const withContent = records.filter((r) => r.encoding === 'base64' && typeof r.content === 'string');
    expect(withContent.length).toBeGreaterThan(5);
    for (const record of withContent) {
      expect(wrappedBase64(Buffer.from(record.content!.replace(/\n/g, ''), 'base64'))).toBe(record.content);
    }
  });
});
