import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DataError } from '../../src/dump/data-error.js';
import { enrichIssues, openDump } from '../../src/dump/dump.js';
import type { Kind, RawRecord } from '../../src/kinds/kind.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A fresh temp directory holding `files` (name -> text or bytes). */
function writeDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dump-test-'));
  roots.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}

const json = (value: unknown): string => JSON.stringify(value);
const issue = { number: 1, title: 'Crash', state: 'open', comments: 0 };
const commit = (extra: object = {}): object => ({ sha: 'a1', commit: { message: 'Fix', ...extra } });

async function loadError(dir: string, kind: Kind): Promise<DataError> {
  const error = await (await openDump(dir)).load(kind).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

describe('openDump: paths that are not dumps', () => {
  it.each([
    ['a missing path', () => path.join(writeDir({}), 'nope'), 'no such file or directory'],
    ['an empty directory', () => writeDir({}), 'not a dump: no code.json,'],
    ['a directory with only pulls', () => writeDir({ 'pulls.json': '[]', 'notes.txt': 'x' }), 'not a dump: no code.json,'],
    ['both .json and .json.gz', () => writeDir({ 'users.json': '[]', 'users.json.gz': gzipSync('[]') }), 'both users.json and users.json.gz exist; keep one'],
  ])('%s', async (_name, make, message) => {
    const dir = make();
    const error = await openDump(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).message).toContain(`${dir}: ${message}`);
  });

  it.each([
    ['an array', '[]', 'not a dump: a dump file must be a JSON object of kind arrays ({"issues": [...], ...}), got an array'],
    ['a number', '3', 'not a dump: a dump file must be a JSON object of kind arrays ({"issues": [...], ...}), got number'],
    ['an unknown key', json({ issues: [], repos: [] }), 'not a dump: unknown key "repos" (expected code, commits, issues, labels, repositories, topics, users, pulls)'],
    ['no kind key', json({ pulls: [] }), 'not a dump: the object has none of the keys code, commits, issues, labels, repositories, topics, users'],
    ['invalid JSON', '{"issues": [}', 'invalid JSON at line 1, column 13: '],
  ])('a single file holding %s', async (_name, body, message) => {
    const file = path.join(writeDir({ 'dump.json': body }), 'dump.json');
    await expect(openDump(file)).rejects.toThrow(`${file}: ${message}`);
  });
});

