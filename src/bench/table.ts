/**
 * The bench's one table: a row per measurement, columns this project / naive Lunr / linear scan, the factor by
 * which this project is ahead of each anchor, and the issue's target with whether it is met.
 */

/** A measured value, or a note explaining why there is none ("—", "skipped", "failed"). */
export type Cell = number | string | undefined;

/** How a row's numbers are shown. */
export type Unit = 'ms' | 'bytes' | 'rps';

/** One row of the table. */
export interface Row {
  readonly label: string;
  readonly unit: Unit;
  /** Which direction is better (time and memory: lower; throughput: higher). */
  readonly better: 'lower' | 'higher';
  readonly ours: Cell;
  readonly naive: Cell;
  readonly scan: Cell;
  /** The issue's target for this row at this scale, in the row's unit. */
  readonly target?: number | undefined;
}

/** `850 ms`, `7.31 s`; `12.3 MB`, `1.42 GB`; `1,234 req/s`. */
export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      return value < 1000 ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
    case 'bytes':
      return value < 1e9 ? `${(value / 1e6).toFixed(1)} MB` : `${(value / 1e9).toFixed(2)} GB`;
    case 'rps':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
  }
}

function cellText(cell: Cell, unit: Unit): string {
  if (cell === undefined) return '—';
  return typeof cell === 'number' ? formatValue(cell, unit) : cell;
}

/** How many times better `ours` is than `other` (> 1: ahead), or undefined when either is missing or zero. */
export function advantage(row: Row, other: Cell): number | undefined {
  if (typeof row.ours !== 'number' || typeof other !== 'number' || row.ours <= 0 || other <= 0) return undefined;
  return row.better === 'lower' ? other / row.ours : row.ours / other;
}

const factor = (x: number | undefined): string => (x === undefined ? '—' : `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`);

function targetText(row: Row): string {
  if (row.target === undefined) return '';
  const sign = row.better === 'lower' ? '≤' : '≥';
  const met = typeof row.ours === 'number' ? (row.better === 'lower' ? row.ours <= row.target : row.ours >= row.target) : undefined;
  return `${sign} ${formatValue(row.target, row.unit)} ${met === undefined ? '?' : met ? 'met' : 'NOT met'}`;
}

/** The table as fixed-width text lines (a Markdown-compatible pipe table). */
export function renderTable(rows: readonly Row[]): string {
  const header = ['', 'this project', 'naive Lunr', 'linear scan', 'vs naive', 'vs scan', 'target'];
  const body = rows.map((row) => [
    row.label,
    cellText(row.ours, row.unit),
    cellText(row.naive, row.unit),
    cellText(row.scan, row.unit),
    factor(advantage(row, row.naive)),
    factor(advantage(row, row.scan)),
    targetText(row),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
