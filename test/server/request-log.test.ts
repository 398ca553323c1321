import { describe, expect, it } from 'vitest';
import { callerKind, loggedPath, withRequestLog } from '../../src/server/request-log.js';

const url = (s: string) => new URL(s, 'http://127.0.0.1:3000');

describe('request log', () => {
  it.each([
    ['no credential', {}, '/search/issues?q=x', 'anonymous'],
    ['a token', { authorization: 'token ghp_x' }, '/search/issues?q=x', 'token'],
    ['a bearer token', { authorization: 'Bearer abc' }, '/search/issues?q=x', 'token'],
    ['basic auth', { authorization: 'Basic b2N0bzpwdw==' }, '/search/issues?q=x', 'basic'],
    ['an app', {}, '/search/issues?q=x&client_id=Iv1&client_secret=s', 'app'],
  ])('names the caller kind: %s', (_name, headers, path, kind) => {
    const request = new Request(url(path), { headers });
    expect(callerKind(request, url(path))).toBe(kind);
  });

  it('keeps the path and query as received, masking secrets', () => {
    expect(loggedPath(url('/search/issues?q=crash+label%3Abug&per_page=2'))).toBe('/search/issues?q=crash+label%3Abug&per_page=2');
    expect(loggedPath(url('/search/code?q=x&client_id=Iv1&client_secret=s3cret'))).toBe('/search/code?q=x&client_id=Iv1&client_secret=***');
    expect(loggedPath(url('/search/code?access_token=abc&q=x'))).toBe('/search/code?access_token=***&q=x');
  });

  it('writes one line per request: method, path, status, ms, caller kind', async () => {
    const lines: string[] = [];
    let t = 0;
    const handler = withRequestLog(
      async () => {
        t += 12;
        return new Response('{}', { status: 422 });
      },
      (line) => lines.push(line),
      () => t,
    );
    const response = await handler(new Request(url('/search/issues?q=AND'), { headers: { authorization: 'token x' } }));
    expect(response.status).toBe(422);
    expect(lines).toEqual(['GET /search/issues?q=AND 422 12ms token\n']);
  });

  it('logs a throwing handler as 500 and rethrows', async () => {
    const lines: string[] = [];
    const handler = withRequestLog(() => Promise.reject(new Error('boom')), (line) => lines.push(line), () => 0);
    await expect(handler(new Request(url('/search/users?q=x'), { method: 'HEAD' }))).rejects.toThrow('boom');
    expect(lines).toEqual(['HEAD /search/users?q=x 500 0ms anonymous\n']);
  });
});
