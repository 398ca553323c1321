import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api-error.js';
import type { Kind } from '../src/kinds/kind.js';
import type { SearchRequest } from '../src/search-request.js';
import { search } from './helpers/small-dump.js';

const invalid = (message: string) => ({
  message: 'Validation Failed',
  errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
  documentation_url: 'https://docs.github.com/v3/search/',
  status: '422',
});

async function refusal(kind: Kind, q: string, extra: Partial<SearchRequest> = {}) {
  const error = await search(kind, q, extra).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  return { status: api.status, body: JSON.parse(JSON.stringify(api.body)) as unknown };
}

describe("GitHub's refusals, with exact bodies", () => {
  it.each<[string, Kind, string, Partial<SearchRequest>, number, unknown]>([
    ['blank q', 'issues', '   ', {}, 422, { message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'missing' }], documentation_url: 'https://docs.github.com/v3/search', status: '422' }],
    ['free text over 256', 'issues', `${'a'.repeat(257)} label:bug`, {}, 422, invalid('The search is longer than 256 characters.')],
    ['six operators', 'issues', 'a OR b OR c OR d OR e OR f OR g', {}, 422, invalid('More than five AND / OR / NOT operators were used.')],
    ['only operators', 'issues', 'AND OR', {}, 422, invalid('The search contains only logical operators (AND / OR / NOT) without any search terms.')],
    ['OR between qualifiers (legacy)', 'repositories', 'topic:rust OR topic:optics', {}, 422, invalid('The search contains only logical operators (AND / OR / NOT) without any search terms.')],
    ['unsupported qualifier', 'issues', 'crash commenter:ada', {}, 422, invalid('None of the search qualifiers apply to this search type.')],
    ['unusable number (reference Part A §2.3)', 'repositories', 'stars:lots', {}, 422, invalid('"lots" is not a numeric value - please provide an integer value')],
    ['unknown language only (reference Part A §2.3)', 'repositories', 'language:klingon', {}, 422, invalid('None of the search qualifiers apply to this search type.')],
    ['in: alone', 'repositories', 'in:name', {}, 422, invalid('None of the search qualifiers apply to this search type.')],
    ['commits without text', 'commits', 'repo:lattice/prism', {}, 422, invalid('Search text is required when searching commits. Searches that use qualifiers only are not allowed. Were you searching for something else?')],
    ['code without text', 'code', 'language:rust', {}, 422, invalid('Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?')],
    ['unknown repository', 'issues', 'crash repo:nobody/nothing', {}, 422, invalid('The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.')],
    ['private repository, anonymous', 'issues', 'crash repo:lattice/vault', {}, 422, invalid('The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.')],
    ['@me without a user', 'issues', 'author:@me', {}, 422, invalid('The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.')],
    ['page past 1000', 'issues', 'crash', { page: '35', per_page: '30' }, 422, { message: 'Only the first 1000 search results are available', documentation_url: 'https://docs.github.com/v3/search/', status: '422' }],
    ['code page past 1000', 'code', 'prism', { page: '34', per_page: '30' }, 422, { message: 'Cannot access beyond the first 1000 results', documentation_url: 'https://docs.github.com/rest/search/search#search-code', status: '422' }],
    ['labels without repository_id', 'labels', 'bug', {}, 422, { message: 'Validation Failed', errors: [{ resource: 'Search', field: 'repository_id', code: 'missing' }], documentation_url: 'https://docs.github.com/v3/search', status: '422' }],
    ['labels of an unknown repository', 'labels', 'bug', { repository_id: '999' }, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/search/search#search-labels', status: '404' }],
    ['labels of a private repository, anonymous', 'labels', 'bug', { repository_id: '13' }, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/search/search#search-labels', status: '404' }],
    ['commits without the cloak preview', 'commits', 'typo', { accept: 'application/vnd.github.v3+json' }, 415, { message: "If you would like to help us test the Commit Search API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.", documentation_url: 'https://docs.github.com/rest/search/search#search-commits' }],
    ['topics without the mercy preview', 'topics', 'light', { accept: undefined }, 415, { message: "If you would like to help us test the Topics API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.", documentation_url: 'https://docs.github.com/rest/search/search#search-topics' }],
  ])('%s', async (_name, kind, q, extra, status, body) => {
    expect(await refusal(kind, q, extra)).toEqual({ status, body });
  });

  it('serves the pages GitHub serves at the window edge', async () => {
    // (page-1)*per_page < 1000: page 34 at 30/page is served; code: page*per_page <= 1000.
    await expect(search('issues', 'crash', { page: '34', per_page: '30' })).resolves.toMatchObject({ envelope: { items: [] } });
    await expect(search('code', 'prism', { page: '33', per_page: '30' })).resolves.toMatchObject({ envelope: { items: [] } });
  });

  it('serves commits and topics without previews when previews are optional', async () => {
    await expect(search('commits', 'typo', { accept: undefined, requirePreviews: false })).resolves.toMatchObject({ envelope: { total_count: 2 } });
  });

  it('resolves @me from the viewer', async () => {
    const { viewerFor } = await import('../src/request/viewer.js');
    const result = await search('issues', 'author:@me', { viewer: viewerFor('bob') });
    expect(result.envelope.total_count).toBe(2);
  });
});

describe('hostile input stays fast and never crashes', () => {
  it.each([
    ['a 200 KB query of qualifiers', Array.from({ length: 20_000 }, (_, i) => `label:l${i}`).join(' ')],
    ['a long NOT chain', `${'NOT '.repeat(50_000)}x`],
    ['deep parentheses', `${'('.repeat(50_000)}x${')'.repeat(50_000)}`],
    ['unterminated quotes', `"${'a '.repeat(10_000)}`],
  ])('%s is refused or answered, not hung (vitest times out a hang)', async (_name, q) => {
    const outcome = await search('issues', q).then(
      (r) => r.envelope.total_count,
      (e: unknown) => (e instanceof ApiError ? e.status : e),
    );
    expect([422, 0]).toContain(outcome);
  });
});

describe('refusals name the offending part of q (for the interactive view; never in the body)', () => {
  it.each([
    ['crash repo:nobody/nothing', 'repo:nobody/nothing'],
    ['crash commenter:ada label:bug', 'commenter:ada'],
    ['author:@me crash', 'author:@me'],
  ])('%j → %j', async (q, part) => {
    const error = (await search('issues', q).catch((e: unknown) => e)) as ApiError;
    expect(error.span).toBeDefined();
    expect(q.slice(error.span!.start, error.span!.end)).toBe(part);
    expect(JSON.stringify(error.body)).not.toContain('span');
  });
});
