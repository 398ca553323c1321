/**
 * Pages written from their items' JSON (src/envelope/page.ts, items from the rendered-item cache,
 * src/envelope/item-json.ts) are byte-identical to the envelope written by JSON.stringify: a property over
 * arbitrary items, and every kind of the embedded dump under each media type, first and second time (cache cold,
 * then warm), against items built from the records.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/envelope/envelope.js';
import { envelopeOf, pageBytes, pageFromEnvelope } from '../../src/envelope/page.js';
import { parseAccept } from '../../src/request/media-type.js';
import { buildItems, itemBytes, itemJson } from '../../src/envelope/item-json.js';
import { layOutJson } from '../../src/envelope/json-layout.js';
import { itemFileOf } from '../../src/cache/item-file.js';
import { snapshotTexts } from '../../src/cache/record-snapshot.js';
import { PLAIN_MEDIA } from '../../src/request/media-type.js';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { ACCEPT, PROJECT_ROOT } from '../helpers/real-data.js';

describe('pageBytes of items written as JSON', () => {
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
        const page = { total: total, incomplete, documents: [], items: items.map((item) => Buffer.from(itemJson(item))) };
        expect(pageBytes(page).toString('utf8')).toBe(renderJson(envelope));
        expect(pageBytes(pageFromEnvelope(envelope)).toString('utf8')).toBe(renderJson(envelope));
        expect(renderJson(envelopeOf(page))).toBe(renderJson(envelope));
      }),
      { numRuns: 300 },
    );
  });

  it('writes an empty page as JSON.stringify does', () => {
    const envelope = { total_count: 0, incomplete_results: false, items: [] };
    expect(pageBytes({ total: 0, incomplete: false, documents: [], items: [] }).toString('utf8')).toBe(renderJson(envelope));
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
      const { page, envelope } = await runSearch({ kind, q, accept, per_page: '100' }, store);
      expect(page.items.length).toBeGreaterThan(0);
      const c = await store.collection(kind);
      const built = { total_count: page.total, incomplete_results: page.incomplete, items: buildItems(c, page.documents, parseAccept(accept), []) };
      expect(pageBytes(page).toString('utf8')).toBe(renderJson(built));
      expect(renderJson(envelope)).toBe(renderJson(built));
      // The envelope's items are objects an edge may change: it is then written from them.
      envelope.items[0]!.title = 'changed';
      expect(renderJson(envelope)).toContain('"title": "changed"');
    }
  });

  it.each(cases)('%s %j (%s): the same bytes from the rendered-items file a build wrote', async (kind, q, accept) => {
    const built = openStore(path.join(PROJECT_ROOT, 'data'), { cacheDir: mkdtempSync(path.join(tmpdir(), 'item-json-built-')) });
    await built.prebuild([kind]);
    const request = { kind, q, accept, per_page: '100' };
    expect(pageBytes((await runSearch(request, built)).page).equals(pageBytes((await runSearch(request, store)).page))).toBe(true);
  });

  it.each(['issues', 'repositories', 'users', 'code', 'commits', 'labels', 'topics'] as const)(
    '%s: every stored item, read back and laid out, is the item rendered from its record',
    async (kind) => {
      const built = openStore(path.join(PROJECT_ROOT, 'data'), { cacheDir: mkdtempSync(path.join(tmpdir(), 'item-json-stored-')) });
      await built.prebuild([kind]);
      const c = await built.collection(kind);
      const file = itemFileOf(c)!;
      expect(file).toBeDefined();
      const texts = snapshotTexts(c.records);
      let compactBytes = 0;
      for (let doc = 0; doc < c.records.length; doc++) {
        const stored = file.read(doc, texts)!;
        expect(stored).toBeDefined();
        compactBytes += stored.length;
        expect(layOutJson(stored, 2, 4).toString('utf8')).toBe(itemBytes(c.spec, c.records[doc]!, doc, c, PLAIN_MEDIA).toString('utf8'));
      }
      expect(file.usable).toBe(true);
      // The embedded dump is pretty-printed: its records' texts are not the items' compact texts, so each item is
      // stored as its own compact text (about half its envelope text). The framing adds a CRC per 4 KiB block, its
      // footer and trailer.
      const size = statSync(file.file).size;
      expect(size).toBeLessThan(compactBytes + 48 * c.records.length + size / 1024 + 512);
    },
  );

  it('a dump of compact records: items stored as references to their records, read back exactly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'item-json-compact-'));
    for (const name of readdirSync(path.join(PROJECT_ROOT, 'data')).filter((f) => f.endsWith('.json'))) {
      const records = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data', name), 'utf8')) as unknown;
      writeFileSync(path.join(dir, name), JSON.stringify(records));
    }
    const built = openStore(dir, { cacheDir: mkdtempSync(path.join(tmpdir(), 'item-json-compact-cache-')) });
    await built.prebuild(['issues']);
    const c = await built.collection('issues');
    const file = itemFileOf(c)!;
    let compactBytes = 0;
    for (let doc = 0; doc < c.records.length; doc++) {
      const stored = file.read(doc, snapshotTexts(c.records))!;
      compactBytes += stored.length;
      expect(layOutJson(stored, 2, 4).equals(itemBytes(c.spec, c.records[doc]!, doc, c, PLAIN_MEDIA))).toBe(true);
    }
    expect(statSync(file.file).size).toBeLessThan(compactBytes / 4);
    const request = { kind: 'issues' as const, q: 'is:issue', accept: ACCEPT.plain, per_page: '100' };
    expect(pageBytes((await runSearch(request, built)).page).equals(pageBytes((await runSearch(request, store)).page))).toBe(true);
  });

  it('text-match answers are built per query, written as JSON.stringify writes them', async () => {
    const { page, envelope } = await runSearch({ kind: 'issues', q: 'bug', accept: ACCEPT.textMatch }, store);
    expect(page.items.length).toBeGreaterThan(0);
    expect(envelope.items[0]!.text_matches).toBeDefined();
    expect(pageBytes(page).toString('utf8')).toBe(renderJson(envelope));
  });
});
