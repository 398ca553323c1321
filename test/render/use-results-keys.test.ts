import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { keyAction, splitKeys, type KeyResult } from '../../src/render/ink/state/use-results-keys.js';
import { initialState, type ViewState } from '../../src/render/ink/state/use-results-state.js';

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
    ['o', 'o', {}, { type: 'toggleOrder' }],
    ['y', 'y', {}, { type: 'copy' }],
    ['q', 'q', {}, { type: 'quit' }],
    ['Ctrl-C', 'c', { ctrl: true }, { type: 'quit' }],
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
    ['y copies', 'y', {}, { type: 'copy' }],
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
    ['Ctrl-C quits', 'c', { ctrl: true }, { type: 'quit' }],
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