describe('load: broken records name file, index and field', () => {
  it.each<[string, Kind, Record<string, string | Buffer>, string, string]>([
    ['bad JSON', 'issues', { 'issues.json': '[\n  {"number": 1,}\n]' }, 'issues.json', 'invalid JSON at line 2, column 16: '],
    ['bad gzip', 'issues', { 'issues.json.gz': 'not gzip' }, 'issues.json.gz', 'not a valid gzip file'],
    ['not an array', 'labels', { 'labels.json': '{"name": "bug"}' }, 'labels.json', 'must be a JSON array of labels records, got object'],
    ['a record not an object', 'issues', { 'issues.json': json([issue, 5]) }, 'issues.json', 'record 1: record must be a JSON object, got number 5'],
    ['a null record', 'users', { 'users.json': json([null]) }, 'users.json', 'record 0: record must be a JSON object, got null null'],
    ['missing label name', 'labels', { 'labels.json': json([{ color: 'fff' }]) }, 'labels.json', 'record 0, field "name": is required'],
    ['missing code path', 'code', { 'code.json': json([{ name: 'a.md' }]) }, 'code.json', 'record 0, field "path": is required'],
    ['missing commit.message', 'commits', { 'commits.json': json([{ sha: 'a', commit: {} }]) }, 'commits.json', 'record 0, field "commit.message": is required'],
    ['missing commit', 'commits', { 'commits.json': json([{ sha: 'a' }]) }, 'commits.json', 'record 0, field "commit": is required'],
    ['non-integer number', 'issues', { 'issues.json': json([{ ...issue, number: 1.5 }]) }, 'issues.json', 'record 0, field "number": must be an integer, got number 1.5'],
    ['login not a string', 'users', { 'users.json': json([{ login: 7 }]) }, 'users.json', 'record 0, field "login": must be a string, got number 7'],
    ['negative count', 'repositories', { 'repositories.json': json([{ name: 'r' }, { name: 'x', stargazers_count: -1 }]) }, 'repositories.json', 'record 1, field "stargazers_count": must be an integer >= 0, got -1'],
    ['string count', 'users', { 'users.json': json([{ login: 'a', followers: '12' }]) }, 'users.json', 'record 0, field "followers": must be an integer, got string "12"'],
    ['string boolean', 'repositories', { 'repositories.json': json([{ name: 'r', fork: 'yes' }]) }, 'repositories.json', 'record 0, field "fork": must be a boolean, got string "yes"'],
    ['boolean date', 'issues', { 'issues.json': json([{ ...issue, closed_at: true }]) }, 'issues.json', 'record 0, field "closed_at": must be a string or a number, got boolean true'],
    ['nested date', 'commits', { 'commits.json': json([commit({ author: { date: {} } })]) }, 'commits.json', 'record 0, field "commit.author.date": must be a string or a number, got object {}'],
    ['label name in an issue', 'issues', { 'issues.json': json([{ ...issue, labels: [{ name: 5 }] }]) }, 'issues.json', 'record 0, field "labels.0.name": must be a string, got number 5'],
    ['labels not objects', 'issues', { 'issues.json': json([{ ...issue, labels: ['bug'] }]) }, 'issues.json', 'record 0, field "labels.0": must be an object, got string "bug"'],
    ['user without login', 'issues', { 'issues.json': json([{ ...issue, user: { id: 1 } }]) }, 'issues.json', 'record 0, field "user.login": is required'],
    ['owner not an object', 'repositories', { 'repositories.json': json([{ name: 'r', owner: 'me' }]) }, 'repositories.json', 'record 0, field "owner": must be an object, got string "me"'],
    ['PR merged_at', 'issues', { 'issues.json': json([{ ...issue, pull_request: { merged_at: false } }]) }, 'issues.json', 'record 0, field "pull_request.merged_at": must be a string or a number, got boolean false'],
    ['bad pulls file', 'issues', { 'issues.json': json([issue]), 'pulls.json': json([{ number: 'x' }]) }, 'pulls.json', 'record 0, field "number": must be an integer, got string "x"'],
  ])('%s', async (_name, kind, files, file, message) => {
    const dir = writeDir(files);
    const error = await loadError(dir, kind);
    expect(error.message.startsWith(`${path.join(dir, file)}${message.startsWith('record') ? ', ' : ': '}${message}`)).toBe(true);
    expect(error.file).toBe(path.join(dir, file));
    // Streaming the same file reports the same error, and hands out no record past the bad one.
    const visited: number[] = [];
    const streamed = await (await openDump(dir)).stream(kind, (_r, doc) => visited.push(doc)).then(() => undefined, (e: unknown) => e);
    expect(streamed).toBeInstanceOf(DataError);
    expect((streamed as DataError).message).toBe(error.message);
    if (error.index !== undefined && file !== 'pulls.json') expect(visited).toEqual(Array.from({ length: error.index }, (_, i) => i));
  });

  it('names the key of a single-file dump', async () => {
    const file = path.join(writeDir({ 'd.json': json({ labels: [{ name: 'ok' }, { name: null }] }) }), 'd.json');
    const error = (await (await openDump(file)).load('labels').catch((e: unknown) => e)) as DataError;
    expect(error.message).toBe(`${file} (key "labels"), record 1, field "name": must be a string, got null null`);
    expect([error.index, error.field]).toEqual([1, 'name']);
  });

  it.each([
    ['null counts, flags and dates', { name: 'r', size: null, fork: null, pushed_at: null, owner: null }],
    ['epoch-second dates (webhook shape)', { name: 'r', created_at: 1367000000, pushed_at: 1700000000 }],
    ['unparsable date strings (seen in real data)', { name: 'r', created_at: 'foobar' }],
  ])('accepts %s', async (_name, record) => {
    const dump = await openDump(writeDir({ 'repositories.json': json([record]) }));
    expect((await dump.load('repositories')).records).toEqual([record]);
  });
});

