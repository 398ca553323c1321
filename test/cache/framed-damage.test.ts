/**
 * Self-healing through the one framing, table-driven: for every framed cache file (index, columns, record
 * snapshot, rendered items) × every region of it (magic, versions, each section, the block-CRC table, the footer, each trailer
 * field) × a damage (a flipped byte at the region's start, middle or end; the file cut inside the region), reading
 * everything the file holds through its public API either gives exactly what was written or finds the damage —
 * one notice, the file deleted, the caller falling back (or failing loudly without a fallback). Never a wrong
 * answer. A directory in a file's place is one notice and a miss.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openColumns, saveColumns } from '../../src/cache/columns.js';
import { DENSE_SHARE, trueBits } from '../../src/cache/column-bits.js';
import { narrowShape } from '../../src/cache/narrow-numbers.js';
import { widen } from '../helpers/narrow-oracle.js';
import { IndexFileError } from '../../src/cache/compact-index-file.js';
import { cacheFile, cacheKey, loadCached, saveCached } from '../../src/cache/index-cache.js';
import { ItemFile, writeItemFile, type RecordTexts } from '../../src/cache/item-file.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { loadSnapshot, saveSnapshot, snapshotFile } from '../../src/cache/record-snapshot.js';
import { specOf } from '../../src/kinds/catalog.js';
import type { Column } from '../../src/kinds/collection-view.js';
import { hasBit } from '../../src/doc-bits.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { Collection } from '../../src/store/collection.js';
import { toLunrJSON } from '../index/lunr-oracle.js';
import { FLIPS, regionsOf, type Region } from './helpers/framed-bytes.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'framed-damage-'));
  roots.push(dir);
  return dir;
};

const notices: string[] = [];
beforeEach(() => {
  notices.length = 0;
  setCacheNoticeSink((line) => void notices.push(line));
});
afterEach(() => setCacheNoticeSink(undefined));

const records: RawRecord[] = Array.from({ length: 40 }, (_, i) => ({
  number: i + 1,
  title: `Crash ${i % 3 === 0 ? 'when loading' : 'on save'} number ${i}`,
  body: i % 4 === 0 ? null : `Body text ${'x'.repeat(i * 37)} 日本語`,
  labels: [{ name: i % 2 ? 'bug' : 'docs' }],
}));
const pulls = new Map<number, RawRecord>([
  [3, { number: 4, head: { ref: 'a' } }],
  [17, { number: 18, head: { ref: 'b' }, merged: true }],
]);
const spec = specOf('issues');
const built = buildCompactIndex(spec, new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] }));
const expectedIndex = toLunrJSON(built);
const key = cacheKey(spec, 'damage');
const columns = (): Map<string, Column> =>
  new Map<string, Column>([
    ['comments', { type: 'number', values: Float64Array.from(records, (_, i) => (i % 5 ? i : NaN)) }],
    ['open', { type: 'boolean', values: Uint8Array.from(records, (_, i) => i % 3) }],
    ['labels', { type: 'strings', dict: ['bug', 'docs'], offsets: Uint32Array.from({ length: 41 }, (_, i) => i), ids: Uint32Array.from(records, (_, i) => i % 2) }],
  ]);
const expectedColumns = new Map([...columns()].map(([name, column]) => [name, column]));

/**
 * Rendered items of the records: most a reference to the record's text with an inline patch, every fifth with a
 * longer patch (in the `stored` section), every seventh its own text (no record text).
 */
const recordTexts = records.map((record) => Buffer.from(JSON.stringify(record)));
const itemTexts = recordTexts.map((text, i) =>
  Buffer.from(text.toString().replace('"title"', i % 5 === 0 ? `"score":1.0,"extra":"${'e'.repeat(30)}","title"` : '"score":1.0,"title"')),
);
const recordStarts = recordTexts.map((_, i) => recordTexts.slice(0, i).reduce((sum, t) => sum + t.length, 0));
const allRecordTexts = Buffer.concat(recordTexts);
const snapshotReader: RecordTexts = { bytes: (at, length) => (at + length <= allRecordTexts.length ? allRecordTexts.subarray(at, at + length) : undefined) };

