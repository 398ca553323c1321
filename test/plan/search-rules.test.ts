/**
 * Rules that need the dump (scope and user resolution, the sort that applies) on the fixture dump, the store-free
 * front half (a refused query builds nothing), and a property test: any query of any kind answers 200 or a
 * GitHub-shaped 422, never a crash.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '../../src/api-error.js';
import { specOf } from '../../src/kinds/catalog.js';
import { KINDS, type Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import type { Store } from '../../src/store/store.js';
import { openStore } from '../../src/store/store.js';
import { ids, search, SMALL_DUMP } from '../helpers/small-dump.js';

const messageOf = (q: Promise<unknown>) =>
  q.then(
    () => 'answered',
    (e: unknown) => (e instanceof ApiError ? ApiError.describe(e.body) : e),
  );

describe('scope and users against the dump (reference Part A §2.3)', () => {
  it('drops a negated scope value the dump does not know', async () => {
    expect(await ids('issues', 'crash -repo:nope/nope')).toEqual(await ids('issues', 'crash'));
  });
  it('unions repo:, user:, org: and owner:, keeping the values that resolve', async () => {
    expect((await ids('issues', 'crash repo:nope/nope repo:lattice/prism')).sort()).toEqual((await ids('issues', 'crash repo:lattice/prism')).sort());
    expect((await ids('issues', 'repo:lattice/prism owner:ada')).sort()).toEqual(
      [...(await ids('issues', 'repo:lattice/prism')), ...(await ids('issues', 'owner:ada'))].sort(),
    );
  });
  it('refuses a scope whose positive values all name nothing, with the kind message', async () => {
    expect(await messageOf(search('issues', 'crash repo:nope/nope'))).toBe(MESSAGES.cannotSearchResources);
    expect(await messageOf(search('repositories', 'prism user:nobody-at-all'))).toBe(MESSAGES.cannotSearchResources);
  });
  it('answers code with an unresolvable scope empty and incomplete (Part B §3.4)', async () => {
    const result = await search('code', 'prism repo:nope/nope');
    expect(result.envelope).toMatchObject({ total_count: 0, incomplete_results: true, items: [] });
  });
  it('refuses user filters when no login resolves, keeps those that do', async () => {
    expect(await messageOf(search('issues', 'crash author:nobody-at-all'))).toBe(MESSAGES.cannotSearchUsers);
    expect(await messageOf(search('issues', 'mentions:nobody-at-all'))).toBe(MESSAGES.cannotSearchUsers);
    expect(await ids('issues', 'involves:bob,nobody-at-all')).toEqual(await ids('issues', 'involves:bob'));
  });
  it('commits: an author: naming nobody is no query part (Part B §2.1–§2.2)', async () => {
    expect(await messageOf(search('commits', 'author:nobody-at-all'))).toBe(MESSAGES.commitsTextRequired);
    expect(await ids('commits', 'typo author:nobody-at-all')).toEqual(await ids('commits', 'typo'));
  });
});

describe('the sort that applies (reference Part A §6)', () => {
  it('uses the sort: qualifier without a sort parameter', async () => {
    expect(await ids('issues', 'is:open OR is:closed sort:comments-asc')).toEqual(await ids('issues', 'is:open OR is:closed', { sort: 'comments', order: 'asc' }));
    expect(await ids('issues', 'is:open sort:comments-desc')).toEqual(await ids('issues', 'is:open', { sort: 'comments' }));
  });
  it('lets the sort parameter win over the qualifier', async () => {
    expect(await ids('issues', 'is:open OR is:closed sort:comments-asc', { sort: 'created' })).toEqual(
      await ids('issues', 'is:open OR is:closed', { sort: 'created' }),
    );
  });
});

describe('a front half that never touches the store', () => {
  const untouchable: Store = {
    collection: () => {
      throw new Error('the store was opened');
    },
  } as unknown as Store;

  it.each<[Kind, string]>([
    ['issues', 'bug comments:abc'],
    ['issues', 'a OR b OR c OR d OR e OR f OR g'],
    ['commits', 'repo:a/b'],
    ['code', 'language:rust'],
    ['repositories', 'created:2020-13'],
  ])('refuses %s %j before opening the store', async (kind, q) => {
    const error = await runSearch({ kind, q, requirePreviews: false }, untouchable).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
  });

  it('refuses a malformed query on a never-indexed dump without building anything', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-never-built-'));
    const store = openStore(SMALL_DUMP, { cacheDir });
    await expect(runSearch({ kind: 'issues', q: 'bug created:2020-13-45' }, store)).rejects.toThrow(/not a recognized date/);
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

/** Pieces of queries: words, operators, quotes, parentheses, shorthands and every qualifier of every kind. */
function queryArbitrary(kind: Kind): fc.Arbitrary<string> {
  const spec = specOf(kind);
  const names = [...Object.keys(spec.qualifiers), 'repo', 'user', 'in', 'sort', 'LABEL', 'x-y'];
  const value = fc.oneof(
    fc.constantFrom('bug', 'lattice/prism', 'ada', '@me', '*', 'none', 'true', 'only', 'abcdef0', 'ZZZ', '', '"a b"', 'a,b', 'comments-asc'),
    fc.constantFrom('>10', '<=5', '1..3', '3..1', '*..*', '1...2', 'abc', '2020', '2020-05', '2020-05-01T10', '>2020-01-01T10:30', '1969', '2020-13-01'),
    fc.string({ maxLength: 6 }),
  );
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('crash', 'blue', 'prism', 'read', 'typo', 'rust', '123', '-blue', '"blue light"', '"', 'std::x') },
    { weight: 1, arbitrary: fc.constantFrom('AND', 'OR', 'NOT', '&&', '||', '(', ')', '@ada', '-@lattice/prism', '#rust', '-') },
    { weight: 4, arbitrary: fc.tuple(fc.boolean(), fc.constantFrom(...names), value).map(([neg, name, v]) => `${neg ? '-' : ''}${name}:${v}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  return fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
}

describe('property: every query of every kind is answered or refused as GitHub would (200 or a 422 body)', () => {
  it.each(KINDS.map((k) => [k]))('%s', async (kind) => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary(kind), async (q) => {
        const outcome = await search(kind, q, kind === 'labels' ? { repository_id: '10' } : {}).then(
          (r) => r,
          (e: unknown) => e,
        );
        if (outcome instanceof ApiError) {
          expect(outcome.status, q).toBe(422);
          const body = outcome.body;
          expect(body.message).toBe('Validation Failed');
          expect(body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\/v3\/search\/?$/);
          expect(Array.isArray(body.errors) && body.errors.length === 1 && body.errors[0]!.resource === 'Search').toBe(true);
          return;
        }
        expect(outcome, q).not.toBeInstanceOf(Error);
        const { envelope } = outcome as Awaited<ReturnType<typeof search>>;
        expect(envelope.total_count).toBeGreaterThanOrEqual(envelope.items.length);
      }),
      { numRuns: 60 },
    );
  });
});
