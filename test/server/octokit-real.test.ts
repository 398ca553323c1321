/**
 * End to end: @octokit/rest against search serve on the real core over real GitHub records (../shared/data):
 * every rest.search.* method, octokit.paginate across the 1000 window, text-match, previews, 304, every error
 * status with its body, and private records hidden from callers who may not read them. Bodies are compared
 * byte for byte with what the core (and so `search … --json`) produces for the same request.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJson } from '../../src/envelope/envelope.js';
import { ApiError } from '../../src/api-error.js';
import type { Kind } from '../../src/kinds/kind.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import type { AccessFile } from '../../src/server/access-file.js';
import { coreReady, hasSource, labelledRepositoryId, privateOnlyRepositories, SHARED_DATA, startReal, type RealServer } from './helpers/real-core.js';

const PY = 'pygithub-replaydata';
const HUB = 'hub4j-github-api-wiremock';
const ready = coreReady() && hasSource(PY) && hasSource(HUB);
const reason = !coreReady() ? 'the core is still a stub' : `../shared/data/{${PY},${HUB}} not found`;
const CLOAK = { accept: 'application/vnd.github.cloak-preview+json' };
const MERCY = { accept: 'application/vnd.github.mercy-preview+json' };
const ACCESS: AccessFile = {
  users: [
    { login: 'alice', tokens: ['tok-alice'], read: ['jacquev6'] },
    { login: 'bob', tokens: ['tok-bob'], read: ['cloudbees'] },
    { login: 'carol', tokens: ['tok-carol'], read: ['*'] },
  ],
  apps: [],
};

/** `user-search-result-item` of GitHub's OpenAPI description (@octokit/openapi): required keys and property types. */
function USER_ITEM_SCHEMA(): { required: string[]; properties: Record<string, { type?: string; nullable?: boolean }> } {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');
  const api = JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, never> } };
  return api.components.schemas['user-search-result-item']!;
}

/** The RequestError of a failing call (status and parsed body), or undefined when it succeeds. */
async function failure(call: Promise<unknown>): Promise<{ status: number; data: unknown } | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    const e = error as { status: number; response?: { data: unknown } };
    return { status: e.status, data: e.response?.data };
  }
}

