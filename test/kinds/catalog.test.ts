/**
 * The catalog builds a kind's table on its first use (src/kinds/catalog.ts): a process that never asks for a kind
 * never builds it, and every reader gets the same table object. This file's own module graph starts with nothing
 * built (vitest evaluates each test file's modules afresh), and its tests run in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtKinds, CATALOG, neighbourKinds, sortKeys, specOf } from '../../src/kinds/catalog.js';
import { KINDS } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';

const SMALL_DUMP = fileURLToPath(new URL('../fixtures/small-dump.json', import.meta.url));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-catalog-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('the catalog builds a kind on first use', () => {
  it('has built nothing once loaded', () => {
    expect(builtKinds()).toEqual([]);
  });

  it('builds only the queried kind and its neighbours for a query (cache cold, then warm)', async () => {
    // Each pass a new store over the same cache directory: the first builds the caches, the second reads them.
    for (const pass of ['cold', 'warm']) {
      const { envelope } = await runSearch({ kind: 'users', q: 'ada' }, openStore(SMALL_DUMP, { cacheDir }));
      expect({ pass, found: envelope.total_count > 0 }).toEqual({ pass, found: true });
      expect(builtKinds()).toEqual(['repositories', 'users']);
    }
    const { envelope } = await runSearch({ kind: 'issues', q: 'crash' }, openStore(SMALL_DUMP, { cacheDir }));
    expect(envelope.total_count).toBeGreaterThan(0);
    // issues' table needs no kind beyond the shared neighbours; code, commits, labels, topics stay unbuilt.
    expect(neighbourKinds(specOf('issues'))).toEqual(['repositories', 'users']);
    expect(builtKinds()).toEqual(['issues', 'repositories', 'users']);
  });

  it('builds a table once: every read gives the same object', () => {
    expect(builtKinds()).not.toContain('labels');
    const first = specOf('labels');
    expect(builtKinds()).toContain('labels');
    expect(CATALOG.labels).toBe(first);
    expect(specOf('labels')).toBe(first);
    expect(first.kind).toBe('labels');
  });

  it('lists every kind, each table under its own name, read through the catalog as before', () => {
    expect(Object.keys(CATALOG)).toEqual([...KINDS]);
    for (const kind of KINDS) expect(CATALOG[kind].kind).toBe(kind);
    expect(builtKinds()).toEqual([...KINDS]);
    expect(Object.isFrozen(CATALOG)).toBe(true);
    expect(sortKeys('users')).toEqual(['followers', 'repositories', 'joined']);
  });
});
