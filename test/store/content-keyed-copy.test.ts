/**
 * The cache is keyed by content, as the README says: an identical copy of a dump at another path loads every
 * index, snapshot and column file the first path built (it once rebuilt the 5 kinds whose artefacts were only
 * looked up after a streaming pass: the hash memo is keyed by path, so the copy went straight to a rebuild).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA } from '../../src/cli/main.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';

const root = mkdtempSync(path.join(tmpdir(), 'search-copy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an identical copy of a dump at another path', () => {
  it('loads every kind from the cache and answers identically', { timeout: 120_000 }, async () => {
    const cacheDir = path.join(root, 'cache');
    const a = path.join(root, 'a');
    const b = path.join(root, 'elsewhere', 'b');
    cpSync(DEFAULT_DATA, a, { recursive: true });
    cpSync(DEFAULT_DATA, b, { recursive: true });
    const first = await openStore(a, { cacheDir }).prebuild();
    expect(first.every((r) => r.source === 'built')).toBe(true);
    const copy = openStore(b, { cacheDir });
    const second = await copy.prebuild();
    expect(second.map((r) => [r.kind, r.source])).toEqual(first.map((r) => [r.kind, 'cached']));
    const request = { kind: 'issues' as const, q: 'crash label:bug', accept: 'application/vnd.github.v3.text-match+json' };
    expect((await runSearch(request, copy)).envelope).toEqual((await runSearch(request, openStore(a, { cacheDir }))).envelope);
  });
});
