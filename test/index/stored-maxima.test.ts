/**
 * Block maxima stored by the build (src/index/stored-maxima.ts): for every stored posting, the maxima over every
 * document equal those of the stored weights, the public maxima equal those of the weights a viewer hiding exactly
 * the private documents scores (visible-statistics.ts, the oracle of issue #12), the public posting counts equal a
 * count of the visible postings — in memory and read back from the index file (cache/maxima-sections.ts) — and
 * the statistics read from them (idf, average lengths) equal those counted over the hidden documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexFileSink, openIndexFile } from '../../src/cache/compact-index-file.js';
import { CompactIndexBuilder } from '../../src/index/index-builder.js';
import { MemorySink, type CompactIndex } from '../../src/index/compact-index.js';
import { storedBlocks, storedSubs, STORED_BLOCK_SHIFT, STORED_SUB_SHIFT, type BlockMaxima } from '../../src/index/stored-maxima.js';
import { hiddenLengthSums, VisibleStatistics } from '../../src/index/visible-statistics.js';
import type { Collection } from '../../src/store/collection.js';
import { openStore } from '../../src/store/store.js';
import { generateDump } from '../access/generated-dump.js';

/** The maxima of `weights` (parallel to `docs`) per block and sub-block of `count` documents, skipping `skip`. */
function derived(docs: Uint32Array, weights: ArrayLike<number>, count: number, skip: (doc: number) => boolean): { max: number[]; fine: number[] } {
  const max = new Array<number>(storedBlocks(count)).fill(0);
  const fine = new Array<number>(storedSubs(count)).fill(0);
  docs.forEach((doc, i) => {
    if (skip(doc)) return;
    max[doc >>> STORED_BLOCK_SHIFT] = Math.max(max[doc >>> STORED_BLOCK_SHIFT]!, weights[i]!);
    fine[doc >>> STORED_SUB_SHIFT] = Math.max(fine[doc >>> STORED_SUB_SHIFT]!, weights[i]!);
  });
  return { max, fine };
}

const plain = (form: BlockMaxima) => ({ max: [...form.max], fine: [...form.fine] });

describe('stored block maxima', () => {
  let dir: string;
  let c: Collection;
  let memory: CompactIndex;
  let file: CompactIndex;
  let hidden: Uint32Array;

  beforeAll(async () => {
    ({ dir } = generateDump(5, 90));
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    c = await store.collection('issues');
    hidden = c.privateDocs.docs;
    const build = () => {
      const builder = new CompactIndexBuilder(c.spec, { maximaPostings: 8 });
      c.records.forEach((record, doc) => builder.add(record, doc, c));
      return builder;
    };
    memory = build().finishInto(new MemorySink(), hidden);
    const out = mkdtempSync(path.join(tmpdir(), 'maxima-'));
    const target = path.join(out, 'issues.lunr');
    expect(build().finishInto(new IndexFileSink(target, { kind: 'issues' }), hidden)).toBeGreaterThan(0);
    file = openIndexFile(target).index;
    rmSync(out, { recursive: true, force: true });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are stored for every posting at least as long as asked, with the private documents left out of the public form', () => {
    expect(hidden.length).toBeGreaterThan(0);
    expect(memory.maxima?.privateCount).toBe(hidden.length);
    expect(file.maxima?.privateCount).toBe(hidden.length);
    let stored = 0;
    for (let rank = 0; rank < memory.termCount; rank++) {
      for (let f = 0; f < memory.fields.length; f++) {
        const long = memory.docs(rank, f).length >= 8;
        expect(memory.storedMaxima(rank, f) !== undefined).toBe(long);
        expect(file.storedMaxima(rank, f) !== undefined).toBe(long);
        if (long) stored++;
      }
    }
    expect(stored).toBeGreaterThan(10);
  });

  it('equal the maxima of the weights every viewer scores (all documents; the public ones with public statistics)', () => {
    const isHidden = new Set(hidden);
    const visible = new VisibleStatistics(memory, hidden);
    for (let rank = 0; rank < memory.termCount; rank++) {
      for (let f = 0; f < memory.fields.length; f++) {
        const maxima = memory.storedMaxima(rank, f);
        if (!maxima) continue;
        const docs = memory.docs(rank, f);
        expect(plain(maxima.all)).toEqual(derived(docs, memory.weights(rank, f), c.records.length, () => false));
        const publicWeights = Int32Array.from(memory.tfs(rank, f));
        const idf = visible.idf(rank);
        if (idf !== undefined) visible.weigh(publicWeights, docs, idf, f);
        expect(plain(maxima.public)).toEqual(derived(docs, publicWeights, c.records.length, (doc) => idf === undefined || isHidden.has(doc)));
        expect(maxima.publicCount).toBe(docs.filter((doc) => !isHidden.has(doc)).length);
        // Read back from the file: the same arrays and count.
        const read = file.storedMaxima(rank, f)!;
        expect([plain(read.all), plain(read.public), read.publicCount]).toEqual([plain(maxima.all), plain(maxima.public), maxima.publicCount]);
      }
    }
  });

  it('give the public statistics exactly (idf from the stored public counts)', () => {
    const counted = new VisibleStatistics(file, hidden);
    const stored = new VisibleStatistics(file, hidden, new Map(file.fields.map((field, f) => [field.name, hiddenLengthSums(file, hidden)[f]!])), (rank, f) => file.storedMaxima(rank, f)?.publicCount);
    for (let rank = 0; rank < file.termCount; rank++) {
      expect(stored.idf(rank)).toBe(counted.idf(rank));
      for (let f = 0; f < file.fields.length; f++) {
        const docs = file.docs(rank, f);
        const a = Int32Array.from(file.tfs(rank, f));
        const b = Int32Array.from(file.tfs(rank, f));
        if (counted.idf(rank) === undefined) continue;
        counted.weigh(a, docs, counted.idf(rank)!, f);
        stored.weigh(b, docs, stored.idf(rank)!, f);
        expect([...b]).toEqual([...a]);
      }
    }
  });
});
