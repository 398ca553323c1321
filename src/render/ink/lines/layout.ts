/**
 * Column widths for the results table, in terminal cells. Fixed columns take their natural width (the widest of
 * header and cells, within `min`/`max`); flexible columns share what is left by weight, never wider than their
 * own content; when even the minimums do not fit, droppable columns go: first those whose cell is the same on
 * every row (a repository column when every hit is in one repository says nothing), then by `drop` rank,
 * highest first. Kept columns (the one the results are sorted by) never go.
 */
import { lineWidth, type Line } from './segments.js';

/** What the layout needs to know about one column. */
export interface ColumnShape {
  readonly header: string;
  /** Narrowest useful width. @default the header's width */
  readonly min?: number | undefined;
  /** Cap on the natural width. @default no cap */
  readonly max?: number | undefined;
  /** Weight in sharing the leftover width; 0 makes the column fixed. @default 0 */
  readonly flex?: number | undefined;
  /** Removal rank when the terminal is too narrow: higher goes first, 0 is never removed. @default 0 */
  readonly drop?: number | undefined;
}

/** A column kept by the layout, with its width. */
export interface Placed {
  /** Index into the columns passed to {@link layoutColumns}. */
  readonly index: number;
  readonly width: number;
}

/**
 * Decide which columns show and how wide they are.
 * @param columns the kind's columns, in display order
 * @param cells one row of cells per item, in column order
 * @param width the width available for the columns, in cells
 * @param gap spaces between columns @default 2
 */
export function layoutColumns(
  columns: readonly ColumnShape[],
  cells: readonly (readonly Line[])[],
  width: number,
  gap = 2,
  keep: ReadonlySet<number> = new Set(),
): Placed[] {
  const text = (line: Line | undefined) => (line ?? []).map((segment) => segment.text).join('');
  const constant = columns.map((_, i) => cells.length > 1 && cells.every((row) => text(row[i]) === text(cells[0]![i])));
  // Constant columns first (rank above every drop rank), then by drop rank.
  const rank = (i: number) => (constant[i] ? Number.MAX_SAFE_INTEGER : (columns[i]!.drop ?? 0));
  const natural = columns.map((column, i) => {
    const content = Math.max(lineWidth([{ text: column.header }]), ...cells.map((row) => lineWidth(row[i] ?? [])));
    const min = column.min ?? column.header.length;
    return Math.max(min, Math.min(content, column.max ?? Number.POSITIVE_INFINITY));
  });
  let active = columns.map((_, i) => i);
  for (;;) {
    const flexible = active.filter((i) => (columns[i]!.flex ?? 0) > 0);
    const fixed = active.filter((i) => (columns[i]!.flex ?? 0) === 0);
    const needed =
      fixed.reduce((sum, i) => sum + natural[i]!, 0) +
      flexible.reduce((sum, i) => sum + Math.min(natural[i]!, columns[i]!.min ?? columns[i]!.header.length), 0) +
      gap * Math.max(0, active.length - 1);
    const droppable = active.filter((i) => (columns[i]!.drop ?? 0) > 0 && !keep.has(i));
    if (needed > width && droppable.length > 0) {
      const victim = droppable.reduce((a, b) => (rank(b) > rank(a) ? b : a));
      active = active.filter((i) => i !== victim);
      continue;
    }
    const widths = new Map<number, number>(fixed.map((i) => [i, natural[i]!]));
    let remaining = width - gap * Math.max(0, active.length - 1) - fixed.reduce((sum, i) => sum + natural[i]!, 0);
    let open = flexible;
    for (const i of flexible) widths.set(i, 0);
    // Share by weight; columns that reach their natural width give the rest back to the others.
    while (open.length > 0 && remaining > 0) {
      const weight = open.reduce((sum, i) => sum + columns[i]!.flex!, 0);
      let given = 0;
      const next: number[] = [];
      for (const i of open) {
        const share = Math.max(1, Math.floor((remaining * columns[i]!.flex!) / weight));
        const room = natural[i]! - widths.get(i)!;
        const take = Math.min(share, room, remaining - given);
        widths.set(i, widths.get(i)! + take);
        given += take;
        if (widths.get(i)! < natural[i]!) next.push(i);
      }
      remaining -= given;
      if (given === 0) break;
      open = next;
    }
    return active.map((index) => ({ index, width: Math.max(1, widths.get(index) ?? 1) }));
  }
}
