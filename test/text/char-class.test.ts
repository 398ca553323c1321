import { describe, expect, it } from 'vitest';
import { DIGIT, IDEO, LOWER, MARK, SEP, UPPER, classAt, skipAlnum, skipMarks, widthAt } from '../../src/text/char-class.js';

describe('classAt', () => {
  it.each([
    ['a', LOWER], ['Z', UPPER], ['7', DIGIT], ['_', SEP], ['$', SEP], [' ', SEP], ['-', SEP],
    ['é', LOWER], ['É', UPPER], ['ǅ', UPPER], ['٣', DIGIT], ['\u0301', MARK], ['日', IDEO], ['の', IDEO],
    ['ア', LOWER], ['한', LOWER], ['😀', SEP], ['\u200d', SEP], ['\ud800', SEP], ['𝐀', UPPER],
  ])('%j → %i', (ch, expected) => {
    expect(classAt(ch, 0)).toBe(expected);
  });

  it('is SEP past the end', () => {
    expect(classAt('a', 1)).toBe(SEP);
  });
});

describe('widthAt / skipMarks / skipAlnum', () => {
  it.each([
    ['😀', 0, 2], ['a', 0, 1], ['\ud83d', 0, 1], ['😀', 1, 1],
  ])('widthAt(%j, %i) = %i', (text, i, expected) => {
    expect(widthAt(text, i)).toBe(expected);
  });

  it.each([
    ['e\u0301\u0302x', 1, 3], ['ex', 1, 1],
  ])('skipMarks(%j, %i) = %i', (text, i, expected) => {
    expect(skipMarks(text, i)).toBe(expected);
  });

  it.each([
    ['abc def', 0, 3], ['ab\u0301c日', 0, 4], ['𝐀𝐁 x', 0, 4], ['a_b', 0, 1],
  ])('skipAlnum(%j, %i) = %i', (text, i, expected) => {
    expect(skipAlnum(text, i)).toBe(expected);
  });
});
