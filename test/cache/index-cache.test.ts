/**
 * Search answers right whatever is in the index cache directory: a truncated, bit-flipped or foreign cache file is
 * ignored and rebuilt (index-cache.ts: "a corrupt, truncated or foreign file is ignored and rebuilt, never served").
 * Runs on a small real dump (hub4j issues) when present.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/store.js';
import { hasSource, search, sourceDir, titleFor } from '../helpers/real-data.js';

const SOURCE = 'hub4j-github-api-wiremock';
const PRESENT = hasSource(SOURCE, 'labels');
const QUERIES = ['bug', 'test OR question', 'enhancement'];

describe.skipIf(!PRESENT)(titleFor('a damaged index cache never changes an answer', PRESENT, SOURCE), () => {
  let dir: string;
  let expected: string[];
  const answers = async (cacheDir: string): Promise<string[]> => {
    const store = openStore(sourceDir(SOURCE), { cacheDir });
    const out: string[] = [];
    for (const q of QUERIES) {
      const r = await search(store, { kind: 'labels', q, repository_id: '30830186', per_page: '100' });
      out.push(JSON.stringify(r.envelope));
    }
    return out;
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ogs-cache-damage-'));
    expected = await answers(path.join(dir, 'fresh'));
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const damages: Array<{ name: string; damage: (bytes: Buffer) => Buffer }> = [
    { name: 'truncated to half', damage: (b) => b.subarray(0, Math.floor(b.length / 2)) },
    { name: 'truncated to 10 bytes', damage: (b) => b.subarray(0, 10) },
    { name: 'empty', damage: () => Buffer.alloc(0) },
    {
      name: 'bytes flipped in the middle',
      damage: (b) => {
        const c = Buffer.from(b);
        for (let i = Math.floor(c.length / 2); i < Math.min(c.length, Math.floor(c.length / 2) + 64); i++) c[i] = c[i]! ^ 0xff;
        return c;
      },
    },
    { name: 'JSON text instead of an index', damage: () => Buffer.from('{"format":1,"index":{}}') },
    { name: 'random bytes of the same length', damage: (b) => Buffer.from(b.map((_, i) => (i * 2654435761) & 0xff)) },
  ];

  it.each(damages)('cache file $name → rebuilt, same answers', async ({ name, damage }) => {
    const cacheDir = path.join(dir, name.replace(/\W+/g, '-'));
    expect(await answers(cacheDir)).toEqual(expected);
    const files = readdirSync(cacheDir).filter((f) => !f.endsWith('.tmp'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) writeFileSync(path.join(cacheDir, f), damage(readFileSync(path.join(cacheDir, f))));
    expect(await answers(cacheDir)).toEqual(expected);
  }, 60_000);
});
