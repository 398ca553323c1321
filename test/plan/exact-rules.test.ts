/**
 * Issue #26 (and #25 item 6): the rules where the answers diverged from GitHub's search code, one table-driven case
 * per rule on the shared dumps (H = hub4j-github-api-wiremock, J = jenkins-git-history, P = pygithub-replaydata,
 * E = github-explore), each citing its section of ../shared/reference/github-search-code.md. Expected values come
 * from the raw records read here (test/helpers/real-data.ts), never from src/. Skips when the data is absent.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { sortKeys } from '../../src/kinds/catalog.js';
import type { SearchRequest } from '../../src/search-request.js';
import type { Store } from '../../src/store/store.js';
import { explainRequest } from '../../src/cli/explain.js';
import {
  ALL_ACCESS, apiError, EXPLORE, get, hasSource, HUB4J, JENKINS, newestRecording, PYGITHUB, readRaw, repoOfUrl, search, searchAll, titleFor, words, type Rec, sharedStore,
} from '../helpers/real-data.js';

const TIMEOUT = 240_000;
const stores = new Map<string, Promise<Store>>();
const storeOf = (source: string): Promise<Store> => {
  let store = stores.get(source);
  if (!store) stores.set(source, (store = sharedStore(source)));
  return store;
};

const H = hasSource(HUB4J, 'issues', 'repositories', 'users', 'code', 'commits', 'pulls');
const J = hasSource(JENKINS, 'commits');
const P = hasSource(PYGITHUB, 'issues', 'labels', 'code');
const E = hasSource(EXPLORE, 'topics');

const USERS_422 = 'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.';
const NONE_APPLY = 'None of the search qualifiers apply to this search type.';
const CODE_TEXT = 'Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?';
const TOP_LEVEL_AND = 'The same repo, user, org, owner or sort qualifier cannot be used on both sides of an AND.';

const message = (error: ApiError) => ApiError.describe(error.body);
const total = async (source: string, request: SearchRequest) => (await search(await storeOf(source), { viewer: ALL_ACCESS, ...request })).envelope.total_count;
const items = async (source: string, request: SearchRequest) => (await search(await storeOf(source), { viewer: ALL_ACCESS, per_page: '100', ...request })).envelope.items as Rec[];
const refusal = async (source: string, request: SearchRequest) => message(await apiError(search(await storeOf(source), { viewer: ALL_ACCESS, ...request })));

/** One refusal per rule: [title citing the section, source, request, message]. */
const REFUSALS: Array<[string, boolean, string, SearchRequest, string]> = [
  ['rule 2: a global code query without a query part (B §3.2)', H, HUB4J, { kind: 'code', q: 'language:java' }, CODE_TEXT],
  ['rule 3: code text over 128 after word quoting (B §3.2)', H, HUB4J, { kind: 'code', q: `${'a'.repeat(124)} b` }, 'The search is longer than 128 characters.'],
  ['rule 5: user: and org: on users, every login unknown (A §5, §2.3 "User")', H, HUB4J, { kind: 'users', q: 'user:zzznotauser998 org:zzznotauser999' }, USERS_422],
  ['rule 6: commenter: is a user filter first (A §2.2 order, §3.1)', H, HUB4J, { kind: 'issues', q: 'commenter:zzznotauser999' }, USERS_422],
  ['rule 6: reviewed-by: is a user filter first (A §2.2 order, §3.1)', H, HUB4J, { kind: 'issues', q: 'reviewed-by:zzznotauser999' }, USERS_422],
  ['rule 6: a known commenter still has no data here (A §2.2)', H, HUB4J, { kind: 'issues', q: 'commenter:bitwiseman' }, NONE_APPLY],
  ['rule 9: one top-level term on both sides of an explicit AND (A §3.6)', H, HUB4J, { kind: 'issues', q: 'repo:a/b AND repo:c/d' }, TOP_LEVEL_AND],
  ['rule 9: sort: is a top-level term too (A §3.6)', H, HUB4J, { kind: 'issues', q: 'bug sort:created && sort:updated' }, TOP_LEVEL_AND],
  ['rule 11: five nested boolean groups (A §3.6)', H, HUB4J, { kind: 'issues', q: 'a OR (b (c OR (d (e OR f))))' }, 'Query clause limit exceeded'],
];

