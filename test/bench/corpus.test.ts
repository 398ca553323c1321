import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_WORDS, keptCorpus, writeCorpus } from '../../bench/corpus.js';
import { countWords, generatedSource, loadCorpusSource } from '../../bench/corpus-source.js';
import { Prng } from '../../bench/prng.js';
import { coldQueries, mixedPaths, neverSeenPaths, wordFrequencies } from '../../bench/queries.js';
import { sqliteBuildScript, sqliteSelect, sqliteVersion } from '../../bench/sqlite-anchor.js';
import { spawnSync } from 'node:child_process';
import { openDump } from '../../src/dump/dump.js';
import { viewerFor } from '../../src/request/viewer.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-corpus-'));
  roots.push(dir);
  return dir;
};

describe('Prng', () => {
  it('is a pure function of its seed', () => {
    const a = new Prng('x');
    const b = new Prng('x');
    const c = new Prng('y');
    const seq = (r: Prng) => Array.from({ length: 20 }, () => r.int(0, 1000));
    const first = seq(a);
    expect(seq(b)).toEqual(first);
    expect(seq(c)).not.toEqual(first);
  });

  it('keeps int and zipf in range, zipf skewed to low ranks', () => {
    const r = new Prng(7);
    let low = 0;
    for (let i = 0; i < 10_000; i++) {
      const n = r.int(3, 9);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(9);
      const z = r.zipf(100);
      expect(z).toBeGreaterThanOrEqual(0);
      expect(z).toBeLessThan(100);
      if (z < 10) low++;
    }
    expect(low).toBeGreaterThan(4000);
  });
});

describe('writeCorpus', () => {
  const source = generatedSource(300);

  it('writes a valid, deterministic issue dump with bodies of 50–400 words', async () => {
    const a = writeCorpus(tempDir(), 400, source, 'seed');
    const b = writeCorpus(tempDir(), 400, source, 'seed');
    expect(readFileSync(a.file, 'utf8')).toBe(readFileSync(b.file, 'utf8'));
    const loaded = await (await openDump(a.dir)).load('issues');
    expect(loaded.records).toHaveLength(400);
    const ids = new Set(loaded.records.map((r) => r.id));
    expect(ids.size).toBe(400);
    const keys = new Set(loaded.records.map((r) => `${r.repository_url}#${r.number}`));
    expect(keys.size).toBe(400);
    for (const r of loaded.records) {
      const words = countWords(String(r.body));
      expect(words).toBeGreaterThanOrEqual(BODY_WORDS.min);
      expect(words).toBeLessThanOrEqual(BODY_WORDS.max);
      expect(String(r.url)).toMatch(new RegExp(`/issues/${r.number}$`));
    }
    expect(a.bytes).toBe(readFileSync(a.file).length);
    expect(a.labels.length).toBeGreaterThan(0);
  });

  it('holds a few private repositories that an anonymous caller cannot see and their reader can', async () => {
    const corpus = writeCorpus(tempDir(), 600, source, 'private');
    expect(corpus.privateRepositories.length).toBeGreaterThan(0);
    expect(corpus.privateRepositories).toEqual(corpus.allRepositories.filter((_, i) => i % 8 === 3));
    const repositories = JSON.parse(readFileSync(path.join(corpus.dir, 'repositories.json'), 'utf8')) as Array<{ full_name: string; private: boolean }>;
    expect(repositories.filter((r) => r.private).map((r) => r.full_name)).toEqual(corpus.privateRepositories);
    const store = openStore(corpus.dir, { cacheDir: tempDir() });
    const total = async (viewer?: ReturnType<typeof viewerFor>): Promise<number> =>
      (await runSearch({ kind: 'issues', q: 'is:issue', ...(viewer ? { viewer } : {}) }, store)).envelope.total_count;
    const anonymous = await total();
    const reader = await total(viewerFor('reader', [...corpus.privateRepositories]));
    expect(anonymous).toBeGreaterThan(0);
    expect(reader).toBeGreaterThan(anonymous);
  });

  it('differs with the seed', () => {
    const a = writeCorpus(tempDir(), 50, source, 'one');
    const b = writeCorpus(tempDir(), 50, source, 'two');
    expect(readFileSync(a.file, 'utf8')).not.toBe(readFileSync(b.file, 'utf8'));
  });

  it('falls back to the generator when the real data is absent', () => {
    const fallback = loadCorpusSource(path.join(tempDir(), 'nowhere'));
    expect(fallback.origin).toMatch(/generated/);
    expect(fallback.templates.length).toBeGreaterThan(0);
  });
});

