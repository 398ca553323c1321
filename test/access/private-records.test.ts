/**
 * Private records (issue #2): an anonymous viewer never sees records of a private repository — not in items,
 * total_count, text matches, pages, or through `repo:owner/private` (422 exactly as for a repository that does
 * not exist) — while a viewer granted the repository (or its owner, or `*`) does.
 *
 * Always checked on a tiny dump written to a temp dir (one private and one public repository of the same owner,
 * each with an issue, a commit, a code file and a label); also on the embedded `data/` dump when it exists and
 * has private repositories.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { openStore, type Store } from '../../src/store/store.js';
import {
  ACCEPT,
  acceptFor,
  apiError,
  errorShape,
  get,
  PROJECT_ROOT,
  repoOfUrl,
  search,
  searchAll,
  SHARED_CACHE,
  words,
  type Rec,
} from '../helpers/real-data.js';

const OWNER = { login: 'acme', id: 500, node_id: 'O_acme', type: 'Organization', site_admin: false, url: 'https://api.github.com/users/acme' };
const ALICE = { login: 'alice', id: 501, node_id: 'U_alice', type: 'User', site_admin: false, url: 'https://api.github.com/users/alice' };

function repository(name: string, id: number, isPrivate: boolean): Rec {
  return {
    id,
    node_id: `R_${name}`,
    name,
    full_name: `acme/${name}`,
    private: isPrivate,
    owner: OWNER,
    html_url: `https://github.com/acme/${name}`,
    description: `zebra ${name} garden`,
    fork: false,
    url: `https://api.github.com/repos/acme/${name}`,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    pushed_at: '2024-01-01T00:00:00Z',
    stargazers_count: isPrivate ? 50 : 5,
    forks_count: 1,
    language: 'Python',
    topics: ['zebra'],
    archived: false,
    visibility: isPrivate ? 'private' : 'public',
  };
}

function issue(repo: string, id: number, number: number): Rec {
  return {
    url: `https://api.github.com/repos/acme/${repo}/issues/${number}`,
    repository_url: `https://api.github.com/repos/acme/${repo}`,
    html_url: `https://github.com/acme/${repo}/issues/${number}`,
    id,
    node_id: `I_${id}`,
    number,
    title: `zebra ${repo} plan`,
    user: ALICE,
    labels: [{ id: id + 1, name: 'zebra', color: 'ffffff', default: false, description: null }],
    state: 'open',
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: repo === 'secret' ? 9 : 1,
    created_at: '2024-02-01T00:00:00Z',
    updated_at: '2024-02-02T00:00:00Z',
    closed_at: null,
    author_association: 'MEMBER',
    body: `The zebra stripes of ${repo} are described here.`,
    reactions: { total_count: repo === 'secret' ? 7 : 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
  };
}

function commit(repo: string, sha: string): Rec {
  return {
    sha,
    url: `https://api.github.com/repos/acme/${repo}/commits/${sha}`,
    html_url: `https://github.com/acme/${repo}/commit/${sha}`,
    comments_url: `https://api.github.com/repos/acme/${repo}/commits/${sha}/comments`,
    commit: {
      url: `https://api.github.com/repos/acme/${repo}/git/commits/${sha}`,
      author: { name: 'Alice Example', email: 'alice@example.com', date: '2024-03-01T00:00:00Z' },
      committer: { name: 'Alice Example', email: 'alice@example.com', date: '2024-03-01T00:00:00Z' },
      message: `zebra ${repo} commit`,
      tree: { sha: sha.replace(/./g, 'e'), url: `https://api.github.com/repos/acme/${repo}/git/trees/${sha.replace(/./g, 'e')}` },
      comment_count: 0,
    },
    author: ALICE,
    committer: ALICE,
    parents: [],
  };
}

function codeFile(repo: string, sha: string): Rec {
  return {
    name: 'zebra.txt',
    path: 'docs/zebra.txt',
    sha,
    size: 24,
    url: `https://api.github.com/repos/acme/${repo}/contents/docs/zebra.txt?ref=main`,
    html_url: `https://github.com/acme/${repo}/blob/main/docs/zebra.txt`,
    git_url: `https://api.github.com/repos/acme/${repo}/git/blobs/${sha}`,
    type: 'file',
    content: Buffer.from(`zebra notes for ${repo}\n`).toString('base64'),
    encoding: 'base64',
  };
}

function label(repo: string, id: number): Rec {
  return {
    id,
    node_id: `L_${id}`,
    url: `https://api.github.com/repos/acme/${repo}/labels/zebra`,
    name: 'zebra',
    color: 'ffffff',
    default: false,
    description: `zebra label of ${repo}`,
  };
}

const SECRET_ID = 9001;
const OPEN_ID = 9002;
const DUMP: Record<string, Rec[]> = {
  repositories: [repository('secret', SECRET_ID, true), repository('open', OPEN_ID, false)],
  issues: [issue('secret', 7001, 1), issue('open', 7101, 1)],
  commits: [commit('secret', 'a'.repeat(40)), commit('open', 'b'.repeat(40))],
  code: [codeFile('secret', 'c'.repeat(40)), codeFile('open', 'd'.repeat(40))],
  labels: [label('secret', 8001), label('open', 8101)],
  users: [OWNER, ALICE],
};

/** Everything that could reveal the private repository in a serialized answer. */
const LEAK = /acme\/secret|\bsecret\b/i;
const KINDS_WITH_REPOS: Kind[] = ['issues', 'commits', 'code', 'repositories'];

