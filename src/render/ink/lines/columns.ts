/**
 * The table's columns per kind: what a person scans first, as in gh's search tables. Each cell is a styled
 * {@link Line}; text that the core matched is marked from `text_matches` (see highlight.ts).
 */
import type { Item } from '../../../envelope/envelope.js';
import type { Kind } from '../../../kinds/kind.js';
import { compactNumber, shortAgo, shortDate } from './format.js';
import { hasMatch, markFragment, markProperty, ownMatches, textMatchesOf } from './highlight.js';
import { isPullRequest, issueRepo, issueState, labelsOf, num, str } from '../state/item-fields.js';
import type { ColumnShape } from './layout.js';
import { clipLine, concat, flatten, plain, splitLines, type Line } from './segments.js';
import type { Theme } from './theme.js';

/** What a cell may depend on besides the item. */
export interface CellContext {
  readonly theme: Theme;
  /** The current time in ms (for relative dates). */
  readonly now: number;
}

/** One table column: its layout shape plus how to draw a cell. */
export interface Column extends ColumnShape {
  /** Right-align numbers. @default 'left' */
  readonly align?: 'left' | 'right' | undefined;
  /** Which end gives way when the cell is too long (`start` keeps a path's file name). @default 'end' */
  readonly cut?: 'start' | 'end' | undefined;
  /** The cell for one item (flattened to one line by the table). */
  readonly cell: (item: Item, ctx: CellContext) => Line;
  /** The sort keys whose order this column shows (kept on narrow terminals while sorted by them). */
  readonly sorts?: readonly string[] | undefined;
}

const updated = (path: string): Column => ({
  header: 'UPDATED',
  drop: 1,
  sorts: ['updated'],
  cell: (item, { theme, now }) => plain(shortAgo(str(item, path), now), theme.dim),
});

const count = (header: string, path: string, drop: number, sort: string): Column => ({
  header,
  align: 'right',
  drop,
  sorts: [sort],
  cell: (item) => plain(compactNumber(num(item, path))),
});

/** `issue open`, `PR merged`…, coloured like gh (open green, closed PR red, merged/completed magenta). */
export function stateCell(item: Item, theme: Theme): Line {
  const pr = isPullRequest(item);
  const state = issueState(item);
  const style =
    state === 'open'
      ? theme.open
      : state === 'merged' || (state === 'closed' && !pr)
        ? theme.merged
        : state === 'closed'
          ? theme.closed
          : theme.draft;
  return plain(`${pr ? 'PR' : 'issue'} ${state}`, style);
}

/** Label chips separated by spaces. */
export function labelChips(item: Item, theme: Theme): Line {
  return concat(...labelsOf(item).flatMap((label, i) => [plain(i > 0 ? ' ' : ''), theme.label(label.name, label.color)]));
}

/** The line of the first code fragment that holds a match (gh prints only such lines), else its first line. */
function codeLine(item: Item): Line {
  const fragments = ownMatches(textMatchesOf(item), 'content');
  for (const fragment of fragments) {
    const line = splitLines(markFragment(fragment)).find(hasMatch);
    if (line) return line;
  }
  const first = fragments[0];
  return first ? (splitLines(markFragment(first)).find((l) => flatten(l).length > 0) ?? []) : [];
}

/** Full name `owner/name` with the `name` matches marked in the name part. */
function fullName(item: Item, theme: Theme, path = ''): Line {
  const full = str(item, `${path}full_name`);
  const owner = full.includes('/') ? full.slice(0, full.indexOf('/') + 1) : '';
  return markProperty(item, 'name', full, theme.accent, owner.length);
}