describe('queries', () => {
  const source = generatedSource(300);
  const corpus = writeCorpus(tempDir(), 300, source, 'q');
  const frequencies = wordFrequencies(source);

  it('picks four cold queries whose rare term occurs in the corpus', () => {
    const queries = coldQueries(corpus, frequencies);
    expect(queries.map((q) => q.label)).toEqual(['rare term', 'common term', 'two terms', 'qualifier-heavy']);
    const text = readFileSync(corpus.file, 'utf8').toLowerCase();
    expect(text).toContain(queries[0]!.q);
    expect(queries[3]!.q).toMatch(/state:closed .*comments:>2/);
  });

  it('makes a deterministic mixed file of /search/issues paths', () => {
    const a = mixedPaths(corpus, frequencies, 100);
    expect(a).toEqual(mixedPaths(corpus, frequencies, 100));
    expect(a).toHaveLength(100);
    for (const p of a) expect(p).toMatch(/^\/search\/issues\?q=[^&\s]+(&[a-z_]+=\w+)*$/);
    expect(a.some((p) => p.includes('sort='))).toBe(true);
    expect(a.some((p) => p.includes('page='))).toBe(true);
  });

  it('makes never-seen paths: all distinct, none among the excluded, deterministic, of the same mix', () => {
    const mixed = mixedPaths(corpus, frequencies, 200);
    const fresh = neverSeenPaths(corpus, frequencies, 5000, mixed);
    expect(fresh).toHaveLength(5000);
    expect(new Set(fresh).size).toBe(5000);
    expect(fresh.filter((p) => mixed.includes(p))).toEqual([]);
    expect(neverSeenPaths(corpus, frequencies, 50, mixed)).toEqual(fresh.slice(0, 50));
    expect(fresh.some((p) => p.includes('sort='))).toBe(true);
    expect(fresh.some((p) => p.includes('repo%3A'))).toBe(true);
  });
});

const sqlite = sqliteVersion();

describe.skipIf(!sqlite)('SQLite FTS5 anchor (needs the sqlite3 shell with FTS5; skipped when absent)', () => {
  it('builds the table from the corpus file and answers the bench queries with whole records', () => {
    const corpus = writeCorpus(tempDir(), 200, generatedSource(100), 'sqlite');
    const db = path.join(tempDir(), 'fts.db');
    const build = spawnSync('sqlite3', [db], { input: sqliteBuildScript(corpus.file), encoding: 'utf8' });
    expect(build.status).toBe(0);
    const count = spawnSync('sqlite3', [db, 'SELECT count(*) FROM issues;'], { encoding: 'utf8' });
    expect(count.stdout.trim()).toBe('200');
    const title = String(JSON.parse(readFileSync(corpus.file, 'utf8'))[7].title);
    const word = title.split(/\s+/).find((w) => /^[a-z]{4,}$/.test(w))!;
    const query = spawnSync('sqlite3', ['-readonly', db, sqliteSelect(`${word} state:closed`)], { encoding: 'utf8' });
    expect(query.status).toBe(0);
    const [total, ...docs] = query.stdout.trim().split('\n');
    expect(Number(total)).toBeGreaterThanOrEqual(docs.length);
    for (const doc of docs) expect((JSON.parse(doc) as { state: string }).state).toBe('closed');
  });
});

describe('keptCorpus', () => {
  const source = generatedSource(120);

  it('writes a corpus once and reuses it while count, seed, source and size match', () => {
    const dir = tempDir();
    const first = keptCorpus(dir, 150, source, 'kept');
    expect(first.reused).toBe(false);
    const bytes = readFileSync(first.file);
    const again = keptCorpus(dir, 150, source, 'kept');
    expect(again.reused).toBe(true);
    const { reused: _a, ...firstCorpus } = first;
    const { reused: _b, ...againCorpus } = again;
    expect(againCorpus).toEqual(firstCorpus);
    expect(readFileSync(again.file).equals(bytes)).toBe(true);
    // Another count or seed is generated anew (and then kept instead).
    expect(keptCorpus(dir, 160, source, 'kept').reused).toBe(false);
    expect(keptCorpus(dir, 160, source, 'other').reused).toBe(false);
    expect(keptCorpus(dir, 160, source, 'other').reused).toBe(true);
  });

  it('writes it again when its dump no longer has the size described', () => {
    const dir = tempDir();
    const first = keptCorpus(dir, 80, source, 'cut');
    writeFileSync(first.file, '[]\n');
    const again = keptCorpus(dir, 80, source, 'cut');
    expect(again.reused).toBe(false);
    expect(statSync(again.file).size).toBe(first.bytes);
  });
});
