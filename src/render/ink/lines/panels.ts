/**
 * The view's chrome and states as lines: the query header, the footer (counts, page, sort, incomplete results,
 * keys), and the loading, empty and error panels.
 */
import type { BuildProgress } from '../../../store/store.js';
import { groupDigits } from './format.js';
import { cellWidth, concat, fit, lineSafe, plain, truncate, type Line } from './segments.js';
import { wrap } from './wrap.js';
import type { Theme } from './theme.js';
import type { ViewError } from '../state/query-error.js';
import { itemsOf, type ViewState } from '../state/use-results-state.js';

/** `search issues › query`, or the draft with a cursor while editing; a spinner on the right while loading. */
export function headerLine(state: ViewState, theme: Theme, width: number, spinner?: string): Line {
  const prompt = plain(`search ${state.kind} `, theme.dim);
  let query: Line;
  if (state.edit) {
    const { draft, cursor } = state.edit;
    const rest = draft.slice(cursor);
    const at = Array.from(rest)[0];
    query = concat(plain('/ ', theme.key), plain(draft.slice(0, cursor)), plain(at ?? ' ', { inverse: true }), plain(at ? rest.slice(at.length) : ''));
  } else {
    query = concat(plain('› ', theme.key), plain(state.query, { bold: true }));
  }
  const right = spinner ? plain(` ${spinner} searching`, theme.dim) : [];
  const room = width - cellWidth(right.map((s) => s.text).join(''));
  return concat(fit(concat(prompt, query), room), right);
}

const KEYS: Record<'table' | 'select' | 'detail' | 'edit' | 'help', [string, string][]> = {
  table: [['↑↓', 'move'], ['←→', 'page'], ['⏎', 'open'], ['/', 'query'], ['s', 'sort'], ['o', 'browser'], ['y', 'copy URL'], ['?', 'keys'], ['q', 'quit']],
  select: [['↑↓', 'move'], ['←→', 'page'], ['⏎', 'choose'], ['/', 'query'], ['s', 'sort'], ['o', 'browser'], ['?', 'keys'], ['q', 'quit']],
  detail: [['↑↓', 'scroll'], ['esc', 'back'], ['/', 'query'], ['o', 'browser'], ['y', 'copy URL'], ['?', 'keys'], ['q', 'quit']],
  edit: [['⏎', 'done'], ['esc', 'cancel'], ['↑↓', 'move'], ['ctrl-u', 'clear'], ['ctrl-c', 'quit']],
  help: [['any key', 'close']],
};

/** Every key, for the `?` panel. */
const ALL_KEYS: [string, string][] = [
  ['↑ ↓  k j', 'move the selection (scroll in a detail)'],
  ['← →  PgUp PgDn', 'previous / next page'],
  ['g G  Home End', 'first / last item'],
  ['⏎', 'open the item’s detail'],
  ['esc', 'back to the table; cancel editing'],
  ['/', 'edit the query (it re-runs as you type; ⏎ done, esc cancel, ctrl-u clear)'],
  ['s', 'next sort key (then best match again)'],
  ['r', 'reverse the order (desc ⇄ asc) of the sort'],
  ['o', 'open the item’s html_url in the browser'],
  ['y', 'copy the item’s URL (printed on exit too)'],
  ['?', 'this help'],
  ['q', 'quit (exit 0; 1 if a refused query is shown)'],
  ['ctrl-c', 'interrupt (exit 130)'],
];

/** The `?` panel: every key and what it does; with `--select`, what Enter does there. */
export function helpLines(theme: Theme, select: boolean): Line[] {
  const keys: [string, string][] = select
    ? ALL_KEYS.map(([k, what]): [string, string] => (k === '⏎' ? [k, 'choose the item: print its URL (or --json fields) and exit 0'] : [k, what]))
    : ALL_KEYS;
  const pad = Math.max(...keys.map(([k]) => cellWidth(k)));
  return [
    plain('Keys', { bold: true }),
    [],
    ...keys.map(([k, what]) => concat(plain(`  ${k}${' '.repeat(pad - cellWidth(k))}  `, theme.key), plain(what))),
    [],
    plain('Exit codes: search help exit-codes · query syntax: search help syntax', theme.dim),
  ];
}

/** The key hints for the current mode. */
export function keysLine(state: ViewState, theme: Theme, width: number, select = false): Line {
  const keys = KEYS[state.help ? 'help' : state.edit ? 'edit' : state.mode === 'table' && select ? 'select' : state.mode];
  return truncate(concat(...keys.flatMap(([key, what], i) => [plain(i > 0 ? '  ' : ''), plain(key, theme.key), plain(` ${what}`, theme.dim)])), width);
}

