/**
 * @octokit/rest against the real server (node:http on an ephemeral loopback port) backed by the fake core:
 * the transport, paging, media types, conditional requests and error mapping as octokit sees them.
 * The same client against the real core and dumps is in octokit-real.test.ts.
 */
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/server/listen.js';
import { createHandler } from '../../src/server/routes.js';
import { fakeSearch, PRIVATE_REPO } from './fixtures/fake-search.js';

let server: RunningServer;
let octokit: Octokit;
const search = fakeSearch();

beforeAll(async () => {
  const handler = createHandler({
    search,
    rateLimit: false,
    auth: { users: [{ login: 'alice', tokens: ['tok-alice'], read: [PRIVATE_REPO] }], apps: [] },
  });
  server = await listen({ handler, port: 0 });
  octokit = new Octokit({ baseUrl: server.url });
});
afterAll(() => server.close());

/** The RequestError octokit throws, or undefined when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<{ status: number; response?: { data: unknown } } | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return error as { status: number; response?: { data: unknown } };
  }
}

describe('octokit against search serve (fake core)', () => {
  it.each([
    ['code', () => octokit.rest.search.code({ q: 'x count:3' })],
    ['commits', () => octokit.rest.search.commits({ q: 'x count:3', headers: { accept: 'application/vnd.github.cloak-preview+json' } })],
    ['issuesAndPullRequests', () => octokit.rest.search.issuesAndPullRequests({ q: 'x count:3' })],
    ['labels', () => octokit.rest.search.labels({ q: 'x count:3', repository_id: 1 })],
    ['repos', () => octokit.rest.search.repos({ q: 'x count:3' })],
    ['topics', () => octokit.rest.search.topics({ q: 'x count:3' })],
    ['users', () => octokit.rest.search.users({ q: 'x count:3' })],
  ])('rest.search.%s answers 200 with the envelope', async (_name, call) => {
    const response = await call();
    expect(response.status).toBe(200);
    expect(Object.keys(response.data)).toEqual(['total_count', 'incomplete_results', 'items']);
    expect(response.data.total_count).toBe(2);
  });

  it('paginates over more than 250 results, collecting exactly min(total, 1000) distinct items', async () => {
    const small = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: 'x count:600', per_page: 100 });
    expect(small).toHaveLength(300);
    expect(new Set(small.map((item) => item.id)).size).toBe(300);
    const capped = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: 'x count:5000', per_page: 100 });
    expect(capped).toHaveLength(1000);
    expect(new Set(capped.map((item) => item.id)).size).toBe(1000);
  });

  it('asks for text matches with mediaType.format', async () => {
    const response = await octokit.rest.search.issuesAndPullRequests({ q: 'x count:1', mediaType: { format: 'text-match' } });
    expect(response.headers['x-github-media-type']).toBe('github.v3; param=text-match; format=json');
    expect(response.data.items[0]?.text_matches).toEqual([]);
  });

  it('turns a repeated request with If-None-Match into 304', async () => {
    const first = await octokit.rest.search.issuesAndPullRequests({ q: 'x count:7' });
    const error = await failure(
      octokit.rest.search.issuesAndPullRequests({ q: 'x count:7', headers: { 'if-none-match': first.headers.etag } }),
    );
    expect(error?.status).toBe(304);
  });

  it.each([
    ['422 blank q', () => octokit.rest.search.issuesAndPullRequests({ q: '' }), 422],
    ['415 commits without the preview', () => octokit.rest.search.commits({ q: 'x' }), 415],
    ['401 bad credentials', () => new Octokit({ baseUrl: server.url, auth: 'nope' }).rest.search.users({ q: 'x' }), 401],
    ['404 unknown path', () => octokit.request('GET /search/pulls', { q: 'x' }), 404],
    ['405 POST', () => octokit.request('POST /search/issues', { q: 'x' }), 405],
  ])('%s', async (_name, call, status) => {
    const error = await failure(call());
    expect(error?.status).toBe(status);
    expect(error?.response?.data).toHaveProperty('message');
    expect(error?.response?.data).toHaveProperty('documentation_url');
  });

  it('shows private records only to callers allowed to read them', async () => {
    const anonymous = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: 'x count:40', per_page: 100 });
    expect(JSON.stringify(anonymous)).not.toContain(PRIVATE_REPO);
    const alice = new Octokit({ baseUrl: server.url, auth: 'tok-alice' });
    const all = await alice.paginate(alice.rest.search.issuesAndPullRequests, { q: 'x count:40', per_page: 100 });
    expect(all).toHaveLength(40);
  });
});
