/**
 * The compact index on disk: save/load round trips, and every kind of bad file (other key, other document count,
 * flipped byte, truncation, garbage) is refused rather than served.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { decodeIndexFile, encodeIndexFile, IndexFileError, SAMPLE_EVERY } from '../../src/cache/compact-index-file.js';
import { Collection } from '../../src/store/collection.js';
import { cacheFile, cacheKey, loadCached, saveCached } from '../../src/cache/index-cache.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { toLunrJSON } from '../index/lunr-oracle.js';
import { footerOf, sectionAt as section } from './helpers/framed-bytes.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'index-cache-'));
  roots.push(dir);
  return dir;
};

const records: RawRecord[] = [
  { number: 1, title: 'Crash when loading the dataset', body: 'Loading a dataset crashes with a `KeyError`. See node.js docs.' },
  { number: 2, title: 'Add streaming', body: 'Streaming would help: datasets are large. 日本語 too.' },
  { number: 3, title: 'Docs typo', body: null },
];
const spec = specOf('issues');
const collection = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
const built = buildCompactIndex(spec, collection);
const key = cacheKey(spec, 'dump-hash');

/** Offset of a named section in an encoded file. */
const sectionAt = (bytes: Buffer, name: string): number => section(bytes, name)[0];

describe('compact index file', () => {
  it('round-trips through bytes', () => {
    const bytes = Buffer.concat(encodeIndexFile(built, { kind: 'issues' }));
    expect(bytes.length % 8).toBe(0);
    const { header, index } = decodeIndexFile(bytes);
    expect(header.extra).toEqual({ kind: 'issues' });
    expect(toLunrJSON(index)).toEqual(toLunrJSON(built));
  });

  it('decodes from an unaligned buffer by copying', () => {
    const bytes = Buffer.concat(encodeIndexFile(built, {}));
    const shifted = Buffer.alloc(bytes.length + 1).subarray(1);
    bytes.copy(shifted);
    expect(toLunrJSON(decodeIndexFile(shifted).index)).toEqual(toLunrJSON(built));
  });

  it.each([
    ['a flipped header byte', (b: Buffer) => (b[footerOf(b).at + 3]! ^= 0x01, b)],
    ['a flipped dictionary byte', (b: Buffer) => (b[sectionAt(b, 'termBytes')]! ^= 0x20, b)],
    ['a flipped block checksum of the dictionary', (b: Buffer) => (b[footerOf(b).footer.crcs[0]]! ^= 0x01, b)],
    ['truncation', (b: Buffer) => b.subarray(0, b.length - 9)],
    ['garbage', () => Buffer.from('{"format":2}')],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s when opened', (_label, damage) => {
    const bytes = damage(Buffer.concat(encodeIndexFile(built, {})));
    expect(() => decodeIndexFile(bytes)).toThrow(IndexFileError);
  });

  it('refuses a corrupt posting block when it is read', () => {
    const bytes = Buffer.concat(encodeIndexFile(built, {}));
    bytes[sectionAt(bytes, 'postWeights')]! ^= 0x01;
    const { index } = decodeIndexFile(bytes);
    expect(() => toLunrJSON(index)).toThrow(/posting block 0 is corrupt/);
  });

  it('reads postings spanning several blocks', () => {
    const many: RawRecord[] = Array.from({ length: 3 * 16_384 + 5 }, (_, i) => ({ number: i, title: `common word${i % 7}`, body: '' }));
    const c = new Collection(spec, many, new Map(), { repositories: [], users: [], issues: [] });
    const big = buildCompactIndex(spec, c);
    const { index } = decodeIndexFile(Buffer.concat(encodeIndexFile(big, {})));
    const rank = index.find('common');
    const title = index.fieldNumber('title');
    expect(Array.from(index.docs(rank, title))).toEqual(Array.from(big.docs(rank, title)));
    expect(Array.from(index.weights(rank, title))).toEqual(Array.from(big.weights(rank, title)));
    expect(index.docs(rank, title)).toHaveLength(many.length);
    const other = index.find('word3');
    expect(Array.from(index.docs(other, title))).toEqual(Array.from(big.docs(other, title)));
  });
});

