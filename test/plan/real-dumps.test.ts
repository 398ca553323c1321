/**
 * The query rules on several real dumps of ../shared/data (skipped with a message when absent): the cases of
 * issue #11 on hub4j-github-api-wiremock (H) and jenkins-git-history (J), and rule invariants on every source that
 * has the kind. Expectations read the raw records independently of the core.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/api-error.js';
import type { Kind } from '../../src/kinds/kind.js';
import type { Store } from '../../src/store/store.js';
import { ALL_ACCESS, apiError, get, hasSource, HF, HUB4J, JENKINS, ms, PYGITHUB, REQUESTS, search, searchAll, titleFor, type Rec, sharedStore } from '../helpers/real-data.js';

const BUILD_TIMEOUT = 180_000;
const stores = new Map<string, Promise<Store>>();
function storeOf(source: string, kind: Kind): Promise<Store> {
  const key = `${source}:${kind}`;
  let store = stores.get(key);
  if (!store) {
    store = sharedStore(source);
    stores.set(key, store);
  }
  return store;
}

const all = async (source: string, kind: Kind, q: string, extra = {}) =>
  searchAll(await storeOf(source, kind), { kind, q, viewer: ALL_ACCESS, ...extra });

const inYear = (value: unknown, year: number) => {
  const t = ms(value);
  return t !== undefined && t >= Date.UTC(year, 0, 1) && t < Date.UTC(year + 1, 0, 1);
};

describe.skipIf(!hasSource(HUB4J, 'issues', 'repositories'))(titleFor('issue #11 cases on hub4j (H)', hasSource(HUB4J, 'issues'), HUB4J), () => {
  it('created:YYYY is the whole year (Part A §2.3)', { timeout: BUILD_TIMEOUT }, async () => {
    const bug = await all(HUB4J, 'issues', 'bug');
    const year = await all(HUB4J, 'issues', 'bug created:2020');
    expect(year.items.every((r) => inYear(r.created_at, 2020))).toBe(true);
    expect(year.total).toBe(bug.items.filter((r) => inYear(r.created_at, 2020)).length);
    expect(year.total).toBeLessThan(bug.total);
  });

  it('comments:abc is a 422 (Part A §2.3)', async () => {
    const error = await apiError(search(await storeOf(HUB4J, 'issues'), { kind: 'issues', q: 'bug comments:abc' }));
    expect(error.message).toBe('"abc" is not a numeric value - please provide an integer value');
  });

  it('an unresolvable negated repo: is dropped (Part A §2.3)', async () => {
    expect((await all(HUB4J, 'issues', 'bug -repo:nope/nope')).total).toBe((await all(HUB4J, 'issues', 'bug')).total);
  });

  it('sort: in q orders the answer (Part A §3.3, §6)', async () => {
    const { items, total } = await all(HUB4J, 'issues', 'is:open sort:comments-desc');
    expect(total).toBeGreaterThan(0);
    const comments = items.map((r) => r.comments as number);
    expect(comments).toEqual([...comments].sort((a, b) => b - a));
  });

  it('@owner is user: (Part A §2.1)', { timeout: BUILD_TIMEOUT }, async () => {
    const { items, total } = await all(HUB4J, 'repositories', '@hub4j fork:true');
    expect(total).toBeGreaterThan(0);
    expect(items.every((r) => String(get(r, 'owner.login')).toLowerCase() === 'hub4j')).toBe(true);
  });
});

describe.skipIf(!hasSource(JENKINS, 'commits'))(titleFor('issue #11 cases on jenkins-git-history (J)', hasSource(JENKINS, 'commits'), JENKINS), () => {
  it.each<[string, (r: Rec) => boolean]>([
    ['author-name:glick', (r) => /glick/i.test(String(get(r, 'commit.author.name')))],
    ['merge:true', (r) => Array.isArray(r.parents) && r.parents.length >= 2],
    ['hash:ea724ab1', (r) => String(r.sha).startsWith('ea724ab1')],
    ['author-date:2020-01-01..2020-01-31', (r) => {
      const t = ms(get(r, 'commit.author.date'))!;
      return t >= Date.UTC(2020, 0, 1) && t < Date.UTC(2020, 1, 1);
    }],
  ])('commits %j is answered without text (Part B §2.2)', { timeout: BUILD_TIMEOUT }, async (q, holds) => {
    const { items, total } = await all(JENKINS, 'commits', q);
    expect(total).toBeGreaterThan(0);
    expect(items.every(holds)).toBe(true);
  });

  it('commits with only scope are refused (Part B §2.2)', async () => {
    const error = await apiError(search(await storeOf(JENKINS, 'commits'), { kind: 'commits', q: 'repo:jenkinsci/git-plugin' }));
    expect(error.message).toBe(MESSAGES.commitsTextRequired);
  });
});

/** Rule invariants on every source with issues or commits. */
const ISSUE_SOURCES = [HUB4J, HF, PYGITHUB].filter((s) => hasSource(s, 'issues'));
const COMMIT_SOURCES = [JENKINS, REQUESTS, HUB4J].filter((s) => hasSource(s, 'commits'));

describe.each(ISSUE_SOURCES.map((s) => [s]))('issue rules on %s', (source) => {
  it('an unresolvable negated scope changes nothing; a backwards range is refused; is:<unknown> is a label', { timeout: BUILD_TIMEOUT }, async () => {
    const store = await storeOf(source, 'issues');
    const open = await all(source, 'issues', 'is:open');
    expect((await all(source, 'issues', 'is:open -repo:nope/nope -user:nobody-at-all-here')).total).toBe(open.total);
    expect((await apiError(search(store, { kind: 'issues', q: 'is:open comments:5..1' }))).message).toBe(
      'the lower bound of the range (5 .. 1) is greater than the upper bound',
    );
    expect((await all(source, 'issues', 'is:zz-no-such-label')).total).toBe(0);
  });
});

describe.each(COMMIT_SOURCES.map((s) => [s]))('commit rules on %s', (source) => {
  it('a bad SHA is refused; a year qualifier is the whole year', { timeout: BUILD_TIMEOUT }, async () => {
    const store = await storeOf(source, 'commits');
    expect((await apiError(search(store, { kind: 'commits', q: 'hash:XYZ' }))).message).toBe('The given commit SHA is not in a recognized format');
    const years = (await all(source, 'commits', 'author-date:2019..2021')).items;
    expect(years.every((r) => [2019, 2020, 2021].some((y) => inYear(get(r, 'commit.author.date'), y)))).toBe(true);
  });
});