describe('a query exactly 256 characters long (A §2.2)', () => {
  it('is answered; one more character is refused', async () => {
    const { understandQuery } = await import('../../src/plan/understand.js');
    const { specOf } = await import('../../src/kinds/catalog.js');
    const at256 = `${'a'.repeat(254)}bc`;
    expect(at256.length).toBe(256);
    await expect(understandQuery(at256, specOf('issues'))).resolves.toMatchObject({ hasText: true });
    await expect(understandQuery(`${at256}d`, specOf('issues'))).rejects.toThrow('The search is longer than 256 characters.');
    // Two words are quoted (+2 each): 125 + 2 + 1 + 126 + 2 = 256.
    await expect(understandQuery(`${'a'.repeat(125)} ${'b'.repeat(126)}`, specOf('issues'))).resolves.toMatchObject({ hasText: true });
    await expect(understandQuery(`${'a'.repeat(125)} ${'b'.repeat(127)}`, specOf('issues'))).rejects.toThrow('The search is longer than 256 characters.');
  });
});

describe(titleFor('issue #26 refusals, each in GitHub\'s order', H, HUB4J), () => {
  it.skipIf(!H).each(REFUSALS)('%s', async (_title, present, source, request, expected) => {
    if (!present) return;
    expect(await refusal(source, request)).toBe(expected);
  }, TIMEOUT);

  it.skipIf(!H)('rule 13: a blank q is named before labels\' repository_id (B §6 "Before every search")', async () => {
    const error = await apiError(search(await storeOf(HUB4J), { kind: 'labels', q: '  ' }));
    expect(error.body.errors).toEqual([{ resource: 'Search', field: 'q', code: 'missing' }]);
  });
});

