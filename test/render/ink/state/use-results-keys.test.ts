import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { keyAction, splitKeys, type KeyResult } from '../../../../src/render/ink/state/use-results-keys.js';
import { initialState, reduce, type ViewState } from '../../../../src/render/ink/state/use-results-state.js';

const table: ViewState = { ...initialState({ kind: 'issues', q: 'colour' }), loading: false };
const detail: ViewState = { ...table, mode: 'detail' };
const editing: ViewState = { ...table, edit: { draft: 'colour', cursor: 6, original: 'colour' } };
const ctx = { detailMax: 40, detailHeight: 10 };

type Row = [name: string, input: string, key: Partial<Key>, expected: KeyResult];

const check = (state: ViewState) => (_name: string, input: string, key: Partial<Key>, expected: KeyResult) => {
  expect(keyAction(input, key, state, ctx)).toEqual(expected);
};

describe('table keys', () => {
  it.each<Row>([
    ['↓', '', { downArrow: true }, { type: 'move', delta: 1 }],
    ['j', 'j', {}, { type: 'move', delta: 1 }],
    ['↑', '', { upArrow: true }, { type: 'move', delta: -1 }],
    ['k', 'k', {}, { type: 'move', delta: -1 }],
    ['→', '', { rightArrow: true }, { type: 'page', delta: 1 }],
    ['PgDn', '', { pageDown: true }, { type: 'page', delta: 1 }],
    ['←', '', { leftArrow: true }, { type: 'page', delta: -1 }],
    ['PgUp', '', { pageUp: true }, { type: 'page', delta: -1 }],
    ['g', 'g', {}, { type: 'moveTo', to: 'first' }],
    ['G', 'G', { shift: true }, { type: 'moveTo', to: 'last' }],
    ['Enter', '', { return: true }, { type: 'open' }],
    ['/', '/', {}, { type: 'editStart' }],
    ['s', 's', {}, { type: 'cycleSort' }],
    ['r reverses the order', 'r', {}, { type: 'toggleOrder' }],
    ['o opens in the browser', 'o', {}, { type: 'openUrl' }],
    ['y', 'y', {}, { type: 'copy', copied: false }],
    ['? shows the keys', '?', {}, { type: 'help', show: true }],
    ['q', 'q', {}, { type: 'quit' }],
    ['Ctrl-C interrupts', 'c', { ctrl: true }, { type: 'interrupt' }],
    ['other letters do nothing', 'x', {}, undefined],
  ])('%s', check(table));
});

describe('detail keys', () => {
  it.each<Row>([
    ['Esc', '', { escape: true }, { type: 'close' }],
    ['Backspace (DEL)', '', { delete: true }, { type: 'close' }],
    ['Backspace (BS)', '', { backspace: true }, { type: 'close' }],
    ['↓ scrolls', '', { downArrow: true }, { type: 'scroll', delta: 1, max: 40 }],
    ['k scrolls up', 'k', {}, { type: 'scroll', delta: -1, max: 40 }],
    ['PgDn scrolls a screen', '', { pageDown: true }, { type: 'scroll', delta: 9, max: 40 }],
    ['space scrolls a screen', ' ', {}, { type: 'scroll', delta: 9, max: 40 }],
    ['G to the end', 'G', {}, { type: 'scroll', delta: Number.MAX_SAFE_INTEGER, max: 40 }],
    ['y copies', 'y', {}, { type: 'copy', copied: false }],
    ['o opens in the browser', 'o', {}, { type: 'openUrl' }],
    ['q quits', 'q', {}, { type: 'quit' }],
    ['Enter does nothing', '', { return: true }, undefined],
  ])('%s', check(detail));
});

describe('editing keys', () => {
  it.each<Row>([
    ['letters type, even q', 'q', {}, { type: 'editInput', text: 'q' }],
    ['pasted text types at once', 'is:open', {}, { type: 'editInput', text: 'is:open' }],
    ['Enter submits', '', { return: true }, { type: 'editSubmit' }],
    ['Esc cancels', '', { escape: true }, { type: 'editCancel' }],
    ['Backspace deletes', '', { delete: true }, { type: 'editBackspace' }],
    ['← moves the cursor', '', { leftArrow: true }, { type: 'editCursor', to: -1 }],
    ['Ctrl-A home', 'a', { ctrl: true }, { type: 'editCursor', to: 'home' }],
    ['Ctrl-E end', 'e', { ctrl: true }, { type: 'editCursor', to: 'end' }],
    ['Ctrl-U clears', 'u', { ctrl: true }, { type: 'editClear' }],
    ['↓ still moves the selection', '', { downArrow: true }, { type: 'move', delta: 1 }],
    ['Ctrl-C interrupts', 'c', { ctrl: true }, { type: 'interrupt' }],
    ['Tab is ignored', '', { tab: true }, undefined],
  ])('%s', check(editing));
});

describe('splitKeys', () => {
  it.each<[string, string, Partial<Key>, [string, Partial<Key>][]]>([
    ['one key passes through', 'j', {}, [['j', {}]]],
    ['keys sent together become presses', 'jj\r', {}, [['j', {}], ['j', {}], ['', { return: true }]]],
    ['DEL and control characters', 'a\u007F\u0015', {}, [['a', {}], ['', { delete: true }], ['u', { ctrl: true }]]],
    ['an emoji is one press', '🎨x', {}, [['🎨', {}], ['x', {}]]],
    ['escape sequences are left alone', '', { upArrow: true }, [['', { upArrow: true }]]],
  ])('%s', (_name, input, key, expected) => {
    expect(splitKeys(input, key)).toEqual(expected);
  });
});

describe('help and select keys', () => {
  it('any key closes the ? help, and does nothing else', () => {
    const helpState = { ...table, help: true };
    expect(keyAction('q', {}, helpState, { detailMax: 0, detailHeight: 10 })).toEqual({ type: 'help', show: false });
    expect(keyAction('', { return: true }, helpState, { detailMax: 0, detailHeight: 10 })).toEqual({ type: 'help', show: false });
  });
  it('Enter chooses with select, opens without', () => {
    const envelope = { total_count: 1, incomplete_results: false, items: [{ html_url: 'https://github.com/o/r/issues/1' }] };
    const shown = reduce(table, { type: 'loaded', seq: table.seq, envelope, page: 1, perPage: 30, lastPage: 1 });
    expect(keyAction('', { return: true }, shown, { detailMax: 0, detailHeight: 10, select: true })).toEqual({ type: 'choose' });
    expect(keyAction('', { return: true }, table, { detailMax: 0, detailHeight: 10 })).toEqual({ type: 'open' });
  });
});
