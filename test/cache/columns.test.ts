/**
 * Columnar storage: the builder's value rules per type, growth, dictionary dedupe; the file's round trip, lazy
 * per-column reads, and every kind of bad file (other id/count/format/magic, truncation, flipped bytes, shapes
 * that would send a reader out of bounds) refused rather than served.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnBuilder, COLUMNS_FORMAT, NUMBER_BLOCK, numberBlocks, openColumns, saveColumns } from '../../src/cache/columns.js';
import type { Column, ColumnType } from '../../src/kinds/collection-view.js';
import { footerOf, sectionAt as framedSectionAt, withFooter, withSection as withFramedSection } from './helpers/framed-bytes.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'columns-'));
  roots.push(dir);
  return dir;
};

function build(type: ColumnType, values: readonly unknown[]): Column | undefined {
  const builder = new ColumnBuilder(type);
  for (const value of values) builder.add(value);
  expect(builder.count).toBe(values.length);
  return builder.finish();
}

/** A strings column as plain per-document lists (what a reader sees). */
function lists(column: Column | undefined): string[][] {
  if (column?.type !== 'strings') throw new Error('not a strings column');
  return Array.from({ length: column.offsets.length - 1 }, (_, d) =>
    Array.from(column.ids.subarray(column.offsets[d], column.offsets[d + 1]), (id) => column.dict[id]!),
  );
}

const valuesOf = (column: Column | undefined): number[] => {
  if (column?.type !== 'number' && column?.type !== 'boolean') throw new Error('not a number or boolean column');
  return Array.from(column.values);
};

describe('ColumnBuilder', () => {
  it.each([
    ['finite numbers', [0, -1.5, 1e300, -0, Number.MAX_SAFE_INTEGER], [0, -1.5, 1e300, -0, Number.MAX_SAFE_INTEGER]],
    ['no value: undefined, null, NaN', [undefined, 3, null, NaN], [NaN, 3, NaN, NaN]],
    ['epoch milliseconds', [Date.UTC(2024, 0, 2)], [1704153600000]],
  ])('number column: %s', (_label, input, expected) => {
    const column = build('number', input);
    expect(column?.type).toBe('number');
    expect(valuesOf(column)).toEqual(expected);
  });

  it.each([
    ['true and false', [true, false, true], [1, 0, 1]],
    ['no value: undefined and null', [undefined, false, null], [2, 0, 2]],
  ])('boolean column: %s', (_label, input, expected) => {
    const column = build('boolean', input);
    expect(column?.type).toBe('boolean');
    expect(valuesOf(column)).toEqual(expected);
  });

  it.each([
    ['single strings', ['bug', 'Bug', ''], [['bug'], ['Bug'], ['']], ['bug', 'Bug', '']],
    ['arrays, non-strings skipped', [['a', 1, null, 'b', ['c'], { x: 1 }], []], [['a', 'b'], []], ['a', 'b']],
    ['no strings: undefined and null', [undefined, 'x', null], [[], ['x'], []], ['x']],
    ['duplicates kept per document, stored once in the dictionary', [['x', 'y', 'x'], ['y'], 'x'], [['x', 'y', 'x'], ['y'], ['x']], ['x', 'y']],
    ['dictionary in order of first occurrence', [['c', 'a'], ['b', 'a', 'c']], [['c', 'a'], ['b', 'a', 'c']], ['c', 'a', 'b']],
  ])('strings column: %s', (_label, input, expected, dict) => {
    const column = build('strings', input);
    expect(column?.type).toBe('strings');
    expect(lists(column)).toEqual(expected);
    expect(column?.type === 'strings' && column.dict).toEqual(dict);
  });

  it.each<[ColumnType, unknown]>([
    ['number', '5'],
    ['number', true],
    ['number', Infinity],
    ['number', -Infinity],
    ['number', 5n],
    ['number', { value: 1 }],
    ['number', [1]],
    ['boolean', 0],
    ['boolean', 1],
    ['boolean', 'true'],
    ['boolean', {}],
    ['strings', 5],
    ['strings', true],
    ['strings', { name: 'bug' }],
  ])('a %s column given %o is unusable', (type, bad) => {
    const good = type === 'number' ? 1 : type === 'boolean' ? true : 'a';
    const builder = new ColumnBuilder(type);
    builder.add(good);
    builder.add(bad);
    builder.add(good);
    expect(builder.count).toBe(3);
    expect(builder.finish()).toBeUndefined();
  });

  it.each<ColumnType>(['number', 'boolean', 'strings'])('%s column with no documents is empty', (type) => {
    const column = build(type, []);
    if (column?.type === 'strings') {
      expect(Array.from(column.offsets)).toEqual([0]);
      expect(column.ids).toHaveLength(0);
      expect(column.dict).toEqual([]);
    } else {
      expect(column?.type).toBe(type);
      expect(valuesOf(column)).toEqual([]);
    }
  });

  it('grows past many doublings and trims to the count', () => {
    const n = 100_003;
    const numbers = new ColumnBuilder('number');
    const booleans = new ColumnBuilder('boolean');
    const strings = new ColumnBuilder('strings');
    for (let d = 0; d < n; d++) {
      numbers.add(d % 10 === 0 ? null : d * 2);
      booleans.add(d % 3 === 0 ? undefined : d % 3 === 1);
      strings.add(d % 5 === 0 ? undefined : [`s${d % 7}`, `t${d % 2}`]);
    }
    const num = numbers.finish();
    const bool = booleans.finish();
    const str = strings.finish();
    if (num?.type !== 'number' || bool?.type !== 'boolean' || str?.type !== 'strings') throw new Error('unexpected column types');
    expect(num.values.buffer.byteLength).toBe(8 * n);
    expect(bool.values.buffer.byteLength).toBe(n);
    expect(str.offsets.buffer.byteLength).toBe(4 * (n + 1));
    const withStrings = n - Math.ceil(n / 5);
    expect(str.ids.buffer.byteLength).toBe(4 * 2 * withStrings);
    expect(str.dict).toHaveLength(9);
    for (const d of [0, 1, 2, 63, 64, 65, 4097, 65_536, n - 1]) {
      expect(num.values[d]).toEqual(d % 10 === 0 ? NaN : d * 2);
      expect(bool.values[d]).toBe(d % 3 === 0 ? 2 : d % 3 === 1 ? 1 : 0);
      const doc = Array.from(str.ids.subarray(str.offsets[d], str.offsets[d + 1]), (id) => str.dict[id]);
      expect(doc).toEqual(d % 5 === 0 ? [] : [`s${d % 7}`, `t${d % 2}`]);
    }
  });

  it('keeps a finished column unchanged when more values are added', () => {
    const builder = new ColumnBuilder('strings');
    builder.add('a');
    const first = builder.finish();
    builder.add(['b', 'a']);
    expect(lists(first)).toEqual([['a']]);
    expect(lists(builder.finish())).toEqual([['a'], ['b', 'a']]);
  });
});

