/**
 * The view's state machine: a pure reducer over a discriminated {@link Action} union (tested directly), plus the
 * request it implies. Every change that needs new data bumps `seq`; answers for an older `seq` are ignored, so
 * typing fast or paging quickly never shows a stale page.
 */
import { useReducer } from 'react';
import type { Envelope, Item } from '../../../envelope/envelope.js';
import type { Kind } from '../../../kinds/kind.js';
import { defaultAccept, sortKeys } from '../../../kinds/catalog.js';
import { normalizeRequest, type SearchRequest } from '../../../search-request.js';
import type { BuildProgress } from '../../../store/store.js';
import { checkUrl } from '../../safe-url.js';
import { itemUrl } from './item-fields.js';
import type { ViewError } from './query-error.js';

/** The last answer shown. */
export interface Shown {
  readonly envelope: Envelope;
  /** The page this envelope is (1-based). */
  readonly page: number;
  /** The last page the core serves for this query (1000-result cap included). */
  readonly lastPage: number;
  readonly perPage: number;
  /** The sort and order the core applied to this answer (the footer describes what is shown, not what is asked). */
  readonly sort: string | undefined;
  readonly order: 'asc' | 'desc';
}

/** The query line while `/` editing is on. */
export interface Edit {
  readonly draft: string;
  /** Cursor position in UTF-16 units. */
  readonly cursor: number;
  /** The query before editing, restored by Esc. */
  readonly original: string;
}

/** Everything the view shows, and what it asks the core next. */
export interface ViewState {
  readonly kind: Kind;
  readonly query: string;
  /** A sort key, or undefined for best match. */
  readonly sort: string | undefined;
  readonly order: 'asc' | 'desc';
  readonly page: number;
  readonly mode: 'table' | 'detail';
  readonly edit: Edit | undefined;
  /** Index of the selected item on the shown page. */
  readonly selected: number;
  /** First visible line of the detail view. */
  readonly scroll: number;
  /** Generation of the wanted answer; bumped by every change that needs a search. */
  readonly seq: number;
  readonly loading: boolean;
  readonly progress: BuildProgress | undefined;
  readonly shown: Shown | undefined;
  readonly error: ViewError | undefined;
  /** A one-shot message for the footer, cleared by the next key. */
  readonly notice: string | undefined;
  /** The URL `y` picked, printed after the terminal is restored. */
  readonly copied: string | undefined;
  /** The key help (`?`) is shown over the view; any key closes it. */
  readonly help: boolean;
}

/** What can happen to the view. */
export type Action =
  | { type: 'move'; delta: number }
  | { type: 'moveTo'; to: 'first' | 'last' }
  | { type: 'page'; delta: number }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'scroll'; delta: number; max: number }
  | { type: 'editStart' }
  | { type: 'editInput'; text: string }
  | { type: 'editBackspace' }
  | { type: 'editCursor'; to: number | 'home' | 'end' }
  | { type: 'editClear' }
  | { type: 'editRun' }
  | { type: 'editSubmit' }
  | { type: 'editCancel' }
  | { type: 'cycleSort' }
  | { type: 'toggleOrder' }
  | { type: 'copy'; copied: boolean }
  | { type: 'openUrl' }
  | { type: 'notice'; text: string }
  | { type: 'help'; show: boolean }
  | {
      type: 'loaded';
      seq: number;
      envelope: Envelope;
      page: number;
      perPage: number;
      lastPage: number;
      sort?: string | undefined;
      order?: 'asc' | 'desc' | undefined;
    }
  | { type: 'failed'; seq: number; error: ViewError }
  | { type: 'progress'; seq: number; progress: BuildProgress };

/** The state for the request the view was opened with; its first search (`seq` 1) is due. */
export function initialState(request: SearchRequest): ViewState {
  const normalized = normalizeRequest(request);
  return {
    kind: request.kind,
    query: normalized.q,
    sort: normalized.sort,
    order: normalized.order,
    page: normalized.page,
    mode: 'table',
    edit: undefined,
    selected: 0,
    scroll: 0,
    seq: 1,
    loading: true,
    progress: undefined,
    shown: undefined,
    error: undefined,
    notice: undefined,
    copied: undefined,
    help: false,
  };
}

/** The request for the state's wanted answer: the opening request with query, sort, order and page replaced, text-match forced. */
export function requestFor(state: ViewState, base: SearchRequest): SearchRequest {
  return {
    ...base,
    q: state.query,
    sort: state.sort,
    order: state.sort === undefined ? base.order : state.order,
    page: String(state.page),
    accept: defaultAccept(state.kind, true),
  };
}

/** Items of the shown page. */
export function itemsOf(state: ViewState): readonly Item[] {
  return state.shown?.envelope.items ?? [];
}