describe('private records on a tiny dump (acme/secret private, acme/open public)', () => {
  let dir: string;
  let store: Store;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ogs-private-dump-'));
    for (const [kind, records] of Object.entries(DUMP)) writeFileSync(path.join(dir, `${kind}.json`), JSON.stringify(records));
    store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    await store.prebuild();
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const viewers: Array<{ name: string; viewer: Viewer; sees: boolean }> = [
    { name: 'anonymous', viewer: ANONYMOUS, sees: false },
    { name: 'a user granted another repository', viewer: viewerFor('bob', ['acme/other', 'someone']), sees: false },
    { name: 'a user granted acme/secret', viewer: viewerFor('x', ['acme/secret']), sees: true },
    { name: 'a user granted ACME/Secret (case-insensitive)', viewer: viewerFor('x', ['ACME/Secret']), sees: true },
    { name: 'a user granted the owner acme', viewer: viewerFor('x', ['acme']), sees: true },
    { name: 'the local owner (*)', viewer: viewerFor('x', ['*']), sees: true },
  ];
  const rows = KINDS_WITH_REPOS.flatMap((kind) => viewers.map((v) => ({ kind, ...v })));

  it.each(rows)('$kind "zebra" as $name: total, items and text matches', async ({ kind, viewer, sees }) => {
    for (const textMatch of [false, true]) {
      const result = await search(store, { kind, q: 'zebra', viewer, accept: acceptFor(kind, textMatch) });
      expect(result.envelope.total_count).toBe(sees ? 2 : 1);
      expect(result.envelope.items).toHaveLength(sees ? 2 : 1);
      const text = JSON.stringify(result.envelope);
      expect(LEAK.test(text), `the answer ${sees ? 'shows' : 'never shows'} the private repository`).toBe(sees);
      if (textMatch) {
        for (const item of result.envelope.items as Rec[]) expect((item.text_matches as Rec[]).length).toBeGreaterThan(0);
      }
    }
  });

  it.each(KINDS_WITH_REPOS)('%s: sorted and paged answers hide the private record from anonymous callers', async (kind) => {
    const sort = { issues: 'comments', commits: 'author-date', code: 'indexed', repositories: 'stars' }[kind as 'issues'];
    for (const order of ['desc', 'asc']) {
      const all = await searchAll(store, { kind, q: 'zebra', sort, order }, 1);
      expect(all.total).toBe(1);
      expect(all.items).toHaveLength(1);
      expect(LEAK.test(JSON.stringify(all.items))).toBe(false);
      const page2 = await search(store, { kind, q: 'zebra', sort, order, per_page: '1', page: '2' });
      expect(page2.envelope).toEqual({ total_count: 1, incomplete_results: false, items: [] });
      expect(page2.lastPage).toBe(1);
    }
  });

  it.each(['issues', 'commits', 'repositories'] as Kind[])(
    '%s: repo:acme/secret answers anonymous callers exactly as a repository that does not exist',
    async (kind) => {
      const hidden = await apiError(search(store, { kind, q: 'zebra repo:acme/secret' }));
      const missing = await apiError(search(store, { kind, q: 'zebra repo:acme/nothing-here' }));
      expect(errorShape(hidden)).toEqual(errorShape(missing));
      expect(hidden.status).toBe(422);
      expect(hidden.body.errors).toEqual([
        {
          message:
            'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
          resource: 'Search',
          field: 'q',
          code: 'invalid',
        },
      ]);
      expect(LEAK.test(JSON.stringify(hidden.body))).toBe(false);
      // Mixed with a visible repository, the hidden one is dropped as an unknown one is (the scope is a union,
      // reference Part A §2.3): the answer is the one for the visible repository alone.
      const mixed = await search(store, { kind, q: 'zebra repo:acme/open repo:acme/secret' });
      const withUnknown = await search(store, { kind, q: 'zebra repo:acme/open repo:acme/nothing-here' });
      expect(mixed.envelope).toEqual(withUnknown.envelope);
    },
  );

  it('code: repo:acme/secret answers anonymous callers exactly as a repository that does not exist (200, empty, incomplete)', async () => {
    const hidden = await search(store, { kind: 'code', q: 'zebra repo:acme/secret' });
    const missing = await search(store, { kind: 'code', q: 'zebra repo:acme/nothing-here' });
    expect(hidden.envelope).toEqual(missing.envelope);
    expect(hidden.envelope).toEqual({ total_count: 0, incomplete_results: true, items: [] });
  });

  it.each(KINDS_WITH_REPOS)('%s: a granted viewer searches repo:acme/secret', async (kind) => {
    const viewer = viewerFor('x', ['acme/secret']);
    const result = await search(store, { kind, q: 'zebra repo:acme/secret', viewer });
    expect(result.envelope.total_count).toBe(1);
    expect(JSON.stringify(result.envelope.items)).toMatch(/acme\/secret/);
    expect(result.envelope.incomplete_results).toBe(false);
  });

  it.each([
    { q: 'zebra is:private', anonymous: 0, granted: 1 },
    { q: 'zebra is:public', anonymous: 1, granted: 1 },
    { q: 'zebra user:acme', anonymous: 1, granted: 2 },
    { q: 'zebra comments:>5', anonymous: 0, granted: 1 },
    { q: 'zebra reactions:>5', anonymous: 0, granted: 1 },
    { q: 'zebra -repo:acme/open', anonymous: 0, granted: 1 },
  ])('issues "$q": anonymous $anonymous, granted $granted', async ({ q, anonymous, granted }) => {
    expect((await search(store, { kind: 'issues', q })).envelope.total_count).toBe(anonymous);
    const viewer = viewerFor('x', ['acme/secret']);
    expect((await search(store, { kind: 'issues', q, viewer })).envelope.total_count).toBe(granted);
  });

  it.each([
    { kind: 'commits' as Kind, q: 'zebra is:private', anonymous: 0, granted: 1 },
    { kind: 'commits' as Kind, q: 'zebra author-email:alice@example.com', anonymous: 1, granted: 2 },
    { kind: 'code' as Kind, q: 'zebra extension:txt', anonymous: 1, granted: 2 },
    { kind: 'code' as Kind, q: 'filename:zebra.txt', anonymous: 1, granted: 2 },
    { kind: 'code' as Kind, q: 'notes user:acme', anonymous: 1, granted: 2 },
  ])('$kind "$q": anonymous $anonymous, granted $granted', async ({ kind, q, anonymous, granted }) => {
    expect((await search(store, { kind, q })).envelope.total_count).toBe(anonymous);
    const viewer = viewerFor('x', ['acme/secret']);
    expect((await search(store, { kind, q, viewer })).envelope.total_count).toBe(granted);
  });

  it.each([
    { q: 'zebra is:private', anonymous: 0, granted: 1 },
    { q: 'zebra stars:>10', anonymous: 0, granted: 1 },
    { q: 'zebra user:acme', anonymous: 1, granted: 2 },
    { q: 'secret', anonymous: 0, granted: 1 },
  ])('repositories "$q": anonymous $anonymous, granted $granted', async ({ q, anonymous, granted }) => {
    expect((await search(store, { kind: 'repositories', q })).envelope.total_count).toBe(anonymous);
    const viewer = viewerFor('x', ['acme/secret']);
    expect((await search(store, { kind: 'repositories', q, viewer })).envelope.total_count).toBe(granted);
  });

  it('labels: the private repository id answers anonymous callers exactly as an unknown id (404)', async () => {
    const hidden = await apiError(search(store, { kind: 'labels', q: 'zebra', repository_id: String(SECRET_ID) }));
    const unknown = await apiError(search(store, { kind: 'labels', q: 'zebra', repository_id: '424242' }));
    expect(errorShape(hidden)).toEqual(errorShape(unknown));
    expect(hidden.status).toBe(404);
    const open = await search(store, { kind: 'labels', q: 'zebra', repository_id: String(OPEN_ID), accept: ACCEPT.textMatch });
    expect(open.envelope.total_count).toBe(1);
    expect(LEAK.test(JSON.stringify(open.envelope))).toBe(false);
  });

  it('labels: a granted viewer searches the private repository’s labels', async () => {
    const viewer = viewerFor('x', ['acme/secret']);
    const result = await search(store, { kind: 'labels', q: 'zebra', repository_id: String(SECRET_ID), viewer });
    expect(result.envelope.items.map((l) => (l as Rec).url)).toEqual(['https://api.github.com/repos/acme/secret/labels/zebra']);
  });
});

