/**
 * Record snapshots: round trips (records, pulls, array behaviour of the lazy records), every kind of bad file
 * refused or failed loudly rather than served, and the store answering identically from a snapshot while a
 * changed or corrupt dump is never answered from a stale one.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { IndexFileError } from '../../src/cache/compact-index-file.js';
import { DataError } from '../../src/dump/data-error.js';
import { forEachRecord, lazyRecords, loadSnapshot, saveSnapshot, snapshotFile, snapshotTexts } from '../../src/cache/record-snapshot.js';
import { openStore } from '../../src/store/store.js';
import { footerOf, sectionAt, withSection } from './helpers/framed-bytes.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'record-snapshot-'));
  roots.push(dir);
  return dir;
};

const records: RawRecord[] = [
  { number: 1, title: 'Crash when loading the dataset', body: 'Loading crashes. 日本語 too.', labels: [{ name: 'bug' }] },
  { number: 2, title: 'Add streaming', body: null, pull_request: { html_url: 'x', merged_at: null }, draft: false },
  { number: 3, title: 'Docs typo', nested: { deep: [1, 2.5, -3e-7, true, null, '\u0000\u2028'] } },
];
const pulls = new Map<number, RawRecord>([[1, { number: 2, head: { ref: 'stream' }, merged: false }]]);

/** Save the test snapshot in `dir`, flip a bit inside its first record's text, and return the file. */
async function snapshotWithCorruptFirstRecord(dir: string): Promise<string> {
  await saveSnapshot(dir, 'issues', 'k1', records, pulls);
  const file = snapshotFile(dir, 'issues', 'k1');
  const bytes = readFileSync(file);
  const at = sectionAt(bytes, 'texts')[0] + 2;
  bytes[at] = bytes[at]! ^ 0x01;
  writeFileSync(file, bytes);
  return file;
}