/** The selected item, if any. */
export function selectedItem(state: ViewState): Item | undefined {
  return itemsOf(state)[state.selected];
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** Ask for a new answer: new `seq`, loading, back to the first item. */
function refetch(state: ViewState, changes: Partial<ViewState>): ViewState {
  return { ...state, ...changes, seq: state.seq + 1, loading: true, progress: undefined, selected: 0, scroll: 0 };
}

/** Run the draft if it is a new, non-blank query (blank drafts wait for text instead of asking for a 422). */
function runDraft(state: ViewState): ViewState {
  const draft = state.edit?.draft;
  if (draft === undefined || draft.trim() === '' || draft === state.query) return state;
  return refetch(state, { query: draft, page: 1, mode: 'table' });
}

function editing(state: ViewState, change: (edit: Edit) => Edit): ViewState {
  return state.edit ? { ...state, edit: change(state.edit) } : state;
}

/** The pure reducer. */
export function reduce(previous: ViewState, action: Action): ViewState {
  const userAction = action.type !== 'loaded' && action.type !== 'failed' && action.type !== 'progress';
  const state = userAction && previous.notice !== undefined ? { ...previous, notice: undefined } : previous;
  const count = itemsOf(state).length;
  switch (action.type) {
    case 'move':
      return { ...state, selected: clamp(state.selected + action.delta, 0, Math.max(0, count - 1)) };
    case 'moveTo':
      return { ...state, selected: action.to === 'first' ? 0 : Math.max(0, count - 1) };
    case 'page': {
      const last = state.shown?.lastPage ?? state.page;
      const page = clamp(state.page + action.delta, 1, Math.max(1, last));
      if (page !== state.page) return refetch(state, { page, mode: 'table' });
      if (action.delta < 0) return { ...state, notice: 'Already on the first page' };
      const shown = state.shown;
      const capped = shown !== undefined && shown.envelope.total_count > shown.lastPage * shown.perPage;
      return { ...state, notice: capped ? 'Only the first 1000 results are available' : 'Already on the last page' };
    }
    case 'open':
      return count > 0 && state.error === undefined ? { ...state, mode: 'detail', scroll: 0 } : state;
    case 'close':
      return { ...state, mode: 'table' };
    case 'scroll':
      return { ...state, scroll: clamp(state.scroll + action.delta, 0, Math.max(0, action.max)) };
    case 'editStart':
      return { ...state, mode: 'table', edit: { draft: state.query, cursor: state.query.length, original: state.query } };
    case 'editInput': {
      const text = action.text.replace(/[\u0000-\u001f\u007f]/g, '');
      return editing(state, (e) => ({ ...e, draft: e.draft.slice(0, e.cursor) + text + e.draft.slice(e.cursor), cursor: e.cursor + text.length }));
    }
    case 'editBackspace':
      return editing(state, (e) => {
        if (e.cursor === 0) return e;
        const before = Array.from(e.draft.slice(0, e.cursor));
        const removed = before.pop() ?? '';
        return { ...e, draft: before.join('') + e.draft.slice(e.cursor), cursor: e.cursor - removed.length };
      });
    case 'editCursor':
      return editing(state, (e) => {
        if (action.to === 'home') return { ...e, cursor: 0 };
        if (action.to === 'end') return { ...e, cursor: e.draft.length };
        const chars = Array.from(e.draft.slice(0, e.cursor));
        if (action.to < 0) return { ...e, cursor: chars.slice(0, Math.max(0, chars.length + action.to)).join('').length };
        const rest = Array.from(e.draft.slice(e.cursor));
        return { ...e, cursor: e.cursor + rest.slice(0, action.to).join('').length };
      });
    case 'editClear':
      return editing(state, (e) => ({ ...e, draft: '', cursor: 0 }));
    case 'editRun':
      return runDraft(state);
    case 'editSubmit':
      return state.edit ? { ...runDraft(state), edit: undefined } : state;
    case 'editCancel': {
      if (!state.edit) return state;
      const closed = { ...state, edit: undefined };
      return state.edit.original === state.query ? closed : refetch(closed, { query: state.edit.original, page: 1 });
    }
    case 'cycleSort': {
      const keys = sortKeys(state.kind);
      if (keys.length === 0) return { ...state, notice: `${state.kind} results have no sort keys` };
      const at = state.sort === undefined ? -1 : keys.indexOf(state.sort);
      const sort = at + 1 < keys.length ? keys[at + 1] : undefined;
      return refetch(state, { sort, page: 1, mode: 'table' });
    }
    case 'toggleOrder':
      if (state.sort === undefined) return { ...state, notice: 'Order applies only with a sort (press s)' };
      return refetch(state, { order: state.order === 'desc' ? 'asc' : 'desc', page: 1, mode: 'table' });
    case 'copy': {
      // "Copied" only when the copier knows it happened: OSC 52 may be dropped (tmux by default), so otherwise
      // the URL itself is shown, and printed on exit either way.
      // Only a URL checkUrl accepts is copied or printed: a multi-line value would run commands when pasted.
      const item = selectedItem(state);
      const url = item ? itemUrl(item) : '';
      if (url === '') return { ...state, notice: 'Nothing to copy' };
      const check = checkUrl(url);
      if (!check.ok) return { ...state, notice: `Not copied: ${check.reason}: ${url}` };
      return { ...state, copied: url, notice: action.copied ? `Copied ${url} (printed on exit)` : `URL: ${url} (printed on exit)` };
    }
    case 'openUrl': {
      const item = selectedItem(state);
      const url = item ? itemUrl(item) : '';
      if (url === '') return { ...state, notice: 'Nothing to open' };
      const check = checkUrl(url);
      return { ...state, notice: check.ok ? `Opening ${url}` : `Not opened: ${check.reason}: ${url}` };
    }
    case 'notice':
      return { ...state, notice: action.text };
    case 'help':
      return { ...state, help: action.show };
    case 'loaded': {
      if (action.seq !== state.seq) return state;
      const { envelope, page, perPage, lastPage, sort, order = 'desc' } = action;
      const selected = clamp(state.selected, 0, Math.max(0, envelope.items.length - 1));
      const mode = envelope.items.length === 0 ? 'table' : state.mode;
      return { ...state, loading: false, progress: undefined, error: undefined, shown: { envelope, page, perPage, lastPage, sort, order }, selected, mode };
    }
    case 'failed':
      return action.seq === state.seq ? { ...state, loading: false, progress: undefined, error: action.error, mode: 'table' } : state;
    case 'progress':
      return action.seq === state.seq && state.loading ? { ...state, progress: action.progress } : state;
  }
}

/** React binding of {@link reduce}. */
export function useResultsState(request: SearchRequest) {
  return useReducer(reduce, request, initialState);
}
