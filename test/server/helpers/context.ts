/**
 * A request context for testing one step of the chain (src/server/chain.ts) on its own, and a `next` that
 * records whether it ran and answers with a given status.
 */
import type { ConnectionInfo, Context, Next } from '../../../src/server/chain.js';
import { contextOf } from '../../../src/server/routes.js';

/** A context for `path` (relative to `http://api.github.localhost`), as the handler builds it (routes.ts). */
export function contextFor(path: string, init: RequestInit = {}, connection: ConnectionInfo = {}): Context {
  return contextOf(new Request(new URL(path, 'http://api.github.localhost'), init), connection);
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