describe('a dictionary larger than one block', () => {
  // Distinct terms enough that the dictionary's sections are read a window at a time (not whole when opened).
  const many: RawRecord[] = Array.from({ length: 5000 }, (_, i) => ({ number: i, title: `term${(i * 7919) % 100_003}x common`, body: i % 3 ? `w${i}longerword` : null }));
  const c = new Collection(spec, many, new Map(), { repositories: [], users: [], issues: [] });
  const big = buildCompactIndex(spec, c);
  const bytes = Buffer.concat(encodeIndexFile(big, {}));
  const title = big.fieldNumber('title');
  const body = big.fieldNumber('body');

  it('finds every term, its rank, term index and postings as the index in memory does', () => {
    const { index } = decodeIndexFile(bytes);
    expect(index.termCount).toBe(big.termCount);
    expect(big.termCount).toBeGreaterThan(2 * SAMPLE_EVERY);
    for (let rank = 0; rank < big.termCount; rank++) {
      const term = big.term(rank);
      expect(index.find(term)).toBe(rank);
      expect(index.term(rank)).toBe(term);
      expect(index.dimension(rank)).toBe(big.dimension(rank));
      expect(Array.from(index.docs(rank, title))).toEqual(Array.from(big.docs(rank, title)));
      expect(Array.from(index.weights(rank, body))).toEqual(Array.from(big.weights(rank, body)));
    }
  });

  it('places terms it lacks where the index in memory does (before, between and after the sampled ones)', () => {
    const { index } = decodeIndexFile(bytes);
    const probes = ['', '0', 'a', 'term', 'term5', 'termz', 'w', 'w9999', 'zzz', '\uffff'];
    for (let rank = 0; rank < big.termCount; rank += 37) probes.push(big.term(rank) + '!', big.term(rank).slice(0, -1));
    for (const probe of probes) {
      expect(index.lowerBound(probe), probe).toBe(big.lowerBound(probe));
      expect(index.find(probe), probe).toBe(big.find(probe));
    }
  });

  it('reads back whole as built (every array, as Lunr serialises it)', () => {
    const { index } = decodeIndexFile(bytes);
    expect(toLunrJSON(index)).toEqual(toLunrJSON(big));
  });

  it('opens without reading the dictionary: a damaged window is found when a lookup reads it, and only then', () => {
    const damaged = Buffer.from(bytes);
    const [at, length] = section(damaged, 'termBytes');
    expect(length).toBeGreaterThan(64 * 1024);
    damaged[at + length - 3]! ^= 0x20; // in the last block of the terms, not the first
    let corrupt = 0;
    const { index } = decodeIndexFile(damaged, () => corrupt++);
    expect(index.find(big.term(0))).toBe(0);
    expect(corrupt).toBe(0);
    expect(() => index.find(big.term(big.termCount - 1))).toThrow(IndexFileError);
    expect(corrupt).toBe(1);
  });
});

describe('index cache', () => {
  it('saves and loads the compact index', async () => {
    const dir = tempDir();
    const bytes = await saveCached(dir, 'issues', key, built);
    expect(bytes).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual([path.basename(cacheFile(dir, 'issues', key))]);
    const loaded = await loadCached(dir, 'issues', key, records.length);
    expect(loaded?.bytes).toBe(bytes);
    expect(toLunrJSON(loaded!.index)).toEqual(toLunrJSON(built));
  });

  it('ignores another key, another document count, and damaged files', async () => {
    const dir = tempDir();
    await saveCached(dir, 'issues', key, built);
    expect(await loadCached(dir, 'issues', cacheKey(spec, 'other'), records.length)).toBeUndefined();
    expect(await loadCached(dir, 'issues', key, records.length + 1)).toBeUndefined();
    expect(await loadCached(dir, 'commits', key, records.length)).toBeUndefined();
    await saveCached(dir, 'issues', key, built); // the document-count mismatch deleted it
    const file = cacheFile(dir, 'issues', key);
    const bytes = readFileSync(file);
    bytes[20]! ^= 0x01;
    writeFileSync(file, bytes);
    expect(await loadCached(dir, 'issues', key, records.length)).toBeUndefined();
  });

  it('deletes a file whose posting block turns out corrupt', async () => {
    const dir = tempDir();
    await saveCached(dir, 'issues', key, built);
    const file = cacheFile(dir, 'issues', key);
    const bytes = readFileSync(file);
    bytes[sectionAt(bytes, 'postDocs')]! ^= 0x01;
    writeFileSync(file, bytes);
    const loaded = await loadCached(dir, 'issues', key, records.length);
    expect(loaded).toBeDefined();
    expect(() => toLunrJSON(loaded!.index)).toThrow(IndexFileError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(file)).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('reports an unwritable directory instead of throwing', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o500);
    expect(await saveCached(path.join(dir, 'sub'), 'issues', key, built)).toBeUndefined();
  });

  it('reports a cache path that is a file instead of throwing', async () => {
    const dir = tempDir();
    const blocker = path.join(dir, 'file');
    writeFileSync(blocker, 'x');
    expect(await saveCached(blocker, 'issues', key, built)).toBeUndefined();
  });
});