describe('dump shapes give the same records', () => {
  const kinds = {
    issues: [{ ...issue, pull_request: { html_url: 'https://github.com/o/r/pull/1' } }],
    labels: [{ name: 'bug' }],
    pulls: [{ number: 1, html_url: 'https://github.com/o/r/pull/1', merged_at: null, draft: true }],
  };
  const shapes: [string, () => string][] = [
    ['directory', () => writeDir({ 'issues.json': json(kinds.issues), 'labels.json': json(kinds.labels), 'pulls.json': json(kinds.pulls) })],
    ['gzip directory', () => writeDir({ 'issues.json.gz': gzipSync(json(kinds.issues)), 'labels.json.gz': gzipSync(json(kinds.labels)), 'pulls.json.gz': gzipSync(json(kinds.pulls)) })],
    ['single file', () => path.join(writeDir({ 'd.json': JSON.stringify(kinds, null, 2) }), 'd.json')],
    ['gzip single file', () => path.join(writeDir({ 'd.json.gz': gzipSync(json(kinds)) }), 'd.json.gz')],
  ];

  it.each(shapes)('%s', async (_name, make) => {
    const dump = await openDump(make());
    expect(dump.kinds).toEqual(['issues', 'labels']);
    expect([dump.has('issues'), dump.has('code')]).toEqual([true, false]);
    const issues = await dump.load('issues');
    expect(issues.records).toEqual([{ ...kinds.issues[0], draft: true, pull_request: { html_url: 'https://github.com/o/r/pull/1', merged_at: null } }]);
    expect(issues.pulls.get(0)).toEqual(kinds.pulls[0]);
    expect((await dump.load('labels')).records).toEqual(kinds.labels);
    expect(await dump.load('code')).toMatchObject({ records: [], files: [], pulls: new Map() });
    expect(dump.load('labels')).toBe(dump.load('labels'));
  });

  it.each(shapes)('%s: the hash is stable across opens and changes with the data', async (_name, make) => {
    const source = make();
    const first = await (await openDump(source)).load('issues');
    const again = await (await openDump(source)).load('issues');
    expect(again.hash).toBe(first.hash);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await (await openDump(source)).load('labels')).hash).not.toBe(first.hash);
  });

  it.each<[string, (d: typeof kinds) => Record<string, string>, boolean]>([
    ['single file: whitespace only', (d) => ({ 'd.json': JSON.stringify(d, null, 4) }), true],
    ['single file: another kind changed', (d) => ({ 'd.json': json({ ...d, labels: [] }) }), true],
    ['single file: the pulls changed', (d) => ({ 'd.json': json({ ...d, pulls: [] }) }), false],
    ['single file: an issue changed', (d) => ({ 'd.json': json({ ...d, issues: [{ ...issue, title: 'x' }] }) }), false],
    ['directory: the pulls file changed', (d) => ({ 'issues.json': json(d.issues), 'pulls.json': '[]' }), false],
  ])('issues hash after %s: same = %s', async (_name, variant, same) => {
    const open = async (files: Record<string, string>): Promise<string> => {
      const dir = writeDir(files);
      const source = files['d.json'] ? path.join(dir, 'd.json') : dir;
      return (await (await openDump(source)).load('issues')).hash;
    };
    const base: Record<string, string> = variant(kinds)['d.json'] ? { 'd.json': json(kinds) } : { 'issues.json': json(kinds.issues), 'pulls.json': json(kinds.pulls) };
    expect((await open(variant(kinds))) === (await open(base))).toBe(same);
  });

  it('lists the files read, the pulls file last for issues', async () => {
    const dir = shapes[0]![1]();
    const issues = await (await openDump(dir)).load('issues');
    expect(issues.files).toEqual([path.join(dir, 'issues.json'), path.join(dir, 'pulls.json')]);
  });
});

