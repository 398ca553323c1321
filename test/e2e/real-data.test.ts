/**
 * `search` on real GitHub REST records (issue #2, "done when"): qualifier results, keywords, sort orders, paging,
 * the 1000 window, error bodies and text matches, each checked against expectations the test computes itself
 * from the raw JSON (read with fs + zlib, never through src/).
 *
 * Expectations per record are `true` (must be found), `false` (must not) or `undefined` (the data cannot say,
 * e.g. a repository name recorded both as private and as public): results must contain every `true` record,
 * no `false` record, and total_count lies in between.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import type { Store } from '../../src/store/store.js';
import {
  ACCEPT, acceptFor, ALL_ACCESS, apiError, codeContent, codeWords, errorShape, get, hasSource, ms, newestRecording, readRaw, repoOfUrl, search, searchAll, sorted, titleFor, words, ID, type Rec, HF, JENKINS, REQUESTS, HUB4J, PYGITHUB, EXPLORE, sharedStore,
} from '../helpers/real-data.js';


const HAS = {
  hf: hasSource(HF, 'issues'),
  jenkins: hasSource(JENKINS, 'commits', 'repositories'),
  requests: hasSource(REQUESTS, 'commits', 'repositories'),
  hub4j: hasSource(HUB4J, 'issues', 'repositories', 'users', 'code', 'labels', 'commits'),
  pygithub: hasSource(PYGITHUB, 'issues', 'repositories', 'users', 'code', 'labels', 'topics'),
  explore: hasSource(EXPLORE, 'topics'),
};
const BUILD_TIMEOUT = 180_000;
const CASE_TIMEOUT = 30_000;

const stores = new Map<string, Promise<Store>>();
/** The store of a shared source, opened once per file and prebuilt for the kinds asked. */
function storeOf(source: string, kinds: readonly Kind[]): Promise<Store> {
  const key = `${source}:${kinds.join(',')}`;
  let store = stores.get(key);
  if (!store) {
    store = sharedStore(source);
    stores.set(key, store);
  }
  return store;
}

// ------------------------------------------------------------------------------------------------ identities


type Expectation = (r: Rec) => boolean | undefined;

interface QualifierCase {
  /** The query (a function when it depends on the data, e.g. a SHA prefix). */
  q: string | (() => string);
  /** Test title when `q` is computed. */
  title?: string;
  expect: Expectation;
  viewer?: Viewer;
  /** The expectation may select nothing (otherwise an empty expectation fails the case: it could not fail). */
  allowEmpty?: boolean;
  extra?: Partial<SearchRequest>;
}

const caseTitle = (c: QualifierCase): string => c.title ?? (typeof c.q === 'string' ? c.q : 'computed query');

/** Run a qualifier case over all pages and compare with the independent expectation. */
async function checkCase(store: Store, kind: Kind, records: readonly Rec[], c: QualifierCase, viewer: Viewer): Promise<void> {
  const q = typeof c.q === 'function' ? c.q() : c.q;
  const idOf = ID[kind];
  const must: string[] = [];
  const maybe = new Set<string>();
  for (const r of records) {
    const e = c.expect(r);
    if (e === true) must.push(idOf(r));
    else if (e === undefined) maybe.add(idOf(r));
  }
  if (!c.allowEmpty) expect(must.length, `the expectation of ${q} selects at least one record`).toBeGreaterThan(0);
  const { total, items } = await searchAll(store, { kind, q, viewer: c.viewer ?? viewer, ...c.extra });
  const got = items.map(idOf);
  const mustSet = new Set(must);
  const allowed = (id: string): boolean => mustSet.has(id) || maybe.has(id);
  expect(got.filter((id) => !allowed(id)), `items of ${q} that must not match`).toEqual([]);
  if (maybe.size === 0) {
    expect(total, `total_count of ${q}`).toBe(must.length);
    if (must.length <= 1000) expect(sorted(got)).toEqual(sorted(must));
    else expect(got.length).toBe(1000);
  } else {
    expect(total, `total_count of ${q} (at least the certain matches)`).toBeGreaterThanOrEqual(must.length);
    expect(total, `total_count of ${q} (at most the possible matches)`).toBeLessThanOrEqual(must.length + maybe.size);
    if (total <= 1000) {
      const gotSet = new Set(got);
      expect(must.filter((id) => !gotSet.has(id)), `records ${q} must find`).toEqual([]);
    }
  }
}

/** Any of `texts` has a word in `forms` (exact lower-case words; identifiers also split at camelCase). */
function hasWord(texts: readonly unknown[], forms: readonly string[], code = false): boolean {
  return texts.some((t) => (code ? codeWords(t) : words(t)).some((w) => forms.includes(w)));
}

/** Any of `texts` has a word starting with `root`. */
function hasRoot(texts: readonly unknown[], root: string, code = false): boolean {
  return texts.some((t) => (code ? codeWords(t) : words(t)).some((w) => w.startsWith(root)));
}

