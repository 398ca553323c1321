/**
 * The front half, rule by rule (each case cites the section of ../shared/reference/github-search-code.md it
 * checks): how a query is understood, and GitHub's exact 422 bodies with the span of `q` each is about.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { specOf } from '../../src/kinds/catalog.js';
import type { Kind } from '../../src/kinds/kind.js';
import { printTree } from '../../src/plan/explain.js';
import { understandQuery } from '../../src/plan/understand.js';

const plan = (kind: Kind, q: string) => understandQuery(q, specOf(kind));

/** The plan in one line: tree, scope, sort, in: fields, dropped parts. */
async function summary(kind: Kind, q: string) {
  const p = await plan(kind, q);
  return {
    tree: printTree(p.tree),
    scope: p.scope.map((l) => `${l.negated ? '-' : ''}${l.name}:${l.values.join(',')}`),
    sort: p.sortQualifier ? `${p.sortQualifier.key} ${p.sortQualifier.order}` : undefined,
    dropped: p.dropped.map((d) => d.raw),
  };
}

const invalid = (message: string) => ({
  message: 'Validation Failed',
  errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
  documentation_url: 'https://docs.github.com/v3/search/',
  status: '422',
});

async function refusal(kind: Kind, q: string) {
  const error = await plan(kind, q).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${kind} ${q}`).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  return { status: api.status, body: JSON.parse(JSON.stringify(api.body)) as unknown, at: api.span ? q.slice(api.span.start, api.span.end) : undefined };
}

describe('parsing (reference Part A §2.1)', () => {
  it.each<[string, Kind, string, Partial<Awaited<ReturnType<typeof summary>>>]>([
    ['names are case-sensitive: LABEL:x is text', 'issues', 'LABEL:x', { tree: 'LABEL:x' }],
    ['repo and user are always recognised, then ignored by users', 'users', 'ada repo:a/b', { tree: 'ada', dropped: ['repo:a/b'] }],
    ['repo and user are parsed and ignored by topics', 'topics', 'rust user:ada', { tree: 'rust', dropped: ['user:ada'] }],
    ['a name the kind lacks stays text (commits in:)', 'commits', 'fix in:title', { tree: '(and fix in:title)' }],
    ['@owner/name → repo:', 'repositories', 'cli @hub4j/github-api', { scope: ['repo:hub4j/github-api'] }],
    ['@login → user:', 'repositories', 'cli @hub4j', { scope: ['user:hub4j'] }],
    ['#topic → topic:', 'repositories', '#jenkins', { tree: 'topic:jenkins' }],
    ['-@login excludes', 'issues', 'bug -@ada', { scope: ['-user:ada'] }],
    ['#word is text where topic is not a qualifier', 'issues', '#123', { tree: '#123' }],
    ['comma lists of enumerable qualifiers are alternatives', 'issues', 'label:bug,"good first issue"', { tree: 'label:bug,"good first issue"' }],
    ['other qualifiers re-join the list', 'users', 'fullname:"ada,lovelace"', { tree: 'fullname:"ada,lovelace"' }],
    ['the last of an odd number of quotes is dropped', 'issues', '"blue light" "crash', { tree: '(and "blue light" crash)' }],
    ['&& and || are operators', 'issues', 'a && b || c', { tree: '(or (and a b) c)' }],
    ['sort: is a qualifier, not text', 'issues', 'is:open sort:comments-desc', { tree: 'is:open', sort: 'comments desc' }],
    ['sort:KEY-asc', 'repositories', 'cli sort:stars-asc', { sort: 'stars asc' }],
    ['sort:KEY alone is descending', 'users', 'ada sort:joined', { sort: 'joined desc' }],
    ['reactions-+1-desc keeps the key whole', 'issues', 'bug sort:reactions-+1-desc', { sort: 'reactions-+1 desc' }],
    ['an unknown sort key is skipped', 'issues', 'bug sort:stars', { sort: undefined, dropped: ['sort:stars'] }],
    ['the right-most sort: wins', 'issues', 'bug sort:created-asc sort:comments', { sort: 'comments desc' }],
    ['labels take sort:', 'labels', 'sort:created', { tree: '(everything in scope)', sort: 'created desc' }],
    ['topics have no sort: it is text', 'topics', 'rust sort:name', { tree: '(and rust sort:name)' }],
    ['in: values accumulate, unknown ones are dropped', 'repositories', 'cli in:name in:readme,description', { dropped: ['in:readme'] }],
  ])('%s', async (_name, kind, q, expected) => {
    expect(await summary(kind, q)).toMatchObject(expected);
  });

  it('in: fields accumulate across occurrences (Part A §2.1 "in:")', async () => {
    // in:name searches the name and `owner/name` (Part A §4.2).
    expect((await plan('repositories', 'cli in:name in:description')).fields).toEqual(['name', 'name_with_owner', 'description']);
    expect((await plan('repositories', 'cli in:nothing')).fields).toEqual(specOf('repositories').defaultFields);
  });
});

describe('qualifiers of every kind (reference Part A §3–§5, Part B §2–§5)', () => {
  it.each<[string, Kind, string, string]>([
    ['is:<unknown> is a label (A §3.1)', 'issues', 'is:wontfix', 'is:label:wontfix'],
    ['milestone:none (A §2.3 Milestone)', 'issues', 'milestone:none', 'milestone:"(no milestone)"'],
    ['milestone:* (A §2.3 Milestone)', 'issues', 'milestone:*', 'milestone:"(any milestone)"'],
    ['has: and no: (A §3.6)', 'issues', 'has:label no:milestone', '(and has:label no:milestone)'],
    ['head: is a prefix (A §2.3 Prefix)', 'issues', 'head:Fix', 'head:fix*'],
    ['base: is a prefix (A §2.3 Prefix)', 'issues', 'base:main', 'base:main*'],
    ['draft: /true/i unanchored (A §3.1)', 'issues', 'draft:untrue', 'draft:true'],
    ['archived: anything else is false (A §3.1)', 'issues', 'archived:no', 'archived:false'],
    ['repeats all hold in advanced issue search (A §3.6)', 'issues', 'label:a label:b', '(and label:a label:b)'],
    ['lang: is language: (A §3.1)', 'issues', 'lang:js', 'lang:javascript'],
    ['created:YYYY is the whole year (A §2.3)', 'issues', 'created:2020', 'created:"[2020-01-01T00:00:00.000Z .. 2021-01-01T00:00:00.000Z)"'],
    ['repeats OR in the legacy engine (A §2.3)', 'repositories', 'stars:1 stars:5', '(or stars:"[1 .. 1]" stars:"[5 .. 5]")'],
    ['several topic: are all required (A §4.1)', 'repositories', 'topic:a topic:b', '(and topic:a topic:b)'],
    ['fork: coerces its value (A §4.1)', 'repositories', 'cli fork:yes', '(and fork:"forks excluded" cli)'],
    ['mirror: /^true$/i (A §4.1)', 'repositories', 'mirror:TRUE', 'mirror:true'],
    ['archived: anchored (A §4.1)', 'repositories', 'archived:untrue', 'archived:false'],
    ['visibility: (A §4.1)', 'repositories', 'visibility:private', 'visibility:private'],
    ['type:organization (A §5)', 'users', 'type:organization', 'type:organization'],
    ['user: and org: are one user filter (A §5)', 'users', 'user:a org:b', '(or user:a org:b)'],
    ['sha: and hash: feed one SHA filter (B §2.1)', 'commits', 'sha:abcdef0', 'sha:abcdef0*'],
    ['two SHA values build no filter (B §2.1, ambiguous)', 'commits', 'fix hash:abcdef0 sha:1234567', 'fix'],
    ['author: counts its first value only (B §2.1)', 'commits', 'author:a author:b', 'author:a'],
    ['merge: contains true (B §2.1)', 'commits', 'merge:TRUE', 'merge:true'],
    ['is: on commits: the last recognised wins (B §2.1)', 'commits', 'fix is:public is:private', '(and is:private fix)'],
    ['extension: lower-cased, dot removed (B §3.1)', 'code', 'x extension:.RB', '(and extension:rb x)'],
    ['is: on topics: the first positive only (B §4)', 'topics', 'is:featured is:curated', 'is:featured'],
  ])('%s', async (_name, kind, q, tree) => {
    expect(printTree((await plan(kind, q)).tree)).toBe(tree);
  });

  it('owner: joins repo:, user: and org: in one scope (A §2.3 Repository)', async () => {
    expect((await summary('issues', 'bug repo:a/b user:c org:d owner:e')).scope).toEqual(['repo:a/b', 'user:c', 'org:d', 'owner:e']);
    expect((await summary('repositories', 'x owner:e')).scope).toEqual(['owner:e']);
    expect((await summary('code', 'x owner:e')).tree).toBe('(and x owner:e)'); // code has no owner: (B §3.1)
  });

  it('top-level terms are lifted out of boolean groups (A §3.6)', async () => {
    expect(await summary('issues', 'repo:a/b OR label:x')).toMatchObject({ tree: 'label:x', scope: ['repo:a/b'] });
  });
});

const numeric = (v: string) => `"${v}" is not a numeric value - please provide an integer value`;
const date = (v: string) => `"${v}" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`;
const COMMITS_TEXT =
  'Search text is required when searching commits. Searches that use qualifiers only are not allowed. Were you searching for something else?';
const CODE_TEXT =
  'Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?';
const NONE_APPLY = 'None of the search qualifiers apply to this search type.';

describe('golden 422 bodies, one per message, with the span each points at', () => {
  it.each<[string, Kind, string, string, string | undefined]>([
    ['text over 256 after word quoting (A §2.1–§2.2)', 'issues', `${'ab '.repeat(64)}zz`, 'The search is longer than 256 characters.', `${'ab '.repeat(13)}zz`],
    ['more than five operators (A §2.2)', 'issues', 'a OR b OR c OR d OR e OR f && g', 'More than five AND / OR / NOT operators were used.', '&&'],
    ['only operators (A §2.2)', 'repositories', 'topic:rust OR topic:optics', 'The search contains only logical operators (AND / OR / NOT) without any search terms.', 'OR'],
    ['a number (A §2.3)', 'issues', 'bug comments:abc', numeric('abc'), 'comments:abc'],
    ['a backwards range (A §2.3)', 'repositories', 'stars:10..1', 'the lower bound of the range (10 .. 1) is greater than the upper bound', 'stars:10..1'],
    ['a date (A §2.3)', 'issues', 'bug created:yesterday', date('yesterday'), 'created:yesterday'],
    ['a year out of range (A §2.3)', 'commits', 'fix author-date:1969-12-31', 'The year 1969 in "1969-12-31" is outside the accepted range 1970 to 2970.', 'author-date:1969-12-31'],
    ['a SHA (B §2.1)', 'commits', 'fix hash:ABCDEF0', 'The given commit SHA is not in a recognized format', 'hash:ABCDEF0'],
    ['nested groups (A §3.6)', 'issues', 'a OR (b (c OR (d (e OR f))))', 'Query clause limit exceeded', 'e OR f'],
    ['one top-level term on both sides of an explicit AND (A §3.6)', 'issues', 'repo:a/b AND repo:c/d', 'The same repo, user, org, owner or sort qualifier cannot be used on both sides of an AND.', 'AND'],
    ['code text over 128 (B §3.2)', 'code', `${'x'.repeat(120)} yy zz`, 'The search is longer than 128 characters.', 'zz'],
    ['more than 16 ownership filters (A §3.6)', 'issues', `bug ${Array.from({ length: 17 }, (_, i) => `repo:o/r${i}`).join(' ')}`, 'Ownership filters limit of 16 exceeded', 'repo:o/r16'],
    ['issues with nothing to search (A §3.2)', 'issues', 'in:title', NONE_APPLY, 'in:title'],
    ['repositories with only fork: (A §4.2)', 'repositories', 'fork:only', NONE_APPLY, 'fork:only'],
    ['an unknown language alone (A §2.3 Language)', 'repositories', 'language:klingon', NONE_APPLY, 'language:klingon'],
    ['users with only an ignored repo: (A §5)', 'users', 'repo:a/b', NONE_APPLY, 'repo:a/b'],
    ['topics with nothing to search (B §4)', 'topics', 'is:unknown', NONE_APPLY, 'is:unknown'],
    ['commits with only scope (B §2.2)', 'commits', 'repo:a/b user:c', COMMITS_TEXT, 'repo:a/b user:c'],
    ['commits with an unknown is: (B §2.2)', 'commits', 'is:internal', COMMITS_TEXT, 'is:internal'],
    ['code without text (B §3.2)', 'code', 'language:rust', CODE_TEXT, 'language:rust'],
  ])('%s', async (_name, kind, q, message, at) => {
    expect(await refusal(kind, q)).toEqual({ status: 422, body: invalid(message), at });
  });

  it('16 ownership filters are still answered in issues, and the limit is advanced search only (A §3.6)', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `repo:o/r${i}`).join(' ');
    await expect(plan('issues', `bug ${sixteen}`)).resolves.toBeDefined();
    await expect(plan('repositories', `bug ${sixteen} user:x`)).resolves.toBeDefined();
  });

  it('commits answer counting filters without text (B §2.2)', async () => {
    for (const q of ['author-name:glick', 'merge:true', 'hash:ea724ab1', 'author-date:2020-01-01..2020-01-31', 'is:public', 'author:ada']) {
      await expect(plan('commits', q), q).resolves.toBeDefined();
    }
  });

  it('labels take keywords only, operators are words yet counted (B §5)', async () => {
    expect(printTree((await plan('labels', 'bug label:crash OR x')).tree)).toBe('bug label:crash OR x');
    expect((await refusal('labels', 'AND OR')).body).toEqual(invalid('The search contains only logical operators (AND / OR / NOT) without any search terms.'));
  });

  it('the 256 rule counts the quotes GitHub adds, not qualifiers (A §2.1)', async () => {
    // 85 words of 2 characters: 254 as typed, 424 once each is quoted.
    await expect(plan('issues', 'ab '.repeat(85).trim())).rejects.toThrow('The search is longer than 256 characters.');
    // all-digit words are not quoted; labels quote nothing
    await expect(plan('issues', '12 '.repeat(85).trim())).resolves.toBeDefined();
    await expect(plan('labels', 'ab '.repeat(85).trim())).resolves.toBeDefined();
    await expect(plan('issues', `${'a'.repeat(250)} label:${'b'.repeat(40)}`)).resolves.toBeDefined();
  });
});