/** Any notice, then `Showing 31–60 of 1,234 issues · page 2 of 34 · sort: updated (desc) · complete`. */
export function statusLine(state: ViewState, theme: Theme, width: number, extra?: string): Line {
  const shown = state.shown;
  const parts: Line[] = [];
  if (state.error) {
    // The refused query is what is shown: the previous answer's counts would describe another query.
    const status = state.error.status === undefined ? '' : ` (HTTP ${state.error.status})`;
    parts.push(plain(`Refused${status}: ${state.error.summary}`, theme.error));
  } else if (shown) {
    const { envelope, page, perPage, lastPage } = shown;
    const n = envelope.items.length;
    const first = (page - 1) * perPage + 1;
    parts.push(
      plain(
        n === 0
          ? `${groupDigits(envelope.total_count)} ${state.kind}`
          : `Showing ${groupDigits(first)}–${groupDigits(first + n - 1)} of ${groupDigits(envelope.total_count)} ${state.kind}`,
      ),
      plain(`page ${page} of ${lastPage}`),
      plain(`sort: ${shown.sort === undefined ? 'best match' : `${shown.sort} (${shown.order})`}`),
      envelope.incomplete_results ? plain('⚠ incomplete results', theme.warning) : plain('complete', theme.dim),
    );
    if (state.mode === 'detail') parts.push(plain(`item ${state.selected + 1} of ${itemsOf(state).length}`));
  }
  if (extra) parts.push(plain(extra, theme.dim));
  // A notice answers the key just pressed: it goes first so a narrow terminal never cuts it.
  if (state.notice) parts.unshift(plain(state.notice, theme.warning));
  return truncate(concat(...parts.flatMap((part, i) => (i > 0 ? [plain(' · ', theme.dim), part] : [part]))), width);
}

/** The first search is running (or an index is being built). */
export function loadingLines(state: ViewState, theme: Theme, frame: string, elapsedMs: number): Line[] {
  const lines: Line[] = [[], concat(plain(`  ${frame} `, theme.accent), plain(`Searching ${state.kind} for “${state.query}”…`), plain(` ${(elapsedMs / 1000).toFixed(1)}s`, theme.dim))];
  if (state.progress) lines.push(concat(plain('    '), progressLine(state.progress, theme)));
  return lines;
}

/** `Building the issues index ████░░░░ 1,234/9,400 (13%)`. */
export function progressLine(progress: BuildProgress, theme: Theme): Line {
  const verb = progress.phase === 'load' ? 'Loading' : progress.phase === 'build' ? 'Building the index of' : 'Saving the index of';
  const ratio = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const filled = Math.round(ratio * 20);
  return concat(
    plain(`${verb} ${progress.kind} `),
    plain('█'.repeat(filled), theme.accent),
    plain('░'.repeat(20 - filled), theme.dim),
    plain(` ${groupDigits(progress.done)}/${groupDigits(progress.total)} (${Math.round(ratio * 100)}%)`, theme.dim),
  );
}

/** No item matched. */
export function emptyLines(state: ViewState, theme: Theme): Line[] {
  const total = state.shown?.envelope.total_count ?? 0;
  const text = total > 0 ? `No ${state.kind} on page ${state.page} (${groupDigits(total)} in all).` : `No ${state.kind} matched “${state.query}”.`;
  return [[], plain(`  ${text}`, { bold: true }), plain('  Press / to edit the query, ← for the previous page, q to quit.', theme.dim)];
}

/** GitHub's message, the details, and the query with the offending part underlined and pointed at. */
export function errorLines(error: ViewError, theme: Theme, width: number): Line[] {
  const inner = Math.max(10, width - 4);
  const title = error.status === undefined ? error.title : `${error.title} (HTTP ${error.status})`;
  const lines: Line[] = [[], concat(plain('  ✖ ', theme.error), plain(title, theme.error))];
  for (const detail of error.details) lines.push(...wrap(plain(detail), inner).map((line) => concat(plain('    '), line)));
  if (error.query !== '' || error.ranges.length > 0) {
    lines.push([], concat(plain('    q  ', theme.dim), markQuery(error, theme)));
    if (error.ranges.length > 0) lines.push(concat(plain('       '), caretLine(error, theme), plain(' here', theme.error)));
  }
  if (error.documentationUrl) lines.push([], concat(plain('    docs  ', theme.dim), plain(error.documentationUrl, theme.accent)));
  lines.push([], plain('    Press / to edit the query, q to quit.', theme.dim));
  return lines.map((line) => truncate(line, width));
}

function markQuery(error: ViewError, theme: Theme): Line {
  const out: Line[] = [];
  let at = 0;
  for (const [start, end] of error.ranges) {
    out.push(plain(error.query.slice(at, start)), plain(error.query.slice(start, end), { ...theme.error, underline: true }));
    at = end;
  }
  out.push(plain(error.query.slice(at)));
  return concat(...out);
}

function caretLine(error: ViewError, theme: Theme): Line {
  // Measured on the query as drawn (controls shown as one-cell pictures; same offsets).
  const query = lineSafe(error.query);
  let text = '';
  let at = 0;
  for (const [start, end] of error.ranges) {
    text += ' '.repeat(cellWidth(query.slice(at, start))) + '^'.repeat(Math.max(1, cellWidth(query.slice(start, end))));
    at = end;
  }
  return plain(text, theme.error);
}