const lower = (v: unknown): string => (typeof v === 'string' ? v.toLowerCase() : '');
const labelNames = (r: Rec): string[] => (Array.isArray(r.labels) ? r.labels.map((l) => lower(get(l, 'name'))) : []);
const assigneeLogins = (r: Rec): string[] => {
  const all = Array.isArray(r.assignees) ? r.assignees.map((a) => lower(get(a, 'login'))) : [];
  const one = lower(get(r, 'assignee.login'));
  return one ? [...all, one] : all;
};
/** A pull request: a `pull_request` object with some non-null value (an all-null one marks a plain issue, #26 item 2). */
const isPr = (r: Rec): boolean =>
  r.pull_request !== undefined && r.pull_request !== null && Object.values(r.pull_request as Rec).some((v) => v !== null && v !== undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const inDays = (value: unknown, from: string, toExclusive: string): boolean => {
  const t = ms(value);
  return t !== undefined && t >= Date.parse(`${from}T00:00:00Z`) && t < Date.parse(`${toExclusive}T00:00:00Z`);
};
const before = (value: unknown, day: string): boolean => {
  const t = ms(value);
  return t !== undefined && t < Date.parse(`${day}T00:00:00Z`);
};
const onOrAfter = (value: unknown, day: string): boolean => {
  const t = ms(value);
  return t !== undefined && t >= Date.parse(`${day}T00:00:00Z`);
};
/** `@login` mentioned in a body (not inside an e-mail address, not a longer login, not `@login/team`). */
const mentions = (body: unknown, login: string): boolean =>
  typeof body === 'string' && new RegExp(`(?<![\\w@])@${login}(?![A-Za-z0-9-]|/[\\w.-])`, 'i').test(body);

// ------------------------------------------------------------------------------------------------ issues (hf)

const PARQUET = ['parquet'];

describe.skipIf(!HAS.hf)(titleFor('issues qualifiers on hf-datasets-issues (huggingface/datasets, incl. PRs)', HAS.hf, HF), () => {
  let store: Store;
  let issues: Rec[];
  beforeAll(async () => {
    store = await storeOf(HF, ['issues']);
    issues = readRaw(HF, 'issues');
  }, BUILD_TIMEOUT);

  let milestone: string | undefined;
  const commonMilestone = (): string => (milestone ??= mostUsedMilestone());
  const mostUsedMilestone = (): string => {
    const counts = new Map<string, number>();
    for (const r of issues) {
      const t = get(r, 'milestone.title');
      if (typeof t === 'string') counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  };

  const cases: QualifierCase[] = [
    { q: 'label:bug', expect: (r) => labelNames(r).includes('bug') },
    { q: '-label:bug', expect: (r) => !labelNames(r).includes('bug') },
    { q: 'label:bug,enhancement', expect: (r) => labelNames(r).some((l) => l === 'bug' || l === 'enhancement') },
    { q: 'label:BUG label:"dataset-viewer"', expect: (r) => labelNames(r).includes('bug') && labelNames(r).includes('dataset-viewer') },
    { q: 'label:"dataset request"', expect: (r) => labelNames(r).includes('dataset request') },
    { q: '-label:bug -label:enhancement is:issue', expect: (r) => !isPr(r) && !labelNames(r).some((l) => l === 'bug' || l === 'enhancement') },
    { q: 'state:closed', expect: (r) => r.state === 'closed' },
    { q: 'state:open', expect: (r) => r.state === 'open' },
    { q: 'is:open is:issue', expect: (r) => r.state === 'open' && !isPr(r) },
    { q: 'is:pr', expect: (r) => isPr(r) },
    { q: 'type:issue', expect: (r) => !isPr(r) },
    { q: 'is:pr is:merged', expect: (r) => isPr(r) && get(r, 'pull_request.merged_at') != null },
    { q: 'is:pr is:unmerged', expect: (r) => isPr(r) && get(r, 'pull_request.merged_at') == null },
    { q: 'is:pr is:open draft:true', expect: (r) => isPr(r) && r.state === 'open' && r.draft === true },
    { q: 'comments:>10', expect: (r) => (num(r.comments) ?? -1) > 10 },
    { q: 'comments:5..10', expect: (r) => (num(r.comments) ?? -1) >= 5 && (num(r.comments) ?? -1) <= 10 },
    { q: 'comments:0 is:issue', expect: (r) => r.comments === 0 && !isPr(r) },
    { q: 'created:2022-01-01..2022-03-31', expect: (r) => inDays(r.created_at, '2022-01-01', '2022-04-01') },
    { q: 'created:>=2024-06-01', expect: (r) => onOrAfter(r.created_at, '2024-06-01') },
    { q: 'created:<2020-06-01', expect: (r) => before(r.created_at, '2020-06-01') },
    { q: 'updated:<2021-01-01', expect: (r) => before(r.updated_at, '2021-01-01') },
    // `>D` is after the whole day D, `<=D` up to the end of D (§1.8, UTC days).
    { q: 'created:>2024-06-01', expect: (r) => onOrAfter(r.created_at, '2024-06-02') },
    { q: 'created:<=2020-06-01', expect: (r) => before(r.created_at, '2020-06-02') },
    { q: 'created:2023-03-01', expect: (r) => inDays(r.created_at, '2023-03-01', '2023-03-02') },
    { q: 'created:2023-01-01..*', expect: (r) => onOrAfter(r.created_at, '2023-01-01') },
    { q: 'created:*..2020-12-31', expect: (r) => before(r.created_at, '2021-01-01') },
    {
      q: 'created:>=2023-03-01T10:00:00+02:00 created:<2023-03-02',
      expect: (r) => (ms(r.created_at) ?? 0) >= Date.parse('2023-03-01T08:00:00Z') && before(r.created_at, '2023-03-02'),
    },
    { q: 'comments:*..1 is:issue', expect: (r) => (num(r.comments) ?? Infinity) <= 1 && !isPr(r) },
    { q: 'comments:20..*', expect: (r) => (num(r.comments) ?? -1) >= 20 },
    { q: 'closed:2023-06-01..2023-06-30', expect: (r) => inDays(r.closed_at, '2023-06-01', '2023-07-01') },
    { q: 'author:lhoestq', expect: (r) => lower(get(r, 'user.login')) === 'lhoestq' },
    { q: 'author:LHOESTQ is:issue', expect: (r) => lower(get(r, 'user.login')) === 'lhoestq' && !isPr(r) },
    { q: '-author:lhoestq is:pr', expect: (r) => lower(get(r, 'user.login')) !== 'lhoestq' && isPr(r) },
    { q: 'assignee:lhoestq', expect: (r) => assigneeLogins(r).includes('lhoestq') },
    { q: 'author:@me is:issue', viewer: viewerFor('lhoestq'), expect: (r) => lower(get(r, 'user.login')) === 'lhoestq' && !isPr(r) },
    { q: 'assignee:@me is:open', viewer: viewerFor('LHOESTQ'), expect: (r) => assigneeLogins(r).includes('lhoestq') && r.state === 'open' },
    { q: 'no:assignee is:issue', expect: (r) => assigneeLogins(r).length === 0 && !isPr(r) },
    { q: 'no:milestone', expect: (r) => r.milestone == null },
    { q: () => `milestone:"${commonMilestone()}"`, title: 'milestone:"<most used milestone>"', expect: (r) => get(r, 'milestone.title') === commonMilestone() },
    { q: 'no:label is:pr', expect: (r) => labelNames(r).length === 0 && isPr(r) },
    { q: 'reactions:>5', expect: (r) => (num(get(r, 'reactions.total_count')) ?? -1) > 5 },
    { q: 'interactions:>50', expect: (r) => (num(r.comments) ?? 0) + (num(get(r, 'reactions.total_count')) ?? 0) > 50 },
    { q: 'reason:"not planned"', expect: (r) => r.state_reason === 'not_planned' },
    { q: 'reason:completed is:issue', expect: (r) => r.state_reason === 'completed' && !isPr(r) },
    { q: 'mentions:lhoestq is:issue', expect: (r) => !isPr(r) && mentions(r.body, 'lhoestq') },
    {
      q: 'involves:mariosasko is:issue',
      expect: (r) =>
        !isPr(r) && (lower(get(r, 'user.login')) === 'mariosasko' || assigneeLogins(r).includes('mariosasko') || mentions(r.body, 'mariosasko')),
    },
    { q: 'repo:huggingface/datasets', expect: () => true },
    { q: 'repo:HuggingFace/Datasets is:issue', expect: (r) => !isPr(r) },
    { q: 'user:huggingface label:bug', expect: (r) => labelNames(r).includes('bug') },
    { q: 'org:huggingface label:streaming', expect: (r) => labelNames(r).includes('streaming') },
    { q: 'archived:false label:bug', expect: (r) => labelNames(r).includes('bug') },
    { q: 'archived:true label:bug', expect: () => false, allowEmpty: true },
    // Advanced issue syntax (§1.6): OR between qualifiers and parentheses.
    { q: 'label:bug OR label:enhancement', expect: (r) => labelNames(r).some((l) => l === 'bug' || l === 'enhancement') },
    {
      q: '(label:bug OR label:enhancement) is:open',
      expect: (r) => r.state === 'open' && labelNames(r).some((l) => l === 'bug' || l === 'enhancement'),
    },
    { q: 'parquet is:issue', expect: (r) => !isPr(r) && hasWord([r.title, r.body], PARQUET) },
    { q: 'parquet label:bug state:closed', expect: (r) => labelNames(r).includes('bug') && r.state === 'closed' && hasWord([r.title, r.body], PARQUET) },
    { q: 'parquet in:title', expect: (r) => hasWord([r.title], PARQUET) },
  ];

  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'issues', issues, c, ANONYMOUS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ issues (hub4j)

describe.skipIf(!HAS.hub4j)(titleFor('issues qualifiers on hub4j-github-api-wiremock (68 repositories, pulls enrichment)', HAS.hub4j, HUB4J), () => {
  let store: Store;
  let issues: Rec[];
  let mergedPulls: Set<string>;
  let archivedAny: Set<string>;
  let archivedAll: Set<string>;
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['issues']);
    issues = readRaw(HUB4J, 'issues');
    mergedPulls = new Set(
      readRaw(HUB4J, 'pulls')
        .filter((p) => p.merged === true || (p.merged_at !== null && p.merged_at !== undefined))
        .map((p) => lower(p.html_url)),
    );
    const byName = new Map<string, boolean[]>();
    for (const repo of readRaw(HUB4J, 'repositories')) {
      const name = lower(repo.full_name);
      byName.set(name, [...(byName.get(name) ?? []), repo.archived === true]);
    }
    archivedAny = new Set([...byName].filter(([, v]) => v.some(Boolean)).map(([k]) => k));
    archivedAll = new Set([...byName].filter(([, v]) => v.every(Boolean)).map(([k]) => k));
  }, BUILD_TIMEOUT);

  const repoOf = (r: Rec): string => repoOfUrl(r.repository_url) ?? '';
  const merged = (r: Rec): boolean =>
    isPr(r) && (get(r, 'pull_request.merged_at') != null || mergedPulls.has(lower(get(r, 'pull_request.html_url'))));
  /** One snapshot per pull request (#26 item 1): the newer of issue and pull record by updated_at decides state. */
  const open = (r: Rec): boolean => {
    if (merged(r)) return false;
    const pull = isPr(r) ? pullsByUrl().get(lower(get(r, 'pull_request.html_url'))) : undefined;
    const newer = pull && (ms(pull.updated_at) ?? -Infinity) > (ms(r.updated_at) ?? -Infinity) ? pull : r;
    return newer.state === 'open';
  };
  let pulls: Map<string, Rec> | undefined;
  const pullsByUrl = () => (pulls ??= new Map(readRaw(HUB4J, 'pulls').map((p) => [lower(p.html_url), p])));
  const cases: QualifierCase[] = [
    { q: 'repo:hub4j/github-api', expect: (r) => repoOf(r) === 'hub4j/github-api' },
    { q: 'repo:hub4j/github-api is:pr is:merged', expect: (r) => repoOf(r) === 'hub4j/github-api' && merged(r) },
    { q: 'repo:hub4j/github-api repo:kohsuke/winsw', expect: (r) => ['hub4j/github-api', 'kohsuke/winsw'].includes(repoOf(r)) },
    { q: 'user:hub4j-test-org is:issue', expect: (r) => repoOf(r).startsWith('hub4j-test-org/') && !isPr(r) },
    // One snapshot per pull request (#26 item 1): a merged PR is closed whatever its issue record says.
    { q: '-user:hub4j-test-org is:open', expect: (r) => !repoOf(r).startsWith('hub4j-test-org/') && open(r) },
    { q: 'label:bug', expect: (r) => labelNames(r).includes('bug') },
    { q: 'is:pr is:open', expect: (r) => isPr(r) && open(r) },
    { q: 'author:bitwiseman is:pr', expect: (r) => lower(get(r, 'user.login')) === 'bitwiseman' && isPr(r) },
    { q: 'milestone:"Milestone Sort A"', expect: (r) => get(r, 'milestone.title') === 'Milestone Sort A' },
    { q: 'comments:>=5', expect: (r) => (num(r.comments) ?? -1) >= 5 },
    { q: 'no:label is:issue', expect: (r) => labelNames(r).length === 0 && !isPr(r) },
    {
      q: 'archived:true',
      expect: (r) => (archivedAll.has(repoOf(r)) ? true : archivedAny.has(repoOf(r)) ? undefined : false),
      allowEmpty: true,
    },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'issues', issues, c, ALL_ACCESS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ commits

const JAVADOC = ['javadoc', 'javadocs'];
const hasJavadoc = (r: Rec): boolean => hasWord([get(r, 'commit.message')], JAVADOC);
const parentShas = (r: Rec): string[] => (Array.isArray(r.parents) ? r.parents.map((p) => String(get(p, 'sha'))) : []);

describe.skipIf(!HAS.jenkins)(titleFor('commits qualifiers on jenkins-git-history (38k commits)', HAS.jenkins, JENKINS), () => {
  let store: Store;
  let commits: Rec[];
  beforeAll(async () => {
    store = await storeOf(JENKINS, ['commits']);
    commits = readRaw(JENKINS, 'commits');
  }, BUILD_TIMEOUT);

  /** A javadoc commit chosen deterministically (the 10th in file order) for hash:/parent:/tree:. */
  let picked: Rec | undefined;
  const pick = (): Rec => (picked ??= commits.filter(hasJavadoc)[10]!);
  const email = (r: Rec): string => lower(get(r, 'commit.author.email'));
  const cases: QualifierCase[] = [
    { q: 'javadoc', expect: hasJavadoc },
    { q: 'spotbugs', expect: (r) => hasWord([get(r, 'commit.message')], ['spotbugs', 'spotbug']) },
    { q: 'javadoc author-email:kk@kohsuke.org', expect: (r) => hasJavadoc(r) && email(r) === 'kk@kohsuke.org' },
    { q: 'javadoc author-email:KK@Kohsuke.org', expect: (r) => hasJavadoc(r) && email(r) === 'kk@kohsuke.org' },
    // negated *-email: values are ignored (reference Part B §2.1)
    { q: 'javadoc -author-email:kk@kohsuke.org', expect: (r) => hasJavadoc(r) },
    { q: 'javadoc author-name:"Jesse Glick"', expect: (r) => hasJavadoc(r) && words(get(r, 'commit.author.name')).join(' ').includes('jesse glick') },
    { q: 'javadoc author-name:glick', expect: (r) => hasJavadoc(r) && words(get(r, 'commit.author.name')).includes('glick') },
    { q: 'javadoc committer-name:github', expect: (r) => hasJavadoc(r) && words(get(r, 'commit.committer.name')).includes('github') },
    { q: 'javadoc committer-email:noreply@github.com', expect: (r) => hasJavadoc(r) && lower(get(r, 'commit.committer.email')) === 'noreply@github.com' },
    { q: 'javadoc author-date:<2010-01-01', expect: (r) => hasJavadoc(r) && before(get(r, 'commit.author.date'), '2010-01-01') },
    { q: 'javadoc author-date:2015-01-01..2015-12-31', expect: (r) => hasJavadoc(r) && inDays(get(r, 'commit.author.date'), '2015-01-01', '2016-01-01') },
    { q: 'javadoc committer-date:>=2020-01-01', expect: (r) => hasJavadoc(r) && onOrAfter(get(r, 'commit.committer.date'), '2020-01-01') },
    { q: 'javadoc merge:true', expect: (r) => hasJavadoc(r) && parentShas(r).length >= 2 },
    { q: 'javadoc merge:false', expect: (r) => hasJavadoc(r) && parentShas(r).length < 2 },
    { q: () => `javadoc hash:${String(pick().sha).slice(0, 7)}`, title: 'javadoc hash:<7-char prefix>', expect: (r) => hasJavadoc(r) && String(r.sha).startsWith(String(pick().sha).slice(0, 7)) },
    { q: () => `javadoc hash:${String(pick().sha)}`, title: 'javadoc hash:<full sha>', expect: (r) => r.sha === pick().sha },
    { q: () => `javadoc parent:${parentShas(pick())[0]!.slice(0, 7)}`, title: 'javadoc parent:<7-char prefix>', expect: (r) => hasJavadoc(r) && parentShas(r).some((p) => p.startsWith(parentShas(pick())[0]!.slice(0, 7))) },
    { q: () => `javadoc tree:${String(get(pick(), 'commit.tree.sha')).slice(0, 7)}`, title: 'javadoc tree:<7-char prefix>', expect: (r) => hasJavadoc(r) && String(get(r, 'commit.tree.sha')).startsWith(String(get(pick(), 'commit.tree.sha')).slice(0, 7)) },
    { q: 'javadoc repo:jenkinsci/jenkins', expect: hasJavadoc },
    { q: 'javadoc user:jenkinsci', expect: hasJavadoc },
    { q: 'javadoc is:public', expect: hasJavadoc },
    { q: 'javadoc is:private', expect: () => false, allowEmpty: true },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'commits', commits, c, ANONYMOUS);
  }, CASE_TIMEOUT);
});

describe.skipIf(!HAS.requests)(titleFor('commits qualifiers on requests-git-history', HAS.requests, REQUESTS), () => {
  let store: Store;
  let commits: Rec[];
  beforeAll(async () => {
    store = await storeOf(REQUESTS, ['commits']);
    commits = readRaw(REQUESTS, 'commits');
  }, BUILD_TIMEOUT);
  const COOKIE = ['cookie', 'cookies'];
  const hasCookie = (r: Rec): boolean => hasWord([get(r, 'commit.message')], COOKIE);
  const cases: QualifierCase[] = [
    { q: 'cookie', expect: hasCookie },
    { q: 'cookie author-name:reitz', expect: (r) => hasCookie(r) && words(get(r, 'commit.author.name')).includes('reitz') },
    { q: 'cookie author-name:"kenneth reitz"', expect: (r) => hasCookie(r) && words(get(r, 'commit.author.name')).join(' ').includes('kenneth reitz') },
    { q: 'cookie author-date:<2013-01-01', expect: (r) => hasCookie(r) && before(get(r, 'commit.author.date'), '2013-01-01') },
    { q: 'cookie merge:true', expect: (r) => hasCookie(r) && parentShas(r).length >= 2 },
    { q: 'cookie repo:requests/requests', expect: hasCookie },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'commits', commits, c, ANONYMOUS);
  }, CASE_TIMEOUT);
});