describe(titleFor('issue #26 part 1: query rules on H', H, HUB4J), () => {
  it.skipIf(!H)('rule 1: issues sort on reactions-rocket, reactions-eyes and relevance (A §3.3)', async () => {
    for (const [sort, key] of [['reactions-rocket', 'rocket'], ['reactions-eyes', 'eyes']] as const) {
      for (const order of ['desc', 'asc'] as const) {
        const got = (await items(HUB4J, { kind: 'issues', q: 'repo:hub4j/github-api', sort, order })).map((i) => get(i, `reactions.${key}`));
        const present = got.filter((v): v is number => typeof v === 'number');
        expect(present.length, `${sort} values present`).toBeGreaterThan(0);
        expect(present).toEqual([...present].sort((a, b) => (order === 'desc' ? b - a : a - b)));
        // Missing values come last, in either order.
        expect(got.slice(0, present.length).every((v) => typeof v === 'number')).toBe(true);
      }
    }
    // sort:KEY in q is read, not dropped; relevance is score only: with text, the best-match order.
    const explained = await explainRequest({ kind: 'issues', q: 'bug sort:reactions-rocket' });
    expect(explained).toContain('sort: reactions-rocket desc (from the sort: qualifier)');
    const best = (await items(HUB4J, { kind: 'issues', q: 'github' })).map((i) => i.id);
    expect((await items(HUB4J, { kind: 'issues', q: 'github', sort: 'relevance' })).map((i) => i.id)).toEqual(best);
    expect(sortKeys('issues')).toEqual(expect.arrayContaining(['reactions-rocket', 'reactions-eyes', 'relevance']));
  }, TIMEOUT);

  it.skipIf(!H)('rule 1: repositories sort on name, language and license, lower-cased (A §4.2)', async () => {
    const cases: Array<[string, (r: Rec) => unknown]> = [
      ['name', (r) => r.name],
      ['language', (r) => r.language],
      ['license', (r) => get(r, 'license.key')],
    ];
    for (const [sort, value] of cases) {
      for (const order of ['asc', 'desc'] as const) {
        const got = (await items(HUB4J, { kind: 'repositories', q: 'stars:>=0 fork:true', sort, order })).map(value);
        const present = got.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase());
        expect(present.length, `${sort} values present`).toBeGreaterThan(1);
        const want = [...present].sort();
        expect(present).toEqual(order === 'asc' ? want : want.reverse());
        expect(got.slice(0, present.length).every((v) => typeof v === 'string')).toBe(true);
      }
    }
    expect(sortKeys('repositories')).toEqual(expect.arrayContaining(['name', 'language', 'license']));
  }, TIMEOUT);

  it.skipIf(!H)('rule 2: a code query scoped to a repository without text is served (B §3.2)', async () => {
    const raw = readRaw(HUB4J, 'code').filter((r) => repoOfUrl(r.url) === 'hub4j/github-api');
    expect(raw.length).toBeGreaterThan(0);
    expect(await total(HUB4J, { kind: 'code', q: 'repo:hub4j/github-api' })).toBe(raw.length);
  }, TIMEOUT);

  it.skipIf(!H)('rule 3: code text of exactly 128 characters is served (B §3.2)', async () => {
    // Quoted: 122 + 2, a space, "b": 128.
    expect(await total(HUB4J, { kind: 'code', q: `${'a'.repeat(122)} b` })).toBe(0);
  }, TIMEOUT);

  it.skipIf(!H)('rule 5: user: and org: on users are one filter, valid when one login resolves (A §5)', async () => {
    expect(await total(HUB4J, { kind: 'users', q: 'user:bitwiseman user:zzznotauser999' })).toBe(1);
    expect(await total(HUB4J, { kind: 'users', q: 'org:zzznotauser999 user:bitwiseman' })).toBe(1);
  }, TIMEOUT);

  it.skipIf(!H)('rule 7: location: is tokenised like the field — "San Francisco, CA" (A §2.3 "Query filter")', async () => {
    const want = new Set(['san', 'francisco', 'ca']);
    const raw = [...newestRecording(readRaw(HUB4J, 'users'))].filter((u) => [...want].every((w) => words(u.location).includes(w)));
    expect(raw.length).toBeGreaterThanOrEqual(2);
    expect(await total(HUB4J, { kind: 'users', q: 'location:"San Francisco, CA"' })).toBe(raw.length);
  }, TIMEOUT);

  it.skipIf(!H)('rule 10: phrases match with phrase_slop 10 on issues (A §3.2)', async () => {
    const found = await items(HUB4J, { kind: 'issues', q: '"access date" repo:hub4j/github-api' });
    expect(found.length).toBeGreaterThan(0);
    for (const item of found) {
      const w = [...words(item.title), ...words(item.body)];
      expect(w.some((x) => x.startsWith('access')) && w.some((x) => x.startsWith('date'))).toBe(true);
    }
  }, TIMEOUT);

  it.skipIf(!H)('rule 11: parentheses around one child collapse (A §3.6)', async () => {
    expect(await total(HUB4J, { kind: 'issues', q: '(((((bug)))))' })).toBe(await total(HUB4J, { kind: 'issues', q: 'bug' }));
  }, TIMEOUT);

  it.skipIf(!H)('#25 item 6: text of emoji or punctuation only matches nothing; beside a word it is left out (B §7 "Escaping")', async () => {
    expect(await total(HUB4J, { kind: 'issues', q: '🐛' })).toBe(0);
    expect(await total(HUB4J, { kind: 'issues', q: '!!! ...' })).toBe(0);
    expect(await total(HUB4J, { kind: 'issues', q: '🐛 bug' })).toBe(await total(HUB4J, { kind: 'issues', q: 'bug' }));
    const explained = await explainRequest({ kind: 'issues', q: '🐛' });
    expect(explained).toContain("text: 🐛 [no letter or digit: GitHub's analyzer drops it]");
    expect(explained).toContain('the query matches nothing');
  }, TIMEOUT);
});

