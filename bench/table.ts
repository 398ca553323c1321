/**
 * The bench's one table: a row per measurement, columns this project / SQLite FTS5 / MiniSearch / `node -e 0`
 * (the floor of any Node CLI), the factor by which this project is ahead of each search anchor, and the issue's
 * target with whether it is met.
 */

/** A measured value, or a note explaining why there is none ("—", "skipped", "failed"). */
export type Cell = number | string | undefined;

/** How a row's numbers are shown. */
export type Unit = 'ms' | 'bytes' | 'rps';

/** The anchors, in column order. */
export const ANCHORS = ['sqlite', 'minisearch', 'floor'] as const;
export type Anchor = (typeof ANCHORS)[number];

const ANCHOR_TITLES: Readonly<Record<Anchor, string>> = { sqlite: 'SQLite FTS5', minisearch: 'MiniSearch', floor: 'node -e 0' };

/**
 * A row's target: an absolute bound in the row's unit, or a multiple of an anchor's value in the same row
 * (`{ times: 1.5, of: 'floor' }`: at most 1.5 × `node -e 0`; `{ times: 1, of: 'sqlite' }`: no slower than SQLite).
 */
export type Target = number | { readonly times: number; readonly of: Anchor };

/** One row of the table. */
export interface Row {
  readonly label: string;
  readonly unit: Unit;
  /** Which direction is better (time and memory: lower; throughput: higher). */
  readonly better: 'lower' | 'higher';
  readonly ours: Cell;
  readonly anchors?: Partial<Record<Anchor, Cell>>;
  /** The issue's target for this row at this scale. */
  readonly target?: Target | undefined;
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

const factor = (x: number | undefined): string => (x === undefined ? '—' : `${x >= 10 ? x.toFixed(0) : x.toFixed(x < 1 ? 2 : 1)}×`);

/** `≤ 500 ms met`, `≥ 1,000 req/s NOT met`, `≤ 1.5× node -e 0 (1.83×) NOT met`; empty without a target. */
export function targetText(row: Row): string {
  const target = row.target;
  if (target === undefined) return '';
  const sign = row.better === 'lower' ? '≤' : '≥';
  const bound = typeof target === 'number' ? target : row.anchors?.[target.of];
  const limit = typeof target === 'number' ? target : typeof bound === 'number' ? bound * target.times : undefined;
  const met =
    typeof row.ours === 'number' && limit !== undefined ? (row.better === 'lower' ? row.ours <= limit : row.ours >= limit) : undefined;
  const verdict = met === undefined ? '?' : met ? 'met' : 'NOT met';
  if (typeof target === 'number') return `${sign} ${formatValue(target, row.unit)} ${verdict}`;
  const ratio = typeof row.ours === 'number' && typeof bound === 'number' && bound > 0 ? ` (${(row.ours / bound).toFixed(2)}×)` : '';
  const what = target.times === 1 ? ANCHOR_TITLES[target.of] : `${target.times}× ${ANCHOR_TITLES[target.of]}`;
  return `${sign} ${what}${ratio} ${verdict}`;
}

/** The table as fixed-width text lines (a Markdown-compatible pipe table). */
export function renderTable(rows: readonly Row[]): string {
  const header = ['', 'this project', ...ANCHORS.map((a) => ANCHOR_TITLES[a]), 'vs SQLite', 'vs MiniSearch', 'target'];
  const body = rows.map((row) => [
    row.label,
    cellText(row.ours, row.unit),
    ...ANCHORS.map((a) => cellText(row.anchors?.[a], row.unit)),
    factor(advantage(row, row.anchors?.sqlite)),
    factor(advantage(row, row.anchors?.minisearch)),
    targetText(row),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