describe.skipIf(!HAS.hub4j)(titleFor('commits qualifiers on hub4j-github-api-wiremock (author/committer users)', HAS.hub4j, HUB4J), () => {
  let store: Store;
  let commits: Rec[];
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['commits']);
    commits = readRaw(HUB4J, 'commits');
  }, BUILD_TIMEOUT);
  const MERGE = ['merge', 'merged', 'merges', 'merging'];
  const hasMerge = (r: Rec): boolean => hasWord([get(r, 'commit.message')], MERGE);
  const cases: QualifierCase[] = [
    { q: 'merge author:bitwiseman', expect: (r) => hasMerge(r) && lower(get(r, 'author.login')) === 'bitwiseman' },
    { q: 'merge committer:web-flow', expect: (r) => hasMerge(r) && lower(get(r, 'committer.login')) === 'web-flow' },
    { q: 'merge -author:bitwiseman', expect: (r) => hasMerge(r) && lower(get(r, 'author.login')) !== 'bitwiseman' },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'commits', commits, c, ALL_ACCESS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ repositories

describe.skipIf(!HAS.hub4j)(titleFor('repositories qualifiers on hub4j-github-api-wiremock (forks hidden by default)', HAS.hub4j, HUB4J), () => {
  let store: Store;
  let repos: Rec[];
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['repositories']);
    repos = readRaw(HUB4J, 'repositories');
  }, BUILD_TIMEOUT);
  // One repository per name: the newest recording (latest created/updated/pushed; later in the file on a tie).
  const newest = (r: Rec): boolean => newestRecording(repos).has(r);
  const nonFork = (r: Rec): boolean => r.fork !== true && newest(r);
  const lang = (r: Rec): string => lower(r.language);
  const topics = (r: Rec): string[] => (Array.isArray(r.topics) ? r.topics.map(lower) : []);
  const owner = (r: Rec): string => lower(r.full_name).split('/')[0]!;
  const cases: QualifierCase[] = [
    { q: 'stars:>1000 language:java', expect: (r) => nonFork(r) && (num(r.stargazers_count) ?? -1) > 1000 && lang(r) === 'java' },
    {
      q: 'stars:>1000 language:java',
      title: 'stars:>1000 language:java (anonymous: no private repositories)',
      viewer: ANONYMOUS,
      expect: (r) => nonFork(r) && r.private !== true && (num(r.stargazers_count) ?? -1) > 1000 && lang(r) === 'java',
    },
    { q: 'stars:10..50', expect: (r) => nonFork(r) && (num(r.stargazers_count) ?? -1) >= 10 && (num(r.stargazers_count) ?? -1) <= 50 },
    // fork: alone is nothing to search (reference Part A §4.2): paired with a filter
    { q: 'fork:only -stars:<0', expect: (r) => r.fork === true && newest(r) },
    { q: 'fork:true -stars:<0', expect: (r) => newest(r) },
    { q: 'fork:true language:groovy', expect: (r) => lang(r) === 'groovy' && newest(r) },
    { q: 'archived:true', expect: (r) => nonFork(r) && r.archived === true },
    { q: 'archived:true fork:true', expect: (r) => r.archived === true && newest(r) },
    { q: 'topic:java', expect: (r) => nonFork(r) && topics(r).includes('java') },
    { q: 'topic:api topic:java', expect: (r) => nonFork(r) && topics(r).includes('api') && topics(r).includes('java') },
    { q: '-topic:java topics:>=1', expect: (r) => nonFork(r) && !topics(r).includes('java') && topics(r).length >= 1 },
    { q: 'language:javascript', expect: (r) => nonFork(r) && lang(r) === 'javascript' },
    { q: '-language:java', expect: (r) => nonFork(r) && lang(r) !== 'java' },
    { q: 'user:kohsuke', expect: (r) => nonFork(r) && owner(r) === 'kohsuke' },
    { q: 'org:jenkinsci stars:>=500', expect: (r) => nonFork(r) && owner(r) === 'jenkinsci' && (num(r.stargazers_count) ?? -1) >= 500 },
    { q: 'repo:hub4j/github-api', expect: (r) => nonFork(r) && lower(r.full_name) === 'hub4j/github-api' },
    { q: 'forks:>=100', expect: (r) => nonFork(r) && (num(r.forks_count) ?? -1) >= 100 },
    { q: 'size:<100', expect: (r) => nonFork(r) && (num(r.size) ?? Infinity) < 100 },
    { q: 'created:<2011-01-01', expect: (r) => nonFork(r) && before(r.created_at, '2011-01-01') },
    { q: 'pushed:>=2023-01-01', expect: (r) => nonFork(r) && onOrAfter(r.pushed_at, '2023-01-01') },
    { q: 'is:private', expect: (r) => nonFork(r) && r.private === true },
    { q: 'is:public language:ruby', expect: (r) => nonFork(r) && r.private !== true && lang(r) === 'ruby' },
    { q: 'license:mit', expect: (r) => nonFork(r) && (lower(get(r, 'license.key')) === 'mit' || lower(get(r, 'license.spdx_id')) === 'mit') },
    { q: 'template:true fork:true', expect: (r) => r.is_template === true && newest(r) },
    { q: 'github in:name', expect: (r) => nonFork(r) && codeWords(r.name).includes('github') },
    { q: 'github in:description', expect: (r) => nonFork(r) && words(r.description).includes('github') },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'repositories', repos, c, ALL_ACCESS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ users

describe.skipIf(!HAS.hub4j)(titleFor('users qualifiers on hub4j-github-api-wiremock', HAS.hub4j, HUB4J), () => {
  let store: Store;
  let users: Rec[];
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['users']);
    users = readRaw(HUB4J, 'users');
  }, BUILD_TIMEOUT);
  const type = (r: Rec): string | undefined => (typeof r.type === 'string' ? r.type.toLowerCase() : undefined);
  const cases: QualifierCase[] = [
    { q: 'type:org', expect: (r) => type(r) === 'organization' },
    // Records without `type` (old API shapes) may go either way; Organization and Bot never are users.
    { q: 'type:user', expect: (r) => (type(r) === 'user' ? true : type(r) === undefined ? undefined : false) },
    { q: 'followers:>100', expect: (r) => (num(r.followers) ?? -1) > 100 },
    { q: 'followers:0', expect: (r) => r.followers === 0 },
    { q: 'repos:>50', expect: (r) => (num(r.public_repos) ?? -1) > 50 },
    { q: 'created:<2010-01-01', expect: (r) => before(r.created_at, '2010-01-01') },
    { q: 'user:kohsuke', expect: (r) => lower(r.login) === 'kohsuke' },
    { q: 'org:jenkinsci', expect: (r) => lower(r.login) === 'jenkinsci' },
    { q: 'location:"San Francisco"', expect: (r) => words(r.location).includes('san') && words(r.location).includes('francisco') },
    { q: 'fullname:"Kohsuke Kawaguchi"', expect: (r) => words(r.name).includes('kohsuke') && words(r.name).includes('kawaguchi') },
    { q: 'type:org followers:>=10', expect: (r) => type(r) === 'organization' && (num(r.followers) ?? -1) >= 10 },
    { q: 'kohsuke in:login', expect: (r) => codeWords(r.login).includes('kohsuke') },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    // One account per login: only the newest recording of a login can be found.
    const newest = (r: Rec): boolean => newestRecording(users).has(r);
    await checkCase(store, 'users', users, { ...c, expect: (r) => (newest(r) ? c.expect(r) : false) }, ANONYMOUS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ topics

describe.skipIf(!HAS.explore)(titleFor('topics qualifiers on github-explore (1,255 curated topics)', HAS.explore, EXPLORE), () => {
  let store: Store;
  let topics: Rec[];
  beforeAll(async () => {
    store = await storeOf(EXPLORE, ['topics']);
    topics = readRaw(EXPLORE, 'topics');
  }, BUILD_TIMEOUT);
  const PYTHON = ['python', 'pythons'];
  const topicText = (r: Rec): unknown[] => [r.display_name, r.short_description, r.description];
  const hasPython = (r: Rec): boolean => hasWord([r.name], PYTHON, true) || hasWord(topicText(r), PYTHON);
  const cases: QualifierCase[] = [
    { q: 'is:featured', expect: (r) => r.featured === true },
    { q: 'is:not-featured', expect: (r) => r.featured !== true },
    { q: 'is:curated', expect: (r) => r.curated === true },
    { q: 'is:not-curated', expect: (r) => r.curated !== true, allowEmpty: true },
    { q: 'created:>=2021-01-01', expect: (r) => onOrAfter(r.created_at, '2021-01-01') },
    { q: 'python is:featured', expect: (r) => r.featured === true && hasPython(r) },
    { q: 'python created:<2018-01-01', expect: (r) => hasPython(r) && before(r.created_at, '2018-01-01') },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'topics', topics, c, ANONYMOUS);
  }, CASE_TIMEOUT);
});

