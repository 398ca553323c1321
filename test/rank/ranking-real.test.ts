/**
 * GitHub's orders on real dumps (code reference Part A §3.2–§3.3, §4.2, §5; Part B §2.3): default orders without
 * text, computed here from the raw records; best match with text, worked out by hand from the per-kind functions
 * (the numbers are in the comments); one repository per name; complete user and pull request items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import type { Store } from '../../src/store/store.js';
import { ALL_ACCESS, newestRecording, hasSource, HUB4J, JENKINS, ms, readRaw, searchAll, titleFor, type Rec, sharedStore } from '../helpers/real-data.js';

const BUILD = 180_000;
const H = hasSource(HUB4J, 'issues', 'repositories', 'users', 'pulls');
const J = hasSource(JENKINS, 'commits');

const stores = new Map<string, Promise<Store>>();
/** The shared store of `source` (every kind built; `_kinds` names what the caller reads). */
function storeOf(source: string, _kinds: Kind[]): Promise<Store> {
  let store = stores.get(source);
  if (!store) stores.set(source, (store = sharedStore(source)));
  return store;
}

const lower = (v: unknown): string => (typeof v === 'string' ? v.toLowerCase() : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** Stable sort by a numeric key, highest first, records lacking it last, ties in file order. */
const byDesc = (records: Rec[], key: (r: Rec) => number | undefined): Rec[] =>
  records
    .map((r, i) => ({ r, i, v: key(r) }))
    .sort((a, b) => (a.v === undefined ? 1 : 0) - (b.v === undefined ? 1 : 0) || (b.v ?? 0) - (a.v ?? 0) || a.i - b.i)
    .map((x) => x.r);

describe.skipIf(!H)(titleFor('default orders without text on hub4j-github-api-wiremock', H, HUB4J), () => {
  let store: Store;
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['issues', 'repositories', 'users']);
  }, BUILD);

  it('issues: newest created first (the issue: #1624, #445, #416, #178)', async () => {
    const { items } = await searchAll(store, { kind: 'issues', q: 'repo:hub4j/github-api is:open', viewer: ALL_ACCESS });
    expect(items.map((i) => i.number)).toEqual([1624, 445, 416, 178]);
  });

  it('issues: every closed issue of hub4j/github-api, created desc', async () => {
    const raw = readRaw(HUB4J, 'issues').filter(
      (r) => lower(r.repository_url).endsWith('/repos/hub4j/github-api') && r.state === 'closed',
    );
    const expected = byDesc(raw, (r) => ms(r.created_at)).map((r) => r.id);
    const { items } = await searchAll(store, { kind: 'issues', q: 'repo:hub4j/github-api is:closed', viewer: ALL_ACCESS });
    expect(expected.length).toBeGreaterThan(100);
    expect(items.map((i) => i.id)).toEqual(expected.slice(0, 1000));
  });

  it('repositories: most stars first, one record per name, forks hidden', async () => {
    const { items } = await searchAll(store, { kind: 'repositories', q: 'user:hub4j-test-org', viewer: ALL_ACCESS });
    const names = items.map((i) => lower(i.full_name));
    expect(new Set(names).size, 'no repository name twice').toBe(names.length);
    const stars = items.map((i) => num(i.stargazers_count) ?? -1);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    // hub4j-test-org/github-api-test has nine recordings; the 2025-08-05 one (id 1032196167) is the newest.
    expect(items.filter((i) => i.full_name === 'hub4j-test-org/github-api-test').map((i) => i.id)).toEqual([1032196167]);
  });

  it('repositories: a sort: qualifier applies when no sort parameter is sent; the parameter wins', async () => {
    const q = 'user:hub4j-test-org sort:updated-asc';
    const { items } = await searchAll(store, { kind: 'repositories', q, viewer: ALL_ACCESS });
    const pushed = items.map((i) => ms(i.pushed_at) ?? Infinity);
    expect(items.length).toBeGreaterThan(1);
    expect(pushed).toEqual([...pushed].sort((a, b) => a - b));
    const param = await searchAll(store, { kind: 'repositories', q, sort: 'stars', order: 'desc', viewer: ALL_ACCESS });
    const stars = param.items.map((i) => num(i.stargazers_count) ?? -1);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
  });

  it('users: most followers first, records without a count last', async () => {
    const all = readRaw(HUB4J, 'users');
    const raw = all.filter((r) => lower(r.type) === 'organization' && newestRecording(all).has(r));
    const expected = byDesc(raw, (r) => num(r.followers)).map((r) => lower(r.login));
    const { items } = await searchAll(store, { kind: 'users', q: 'type:org', viewer: ALL_ACCESS });
    expect(expected.length).toBeGreaterThan(3);
    expect(items.map((i) => lower(i.login))).toEqual(expected);
  });
});

