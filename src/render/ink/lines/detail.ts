/**
 * The detail view's content: every field a person needs, and the full title, body or message with every fragment of
 * `text_matches` located and marked. Produces wrapped lines for a given width; the view scrolls over them.
 */
import type { Item } from '../../../envelope/envelope.js';
import type { Kind } from '../../../kinds/kind.js';
import { labelChips, stateCell, topicMarks } from './columns.js';
import { compactNumber, groupDigits, longDate } from './format.js';
import { isCommentMatch, locate, markFragment, markRanges, ownMatches, textMatchesOf, type TextMatch } from './highlight.js';
import { at, firstLine, flag, issueRepo, itemUrl, list, num, str } from '../state/item-fields.js';
import { concat, fit, plain, type Line, type Style } from './segments.js';
import { wrap } from './wrap.js';
import type { Theme } from './theme.js';

/** What the detail content depends on besides the item. */
export interface DetailContext {
  readonly theme: Theme;
  /** Current time in ms, for relative dates. */
  readonly now: number;
  /** Width of the content in cells. */
  readonly width: number;
}

/** Marks properties and remembers which fragments found their place, so leftovers can be listed too. */
class Marker {
  private readonly all: TextMatch[];
  private readonly placed = new Set<TextMatch>();
  constructor(item: Item) {
    this.all = textMatchesOf(item);
  }
  /** The full text of `property` with its fragments' matches marked. */
  mark(property: string, text: string, style?: Style, from = 0): Line {
    const own = ownMatches(this.all, property);
    const { ranges, unplaced } = locate(text, own, from);
    for (const match of own) if (!unplaced.includes(match)) this.placed.add(match);
    return markRanges(text, ranges, style);
  }
  /** Own fragments of `property`, shown as they are. */
  fragments(property: string): TextMatch[] {
    const own = ownMatches(this.all, property);
    for (const match of own) this.placed.add(match);
    return own;
  }
  comments(): TextMatch[] {
    return this.all.filter(isCommentMatch);
  }
  leftovers(): TextMatch[] {
    return this.all.filter((match) => !this.placed.has(match) && !isCommentMatch(match));
  }
}

/** A field row: label and value (skipped when the value is empty). */
type Field = readonly [label: string, value: Line];

/** One kind's detail: a title, the fields, and long texts shown as sections. */
interface DetailSpec {
  title(item: Item, m: Marker, theme: Theme): Line;
  fields(item: Item, m: Marker, ctx: DetailContext): Field[];
  sections?(item: Item, m: Marker, ctx: DetailContext): [title: string, body: Line[]][];
}

const text = (value: string, style?: Style): Line => plain(value, style);
const count = (value: number | undefined): Line => plain(value === undefined ? '' : groupDigits(value));
const yesNo = (item: Item, path: string): Line => (at(item, path) === undefined ? [] : plain(flag(item, path) ? 'yes' : 'no'));
const date = (item: Item, path: string, now: number): Line => plain(longDate(str(item, path), now));
const logins = (values: unknown[]): string => values.map((user) => str(user, 'login')).filter(Boolean).join(', ');

