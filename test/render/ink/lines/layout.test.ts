import { describe, expect, it } from 'vitest';
import { layoutColumns, type ColumnShape } from '../../../../src/render/ink/lines/layout.js';
import { plain } from '../../../../src/render/ink/lines/segments.js';

const cells = (...rows: string[][]) => rows.map((row) => row.map((text) => plain(text)));

describe('layoutColumns', () => {
  const columns: ColumnShape[] = [
    { header: 'ID' },
    { header: 'TITLE', flex: 2, min: 10 },
    { header: 'NOTES', flex: 1, min: 6, drop: 2 },
    { header: 'WHEN', drop: 1 },
  ];
  const rows = cells(['#1', 'x'.repeat(80), 'y'.repeat(40), '2d ago'], ['#12345', 'short', '', '1y ago']);

  it('gives fixed columns their natural width and shares the rest by weight', () => {
    const placed = layoutColumns(columns, rows, 80, 2);
    expect(placed).toEqual([
      { index: 0, width: 6 },
      { index: 1, width: 42 },
      { index: 2, width: 20 },
      { index: 3, width: 6 },
    ]);
    expect(placed.reduce((sum, p) => sum + p.width, 0) + 2 * 3).toBe(80);
  });

  it('never makes a flexible column wider than its content', () => {
    const placed = layoutColumns(columns, cells(['#1', 'short', 'tiny', 'now']), 80, 2);
    expect(placed.map((p) => p.width)).toEqual([2, 10, 6, 4]);
  });

  it.each([
    [34, [0, 1, 2, 3]],
    [33, [0, 1, 3]],
    [22, [0, 1]],
  ])('at %d cells drops the highest-ranked columns first', (width, kept) => {
    expect(layoutColumns(columns, rows, width, 2).map((p) => p.index)).toEqual(kept);
  });

  it('drops a column that is the same on every row before any ranked one, and never a kept one', () => {
    const shapes: ColumnShape[] = [
      { header: 'REPO', drop: 1 },
      { header: 'TITLE', flex: 1, min: 10 },
      { header: 'COMMENTS', drop: 4 },
    ];
    const same = cells(['octo/widgets', 'a title', '3'], ['octo/widgets', 'another', '12']);
    // 12 + 10 + 8 + 2 gaps = 34 needed: one column must go.
    expect(layoutColumns(shapes, same, 30, 2).map((p) => p.index)).toEqual([1, 2]);
    // Sorted by comments (kept) and the repository differs: REPO goes, COMMENTS stays.
    const differ = cells(['octo/widgets', 'a title', '3'], ['octo/gadgets', 'another', '12']);
    expect(layoutColumns(shapes, differ, 30, 2).map((p) => p.index)).toEqual([0, 1]);
    expect(layoutColumns(shapes, differ, 30, 2, new Set([2])).map((p) => p.index)).toEqual([1, 2]);
  });

  it('measures wide characters in cells', () => {
    const placed = layoutColumns([{ header: 'A' }, { header: 'B' }], cells(['色の表示', 'b']), 40, 1);
    expect(placed[0]).toEqual({ index: 0, width: 8 });
  });
});
