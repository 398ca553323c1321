/**
 * The record snapshot's fallback (store/ingest.ts, `dumpFallback`): a damaged snapshot found mid-search is answered
 * from the dump read record by record (`Dump.scanSync`), never read whole — a dump file past 2 GiB (which no
 * single read holds) heals as a small one does. Forced here by a dump whose whole-file load throws.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDump, type Dump } from '../../src/dump/dump.js';
import { DataError } from '../../src/dump/data-error.js';
import { loadSnapshot, saveSnapshot, snapshotFile } from '../../src/cache/record-snapshot.js';
import { dumpFallback } from '../../src/store/ingest.js';
import { sectionAt } from '../cache/helpers/framed-bytes.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ingest-'));
  roots.push(dir);
  return dir;
};

const issues = Array.from({ length: 40 }, (_, i) => ({
  number: i + 1,
  title: `Issue ${i + 1} ${'x'.repeat(i * 997)}`,
  state: i % 3 === 0 ? 'closed' : 'open',
  comments: i,
  repository_url: 'https://api.github.com/repos/o/r',
  ...(i % 5 === 0 ? { pull_request: { html_url: `https://github.com/o/r/pull/${i + 1}` } } : {}),
}));
const pulls = issues.filter((_, i) => i % 5 === 0).map((issue) => ({ number: issue.number, html_url: `https://github.com/o/r/pull/${issue.number}`, merged_at: null, draft: false }));

/** A directory dump of the issues and pulls above whose whole-file load throws (as past 2 GiB it does). */
async function tooLargeToLoad(): Promise<{ dump: Dump; dir: string }> {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'issues.json'), JSON.stringify(issues, null, 2));
  writeFileSync(path.join(dir, 'pulls.json'), JSON.stringify(pulls));
  const dump = await openDump(dir);
  const refuse = (): never => {
    throw new DataError('cannot read file (ERR_FS_FILE_TOO_LARGE)', { file: path.join(dir, 'issues.json') });
  };
  return { dump: Object.assign(dump, { loadSync: refuse, load: refuse }), dir };
}

describe('dumpFallback', () => {
  it('reads the records and pulls from the dump record by record, never whole', async () => {
    const { dump, dir } = await tooLargeToLoad();
    const loaded = await (await openDump(dir)).load('issues');
    const fallback = dumpFallback(dump, 'issues', loaded.hash)();
    expect(fallback.records.length).toBe(issues.length);
    expect([...fallback.records]).toEqual(loaded.records);
    for (const [doc, pull] of loaded.pulls) expect(fallback.pulls.get(doc)).toEqual(pull);
  });

  it('refuses a dump whose content changed since the snapshot was written', async () => {
    const { dump } = await tooLargeToLoad();
    expect(() => dumpFallback(dump, 'issues', 'another hash')()).toThrow('the dump changed while it was being searched');
  });

  it('heals a damaged record snapshot of a dump that cannot be read whole', async () => {
    const { dump, dir } = await tooLargeToLoad();
    const loaded = await (await openDump(dir)).load('issues');
    const cache = tempDir();
    await saveSnapshot(cache, 'issues', 'k', loaded.records, loaded.pulls);
    const file = snapshotFile(cache, 'issues', 'k');
    const bytes = readFileSync(file);
    const at = sectionAt(bytes, 'texts')[0] + 5;
    bytes[at] = bytes[at]! ^ 0x01;
    writeFileSync(file, bytes);
    const snapshot = (await loadSnapshot(cache, 'issues', 'k', dumpFallback(dump, 'issues', loaded.hash)))!;
    expect([...snapshot.records]).toEqual(loaded.records);
    expect(snapshot.pulls.get(5)).toEqual(loaded.pulls.get(5));
  });
});
