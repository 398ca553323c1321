/**
 * Throughput of both importers on the largest inputs available: a synthetic repository of 50k commits and 20k
 * files, and every real record under ../shared/data. Opt-in (IMPORT_BENCH=1) since it takes tens of seconds;
 * it prints records/s and asserts only the counts, never timings.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGit } from '../../src/import/git-import.js';
import { importGithub } from '../../src/import/github-import.js';
import { recordsPerSecond } from '../../src/import/summary.js';
import { cleanup, tempDir } from './helpers/git-fixture.js';
import { makeSyntheticRepo } from './helpers/synthetic-repo.js';

const DATA = path.resolve(import.meta.dirname, '../../../shared/data');
const FILES = Number(process.env.IMPORT_BENCH_FILES ?? 20_000);
const COMMITS = Number(process.env.IMPORT_BENCH_COMMITS ?? 50_000);

describe.runIf(process.env.IMPORT_BENCH)('import throughput (IMPORT_BENCH=1)', () => {
  let root: string;
  beforeAll(() => {
    root = tempDir('import-bench-');
  });
  afterAll(() => cleanup(root));

  it(`git: ${COMMITS} commits, ${FILES} files`, async () => {
    const repo = path.join(root, 'repo');
    mkdirSync(repo);
    await makeSyntheticRepo(repo, FILES, COMMITS);
    const result = await importGit({ repoPath: repo, out: path.join(root, 'git-dump'), repo: 'bench/synthetic' });
    const records = result.imported.code + result.imported.commits + result.imported.repositories;
    console.log(`git import: ${records} records in ${result.ms} ms = ${recordsPerSecond(records, result.ms)} records/s`);
    expect(result.imported).toEqual({ code: FILES, commits: COMMITS, repositories: 1 });
  }, 300_000);

  it.skipIf(!existsSync(DATA))('github: every source under ../shared/data', async () => {
    const inputs = readdirSync(DATA).filter((name) => !name.endsWith('.md')).map((name) => path.join(DATA, name));
    const result = await importGithub({ inputs, out: path.join(root, 'github-dump') });
    console.log(`github import: ${result.stats.records} records in ${result.ms} ms = ${recordsPerSecond(result.stats.records, result.ms)} records/s`);
    expect(result.stats.unrecognised.count).toBe(0);
  }, 300_000);
});