describe('enrichIssues', () => {
  const pull = (extra: RawRecord): RawRecord => ({ number: 7, merged_at: '2020-01-01T00:00:00Z', draft: false, ...extra });
  const pr = (extra: RawRecord = {}): RawRecord => ({
    number: 7, title: 't', url: 'https://api.github.com/repos/Owner/Repo/issues/7',
    repository_url: 'https://api.github.com/repos/Owner/Repo', pull_request: { html_url: 'https://github.com/Owner/Repo/pull/7' }, ...extra,
  });
  it.each<[string, RawRecord, RawRecord, boolean]>([
    ['html_url', pr(), pull({ html_url: 'https://github.com/owner/repo/pull/7' }), true],
    ['issue_url', pr(), pull({ issue_url: 'https://api.github.com/repos/Owner/Repo/issues/7' }), true],
    ['base repo + number', pr(), pull({ base: { repo: { full_name: 'OWNER/repo' } } }), true],
    ['base repo, other number', pr(), pull({ number: 8, base: { repo: { full_name: 'owner/repo' } } }), false],
    ['other repo', pr(), pull({ base: { repo: { full_name: 'owner/other' } } }), false],
    ['an issue that is not a PR', pr({ pull_request: undefined }), pull({ issue_url: 'https://api.github.com/repos/Owner/Repo/issues/7' }), false],
  ])('matches by %s: %s', (_name, issueRecord, pullRecord, matched) => {
    const issues = [JSON.parse(JSON.stringify(issueRecord)) as RawRecord];
    const map = enrichIssues(issues, [pullRecord]);
    expect(map.size).toBe(matched ? 1 : 0);
    expect(issues[0]!.draft).toBe(matched ? false : undefined);
    expect((issues[0]!.pull_request as RawRecord | undefined)?.merged_at).toBe(matched ? '2020-01-01T00:00:00Z' : undefined);
  });

  it('keeps the values the issue already has', () => {
    const issues = [pr({ draft: true, pull_request: { html_url: 'https://github.com/Owner/Repo/pull/7', merged_at: null } })];
    enrichIssues(issues, [pull({ html_url: 'https://github.com/Owner/Repo/pull/7' })]);
    expect(issues[0]).toMatchObject({ draft: true, pull_request: { merged_at: null } });
  });

  it('adds no key the pull lacks', () => {
    const issues = [pr()];
    enrichIssues(issues, [{ number: 7, html_url: 'https://github.com/Owner/Repo/pull/7' }]);
    expect(issues[0]).toEqual(pr());
  });
});

const dataRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
const haveData = existsSync(dataRoot);
const dataDirs = haveData ? readdirSync(dataRoot).filter((name) => statSync(path.join(dataRoot, name)).isDirectory()) : [];

describe.skipIf(!haveData)(`real dumps in ../shared/data${haveData ? '' : ' (skipped: directory not found)'}`, () => {
  it.each(dataDirs)('%s loads every kind with the record counts of its files', async (name) => {
    const dir = path.join(dataRoot, name);
    const dump = await openDump(dir);
    for (const file of readdirSync(dir).filter((f) => /\.json(\.gz)?$/.test(f))) {
      const kind = file.replace(/\.json(\.gz)?$/, '');
      if (kind === 'pulls') continue;
      const bytes = readFileSync(path.join(dir, file));
      const expected = (JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as unknown[]).length;
      const loaded = await dump.load(kind as Kind);
      expect(loaded.records.length, `${name}/${file}`).toBe(expected);
    }
  }, 60_000);

  it.each(dataDirs)('%s streams every kind as it loads: same records, texts, hash, files and pulls', async (name) => {
    const dir = path.join(dataRoot, name);
    const loadedDump = await openDump(dir);
    const streamDump = await openDump(dir);
    for (const kind of loadedDump.kinds) {
      const loaded = await loadedDump.load(kind);
      const records: RawRecord[] = [];
      // Collected, then asserted once (an expect per record is most of this test's time on the large dumps).
      const outOfOrder: number[] = [];
      const textsDiffering: number[] = [];
      const textlessUnenriched: number[] = [];
      const streamed = await streamDump.stream(kind, (record, doc, text) => {
        if (doc !== records.length) outOfOrder.push(doc);
        records.push(record);
        // The text is the record's own bytes from the file, or absent when enrichment changed the record.
        if (text) {
          if (JSON.stringify(JSON.parse(text.toString('utf8'))) !== JSON.stringify(record)) textsDiffering.push(doc);
        } else if (!loaded.pulls.has(doc)) textlessUnenriched.push(doc);
      });
      expect({ outOfOrder, textsDiffering, textlessUnenriched }, `${name}/${kind}`).toEqual({ outOfOrder: [], textsDiffering: [], textlessUnenriched: [] });
      // Compared as JSON text (key order included): as strict for parsed JSON as toEqual, and far cheaper.
      expect(JSON.stringify(records), `${name}/${kind}`).toBe(JSON.stringify(loaded.records));
      expect(streamed).toEqual({ kind, hash: loaded.hash, files: loaded.files, pulls: loaded.pulls, count: loaded.records.length });
    }
  }, 60_000);

  it.each(dataDirs)('%s scans every kind synchronously as it loads: same records, hash, files and pulls', async (name) => {
    const dir = path.join(dataRoot, name);
    const loadedDump = await openDump(dir);
    const scanDump = await openDump(dir);
    for (const kind of loadedDump.kinds) {
      const loaded = await loadedDump.load(kind);
      const scanned = scanDump.scanSync(kind);
      expect(scanned.count, `${name}/${kind}`).toBe(loaded.records.length);
      // Compared as JSON text (key order included): as strict for parsed JSON as toEqual, and far cheaper on the large dumps.
      expect(JSON.stringify(Array.from({ length: scanned.count }, (_, doc) => scanned.record(doc))), `${name}/${kind}`).toBe(JSON.stringify(loaded.records));
      expect({ hash: scanned.hash, files: scanned.files }).toEqual({ hash: loaded.hash, files: loaded.files });
      for (const [doc, pull] of loaded.pulls) expect(scanned.pulls.get(doc)).toEqual(pull);
      expect((scanned.pulls as Map<number, RawRecord>).size).toBe(loaded.pulls.size);
    }
  }, 60_000);
});

