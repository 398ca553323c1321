/**
 * Number columns stored narrow (src/cache/narrow-numbers.ts): the shape chosen holds every value exactly, codes
 * widen back to the very values written (NaN where none), a column file round-trips them, and the codes a range
 * accepts (src/kinds/interval-codes.ts `codeRange`) are exactly those whose value lies in the interval.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { numberBlocks, openColumns, saveColumns } from '../../src/cache/columns.js';
import { encodeNarrow, narrowShape, noneCode } from '../../src/cache/narrow-numbers.js';
import { codeRange } from '../../src/kinds/interval-codes.js';
import { codeInInterval, widen } from '../helpers/narrow-oracle.js';
import type { Column, NarrowNumbers } from '../../src/kinds/collection-view.js';
import type { Interval } from '../../src/kinds/qualifier-values.js';
import { sectionAt, withFooter } from './helpers/framed-bytes.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Element by element, NaN equal to NaN and -0 unequal to +0. */
const same = (a: Float64Array, b: Float64Array): boolean => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('narrowShape', () => {
  it.each<[string, number[], ReturnType<typeof narrowShape>]>([
    ['counts', [0, 3, NaN, 65534], { width: 2, scale: 1 }],
    ['counts past 16 bits', [0, 65535], { width: 4, scale: 1 }],
    ['instants in whole seconds', [1_527_897_600_000, NaN, 1_735_687_485_000], { width: 4, scale: 1000 }],
    ['instants in milliseconds', [1_527_897_600_001], undefined],
    ['a fraction', [1, 2.5], undefined],
    ['a negative value', [3, -1], undefined],
    ['negative zero', [0, -0], undefined],
    ['no value at all', [NaN, NaN], { width: 2, scale: 1 }],
    ['past 32 bits of seconds', [2 ** 32 * 1000], undefined],
  ])('%s', (_label, values, shape) => {
    expect(narrowShape(Float64Array.from(values))).toEqual(shape);
  });

  it('encodes and widens back to the same values, for any values that fit', () => {
    const value = fc.oneof(fc.constant(NaN), fc.nat(70_000), fc.nat(2 ** 31).map((s) => s * 1000), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 50 }), (list) => {
        const values = Float64Array.from(list);
        const shape = narrowShape(values);
        if (!shape) return;
        const narrow: NarrowNumbers = { codes: encodeNarrow(values, shape), scale: shape.scale, none: noneCode(shape.width) };
        expect(same(widen(narrow), values)).toBe(true);
      }),
      { numRuns: 300, seed: 818 },
    );
  });
});

describe('a column file stores fitting number columns narrow', () => {
  it('reads back the same values and statistics, from fewer bytes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'narrow-'));
    dirs.push(dir);
    const n = 3000;
    const counts = Float64Array.from({ length: n }, (_, d) => (d % 11 === 0 ? NaN : (d * 7) % 40));
    const instants = Float64Array.from({ length: n }, (_, d) => 1_500_000_000_000 + d * 86_400_000);
    const fractions = Float64Array.from({ length: n }, (_, d) => d / 3);
    const column = (values: Float64Array): Column => ({ type: 'number', values, blocks: numberBlocks(values) });
    const columns = new Map([
      ['counts', column(counts)],
      ['instants', column(instants)],
      ['fractions', column(fractions)],
    ]);
    const file = path.join(dir, 'x.columns');
    const size = await saveColumns(file, 'k', n, columns);
    expect(size).toBe(statSync(file).size);
    // 3 × 8 bytes a document, and the codes: 2 + 4.
    expect(size).toBeGreaterThan(n * 30);
    expect(size).toBeLessThan(n * 31);
    const opened = openColumns(file, 'k', n)!;
    const shapes: Record<string, [number, number] | undefined> = { counts: [2, 1], instants: [4, 1000], fractions: undefined };
    for (const [name, written] of columns) {
      if (written.type !== 'number') continue;
      // The codes first (the values not read), then the values as before.
      const narrow = opened.codes(name);
      expect(narrow ? [narrow.codes.BYTES_PER_ELEMENT, narrow.scale] : undefined).toEqual(shapes[name]);
      if (narrow) {
        expect(same(widen(narrow), written.values)).toBe(true);
        expect(narrow.blocks).toEqual(written.blocks);
      }
      const read = opened.get(name);
      expect(read?.type === 'number' && same(read.values, written.values)).toBe(true);
    }
    expect(opened.codes('nothing')).toBeUndefined();
    opened.close();
  });
});

