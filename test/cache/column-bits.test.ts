/**
 * Bit sets stored beside the columns (cache/column-bits.ts, cache/columns.ts `<name>/bits`): a boolean column's
 * true documents and a strings column's dense strings' documents, against oracles per document; the file round-trips
 * them (and only for dense strings), and a footer whose bit-set entries do not fit the file is refused.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DENSE_SHARE, denseBits, denseIds, trueBits } from '../../src/cache/column-bits.js';
import { bitWords, hasBit } from '../../src/doc-bits.js';
import { ColumnBuilder, invertStrings, openColumns, saveColumns } from '../../src/cache/columns.js';
import type { Column } from '../../src/kinds/collection-view.js';
import { withFooter } from './helpers/framed-bytes.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempFile = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'column-bits-'));
  roots.push(dir);
  return path.join(dir, 'issues.columns');
};

/** The documents of a bit set over `count` documents, one bit test each (the oracle's reading). */
const members = (bits: Uint32Array, count: number): number[] => [...Array(count).keys()].filter((d) => hasBit(bits, d));

const strings = (docs: (string[] | null)[]): Extract<Column, { type: 'strings' }> => {
  const builder = new ColumnBuilder('strings');
  for (const doc of docs) builder.add(doc);
  return builder.finish() as Extract<Column, { type: 'strings' }>;
};

describe('bit sets of documents', () => {
  it('a boolean column: exactly the documents whose value is 1; the bits past the count stay clear', () => {
    fc.assert(
      fc.property(fc.uint8Array({ min: 0, max: 2, maxLength: 200 }), (values) => {
        const bits = trueBits(values);
        expect(bits.length).toBe(bitWords(values.length));
        expect(members(bits, values.length)).toEqual([...values.keys()].filter((d) => values[d] === 1));
        expect(members(bits, 32 * bits.length)).toEqual(members(bits, values.length));
      }),
      { numRuns: 200, seed: 2501 },
    );
  });

  it('a strings column: the dense strings (at least 1/32 of the documents) each get the set of their documents', () => {
    const dict = ['bug', 'docs', 'rare', 'none'];
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(0, 0, 1, 2), { maxLength: 3 }), { minLength: 1, maxLength: 300 }),
        (perDoc) => {
          const column = strings(perDoc.map((ids) => ids.map((id) => dict[id]!)));
          const count = perDoc.length;
          const { starts, docs } = invertStrings(column.offsets, column.ids, column.dict.length);
          const dense = denseIds(starts, count);
          for (let id = 0; id < column.dict.length; id++) {
            const n = starts[id + 1]! - starts[id]!;
            expect(dense.includes(id)).toBe(n > 0 && n * DENSE_SHARE >= count);
          }
          const bits = denseBits(starts, docs, dense, count);
          const words = bitWords(count);
          expect(bits.length).toBe(words * dense.length);
          dense.forEach((id, i) => {
            const holders = [...Array(count).keys()].filter((d) => perDoc[d]!.some((k) => dict[k] === column.dict[id]));
            expect(members(bits.subarray(i * words, (i + 1) * words), count)).toEqual(holders);
          });
        },
      ),
      { numRuns: 150, seed: 2502 },
    );
  });
});

describe('bit sets in the columns file', () => {
  /** 100 documents: `bug` on 40 (dense), `rare` on 1 (sparse: 1 × 32 < 100), a boolean column. */
  const sample = (): Map<string, Column> => {
    const labels: (string[] | null)[] = [];
    for (let d = 0; d < 100; d++) labels.push(d === 7 ? ['rare', 'bug'] : d % 5 < 2 ? ['bug'] : null);
    return new Map<string, Column>([
      ['labels', strings(labels)],
      ['open', { type: 'boolean', values: Uint8Array.from({ length: 100 }, (_, d) => d % 3) }],
    ]);
  };

  async function saved(): Promise<string> {
    const file = tempFile();
    expect(await saveColumns(file, 'key', 100, sample())).toBe(statSync(file).size);
    return file;
  }

  it('round-trips the boolean bit set and the dense strings\' sets; sparse strings and other columns have none', async () => {
    const opened = openColumns(await saved(), 'key', 100)!;
    expect(members(opened.bits('open')!, 100)).toEqual([...Array(100).keys()].filter((d) => d % 3 === 1));
    expect(opened.bits('labels')).toBeUndefined();
    expect(opened.bits('missing')).toBeUndefined();
    const sets = opened.sets('labels')!;
    const bug = sets.dict.indexOf('bug');
    expect(members(sets.bitsOf!(bug)!, 100)).toEqual([...sets.docsOf(bug)!]);
    expect(sets.bitsOf!(sets.dict.indexOf('rare'))).toBeUndefined();
    expect(sets.bitsOf!(-1)).toBeUndefined();
  });

  it.each<[string, (meta: { columns: Array<Record<string, unknown>> }) => void]>([
    ['bits on a strings column', (m) => (m.columns[0]!.bits = true)],
    ['a boolean column without its bits entry (a section nobody lists)', (m) => delete m.columns[1]!.bits],
    ['dense ids that are not ascending', (m) => (m.columns[0]!.dense = [0, 0])],
    ['a dense id outside the dictionary', (m) => (m.columns[0]!.dense = [9])],
    ['dense ids on a boolean column', (m) => (m.columns[1]!.dense = [0])],
    ['more dense ids than the section holds', (m) => (m.columns[0]!.dense = [0, 1])],
  ])('refuses a footer with %s', async (_label, change) => {
    const file = await saved();
    writeFileSync(file, withFooter(readFileSync(file), (footer) => change(footer.meta as { columns: Array<Record<string, unknown>> })));
    expect(openColumns(file, 'key', 100)).toBeUndefined();
  });
});