/** Columns per kind, in display order. */
export const COLUMNS: Readonly<Record<Kind, readonly Column[]>> = {
  issues: [
    { header: 'REPO', max: 28, drop: 2, cell: (item, { theme }) => plain(issueRepo(item), theme.accent) },
    { header: 'ID', align: 'right', cell: (item) => plain(num(item, 'number') === undefined ? '' : `#${num(item, 'number')}`) },
    { header: 'TITLE', flex: 3, min: 24, cell: (item) => markProperty(item, 'title', str(item, 'title')) },
    { header: 'STATE', cell: (item, { theme }) => stateCell(item, theme) },
    { header: 'LABELS', flex: 1, min: 10, max: 32, drop: 3, cell: (item, { theme }) => labelChips(item, theme) },
    count('COMMENTS', 'comments', 4, 'comments'),
    updated('updated_at'),
  ],
  repositories: [
    { header: 'NAME', max: 40, cell: (item, { theme }) => fullName(item, theme) },
    { header: 'DESCRIPTION', flex: 1, min: 20, cell: (item) => markProperty(item, 'description', str(item, 'description')) },
    count('STARS', 'stargazers_count', 0, 'stars'),
    count('FORKS', 'forks_count', 3, 'forks'),
    { header: 'LANGUAGE', max: 14, drop: 2, cell: (item, { theme }) => plain(str(item, 'language'), theme.dim) },
    updated('updated_at'),
  ],
  code: [
    { header: 'REPOSITORY', max: 30, drop: 1, cell: (item, { theme }) => plain(str(item, 'repository.full_name'), theme.accent) },
    { header: 'PATH', flex: 1, min: 16, max: 60, cut: 'start', cell: (item) => markProperty(item, 'path', str(item, 'path')) },
    { header: 'MATCH', flex: 2, min: 12, cell: (item) => codeLine(item) },
  ],
  commits: [
    { header: 'REPOSITORY', max: 28, drop: 2, cell: (item, { theme }) => plain(str(item, 'repository.full_name'), theme.accent) },
    { header: 'SHA', cell: (item, { theme }) => plain(str(item, 'sha').slice(0, 7), theme.dim) },
    {
      header: 'MESSAGE',
      flex: 1,
      min: 12,
      cell: (item) => splitLines(markProperty(item, 'message', str(item, 'commit.message')))[0] ?? [],
    },
    {
      header: 'AUTHOR',
      max: 20,
      drop: 1,
      cell: (item) => plain(str(item, 'commit.author.name') || str(item, 'author.login')),
    },
    { header: 'DATE', drop: 3, sorts: ['author-date'], cell: (item, { theme }) => plain(shortDate(str(item, 'commit.author.date')), theme.dim) },
  ],
  users: [
    { header: 'LOGIN', max: 39, cell: (item, { theme }) => markProperty(item, 'login', str(item, 'login'), theme.accent) },
    { header: 'TYPE', max: 14, cell: (item, { theme }) => plain(str(item, 'type'), theme.dim) },
    { header: 'NAME', flex: 1, min: 8, cell: (item) => markProperty(item, 'name', str(item, 'name')) },
  ],
  topics: [
    { header: 'NAME', max: 30, cell: (item, { theme }) => markProperty(item, 'name', str(item, 'name'), theme.accent) },
    { header: 'DISPLAY NAME', max: 30, drop: 2, cell: (item) => markProperty(item, 'display_name', str(item, 'display_name')) },
    {
      header: 'DESCRIPTION',
      flex: 1,
      min: 12,
      cell: (item) => markProperty(item, 'short_description', str(item, 'short_description')),
    },
    { header: 'MARKS', drop: 1, cell: (item, { theme }) => topicMarks(item, theme) },
  ],
  labels: [
    { header: 'COLOR', cell: (item, { theme }) => theme.swatch(str(item, 'color')) },
    { header: 'NAME', max: 40, cell: (item, { theme }) => markProperty(item, 'name', str(item, 'name'), theme.accent) },
    { header: 'DESCRIPTION', flex: 1, min: 12, cell: (item) => markProperty(item, 'description', str(item, 'description')) },
  ],
};

/** `★ featured ✓ curated`, or whichever applies. */
export function topicMarks(item: Item, theme: Theme): Line {
  const featured = item['featured'] === true ? plain('★ featured', theme.warning) : [];
  const curated = item['curated'] === true ? plain('✓ curated', theme.open) : [];
  return concat(featured, plain(featured.length > 0 && curated.length > 0 ? ' ' : ''), curated);
}

/**
 * The flattened cells of one item, in column order, each cut to `maxUnits` UTF-16 units first (before any
 * per-character work: a cell never shows more than the table is wide).
 * @param maxUnits @default 1024
 */
export function rowCells(kind: Kind, item: Item, ctx: CellContext, maxUnits = 1024): Line[] {
  return COLUMNS[kind].map((column) => flatten(clipLine(column.cell(item, ctx), maxUnits)));
}