// --- the file -----------------------------------------------------------------------------------------------


interface TestSection {
  name: string;
  type: string;
  /** Byte length of the column's section. */
  length: number;
  ids?: number;
  dictBytes?: number;
}
interface TestMeta {
  id: string;
  count: number;
  columns: TestSection[];
}

/** The file with its footer's metadata replaced by `change(meta)`, checksums recomputed (so only the contents are wrong). */
const withMeta = (bytes: Buffer, change: (meta: TestMeta) => void): Buffer => withFooter(bytes, (footer) => change(footer.meta as TestMeta));

/** Absolute byte offset of a column's section in the file, and its footer entry (with its length). */
function sectionAt(bytes: Buffer, name: string): { at: number; section: TestSection } {
  const [at, length] = framedSectionAt(bytes, name);
  const entry = (footerOf(bytes).footer.meta as TestMeta).columns.find((c) => c.name === name)!;
  return { at, section: { ...entry, length } };
}

/** The file with bytes of a column's section rewritten and its block CRCs recomputed. */
function withSection(bytes: Buffer, name: string, change: (section: Buffer, info: TestSection) => void): Buffer {
  const { section } = sectionAt(bytes, name);
  return withFramedSection(bytes, name, (body) => change(body, section));
}

/** A number column as the builder makes it: with its block statistics (stored and read back with it). */
const numberColumn = (values: number[]): Column => {
  const array = Float64Array.from(values);
  return { type: 'number', values: array, blocks: numberBlocks(array) };
};
const booleanColumn = (values: number[]): Column => ({ type: 'boolean', values: Uint8Array.from(values) });
const stringsColumn = (docs: unknown[]): Column => build('strings', docs)!;

/** Three documents, one column of each type (the strings one with non-ASCII text and a lone surrogate). */
const sample = (): Map<string, Column> =>
  new Map<string, Column>([
    ['comments', numberColumn([3, NaN, 1.5e12])],
    ['open', booleanColumn([1, 2, 0])],
    ['labels', stringsColumn([['bug', 'Bug'], null, ['日本語', '', '\ud800', 'bug']])],
  ]);

