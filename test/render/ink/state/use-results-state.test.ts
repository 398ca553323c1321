import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../src/envelope/envelope.js';
import { initialState, reduce, requestFor, selectedItem, type Action, type ViewState } from '../../../../src/render/ink/state/use-results-state.js';
import type { ViewError } from '../../../../src/render/ink/state/query-error.js';
import { ISSUES } from '../fixtures/issues.js';

const base = { kind: 'issues' as const, q: 'colour', per_page: '2' };
const envelope = (n: number, total = n): Envelope => ({ total_count: total, incomplete_results: false, items: ISSUES.slice(0, n) });

/** A state with a loaded page (2 items per page, 5 results → 3 pages). */
function loaded(over: Partial<ViewState> = {}, total = 5, lastPage = 3): ViewState {
  const start = initialState(base);
  const state = reduce(start, { type: 'loaded', seq: start.seq, envelope: envelope(2, total), page: 1, perPage: 2, lastPage });
  return { ...state, ...over };
}

const run = (state: ViewState, ...actions: Action[]) => actions.reduce(reduce, state);

describe('initialState', () => {
  it('takes query, sort, order and page from the request and asks for a first search', () => {
    const state = initialState({ kind: 'issues', q: 'a b', sort: 'comments', order: 'asc', page: '3' });
    expect(state).toMatchObject({ query: 'a b', sort: 'comments', order: 'asc', page: 3, seq: 1, loading: true, mode: 'table' });
  });
  it('absorbs bad paging values like the core does', () => {
    expect(initialState({ kind: 'users', q: 'x', page: 'abc' }).page).toBe(1);
  });
});

describe('requestFor', () => {
  it('forces text-match (and the kind preview) and keeps the base parameters', () => {
    const state = { ...initialState({ ...base, kind: 'commits', repository_id: '7' }), query: 'fix', sort: 'author-date', page: 2 };
    expect(requestFor(state, { ...base, kind: 'commits', repository_id: '7' })).toMatchObject({
      kind: 'commits',
      q: 'fix',
      sort: 'author-date',
      order: 'desc',
      page: '2',
      per_page: '2',
      repository_id: '7',
      accept: 'application/vnd.github.v3.text-match+json, application/vnd.github.cloak-preview+json',
    });
  });
});

describe('moving', () => {
  it.each([
    ['down', [{ type: 'move', delta: 1 }], 1],
    ['down past the end stays on the last row', [{ type: 'move', delta: 1 }, { type: 'move', delta: 1 }], 1],
    ['up from the top stays', [{ type: 'move', delta: -1 }], 0],
    ['to last', [{ type: 'moveTo', to: 'last' }], 1],
    ['to first', [{ type: 'move', delta: 1 }, { type: 'moveTo', to: 'first' }], 0],
  ] as [string, Action[], number][])('%s', (_name, actions, selected) => {
    expect(run(loaded(), ...actions).selected).toBe(selected);
  });
});

describe('paging', () => {
  it.each([
    ['next page asks for page 2', loaded(), 1, { page: 2, seq: 2, loading: true, selected: 0 }],
    ['previous from the first page is refused', loaded(), -1, { page: 1, seq: 1, notice: 'Already on the first page' }],
    ['past the last page is refused', loaded({ page: 3 }), 1, { page: 3, notice: 'Already on the last page' }],
    ['past the 1000 cap says so', loaded({ page: 3 }, 5000, 3), 1, { page: 3, notice: 'Only the first 1000 results are available' }],
  ] as [string, ViewState, number, Partial<ViewState>][])('%s', (_name, state, delta, expected) => {
    expect(reduce(state, { type: 'page', delta })).toMatchObject(expected);
  });

  it('the shown page keeps the sort the core applied, not the one being asked for', () => {
    const asked = reduce(loaded(), { type: 'cycleSort' });
    expect(asked.shown).toMatchObject({ sort: undefined, order: 'desc' });
    const answered = reduce(asked, { type: 'loaded', seq: asked.seq, envelope: envelope(2), page: 1, perPage: 2, lastPage: 3, sort: 'comments', order: 'desc' });
    expect(answered.shown).toMatchObject({ sort: 'comments', order: 'desc' });
  });

  it('ignores answers for an older request', () => {
    const paged = reduce(loaded(), { type: 'page', delta: 1 });
    const stale = reduce(paged, { type: 'loaded', seq: 1, envelope: envelope(1), page: 1, perPage: 2, lastPage: 3 });
    expect(stale).toBe(paged);
    const fresh = reduce(paged, { type: 'loaded', seq: 2, envelope: envelope(1), page: 2, perPage: 2, lastPage: 3 });
    expect(fresh).toMatchObject({ loading: false, shown: { page: 2 } });
  });
});