/** How one kind of framed file is written, and read whole as its callers read it. */
interface FileKind {
  /** Write a fresh file in `dir`; @returns its path */
  write(dir: string): Promise<string>;
  /**
   * Read everything through the public API. @returns 'intact' (all as written), 'healed' (damage found: a
   * miss, a fallback, or a loud IndexFileError); throws on anything else (a wrong answer fails the test)
   */
  readAll(dir: string, file: string): Promise<'intact' | 'healed'>;
}

const KINDS: Readonly<Record<string, FileKind>> = {
  index: {
    async write(dir) {
      expect(await saveCached(dir, 'issues', key, built)).toBeGreaterThan(0);
      return cacheFile(dir, 'issues', key);
    },
    async readAll(dir) {
      const loaded = await loadCached(dir, 'issues', key, records.length);
      if (!loaded) return 'healed';
      try {
        expect(toLunrJSON(loaded.index)).toEqual(expectedIndex);
        const P = built.postings.count;
        expect(loaded.index.postings.tfs!(0, P)).toEqual(built.postings.tfs!(0, P));
        expect(loaded.index.fieldLengths!()).toEqual(built.fieldLengths!());
        return 'intact';
      } catch (error) {
        if (!(error instanceof IndexFileError)) throw error;
        return 'healed';
      }
    },
  },
  columns: {
    async write(dir) {
      const file = path.join(dir, 'issues.columns');
      expect(await saveColumns(file, 'id-1', records.length, columns())).toBeGreaterThan(0);
      return file;
    },
    async readAll(_dir, file) {
      const opened = openColumns(file, 'id-1', records.length);
      if (!opened) return 'healed';
      let healed = false;
      for (const [name, column] of expectedColumns) {
        const read = opened.get(name);
        if (read === undefined) healed = true;
        else expect(read.type === 'number' ? { ...read, blocks: undefined } : read).toEqual(column.type === 'number' ? { ...column, blocks: undefined } : column);
        if (column.type === 'number' && narrowShape(column.values)) {
          // The narrow codes: the same values, or (damaged) none at all.
          const narrow = opened.codes(name);
          if (narrow === undefined) healed = true;
          else expect(widen(narrow)).toEqual(column.values);
        }
        if (column.type === 'boolean') {
          // The bit set of its true documents: exactly those, or (damaged) none at all.
          const bits = opened.bits(name);
          if (bits === undefined) healed = true;
          else expect([...bits]).toEqual([...trueBits(column.values)]);
        }
        if (column.type !== 'strings') continue;
        // The inverted form: each string's documents, or (damaged) nothing at all.
        const sets = opened.sets(name);
        if (sets === undefined) healed = true;
        else {
          expect(sets.dict).toEqual(column.dict);
          column.dict.forEach((_, id) => {
            const docs = sets.docsOf(id);
            const holding = Array.from({ length: records.length }, (_, d) => d).filter((d) => column.ids.subarray(column.offsets[d], column.offsets[d + 1]).includes(id));
            if (docs === undefined) healed = true;
            else expect([...docs]).toEqual(holding);
            // A dense string's bit set: exactly its documents, or (damaged) none at all.
            const bits = sets.bitsOf?.(id);
            if (bits !== undefined) expect(Array.from({ length: records.length }, (_, d) => d).filter((d) => hasBit(bits, d))).toEqual(holding);
            else if (holding.length * DENSE_SHARE >= records.length) healed = true;
          });
        }
      }
      opened.close();
      return healed ? 'healed' : 'intact';
    },
  },
  items: {
    async write(dir) {
      const file = path.join(dir, 'issues-damage.items');
      const size = writeItemFile(file, records.length, (add) =>
        itemTexts.forEach((text, i) => add(text, i % 7 === 0 ? undefined : { bytes: recordTexts[i]!, start: recordStarts[i]! })),
      );
      expect(size).toBeGreaterThan(0);
      return file;
    },
    async readAll(_dir, file) {
      const items = ItemFile.open(file, records.length);
      if (!items) return 'healed';
      // Two pages, as a search reads them.
      const got = [...items.readPage([...records.keys()].slice(0, 20), snapshotReader), ...items.readPage([...records.keys()].slice(20), snapshotReader)];
      const usable = items.usable;
      items.close();
      // What was served before the damage was found is exact.
      got.forEach((text, i) => text === undefined || expect(text.toString()).toBe(itemTexts[i]!.toString()));
      if (!usable) return 'healed';
      expect(got.map((text) => text?.toString())).toEqual(itemTexts.map((text) => text.toString()));
      return 'intact';
    },
  },
  'record snapshot': {
    async write(dir) {
      expect(await saveSnapshot(dir, 'issues', 'k1', records, pulls)).toBeGreaterThan(0);
      return snapshotFile(dir, 'issues', 'k1');
    },
    async readAll(dir) {
      let fellBack = 0;
      const snapshot = await loadSnapshot(dir, 'issues', 'k1', () => (fellBack++, { records, pulls }));
      if (!snapshot) return 'healed';
      expect([...snapshot.records]).toEqual(records);
      for (const doc of [0, 3, 17, 39]) expect(snapshot.pulls.get(doc)).toEqual(pulls.get(doc));
      return fellBack > 0 ? 'healed' : 'intact';
    },
  },
};

