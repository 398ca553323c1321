import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repositoryFromUrl } from '../../src/kinds/identity.js';

/** The regexes repositoryFromUrl replaced with string steps (the oracle). */
function byRegex(url: string): string | undefined {
  if (url === '') return undefined;
  const api = /\/repos\/([^/]+\/[^/?#]+)/.exec(url);
  if (api) return api[1];
  return /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/(?:blob|tree|raw|commit)\//.exec(url)?.[1];
}

describe('repositoryFromUrl', () => {
  it.each([
    ['https://github.com/o/r/blob/main/a.ts', 'o/r'],
    ['http://github.com/o/r/commit/abc', 'o/r'],
    ['https://github.com/o/r/tree/', 'o/r'],
    ['https://github.com/o/r/tree', undefined],
    ['https://github.com/o/r/issues/1', undefined],
    ['https:///o/r/blob/x', undefined],
    ['ftp://github.com/o/r/blob/x', undefined],
    ['', undefined],
  ])('%s → %s', (url, name) => {
    expect(repositoryFromUrl(url)).toBe(name);
    expect(byRegex(url)).toBe(name);
  });

  it('reads every URL as the regexes did', () => {
    const segment = fc.constantFrom('', 'o', 'r', 'blob', 'tree', 'raw', 'commit', 'repos', 'x?y', 'a#b', 'github.com');
    const url = fc.tuple(fc.constantFrom('https://', 'http://', 'ftp://', '', '/'), fc.array(segment, { maxLength: 7 })).map(([scheme, parts]) => scheme + parts.join('/'));
    fc.assert(fc.property(url, (u) => repositoryFromUrl(u) === byRegex(u)), { numRuns: 2000 });
  });
});