const SPECS: Readonly<Record<Kind, DetailSpec>> = {
  issues: {
    title: (item, m) => m.mark('title', str(item, 'title')),
    fields: (item, _m, { theme, now }) => [
      ['Repository', text(`${issueRepo(item)} #${num(item, 'number') ?? ''}`, theme.accent)],
      ['State', stateCell(item, theme)],
      ['Author', text(str(item, 'user.login'))],
      ['Labels', labelChips(item, theme)],
      ['Assignees', text(logins(list(item, 'assignees')) || str(item, 'assignee.login'))],
      ['Milestone', text(str(item, 'milestone.title'))],
      ['Comments', count(num(item, 'comments'))],
      ['Created', date(item, 'created_at', now)],
      ['Updated', date(item, 'updated_at', now)],
      ['Closed', date(item, 'closed_at', now)],
      ['Merged', date(item, 'pull_request.merged_at', now)],
    ],
    sections: (item, m) => [
      ['Body', [m.mark('body', str(item, 'body'))]],
      ['Matches in comments', m.comments().map((match) => markFragment(match))],
    ],
  },
  repositories: {
    title: (item, m, theme) => {
      const full = str(item, 'full_name');
      return m.mark('name', full, theme.accent, full.indexOf('/') + 1);
    },
    fields: (item, m, { now }) => [
      ['Description', m.mark('description', str(item, 'description'))],
      ['Stars', count(num(item, 'stargazers_count'))],
      ['Forks', count(num(item, 'forks_count'))],
      ['Watchers', count(num(item, 'watchers_count'))],
      ['Open issues', count(num(item, 'open_issues_count'))],
      ['Language', text(str(item, 'language'))],
      ['Topics', text(list(item, 'topics').filter((t) => typeof t === 'string').join(', '))],
      ['License', text(str(item, 'license.name'))],
      ['Homepage', text(str(item, 'homepage'))],
      ['Fork', yesNo(item, 'fork')],
      ['Archived', yesNo(item, 'archived')],
      ['Created', date(item, 'created_at', now)],
      ['Updated', date(item, 'updated_at', now)],
      ['Pushed', date(item, 'pushed_at', now)],
    ],
  },
  code: {
    title: (item, m) => m.mark('path', str(item, 'path')),
    fields: (item, _m, { theme }) => [
      ['Repository', text(str(item, 'repository.full_name'), theme.accent)],
      ['File', text(str(item, 'name'))],
      ['SHA', text(str(item, 'sha'))],
    ],
    sections: (_item, m, { theme }) => [
      ['Matches', m.fragments('content').flatMap((match, i) => (i > 0 ? [plain('⋯', theme.dim), markFragment(match)] : [markFragment(match)]))],
    ],
  },
  commits: {
    title: (item, m) => m.mark('message', firstLine(str(item, 'commit.message'))),
    fields: (item, _m, { theme, now }) => [
      ['Repository', text(str(item, 'repository.full_name'), theme.accent)],
      ['SHA', text(str(item, 'sha'))],
      ['Author', person(item, 'commit.author', 'author.login', now)],
      ['Committer', person(item, 'commit.committer', 'committer.login', now)],
      ['Parents', text(list(item, 'parents').map((p) => str(p, 'sha').slice(0, 7)).join(' '))],
      ['Comments', count(num(item, 'commit.comment_count'))],
    ],
    sections: (item, m) => [['Message', [m.mark('message', str(item, 'commit.message'))]]],
  },
  users: {
    title: (item, m, theme) => m.mark('login', str(item, 'login'), theme.accent),
    fields: (item, m, { now }) => [
      ['Type', text(str(item, 'type'))],
      ['Name', m.mark('name', str(item, 'name'))],
      ['Email', m.mark('email', str(item, 'email'))],
      ['Company', text(str(item, 'company'))],
      ['Location', text(str(item, 'location'))],
      ['Bio', text(str(item, 'bio'))],
      ['Followers', count(num(item, 'followers'))],
      ['Following', count(num(item, 'following'))],
      ['Repositories', count(num(item, 'public_repos'))],
      ['Site admin', yesNo(item, 'site_admin')],
      ['Joined', date(item, 'created_at', now)],
    ],
  },
  topics: {
    title: (item, m) => m.mark('display_name', str(item, 'display_name') || str(item, 'name')),
    fields: (item, m, { theme, now }) => [
      ['Name', m.mark('name', str(item, 'name'), theme.accent)],
      ['Summary', m.mark('short_description', str(item, 'short_description'))],
      ['Created by', text(str(item, 'created_by'))],
      ['Released', text(str(item, 'released'))],
      ['Marks', topicMarks(item, theme)],
      ['Created', date(item, 'created_at', now)],
      ['Updated', date(item, 'updated_at', now)],
    ],
    sections: (item, m) => [['Description', [m.mark('description', str(item, 'description'))]]],
  },
  labels: {
    title: (item, m, theme) => concat(theme.swatch(str(item, 'color')), plain(' '), m.mark('name', str(item, 'name'), theme.accent)),
    fields: (item, m) => [
      ['Color', text(str(item, 'color') ? `#${str(item, 'color')}` : '')],
      ['Default', yesNo(item, 'default')],
      ['Description', m.mark('description', str(item, 'description'))],
    ],
  },
};

/** `Name <email> · date` from a commit's git identity, falling back to the account login. */
function person(item: Item, path: string, loginPath: string, now: number): Line {
  const name = str(item, `${path}.name`) || str(item, loginPath);
  const email = str(item, `${path}.email`);
  const when = longDate(str(item, `${path}.date`), now);
  return plain([name + (email ? ` <${email}>` : ''), when].filter(Boolean).join(' · '));
}

const LABEL_WIDTH = 13;

/** The wrapped lines of an item's detail view, at `ctx.width` cells. */
export function detailLines(kind: Kind, item: Item, ctx: DetailContext): Line[] {
  const { theme, width } = ctx;
  const spec = SPECS[kind];
  const m = new Marker(item);
  const out: Line[] = [];
  out.push(...wrap(spec.title(item, m, theme), width).map((line) => line.map((s) => ({ ...s, style: { bold: true, ...s.style } }))));
  out.push([]);
  const fields = spec.fields(item, m, ctx);
  fields.push(['URL', plain(itemUrl(item), theme.accent)], ['Score', plain(compactNumber(num(item, 'score')))]);
  for (const [label, value] of fields) {
    if (value.length === 0) continue;
    const rows = wrap(value, Math.max(8, width - LABEL_WIDTH));
    rows.forEach((row, i) => out.push(concat(i === 0 ? fit(plain(label, theme.dim), LABEL_WIDTH) : plain(' '.repeat(LABEL_WIDTH)), row)));
  }
  const sections = spec.sections?.(item, m, ctx) ?? [];
  const leftovers = m.leftovers();
  if (leftovers.length > 0) {
    sections.push(['Other matches', leftovers.flatMap((match) => [plain(`${match.property}:`, theme.dim), markFragment(match)])]);
  }
  for (const [title, body] of sections) {
    const lines = body.flatMap((line) => wrap(line, width));
    if (lines.every((line) => line.length === 0)) continue;
    out.push([], rule(title, width), ...lines);
  }
  return out;
}

/** `── Title ────…` across the width. */
function rule(title: string, width: number): Line {
  const head = `── ${title} `;
  return plain(head + '─'.repeat(Math.max(0, width - head.length)), { bold: true });
}
