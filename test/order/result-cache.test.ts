import { describe, expect, it } from 'vitest';
import { RESULT_CACHE_ENTRIES, ResultCache } from '../../src/order/result-cache.js';
import { viewerFor } from '../../src/request/viewer.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';
import { search } from '../helpers/small-dump.js';

const results = (n: number) => ({ docs: Uint32Array.from({ length: n }, (_, i) => i), scores: new Float64Array(n), total: n });

describe('ResultCache', () => {
  it('evicts the least recently used entry past its capacity', () => {
    const cache = new ResultCache();
    for (let i = 0; i < RESULT_CACHE_ENTRIES; i++) cache.set(`q${i}`, results(1));
    cache.get('q0'); // refresh q0: q1 is now the oldest
    cache.set('new', results(1));
    expect(cache.size).toBe(RESULT_CACHE_ENTRIES);
    expect(cache.get('q0')).toBeDefined();
    expect(cache.get('q1')).toBeUndefined();
  });

  it('keeps its own copy: the caller writing the results it gave changes nothing kept', () => {
    for (const cache of [new ResultCache(), new ResultCache(new CollectionBudget(1 << 20))]) {
      const given = { docs: Uint32Array.of(3, 1, 2), scores: Float64Array.of(9, 8, 7), total: 5 };
      cache.set('q', given);
      given.docs.fill(0);
      given.scores.fill(0);
      const kept = cache.get('q')!;
      expect({ docs: [...kept.docs], scores: [...kept.scores], total: kept.total }).toEqual({ docs: [3, 1, 2], scores: [9, 8, 7], total: 5 });
    }
  });
});

describe('cached answers are the answers', () => {
  it('serves every page of a repeated query identically', async () => {
    const first = await search('issues', 'crash', { per_page: '1', page: '2' });
    const again = await search('issues', 'crash', { per_page: '1', page: '2' });
    expect(again.envelope).toEqual(first.envelope);
    const page1 = await search('issues', 'crash', { per_page: '1', page: '1' });
    expect(page1.envelope.items[0]).not.toEqual(first.envelope.items[0]);
  });

  it('never shares results across viewers who see different private records', async () => {
    const anonymous = await search('issues', 'crash secret');
    const reader = await search('issues', 'crash secret', { viewer: viewerFor('ada', ['lattice/vault']) });
    const anonymousAgain = await search('issues', 'crash secret');
    expect(anonymous.envelope.total_count).toBe(0);
    expect(reader.envelope.total_count).toBe(1);
    expect(anonymousAgain.envelope.total_count).toBe(0);
  });

  it('keys @me by the viewer', async () => {
    const bob = await search('issues', 'author:@me', { viewer: viewerFor('bob') });
    const ada = await search('issues', 'author:@me', { viewer: viewerFor('ada') });
    expect(bob.envelope.total_count).toBe(2);
    expect(ada.envelope.total_count).toBe(2); // #1 of prism and of notebook (the vault one is hidden)
    expect(ada.envelope.items.map((i) => i.number)).not.toEqual(bob.envelope.items.map((i) => i.number));
  });
});