describe.skipIf(!H)(titleFor('best match with text on hub4j-github-api-wiremock', H, HUB4J), () => {
  let store: Store;
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['issues', 'repositories', 'users']);
  }, BUILD);

  it('issues: the open boost (+2) outweighs recency; then the newest closed ones', async () => {
    // Clock: 2026-06-25 (newest created/updated of the public issues). #416 (open, 2018) scores T × (≈0 + ≈0 + 2)
    // ≈ 1.77 × 2 = 3.54 and #1624 (open, 2023) ≈ 0.81 × 2 = 1.63; the newest closed one, #2193 (created
    // 2026-02-01, updated 2026-02-10), only 1.75 × (0.5^(144/42) + 0.5^(135/84)) ≈ 0.74.
    const { items } = await searchAll(store, { kind: 'issues', q: 'repo:hub4j/github-api github', viewer: ALL_ACCESS });
    expect(items.slice(0, 2).map((i) => i.number)).toEqual([416, 1624]);
    expect(items.slice(2, 4).map((i) => i.number)).toEqual([2193, 2191]);
    expect(items.slice(2).every((i) => i.state === 'closed')).toBe(true);
  });

  it.each([
    ['hub4j/github-api', 'the exact owner/name (×20)'],
    ['github-api user:hub4j', 'the name under the one owner given (×20)'],
    ['github-api', 'popularity (1 + log10(1 + stars))'],
  ])('repositories "%s": hub4j/github-api first — %s', async (q) => {
    const { items } = await searchAll(store, { kind: 'repositories', q, viewer: ALL_ACCESS });
    expect(items[0]?.full_name).toBe('hub4j/github-api');
  });

  it('users: the login weighs most (login^10)', async () => {
    const { items } = await searchAll(store, { kind: 'users', q: 'kohsuke', viewer: ALL_ACCESS });
    expect(lower(items[0]?.login)).toBe('kohsuke');
  });
});

describe.skipIf(!J)(titleFor('best match with text on jenkins-git-history', J, JENKINS), () => {
  let store: Store;
  beforeAll(async () => {
    store = await storeOf(JENKINS, ['commits']);
  }, BUILD);

  it('commits: recency (20 × decay over 365 d) outweighs the text score', async () => {
    // Clock: 2026-08-22 (newest author/committer date). 9ac0def3 (2026-07-21, 32 days old): 6.30 + 20 × 0.5^(32/365)
    // ≈ 25.13; 18a99cd2 (2026-08-05): 5.29 + 19.40 ≈ 24.68; 727a7da7 (2026-08-10): 5.07 + 19.55 ≈ 24.62; a
    // year-old commit adds only 10, so even the best text score of the dump's javadoc commits (≈ 6.4) stays behind.
    const { items } = await searchAll(store, { kind: 'commits', q: 'javadoc', viewer: ALL_ACCESS });
    expect(items.slice(0, 3).map((i) => String(i.sha).slice(0, 8))).toEqual(['9ac0def3', '18a99cd2', '727a7da7']);
    const clock = Date.parse('2026-08-22T00:01:25Z');
    const year = 365 * 86_400_000;
    const ages = items.slice(0, 3).map((i) => clock - (ms(((i.commit as Rec).author as Rec).date) ?? 0));
    expect(ages.every((age) => age < year / 8)).toBe(true);
  }, BUILD);

  it('commits: a SHA prefix in the text puts that commit first (+100)', async () => {
    const { items } = await searchAll(store, { kind: 'commits', q: 'javadoc 3a90312', viewer: ALL_ACCESS });
    expect(String(items[0]?.sha).slice(0, 8)).toBe('3a903122');
  }, BUILD);
});

describe.skipIf(!H)(titleFor('complete items on hub4j-github-api-wiremock', H, HUB4J), () => {
  const USER_FIELDS = [
    'login', 'id', 'node_id', 'avatar_url', 'gravatar_id', 'url', 'html_url', 'followers_url', 'following_url',
    'gists_url', 'starred_url', 'subscriptions_url', 'organizations_url', 'repos_url', 'events_url',
    'received_events_url', 'type', 'site_admin',
  ];
  let store: Store;
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['issues', 'users', 'repositories']);
  }, BUILD);

  it('every user item carries every seed field; URLs derived from the login; site_admin boolean', async () => {
    const { items } = await searchAll(store, { kind: 'users', q: 'followers:>=0', viewer: ALL_ACCESS });
    const all = await searchAll(store, { kind: 'users', q: 'type:user', viewer: ALL_ACCESS });
    for (const item of [...items, ...all.items]) {
      const missing = USER_FIELDS.filter((f) => item[f] === undefined);
      expect(missing, String(item.login)).toEqual([]);
      expect(typeof item.site_admin).toBe('boolean');
      expect(item.followers_url).toBe(`${String(item.url)}/followers`);
    }
  });

  it('pull request items carry a boolean draft and pull_request.merged_at joined from /pulls', async () => {
    const pulls = new Map(readRaw(HUB4J, 'pulls').map((p) => [String(p.url), p]));
    const { items } = await searchAll(store, { kind: 'issues', q: 'is:pr is:merged', viewer: ALL_ACCESS });
    expect(items.length).toBeGreaterThan(0);
    let joined = 0;
    for (const item of items) {
      expect(typeof item.draft).toBe('boolean');
      const pr = item.pull_request as Rec;
      expect(pr.merged_at === null || typeof pr.merged_at === 'string').toBe(true);
      const pull = pulls.get(String(pr.url));
      if (typeof pull?.merged_at === 'string') {
        expect(pr.merged_at).toBe(pull.merged_at);
        joined++;
      }
    }
    expect(joined).toBeGreaterThan(0);
  });
});