describe('detail', () => {
  it('opens on the selected item and closes back to the table', () => {
    const open = run(loaded(), { type: 'move', delta: 1 }, { type: 'open' });
    expect(open.mode).toBe('detail');
    expect(selectedItem(open)).toBe(ISSUES[1]);
    expect(reduce(open, { type: 'close' }).mode).toBe('table');
  });
  it('does not open on an empty page', () => {
    const start = initialState(base);
    const empty = reduce(start, { type: 'loaded', seq: 1, envelope: envelope(0), page: 1, perPage: 2, lastPage: 1 });
    expect(reduce(empty, { type: 'open' }).mode).toBe('table');
  });
  it.each([
    [[5], 10, 5],
    [[5, 10], 10, 10],
    [[-3], 10, 0],
    [[4], 0, 0],
  ])('scrolls %j within 0..%d → %d', (deltas, max, expected) => {
    const open = reduce(loaded(), { type: 'open' });
    expect(run(open, ...deltas.map((delta): Action => ({ type: 'scroll', delta, max }))).scroll).toBe(expected);
  });
});

describe('query editing', () => {
  const editing = () => reduce(loaded(), { type: 'editStart' });

  it('starts with the current query and the cursor at the end', () => {
    expect(editing().edit).toEqual({ draft: 'colour', cursor: 6, original: 'colour' });
  });
  it.each([
    ['types at the cursor', [{ type: 'editInput', text: 's' }], 'colours', 7],
    ['backspace removes before the cursor', [{ type: 'editBackspace' }], 'colou', 5],
    ['moves and inserts', [{ type: 'editCursor', to: 'home' }, { type: 'editInput', text: 'is:open ' }], 'is:open colour', 8],
    ['left then insert', [{ type: 'editCursor', to: -2 }, { type: 'editInput', text: '-' }], 'colo-ur', 5],
    ['clears', [{ type: 'editClear' }], '', 0],
    ['drops control characters', [{ type: 'editInput', text: 'a\u0007b' }], 'colourab', 8],
    ['backspace removes a whole emoji', [{ type: 'editInput', text: '🎨' }, { type: 'editBackspace' }], 'colour', 6],
  ] as [string, Action[], string, number][])('%s', (_name, actions, draft, cursor) => {
    expect(run(editing(), ...actions).edit).toMatchObject({ draft, cursor });
  });

  it('a debounced run searches the draft from page 1 and keeps editing', () => {
    const state = run(editing(), { type: 'editInput', text: ' bug' }, { type: 'editRun' });
    expect(state).toMatchObject({ query: 'colour bug', page: 1, seq: 2, loading: true });
    expect(state.edit?.draft).toBe('colour bug');
  });
  it('a blank or unchanged draft does not search', () => {
    expect(run(editing(), { type: 'editRun' }).seq).toBe(1);
    expect(run(editing(), { type: 'editClear' }, { type: 'editRun' }).seq).toBe(1);
  });
  it('Enter runs the draft and stops editing', () => {
    const state = run(editing(), { type: 'editInput', text: 'x' }, { type: 'editSubmit' });
    expect(state).toMatchObject({ query: 'colourx', edit: undefined, seq: 2 });
  });
  it('Esc restores the query from before editing (searching it again if it had changed)', () => {
    const changed = run(editing(), { type: 'editInput', text: 'x' }, { type: 'editRun' }, { type: 'editCancel' });
    expect(changed).toMatchObject({ query: 'colour', edit: undefined, seq: 3 });
    expect(run(editing(), { type: 'editCancel' })).toMatchObject({ query: 'colour', edit: undefined, seq: 1 });
  });
});

