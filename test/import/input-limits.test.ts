/**
 * `search import github` reads untrusted files (issue #21 item 7): ids above 2^53 − 1 are refused instead of merged,
 * `1e400` is refused instead of written as null, and an input's size after gunzip and a record's size and depth
 * are bounded — each a one-line refusal naming file, record and field, exit 3.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DataError } from '../../src/dump/data-error.js';
import { importGithub } from '../../src/import/github-import.js';
import { checkRecord, DEFAULT_MAX_INPUT_BYTES, maxInputBytes } from '../../src/import/input-limits.js';
import { cleanup, tempDir } from './helpers/git-fixture.js';

const issue = (id: string, number: number): string =>
  `{"id":${id},"number":${number},"title":"t${number}","state":"open","html_url":"https://github.com/o/r/issues/${number}","repository_url":"https://api.github.com/repos/o/r","user":{"login":"u","id":1},"labels":[],"comments":0,"created_at":"2020-01-01T00:00:00Z","updated_at":"2020-01-01T00:00:00Z","body":"b"}`;

let root: string;
let n = 0;
/** Writes `content` into a fresh input file and returns its path. */
function input(name: string, content: string | Buffer): string {
  const dir = path.join(root, `in-${n++}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, name), content);
  return path.join(dir, name);
}
const out = (): string => path.join(root, `out-${n++}`);

async function cli(args: string[]): Promise<{ code: number; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stdout.resume();
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, { stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream, env: process.env });
  return { code, err };
}

beforeAll(() => {
  root = tempDir('import-limits-');
});
afterAll(() => cleanup(root));
const saved = { ...process.env };
afterEach(() => {
  for (const key of ['SEARCH_IMPORT_MAX_FILE_BYTES', 'SEARCH_MAX_RECORD_BYTES', 'SEARCH_MAX_DEPTH']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('numbers the dump could not carry exactly', () => {
  it('two ids that differ above 2^53 are refused, not merged into one record', async () => {
    const file = input('issues.json', `[${issue('9007199254740993', 1)},${issue('9007199254740992', 2)}]`);
    const error = await importGithub({ inputs: [file], out: out() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, record 0, field "id": the integer 9007199254740992 .* beyond 2\\^53 - 1`));
  });

  it('1e400 is refused naming its field, as the loader refuses it', async () => {
    const file = input('issues.json', `[${issue('1', 1)},${issue('2', 2).replace('"comments":0', '"comments":1e400')}]`);
    await expect(importGithub({ inputs: [file], out: out() })).rejects.toThrow(/record 1, field "comments": a number too large for a double/);
  });

  it.each([
    ['a nested id', { user: { id: 2 ** 60 } }, 'user.id'],
    ['a label id', { labels: [{ id: 1 }, { id: -(2 ** 54) }] }, 'labels.1.id'],
    ['-Infinity', { score: -Infinity }, 'score'],
  ])('%s', (_name, record, field) => {
    expect(() => checkRecord(record, { file: 'f.json', index: 3 }, 0)).toThrow(`f.json, record 3, field "${field}"`);
  });

  it.each([
    ['the largest safe integer', { id: 2 ** 53 - 1 }],
    ['a fraction', { score: 1.5 }],
    ['an id as a string', { id: '9007199254740993' }],
  ])('keeps %s', (_name, record) => {
    expect(() => checkRecord(record, { file: 'f.json', index: 0 }, 0)).not.toThrow();
  });
});

describe('sizes', () => {
  it('a gzip that expands past the limit stops at the limit: exit 3 and one line naming the file', async () => {
    process.env.SEARCH_IMPORT_MAX_FILE_BYTES = String(1024 * 1024);
    const bomb = gzipSync(Buffer.concat([Buffer.from('['), Buffer.alloc(8 * 1024 * 1024, 0x20), Buffer.from(']')]));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const file = input('bomb.json.gz', bomb);
    const { code, err } = await cli(['import', 'github', file, '--out', out()]);
    expect(code).toBe(3);
    expect(err.trim()).toMatch(/bomb\.json\.gz: expands to more than 1048576 bytes \(the limit; SEARCH_IMPORT_MAX_FILE_BYTES changes it\)$/);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('a plain file past the limit is refused before it is read', async () => {
    process.env.SEARCH_IMPORT_MAX_FILE_BYTES = '100';
    const file = input('issues.json', `[${issue('1', 1)}]`);
    await expect(importGithub({ inputs: [file], out: out() })).rejects.toThrow(/issues\.json: is more than 100 bytes/);
  });

  it('a record past the loader limit is refused naming file and record', async () => {
    process.env.SEARCH_MAX_RECORD_BYTES = '2000';
    const file = input('issues.json', `[${issue('1', 1)},${issue('2', 2).replace('"body":"b"', `"body":"${'x'.repeat(3000)}"`)}]`);
    await expect(importGithub({ inputs: [file], out: out() })).rejects.toThrow(/issues\.json, record 1: record larger than 2000 bytes/);
  });

  it('nesting past the depth limit is refused before parsing', async () => {
    const file = input('deep.json', `[${'['.repeat(100_000)}${']'.repeat(100_000)}]`);
    const { code, err } = await cli(['import', 'github', file, '--out', out()]);
    expect(code).toBe(3);
    expect(err).toMatch(/deep\.json: nested deeper than 64 levels/);
  });

  it('the file limit defaults to 256 MiB and reads its variable', () => {
    expect(maxInputBytes({})).toBe(DEFAULT_MAX_INPUT_BYTES);
    expect(maxInputBytes({ SEARCH_IMPORT_MAX_FILE_BYTES: '12345' })).toBe(12345);
    expect(maxInputBytes({ SEARCH_IMPORT_MAX_FILE_BYTES: 'lots' })).toBe(DEFAULT_MAX_INPUT_BYTES);
  });
});