describe('scanSync: a kind read record by record, synchronously, without holding its records', () => {
  const issues = [
    { number: 1, title: 'Crash', state: 'open', comments: 0 },
    { number: 2, title: 'Add streaming', state: 'open', comments: 1, repository_url: 'https://api.github.com/repos/o/r', pull_request: { html_url: 'https://github.com/o/r/pull/2' } },
    { number: 3, title: 'Docs ✓ 😀', state: 'closed', comments: 2 },
  ];
  const pulls = [{ number: 2, html_url: 'https://github.com/o/r/pull/2', merged_at: '2020-01-02T00:00:00Z', draft: true, base: { repo: { full_name: 'o/r' } } }];
  const files = { 'issues.json': `[\n${issues.map((i) => `  ${json(i)}`).join(',\n')}\n]\n`, 'pulls.json': json(pulls) };

  it('gives what load gives, from offsets into the file (issues enriched from their pulls, each read again)', async () => {
    const dir = writeDir(files);
    const loaded = await (await openDump(dir)).load('issues');
    const scanned = (await openDump(dir)).scanSync('issues');
    expect(scanned.count).toBe(3);
    expect([0, 1, 2].map((doc) => scanned.record(doc))).toEqual(loaded.records);
    expect(scanned.record(1)).toMatchObject({ draft: true, pull_request: { merged_at: '2020-01-02T00:00:00Z' } });
    expect(scanned.record(1)).not.toBe(scanned.record(1)); // parsed again on every call
    expect(scanned.pulls.get(1)).toEqual(pulls[0]);
    expect(scanned.pulls.get(0)).toBeUndefined();
    expect(scanned.hash).toBe(loaded.hash);
    expect(scanned.textBytes(0)).toBe(Buffer.byteLength(json(issues[0]), "utf8"));
  });

  it('never reads the file whole: records larger than one read (1 MiB) are joined across reads', async () => {
    const long = { number: 9, title: 'x'.repeat(1_500_000), state: 'open', comments: 0 };
    const dir = writeDir({ 'issues.json': json([issues[0], long, issues[2]]) });
    const scanned = (await openDump(dir)).scanSync('issues');
    expect(scanned.record(1)).toEqual(long);
    expect(scanned.record(2)).toEqual(issues[2]);
    expect(scanned.hash).toBe((await (await openDump(dir)).load('issues')).hash);
  });

  it('names the file and record of a broken record, and refuses a record once the file changed', async () => {
    const broken = await openDump(writeDir({ 'issues.json': json([issues[0], { number: 'two' }]) }));
    let error: unknown;
    try {
      broken.scanSync('issues');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).message).toContain('issues.json');
    expect((error as DataError).index).toBe(1);

    const good = writeDir(files);
    const scanned = (await openDump(good)).scanSync('issues');
    writeFileSync(path.join(good, 'issues.json'), files['issues.json'].replace('Crash', 'Crush'));
    expect(() => scanned.record(0)).toThrow('the dump changed while it was being searched');
  });

  it('loads a gzipped kind whole (no positioned reads), with the same answers', async () => {
    const dir = writeDir({ 'issues.json.gz': gzipSync(files['issues.json']), 'pulls.json': files['pulls.json'] });
    const loaded = await (await openDump(dir)).load('issues');
    const scanned = (await openDump(dir)).scanSync('issues');
    expect([0, 1, 2].map((doc) => scanned.record(doc))).toEqual(loaded.records);
    expect(scanned.hash).toBe(loaded.hash);
  });
});
