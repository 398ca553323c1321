import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGithub, inputFiles, unwrap } from '../../src/import/github-import.js';
import { identityKey, type Part } from '../../src/import/record-identity.js';
import { DataError } from '../../src/dump/data-error.js';
import { importGit } from '../../src/import/git-import.js';
import { openDump } from '../../src/dump/dump.js';
import { cleanup, makeRepo, tempDir } from './helpers/git-fixture.js';

type Rec = Record<string, unknown>;
const DATA = new URL('../../../shared/data/', import.meta.url);
const SOURCES = ['pygithub-replaydata', 'changelog-generator-vcr', 'octokit-fixtures'] as const;
const hasData = SOURCES.every((source) => existsSync(new URL(`${source}/`, DATA)));

let root: string;
beforeAll(() => {
  root = tempDir('github-import-');
});
afterAll(() => cleanup(root));

const readOut = (out: string, part: string): Rec[] =>
  existsSync(path.join(out, `${part}.json`)) ? JSON.parse(readFileSync(path.join(out, `${part}.json`), 'utf8')) : [];

/** The records of one source's part file (`.json` or `.json.gz`), as recorded. */
function sourceRecords(source: string, part: Part): Rec[] {
  for (const name of [`${part}.json`, `${part}.json.gz`]) {
    const file = new URL(`${source}/${name}`, DATA);
    if (existsSync(file)) {
      const bytes = readFileSync(file);
      return JSON.parse((name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
    }
  }
  return [];
}

/**
 * Writes one source as `gh api`-style inputs: half the records as 30-record pages printed back to back
 * (`--paginate`), half as search envelopes with `score` and `text_matches` (one gzipped), every 7th record again
 * in a JSON Lines file, and one `--slurp` array of pages. Returns the input directory.
 */
function ghStyleInputs(source: string): string {
  const dir = path.join(root, `${source}-inputs`);
  mkdirSync(dir, { recursive: true });
  const dupes: string[] = [];
  for (const part of ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'pulls'] as Part[]) {
    const records = sourceRecords(source, part);
    if (records.length === 0) continue;
    const pages: Rec[][] = [];
    for (let i = 0; i < records.length; i += 30) pages.push(records.slice(i, i + 30));
    const half = Math.ceil(pages.length / 2);
    writeFileSync(path.join(dir, `${part}-paginate.json`), pages.slice(0, half).map((p) => JSON.stringify(p)).join(''));
    const envelopes = pages.slice(half).map((items) =>
      JSON.stringify({ total_count: records.length, incomplete_results: false, items: items.map((r) => ({ ...r, score: 1, text_matches: [] })) }, null, 2),
    );
    if (envelopes.length > 0) writeFileSync(path.join(dir, `${part}-search.json.gz`), gzipSync(envelopes.join('\n')));
    records.forEach((record, i) => i % 7 === 0 && dupes.push(JSON.stringify(record)));
    writeFileSync(path.join(dir, `${part}-slurp.json`), JSON.stringify([pages.slice(0, 1)]));
  }
  writeFileSync(path.join(dir, 'dupes.jsonl'), `${dupes.join('\n')}\n`);
  return dir;
}

describe.skipIf(!hasData)('importGithub on real records split like gh api output (needs ../shared/data)', () => {
  it.each(SOURCES)('%s: yields exactly the distinct records, by kind', async (source) => {
    const out = path.join(root, `${source}-dump`);
    const result = await importGithub({ inputs: [ghStyleInputs(source)], out });
    expect(result.stats.unrecognised.count).toBe(0);
    for (const part of ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'pulls'] as Part[]) {
      const expected = new Map<string, Rec[]>();
      for (const record of sourceRecords(source, part)) {
        const key = identityKey(part, record)!;
        expected.set(key, [...(expected.get(key) ?? []), record]);
      }
      const written = readOut(out, part);
      const keys = written.map((record) => identityKey(part, record)!);
      expect(new Set(keys).size, `${part}: no duplicates`).toBe(keys.length);
      expect(new Set(keys), `${part}: the distinct identities`).toEqual(new Set(expected.keys()));
      // Each written record is one of the recorded versions (score and text_matches never leak in).
      for (const [i, record] of written.entries()) expect(expected.get(keys[i]!)).toContainEqual(record);
    }
  });

  it('joins pulls to their issue records (changelog-generator-vcr: every pull has its issue)', async () => {
    const out = path.join(root, 'vcr-pulls');
    const result = await importGithub({ inputs: [new URL('changelog-generator-vcr/', DATA).pathname], out });
    expect(result.stats.pulls).toEqual({ joined: 14, unmatched: 0 });
  });
});

