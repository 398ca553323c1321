/**
 * The index cache key (index-cache.ts `cacheKey`): stable for the same inputs, and different whenever an input that
 * changes a file's meaning differs — the dump, the kind's field layout, and the index file's and the record
 * snapshot's layout versions (so two builds of the tool with other layouts never share, and fight over, a file name).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { KindSpec } from '../../src/kinds/spec.js';

type KeyFn = (spec: KindSpec, dumpHash: string) => string;

/** `cacheKey` from a fresh module graph, with the given module's exports overridden. */
async function keyWith(module: string, overrides: Record<string, unknown>): Promise<KeyFn> {
  vi.resetModules();
  vi.doMock(module, async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), ...overrides }));
  const { cacheKey } = await import('../../src/cache/index-cache.js');
  return cacheKey;
}

afterEach(() => {
  vi.doUnmock('../../src/cache/compact-index-file.js');
  vi.doUnmock('../../src/cache/record-snapshot.js');
  vi.resetModules();
});

describe('cacheKey', () => {
  const spec = specOf('issues');

  it('is the same hex sha256 for the same inputs, and differs with the dump hash or the kind', async () => {
    const { cacheKey } = await import('../../src/cache/index-cache.js');
    expect(cacheKey(spec, 'h1')).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey(spec, 'h1')).toBe(cacheKey(spec, 'h1'));
    expect(cacheKey(spec, 'h2')).not.toBe(cacheKey(spec, 'h1'));
    expect(cacheKey(specOf('labels'), 'h1')).not.toBe(cacheKey(spec, 'h1'));
  });

  it.each([
    ['the index file layout', '../../src/cache/compact-index-file.js', 'INDEX_LAYOUT'],
    ['the record snapshot layout', '../../src/cache/record-snapshot.js', 'SNAPSHOT_FORMAT'],
  ])('differs when %s differs', async (_what, module, constant) => {
    const { cacheKey } = await import('../../src/cache/index-cache.js');
    const mod = (await import(module)) as Record<string, number>;
    const before = cacheKey(spec, 'h1');
    const other = await keyWith(module, { [constant]: (mod[constant] ?? 0) + 1000 });
    expect(other(spec, 'h1')).not.toBe(before);
  });
});
