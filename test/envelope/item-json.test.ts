/**
 * Answers written from the rendered-item cache (src/envelope/item-json.ts) are byte-identical to the envelope
 * written by JSON.stringify: a property over arbitrary items, and every kind of the embedded dump under each
 * media type, first and second time (cache cold, then warm).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RENDERED_ITEMS, renderJson, renderJsonBytes, type Envelope } from '../../src/envelope/envelope.js';
import { itemJson } from '../../src/kinds/item-text.js';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { ACCEPT, PROJECT_ROOT } from '../helpers/real-data.js';

/** The envelope without its rendered items: written by JSON.stringify alone (the oracle). */
const plain = (envelope: Envelope): Envelope => ({ total_count: envelope.total_count, incomplete_results: envelope.incomplete_results, items: envelope.items });

describe('renderJson of pre-rendered items', () => {
  it('equals JSON.stringify of the same envelope (property)', () => {
    const item = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 8 }).chain((rest) =>
      fc.record({ score: fc.constantFrom(1, 0.5), where: fc.nat(8) }).map(({ score, where }) => {
        const entries = Object.entries(rest).filter(([k]) => k !== 'score');
        entries.splice(Math.min(where, entries.length), 0, ['score', score]);
        return Object.fromEntries(entries) as Record<string, unknown>;
      }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.nat(), fc.boolean(), (items, total, incomplete) => {
        const envelope = { total_count: total, incomplete_results: incomplete, items };
        const withText = Object.defineProperty({ ...envelope }, RENDERED_ITEMS, { value: items.map((item) => Buffer.from(itemJson(item))) });
        expect(renderJson(withText)).toBe(renderJson(envelope));
      }),
      { numRuns: 300 },
    );
  });

  it('writes an empty page as JSON.stringify does', () => {
    const envelope = { total_count: 0, incomplete_results: false, items: [] };
    expect(renderJson(Object.defineProperty({ ...envelope }, RENDERED_ITEMS, { value: [] }))).toBe(renderJson(envelope));
  });
});

describe('answers of the embedded dump written from the rendered-item cache', () => {
  const cases: Array<[Kind, string, string]> = [
    ['issues', 'is:issue', ACCEPT.plain],
    ['issues', 'bug', ACCEPT.plain],
    ['repositories', 'stars:>0', ACCEPT.mercy],
    ['repositories', 'stars:>0', ACCEPT.plain],
    ['commits', 'fix', ACCEPT.cloak],
    ['code', 'function', ACCEPT.plain],
    ['users', 'type:user', ACCEPT.plain],
    ['topics', 'is:featured', ACCEPT.mercy],
  ];
  const store = openStore(path.join(PROJECT_ROOT, 'data'), { cacheDir: mkdtempSync(path.join(tmpdir(), 'item-json-')) });

  it.each(cases)('%s %j (%s): same bytes as JSON.stringify, cold and warm', async (kind, q, accept) => {
    for (let pass = 0; pass < 2; pass++) {
      const { envelope } = await runSearch({ kind, q, accept, per_page: '100' }, store);
      const rendered = (envelope as Envelope & { [RENDERED_ITEMS]?: readonly Buffer[] })[RENDERED_ITEMS];
      expect(rendered).toBeDefined();
      const text = renderJson(envelope);
      expect(text).toBe(renderJson(plain(envelope)));
      expect(renderJsonBytes(envelope).equals(Buffer.from(text))).toBe(true);
      expect(rendered!.length).toBeGreaterThan(0);
      // Reading the items gives objects an edge may change: the envelope is then written from them.
      envelope.items[0]!.title = 'changed';
      expect(renderJson(envelope)).toContain('"title": "changed"');
    }
  });

  it.each(cases)('%s %j (%s): the same bytes from the rendered-items file a build wrote', async (kind, q, accept) => {
    const built = openStore(path.join(PROJECT_ROOT, 'data'), { cacheDir: mkdtempSync(path.join(tmpdir(), 'item-json-built-')) });
    await built.prebuild([kind]);
    const request = { kind, q, accept, per_page: '100' };
    expect(renderJson((await runSearch(request, built)).envelope)).toBe(renderJson(plain((await runSearch(request, store)).envelope)));
  });

  it('text-match answers are built per query', async () => {
    const { envelope } = await runSearch({ kind: 'issues', q: 'bug', accept: ACCEPT.textMatch }, store);
    expect((envelope as Envelope & { [RENDERED_ITEMS]?: unknown })[RENDERED_ITEMS]).toBeUndefined();
  });
});
