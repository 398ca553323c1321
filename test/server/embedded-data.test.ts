/**
 * search serve over the embedded default dump (`data/`): every endpoint answers, through a real socket, with
 * the body the core gives for the same request (status and bytes), for a request and a well-behaved Accept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJson } from '../../src/envelope/envelope.js';
import { ApiError } from '../../src/api-error.js';
import type { Kind } from '../../src/kinds/kind.js';
import { defaultAccept } from '../../src/kinds/catalog.js';
import { runSearch } from '../../src/search.js';
import { coreReady, EMBEDDED_DATA, hasEmbeddedData, startReal, type RealServer } from './helpers/real-core.js';

const skip = !coreReady() ? 'the core is still a stub' : !hasEmbeddedData() ? 'data/ holds no dump yet' : undefined;

describe.skipIf(skip !== undefined)(`search serve over the embedded dump${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let real: RealServer;
  beforeAll(async () => {
    real = await startReal(EMBEDDED_DATA);
  }, 120_000);
  afterAll(() => real?.server.close());

  it.each([
    ['code', 'the', false],
    ['commits', 'the', false],
    ['issues', 'is:issue', true],
    ['issues', 'is:pr', false],
    ['repositories', 'stars:>=0', true],
    ['topics', 'is:curated', false],
    ['users', 'type:user', false],
    ['labels', 'bug', false],
  ] as const)('%s %s (text-match %s) answers like the core', async (kind, q, textMatch) => {
    const accept = defaultAccept(kind, textMatch);
    let repositoryId: string | undefined;
    if (kind === 'labels') {
      const repos = await runSearch({ kind: 'repositories', q: 'stars:>=0', per_page: '1' }, real.store);
      repositoryId = String((repos.envelope.items[0] as { id?: number } | undefined)?.id ?? 1);
    }
    const query = new URLSearchParams({ q, per_page: '50', ...(repositoryId ? { repository_id: repositoryId } : {}) });
    const response = await fetch(`${real.server.url}/search/${kind}?${query}`, { headers: { accept } });
    let status = 200;
    let expected: string;
    try {
      const request = { kind: kind as Kind, q, per_page: '50', repository_id: repositoryId, accept };
      expected = renderJson((await runSearch(request, real.store)).envelope);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      expected = renderJson(error.body);
    }
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(expected);
  });
});