/** Ways of damaging one region of a file's bytes. */
const DAMAGES: ReadonlyArray<readonly [string, (bytes: Buffer, region: Region) => Buffer]> = [
  ...FLIPS.map(([label, at]) => [`a flipped ${label}`, (bytes: Buffer, region: Region) => ((bytes[at(region)]! ^= 0x20), bytes)] as const),
  ['a cut inside it', (bytes, region) => bytes.subarray(0, region.start + Math.floor((region.end - region.start) / 2))],
];

/** Every (file kind, region, damage) of the table, regions taken from a pristine file of each kind. */
const cases: Array<[string, string, string]> = [];
const pristine = new Map<string, { dir: string; bytes: Buffer; regions: Region[] }>();
for (const [kind, how] of Object.entries(KINDS)) {
  const dir = tempDir();
  const file = await how.write(dir);
  const bytes = readFileSync(file);
  const regions = regionsOf(bytes);
  pristine.set(kind, { dir, bytes, regions });
  for (const region of regions) for (const [damage] of DAMAGES) cases.push([kind, region.name, damage]);
}

describe('a damaged framed cache file', () => {
  it('covers every region of every file kind', () => {
    for (const [kind, { regions }] of pristine) {
      const names = regions.map((r) => r.name);
      expect(names, kind).toEqual(expect.arrayContaining(['magic', 'layout version', 'framing version', 'block CRCs', 'footer', 'trailer magic']));
      expect(names.filter((name) => name.startsWith('section ')).length, kind).toBeGreaterThanOrEqual(kind === 'items' ? 2 : 3);
    }
  });

  it.each(Object.keys(KINDS))('%s: reads back intact when undamaged, with no notice', async (kind) => {
    const how = KINDS[kind]!;
    const dir = tempDir();
    const file = await how.write(dir);
    expect(await how.readAll(dir, file)).toBe('intact');
    expect(notices).toEqual([]);
  });

  it.each(cases)('%s, %s: %s is one notice, the file deleted, never a wrong answer', async (kind, regionName, damageName) => {
    const how = KINDS[kind]!;
    const { bytes, regions } = pristine.get(kind)!;
    const region = regions.find((r) => r.name === regionName)!;
    const damage = DAMAGES.find(([name]) => name === damageName)![1];
    const dir = tempDir();
    const file = await how.write(dir);
    writeFileSync(file, damage(Buffer.from(bytes), region));
    expect(await how.readAll(dir, file)).toBe('healed');
    expect(notices.length, notices.join('')).toBeLessThanOrEqual(1);
    if (notices.length === 1) expect(notices[0]).toContain(file);
    expect(existsSync(file)).toBe(false);
    // The caller rebuilds: a fresh file reads back intact.
    await how.write(dir);
    expect(await how.readAll(dir, file)).toBe('intact');
  });

  it.each(Object.keys(KINDS))('%s: a directory in its place is one notice and a miss, never a crash', async (kind) => {
    const how = KINDS[kind]!;
    const dir = tempDir();
    const file = await how.write(dir);
    rmSync(file);
    mkdirSync(file);
    expect(await how.readAll(dir, file)).toBe('healed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(file);
  });
});
