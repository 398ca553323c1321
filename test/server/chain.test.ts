import { describe, expect, it } from 'vitest';
import { compose, fromHandler, route, type Step } from '../../src/server/chain.js';
import { contextFor, nextAnswering } from './helpers/context.js';

/** A step that records its name on the way down and up. */
const trace = (name: string, seen: string[]): Step => async (_c, next) => {
  seen.push(`>${name}`);
  const response = await next();
  seen.push(`<${name}`);
  return response;
};
const answer = (status: number): Step => async () => new Response(null, { status });

describe('compose', () => {
  it('runs the steps in order, down and back up', async () => {
    const seen: string[] = [];
    const response = await compose([trace('a', seen), trace('b', seen), answer(204)])(contextFor('/'));
    expect(response.status).toBe(204);
    expect(seen).toEqual(['>a', '>b', '<b', '<a']);
  });

  it('rejects when the last step passes on (a chain must end in an answer)', async () => {
    await expect(compose([trace('a', [])])(contextFor('/'))).rejects.toThrow(/without an answer/);
  });
});

describe('route', () => {
  it.each([
    ['/mine', 201, 0],
    ['/other', 200, 1],
  ])('%s → %i (next called %i times)', async (path, status, nextCalls) => {
    const step = route((c) => c.url.pathname === '/mine', answer(201));
    const next = nextAnswering(200);
    expect((await step(contextFor(path), next)).status).toBe(status);
    expect(next.calls).toBe(nextCalls);
  });
});

describe('fromHandler: a route group as a plain function', () => {
  it.each([
    ['/', 200, 0],
    ['/search?q=x&type=issues', 200, 0],
    ['/search/issues', 404, 1],
  ])('%s → %i', async (path, status, nextCalls) => {
    const web = fromHandler((request) => {
      const url = new URL(request.url);
      return url.pathname === '/' || url.pathname === '/search' ? new Response('<html>', { status: 200 }) : undefined;
    });
    const next = nextAnswering(404);
    expect((await web(contextFor(path), next)).status).toBe(status);
    expect(next.calls).toBe(nextCalls);
  });
});
