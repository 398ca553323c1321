import { describe, expect, it } from 'vitest';
import { MAX_TERM_LENGTH, fold, plainTerm, proseTerm } from '../../src/text/stem.js';

describe('fold', () => {
  it.each([
    ['ABC', 'abc'],
    ['Cafe\u0301', 'café'],
    ['Ｆｕｌｌ', 'full'],
    ['ﬁle', 'file'],
    ['日本', '日本'],
  ])('%j → %j', (input, expected) => {
    expect(fold(input)).toBe(expected);
  });
});

describe('proseTerm', () => {
  it.each([
    ['Running', 'run'],
    ['tests', 'test'],
    ['issues', 'issu'],
    ['The', 'the'],
    ['not', 'not'],
    ['Windows', 'window'],
    ['x'.repeat(MAX_TERM_LENGTH + 1), ''],
  ])('%j → %j', (input, expected) => {
    expect(proseTerm(input)).toBe(expected);
    expect(proseTerm(input)).toBe(expected); // cached path
  });
});

describe('plainTerm', () => {
  it.each([
    ['ReadFileSync', 'readfilesync'],
    ['the', 'the'],
    ['a'.repeat(MAX_TERM_LENGTH), 'a'.repeat(MAX_TERM_LENGTH)],
    ['a'.repeat(MAX_TERM_LENGTH + 1), ''],
  ])('%j → %j', (input, expected) => {
    expect(plainTerm(input)).toBe(expected);
  });
});