describe.skipIf(!HAS.pygithub)(titleFor('topics qualifiers on pygithub-replaydata (real featured/curated)', HAS.pygithub, PYGITHUB), () => {
  let store: Store;
  let topics: Rec[];
  beforeAll(async () => {
    store = await storeOf(PYGITHUB, ['topics']);
    topics = readRaw(PYGITHUB, 'topics');
  }, BUILD_TIMEOUT);
  const cases: QualifierCase[] = [
    { q: 'is:featured', expect: (r) => r.featured === true },
    { q: 'is:not-curated', expect: (r) => r.curated !== true },
    // only the first positive is: counts on topics (reference Part B §4)
    { q: 'is:curated is:not-featured', expect: (r) => r.curated === true },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'topics', topics, c, ANONYMOUS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ code

const extensionOf = (name: string): string => (name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const baseName = (r: Rec): string => String(r.name ?? String(r.path).split('/').pop());
const codeHas = (r: Rec, form: string): boolean => hasWord([r.path, codeContent(r)], [form], true);
const codeRepo = (r: Rec): string => lower(get(r, 'repository.full_name')) || repoOfUrl(r.url) || '';

describe.skipIf(!HAS.hub4j)(titleFor('code qualifiers on hub4j-github-api-wiremock', HAS.hub4j, HUB4J), () => {
  let store: Store;
  let code: Rec[];
  let forks: Set<string>;
  beforeAll(async () => {
    store = await storeOf(HUB4J, ['code']);
    code = readRaw(HUB4J, 'code');
    forks = new Set(readRaw(HUB4J, 'repositories').filter((r) => r.fork === true).map((r) => lower(r.full_name)));
  }, BUILD_TIMEOUT);
  /** Legacy code search leaves fork repositories out unless `fork:` says otherwise (§2.3). */
  const notFork = (r: Rec): boolean => get(r, 'repository.fork') !== true && !forks.has(codeRepo(r));
  const cases: QualifierCase[] = [
    { q: 'js extension:js', expect: (r) => notFork(r) && extensionOf(baseName(r)) === 'js' && codeHas(r, 'js') },
    { q: 'js extension:.js', expect: (r) => notFork(r) && extensionOf(baseName(r)) === 'js' && codeHas(r, 'js') },
    { q: 'html -extension:html', expect: (r) => notFork(r) && extensionOf(baseName(r)) !== 'html' && codeHas(r, 'html') },
    { q: 'js filename:theme.js', expect: (r) => notFork(r) && baseName(r).toLowerCase() === 'theme.js' && codeHas(r, 'js') },
    { q: 'js filename:theme', expect: (r) => notFork(r) && /^theme(\.|$)/i.test(baseName(r)) && codeHas(r, 'js') },
    { q: 'filename:classes.js', expect: (r) => notFork(r) && baseName(r).toLowerCase() === 'classes.js' },
    { q: 'js path:wp-admin/js', expect: (r) => notFork(r) && lower(r.path).startsWith('wp-admin/js/') && codeHas(r, 'js') },
    { q: 'html path:/', expect: (r) => notFork(r) && !String(r.path).includes('/') && codeHas(r, 'html') },
    { q: 'js language:javascript', expect: (r) => notFork(r) && extensionOf(baseName(r)) === 'js' && codeHas(r, 'js') },
    { q: 'html language:html', expect: (r) => notFork(r) && ['html', 'htm'].includes(extensionOf(baseName(r))) && codeHas(r, 'html') },
    { q: 'js repo:jquery/jquery', expect: (r) => notFork(r) && codeRepo(r) === 'jquery/jquery' && codeHas(r, 'js') },
    { q: 'js user:mckaranistudios', expect: (r) => notFork(r) && codeRepo(r).startsWith('mckaranistudios/') && codeHas(r, 'js') },
    { q: 'html size:>10000', expect: (r) => notFork(r) && (num(r.size) ?? -1) > 10000 && codeHas(r, 'html') },
    { q: 'application', expect: (r) => notFork(r) && codeHas(r, 'application') },
    { q: 'js in:path', expect: (r) => notFork(r) && hasWord([r.path], ['js'], true) },
    { q: 'application in:file', expect: (r) => notFork(r) && hasWord([codeContent(r)], ['application'], true) },
    { q: 'html in:path,file -extension:html', expect: (r) => notFork(r) && extensionOf(baseName(r)) !== 'html' && codeHas(r, 'html') },
  ];
  it.each(cases.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    await checkCase(store, 'code', code, c, ALL_ACCESS);
  }, CASE_TIMEOUT);

  it('thanks — files of a fork repository are not searched without fork: (§2.3)', async () => {
    await checkCase(store, 'code', code, { q: 'thanks', expect: (r) => notFork(r) && codeHas(r, 'thanks') }, ALL_ACCESS);
  }, CASE_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ labels

describe.skipIf(!HAS.hub4j || !HAS.pygithub)(titleFor('labels of one repository (repository_id) on hub4j and pygithub', HAS.hub4j && HAS.pygithub, HUB4J), () => {
  const repoId = (source: string, fullName: string): number =>
    Number(readRaw(source, 'repositories').find((r) => lower(r.full_name) === fullName)!.id);
  const labelsOf = (source: string, fullName: string): Rec[] =>
    readRaw(source, 'labels').filter((l) => /\/repos\/([^/]+\/[^/]+)\/labels\//.exec(String(l.url))?.[1]?.toLowerCase() === fullName);
  const cases = [
    { source: HUB4J, repo: 'hub4j-test-org/test-labels', q: 'test', forms: ['test', 'tests', 'testing', 'tested'] },
    { source: HUB4J, repo: 'hub4j-test-org/test-labels', q: 'wontfix', forms: ['wontfix'] },
    { source: HUB4J, repo: 'hub4j/github-api', q: 'java', forms: ['java'] },
    { source: PYGITHUB, repo: 'openframeworks/openframeworks', q: 'section', forms: ['section', 'sections'] },
    { source: PYGITHUB, repo: 'openframeworks/openframeworks', q: 'core', forms: ['core', 'cores'] },
  ];
  it.each(cases)('$source $repo: $q', async ({ source, repo, q, forms }) => {
    const store = await storeOf(source, ['labels']);
    const records = labelsOf(source, repo);
    // Part B §5: a word of the name or the description, or the text as a prefix of the name (phrase prefix).
    const prefixOf = (name: unknown) => ` ${lower(name).split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ')}`.includes(` ${q}`);
    // …and the trigram OR-clause on the name (Part B §5, #26 rule 8): a three-letter gram of the word in a word of the name.
    const grams = (w: string) => Array.from({ length: Math.max(0, w.length - 2) }, (_, i) => w.slice(i, i + 3));
    const sharesGram = (name: unknown) => lower(name).split(/[^\p{L}\p{N}]+/u).some((w) => grams(w).some((g) => grams(q).includes(g)));
    const c: QualifierCase = {
      q,
      expect: (l) => records.includes(l) && (hasWord([l.name, l.description], forms) || prefixOf(l.name) || sharesGram(l.name)),
      extra: { repository_id: String(repoId(source, repo)) },
    };
    await checkCase(store, 'labels', readRaw(source, 'labels'), c, ALL_ACCESS);
  }, BUILD_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ keywords

/** The texts of a raw record that keywords search by default, with whether each is an identifier field. */
const DEFAULT_TEXTS: Record<Kind, (r: Rec) => Array<[unknown, boolean]>> = {
  issues: (r) => [[r.title, false], [r.body, false]],
  commits: (r) => [[get(r, 'commit.message'), false]],
  repositories: (r) => [[r.name, true], [r.description, false], [Array.isArray(r.topics) ? r.topics.join(' ') : '', false]],
  users: (r) => [[r.login, true], [r.email, false]],
  code: (r) => [[r.path, true], [codeContent(r), true]],
  labels: (r) => [[r.name, false], [r.description, false]],
  // Aliases are searched too (Part B §4, #26 rule 12).
  topics: (r) => [
    [r.name, true],
    [r.display_name, false],
    [r.short_description, false],
    [r.description, false],
    [Array.isArray(r.aliases) ? r.aliases.map((a) => String(get(a, 'topic_relation.name'))).join(' ') : undefined, true],
  ],
};
const textHasRoot = (kind: Kind, r: Rec, root: string): boolean => DEFAULT_TEXTS[kind](r).some(([t, code]) => hasRoot([t], root, code));
const textHasForm = (kind: Kind, r: Rec, forms: readonly string[]): boolean =>
  DEFAULT_TEXTS[kind](r).some(([t, code]) => hasWord([t], forms, code));

interface KeywordCase {
  source: string;
  kind: Kind;
  q: string;
  /** Every returned record has, in a default field, a word starting with each root (stems are prefixes). */
  roots: string[];
  /** Every visible record with one of these exact words is found (when the total fits the window). */
  forms: string[];
  /** Restricts the `forms` lower bound (e.g. forks hidden, one repository's labels). */
  scope?: (r: Rec) => boolean;
  extra?: Partial<SearchRequest>;
}

const KEYWORDS: Array<KeywordCase & { present: boolean }> = [
  { present: HAS.hf, source: HF, kind: 'issues', q: 'tokenizer', roots: ['token'], forms: ['tokenizer', 'tokenizers'] },
  { present: HAS.hf, source: HF, kind: 'issues', q: 'Streaming', roots: ['stream'], forms: ['streaming', 'stream', 'streams'] },
  { present: HAS.hf, source: HF, kind: 'issues', q: 'parquet', roots: ['parquet'], forms: ['parquet'] },
  { present: HAS.hf, source: HF, kind: 'issues', q: 'parquet webdataset', roots: ['parquet', 'webdataset'], forms: [] },
  { present: HAS.jenkins, source: JENKINS, kind: 'commits', q: 'regression', roots: ['regress'], forms: ['regression', 'regressions'] },
  { present: HAS.jenkins, source: JENKINS, kind: 'commits', q: 'deadlock', roots: ['deadlock'], forms: ['deadlock', 'deadlocks'] },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'repositories',
    q: 'github',
    roots: ['github'],
    forms: ['github'],
    scope: (r) => r.fork !== true && newestRecording(readRaw(HUB4J, 'repositories')).has(r),
  },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'users',
    q: 'kohsuke',
    roots: ['kohsuke'],
    forms: ['kohsuke'],
    scope: (r) => newestRecording(readRaw(HUB4J, 'users')).has(r),
  },
  { present: HAS.hub4j, source: HUB4J, kind: 'code', q: 'readme', roots: ['readme'], forms: ['readme'] },
  { present: HAS.explore, source: EXPLORE, kind: 'topics', q: 'database', roots: ['databas'], forms: ['database', 'databases'] },
  { present: HAS.explore, source: EXPLORE, kind: 'topics', q: 'machine learning', roots: ['machin', 'learn'], forms: [] },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'labels',
    q: 'duplicate',
    roots: ['duplic'],
    forms: ['duplicate'],
    scope: (l) => String(l.url).includes('/repos/hub4j-test-org/test-labels/'),
    extra: { repository_id: '30830186' },
  },
];

describe('keywords: every result contains the word in a default field; records with the word are found', () => {
  it.each(KEYWORDS.filter((k) => k.present))('$kind $source: $q', async ({ source, kind, q, roots, forms, scope, extra }) => {
    const store = await storeOf(source, [kind]);
    const raw = readRaw(source, kind);
    const byId = new Map(raw.map((r) => [ID[kind](r), r]));
    const { total, items } = await searchAll(store, { kind, q, viewer: ALL_ACCESS, ...extra });
    expect(total, `${q} finds something`).toBeGreaterThan(0);
    const lacking = items.map((i) => byId.get(ID[kind](i))!).filter((r) => !roots.every((root) => textHasRoot(kind, r, root)));
    expect(lacking.map(ID[kind]), `results of ${q} without the word`).toEqual([]);
    if (forms.length > 0 && total <= 1000) {
      const got = new Set(items.map(ID[kind]));
      const missed = raw.filter((r) => (scope?.(r) ?? true) && textHasForm(kind, r, forms) && !got.has(ID[kind](r)));
      expect(missed.map(ID[kind]), `records with ${forms.join('/')} that ${q} missed`).toEqual([]);
    }
  }, BUILD_TIMEOUT);

  /** A word of ≥ 10 letters that occurs in exactly one record (first such record in file order). */
  function rareWord(records: readonly Rec[], texts: (r: Rec) => string): { word: string; record: Rec } {
    const df = new Map<string, number>();
    for (const r of records) for (const w of new Set(words(texts(r)))) df.set(w, (df.get(w) ?? 0) + 1);
    for (const record of records) {
      const text = texts(record);
      for (const w of words(text)) {
        if (!/^[a-z]{10,}$/.test(w) || df.get(w) !== 1) continue;
        // Apostrophe compounds (`word's`, `don't`) are analysed as one word; keep clear of them.
        if (new RegExp(`['’]${w}|${w}['’]`, 'i').test(text)) continue;
        return { word: w, record };
      }
    }
    throw new Error('no rare word');
  }

  const RARE = [
    { present: HAS.hf, source: HF, kind: 'issues' as Kind, texts: (r: Rec) => `${String(r.title)} ${String(r.body ?? '')}` },
    { present: HAS.jenkins, source: JENKINS, kind: 'commits' as Kind, texts: (r: Rec) => String(get(r, 'commit.message') ?? '') },
    { present: HAS.explore, source: EXPLORE, kind: 'topics' as Kind, texts: (r: Rec) => `${String(r.short_description ?? '')} ${String(r.description ?? '')}` },
    { present: HAS.hub4j, source: HUB4J, kind: 'repositories' as Kind, texts: (r: Rec) => (r.fork === true ? '' : String(r.description ?? '')) },
  ];
  it.each(RARE.filter((r) => r.present))('a rare word of one $kind record ($source) finds it', async ({ source, kind, texts }) => {
    const store = await storeOf(source, [kind]);
    const { word, record } = rareWord(readRaw(source, kind), texts);
    const { total, items } = await searchAll(store, { kind, q: word, viewer: ALL_ACCESS });
    expect(items.map(ID[kind]), `"${word}" finds its record`).toContain(ID[kind](record));
    expect(total, `"${word}" is rare`).toBeLessThanOrEqual(5);
    const byId = new Map(readRaw(source, kind).map((r) => [ID[kind](r), r]));
    const root = word.slice(0, word.length - 4);
    expect(items.filter((i) => !textHasRoot(kind, byId.get(ID[kind](i))!, root)).map(ID[kind])).toEqual([]);
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hf)('in:title restricts keywords to the title (a body-only record is not found)', async () => {
    const store = await storeOf(HF, ['issues']);
    const { items } = await searchAll(store, { kind: 'issues', q: 'parquet in:title' });
    const bodyOnly = readRaw(HF, 'issues').filter((r) => hasWord([r.body], PARQUET) && !hasWord([r.title], PARQUET));
    expect(bodyOnly.length).toBeGreaterThan(0);
    const got = new Set(items.map(ID.issues));
    expect(bodyOnly.filter((r) => got.has(ID.issues(r))).map(ID.issues)).toEqual([]);
  }, BUILD_TIMEOUT);

  // Issues search phrases with phrase_slop 10 (code reference Part A §3.2): both words within ten position moves.
  it.runIf(HAS.hf)('a quoted phrase finds records with the words within the slop, and only those', async () => {
    const store = await storeOf(HF, ['issues']);
    const raw = readRaw(HF, 'issues');
    const { total, items } = await searchAll(store, { kind: 'issues', q: '"streaming mode"' });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(1000);
    const adjacent = (r: Rec): boolean =>
      [r.title, r.body].some((t) => {
        // Positions as the prose analyzer counts them: `node.js`, `don't`, `v1.2.3` are one word each.
        const w = typeof t === 'string' ? (t.toLowerCase().match(/[\p{L}\p{N}]+(?:[._'’][\p{L}\p{N}]+)*/gu) ?? []) : [];
        const at = (prefix: string) => w.flatMap((x, i) => (x.split(/[._'’]/).some((part) => part.startsWith(prefix)) || x.startsWith(prefix) ? [i] : []));
        const modes = at('mode');
        // Lucene's sloppy distance for two words: |Δ − 1| ≤ 10 (a reversed pair costs 2 more than in order).
        return at('stream').some((i) => modes.some((j) => Math.abs(j - i - 1) <= 10));
      });
    const byId = new Map(raw.map((r) => [ID.issues(r), r]));
    expect(items.filter((i) => !adjacent(byId.get(ID.issues(i))!)).map(ID.issues), 'results without the phrase').toEqual([]);
    const literal = /(?<![\p{L}\p{N}'’._])streaming\s+mode(?![\p{L}\p{N}'’])/iu;
    const got = new Set(items.map(ID.issues));
    const missed = raw.filter((r) => (literal.test(String(r.title)) || literal.test(String(r.body ?? ''))) && !got.has(ID.issues(r)));
    expect(missed.map(ID.issues), 'records with the literal phrase that were missed').toEqual([]);
    // Both words without adjacency are a superset.
    expect((await search(store, { kind: 'issues', q: 'streaming mode' })).envelope.total_count).toBeGreaterThan(total);
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hf)('a stop word is searched like any word: "the" finds only records containing it', async () => {
    const store = await storeOf(HF, ['issues']);
    const raw = readRaw(HF, 'issues');
    const withThe = raw.filter((r) => hasWord([r.title, r.body], ['the'])).length;
    expect(withThe).toBeLessThan(raw.length);
    expect((await search(store, { kind: 'issues', q: 'the' })).envelope.total_count).toBe(withThe);
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hf)('NOT with a stop word excludes only the records containing it', async () => {
    const store = await storeOf(HF, ['issues']);
    const expected = readRaw(HF, 'issues').filter((r) => hasWord([r.title, r.body], PARQUET) && !hasWord([r.title, r.body], ['the']));
    expect(expected.length).toBeGreaterThan(0);
    const { items } = await searchAll(store, { kind: 'issues', q: 'parquet NOT the' });
    expect(sorted(items.map(ID.issues))).toEqual(sorted(expected.map(ID.issues)));
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hf)('NOT word excludes records containing it; a OR b is the union', async () => {
    const store = await storeOf(HF, ['issues']);
    const raw = readRaw(HF, 'issues');
    const withBoth = new Set(raw.filter((r) => hasWord([r.title, r.body], PARQUET) && hasWord([r.title, r.body], ['arrow'])).map(ID.issues));
    const not = await searchAll(store, { kind: 'issues', q: 'parquet NOT arrow' });
    expect(not.items.filter((i) => withBoth.has(ID.issues(i))).map(ID.issues)).toEqual([]);
    const parquet = await searchAll(store, { kind: 'issues', q: 'parquet' });
    const polars = await searchAll(store, { kind: 'issues', q: 'polars' });
    const either = await searchAll(store, { kind: 'issues', q: 'parquet OR polars' });
    expect(sorted(new Set(either.items.map(ID.issues)))).toEqual(sorted(new Set([...parquet.items, ...polars.items].map(ID.issues))));
  }, BUILD_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ sort orders

type SortValue = (item: Rec) => number | undefined;
const reaction = (key: string): SortValue => (i) => num(get(i, `reactions.${key}`));
/** Independent mapping of every issues sort key to its record value (§2.1). */
const ISSUE_SORTS: Record<string, SortValue> = {
  comments: (i) => num(i.comments),
  reactions: reaction('total_count'),
  'reactions-+1': reaction('+1'),
  'reactions--1': reaction('-1'),
  'reactions-smile': reaction('laugh'),
  'reactions-thinking_face': reaction('confused'),
  'reactions-heart': reaction('heart'),
  'reactions-tada': reaction('hooray'),
  interactions: (i) => (num(i.comments) === undefined ? undefined : num(i.comments)! + (num(get(i, 'reactions.total_count')) ?? 0)),
  created: (i) => ms(i.created_at),
  updated: (i) => ms(i.updated_at),
};

let helpWanted: Map<string, number> | undefined;
/** Open issues labelled "help wanted" per repository, counted over hub4j's issues. */
const helpWantedIssues: SortValue = (item) => {
  helpWanted ??= (() => {
    const counts = new Map<string, number>();
    for (const i of readRaw(HUB4J, 'issues')) {
      if (i.state === 'open' && labelNames(i).includes('help wanted')) {
        const repo = repoOfUrl(i.repository_url) ?? '';
        counts.set(repo, (counts.get(repo) ?? 0) + 1);
      }
    }
    return counts;
  })();
  return typeof item.full_name === 'string' ? helpWanted.get(item.full_name.toLowerCase()) ?? 0 : undefined;
};

interface SortCase {
  present: boolean;
  source: string;
  kind: Kind;
  q: string;
  viewer?: Viewer;
  extra?: Partial<SearchRequest>;
  keys: Record<string, SortValue>;
}
const SORTS: SortCase[] = [
  { present: HAS.hf, source: HF, kind: 'issues', q: 'label:enhancement', keys: ISSUE_SORTS },
  { present: HAS.hub4j, source: HUB4J, kind: 'issues', q: 'is:issue', viewer: ALL_ACCESS, keys: ISSUE_SORTS },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'repositories',
    q: 'user:cloudbees user:bitwise-jenkins user:kohsuke fork:true',
    viewer: ALL_ACCESS,
    keys: {
      stars: (i) => num(i.stargazers_count),
      forks: (i) => num(i.forks_count),
      'help-wanted-issues': helpWantedIssues,
      // GitHub sorts repositories' `updated` on pushed_at (code reference Part A §4.2).
      updated: (i) => ms(i.pushed_at),
    },
  },
  { present: HAS.hub4j, source: HUB4J, kind: 'repositories', q: 'language:java', keys: { stars: (i) => num(i.stargazers_count), forks: (i) => num(i.forks_count) } },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'users',
    q: 'type:user',
    keys: { followers: (i) => num(i.followers), repositories: (i) => num(i.public_repos), joined: (i) => ms(i.created_at) },
  },
  {
    present: HAS.jenkins,
    source: JENKINS,
    kind: 'commits',
    q: 'javadoc',
    keys: { 'author-date': (i) => ms(get(i, 'commit.author.date')), 'committer-date': (i) => ms(get(i, 'commit.committer.date')) },
  },
  {
    present: HAS.requests,
    source: REQUESTS,
    kind: 'commits',
    q: 'cookie',
    keys: { 'author-date': (i) => ms(get(i, 'commit.author.date')), 'committer-date': (i) => ms(get(i, 'commit.committer.date')) },
  },
  { present: HAS.hub4j, source: HUB4J, kind: 'code', q: 'js', viewer: ALL_ACCESS, keys: { indexed: (i) => ms(i.last_modified_at) } },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'labels',
    q: 'test OR bug OR question',
    viewer: ALL_ACCESS,
    extra: { repository_id: '30830186' },
    keys: { created: (i) => ms(i.created_at), updated: (i) => ms(i.updated_at) },
  },
];

describe('sort orders: every sort key of every kind, both orders, records lacking the value last', () => {
  const rows = SORTS.filter((s) => s.present).flatMap((s) =>
    Object.keys(s.keys).flatMap((key) => (['desc', 'asc'] as const).map((order) => ({ ...s, key, order, title: `${s.kind} ${s.source} "${s.q}"` }))),
  );
  it.each(rows)('$title sort=$key order=$order', async ({ source, kind, q, viewer, extra, keys, key, order }) => {
    const store = await storeOf(source, [kind]);
    const request = { kind, q, viewer: viewer ?? ANONYMOUS, ...extra };
    const { total, items } = await searchAll(store, { ...request, sort: key, order });
    expect(items.length).toBe(Math.min(total, 1000));
    const values = items.map(keys[key]!);
    const firstMissing = values.findIndex((v) => v === undefined);
    if (firstMissing >= 0) {
      expect(values.slice(firstMissing).filter((v) => v !== undefined), 'records lacking the value come last').toEqual([]);
    }
    const present = values.filter((v): v is number => v !== undefined);
    const wrong = present.findIndex((v, i) => i > 0 && (order === 'desc' ? v > present[i - 1]! : v < present[i - 1]!));
    expect(wrong, `values in ${order} order (first violation at ${wrong}: ${present[wrong - 1]} then ${present[wrong]})`).toBe(-1);
    if (total <= 1000) {
      const unsorted = await searchAll(store, request);
      expect(sorted(items.map(ID[kind])), 'sorting keeps the same results').toEqual(sorted(unsorted.items.map(ID[kind])));
    }
  }, CASE_TIMEOUT);

  const IGNORED: Array<{ present: boolean; source: string; kind: Kind; q: string; extra?: Partial<SearchRequest> }> = [
    { present: HAS.hf, source: HF, kind: 'issues', q: 'parquet' },
    { present: HAS.jenkins, source: JENKINS, kind: 'commits', q: 'javadoc' },
    { present: HAS.hub4j, source: HUB4J, kind: 'repositories', q: 'github' },
    { present: HAS.hub4j, source: HUB4J, kind: 'users', q: 'type:user' },
    { present: HAS.hub4j, source: HUB4J, kind: 'code', q: 'js' },
    // Labels match should-any (Part B §5): `test` is the name test, and test2 by prefix and description.
    { present: HAS.hub4j, source: HUB4J, kind: 'labels', q: 'test', extra: { repository_id: '30830186' } },
    { present: HAS.explore, source: EXPLORE, kind: 'topics', q: 'python' },
  ];
  it.each(IGNORED.filter((c) => c.present))('$kind: order is ignored without sort ($q)', async ({ source, kind, q, extra }) => {
    const store = await storeOf(source, [kind]);
    const ids = async (more: Partial<SearchRequest>): Promise<string[]> =>
      (await search(store, { kind, q, viewer: ALL_ACCESS, per_page: '100', ...extra, ...more })).envelope.items.map((i) => ID[kind](i as Rec));
    const plain = await ids({});
    expect(plain.length).toBeGreaterThan(1);
    expect(await ids({ order: 'asc' })).toEqual(plain);
    expect(await ids({ order: 'desc' })).toEqual(plain);
  }, BUILD_TIMEOUT);

  it.runIf(HAS.explore)('topics take no sort: sort=created order=asc answers in best-match order', async () => {
    const store = await storeOf(EXPLORE, ['topics']);
    const ids = async (more: Partial<SearchRequest>): Promise<string[]> =>
      (await search(store, { kind: 'topics', q: 'language', per_page: '100', ...more })).envelope.items.map((i) => ID.topics(i as Rec));
    const plain = await ids({});
    expect(plain.length).toBeGreaterThan(1);
    expect(await ids({ sort: 'created', order: 'asc' })).toEqual(plain);
  }, BUILD_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ paging

const CAP_BODY = { message: 'Only the first 1000 search results are available', documentation_url: 'https://docs.github.com/v3/search/', status: '422' };
const CODE_CAP_BODY = {
  message: 'Cannot access beyond the first 1000 results',
  documentation_url: 'https://docs.github.com/rest/search/search#search-code',
  status: '422',
};

describe.skipIf(!HAS.hf)(titleFor('paging: per_page clamping, pages past the end, the 1000 window', HAS.hf, HF), () => {
  let store: Store;
  let closed: number;
  let bugs: number;
  beforeAll(async () => {
    store = await storeOf(HF, ['issues']);
    closed = readRaw(HF, 'issues').filter((r) => r.state === 'closed').length;
    bugs = readRaw(HF, 'issues').filter((r) => labelNames(r).includes('bug')).length;
  }, BUILD_TIMEOUT);

  it.each([
    { per_page: undefined, applied: 30 },
    { per_page: '1', applied: 1 },
    { per_page: '30', applied: 30 },
    { per_page: '100', applied: 100 },
    { per_page: '0', applied: 30 },
    { per_page: '101', applied: 100 },
    { per_page: '500', applied: 100 },
    { per_page: '100000', applied: 100 },
    { per_page: 'abc', applied: 30 },
    { per_page: '-1', applied: 30 },
    { per_page: '1.5', applied: 30 },
    { per_page: '', applied: 30 },
  ])('per_page=$per_page → $applied items', async ({ per_page, applied }) => {
    const result = await search(store, { kind: 'issues', q: 'state:closed', per_page });
    expect(result.envelope.items).toHaveLength(applied);
    expect(result.request.perPage).toBe(applied);
    expect(result.envelope.total_count).toBe(closed);
  });

  it.each([{ page: undefined }, { page: '1' }, { page: '0' }, { page: 'abc' }, { page: '-2' }, { page: '1.5' }])(
    'page=$page is page 1',
    async ({ page }) => {
      const first = await search(store, { kind: 'issues', q: 'state:closed', per_page: '10' });
      const result = await search(store, { kind: 'issues', q: 'state:closed', per_page: '10', page });
      expect(result.envelope.items.map((i) => ID.issues(i as Rec))).toEqual(first.envelope.items.map((i) => ID.issues(i as Rec)));
    },
  );

  it('label:bug: the last page is partial, pages past the end inside the window are empty with the real total', async () => {
    expect(bugs).toBeGreaterThan(100);
    expect(bugs).toBeLessThan(900);
    const last = Math.ceil(bugs / 100);
    const lastPage = await search(store, { kind: 'issues', q: 'label:bug', per_page: '100', page: String(last) });
    expect(lastPage.envelope.items).toHaveLength(bugs - (last - 1) * 100);
    expect(lastPage.lastPage).toBe(last);
    for (const page of [last + 1, 10]) {
      const past = await search(store, { kind: 'issues', q: 'label:bug', per_page: '100', page: String(page) });
      expect(past.envelope).toEqual({ total_count: bugs, incomplete_results: false, items: [] });
    }
    // The window does not depend on the total: page 11 at 100/page starts at item 1001.
    const refused = await apiError(search(store, { kind: 'issues', q: 'label:bug', per_page: '100', page: '11' }));
    expect(errorShape(refused)).toEqual({ status: 422, body: JSON.stringify(CAP_BODY) });
  });

  it.each([
    { per_page: '30', served: 34, size: 30 },
    { per_page: '100', served: 10, size: 100 },
    { per_page: '7', served: 143, size: 7 },
    { per_page: '101', served: 10, size: 100 },
    { per_page: '1', served: 1000, size: 1 },
  ])('per_page=$per_page: page $served is served in full, the next page is refused with 422', async ({ per_page, served, size }) => {
    const page = await search(store, { kind: 'issues', q: 'state:closed', per_page, page: String(served) });
    expect(page.envelope.items).toHaveLength(size);
    expect(page.envelope.total_count).toBe(closed);
    const refused = await apiError(search(store, { kind: 'issues', q: 'state:closed', per_page, page: String(served + 1) }));
    expect(errorShape(refused)).toEqual({ status: 422, body: JSON.stringify(CAP_BODY) });
  });

  it('all pages up to the window hold distinct items, in one consistent order for every page size', async () => {
    const by100 = await searchAll(store, { kind: 'issues', q: 'state:closed' }, 100);
    const ids100 = by100.items.map(ID.issues);
    expect(ids100).toHaveLength(Math.min(closed, 1000));
    expect(new Set(ids100).size).toBe(ids100.length);
    const by30 = await searchAll(store, { kind: 'issues', q: 'state:closed' }, 30);
    const ids30 = by30.items.map(ID.issues);
    expect(ids30).toHaveLength(Math.min(closed, 1020)); // page 34 (items 991–1020) is served in full
    expect(new Set(ids30).size).toBe(ids30.length);
    expect(ids30.slice(0, 1000)).toEqual(ids100);
    const closedIds = new Set(readRaw(HF, 'issues').filter((r) => r.state === 'closed').map(ID.issues));
    expect(ids30.filter((id) => !closedIds.has(id))).toEqual([]);
  }, CASE_TIMEOUT);

  it('sorted paging is consistent across page sizes too (sort=created order=asc)', async () => {
    const a = await searchAll(store, { kind: 'issues', q: 'state:closed', sort: 'created', order: 'asc' }, 100);
    const b = await searchAll(store, { kind: 'issues', q: 'state:closed', sort: 'created', order: 'asc' }, 30);
    expect(b.items.map(ID.issues).slice(0, 1000)).toEqual(a.items.map(ID.issues));
  }, CASE_TIMEOUT);

  it('lastPage is min(ceil(total/per_page), ceil(1000/per_page))', async () => {
    for (const [perPage, expected] of [['30', Math.min(Math.ceil(closed / 30), 34)], ['100', Math.min(Math.ceil(closed / 100), 10)], ['7', Math.min(Math.ceil(closed / 7), 143)]] as const) {
      expect((await search(store, { kind: 'issues', q: 'state:closed', per_page: perPage })).lastPage).toBe(expected);
    }
  });
});

describe.skipIf(!HAS.hub4j || !HAS.jenkins || !HAS.explore)(
  titleFor('paging: the 1000 window on every other kind', HAS.hub4j && HAS.jenkins && HAS.explore, HUB4J),
  () => {
    it.each([
      { source: HUB4J, kind: 'repositories' as Kind, q: 'github' },
      { source: HUB4J, kind: 'users' as Kind, q: 'kohsuke' },
      { source: HUB4J, kind: 'labels' as Kind, q: 'bug', extra: { repository_id: '30830186' } },
      { source: JENKINS, kind: 'commits' as Kind, q: 'javadoc' },
      { source: EXPLORE, kind: 'topics' as Kind, q: 'python' },
    ])('$kind: page 10 at 100/page is served, page 11 answers the 1000-window 422', async ({ source, kind, q, extra }) => {
      const store = await storeOf(source, [kind]);
      const served = await search(store, { kind, q, per_page: '100', page: '10', viewer: ALL_ACCESS, ...extra });
      expect(served.envelope.total_count).toBeGreaterThan(0);
      const refused = await apiError(search(store, { kind, q, per_page: '100', page: '11', viewer: ALL_ACCESS, ...extra }));
      expect(errorShape(refused)).toEqual({ status: 422, body: JSON.stringify(CAP_BODY) });
    }, BUILD_TIMEOUT);

    it.each([
      { per_page: '30', served: 33 },
      { per_page: '100', served: 10 },
      { per_page: '7', served: 142 },
      { per_page: '101', served: 10 },
      { per_page: '1', served: 1000 },
    ])('code: per_page=$per_page serves page $served and refuses the next (page*per_page > 1000)', async ({ per_page, served }) => {
      const store = await storeOf(HUB4J, ['code']);
      const page = await search(store, { kind: 'code', q: 'js', per_page, page: String(served), viewer: ALL_ACCESS });
      expect(page.envelope.total_count).toBeGreaterThan(0);
      expect(page.envelope.items).toEqual([]);
      const refused = await apiError(search(store, { kind: 'code', q: 'js', per_page, page: String(served + 1), viewer: ALL_ACCESS }));
      expect(errorShape(refused)).toEqual({ status: 422, body: JSON.stringify(CODE_CAP_BODY) });
    }, BUILD_TIMEOUT);

    it('code: lastPage is at most floor(1000/per_page); all pages hold distinct items', async () => {
      const store = await storeOf(HUB4J, ['code']);
      const { total, items } = await searchAll(store, { kind: 'code', q: 'js', viewer: ALL_ACCESS }, 7);
      expect(items.length).toBe(total);
      // The dump records one jquery file twice (a search item and a contents record): one item each, one identity.
      const raw = readRaw(HUB4J, 'code');
      const repeated = raw.length - new Set(raw.map(ID.code)).size;
      expect(items.length - new Set(items.map(ID.code)).size).toBeLessThanOrEqual(repeated);
      expect((await search(store, { kind: 'code', q: 'js', per_page: '1', viewer: ALL_ACCESS })).lastPage).toBe(Math.min(total, 1000));
    }, BUILD_TIMEOUT);
  },
);

// ------------------------------------------------------------------------------------------------ error bodies

const MISSING_Q = {
  message: 'Validation Failed',
  errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
  documentation_url: 'https://docs.github.com/v3/search',
  status: '422',
};
const invalid = (message: string): object => ({
  message: 'Validation Failed',
  errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
  documentation_url: 'https://docs.github.com/v3/search/',
  status: '422',
});
const TOO_LONG = invalid('The search is longer than 256 characters.');
const TOO_MANY_OPERATORS = invalid('More than five AND / OR / NOT operators were used.');
const ONLY_OPERATORS = invalid('The search contains only logical operators (AND / OR / NOT) without any search terms.');
const NO_QUALIFIERS_APPLY = invalid('None of the search qualifiers apply to this search type.');
const CANNOT_SEARCH = invalid(
  'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
);
const CANNOT_SEARCH_USERS = invalid(
  'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.',
);
const COMMITS_TEXT = invalid(
  'Search text is required when searching commits. Searches that use qualifiers only are not allowed. Were you searching for something else?',
);
const CODE_TEXT = invalid(
  'Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?',
);
const MISSING_REPOSITORY_ID = {
  message: 'Validation Failed',
  errors: [{ resource: 'Search', field: 'repository_id', code: 'missing' }],
  documentation_url: 'https://docs.github.com/v3/search',
  status: '422',
};

interface ErrorCase {
  title: string;
  source: string;
  request: SearchRequest;
  status: number;
  body: object;
}

const ERROR_SOURCES_PRESENT = HAS.hf && HAS.hub4j && HAS.jenkins && HAS.explore;
const words256 = (n: number): string => 'abcdefghi '.repeat(Math.ceil(n / 10)).slice(0, n).trim().padEnd(n, 'x');

describe.skipIf(!ERROR_SOURCES_PRESENT)(titleFor('error bodies exactly as GitHub sends them (§1.11, §3.5)', ERROR_SOURCES_PRESENT, HUB4J), () => {
  const issues = (q: string | undefined, more: Partial<SearchRequest> = {}): SearchRequest => ({ kind: 'issues', q, ...more });
  const cases: ErrorCase[] = [
    { title: 'issues: q absent', source: HF, request: issues(undefined), status: 422, body: MISSING_Q },
    { title: 'issues: q empty', source: HF, request: issues(''), status: 422, body: MISSING_Q },
    { title: 'issues: q blank', source: HF, request: issues('   '), status: 422, body: MISSING_Q },
    { title: 'issues: blank q is checked before the 1000 window', source: HF, request: issues('', { page: '50' }), status: 422, body: MISSING_Q },
    { title: 'repositories: q blank', source: HUB4J, request: { kind: 'repositories', q: ' ' }, status: 422, body: MISSING_Q },
    { title: 'users: q blank', source: HUB4J, request: { kind: 'users', q: '' }, status: 422, body: MISSING_Q },
    { title: 'code: q blank', source: HUB4J, request: { kind: 'code', q: '' }, status: 422, body: MISSING_Q },
    { title: 'commits: q blank', source: JENKINS, request: { kind: 'commits', q: '' }, status: 422, body: MISSING_Q },
    { title: 'topics: q blank', source: EXPLORE, request: { kind: 'topics', q: '' }, status: 422, body: MISSING_Q },
    { title: 'labels: q blank', source: HUB4J, request: { kind: 'labels', q: '', repository_id: '30830186' }, status: 422, body: MISSING_Q },
    { title: 'issues: 257 characters of text', source: HF, request: issues(words256(257)), status: 422, body: TOO_LONG },
    { title: 'repositories: 300 characters of text', source: HUB4J, request: { kind: 'repositories', q: words256(300) }, status: 422, body: TOO_LONG },
    { title: 'issues: six operators', source: HF, request: issues('a OR b OR c OR d OR e OR f OR g'), status: 422, body: TOO_MANY_OPERATORS },
    { title: 'repositories: six operators', source: HUB4J, request: { kind: 'repositories', q: 'a AND b OR c NOT d OR e AND f OR g' }, status: 422, body: TOO_MANY_OPERATORS },
    { title: 'repositories: topic:a OR topic:b', source: HUB4J, request: { kind: 'repositories', q: 'topic:java OR topic:api' }, status: 422, body: ONLY_OPERATORS },
    { title: 'repositories: language:a OR language:b', source: HUB4J, request: { kind: 'repositories', q: 'language:java OR language:go' }, status: 422, body: ONLY_OPERATORS },
    { title: 'users: followers:>1 OR type:org', source: HUB4J, request: { kind: 'users', q: 'followers:>1 OR type:org' }, status: 422, body: ONLY_OPERATORS },
    { title: 'repositories: OR alone', source: HUB4J, request: { kind: 'repositories', q: 'OR' }, status: 422, body: ONLY_OPERATORS },
    { title: 'topics: NOT alone', source: EXPLORE, request: { kind: 'topics', q: 'NOT' }, status: 422, body: ONLY_OPERATORS },
    ...['commenter:lhoestq', 'project:huggingface/1', 'linked:pr', 'review:approved', 'reviewed-by:lhoestq', 'status:success'].flatMap((q) => [
      { title: `issues: unsupported ${q}`, source: HF, request: issues(q), status: 422, body: NO_QUALIFIERS_APPLY },
      { title: `issues: unsupported ${q} with text`, source: HF, request: issues(`parquet ${q}`), status: 422, body: NO_QUALIFIERS_APPLY },
    ]),
    { title: 'repositories: unsupported has:funding-file', source: HUB4J, request: { kind: 'repositories', q: 'has:funding-file' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'users: unsupported language:java', source: HUB4J, request: { kind: 'users', q: 'kohsuke language:java' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'repositories: is:starred alone', source: HUB4J, request: { kind: 'repositories', q: 'is:starred' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'repositories: stars:abc alone', source: HUB4J, request: { kind: 'repositories', q: 'stars:abc' }, status: 422, body: invalid('"abc" is not a numeric value - please provide an integer value') },
    { title: 'repositories: in:name alone', source: HUB4J, request: { kind: 'repositories', q: 'in:name' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'repositories: fork:maybe alone', source: HUB4J, request: { kind: 'repositories', q: 'fork:maybe' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'issues: comments:lots alone', source: HF, request: issues('comments:lots'), status: 422, body: invalid('"lots" is not a numeric value - please provide an integer value') },
    { title: 'users: type:robot alone', source: HUB4J, request: { kind: 'users', q: 'type:robot' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'topics: is:starred alone', source: EXPLORE, request: { kind: 'topics', q: 'is:starred' }, status: 422, body: NO_QUALIFIERS_APPLY },
    { title: 'commits: repo: only', source: JENKINS, request: { kind: 'commits', q: 'repo:jenkinsci/jenkins' }, status: 422, body: COMMITS_TEXT },
    { title: 'commits: repo: only', source: JENKINS, request: { kind: 'commits', q: 'repo:jenkinsci/git-plugin' }, status: 422, body: COMMITS_TEXT },
    { title: 'code: extension: only', source: HUB4J, request: { kind: 'code', q: 'extension:js' }, status: 422, body: CODE_TEXT },
    { title: 'code: language: only (a global query, B §3.2)', source: HUB4J, request: { kind: 'code', q: 'language:javascript' }, status: 422, body: CODE_TEXT },
    { title: 'labels: repository_id absent', source: HUB4J, request: { kind: 'labels', q: 'bug' }, status: 422, body: MISSING_REPOSITORY_ID },
    { title: 'labels: repository_id not a number', source: HUB4J, request: { kind: 'labels', q: 'bug', repository_id: 'abc' }, status: 422, body: MISSING_REPOSITORY_ID },
    { title: 'issues: repo: unknown', source: HF, request: issues('repo:nobody-xyz/nothing-xyz'), status: 422, body: CANNOT_SEARCH },
    { title: 'issues: repo: unknown with text', source: HF, request: issues('parquet repo:nobody-xyz/nothing-xyz'), status: 422, body: CANNOT_SEARCH },
    { title: 'issues: repo: unknown is checked before the 1000 window', source: HF, request: issues('repo:nobody-xyz/nothing-xyz', { page: '50' }), status: 422, body: CANNOT_SEARCH },
    { title: 'repositories: repo: unknown', source: HUB4J, request: { kind: 'repositories', q: 'repo:nobody-xyz/nothing-xyz' }, status: 422, body: CANNOT_SEARCH },
    { title: 'commits: repo: unknown', source: JENKINS, request: { kind: 'commits', q: 'javadoc repo:nobody-xyz/nothing-xyz' }, status: 422, body: CANNOT_SEARCH },
    // user: is part of the repository scope on issues and repositories (reference Part A §2.3)
    { title: 'issues: user: unknown', source: HF, request: issues('user:nobody-xyz-123'), status: 422, body: CANNOT_SEARCH },
    { title: 'repositories: user: unknown', source: HUB4J, request: { kind: 'repositories', q: 'user:nobody-xyz-123' }, status: 422, body: CANNOT_SEARCH },
    { title: 'users: user: unknown', source: HUB4J, request: { kind: 'users', q: 'user:nobody-xyz-123' }, status: 422, body: CANNOT_SEARCH_USERS },
    { title: 'issues: author:@me anonymous', source: HF, request: issues('author:@me'), status: 422, body: CANNOT_SEARCH_USERS },
  ];
  it.each(cases)('$title → $status', async ({ source, request, status, body }) => {
    const store = await storeOf(source, [request.kind]);
    const error = await apiError(search(store, request));
    expect(errorShape(error)).toEqual({ status, body: JSON.stringify(body) });
  }, BUILD_TIMEOUT);

  it.each([
    // the 256 rule counts GitHub's word quoting (reference Part A §2.1): one word is not quoted
    { title: 'issues: exactly 256 characters of text', source: HF, request: issues('x'.repeat(256)) },
    { title: 'issues: 250 characters of text plus qualifiers (not counted)', source: HF, request: issues(`${'y'.repeat(250)} label:bug state:open`) },
    { title: 'issues: is:starred alone is label:starred (reference Part A §3.1)', source: HF, request: issues('is:starred') },
    { title: 'commits: author-email: only (reference Part B §2.2)', source: JENKINS, request: { kind: 'commits', q: 'author-email:kk@kohsuke.org' } as SearchRequest },
    { title: 'commits: merge:true author-date:<2010-01-01 (reference Part B §2.2)', source: JENKINS, request: { kind: 'commits', q: 'merge:true author-date:<2010-01-01' } as SearchRequest },
    { title: 'issues: repo: known plus repo: unknown (reference Part A §2.3)', source: HF, request: issues('repo:huggingface/datasets repo:nobody-xyz/nothing-xyz') },
    { title: 'issues: five operators', source: HF, request: issues('a OR b OR c OR d OR e OR f') },
    { title: 'issues: label:a OR label:b (advanced syntax)', source: HF, request: issues('label:bug OR label:enhancement') },
    { title: 'code: filename: alone', source: HUB4J, request: { kind: 'code', q: 'filename:classes.js', viewer: ALL_ACCESS } as SearchRequest },
    { title: 'commits: without preview when previews are optional', source: JENKINS, request: { kind: 'commits', q: 'javadoc', accept: ACCEPT.plain, requirePreviews: false } as SearchRequest },
    { title: 'topics: without preview when previews are optional', source: EXPLORE, request: { kind: 'topics', q: 'python', accept: ACCEPT.plain, requirePreviews: false } as SearchRequest },
    { title: 'repositories: unknown qualifier name is free text', source: HUB4J, request: { kind: 'repositories', q: 'frobnicate:github' } as SearchRequest },
  ])('$title → 200', async ({ source, request }) => {
    const store = await storeOf(source, [request.kind]);
    const result = await search(store, request);
    expect(Object.keys(result.envelope)).toEqual(['total_count', 'incomplete_results', 'items']);
  }, BUILD_TIMEOUT);

  it.each([
    { kind: 'repositories' as Kind, source: HUB4J, q: 'language:asdf' },
    { kind: 'issues' as Kind, source: HF, q: 'language:asdf' },
  ])('$kind: $q (only an unknown language) → 422 None of the search qualifiers apply', async ({ kind, source, q }) => {
    const store = await storeOf(source, [kind]);
    const error = await apiError(search(store, { kind, q, viewer: ALL_ACCESS }));
    expect(errorShape(error)).toEqual({ status: 422, body: JSON.stringify(NO_QUALIFIERS_APPLY) });
  }, BUILD_TIMEOUT);

  it('repositories: github language:asdf answers like github (the unusable qualifier is dropped)', async () => {
    const store = await storeOf(HUB4J, ['repositories']);
    const plain = await search(store, { kind: 'repositories', q: 'github', viewer: ALL_ACCESS });
    const dropped = await search(store, { kind: 'repositories', q: 'github language:asdf', viewer: ALL_ACCESS });
    expect(plain.envelope.total_count).toBeGreaterThan(0);
    expect(dropped.envelope.total_count).toBe(plain.envelope.total_count);
  }, BUILD_TIMEOUT);

  it('repositories: github is:starred answers like github (an unknown is: value is dropped, reference Part A §4.1)', async () => {
    const store = await storeOf(HUB4J, ['repositories']);
    const plain = await search(store, { kind: 'repositories', q: 'github', viewer: ALL_ACCESS });
    const dropped = await search(store, { kind: 'repositories', q: 'github is:starred', viewer: ALL_ACCESS });
    expect(plain.envelope.total_count).toBeGreaterThan(0);
    expect(dropped.envelope.total_count).toBe(plain.envelope.total_count);
  }, BUILD_TIMEOUT);

  it('code: repo: naming an unknown repository → 200, total_count 0, incomplete_results true (§1.11)', async () => {
    const store = await storeOf(HUB4J, ['code']);
    const result = await search(store, { kind: 'code', q: 'js repo:nobody-xyz/nothing-xyz', viewer: ALL_ACCESS });
    expect(result.envelope).toEqual({ total_count: 0, incomplete_results: true, items: [] });
  }, BUILD_TIMEOUT);

  it('code: the 1000 window is checked before repo: resolution', async () => {
    const store = await storeOf(HUB4J, ['code']);
    const error = await apiError(search(store, { kind: 'code', q: 'js repo:nobody-xyz/nothing-xyz', per_page: '100', page: '11' }));
    expect(errorShape(error)).toEqual({ status: 422, body: JSON.stringify(CODE_CAP_BODY) });
  }, BUILD_TIMEOUT);

  it('labels: unknown repository_id → 404 Not Found', async () => {
    const store = await storeOf(HUB4J, ['labels']);
    const error = await apiError(search(store, { kind: 'labels', q: 'bug', repository_id: '987654321987' }));
    expect(error.status).toBe(404);
    expect(Object.keys(error.body)).toEqual(['message', 'documentation_url', 'status']);
    expect(error.body.message).toBe('Not Found');
    expect(error.body.status).toBe('404');
    expect(error.body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
  }, BUILD_TIMEOUT);

  const PREVIEW_MESSAGE =
    /^If you would like to help us test the .+ API during its preview period, you must specify a custom media type in the 'Accept' header\. Please see the docs for full details\.$/;
  it.each([
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: undefined },
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: ACCEPT.plain },
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: ACCEPT.textMatch },
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: ACCEPT.mercy },
    { kind: 'topics' as Kind, source: EXPLORE, q: 'python', accept: undefined },
    { kind: 'topics' as Kind, source: EXPLORE, q: 'python', accept: ACCEPT.plain },
    { kind: 'topics' as Kind, source: EXPLORE, q: 'python', accept: ACCEPT.cloak },
  ])('$kind without its preview media type (accept $accept) → 415', async ({ kind, source, q, accept }) => {
    const store = await storeOf(source, [kind]);
    const error = await apiError(runSearch({ kind, q, accept }, store));
    expect(error.status).toBe(415);
    expect(Object.keys(error.body)).toEqual(['message', 'documentation_url']);
    expect(error.body.message).toMatch(PREVIEW_MESSAGE);
    expect(error.body.documentation_url).toMatch(/^https:\/\/(docs|developer)\.github\.com\//);
  }, BUILD_TIMEOUT);

  it.each([
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: 'application/vnd.github.cloak-preview' },
    { kind: 'commits' as Kind, source: JENKINS, q: 'javadoc', accept: 'application/vnd.github.v3+json, application/vnd.github.cloak-preview+json' },
    { kind: 'topics' as Kind, source: EXPLORE, q: 'python', accept: 'application/vnd.github.mercy-preview+json' },
  ])('$kind with its preview ($accept) → 200', async ({ kind, source, q, accept }) => {
    const store = await storeOf(source, [kind]);
    expect((await runSearch({ kind, q, accept }, store)).envelope.total_count).toBeGreaterThan(0);
  }, BUILD_TIMEOUT);
});

// ------------------------------------------------------------------------------------------------ text matches

interface TextMatchCase {
  present: boolean;
  source: string;
  kind: Kind;
  q: string;
  properties: string[];
  objectType: string;
  /** Every item must carry at least one entry (all its default fields are text-match properties). */
  everyItem: boolean;
  extra?: Partial<SearchRequest>;
}
const TEXT_MATCHES: TextMatchCase[] = [
  { present: HAS.hf, source: HF, kind: 'issues', q: 'parquet', properties: ['title', 'body'], objectType: 'Issue', everyItem: true },
  { present: HAS.hf, source: HF, kind: 'issues', q: 'tokenizer label:bug', properties: ['title', 'body'], objectType: 'Issue', everyItem: true },
  { present: HAS.hf, source: HF, kind: 'issues', q: '"streaming mode"', properties: ['title', 'body'], objectType: 'Issue', everyItem: true },
  { present: HAS.hf, source: HF, kind: 'issues', q: 'parquet NOT arrow', properties: ['title', 'body'], objectType: 'Issue', everyItem: true },
  { present: HAS.jenkins, source: JENKINS, kind: 'commits', q: 'spotbugs', properties: ['message'], objectType: 'CommitMessage', everyItem: true },
  { present: HAS.requests, source: REQUESTS, kind: 'commits', q: 'cookie jar', properties: ['message'], objectType: 'CommitMessage', everyItem: true },
  { present: HAS.hub4j, source: HUB4J, kind: 'repositories', q: 'github api', properties: ['name', 'description'], objectType: 'Repository', everyItem: false },
  { present: HAS.hub4j, source: HUB4J, kind: 'users', q: 'kohsuke', properties: ['login', 'email', 'name'], objectType: 'User', everyItem: true },
  { present: HAS.hub4j, source: HUB4J, kind: 'code', q: 'html', properties: ['content', 'path'], objectType: 'FileContent', everyItem: true },
  { present: HAS.hub4j, source: HUB4J, kind: 'code', q: 'thanks', properties: ['content', 'path'], objectType: 'FileContent', everyItem: true },
  {
    present: HAS.hub4j,
    source: HUB4J,
    kind: 'labels',
    q: 'test',
    properties: ['name', 'description'],
    objectType: 'Label',
    // A label matched only as a name prefix (`test2`, Part B §5 phrase prefix) gets no text match here: our
    // highlighter marks whole words (GitHub would highlight the prefix match).
    everyItem: false,
    extra: { repository_id: '30830186' },
  },
  {
    present: HAS.explore,
    source: EXPLORE,
    kind: 'topics',
    q: 'machine learning',
    // Aliases are searched and highlighted (Part B §4, #26 rule 12).
    properties: ['name', 'display_name', 'short_description', 'description', 'aliases'],
    objectType: 'Topic',
    everyItem: true,
  },
];

const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/** The full value of a text-match property of an item (code content comes from the raw record). */
function propertyValue(kind: Kind, item: Rec, raw: Rec | undefined, property: string): string | undefined {
  if (kind === 'commits') return get(item, 'commit.message') as string | undefined;
  if (kind === 'code' && property === 'content') return raw ? codeContent(raw) : undefined;
  if (kind === 'topics' && property === 'aliases') {
    return Array.isArray(raw?.aliases) ? raw.aliases.map((a) => String(get(a, 'topic_relation.name'))).join(' ') : undefined;
  }
  const v = item[property];
  return typeof v === 'string' ? v : undefined;
}

describe('text matches (text-match media type)', () => {
  it.each(TEXT_MATCHES.filter((c) => c.present))(
    '$kind $source "$q": indices slice fragments, properties and object types are the documented ones',
    async ({ source, kind, q, properties, objectType, everyItem, extra }) => {
      const store = await storeOf(source, [kind]);
      const request = { kind, q, viewer: ALL_ACCESS, per_page: '100', ...extra };
      const result = await runSearch({ ...request, accept: acceptFor(kind, true) }, store);
      const items = result.envelope.items as Rec[];
      expect(items.length).toBeGreaterThan(0);
      const rawById = new Map(readRaw(source, kind).map((r) => [ID[kind](r), r]));
      const queryWords = words(q);
      let entries = 0;
      for (const item of items) {
        const keys = Object.keys(item);
        expect(keys[keys.length - 1], 'text_matches is the last key').toBe('text_matches');
        const matches = item.text_matches as Rec[];
        expect(Array.isArray(matches)).toBe(true);
        if (everyItem) expect(matches.length, `${ID[kind](item)} has text matches`).toBeGreaterThan(0);
        for (const entry of matches) {
          entries++;
          expect(Object.keys(entry)).toEqual(['object_url', 'object_type', 'property', 'fragment', 'matches']);
          expect(properties).toContain(entry.property);
          expect(entry.object_type).toBe(objectType);
          // Recorded URLs are kept (one hub4j repository was recorded through a local proxy as http://localhost:…).
          expect(String(entry.object_url)).toMatch(/^https?:\/\/[^/]+\//);
          const fragment = String(entry.fragment);
          const value = propertyValue(kind, item, rawById.get(ID[kind](item)), String(entry.property));
          expect(value, `${String(entry.property)} of ${ID[kind](item)}`).toBeDefined();
          expect(value!.includes(fragment), `the fragment is a substring of ${String(entry.property)}`).toBe(true);
          expect((entry.matches as Rec[]).length).toBeGreaterThan(0);
          for (const m of entry.matches as Rec[]) {
            expect(Object.keys(m)).toEqual(['text', 'indices']);
            const [start, end] = m.indices as number[];
            expect((m.indices as number[]).length).toBe(2);
            // Indices count code points (GitHub's highlighter, code reference Part B §6).
            const points = [...fragment];
            expect(Number.isInteger(start) && Number.isInteger(end) && start! >= 0 && start! < end! && end! <= points.length).toBe(true);
            expect(points.slice(start, end).join('')).toBe(m.text);
            const text = String(m.text);
            // The matched text is (a form of) one of the query words.
            const ok = queryWords.some((w) => codeWords(text).some((t) => commonPrefix(t, w) >= Math.min(5, t.length, w.length)));
            expect(ok, `"${text}" matches one of ${queryWords.join(', ')}`).toBe(true);
          }
        }
        if (kind === 'code') {
          expect(matches.filter((e) => e.property === 'content').length, 'at most two content fragments per file').toBeLessThanOrEqual(2);
        }
      }
      expect(entries).toBeGreaterThan(0);
      const plain = await runSearch({ ...request, accept: acceptFor(kind, false) }, store);
      expect((plain.envelope.items as Rec[]).some((i) => 'text_matches' in i), 'no text_matches without the media type').toBe(false);
      expect(plain.envelope.items.map((i) => ID[kind](i as Rec))).toEqual(items.map((i) => ID[kind](i)));
    },
    BUILD_TIMEOUT,
  );

  it.runIf(HAS.hub4j)('users: object_url is the user API URL', async () => {
    const store = await storeOf(HUB4J, ['users']);
    const result = await runSearch({ kind: 'users', q: 'kohsuke', accept: ACCEPT.textMatch }, store);
    for (const item of result.envelope.items as Rec[]) {
      for (const e of item.text_matches as Rec[]) expect(e.object_url).toBe(`https://api.github.com/users/${String(item.login)}`);
    }
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hub4j)('repositories: object_url is https://api.github.com/repositories/{id}', async () => {
    const store = await storeOf(HUB4J, ['repositories']);
    const result = await runSearch({ kind: 'repositories', q: 'github', accept: ACCEPT.textMatch }, store);
    const urls = (result.envelope.items as Rec[]).flatMap((item) =>
      // The REST root is the record's own (recorded dumps may use another host, e.g. a GitHub Enterprise base).
      (item.text_matches as Rec[]).map((e) => [e.object_url, `${/^https?:\/\/[^/]+/.exec(String(item.url))![0]}/repositories/${String(item.id)}`]),
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const [got, want] of urls) expect(got).toBe(want);
  }, BUILD_TIMEOUT);

  it.runIf(HAS.hub4j)('issues: object_url is https://api.github.com/repositories/{repository id}/issues/{number}', async () => {
    const store = await storeOf(HUB4J, ['issues']);
    const result = await runSearch({ kind: 'issues', q: 'repo:hub4j/github-api release', accept: ACCEPT.textMatch }, store);
    const repoId = readRaw(HUB4J, 'repositories').find((r) => r.full_name === 'hub4j/github-api')!.id;
    const entries = (result.envelope.items as Rec[]).flatMap((item) =>
      (item.text_matches as Rec[]).map((e) => [e.object_url, `https://api.github.com/repositories/${String(repoId)}/issues/${String(item.number)}`]),
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const [got, want] of entries) expect(got).toBe(want);
  }, BUILD_TIMEOUT);
});