describe(titleFor('issue #26 part 1: query rules on J', J, JENKINS), () => {
  it.skipIf(!J)('rule 4: a word over the term limit matches no document, whatever its length (A §3.2 query_string AND)', async () => {
    expect(await total(JENKINS, { kind: 'commits', q: 'x'.repeat(129) })).toBe(0);
    expect(await total(JENKINS, { kind: 'commits', q: 'x'.repeat(128) })).toBe(0);
    expect(await total(JENKINS, { kind: 'commits', q: `fix ${'y'.repeat(200)}` })).toBe(0);
  }, TIMEOUT);

  it.skipIf(!J)('rule 7: author-name: values split into the field\'s words (B §2.1 analysed match, all words)', async () => {
    const raw = readRaw(JENKINS, 'commits');
    const byName = (...w: string[]) => raw.filter((c) => w.every((x) => words(get(c, 'commit.author.name')).includes(x))).length;
    expect(byName('glick', 'jesse')).toBeGreaterThan(0);
    expect(await total(JENKINS, { kind: 'commits', q: 'author-name:glick,jesse' })).toBe(byName('glick', 'jesse'));
    const bots = await searchAll(await storeOf(JENKINS), { kind: 'commits', q: 'lock author-name:renovate[bot]', viewer: ALL_ACCESS });
    expect(bots.total).toBeGreaterThan(0);
    for (const item of bots.items) expect(words(get(item, 'commit.author.name'))).toEqual(expect.arrayContaining(['renovate', 'bot']));
  }, TIMEOUT);
});

describe(titleFor('issue #26 part 1: labels and topics', P && E, PYGITHUB), () => {
  it.skipIf(!P)('rule 8: labels take the n-gram OR-clauses on the name (B §5)', async () => {
    const names = async (q: string) => (await items(PYGITHUB, { kind: 'labels', q, repository_id: '345337' })).map((l) => String(l.name));
    expect(await names('bug feature')).toEqual(expect.arrayContaining(['bug', 'feature']));
    expect(await names('NOT bug')).toEqual(expect.arrayContaining(['bug']));
  }, TIMEOUT);

  it.skipIf(!E)('rule 12: topics search aliases, ignore a negated is:, show extended fields only when asked (B §4)', async () => {
    const alias = readRaw(EXPLORE, 'topics').find((t) => Array.isArray(t.aliases) && t.aliases.length > 0)!;
    const aliasName = String(get((alias.aliases as Rec[])[0], 'topic_relation.name'));
    const found = await items(EXPLORE, { kind: 'topics', q: aliasName });
    expect(found.map((t) => t.name)).toContain(alias.name);
    expect(found.every((t) => !('aliases' in t) && !('related' in t))).toBe(true);
    const extended = await items(EXPLORE, { kind: 'topics', q: aliasName, accept: 'application/vnd.github.mercy-preview+json, application/vnd.github.v3.extended-search-results+json' });
    expect(extended.find((t) => t.name === alias.name)?.aliases).toEqual(alias.aliases);
    const curated = await total(EXPLORE, { kind: 'topics', q: 'is:curated' });
    expect(await total(EXPLORE, { kind: 'topics', q: 'is:curated -is:curated' })).toBe(curated);
    expect(await total(EXPLORE, { kind: 'topics', q: '-is:curated is:curated' })).toBe(curated);
  }, TIMEOUT);
});

