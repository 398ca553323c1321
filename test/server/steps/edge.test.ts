import { describe, expect, it } from 'vitest';
import { ApiError, missingParameter, previewRequired } from '../../../src/api-error.js';
import type { Step } from '../../../src/server/chain.js';
import {
  admission, allow, answerErrors, log, mediaType, notFound, PREVIEW_HINT, responseHeaders, wellFormed,
} from '../../../src/server/steps/edge.js';
import { contextFor, nextAnswering } from '../helpers/context.js';

describe('log', () => {
  it.each([
    ['GET', '/search/issues?q=AND', { authorization: 'token x' }, 422, undefined, 'GET /search/issues?q=AND 422 12ms token\n'],
    ['HEAD', '/search/users?q=x', {}, 200, undefined, 'HEAD /search/users?q=x 200 12ms anonymous\n'],
    ['GET', '/search/code?client_secret=s&client_id=a', {}, 403, 'hint text', 'GET /search/code?client_secret=***&client_id=a 403 12ms app — hint text\n'],
  ])('%s %s → one line', async (method, path, headers, status, hint, line) => {
    const lines: string[] = [];
    let t = 0;
    const c = contextFor(path, { method, headers });
    await log((l) => lines.push(l), () => t)(c, async () => {
      t += 12;
      c.hint = hint;
      return new Response(null, { status });
    });
    expect(lines).toEqual([line]);
  });

  it('logs a throwing rest of the chain as 500 and rethrows', async () => {
    const lines: string[] = [];
    await expect(log((l) => lines.push(l), () => 0)(contextFor('/x'), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(lines).toEqual(['GET /x 500 0ms anonymous\n']);
  });

  it('writes nothing without a writer', async () => {
    expect((await log(undefined)(contextFor('/x'), nextAnswering(200))).status).toBe(200);
  });
});

describe('admission', () => {
  it.each([
    [1, 3, [200, 503, 503]],
    [2, 3, [200, 200, 503]],
    [3, 3, [200, 200, 200]],
  ])('maxInFlight %i with %i at once → %j, then admits again', async (max, count, statuses) => {
    const step = admission(max);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      await gate;
      return new Response(null, { status: 200 });
    };
    const contexts = Array.from({ length: count }, () => contextFor('/search/issues?q=x'));
    const pending = contexts.map((c) => step(c, slow));
    release();
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual(statuses);
    for (const [i, c] of contexts.entries()) expect(c.headers.get('retry-after')).toBe(statuses[i] === 503 ? '1' : null);
    expect((await step(contextFor('/'), nextAnswering(200))).status).toBe(200);
  });
});

describe('responseHeaders and mediaType', () => {
  it('numbers the requests of one handler', async () => {
    const step = responseHeaders('00AB');
    const ids: (string | null)[] = [];
    for (let i = 0; i < 11; i++) {
      const c = contextFor('/');
      await step(c, nextAnswering());
      ids.push(c.headers.get('x-github-request-id'));
    }
    expect(ids.at(0)).toBe('00AB:1');
    expect(ids.at(-1)).toBe('00AB:B');
  });

  it.each([
    [undefined, 'github.v3; format=json'],
    ['application/vnd.github.v3+json', 'github.v3; format=json'],
    ['application/vnd.github.text-match+json', 'github.v3; param=text-match; format=json'],
    ['application/vnd.github.cloak-preview, application/vnd.github.v3.text-match', 'github.v3; param=text-match; format=json'],
  ])('Accept %s → X-GitHub-Media-Type %s', async (accept, header) => {
    const c = contextFor('/', accept ? { headers: { accept } } : {});
    await mediaType(c, nextAnswering());
    expect(c.headers.get('x-github-media-type')).toBe(header);
  });
});

describe('answerErrors', () => {
  const failing = (error: unknown) => () => Promise.reject(error);
  it.each([
    ['a 422', missingParameter(), 422, undefined],
    ['a 415', previewRequired('Commit Search', 'https://docs.github.com/rest/search/search#search-commits'), 415, PREVIEW_HINT],
    ['an unexpected error', new Error('disk on fire'), 500, undefined],
  ])('%s → %i', async (_name, error, status, hint) => {
    const seen: unknown[] = [];
    const c = contextFor('/search/commits?q=x');
    const response = await answerErrors((e) => seen.push(e))(c, failing(error));
    expect(response.status).toBe(status);
    const body = (await response.json()) as { message: string; status: string };
    expect(body.message).toBe(error instanceof ApiError ? error.body.message : 'Server Error');
    expect(seen).toHaveLength(error instanceof ApiError ? 0 : 1);
    expect(c.hint).toBe(hint);
  });
});

describe('wellFormed, allow, notFound', () => {
  const statusOf = async (step: Step, c = contextFor('/search/issues?q=x')) => {
    try {
      return (await step(c, nextAnswering(200))).status;
    } catch (error) {
      return (error as ApiError).status;
    }
  };
  it.each([
    [false, 200],
    [true, 400],
  ])('malformed %s → %i', async (malformed, status) => {
    expect(await statusOf(wellFormed, contextFor('/', {}, { malformed }))).toBe(status);
  });
  it.each([
    ['GET', ['GET', 'HEAD'], 200, null],
    ['HEAD', ['GET', 'HEAD'], 200, null],
    ['POST', ['GET', 'HEAD'], 405, 'GET, HEAD'],
    ['GET', ['POST'], 405, 'POST'],
  ])('%s on a route taking %j → %i', async (method, methods, status, allowHeader) => {
    const c = contextFor('/search/issues', { method });
    expect(await statusOf(allow(...methods), c)).toBe(status);
    expect(c.headers.get('allow')).toBe(allowHeader);
  });
  it('ends the chain with 404', async () => {
    expect(await statusOf(notFound)).toBe(404);
  });
});
