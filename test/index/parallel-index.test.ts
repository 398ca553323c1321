/**
 * The built package builds indexes on a worker thread (src/store/parallel-indexer.ts); the sources the other
 * tests run build in-thread. Both must give byte-identical cache files and answers.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/search.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../dist/store/index-worker.js', import.meta.url)));
const dataRoot = fileURLToPath(new URL('../../../shared/data', import.meta.url));
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Run the built CLI with its own cache directory; returns that directory and stdout. */
async function cli(args: string[], worker: 'on' | 'off', cacheDir?: string): Promise<{ cacheDir: string; stdout: string }> {
  const dir = cacheDir ?? mkdtempSync(path.join(tmpdir(), `parallel-index-${worker}-`));
  if (!cacheDir) roots.push(dir);
  const { stdout } = await run(process.execPath, [bin, ...args], {
    env: { ...process.env, SEARCH_CACHE_DIR: dir, SEARCH_INDEX_WORKER: worker, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { cacheDir: dir, stdout };
}

/**
 * Cache file name → bytes, for the files of a kind's build (names carry the content keys, so they must match).
 * Not bin/search.js's V8 code cache (`cli-code-*`): it holds whatever V8 compiled, and no build writes it; nor the
 * CLI's digest memo (`digests-*`, src/cache/digest-memo.ts): the same digests, in the order the run hashed them.
 */
function cacheFiles(dir: string): Map<string, Buffer> {
  const names = readdirSync(dir).filter((name) => !name.startsWith('cli-code-') && !name.startsWith('digests-'));
  return new Map(names.sort().map((name) => [name, readFileSync(path.join(dir, name))]));
}

const sources = [
  ['embedded data/', fileURLToPath(new URL('../../data', import.meta.url))],
  ['hub4j-github-api-wiremock', path.join(dataRoot, 'hub4j-github-api-wiremock')],
] as const;

describe.skipIf(!built)('index build on a worker thread (needs `npm run build`; skipped when dist/ is absent)', () => {
  it.each(sources.filter(([, dir]) => existsSync(dir)))('%s: the worker and the in-thread build write identical caches', async (_name, dir) => {
    const threaded = await cli(['index', '--data', dir, '-q'], 'on');
    const inThread = await cli(['index', '--data', dir, '-q'], 'off');
    const a = cacheFiles(threaded.cacheDir);
    const b = cacheFiles(inThread.cacheDir);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect([...a.keys()].some((name) => name.endsWith('.lunr'))).toBe(true);
    for (const [name, bytes] of a) expect(bytes.equals(b.get(name)!), name).toBe(true);
  }, 120_000);

  it('answers a query identically from either build', async () => {
    const dir = sources[0][1];
    const query = ['issues', 'crash state:open', '--json', '--data', dir];
    const threaded = await cli(query, 'on');
    const inThread = await cli(query, 'off');
    expect(JSON.parse(threaded.stdout)).toEqual(JSON.parse(inThread.stdout));
    expect(JSON.parse(threaded.stdout).total_count).toBeGreaterThan(0);
  }, 60_000);
});
