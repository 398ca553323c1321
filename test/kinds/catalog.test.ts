/**
 * The catalog builds a kind's table on its first use (src/kinds/catalog.ts): a process that never asks for a kind
 * never builds it, and every reader gets the same table object. This file's own module graph starts with nothing
 * built (vitest evaluates each test file's modules afresh), and its tests run in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { builtKinds, CATALOG, neighbourKinds, sortKeys, specOf } from '../../src/kinds/catalog.js';
import { KINDS } from '../../src/kinds/kind.js';

const SMALL_DUMP = fileURLToPath(new URL('../fixtures/small-dump.json', import.meta.url));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-catalog-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    env: { SEARCH_CACHE_DIR: cacheDir },
  });
  return { code, out, err };
}

describe('the catalog builds a kind on first use', () => {
  it('has built nothing once loaded', () => {
    expect(builtKinds()).toEqual([]);
  });

  it('builds only the queried kind and its neighbours for a query (cache cold, then warm)', async () => {
    for (const pass of ['cold', 'warm']) {
      const { code, err } = await run(['users', 'octocat', '--data', SMALL_DUMP, '--json']);
      expect({ pass, code, err }).toEqual({ pass, code: 0, err: '' });
      expect(builtKinds()).toEqual(['repositories', 'users']);
    }
    const { code } = await run(['issues', 'crash', '--data', SMALL_DUMP, '--json']);
    expect(code).toBe(0);
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