describe.skipIf(!ready)(`octokit against search serve on the real core${ready ? '' : ` (skipped: ${reason})`}`, () => {
  let py: RealServer;
  let hub: RealServer;
  let pyKit: Octokit;
  let hubKit: Octokit;
  beforeAll(async () => {
    py = await startReal(`${SHARED_DATA}/${PY}`, { auth: ACCESS });
    hub = await startReal(`${SHARED_DATA}/${HUB}`, { auth: ACCESS });
    pyKit = new Octokit({ baseUrl: py.server.url });
    hubKit = new Octokit({ baseUrl: hub.server.url });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([py?.server.close(), hub?.server.close()]);
  });

  /** What the core answers for the same request, serialised as the CLI does. */
  async function coreBody(server: RealServer, request: SearchRequest): Promise<string> {
    try {
      return renderJson((await runSearch(request, server.store)).envelope);
    } catch (error) {
      if (error instanceof ApiError) return renderJson(error.body);
      throw error;
    }
  }

  it.each([
    ['code', () => pyKit.rest.search.code({ q: 'github' }), 'code', 'github', undefined],
    ['commits', () => pyKit.rest.search.commits({ q: 'fix', headers: CLOAK }), 'commits', 'fix', CLOAK.accept],
    ['issuesAndPullRequests', () => pyKit.rest.search.issuesAndPullRequests({ q: 'bug' }), 'issues', 'bug', undefined],
    ['repos', () => pyKit.rest.search.repos({ q: 'stars:>=0' }), 'repositories', 'stars:>=0', undefined],
    ['topics', () => pyKit.rest.search.topics({ q: 'python', headers: MERCY }), 'topics', 'python', MERCY.accept],
    ['users', () => pyKit.rest.search.users({ q: 'type:user' }), 'users', 'type:user', undefined],
  ] as const)('rest.search.%s returns the core’s envelope', async (_name, call, kind, q, accept) => {
    const response = await call();
    expect(response.status).toBe(200);
    expect(response.data.total_count).toBeGreaterThan(0);
    const expected = JSON.parse(await coreBody(py, { kind: kind as Kind, q, accept, requirePreviews: true }));
    expect(response.data).toEqual(expected);
  });

  it.each([
    [HUB, 'type:user'],
    [HUB, 'type:org'],
    [PY, 'type:user'],
  ])('rest.search.users on %s "%s": every item typed like GitHub’s user-search-result-item', async (source, q) => {
    const schema = USER_ITEM_SCHEMA();
    const kit = source === HUB ? hubKit : pyKit;
    const items = await kit.paginate(kit.rest.search.users, { q, per_page: 100 });
    expect(items.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const item of items as unknown as Array<Record<string, unknown>>) {
      for (const key of schema.required) if (item[key] === undefined) problems.push(`${String(item.login)}: ${key} missing`);
      for (const key of schema.required) {
        const value = item[key];
        const property = schema.properties[key];
        if (!property?.type || value === undefined || (value === null && property.nullable)) continue;
        const type = Number.isInteger(value) ? 'integer' : typeof value;
        if (type !== property.type && !(property.type === 'number' && type === 'integer')) problems.push(`${String(item.login)}: ${key} is ${type}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('rest.search.labels answers for a repository with labels', async () => {
    const id = labelledRepositoryId(PY, false);
    expect(id).toBeDefined();
    const response = await pyKit.rest.search.labels({ q: 'bug', repository_id: id! });
    expect(response.status).toBe(200);
    expect(response.data).toEqual(JSON.parse(await coreBody(py, { kind: 'labels', q: 'bug', repository_id: String(id) })));
  });

  it('serves bodies byte-identical to the CLI’s --json', async () => {
    const response = await fetch(`${hub.server.url}/search/issues?q=is:issue+test&per_page=7&page=2&sort=created&order=asc`);
    const expected = await coreBody(hub, { kind: 'issues', q: 'is:issue test', per_page: '7', page: '2', sort: 'created', order: 'asc' });
    expect(await response.text()).toBe(expected);
  });

  it.each([
    [PY, 'users', 'type:user'],
    [HUB, 'repositories', 'stars:>=0'],
    [HUB, 'issues', 'is:issue'],
  ] as const)('paginate over %s %s %s collects exactly min(total, 1000) distinct items', async (source, kind, q) => {
    const kit = source === PY ? pyKit : hubKit;
    const route = `GET /search/${kind}` as const;
    const first = await kit.request(route, { q, per_page: 1 });
    const total = (first.data as { total_count: number }).total_count;
    expect(total).toBeGreaterThan(250);
    const items = (await kit.paginate(route, { q, per_page: 100 })) as { id: number }[];
    expect(items).toHaveLength(Math.min(total, 1000));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('adds text_matches with mediaType.format: text-match', async () => {
    const response = await hubKit.rest.search.issuesAndPullRequests({ q: 'test', mediaType: { format: 'text-match' } });
    expect(response.headers['x-github-media-type']).toBe('github.v3; param=text-match; format=json');
    expect(response.data.items.length).toBeGreaterThan(0);
    for (const item of response.data.items) expect(Array.isArray(item.text_matches)).toBe(true);
  });

  it('answers 304 to a repeated request with If-None-Match', async () => {
    const first = await hubKit.rest.search.repos({ q: 'github' });
    const again = await failure(hubKit.rest.search.repos({ q: 'github', headers: { 'if-none-match': first.headers.etag } }));
    expect(again?.status).toBe(304);
  });

  it.each([
    ['422 blank q', () => pyKit.rest.search.issuesAndPullRequests({ q: '' }), 422, { kind: 'issues', q: '' }],
    ['422 too long', () => pyKit.rest.search.repos({ q: 'a'.repeat(300) }), 422, { kind: 'repositories', q: 'a'.repeat(300) }],
    [
      '422 past the 1000 window',
      () => pyKit.rest.search.users({ q: 'type:user', per_page: 100, page: 11 }),
      422,
      { kind: 'users', q: 'type:user', per_page: '100', page: '11' },
    ],
    ['415 commits without the preview', () => pyKit.rest.search.commits({ q: 'fix' }), 415, { kind: 'commits', q: 'fix' }],
    ['415 topics without the preview', () => pyKit.rest.search.topics({ q: 'python' }), 415, { kind: 'topics', q: 'python' }],
    [
      '404 labels of an unknown repository',
      () => pyKit.rest.search.labels({ q: 'bug', repository_id: 987654321987 }),
      404,
      { kind: 'labels', q: 'bug', repository_id: '987654321987' },
    ],
  ] as const)('%s: status and body as the core says', async (_name, call, status, request) => {
    const error = await failure(call());
    expect(error?.status).toBe(status);
    expect(error?.data).toEqual(JSON.parse(await coreBody(py, { ...request, kind: request.kind as Kind })));
  });

  it.each([
    ['401 bad credentials', (url: string) => new Octokit({ baseUrl: url, auth: 'wrong' }).rest.search.users({ q: 'x' }), 401, {}],
    ['404 unknown path', (url: string) => new Octokit({ baseUrl: url }).request('GET /search/everything', { q: 'x' }), 404, {}],
    ['405 POST', (url: string) => new Octokit({ baseUrl: url }).request('POST /search/users', { q: 'x' }), 405, {}],
    [
      '403 rate limit exceeded',
      async (url: string) => {
        const kit = new Octokit({ baseUrl: url });
        await kit.rest.search.users({ q: 'x' });
        return kit.rest.search.users({ q: 'x' });
      },
      403,
      { rateLimit: { search: { identified: 1, anonymous: 1, windowMs: 60_000 }, code_search: { identified: 1, anonymous: 1, windowMs: 60_000 }, core: { identified: 5000, anonymous: 60, windowMs: 3_600_000 } } },
    ],
    ['503 overloaded', (url: string) => new Octokit({ baseUrl: url }).rest.search.users({ q: 'x' }), 503, { maxInFlight: 0 }],
  ] as const)('%s', async (_name, call, status, options) => {
    const server = await startReal(`${SHARED_DATA}/${PY}`, { auth: ACCESS, ...options });
    try {
      const error = await failure(call(server.server.url));
      expect(error?.status).toBe(status);
      expect(error?.data).toMatchObject({ message: expect.any(String), documentation_url: expect.any(String) });
    } finally {
      await server.server.close();
    }
  });

  describe('private records', () => {
    const privateNames = () => privateOnlyRepositories(HUB);
    const mentionsPrivate = (value: unknown) => {
      const text = JSON.stringify(value).toLowerCase();
      return privateNames().filter((name) => text.includes(`/${name}/`) || text.includes(`"${name}"`) || text.endsWith(`/${name}"`));
    };

    it.each([
      ['repositories', 'org:cloudbees'],
      ['repositories', 'fork:true stars:>=0'],
      ['issues', 'is:pr'],
      ['commits', 'the'],
      ['code', 'the'],
    ] as const)('anonymous %s %s pages reveal none, an allowed caller sees at least as much', async (kind, q) => {
      const route = `GET /search/${kind}` as 'GET /search/issues';
      const headers: { accept?: string } = kind === 'commits' ? CLOAK : {};
      // octokit's paginate parameter types omit headers, though it sends them on every page.
      const anonymous: unknown[] = await hubKit.paginate(route, { q, per_page: 100, headers } as { q: string });
      expect(mentionsPrivate(anonymous)).toEqual([]);
      const bob = new Octokit({ baseUrl: hub.server.url, auth: 'tok-bob' });
      const allowed = await bob.request(route, { q, per_page: 1, headers });
      expect((allowed.data as { total_count: number }).total_count).toBeGreaterThanOrEqual(Math.min(anonymous.length, 1000));
    });

    it('is:private counts nothing for strangers and the granted repositories for bob', async () => {
      const anonymous = await hubKit.rest.search.repos({ q: 'is:private' });
      expect(anonymous.data.total_count).toBe(0);
      const bob = new Octokit({ baseUrl: hub.server.url, auth: 'tok-bob' });
      const granted = await bob.paginate(bob.rest.search.repos, { q: 'is:private', per_page: 100 });
      expect(granted.length).toBeGreaterThan(0);
      expect(granted.every((repo) => repo.full_name.toLowerCase().startsWith('cloudbees/'))).toBe(true);
      const alice = new Octokit({ baseUrl: hub.server.url, auth: 'tok-alice' });
      expect((await alice.rest.search.repos({ q: 'is:private' })).data.total_count).toBe(0);
    });

    it('repo: naming a private repository is 422 for strangers, served for bob', async () => {
      const name = privateNames()[0]!;
      const error = await failure(hubKit.rest.search.issuesAndPullRequests({ q: `repo:${name}` }));
      expect(error?.status).toBe(422);
      expect(JSON.stringify(error?.data)).not.toContain(name);
      expect(error?.data).toMatchObject({ errors: [{ message: expect.stringMatching(/^The listed users and repositories cannot be searched/) }] });
      const bob = new Octokit({ baseUrl: hub.server.url, auth: 'tok-bob' });
      expect((await bob.rest.search.issuesAndPullRequests({ q: `repo:${name}` })).status).toBe(200);
    });

    it('labels of a private repository are 404 for strangers and bob, served for carol (read: *)', async () => {
      const id = labelledRepositoryId(HUB, true);
      expect(id).toBeDefined();
      const error = await failure(hubKit.rest.search.labels({ q: 'bug', repository_id: id! }));
      expect(error?.status).toBe(404);
      const carol = new Octokit({ baseUrl: hub.server.url, auth: 'tok-carol' });
      expect((await carol.rest.search.labels({ q: 'bug', repository_id: id! })).status).toBe(200);
    });
  });
});