describe('record snapshot file', () => {
  it('round-trips records and pulls, parsing lazily', async () => {
    const dir = tempDir();
    expect(await saveSnapshot(dir, 'issues', 'k1', records, pulls)).toBeGreaterThan(0);
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1'))!;
    expect(snapshot).toBeDefined();
    expect(snapshot.records.length).toBe(3);
    expect(snapshot.records[2]).toEqual(records[2]);
    expect(snapshot.records[2]).toBe(snapshot.records[2]); // parsed once, then kept
    expect([...snapshot.records]).toEqual(records);
    const seen: number[] = [];
    snapshot.records.forEach((record, doc) => seen.push(doc, record.number as number));
    expect(seen).toEqual([0, 1, 1, 2, 2, 3]);
    expect(snapshot.records.map((r) => r.title)).toEqual(records.map((r) => r.title));
    expect(Array.isArray(snapshot.records)).toBe(true);
    expect(snapshot.records[3]).toBeUndefined();
    expect(snapshot.pulls.get(1)).toEqual(pulls.get(1));
    expect(snapshot.pulls.get(0)).toBeUndefined();
  });

  it('handles empty and many-group snapshots', async () => {
    const dir = tempDir();
    await saveSnapshot(dir, 'users', 'empty', [], new Map());
    expect((await loadSnapshot(dir, 'users', 'empty'))!.records.length).toBe(0);
    const many = Array.from({ length: 3000 }, (_, i) => ({ login: `user${i}`, bio: 'x'.repeat(i % 700) }));
    await saveSnapshot(dir, 'users', 'many', many, new Map());
    const snapshot = (await loadSnapshot(dir, 'users', 'many'))!;
    expect(snapshot.records[2999]).toEqual(many[2999]);
    expect([...snapshot.records]).toEqual(many);
  });

  it('refuses another kind or key, a truncated file, a bad header or offsets', async () => {
    const dir = tempDir();
    await saveSnapshot(dir, 'issues', 'k1', records, pulls);
    const file = snapshotFile(dir, 'issues', 'k1');
    const good = readFileSync(file);
    expect(await loadSnapshot(dir, 'issues', 'k2')).toBeUndefined();
    expect(await loadSnapshot(dir, 'commits', 'k1')).toBeUndefined();
    writeFileSync(file, good.subarray(0, good.length - 1));
    expect(await loadSnapshot(dir, 'issues', 'k1')).toBeUndefined();
    writeFileSync(file, Buffer.concat([good, Buffer.from('x')]));
    expect(await loadSnapshot(dir, 'issues', 'k1')).toBeUndefined();
    writeFileSync(file, 'garbage');
    expect(await loadSnapshot(dir, 'issues', 'k1')).toBeUndefined();
    const badFooter = Buffer.from(good);
    badFooter[footerOf(good).at + 2] = 0x7b; // inside the footer JSON
    writeFileSync(file, badFooter);
    expect(await loadSnapshot(dir, 'issues', 'k1')).toBeUndefined();
    // A damaged block of the pull table is found when a pull is looked up, never served.
    const badTable = Buffer.from(good);
    badTable[sectionAt(good, 'pulls')[0]] = badTable[sectionAt(good, 'pulls')[0]]! ^ 0xff;
    writeFileSync(file, badTable);
    const opened = (await loadSnapshot(dir, 'issues', 'k1'))!;
    expect(opened.records[0]).toEqual(records[0]);
    expect(() => opened.pulls.get([...pulls.keys()].at(-1)!)).toThrow(IndexFileError);
    expect(existsSync(file)).toBe(false);
  });

  it('fails a corrupt record text loudly and deletes the file', async () => {
    const dir = tempDir();
    const file = await snapshotWithCorruptFirstRecord(dir);
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1'))!;
    expect(() => snapshot.records[0]).toThrow(IndexFileError);
    expect(existsSync(file)).toBe(false);
  });

  it('takes the records from the fallback once a record text turns out corrupt', async () => {
    const dir = tempDir();
    const file = await snapshotWithCorruptFirstRecord(dir);
    let calls = 0;
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1', () => (calls++, { records, pulls })))!;
    expect([...snapshot.records]).toEqual(records);
    expect(snapshot.pulls.get(1)).toEqual(pulls.get(1));
    expect(calls).toBe(1);
    expect(existsSync(file)).toBe(false);
  });

  it('snapshotTexts: each record\'s stored text, where it starts, and the texts\' bytes by range', async () => {
    const dir = tempDir();
    await saveSnapshot(dir, 'issues', 'k1', records, pulls);
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1'))!;
    const texts = snapshotTexts(snapshot.records)!;
    let start = 0;
    records.forEach((record, doc) => {
      const text = texts.text(doc)!;
      expect(text.toString('utf8')).toBe(JSON.stringify(record));
      expect(texts.start(doc)).toBe(start);
      expect(texts.bytes(start, text.length)!.equals(text)).toBe(true);
      start += text.length;
    });
    expect(texts.text(records.length)).toBeUndefined(); // a pull's text is not a record's
    expect(texts.bytes(start + 1_000_000, 1)).toBeUndefined();
    expect(snapshotTexts(records)).toBeUndefined(); // plain records have no stored texts
  });

  it('snapshotTexts: a damaged text gives none and takes the snapshot\'s damage path (the dump from then on)', async () => {
    const dir = tempDir();
    const file = await snapshotWithCorruptFirstRecord(dir);
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1', () => ({ records, pulls })))!;
    const texts = snapshotTexts(snapshot.records)!;
    expect(texts.text(0)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(snapshot.records[0]).toEqual(records[0]);
    expect(texts.text(1)).toBeUndefined(); // read from the dump now: no stored texts
  });

  it('checks a text\'s offsets when it is read: out of order (under a valid table checksum) is damage, never a read', async () => {
    const dir = tempDir();
    await saveSnapshot(dir, 'issues', 'k1', records, pulls);
    const file = snapshotFile(dir, 'issues', 'k1');
    const good = readFileSync(file);
    const textBytes = sectionAt(good, 'texts')[1];
    // Text 0 ends, and text 1 starts, past text 1's end — under valid block checksums.
    const bad = withSection(good, 'offsets', (offsets) => offsets.writeDoubleLE(textBytes, 8));
    writeFileSync(file, bad);
    const snapshot = (await loadSnapshot(dir, 'issues', 'k1'))!;
    expect(snapshot.records.length).toBe(3);
    expect(() => snapshot.records[1]).toThrow(IndexFileError);
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, bad);
    const healed = (await loadSnapshot(dir, 'issues', 'k1', () => ({ records, pulls })))!;
    expect([...healed.records]).toEqual(records);
    expect(healed.records[2]).toEqual(records[2]);
  });

  it('lazyRecords reads only what is touched', () => {
    const touched: number[] = [];
    const list = lazyRecords(5, (doc) => (touched.push(doc), { doc }));
    expect(list.length).toBe(5);
    expect(list[3]).toEqual({ doc: 3 });
    expect(list[3]).toEqual({ doc: 3 });
    expect(touched).toEqual([3]);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('lazyRecords behaves as an array of its count: isArray, length, in, iteration, array methods, JSON, spread', () => {
    const list = lazyRecords(4, (doc) => ({ doc }));
    expect(Array.isArray(list)).toBe(true);
    expect([list.length, 3 in list, 4 in list, '-1' in list]).toEqual([4, true, false, false]);
    expect(list[4]).toBeUndefined();
    expect([...list].map((r) => r.doc)).toEqual([0, 1, 2, 3]);
    expect(list.map((r) => r.doc)).toEqual([0, 1, 2, 3]);
    expect(list.slice(1, 3)).toEqual([{ doc: 1 }, { doc: 2 }]);
    expect(list.findIndex((r) => r.doc === 2)).toBe(2);
    expect(JSON.parse(JSON.stringify(list))).toEqual([{ doc: 0 }, { doc: 1 }, { doc: 2 }, { doc: 3 }]);
    expect(Object.getOwnPropertyDescriptor(list, 'length')).toMatchObject({ value: 4, enumerable: false });
    expect(Reflect.ownKeys(list)).toContain('length');
    // Made in constant time, whatever the count: nothing of one slot per record is allocated up front.
    const huge = lazyRecords(2 ** 31, (doc) => ({ doc }));
    expect([huge.length, huge[2 ** 31 - 1]]).toEqual([2 ** 31, { doc: 2 ** 31 - 1 }]);
  });

  it('forEachRecord passes over lazy records keeping none it parsed, and reuses those already kept', () => {
    const parsed: number[] = [];
    const list = lazyRecords(4, (doc) => (parsed.push(doc), { doc }));
    void list[2];
    const seen: Array<[unknown, number]> = [];
    forEachRecord(list, (record, doc) => seen.push([record.doc, doc]));
    expect(seen).toEqual([[0, 0], [1, 1], [2, 2], [3, 3]]);
    expect(parsed).toEqual([2, 0, 1, 3]);
    // Nothing from the pass was kept: touching doc 0 parses it again; doc 2 was kept before the pass.
    void list[0];
    void list[2];
    expect(parsed).toEqual([2, 0, 1, 3, 0]);
    const plain: RawRecord[] = [{ n: 1 }, { n: 2 }];
    const out: unknown[] = [];
    forEachRecord(plain, (record) => out.push(record.n));
    expect(out).toEqual([1, 2]);
  });
});

  it('lazyRecords with a weight keeps only the most recently parsed records within the bound', () => {
    const parsed: number[] = [];
    // Each record weighs 10 bytes; at most 30 are kept: three records.
    const list = lazyRecords(3000, (doc) => (parsed.push(doc), { doc }), () => 10, 30);
    for (let doc = 0; doc < 2000; doc++) expect(list[doc]).toEqual({ doc });
    expect(parsed).toHaveLength(2000);
    void list[1999];
    void list[1997];
    expect(parsed).toHaveLength(2000);
    expect(list[1996]).toEqual({ doc: 1996 });
    expect(parsed.slice(2000)).toEqual([1996]);
    // The newest record is kept even when it alone is heavier than the bound.
    const heavy = lazyRecords(2, (doc) => (parsed.push(doc), { doc }), () => 100, 30);
    void heavy[1];
    void heavy[1];
    expect(parsed.slice(2001)).toEqual([1]);
  });

describe('the store over snapshots', () => {
  const issue = (number: number, title: string, extra: RawRecord = {}): RawRecord => ({
    url: `https://api.github.com/repos/o/r/issues/${number}`,
    repository_url: 'https://api.github.com/repos/o/r',
    html_url: `https://github.com/o/r/issues/${number}`,
    number,
    title,
    state: 'open',
    comments: number,
    labels: [],
    user: { login: 'alice', id: 1 },
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    ...extra,
  });
  const repo = { id: 7, name: 'r', full_name: 'o/r', private: true, owner: { login: 'o', id: 2 } };

  async function answer(dump: string, cacheDir: string, q: string, kind: 'issues' | 'repositories' = 'issues'): Promise<unknown> {
    const store = openStore(dump, { cacheDir });
    const result = await runSearch({ kind, q, requirePreviews: false }, store);
    return result.envelope;
  }

  it('answers identically from the snapshot, never from a stale one, and still reports a corrupt dump', async () => {
    const dump = tempDir();
    const cacheDir = path.join(dump, '.cache');
    const issues = [issue(1, 'Crash on load'), issue(2, 'Crash on save', { pull_request: { html_url: 'https://github.com/o/r/pull/2' } })];
    writeFileSync(path.join(dump, 'issues.json'), JSON.stringify(issues));
    writeFileSync(path.join(dump, 'repositories.json'), JSON.stringify([repo]));
    writeFileSync(
      path.join(dump, 'pulls.json'),
      JSON.stringify([{ number: 2, html_url: 'https://github.com/o/r/pull/2', merged_at: '2024-02-01T00:00:00Z', draft: true }]),
    );
    const first = await answer(dump, cacheDir, 'crash is:merged');
    expect(readdirSync(cacheDir).some((name) => name.startsWith('issues-') && name.endsWith('.records'))).toBe(true);
    const second = await answer(dump, cacheDir, 'crash is:merged');
    expect(second).toEqual(first);
    expect((second as { total_count: number }).total_count).toBe(0); // private repository: hidden from anonymous
    writeFileSync(path.join(dump, 'repositories.json'), JSON.stringify([{ ...repo, private: false }]));
    const opened = (await answer(dump, cacheDir, 'crash is:merged')) as { total_count: number; items: Array<{ number: number; draft: boolean }> };
    expect(opened.total_count).toBe(1);
    expect(opened.items[0]).toMatchObject({ number: 2, draft: true });
    const snapshots = readdirSync(cacheDir).filter((name) => name.endsWith('.records'));
    for (const name of snapshots) {
      const bytes = readFileSync(path.join(cacheDir, name));
      for (let i = bytes.length - 40; i < bytes.length; i++) bytes[i] = bytes[i]! ^ 0xff;
      writeFileSync(path.join(cacheDir, name), bytes);
    }
    expect(await answer(dump, cacheDir, 'crash is:merged')).toEqual(opened);
    writeFileSync(path.join(dump, 'issues.json'), JSON.stringify([...issues, issue(3, 'Crash again')]));
    expect(((await answer(dump, cacheDir, 'crash')) as { total_count: number }).total_count).toBe(3);
    // Known names come from the cache on a second store, and follow a changed users file.
    const unknownUser = async (): Promise<unknown> => answer(dump, cacheDir, 'crash user:zed').catch((e: unknown) => e);
    const refused = await unknownUser();
    expect(refused).toMatchObject({ status: 422 });
    expect(readdirSync(cacheDir).some((name) => name.endsWith('.names.json'))).toBe(true);
    expect(await unknownUser()).toEqual(refused);
    expect(await answer(dump, cacheDir, 'crash user:o')).toMatchObject({ total_count: 3 });
    writeFileSync(path.join(dump, 'users.json'), JSON.stringify([{ login: 'zed', id: 9 }]));
    expect(await unknownUser()).toMatchObject({ total_count: 0 });
    writeFileSync(path.join(dump, 'issues.json'), '[{"number": 1,');
    const error = await answer(dump, cacheDir, 'crash').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
  });
});

describe('the dump hash memo (file identity)', () => {
  it('re-hashes a dump file that changed in place, so a stale snapshot is never served', async () => {
    const { mkdtempSync, writeFileSync, utimesSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openStore } = await import('../../src/store/store.js');
    const { runSearch } = await import('../../src/search.js');
    const dir = mkdtempSync(join(tmpdir(), 'memo-dump-'));
    const cacheDir = mkdtempSync(join(tmpdir(), 'memo-cache-'));
    const write = (title: string, when: number) => {
      writeFileSync(join(dir, 'issues.json'), JSON.stringify([{ number: 1, title }]));
      utimesSync(join(dir, 'issues.json'), when, when);
    };
    const count = async (q: string) => (await runSearch({ kind: 'issues', q }, openStore(dir, { cacheDir }))).envelope.total_count;
    write('alpha beta', 1_700_000_000);
    expect(await count('alpha')).toBe(1);
    expect(await count('alpha')).toBe(1); // second store: memoised hash, snapshot and index reused
    write('gamma delt', 1_700_000_100); // same size, new mtime
    expect(await count('alpha')).toBe(0);
    expect(await count('gamma')).toBe(1);
  });
});