async function saved(columns: ReadonlyMap<string, Column> = sample(), count = 3, id = 'key-1'): Promise<string> {
  const file = path.join(tempDir(), 'issues.columns');
  expect(await saveColumns(file, id, count, columns)).toBe(statSync(file).size);
  return file;
}

describe('saveColumns / openColumns', () => {
  it.each<[string, number, Map<string, Column>]>([
    ['one column of each type', 3, sample()],
    ['no documents', 0, new Map<string, Column>([['n', numberColumn([])], ['b', booleanColumn([])], ['s', stringsColumn([])]])],
    ['no columns', 5, new Map()],
    ['empty strings everywhere', 2, new Map([['s', stringsColumn([null, []])]])],
    ['sizes that need padding', 5, new Map<string, Column>([['b', booleanColumn([0, 1, 2, 1, 0])], ['s', stringsColumn(['x', null, 'é', 'x', 'y'])], ['n', numberColumn([1, 2, 3, 4, 5])]])],
  ])('round-trips %s', async (_label, count, columns) => {
    const file = await saved(columns, count);
    expect(statSync(file).size % 8).toBe(0);
    const opened = openColumns(file, 'key-1', count)!;
    expect(opened).toBeDefined();
    expect(opened.count).toBe(count);
    expect([...opened.names]).toEqual([...columns.keys()]);
    for (const [name, column] of columns) expect(opened.get(name)).toEqual(column);
    opened.close();
  });

  it("stores a number column's block statistics: per block of NUMBER_BLOCK documents, minimum, maximum, value count", async () => {
    const values = Array.from({ length: NUMBER_BLOCK + 3 }, (_, d) => (d === 5 ? NaN : d < NUMBER_BLOCK ? d % 7 : 100 + d));
    const file = await saved(new Map([['n', numberColumn(values)]]), values.length);
    const column = openColumns(file, 'key-1', values.length)!.get('n');
    expect(column?.type === 'number' && column.blocks).toEqual({
      size: NUMBER_BLOCK,
      min: Float64Array.of(0, 100 + NUMBER_BLOCK),
      max: Float64Array.of(6, 102 + NUMBER_BLOCK),
      present: Float64Array.of(NUMBER_BLOCK - 1, 3),
    });
  });

  it('reads each column once and keeps it', async () => {
    const file = await saved();
    const opened = openColumns(file, 'key-1', 3)!;
    const first = opened.get('labels');
    expect(opened.get('labels')).toBe(first);
    expect(opened.get('missing')).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    opened.close();
  });

  it('reads one column without the others: a corrupt column does not stop the rest', async () => {
    const file = await saved();
    const bytes = readFileSync(file);
    bytes[sectionAt(bytes, 'open').at]! ^= 0x01;
    writeFileSync(file, bytes);
    const opened = openColumns(file, 'key-1', 3)!;
    expect(opened).toBeDefined();
    expect(opened.get('comments')).toEqual(sample().get('comments'));
    expect(opened.get('open')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    // The descriptor outlives the deletion: the columns not read yet are still served.
    expect(opened.get('labels')).toEqual(sample().get('labels'));
    expect(opened.get('open')).toBeUndefined();
    opened.close();
  });

  it.each<[string, string, (bytes: Buffer, at: number, section: TestSection) => number]>([
    ['a number', 'comments', (_b, at) => at + 9],
    ["a number block's maximum", 'comments', (_b, at) => at + 3 * 8 + 8 + 2],
    ['a boolean', 'open', (_b, at) => at + 2],
    ['a strings offset', 'labels', (_b, at) => at + 4],
    ['a strings id', 'labels', (_b, at) => at + 16],
    ['a strings dictionary', 'labels', (_b, at, s) => at + s.length - 3],
  ])('refuses a flipped byte in %s and deletes the file', async (_label, name, where) => {
    const file = await saved();
    const bytes = readFileSync(file);
    const { at, section } = sectionAt(bytes, name);
    bytes[where(bytes, at, section)]! ^= 0x04;
    writeFileSync(file, bytes);
    const opened = openColumns(file, 'key-1', 3)!;
    expect(opened).toBeDefined();
    expect(opened.get(name)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    opened.close();
  });

  it('does not delete a file that replaced the corrupt one meanwhile', async () => {
    const file = await saved();
    const bytes = readFileSync(file);
    bytes[sectionAt(bytes, 'comments').at]! ^= 0x01;
    writeFileSync(file, bytes);
    const opened = openColumns(file, 'key-1', 3)!;
    expect(await saveColumns(file, 'key-1', 3, sample())).toBeGreaterThan(0);
    expect(opened.get('comments')).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    opened.close();
    expect(openColumns(file, 'key-1', 3)?.get('comments')).toEqual(sample().get('comments'));
  });

  it.each<[string, (bytes: Buffer, file: string) => Buffer | undefined, string?, number?]>([
    ['the file is missing', (_b, file) => (rmSync(file), undefined)],
    ['another id', (b) => b, 'key-2'],
    ['another count', (b) => b, 'key-1', 4],
    ['another magic', (b) => (b.write('NOTCOLS!', 0, 'latin1'), b)],
    ['another format', (b) => (b.writeUInt32LE(COLUMNS_FORMAT + 1, 8), b)],
    ['a flipped footer byte', (b) => (b[footerOf(b).at + 5]! ^= 0x01, b)],
    ['an empty file', () => Buffer.alloc(0)],
    ['a file cut inside the prefix', (b) => b.subarray(0, 10)],
    ['a file cut inside the header', (b) => b.subarray(0, 40)],
    ['a file missing its last byte', (b) => b.subarray(0, b.length - 1)],
    ['a file with a byte too many', (b) => Buffer.concat([b, Buffer.alloc(1)])],
    ['garbage', () => Buffer.from('{"format":1,"id":"key-1","count":3}')],
    ['a table of contents that is not a list', (b) => withMeta(b, (m) => Object.assign(m, { columns: 'x' }))],
    ['a section past the data', (b) => withFooter(b, (f) => (f.sections.comments![0] = f.crcs[0]))],
    ['an unaligned section', (b) => withFooter(b, (f) => (f.sections.labels![0] += 1))],
    ['a section length that does not fit its type', (b) => withFooter(b, (f) => (f.sections.open![1] += 1))],
    ['a strings section with an id count that does not fit', (b) => withMeta(b, (m) => (m.columns[2]!.ids! += 1))],
    ['an unknown column type', (b) => withMeta(b, (m) => Object.assign(m.columns[0]!, { type: 'date' }))],
    ['a duplicate column name', (b) => withMeta(b, (m) => (m.columns[1]!.name = m.columns[0]!.name))],
    ['a negative offset', (b) => withFooter(b, (f) => (f.sections.comments![0] = -8))],
    ['a section missing', (b) => withFooter(b, (f) => delete f.sections.labels)],
  ])('refuses %s when opened', async (_label, damage, id = 'key-1', count = 3) => {
    const file = await saved();
    const bytes = damage(readFileSync(file), file);
    if (bytes) writeFileSync(file, bytes);
    expect(openColumns(file, id, count)).toBeUndefined();
  });

  it('refuses another count even when no column would notice', async () => {
    const file = await saved(new Map(), 5);
    expect(openColumns(file, 'key-1', 5)?.names).toEqual([]);
    expect(openColumns(file, 'key-1', 6)).toBeUndefined();
    expect(openColumns(file, 'key-1', 4)).toBeUndefined();
  });

  it('opens a file whose header was rewritten unchanged (the helper itself is sound)', async () => {
    const file = await saved();
    writeFileSync(file, withMeta(readFileSync(file), () => undefined));
    const reopened = withSection(readFileSync(file), 'labels', () => undefined);
    writeFileSync(file, reopened);
    expect(openColumns(file, 'key-1', 3)?.get('labels')).toEqual(sample().get('labels'));
  });

  // Bytes that pass their CRC but break the column's shape (what a reader indexes with) are refused.
  it.each<[string, string, (section: Buffer, info: TestSection) => void]>([
    ['a last offset that is not the id count', 'labels', (s) => s.writeUInt32LE(5, 12)],
    ['a first offset that is not 0', 'labels', (s) => s.writeUInt32LE(1, 0)],
    ['a dictionary that is not JSON', 'labels', (s, i) => s.write('{', i.length - 1, 'latin1')],
    ['a dictionary with a non-string', 'labels', (s, i) => s.write('12345', i.length - i.dictBytes! + 1, 'latin1')],
    // Block statistics after the 3 values: minimum, maximum, value count of the one block.
    ['a block minimum above its maximum', 'comments', (s) => s.writeDoubleLE(2e12, 3 * 8)],
    ['a block value count above the block size', 'comments', (s) => s.writeDoubleLE(4, 5 * 8)],
    ['a block with values but no minimum', 'comments', (s) => s.writeDoubleLE(NaN, 3 * 8)],
  ])('refuses %s when read', async (_label, name, change) => {
    const file = await saved();
    writeFileSync(file, withSection(readFileSync(file), name, change));
    const opened = openColumns(file, 'key-1', 3)!;
    expect(opened).toBeDefined();
    expect(opened.get(name)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    opened.close();
  });

  // The per-value rules are the writer's (it refuses such a column: 'writes nothing for …' below) and the CRCs keep
  // what it wrote: a reader does not visit every value again (columns.ts, "Who checks what"). Bytes rewritten on
  // purpose with matching CRCs are read as they are, and no reader leaves its arrays.
  it.each<[string, string, (section: Buffer, info: TestSection) => void, (column: Column) => unknown, unknown]>([
    ['an id past the dictionary', 'labels', (s) => s.writeUInt32LE(99, 16), (c) => c.type === 'strings' && c.ids[0], 99],
    ['offsets going backwards', 'labels', (s) => s.writeUInt32LE(3, 4), (c) => c.type === 'strings' && c.offsets[1], 3],
    ['a boolean that is not 0, 1 or 2', 'open', (s) => (s[0] = 3), (c) => c.type === 'boolean' && c.values[0], 3],
    ['an infinite number', 'comments', (s) => s.writeDoubleLE(Infinity, 0), (c) => c.type === 'number' && c.values[0], Infinity],
  ])('reads %s (a per-value rule) as it is, the file kept', async (_label, name, change, read, expected) => {
    const file = await saved();
    writeFileSync(file, withSection(readFileSync(file), name, change));
    const column = openColumns(file, 'key-1', 3)!.get(name)!;
    expect(read(column)).toBe(expected);
    expect(existsSync(file)).toBe(true);
  });

  it('serves columns read before close() and nothing else after it', async () => {
    const file = await saved();
    const opened = openColumns(file, 'key-1', 3)!;
    const comments = opened.get('comments');
    opened.close();
    opened.close();
    expect(opened.get('comments')).toBe(comments);
    expect(opened.get('labels')).toBeUndefined();
    expect(existsSync(file)).toBe(true);
  });

  it('replaces an existing file and creates missing directories', async () => {
    const file = path.join(tempDir(), 'a', 'b', 'issues.columns');
    expect(await saveColumns(file, 'key-1', 3, sample())).toBeGreaterThan(0);
    expect(await saveColumns(file, 'key-2', 1, new Map([['n', numberColumn([7])]]))).toBe(statSync(file).size);
    expect(openColumns(file, 'key-1', 3)).toBeUndefined();
    expect(openColumns(file, 'key-2', 1)?.get('n')).toEqual(numberColumn([7]));
    expect(readdirSync(path.dirname(file))).toEqual(['issues.columns']);
  });

  it.each<[string, number, Map<string, Column>]>([
    ['a number column shorter than the count', 3, new Map([['n', numberColumn([1, 2])]])],
    ['a boolean column longer than the count', 1, new Map([['b', booleanColumn([1, 0])]])],
    ['a boolean value of 7', 1, new Map([['b', booleanColumn([7])]])],
    ['an infinite number', 1, new Map([['n', { type: 'number', values: Float64Array.from([Infinity]) } as Column]])],
    ['strings offsets going backwards', 2, new Map<string, Column>([['s', { type: 'strings', dict: ['a'], offsets: Uint32Array.from([0, 1, 0]), ids: Uint32Array.from([0]) }]])],
    ['a dictionary that repeats a string', 1, new Map<string, Column>([['s', { type: 'strings', dict: ['a', 'a'], offsets: Uint32Array.from([0, 1]), ids: Uint32Array.from([1]) }]])],
    ['strings offsets of the wrong length', 2, new Map([['s', stringsColumn(['a'])]])],
    ['a strings id past the dictionary', 1, new Map<string, Column>([['s', { type: 'strings', dict: ['a'], offsets: Uint32Array.from([0, 1]), ids: Uint32Array.from([1]) }]])],
    ['a fractional count', 1.5, new Map()],
    ['a negative count', -1, new Map()],
  ])('writes nothing for %s', async (_label, count, columns) => {
    const dir = tempDir();
    expect(await saveColumns(path.join(dir, 'x.columns'), 'key-1', count, columns)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each<[string, (dir: string) => string]>([
    ['under a regular file', (dir) => (writeFileSync(path.join(dir, 'file'), ''), path.join(dir, 'file', 'sub', 'x.columns'))],
    ['onto an existing directory', (dir) => (mkdirSync(path.join(dir, 'x.columns')), path.join(dir, 'x.columns'))],
  ])('reports an unwritable target %s instead of throwing, leaving no temp file', async (_label, target) => {
    const dir = tempDir();
    const file = target(dir);
    const before = readdirSync(dir).sort();
    await expect(saveColumns(file, 'key-1', 3, sample())).resolves.toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });
});
