/**
 * The results table as lines: a header row and one row per visible item, every cell fitted to its column width in
 * terminal cells. The window scrolls to keep the selected row in view (centred when possible).
 */
import type { Item } from '../../../envelope/envelope.js';
import type { Kind } from '../../../kinds/kind.js';
import { COLUMNS, rowCells, type CellContext } from './columns.js';
import { layoutColumns } from './layout.js';
import { concat, fit, plain, withStyle, type Line } from './segments.js';

/** Width of the selection pointer column (`❯ `). */
export const POINTER_WIDTH = 2;
const GAP = 2;

/** Input of {@link tableLines}. */
export interface TableInput {
  readonly kind: Kind;
  readonly items: readonly Item[];
  readonly selected: number;
  /** Width in cells. */
  readonly width: number;
  /** Height in lines, header included. */
  readonly height: number;
  /** The sort key the shown results are ordered by: its column is never dropped. @default best match */
  readonly sort?: string | undefined;
}

/** First visible item index for a window of `visible` rows over `count` items around `selected`. */
export function windowStart(selected: number, count: number, visible: number): number {
  if (count <= visible) return 0;
  return Math.max(0, Math.min(selected - Math.floor(visible / 2), count - visible));
}

/** The header line and the visible rows. */
export function tableLines({ kind, items, selected, width, height, sort }: TableInput, ctx: CellContext): Line[] {
  const { theme } = ctx;
  const columns = COLUMNS[kind];
  // Whitespace runs collapse when a cell is flattened: twice the width (and some) keeps every cell full.
  const cells = items.map((item) => rowCells(kind, item, ctx, 2 * width + 64));
  const sortedBy = new Set(columns.flatMap((column, i) => (sort !== undefined && column.sorts?.includes(sort) ? [i] : [])));
  const placed = layoutColumns(columns, cells, width - POINTER_WIDTH, GAP, sortedBy);
  const join = (parts: Line[]): Line => concat(...parts.flatMap((part, i) => (i > 0 ? [plain(' '.repeat(GAP)), part] : [part])));
  const header = concat(
    plain(' '.repeat(POINTER_WIDTH)),
    join(placed.map(({ index, width: w }) => fit(plain(columns[index]!.header, theme.header), w, columns[index]!.align))),
  );
  const visible = Math.max(0, height - 1);
  const start = windowStart(selected, items.length, visible);
  const rows = cells.slice(start, start + visible).map((row, offset) => {
    const isSelected = start + offset === selected;
    const body = join(placed.map(({ index, width: w }) => fit(row[index] ?? [], w, columns[index]!.align, columns[index]!.cut)));
    return isSelected ? concat(plain('❯ ', theme.pointer), withStyle(body, theme.selected)) : concat(plain('  '), body);
  });
  return [header, ...rows];
}