describe('importGithub', () => {
  const user = { login: 'octocat', id: 1, avatar_url: 'https://a/u/1', type: 'User' };
  const issue = {
    id: 10, number: 1, title: 'Bug', url: 'https://api.github.com/repos/o/r/issues/1', repository_url: 'https://api.github.com/repos/o/r',
    user, labels: [{ id: 7, url: 'https://api.github.com/repos/o/r/labels/bug', name: 'bug', color: 'd73a4a' }],
  };

  it('collects nested users and labels, and counts unrecognised records with examples without writing them', async () => {
    const file = path.join(root, 'mixed.json');
    writeFileSync(file, JSON.stringify([issue, { id: 5, body: 'a comment', user }, { number: 3, title: 'v1', open_issues: 1 }]));
    const out = path.join(root, 'mixed-dump');
    const result = await importGithub({ inputs: [file], out });
    expect(readdirSync(out).sort()).toEqual(['issues.json', 'labels.json', 'users.json']);
    expect(readOut(out, 'users')).toEqual([user]);
    expect(result.stats.unrecognised).toEqual({
      count: 2,
      examples: [`${file}#1: object {id, body, user}`, `${file}#2: object {number, title, open_issues}`],
    });
    expect(result.stats.embedded).toEqual({ users: 2, labels: 1 });
  });

  it('merges into a dump without touching other kinds', async () => {
    const out = path.join(root, 'merge-dump');
    const first = path.join(root, 'topics.json');
    writeFileSync(first, JSON.stringify({ total_count: 1, incomplete_results: false, items: [{ name: 'ruby', display_name: 'Ruby', curated: true, score: 1 }] }));
    await importGithub({ inputs: [first], out });
    const second = path.join(root, 'issue.json');
    writeFileSync(second, JSON.stringify(issue));
    const result = await importGithub({ inputs: [second], out, merge: true });
    expect(result.reports.map((r) => [r.part, r.status])).toEqual([
      ['issues', 'written'], ['labels', 'written'], ['topics', 'kept'], ['users', 'written'],
    ]);
    expect(readOut(out, 'topics')).toEqual([{ name: 'ruby', display_name: 'Ruby', curated: true }]);
  });

  it('combines a git import and GitHub issues into one dump with --merge', async () => {
    const repo = path.join(root, 'combined-repo');
    mkdirSync(repo);
    makeRepo(repo, [{ message: 'Initial', files: { 'a.ts': 'export const a = 1;\n' } }]);
    const out = path.join(root, 'combined-dump');
    await importGit({ repoPath: repo, out, repo: 'o/r' });
    const issues = path.join(root, 'combined-issues.json');
    writeFileSync(issues, `${JSON.stringify([issue])}\n`);
    const result = await importGithub({ inputs: [issues], out, merge: true });
    expect(result.reports.map((r) => [r.part, r.status])).toEqual([
      ['code', 'kept'], ['commits', 'kept'], ['issues', 'written'], ['labels', 'written'], ['repositories', 'kept'], ['users', 'written'],
    ]);
    expect((await openDump(out)).kinds).toEqual(['code', 'commits', 'issues', 'labels', 'repositories', 'users']);
  });

  it.each([
    ['a missing input', () => [path.join(root, 'missing.json')], /missing\.json: no such file or directory/],
    ['a directory without JSON files', () => { mkdirSync(path.join(root, 'empty'), { recursive: true }); return [path.join(root, 'empty')]; }, /no \*\.json/],
    ['invalid JSON', () => { writeFileSync(path.join(root, 'bad.json'), '[{"a":1},]'); return [path.join(root, 'bad.json')]; }, /bad\.json: invalid JSON at line 1/],
    ['nothing recognisable', () => { writeFileSync(path.join(root, 'junk.json'), '[{"a":1}]'); return [path.join(root, 'junk.json')]; }, /no GitHub records recognised in 1 record\(s\) read; e\.g\. .*junk\.json#0: object \{a\}/],
  ])('rejects %s with a one-line DataError and writes nothing', async (_name, inputs, message) => {
    const out = path.join(root, 'never');
    const error = await importGithub({ inputs: inputs(), out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });
});

describe('unwrap', () => {
  it.each([
    ['an array', [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 2 }]],
    ['gh --slurp pages', [[{ a: 1 }], [{ a: 2 }]], [{ a: 1 }, { a: 2 }]],
    ['a search envelope', { total_count: 2, incomplete_results: false, items: [{ a: 1 }] }, [{ a: 1 }]],
    ['a {total_count, <list>} page', { total_count: 1, repositories: [{ a: 1 }] }, [{ a: 1 }]],
    ['a single-file dump', { issues: [{ a: 1 }], users: [{ b: 2 }] }, [{ a: 1 }, { b: 2 }]],
    ['a plain object', { a: 1 }, [{ a: 1 }]],
  ])('%s', (_name, value, records) => {
    expect([...unwrap(value)]).toEqual(records);
  });
});

describe('inputFiles', () => {
  it('walks directories in name order, keeping only JSON inputs', async () => {
    const dir = path.join(root, 'walk');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    for (const name of ['b.json', 'a.jsonl', 'notes.txt', 'sub/c.json.gz', 'sub/d.ndjson']) writeFileSync(path.join(dir, name), '[]');
    expect((await inputFiles([dir])).map((f) => path.relative(dir, f))).toEqual(['a.jsonl', 'b.json', 'sub/c.json.gz', 'sub/d.ndjson']);
  });
});
