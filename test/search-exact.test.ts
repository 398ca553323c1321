/**
 * Exact end to end (issue #24, "Done when"): every answer the edges would write — the envelope bytes of `pageBytes`
 * (the CLI's stdout and the server's body), the last page of the `Link` header, or an error's status and body — is
 * the same with the core's shortcuts (result cache, champion lists, top-k pruning and the sort key's reach, column
 * filters, the reader's remembered keyword matches, chunk forms and scores) as with every one of them off
 * (src/search.ts `Evaluation`, over a reader without memos). On every source of ../shared/data and each kind it
 * has, for the anonymous viewer, a reader of some private repositories and a reader of all; and on generated dumps
 * with private records (test/access/generated-dump.ts) for the readers of test/helpers/best-match-requests.ts.
 * The shortcut side runs its requests in turn on one store, so later requests meet warm caches, as a server does.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { KINDS, type Kind } from '../src/kinds/kind.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../src/request/viewer.js';
import type { Shortcut } from '../src/search.js';
import type { SearchRequest } from '../src/search-request.js';
import { openStore, type Store } from '../src/store/store.js';
import { generateDump, type Rec } from './access/generated-dump.js';
import { READERS } from './helpers/best-match-requests.js';
import { answerOf, exhaustiveAnswerOf, frequentWords, lastOf, morePage, queriesFor } from './helpers/exact-requests.js';
import { ALL_ACCESS, openSource, readRaw, SHARED_DATA, sharedStore, sourceDir } from './helpers/real-data.js';

/** Shortcuts seen taken over the whole file (asserted at the end: the comparison was not between two same paths). */
const taken = new Set<Shortcut>();
let compared = 0;

/**
 * Compares two pages of each of `queries` on `fast` (shortcuts on) and `slow` (exhaustive); returns the requests compared.
 */
async function compareAll(fast: Store, slow: Store, queries: readonly Omit<SearchRequest, 'page' | 'per_page'>[]): Promise<number> {
  let n = 0;
  const check = async (request: SearchRequest): Promise<string> => {
    const got = await answerOf(fast, request, { taken });
    expect(got, JSON.stringify({ ...request, viewer: request.viewer?.login })).toBe(await exhaustiveAnswerOf(slow, request));
    n++;
    return got;
  };
  for (const [i, query] of queries.entries()) {
    const { last, total } = lastOf(await check({ ...query, page: '1', per_page: '30' }));
    await check({ ...query, ...morePage(i, last, total) });
  }
  compared += n;
  return n;
}

/** The kinds a source's directory has records of (`pulls` enrich issues). */
function kindsOf(source: string): Kind[] {
  const files = readdirSync(sourceDir(source)).map((f) => f.replace(/\.json(\.gz)?$/, ''));
  return KINDS.filter((kind) => files.includes(kind));
}

/** The full names of a source's private repositories. */
function privateRepositories(source: string): string[] {
  return readRaw(source, 'repositories')
    .filter((r) => r.private === true && typeof r.full_name === 'string')
    .map((r) => String(r.full_name));
}

/** What code search needs as scope (a repository of the records) and labels' `repository_id` (a repository of the labels). */
function scopeOf(kind: Kind, records: readonly Rec[], source: string): { scope?: string; repositoryId?: string } {
  if (kind === 'code') {
    const url = records.map((r) => r.html_url).find((u): u is string => typeof u === 'string');
    const [, owner, name] = url ? new URL(url).pathname.split('/') : [];
    return { scope: owner && name ? `repo:${owner}/${name}` : '' };
  }
  if (kind === 'labels') {
    const repos = readRaw(source, 'repositories');
    const labelRepos = new Set(records.map((r) => String(r.url).split('/labels/')[0]));
    const repo = repos.find((r) => labelRepos.has(String(r.url))) ?? repos[0];
    return { repositoryId: repo ? String(repo.id) : '1' };
  }
  return {};
}

const present = existsSync(SHARED_DATA);
const sources = present ? readdirSync(SHARED_DATA).filter((name) => existsSync(sourceDir(name)) && !name.endsWith('.md')) : [];

describe.skipIf(!present)(`exact end to end on ../shared/data${present ? '' : ' — SKIPPED: not found'}`, () => {
  for (const source of sources) {
    it(`${source}: every kind, three viewers, with and without shortcuts`, { timeout: 120_000 }, async () => {
      const fast = await sharedStore(source);
      const slow = openSource(source);
      const some = privateRepositories(source).slice(0, 2);
      const viewers: Viewer[] = [ANONYMOUS, viewerFor('some-reader', some.length > 0 ? some : ['nobody/none']), ALL_ACCESS];
      for (const kind of kindsOf(source)) {
        const records = readRaw(source, kind);
        const { scope, repositoryId } = scopeOf(kind, records, source);
        const n = await compareAll(fast, slow, queriesFor(kind, frequentWords(kind, records), viewers, scope, repositoryId));
        expect(n).toBeGreaterThan(0);
      }
    });
  }
});

describe('exact end to end on generated dumps with private records', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const seed of [1, 2]) {
    it(`seed ${seed}: every kind, the readers of the access tests`, { timeout: 120_000 }, async () => {
      const { dir, dump } = generateDump(seed, 40);
      dirs.push(dir);
      const fast = openStore(dir, { cacheDir: `${dir}/.cache-fast` });
      const slow = openStore(dir, { cacheDir: `${dir}/.cache-slow` });
      for (const kind of KINDS.filter((k) => dump[k] !== undefined)) {
        const records = dump[kind]!;
        const { scope, repositoryId } = kind === 'labels' ? { scope: '', repositoryId: String(9000) } : kind === 'code' ? { scope: 'user:acme', repositoryId: undefined } : {};
        await compareAll(fast, slow, queriesFor(kind, frequentWords(kind, records), READERS, scope, repositoryId));
      }
    });
  }
});

describe('the comparison ran the shortcuts', () => {
  it('took each shortcut on some request', () => {
    if (compared === 0) return;
    // (The generated dumps are too small for the top-k's pruning and hold no champion lists.)
    expect([...taken].sort()).toEqual(present ? ['champions', 'column filters', 'result cache', 'sort reach', 'top-k'] : ['column filters', 'result cache', 'sort reach']);
  });
});
