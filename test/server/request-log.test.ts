import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchedLog, callerKind, loggedPath } from '../../src/server/request-log.js';

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

  it.each([
    // Issue #21, item 9: a malformed escape in a parameter name once made the log throw (500, no line).
    ['a malformed escape in the secret parameter name', '/search/code?client_secret%=s3cret&q=x', '/search/code?client_secret%=***&q=x'],
    ['a malformed escape elsewhere', '/search/code?q=%E0%A4%A&access_token=abc', '/search/code?q=%E0%A4%A&access_token=***'],
    ['an encoded secret name', '/search/code?client%5Fsecret=s3cret', '/search/code?client%5Fsecret=***'],
    ['a name that hides the secret name', '/search/code?x%zzaccess_token=abc', '/search/code?x%zzaccess_token=***'],
    ['a letter of the name percent-escaped', '/search/code?q=x&client_%73ecret=s3cret', '/search/code?q=x&client_%73ecret=***'],
    ['escapes elsewhere, no secret', '/search/issues?q=bug%20label%3Abug&page=2', '/search/issues?q=bug%20label%3Abug&page=2'],
    ['no query', '/search/code', '/search/code'],
  ])('masks secrets, never throws: %s', (_name, path, logged) => {
    expect(loggedPath(url(path))).toBe(logged);
  });

  // The rule spelled out: every pair whose name, decoded as URLSearchParams decodes it, holds a secret name is masked.
  const maskedEveryPair = (u: URL): string =>
    u.search === ''
      ? u.pathname
      : `${u.pathname}?${u.search
          .slice(1)
          .split('&')
          .map((pair) => {
            const name = (new URLSearchParams(pair).keys().next().value ?? '').toLowerCase();
            return name.includes('client_secret') || name.includes('access_token') ? `${pair.split('=')[0]}=***` : pair;
          })
          .join('&')}`;

  it('masks exactly the pairs whose decoded name holds a secret name, whatever the escapes (property)', () => {
    // Pieces of the secret names, their letters and `_` escaped or not, and the query's own separators.
    const piece = fc.constantFrom('client', 'secret', 'access', 'token', '_', '%5F', '%5f', '%5', 'F', '%73', '%63', '%', '%%5F', '%255F', 'x', '=', '&', '+', 'q', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const u = url(`/search/code?${pieces.join('')}`);
        expect(loggedPath(u)).toBe(maskedEveryPair(u));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes the lines of one turn of the event loop at once, in order, and flushes on demand', async () => {
    const writes: string[] = [];
    const log = batchedLog((text) => writes.push(text));
    log.write('a\n');
    log.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    log.write('c\n');
    log.flush();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2); // nothing left: no empty write
  });

  it('writes at once past 64 Ki characters queued', () => {
    const writes: string[] = [];
    const log = batchedLog((text) => writes.push(text));
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) log.write(line);
    expect(writes).toEqual([line.repeat(64)]);
  });
});
