/**
 * Opening a built collection (src/store/store.ts): a reopened store reads the segment the build wrote — the private
 * documents as the anonymous viewer's hidden list, their field-length sums for its statistics — and answers every
 * viewer exactly as the build's own process did (which derived those from the records and the index).
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { openStore, type Store } from '../../src/store/store.js';
import { openIndexFile } from '../../src/cache/compact-index-file.js';
import { hiddenLengthSums } from '../../src/index/visible-statistics.js';
import { acceptFor } from '../helpers/real-data.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';

describe('a reopened store', () => {
  let dir: string;
  let cacheDir: string;
  let built: Store;
  beforeAll(async () => {
    ({ dir } = generateDump(11, 8));
    cacheDir = path.join(dir, '.cache');
    built = openStore(dir, { cacheDir });
    await built.prebuild();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives the anonymous viewer the segment's private documents and their stored field-length sums", async () => {
    const c = await openStore(dir, { cacheDir }).collection('issues');
    const hidden = c.access.hidden(ANONYMOUS);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden).toBe(c.segment!.privateDocs.docs);
    const stored = c.storedHiddenLengths(hidden)!;
    const lunr = readdirSync(cacheDir).filter((f) => f.startsWith('issues-') && f.endsWith('.lunr'));
    expect(lunr).toHaveLength(1);
    const { index } = openIndexFile(path.join(cacheDir, lunr[0]!));
    const sums = hiddenLengthSums(index, hidden);
    expect(new Map(index.fields.map((field, f) => [field.name, sums[f]]))).toEqual(stored);
    // A private reader's hidden set is another: derived, never the stored sums.
    expect(c.storedHiddenLengths(c.access.hidden(viewerFor('carol', ['carol/vault'])))).toBeUndefined();
  });

  it('opens from its cache files without a turn of the event loop (the build takes its turns: dump/time-slices.ts)', async () => {
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    try {
      const reopened = openStore(dir, { cacheDir });
      const c = await reopened.collection('issues');
      expect(c.segment).toBeDefined();
      await runSearch({ kind: 'issues', q: VOCABULARY[0]!, accept: acceptFor('issues') }, reopened);
      expect(immediate).not.toHaveBeenCalled();
      // A store over a copy without the cache builds the collection again, turning between its long steps.
      const { dir: fresh } = generateDump(11, 8);
      try {
        await openStore(fresh, { cacheDir: path.join(fresh, '.cache') }).collection('issues');
        expect(immediate).toHaveBeenCalled();
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    } finally {
      immediate.mockRestore();
    }
  }, 60_000);

  it.each<[string, Viewer]>([
    ['the anonymous viewer', ANONYMOUS],
    ['a reader of one private repository', viewerFor('carol', ['carol/vault'])],
  ])('answers %s byte for byte as the build did, scores included', async (_name, viewer) => {
    const reopened = openStore(dir, { cacheDir });
    for (const kind of ['issues', 'commits'] as Kind[]) {
      for (const q of [...VOCABULARY.slice(0, 6), 'alpha beta']) {
        const request = { kind, q, per_page: '100', accept: acceptFor(kind), viewer };
        const a = JSON.stringify((await runSearch(request, built)).envelope);
        const b = JSON.stringify((await runSearch(request, reopened)).envelope);
        expect(b, `${kind} ${q}`).toBe(a);
      }
    }
  }, 60_000);
});
