import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  derivedId, encodePath, legacyNodeId, MINIMAL_REPOSITORY_KEYS, minimalRepository, toMinimalRepository, urlBases, userSummary,
} from '../../src/import/github-shapes.js';

const DATA = new URL('../../../shared/data/', import.meta.url);
const hasData = existsSync(new URL('hub4j-github-api-wiremock/commits.json', DATA));

describe('urlBases', () => {
  it.each([
    [undefined, 'https://api.github.com', 'https://github.com'],
    ['https://api.github.com/', 'https://api.github.com', 'https://github.com'],
    ['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/v3', 'https://ghe.example.com'],
    ['http://localhost:3000', 'http://localhost:3000', 'http://localhost:3000'],
  ])('%s → api %s, web %s', (input, api, html) => {
    expect(urlBases(input)).toEqual({ api, html });
  });

  it.each([['not a url'], ['ftp://example.com']])('rejects %s with a one-line message', (input) => {
    expect(() => urlBases(input)).toThrow(/^--base-url must be/);
  });
});

describe('ids and paths', () => {
  it.each([
    ['User', 50003, 'MDQ6VXNlcjUwMDAz'],
    ['Repository', 1103607, 'MDEwOlJlcG9zaXRvcnkxMTAzNjA3'],
    ['Commit', '617210:c1bab63ebdd9c93e49a5879331234de488e91590', 'MDY6Q29tbWl0NjE3MjEwOmMxYmFiNjNlYmRkOWM5M2U0OWE1ODc5MzMxMjM0ZGU0ODhlOTE1OTA='],
  ])('legacyNodeId(%s, %s) is GitHub\'s', (type, id, expected) => {
    expect(legacyNodeId(type, id)).toBe(expected);
  });

  it('derives stable ids above every GitHub id, case-insensitively', () => {
    const id = derivedId('repository', 'Me/Proj');
    expect(id).toBe(derivedId('repository', 'me/proj'));
    expect(id).toBeGreaterThanOrEqual(2 ** 48);
    expect(id).toBeLessThan(2 ** 49);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(derivedId('user', 'me/proj')).not.toBe(id);
  });

  it('encodes path segments as GitHub contents URLs do', () => {
    // From a recorded /contents response (hub4j-github-api-wiremock): GHContentIntegrationTest.
    expect(encodePath('test+directory #50/test file-to+create-#1.txt')).toBe('test%2Bdirectory%20%2350/test%20file-to%2Bcreate-%231.txt');
  });
});

describe('minimalRepository', () => {
  const bases = urlBases();
  it('builds the owner as a user summary and the link templates', () => {
    const repo = minimalRepository('octo/hello', bases);
    expect(Object.keys(repo)).toEqual(MINIMAL_REPOSITORY_KEYS);
    expect(repo).toMatchObject({ name: 'hello', full_name: 'octo/hello', url: 'https://api.github.com/repos/octo/hello' });
    expect(repo.contents_url).toBe('https://api.github.com/repos/octo/hello/contents/{+path}');
    expect(repo.owner).toEqual(userSummary('octo', bases));
  });

  it('toMinimalRepository keeps only minimal-repository keys', () => {
    const full = { ...minimalRepository('octo/hello', bases), stargazers_count: 3, topics: [] };
    expect(Object.keys(toMinimalRepository(full))).toEqual(MINIMAL_REPOSITORY_KEYS);
  });

  describe.skipIf(!hasData)('against recorded commit search items (needs ../shared/data)', () => {
    it('has exactly the keys, in order, of a recorded repository object and its owner', () => {
      const commits = JSON.parse(readFileSync(new URL('hub4j-github-api-wiremock/commits.json', DATA), 'utf8')) as Record<string, unknown>[];
      const recorded = commits.find((c) => c.repository) as { repository: Record<string, unknown> };
      const built = minimalRepository('hub4j/github-api', bases);
      expect(new Set(Object.keys(built))).toEqual(new Set(Object.keys(recorded.repository)));
      expect(Object.keys(built.owner as object)).toEqual(Object.keys(recorded.repository.owner as object));
      for (const key of MINIMAL_REPOSITORY_KEYS.filter((k) => k.endsWith('_url'))) {
        expect(built[key], key).toBe(recorded.repository[key]);
      }
    });
  });
});
