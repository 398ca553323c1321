import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccessFileError, loadAccessFile, parseAccessFile, type AccessFile } from '../../src/server/access-file.js';
import { identifyCaller } from '../../src/server/identify.js';
import { createHandler } from '../../src/server/routes.js';
import { fakeSearch, PRIVATE_REPO } from './fixtures/fake-search.js';

const ACCESS: AccessFile = parseAccessFile({
  users: [
    { login: 'alice', id: 42, tokens: ['tok-alice'], password: 'pw-alice', read: [PRIVATE_REPO] },
    { login: 'bob', tokens: ['tok-bob'] },
  ],
  apps: [{ client_id: 'Iv1.app', client_secret: 'app-secret', read: ['acme'] }],
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const request = (path = '/search/issues?q=x', headers: Record<string, string> = {}) =>
  new Request(`http://127.0.0.1:3000${path}`, { headers });

describe('access file', () => {
  it.each([
    [[], 'must be a JSON object'],
    [{ users: {} }, 'users must be an array'],
    [{ users: [{ tokens: ['t'] }] }, 'users[0].login must be a non-empty string'],
    [{ users: [{ login: 'a', tokens: 't' }] }, 'users[0].tokens must be an array of non-empty strings'],
    [{ users: [{ login: 'a', id: -1 }] }, 'users[0].id must be a positive integer'],
    [{ users: [{ login: 'a', pasword: 'x' }] }, 'unknown key "pasword"'],
    [{ users: [{ login: 'a' }, { login: 'A' }] }, 'users[1].login repeats an identity'],
    [{ users: [{ login: 'a', tokens: ['t'] }, { login: 'b', tokens: ['t'] }] }, 'users[1].tokens repeats an identity'],
    [{ apps: [{ client_id: 'x' }] }, 'apps[0].client_secret must be a non-empty string'],
    [{ teams: [] }, 'unknown key "teams"'],
  ])('rejects %j', (value, message) => {
    expect(() => parseAccessFile(value)).toThrow(AccessFileError);
    expect(() => parseAccessFile(value)).toThrow(message);
  });

  it('loads from disk and names the file in errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'access-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ users: [{ login: 'a', tokens: ['t'] }] }));
    writeFileSync(join(dir, 'bad.json'), '{ users: ');
    expect((await loadAccessFile(join(dir, 'ok.json'))).users[0]?.login).toBe('a');
    await expect(loadAccessFile(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json is not valid JSON/);
    await expect(loadAccessFile(join(dir, 'missing.json'))).rejects.toThrow(/cannot read access file/);
  });
});

describe('identifying the caller', () => {
  it.each([
    ['no credential', {}, '', false, undefined, false],
    ['token', { authorization: 'token tok-alice' }, '', true, 'alice', true],
    ['Bearer', { authorization: 'Bearer tok-alice' }, '', true, 'alice', true],
    ['basic password', { authorization: basic('ALICE', 'pw-alice') }, '', true, 'alice', true],
    ['basic with a token as password', { authorization: basic('alice', 'tok-alice') }, '', true, 'alice', true],
    ['basic as an app', { authorization: basic('Iv1.app', 'app-secret') }, '', true, undefined, true],
    ['client id + secret', {}, '&client_id=Iv1.app&client_secret=app-secret', true, undefined, true],
    ['client id alone (ignored)', {}, '&client_id=Iv1.app', false, undefined, false],
    ['unknown scheme (ignored)', { authorization: 'Digest abc' }, '', false, undefined, false],
    ['bob, no private access', { authorization: 'token tok-bob' }, '', true, 'bob', false],
  ])('%s', (_name, headers, query, identified, login, canRead) => {
    const caller = identifyCaller(request(`/search/issues?q=x${query}`, headers), ACCESS);
    expect(caller.viewer.identified).toBe(identified);
    expect(caller.viewer.login).toBe(login);
    expect(caller.viewer.canReadPrivate(PRIVATE_REPO)).toBe(canRead);
  });

  it.each([
    ['unknown token', { authorization: 'token nope' }, ''],
    ['empty token', { authorization: 'token' }, ''],
    ['wrong password', { authorization: basic('alice', 'nope') }, ''],
    ['malformed basic', { authorization: 'Basic !!!' }, ''],
    ['wrong client secret', {}, '&client_id=Iv1.app&client_secret=nope'],
  ])('%s → 401 Bad credentials', (_name, headers, query) => {
    expect(() => identifyCaller(request(`/search/issues?q=x${query}`, headers), ACCESS)).toThrow('Bad credentials');
  });

  it('without an access file, any credential identifies but grants nothing private', () => {
    const caller = identifyCaller(request('/search/issues?q=x', { authorization: 'token anything' }), undefined);
    expect(caller.viewer.identified).toBe(true);
    expect(caller.viewer.canReadPrivate(PRIVATE_REPO)).toBe(false);
    expect(caller.key).not.toContain('anything');
    const user = identifyCaller(request('/search/issues?q=x', { authorization: basic('carol', 'x') }), undefined);
    expect(user.viewer.login).toBe('carol');
  });
});

describe('private records through the handler', () => {
  const handle = createHandler({ search: fakeSearch(), auth: ACCESS, rateLimit: false });
  const totals = async (headers: Record<string, string>) => {
    const response = await handle(request('/search/issues?q=x+count:10&per_page=100', headers));
    return { status: response.status, body: (await response.json()) as { total_count: number; items: { url: string }[] } };
  };

  it.each([
    ['anonymous', {}, 5],
    ['bob', { authorization: 'token tok-bob' }, 5],
    ['alice', { authorization: 'token tok-alice' }, 10],
  ])('%s sees %i of 10', async (_name, headers, total) => {
    const { status, body } = await totals(headers);
    expect(status).toBe(200);
    expect(body.total_count).toBe(total);
    expect(body.items).toHaveLength(total);
    if (total === 5) expect(JSON.stringify(body)).not.toContain(PRIVATE_REPO);
  });

  it('answers 401 with GitHub’s body for bad credentials', async () => {
    const response = await handle(request('/search/issues?q=x', { authorization: 'token nope' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
  });
});