describe(titleFor('issue #26 part 2: items', H && P, HUB4J), () => {
  it.skipIf(!H)('item 1: one snapshot per pull request — a merged PR is closed (README newest-recording rule)', async () => {
    expect(await total(HUB4J, { kind: 'issues', q: 'is:open is:merged' })).toBe(0);
    const prs = await searchAll(await storeOf(HUB4J), { kind: 'issues', q: 'is:pr is:merged repo:hub4j/github-api', viewer: ALL_ACCESS });
    expect(prs.items.length).toBeGreaterThan(0);
    for (const pr of prs.items) {
      expect(pr.state).toBe('closed');
      expect(typeof get(pr, 'pull_request.merged_at')).toBe('string');
      expect(pr.closed_at).not.toBeNull();
    }
  }, TIMEOUT);

  it.skipIf(!P)('items 2, 3: an all-null pull_request marks no PR; repository_url and pull_request.url always present', async () => {
    const raw = readRaw(PYGITHUB, 'issues');
    const plain = raw.filter((i) => i.pull_request && Object.values(i.pull_request as Rec).every((v) => v === null));
    expect(plain.length).toBeGreaterThan(0);
    const sample = plain[0]!;
    const repo = repoOfUrl(sample.url)!;
    const issues = await searchAll(await storeOf(PYGITHUB), { kind: 'issues', q: `repo:${repo} is:issue`, viewer: ALL_ACCESS });
    const item = issues.items.find((i) => i.id === sample.id);
    expect(item, 'the plain issue is found by is:issue').toBeDefined();
    expect('pull_request' in item!).toBe(false);
    const prs = await searchAll(await storeOf(PYGITHUB), { kind: 'issues', q: `repo:${repo} is:pr`, viewer: ALL_ACCESS });
    expect(prs.items.some((i) => i.id === sample.id)).toBe(false);
    for (const i of [...issues.items, ...prs.items]) {
      expect(typeof i.repository_url).toBe('string');
      if ('pull_request' in i) expect(typeof get(i, 'pull_request.url')).toBe('string');
    }
  }, TIMEOUT);

  it.skipIf(!H)('item 4: code item URLs are GitHub\'s, and every text match\'s object_url is the item url (B §3.4)', async () => {
    const found = await items(HUB4J, { kind: 'code', q: 'test', accept: 'application/vnd.github.v3.text-match+json' });
    expect(found.length).toBeGreaterThan(0);
    for (const item of found) {
      expect(String(item.url)).toMatch(/^https:\/\/api\.github\.com\/repositories\/\d+\/contents\//);
      expect(String(item.git_url)).toMatch(new RegExp(`^https://api\\.github\\.com/repositories/\\d+/git/blobs/${String(item.sha)}$`));
      for (const match of item.text_matches as Rec[]) expect(match.object_url).toBe(item.url);
    }
  }, TIMEOUT);

  it.skipIf(!H)('item 5: commit items serialise in GitHub\'s key order (B §2.4)', async () => {
    const [item] = await items(HUB4J, { kind: 'commits', q: 'fix' });
    expect(Object.keys(item!)).toEqual(['url', 'sha', 'node_id', 'html_url', 'comments_url', 'commit', 'author', 'committer', 'parents', 'repository', 'score']);
    expect(Object.keys(item!.commit as Rec)).toEqual(['url', 'author', 'committer', 'message', 'tree', 'comment_count']);
    expect(Object.keys(get(item, 'commit.author') as Rec)).toEqual(['date', 'name', 'email']);
    expect(Object.keys(get(item, 'commit.tree') as Rec)).toEqual(['url', 'sha']);
    for (const parent of item!.parents as Rec[]) expect(Object.keys(parent)).toEqual(['url', 'html_url', 'sha']);
  }, TIMEOUT);

  it.skipIf(!H)('item 7: visibility is one fact per repository, the newest recording deciding, for every kind', async () => {
    const newest = new Map([...newestRecording(readRaw(HUB4J, 'repositories'))].map((r) => [String(r.full_name).toLowerCase(), r.private === true]));
    const isPublic = (item: Rec): boolean => {
      const repo = String(get(item, 'repository.full_name') ?? repoOfUrl(item.html_url) ?? '').toLowerCase();
      return newest.has(repo) ? newest.get(repo) === false : get(item, 'repository.private') !== true;
    };
    for (const [kind, q] of [['commits', 'fix'], ['code', 'test'], ['issues', 'is:pr bug']] as const) {
      const everyone = await searchAll(await storeOf(HUB4J), { kind, q, viewer: ALL_ACCESS });
      const anonymous = await searchAll(await storeOf(HUB4J), { kind, q });
      expect(anonymous.total, `${kind}: the anonymous answer holds exactly the public repositories' records`).toBe(everyone.items.filter(isPublic).length);
    }
  }, TIMEOUT);
});