// ------------------------------------------------------------------------------------------------ embedded dump

const EMBEDDED = path.join(PROJECT_ROOT, 'data');
const EMBEDDED_REPOS = path.join(EMBEDDED, 'repositories.json');
const embeddedRepos: Rec[] = existsSync(EMBEDDED_REPOS) ? (JSON.parse(readFileSync(EMBEDDED_REPOS, 'utf8')) as Rec[]) : [];
const privateNames = new Set(embeddedRepos.filter((r) => r.private === true).map((r) => String(r.full_name).toLowerCase()));
const publicNames = new Set(embeddedRepos.filter((r) => r.private !== true).map((r) => String(r.full_name).toLowerCase()));
const HAS_EMBEDDED = privateNames.size > 0;

/** The repository of an embedded record (lower-case `owner/name`). */
function embeddedRepo(kind: Kind, r: Rec): string | undefined {
  if (kind === 'issues') return repoOfUrl(r.repository_url);
  const full = get(r, 'repository.full_name');
  if (typeof full === 'string') return full.toLowerCase();
  return repoOfUrl(r.html_url) ?? repoOfUrl(r.url);
}

function readEmbedded(kind: Kind): Rec[] {
  const file = path.join(EMBEDDED, `${kind}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Rec[]) : [];
}

describe.skipIf(!HAS_EMBEDDED)(
  HAS_EMBEDDED
    ? 'private records on the embedded data/ dump'
    : `private records on the embedded data/ dump — SKIPPED: ${EMBEDDED_REPOS} is absent or lists no private repository`,
  () => {
    let store: Store;
    beforeAll(() => {
      store = openStore(EMBEDDED, { cacheDir: SHARED_CACHE });
    });
    const onlyPrivate = [...privateNames].filter((n) => !publicNames.has(n));

    it.each(['issues', 'commits', 'code'] as Kind[])('%s: records of private repositories are hidden from anonymous callers', async (kind) => {
      const records = readEmbedded(kind);
      const hidden = records.filter((r) => onlyPrivate.includes(embeddedRepo(kind, r) ?? ''));
      expect(hidden.length, `the embedded ${kind} include records of private repositories`).toBeGreaterThan(0);
      for (const record of hidden.slice(0, 3)) {
        const text = kind === 'issues' ? String(record.title) : kind === 'commits' ? String(get(record, 'commit.message')) : String(record.path);
        const word = words(text).find((w) => /^[a-z]{4,}$/.test(w));
        if (!word) continue;
        const repo = embeddedRepo(kind, record)!;
        const anonymous = await searchAll(store, { kind, q: word });
        expect(anonymous.items.filter((i) => onlyPrivate.includes(embeddedRepo(kind, i) ?? '')).length).toBe(0);
        const granted = await searchAll(store, { kind, q: `${word} repo:${repo}`, viewer: viewerFor('x', [repo]) });
        expect(granted.total).toBeGreaterThan(0);
        if (kind === 'code') {
          expect((await search(store, { kind, q: `${word} repo:${repo}` })).envelope.items).toEqual([]);
        } else {
          const refused = await apiError(search(store, { kind, q: `${word} repo:${repo}` }));
          expect(refused.status).toBe(422);
        }
      }
    }, 120_000);

    it('issues: anonymous totals count exactly the records of public repositories; text matches never name a private one', async () => {
      const records = readEmbedded('issues');
      const visible = records.filter((r) => !privateNames.has(embeddedRepo('issues', r) ?? '')).length;
      const total = async (viewer: Viewer): Promise<number> =>
        (await search(store, { kind: 'issues', q: 'is:issue', viewer })).envelope.total_count +
        (await search(store, { kind: 'issues', q: 'is:pr', viewer })).envelope.total_count;
      expect(await total(ANONYMOUS)).toBe(visible);
      expect(await total(viewerFor('x', ['*']))).toBe(records.length);
      const word = words(records.filter((r) => privateNames.has(embeddedRepo('issues', r) ?? ''))[0]!.title).find((w) => /^[a-z]{4,}$/.test(w))!;
      const { items } = await searchAll(store, { kind: 'issues', q: word, accept: ACCEPT.textMatch });
      const urls = items.flatMap((i) => [String(i.url), ...(i.text_matches as Rec[]).map((e) => String(e.object_url))]);
      expect(urls.filter((u) => [...privateNames].some((n) => u.toLowerCase().includes(`/${n}/`)))).toEqual([]);
    }, 120_000);

    it('labels: a private repository id answers anonymous callers as an unknown id (404); granted viewers get its labels', async () => {
      const labels = readEmbedded('labels');
      const unknown = await apiError(search(store, { kind: 'labels', q: 'bug', repository_id: '987654321987' }));
      for (const repo of embeddedRepos.filter((r) => r.private === true && onlyPrivate.includes(String(r.full_name).toLowerCase()))) {
        const name = String(repo.full_name).toLowerCase();
        const own = labels.filter((l) => repoOfUrl(l.url) === name);
        const word = words(own[0]?.name).find((w) => w.length >= 2);
        if (!word) continue;
        const hidden = await apiError(search(store, { kind: 'labels', q: word, repository_id: String(repo.id) }));
        expect(errorShape(hidden)).toEqual(errorShape(unknown));
        const granted = await search(store, { kind: 'labels', q: word, repository_id: String(repo.id), viewer: viewerFor('x', [name]) });
        expect(granted.envelope.total_count).toBeGreaterThan(0);
        expect(granted.envelope.items.every((l) => repoOfUrl((l as Rec).url) === name)).toBe(true);
      }
    }, 120_000);

    it('repositories: anonymous totals never count private repositories', async () => {
      // fork: alone is nothing to search (reference Part A §4.2)
      const anonymous = await search(store, { kind: 'repositories', q: 'fork:true stars:>=0' });
      const everyone = await search(store, { kind: 'repositories', q: 'fork:true stars:>=0', viewer: viewerFor('x', ['*']) });
      expect(anonymous.envelope.total_count).toBe(embeddedRepos.filter((r) => r.private !== true).length);
      expect(everyone.envelope.total_count).toBe(embeddedRepos.length);
    }, 120_000);
  },
);
