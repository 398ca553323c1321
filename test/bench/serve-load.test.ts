import { describe, expect, it } from 'vitest';
import { isLoopback, loadTestServer, percentile, runLoad } from '../../bench/serve-load.js';
import { listen } from '../../src/server/listen.js';
import { createHandler } from '../../src/server/routes.js';
import { fakeSearch } from '../server/fixtures/fake-search.js';

describe('serve-load helpers', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['localhost', true],
    ['[::1]', true],
    ['10.0.0.1', false],
    ['api.github.com', false],
    ['127.0.0.1.example.com', false],
  ])('isLoopback(%s) = %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });

  it.each([
    [[], 50, 0],
    [[5], 99, 5],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4], 99, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 99, 99],
  ])('percentile(%j, %i) = %i', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it.each([
    [{ baseUrl: 'http://10.1.1.1:80', paths: ['/'], concurrency: 1 }, /loopback/],
    [{ baseUrl: 'http://127.0.0.1:1', paths: [], concurrency: 1 }, /at least one path/],
    [{ baseUrl: 'http://127.0.0.1:1', paths: ['/'], concurrency: 0 }, /concurrency/],
    [{ baseUrl: 'http://127.0.0.1:1', paths: ['/'], concurrency: 1, requests: 0 }, /requests/],
  ])('refuses %j', async (options, message) => {
    await expect(runLoad(options)).rejects.toThrow(message);
  });
});

describe('runLoad against the fake handler', () => {
  it('completes exactly the requested count and counts errors by status', async () => {
    const server = await listen({ handler: createHandler({ search: fakeSearch(), rateLimit: false }), port: 0 });
    try {
      const report = await runLoad({
        baseUrl: server.url,
        paths: ['/search/issues?q=x+count:40', '/search/issues?q=', '/search/issues?q=y+count:3&page=2'],
        concurrency: 4,
        requests: 90,
      });
      expect(report.requests).toBe(90);
      expect(report.statuses).toEqual({ '200': 60, '422': 30 });
      expect(report.errors).toBe(30);
      expect(report.p50Ms).toBeLessThanOrEqual(report.p99Ms);
      expect(report.rps).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('stops at the duration bound and reports network errors', async () => {
    const report = await loadTestServer({
      search: fakeSearch(),
      paths: ['/search/issues?q=x+count:5'],
      concurrency: 2,
      durationMs: 200,
    });
    expect(report.requests).toBeGreaterThan(0);
    expect(report.errors).toBe(0);
    const closed = await listen({ handler: createHandler({ search: fakeSearch() }), port: 0 });
    await closed.close();
    const refused = await runLoad({ baseUrl: closed.url, paths: ['/'], concurrency: 2, requests: 4 });
    expect(refused).toMatchObject({ requests: 4, errors: 4, statuses: { error: 4 } });
  });
});
