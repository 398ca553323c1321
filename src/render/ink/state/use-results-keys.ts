/**
 * Keys → actions. {@link keyAction} is the pure mapping (tested with tables); {@link useResultsKeys} binds it to
 * Ink's `useInput` and performs the two side effects: quitting and copying.
 */
import { useInput, type Key } from 'ink';
import { useRef } from 'react';
import { checkUrl } from '../../safe-url.js';
import { itemUrl } from './item-fields.js';
import { reduce, selectedItem, type Action, type ViewState } from './use-results-state.js';

/**
 * What a key asks for: a state change, or leaving the view: `quit` (q), `interrupt` (Ctrl-C, exit 130) or
 * `choose` (Enter with `--select`).
 */
export type KeyResult = Action | { type: 'quit' } | { type: 'interrupt' } | { type: 'choose' } | undefined;

/** What the mapping needs besides the state. */
export interface KeyContext {
  /** Largest scroll offset of the detail view (its lines minus the visible height). */
  readonly detailMax: number;
  /** Visible height of the detail view, for PgUp/PgDn there. */
  readonly detailHeight: number;
  /** `--select`: Enter chooses the selected item instead of opening its detail. @default false */
  readonly select?: boolean | undefined;
}

/** The action for one key press in the given state. */
export function keyAction(input: string, key: Partial<Key>, state: ViewState, ctx: KeyContext): KeyResult {
  if (key.ctrl && input === 'c') return { type: 'interrupt' };
  if (state.help) return { type: 'help', show: false };
  if (state.edit) {
    if (key.return) return { type: 'editSubmit' };
    if (key.escape) return { type: 'editCancel' };
    if (key.backspace || key.delete) return { type: 'editBackspace' };
    if (key.leftArrow) return { type: 'editCursor', to: -1 };
    if (key.rightArrow) return { type: 'editCursor', to: 1 };
    if (key.home || (key.ctrl && input === 'a')) return { type: 'editCursor', to: 'home' };
    if (key.end || (key.ctrl && input === 'e')) return { type: 'editCursor', to: 'end' };
    if (key.ctrl && input === 'u') return { type: 'editClear' };
    if (key.upArrow) return { type: 'move', delta: -1 };
    if (key.downArrow) return { type: 'move', delta: 1 };
    if (key.pageUp) return { type: 'page', delta: -1 };
    if (key.pageDown) return { type: 'page', delta: 1 };
    if (key.ctrl || key.meta || key.tab || input === '') return undefined;
    return { type: 'editInput', text: input };
  }
  if (input === 'q') return { type: 'quit' };
  if (input === '/') return { type: 'editStart' };
  if (input === '?') return { type: 'help', show: true };
  if (input === 'y') return { type: 'copy', copied: false };
  if (input === 'o') return { type: 'openUrl' };
  if (input === 's') return { type: 'cycleSort' };
  if (input === 'r') return { type: 'toggleOrder' };
  if (key.return && ctx.select && state.error === undefined && selectedItem(state) !== undefined) return { type: 'choose' };
  if (state.mode === 'detail') {
    const scroll = (delta: number): Action => ({ type: 'scroll', delta, max: ctx.detailMax });
    if (key.escape || key.backspace || key.delete) return { type: 'close' };
    if (key.upArrow || input === 'k') return scroll(-1);
    if (key.downArrow || input === 'j') return scroll(1);
    if (key.pageUp) return scroll(-Math.max(1, ctx.detailHeight - 1));
    if (key.pageDown || input === ' ') return scroll(Math.max(1, ctx.detailHeight - 1));
    if (key.home || input === 'g') return scroll(-Number.MAX_SAFE_INTEGER);
    if (key.end || input === 'G') return scroll(Number.MAX_SAFE_INTEGER);
    return undefined;
  }
  if (key.upArrow || input === 'k') return { type: 'move', delta: -1 };
  if (key.downArrow || input === 'j') return { type: 'move', delta: 1 };
  if (key.pageUp || key.leftArrow) return { type: 'page', delta: -1 };
  if (key.pageDown || key.rightArrow) return { type: 'page', delta: 1 };
  if (key.home || input === 'g') return { type: 'moveTo', to: 'first' };
  if (key.end || input === 'G') return { type: 'moveTo', to: 'last' };
  if (key.return) return { type: 'open' };
  return undefined;
}

/**
 * Split a chunk of several keys into single presses. Ink hands plain text that arrives at once (a paste, keys sent
 * together by `tmux send-keys` or a fast typist over ssh) to the handler as one string, Enter and Backspace included.
 * Escape sequences (arrows, PgUp…) always arrive on their own and pass through unchanged.
 */
export function splitKeys(input: string, key: Partial<Key>): [string, Partial<Key>][] {
  const chars = Array.from(input);
  if (chars.length <= 1 || key.ctrl || key.meta || key.escape) return [[input, key]];
  return chars.map((char): [string, Partial<Key>] => {
    if (char === '\r' || char === '\n') return ['', { return: true }];
    if (char === '\u007F') return ['', { delete: true }];
    if (char === '\b') return ['', { backspace: true }];
    if (char === '\t') return ['', { tab: true }];
    const code = char.charCodeAt(0);
    if (code < 0x20) return [String.fromCharCode(code + 96), { ctrl: true }];
    return [char, {}];
  });
}

/** Options of {@link useResultsKeys}. */
export interface KeysOptions extends KeyContext {
  readonly state: ViewState;
  readonly dispatch: (action: Action) => void;
  /** Leave the view; gets how and the latest state (e.g. the URL `y` picked just before). */
  readonly onQuit: (how: 'quit' | 'interrupt' | 'choose', state: ViewState) => void;
  /** Put a URL on the clipboard; true only when the copy is known to have happened. */
  readonly onCopy: (url: string) => boolean;
  /** Open a URL in the browser; resolves to a message for the footer. */
  readonly onOpen: (url: string) => Promise<string>;
}

/**
 * Bind the keys to the state. Everything the handler reads goes through refs refreshed on every render, because
 * Ink re-subscribes a new handler only after effects run: keys that arrive in one chunk (a paste, `tmux send-keys`)
 * would otherwise see the state of a render ago. Between keys of one chunk the state is advanced here with the same
 * pure reducer.
 */
export function useResultsKeys(options: KeysOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const state = useRef(options.state);
  state.current = options.state;
  useInput((chunk, chunkKey) => {
    for (const [input, key] of splitKeys(chunk, chunkKey)) {
      const { dispatch, onQuit, onCopy, onOpen, detailMax, detailHeight, select } = latest.current;
      const current = state.current;
      let result = keyAction(input, key, current, { detailMax, detailHeight, select });
      if (result === undefined) continue;
      if (result.type === 'quit' || result.type === 'interrupt' || result.type === 'choose') {
        onQuit(result.type, current);
        return;
      }
      const item = selectedItem(current);
      const url = item ? itemUrl(item) : '';
      // Nothing reaches the clipboard or an opener that checkUrl refuses (the reducer then says why).
      const usable = checkUrl(url).ok;
      if (result.type === 'copy' && usable) result = { type: 'copy', copied: onCopy(url) };
      if (result.type === 'openUrl' && usable) {
        void onOpen(url).then((text) => dispatch({ type: 'notice', text }));
      }
      state.current = reduce(current, result);
      dispatch(result);
    }
  });
}