describe('a column file with damaged codes', () => {
  /** A file of one narrow column `n` over 100 documents. */
  async function saved(): Promise<string> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'narrow-'));
    dirs.push(dir);
    const values = Float64Array.from({ length: 100 }, (_, d) => d % 9);
    const file = path.join(dir, 'x.columns');
    await saveColumns(file, 'k', 100, new Map([['n', { type: 'number', values, blocks: numberBlocks(values) } as Column]]));
    return file;
  }

  it('gives no codes for a codes block that fails its CRC, and deletes the file', async () => {
    const file = await saved();
    const bytes = readFileSync(file);
    bytes[sectionAt(bytes, 'n/codes')[0] + 3]! ^= 0x10;
    writeFileSync(file, bytes);
    const opened = openColumns(file, 'k', 100)!;
    expect(opened.codes('n')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it.each<[string, (meta: { columns: Array<Record<string, unknown>> }, sections: Record<string, number[]>) => void]>([
    ['an unknown width', (meta) => (meta.columns[0]!.narrow = { width: 3, scale: 1 })],
    ['an unknown scale', (meta) => (meta.columns[0]!.narrow = { width: 2, scale: 10 })],
    ['codes of another width than their section', (meta) => (meta.columns[0]!.narrow = { width: 4, scale: 1 })],
    ['no codes section', (_meta, sections) => delete sections['n/codes']],
  ])('refuses %s when opened', async (_label, damage) => {
    const file = await saved();
    writeFileSync(file, withFooter(readFileSync(file), (footer) => damage(footer.meta as { columns: Array<Record<string, unknown>> }, footer.sections as Record<string, number[]>)));
    expect(openColumns(file, 'k', 100)).toBeUndefined();
  });
});

describe('codeRange', () => {
  const bound = fc.oneof(
    fc.integer({ min: -5, max: 70_000 }),
    fc.double({ min: -5, max: 70_000, noNaN: true }),
    fc.constantFrom(-Infinity, Infinity, 0, 65534, 65535, 1e300),
    fc.tuple(fc.nat(2 ** 32), fc.constantFrom(-1, 0, 0.5, 1)).map(([s, d]) => s * 1000 + d),
  );
  const interval: fc.Arbitrary<Interval> = fc
    .record({ a: bound, b: bound, loInclusive: fc.boolean(), hiInclusive: fc.boolean() })
    .map(({ a, b, loInclusive, hiInclusive }) => ({ lo: Math.min(a, b), hi: Math.max(a, b), loInclusive, hiInclusive }));

  it('accepts exactly the codes whose value lies in the interval (never the none code)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(interval, fc.constantFrom<[number, 1 | 1000]>([2, 1], [4, 1], [4, 1000]), (range, [width, scale]) => {
        const narrow = { scale, none: noneCode(width as 2 | 4) };
        const { first, last } = codeRange(narrow, range);
        // The codes at and around each end of the range, each end of the code space, and a few in between.
        const probes = [first - 1, first, first + 1, last - 1, last, last + 1, 0, 1, narrow.none - 1, narrow.none, Math.floor(range.lo / scale), Math.ceil(range.hi / scale)];
        for (const c of probes) {
          if (!(c >= 0 && c <= narrow.none && Number.isInteger(c))) continue;
          const inside = c >= first && c <= last;
          if (inside) accepted++;
          expect(inside).toBe(codeInInterval(narrow, range, c));
        }
      }),
      { numRuns: 2000, seed: 819 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('is empty for an interval no code reaches', () => {
    const { first, last } = codeRange({ scale: 1, none: 0xffff }, { lo: -3, hi: 0, loInclusive: true, hiInclusive: false });
    expect(first).toBeGreaterThan(last);
  });
});
