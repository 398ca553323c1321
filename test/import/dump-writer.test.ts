import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DumpWriter } from '../../src/import/dump-writer.js';
import type { Part } from '../../src/import/record-identity.js';
import { DataError } from '../../src/dump/data-error.js';
import { cleanup, tempDir } from './helpers/git-fixture.js';

let root: string;
let out: string;
beforeEach(() => {
  root = tempDir('dump-writer-');
  out = path.join(root, 'dump');
});
afterEach(() => cleanup(root));

const users = [{ id: 1, login: 'a' }, { id: 2, login: 'b', nested: { list: [1, 'x\ny'] } }];
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(out, file), 'utf8'));

/** Writes parts with one writer and returns its reports. */
async function write(parts: Partial<Record<Part, Record<string, unknown>[]>>, merge = false) {
  const writer = await DumpWriter.open({ out, merge });
  try {
    for (const [part, records] of Object.entries(parts)) {
      for (const record of records!) await writer.sink(part as Part).add(record);
    }
    return await writer.commit();
  } finally {
    await writer.abort(); // the importers' contract: always commit or abort
  }
}

describe('DumpWriter', () => {
  it('writes each part exactly as JSON.stringify(records, null, 2) plus a newline', async () => {
    await write({ users, labels: [{ id: 9, name: 'bug', color: 'ffffff' }] });
    expect(readFileSync(path.join(out, 'users.json'), 'utf8')).toBe(`${JSON.stringify(users, null, 2)}\n`);
    expect(readdirSync(out).sort()).toEqual(['labels.json', 'users.json']);
    expect(readdirSync(root)).toEqual(['dump']);
  });

  it('ignores a repeated identity within one import', async () => {
    const [report] = await write({ users: [...users, { id: 1, login: 'again' }] });
    expect(report).toMatchObject({ part: 'users', records: 2, added: 2 });
  });

  it('refuses to write a dump with no records', async () => {
    await expect(write({})).rejects.toThrow(/nothing to write/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });

  it.each([
    ['a file', () => writeFileSync(path.join(root, 'dump'), 'x'), /exists and is not a directory/],
    ['a directory with other files', () => { mkdirSync(out); writeFileSync(path.join(out, 'notes.txt'), 'x'); }, /not a dump directory \(it holds notes\.txt\)/],
  ])('refuses to replace %s', async (_name, setup, message) => {
    setup();
    await expect(DumpWriter.open({ out, merge: false })).rejects.toThrow(DataError);
    await expect(DumpWriter.open({ out, merge: false })).rejects.toThrow(message);
  });

  it('leaves the target untouched and no temp directory when aborted', async () => {
    await write({ users });
    const before = readFileSync(path.join(out, 'users.json'), 'utf8');
    const writer = await DumpWriter.open({ out, merge: false });
    await writer.sink('users').add({ id: 3, login: 'c' });
    await writer.abort();
    expect(readFileSync(path.join(out, 'users.json'), 'utf8')).toBe(before);
    expect(readdirSync(root)).toEqual(['dump']);
  });

  it('aborts on an interrupt signal at commit time, removing the temp directory', async () => {
    const controller = new AbortController();
    const writer = await DumpWriter.open({ out, merge: false, signal: controller.signal });
    await writer.sink('users').add(users[0]!);
    controller.abort();
    await expect(writer.commit()).rejects.toMatchObject({ name: 'ImportInterrupted', exitCode: 130 });
    expect(readdirSync(root)).toEqual([]);
  });

  it('replaces a dump wholesale without --merge, keeping the file of a part whose bytes did not change', async () => {
    await write({ users, labels: [{ id: 9, name: 'bug', color: 'ffffff' }] });
    const inode = statSync(path.join(out, 'users.json')).ino;
    const reports = await write({ users, topics: [{ name: 'ruby' }] });
    expect(reports.map((r) => [r.part, r.status])).toEqual([['topics', 'written'], ['users', 'unchanged']]);
    expect(statSync(path.join(out, 'users.json')).ino).toBe(inode);
    expect(readdirSync(out).sort()).toEqual(['topics.json', 'users.json']);
  });

  describe('merge', () => {
    it('keeps parts the import does not touch, adds new records and replaces less complete ones', async () => {
      await write({ users, labels: [{ id: 9, name: 'bug', color: 'ffffff' }] });
      const labelsInode = statSync(path.join(out, 'labels.json')).ino;
      const reports = await write({ users: [{ id: 1, login: 'a', followers: 5 }, { id: 3, login: 'c' }] }, true);
      expect(reports).toEqual([
        { part: 'labels', records: 1, added: 0, updated: 0, status: 'kept' },
        { part: 'users', records: 3, added: 1, updated: 1, status: 'written' },
      ]);
      expect(readJson('users.json')).toEqual([{ id: 1, login: 'a', followers: 5 }, users[1], { id: 3, login: 'c' }]);
      expect(statSync(path.join(out, 'labels.json')).ino).toBe(labelsInode);
    });

    it('reports a part whose records are all already there as unchanged and keeps its file', async () => {
      await write({ users });
      const inode = statSync(path.join(out, 'users.json')).ino;
      const [report] = await write({ users: [{ id: 2, login: 'b' }] }, true);
      expect(report).toMatchObject({ part: 'users', status: 'unchanged', records: 2 });
      expect(statSync(path.join(out, 'users.json')).ino).toBe(inode);
    });

    it('reads a gzipped part and writes the merged result as plain JSON', async () => {
      mkdirSync(out);
      writeFileSync(path.join(out, 'users.json.gz'), gzipSync(JSON.stringify(users)));
      await write({ users: [{ id: 3, login: 'c' }] }, true);
      expect(readdirSync(out)).toEqual(['users.json']);
      expect(readJson('users.json')).toEqual([...users, { id: 3, login: 'c' }]);
    });

    it('names the file when an existing part is not an array', async () => {
      mkdirSync(out);
      writeFileSync(path.join(out, 'users.json'), '{"a":1}');
      await expect(write({ users }, true)).rejects.toThrow(/users\.json: must be a JSON array of users records/);
      expect(readdirSync(root)).toEqual(['dump']);
    });
  });
});
