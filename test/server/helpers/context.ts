/**
 * A request context for testing one step of the chain (src/server/chain.ts) on its own, and a `next` that
 * records whether it ran and answers with a given status.
 */
import type { ConnectionInfo, Context, Next } from '../../../src/server/chain.js';
import { anonymousCaller } from '../../../src/server/identify.js';

/** A context for `path` (relative to `http://api.github.localhost`). */
export function contextFor(path: string, init: RequestInit = {}, connection: ConnectionInfo = {}): Context {
  const request = new Request(new URL(path, 'http://api.github.localhost'), init);
  const remoteAddress = connection.remoteAddress ?? '127.0.0.1';
  return {
    request,
    url: new URL(request.url),
    head: request.method === 'HEAD',
    connection,
    remoteAddress,
    headers: new Headers(),
    caller: anonymousCaller(remoteAddress),
    resource: 'core',
  };
}

/** A `next` answering `status` (200: a small JSON body), counting its calls. */
export function nextAnswering(status = 200): Next & { calls: number } {
  const next = Object.assign(
    async () => {
      next.calls += 1;
      return new Response(status === 304 ? null : '{}', { status });
    },
    { calls: 0 },
  );
  return next;
}

/** The `X-RateLimit-*` headers of a context or response, as a plain object. */
export function rateHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name.startsWith('x-ratelimit')));
}
