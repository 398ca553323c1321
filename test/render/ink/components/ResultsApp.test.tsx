import chalk from 'chalk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSearch } from '../fixtures/fake-search.js';
import { ISSUES } from '../fixtures/issues.js';
import { ITEMS } from '../fixtures/kinds.js';
import { KEYS, marks } from '../helpers/frames.js';
import { mount } from '../helpers/mount.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

const issues = (per_page = '2') => ({ kind: 'issues' as const, q: 'colour', per_page });

describe('table, paging and footer', () => {
  it('shows the first page with total, page, sort, completeness and keys', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    const frame = await app.until('#42');
    expect(frame.split('\n')).toEqual([
      'search issues › colour',
      '  REPO               ID  TITLE                             STATE       LABELS      COMMENTS  UPDATED',
      '❯ lumen-labs/prism  #42  Colour names are ignored by the…  issue open  [bug] [go…         3  2d ago',
      '  lumen-labs/prism  #57  Add OKLab colour conversions      PR merged   [enhancem…        12  1mo ago',
      ...Array<string>(9).fill(''),
      'Showing 1–2 of 5 issues · page 1 of 3 · sort: best match · complete',
      '↑↓ move  ←→ page  ⏎ open  / query  s sort  o browser  y copy URL  ? keys  q quit',
    ]);
    expect(calls[0]).toMatchObject({ kind: 'issues', q: 'colour', page: '1', per_page: '2', accept: 'application/vnd.github.v3.text-match+json' });
  });

  it('→ / PgDn fetch the next pages from the core, ← / PgUp go back, and the ends say so', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press(KEYS.right);
    expect(await app.until('page 2 of 3')).toContain('Showing 3–4 of 5 issues');
    app.press(KEYS.pageDown);
    expect(await app.until('page 3 of 3')).toContain('❯ lumen-labs/prism  #77');
    app.press(KEYS.pageDown);
    expect(await app.until('Already on the last page')).toContain('page 3 of 3');
    app.press(KEYS.pageUp);
    await app.until('page 2 of 3');
    app.press(KEYS.left);
    await app.until('page 1 of 3');
    expect(calls.map((c) => c.page)).toEqual(['1', '2', '3', '2', '1']);
  });

  it('stops at the 1000-result cap', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES }, total: 50_000 });
    const app = mount({ ...issues('100'), page: '10' }, search);
    expect(await app.until('page 10 of 10')).toContain('50,000 issues');
    app.press(KEYS.right);
    expect(await app.until('Only the first 1000 results are available')).toContain('page 10 of 10');
  });

  it('↓/j and ↑/k move the selection', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues('5'), search);
    await app.until('#77');
    app.press(KEYS.down, 'j', 'j', 'k');
    expect(await app.until('❯ lumen-labs/prism  #61')).toContain('  lumen-labs/prism  #42');
  });

  it('handles keys that arrive in one chunk (paste, tmux send-keys) one by one', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES, 'colour bug': ISSUES.slice(0, 1) } });
    const app = mount(issues('5'), search, { rows: 40 });
    await app.until('#77');
    app.press('jj\r');
    expect(await app.until('── Body')).toContain(' Drop the legacy colour palette');
    app.press('\u007F/ bug\r');
    await app.until('search issues › colour bug');
    await vi.waitFor(() => expect(calls.at(-1)).toMatchObject({ q: 'colour bug' }));
  });

  it('flags incomplete results', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES }, incomplete: true });
    expect(await mount(issues(), search).until('#42')).toContain('⚠ incomplete results');
  });

  it('re-lays out when the terminal is resized', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search, { columns: undefined });
    await app.until('COMMENTS');
    Object.defineProperty(app.stdout, 'columns', { value: 60, configurable: true });
    app.stdout.emit('resize');
    const frame = await app.until((f) => !f.includes('COMMENTS'));
    expect(frame).toContain('   ID  TITLE                             STATE       UPDATED');
  });
});