describe('sort and order', () => {
  it('cycles best match → each sort key → best match', () => {
    const users = reduce(initialState({ kind: 'users', q: 'x' }), { type: 'loaded', seq: 1, envelope: envelope(1), page: 1, perPage: 30, lastPage: 1 });
    const sorts = [1, 2, 3, 4].map((n) => run(users, ...Array.from({ length: n }, (): Action => ({ type: 'cycleSort' }))).sort);
    expect(sorts).toEqual(['followers', 'repositories', 'joined', undefined]);
  });
  it('topics have no sort keys', () => {
    expect(reduce(initialState({ kind: 'topics', q: 'x' }), { type: 'cycleSort' })).toMatchObject({ sort: undefined, notice: 'topics results have no sort keys' });
  });
  it('order flips only with a sort and searches again from page 1', () => {
    expect(reduce(loaded(), { type: 'toggleOrder' }).notice).toBe('Order applies only with a sort (press s)');
    const sorted = loaded({ sort: 'comments', page: 2 });
    expect(reduce(sorted, { type: 'toggleOrder' })).toMatchObject({ order: 'asc', page: 1, seq: 2 });
  });
});

describe('copy, notices and errors', () => {
  it('y keeps the selected item URL for printing on exit; "Copied" only when the copy is known', () => {
    const state = run(loaded(), { type: 'move', delta: 1 }, { type: 'copy', copied: true });
    expect(state.copied).toBe('https://github.com/lumen-labs/prism/pull/57');
    expect(state.notice).toBe('Copied https://github.com/lumen-labs/prism/pull/57 (printed on exit)');
    const unknown = run(loaded(), { type: 'move', delta: 1 }, { type: 'copy', copied: false });
    expect(unknown.copied).toBe('https://github.com/lumen-labs/prism/pull/57');
    expect(unknown.notice).toBe('URL: https://github.com/lumen-labs/prism/pull/57 (printed on exit)');
  });
  it('o says it is opening the selected URL; ? toggles the key help', () => {
    expect(run(loaded(), { type: 'openUrl' }).notice).toMatch(/^Opening https:\/\/github\.com\//);
    expect(run(loaded(), { type: 'help', show: true }).help).toBe(true);
    expect(run(loaded(), { type: 'help', show: true }, { type: 'help', show: false }).help).toBe(false);
  });
  it('any key clears the notice; answers do not', () => {
    const noticed = reduce(loaded(), { type: 'page', delta: -1 });
    expect(reduce(noticed, { type: 'progress', seq: 1, progress: { kind: 'issues', phase: 'build', done: 1, total: 2 } }).notice).toBeDefined();
    expect(reduce(noticed, { type: 'move', delta: 1 }).notice).toBeUndefined();
  });
  it('a failure for the current request shows; a newer answer clears it', () => {
    const error: ViewError = { status: 422, title: 'Validation Failed', summary: 'Validation Failed', details: [], documentationUrl: undefined, query: 'x', ranges: [] };
    const failed = reduce(initialState(base), { type: 'failed', seq: 1, error });
    expect(failed).toMatchObject({ loading: false, error });
    const edited = run(failed, { type: 'editStart' }, { type: 'editInput', text: 'y' }, { type: 'editSubmit' });
    const ok = reduce(edited, { type: 'loaded', seq: edited.seq, envelope: envelope(1), page: 1, perPage: 2, lastPage: 1 });
    expect(ok.error).toBeUndefined();
  });
});