describe('detail view', () => {
  it('Enter shows every field and the full body with each fragment highlighted; Esc returns', async () => {
    chalk.level = 1;
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search, { rows: 40 });
    await app.until('#42');
    app.press(KEYS.enter);
    const raw = await app.until('── Body');
    expect(raw.split('\n').slice(0, 12)).toEqual([
      'search issues › colour',
      ' Colour names are ignored by the colour parser',
      '',
      ' Repository   lumen-labs/prism #42',
      ' State        issue open',
      ' Author       ada-quill',
      ' Labels       [bug] [good first issue]',
      ' Comments     3',
      ' Created      2025-01-10 09:30 UTC (about 4 months ago)',
      ' Updated      2025-05-30 08:00 UTC (2 days ago)',
      ' URL          https://github.com/lumen-labs/prism/issues/42',
      ' Score        1',
    ]);
    expect(raw).toContain('Expected the named colour to be resolved; got #000000 instead.');
    expect(raw).toContain('── Matches in comments');
    const marked = marks(app.lastFrame());
    // Title: both matches; body: only the occurrence inside the fragment the core sent; comments: their fragment.
    expect(marked).toContain(' «Colour» names are ignored by the «colour» parser');
    expect(marked).toContain('Expected the named «colour» to be resolved');
    expect(marked).toContain('names a colour by its CSS name');
    expect(marked).toContain('every named «colour» turns black');
    app.press(KEYS.escape);
    expect(await app.until('COMMENTS')).toContain('❯ lumen-labs/prism  #42');
  });

  it('scrolls long details and Backspace returns', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search, { rows: 12 });
    await app.until('#42');
    app.press(KEYS.enter);
    expect(await app.until('lines 1–8 of')).toContain(' Colour names are ignored');
    app.press('j', 'j', KEYS.down);
    const frame = await app.until('lines 4–11 of');
    expect(frame).not.toContain(' Colour names are ignored');
    app.press(KEYS.backspace);
    await app.until('COMMENTS');
  });

  it.each(['repositories', 'code', 'commits', 'users', 'topics', 'labels'] as const)('opens a %s item', async (kind) => {
    const { search } = fakeSearch({ byQuery: { colour: ITEMS[kind] } });
    const app = mount({ kind, q: 'colour' }, search, { rows: 40 });
    await app.until('❯');
    app.press(KEYS.enter);
    const frame = await app.until('Score');
    expect(frame).toContain(' URL ');
    expect(frame).toContain('item 1 of');
  });
});

describe('query editing', () => {
  it('/ edits the query in place and re-runs it as you type; Enter keeps it', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES, 'colour palette': ISSUES.slice(2, 3) } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('/');
    expect(await app.until('⏎ done')).toContain('search issues / colour');
    app.press(' palette');
    expect(await app.until('1 issues') ).toContain('#61');
    expect(calls.at(-1)).toMatchObject({ q: 'colour palette', page: '1' });
    app.press(KEYS.enter);
    expect(await app.until('search issues › colour palette')).toContain('↑↓ move');
  });

  it('Esc restores the query from before editing', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('/', 'x');
    await app.until('No issues matched “colourx”');
    app.press(KEYS.escape);
    expect(await app.until('#42')).toContain('search issues › colour');
    expect(calls.map((c) => c.q)).toEqual(['colour', 'colourx', 'colour']);
  });

  it('typing q while editing types it; Ctrl-U clears; a blank draft does not search', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('/', KEYS.ctrlU);
    await app.until((f) => f.split('\n')[0] === 'search issues /');
    app.press('q');
    await app.until('search issues / q');
    expect(app.quits).toEqual([]);
    expect(calls.filter((c) => c.q === '')).toEqual([]);
  });
});

describe('sort, order, copy and quit', () => {
  it('s cycles the sort keys and r reverses the order, each asking the core again', async () => {
    const { search, calls } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('s');
    await app.until('sort: comments (desc)');
    app.press('r');
    await app.until('sort: comments (asc)');
    await vi.waitFor(() => expect(calls.at(-1)).toMatchObject({ sort: 'comments', order: 'asc', page: '1' }));
  });

  it('y copies the selected URL and q returns it for printing after exit', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('j', 'y');
    await app.until('Copied https://github.com/lumen-labs/prism/pull/57 (printed on exit)');
    app.press('q');
    expect(app.copies).toEqual(['https://github.com/lumen-labs/prism/pull/57']);
    expect(app.quits).toEqual([{ how: 'quit', copied: 'https://github.com/lumen-labs/prism/pull/57', chosen: undefined, refused: false }]);
  });

  it('y shows the URL, not "Copied", when the copier cannot know', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search, { onCopy: () => false });
    await app.until('#42');
    app.press('j', 'y');
    await app.until('URL: https://github.com/lumen-labs/prism/pull/57 (printed on exit)');
    expect(app.lastFrame()).not.toContain('Copied');
  });

  it('o opens the selected item in the browser and says so', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('j', 'o');
    await app.until('Opened https://github.com/lumen-labs/prism/pull/57 in the browser');
    expect(app.opened).toEqual(['https://github.com/lumen-labs/prism/pull/57']);
  });

  it('? shows every key; any key closes it', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('?');
    const help = await app.until('reverse the order');
    expect(help).toContain('open the item’s html_url in the browser');
    expect(help).toContain('any key close');
    app.press('x');
    await app.until((f) => f.includes('#42') && !f.includes('reverse the order'));
  });

  it('with select, Enter chooses the selected item instead of opening it', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search, { select: true });
    await app.until((f) => f.includes('#42') && f.includes('⏎ choose'));
    app.press('j', KEYS.enter);
    await vi.waitFor(() => expect(app.quits).toHaveLength(1));
    expect(app.quits[0]).toMatchObject({ how: 'choose', refused: false });
    expect(app.quits[0]!.chosen).toMatchObject({ html_url: 'https://github.com/lumen-labs/prism/pull/57' });
  });

  it('Ctrl-C interrupts from anywhere, without a URL when none was picked', async () => {
    const { search } = fakeSearch({ byQuery: { colour: ISSUES } });
    const app = mount(issues(), search);
    await app.until('#42');
    app.press('/', KEYS.ctrlC);
    expect(app.quits).toEqual([{ how: 'interrupt', copied: undefined, chosen: undefined, refused: false }]);
  });
});
