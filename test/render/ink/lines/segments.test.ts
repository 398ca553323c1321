import { describe, expect, it } from 'vitest';
import { cellWidth, fit, flatten, lineText, lineWidth, plain, splitLines, truncate, truncateStart, type Line } from '../../../../src/render/ink/lines/segments.js';
import { wrap } from '../../../../src/render/ink/lines/wrap.js';

const text = (lines: Line[]) => lines.map(lineText);

describe('cellWidth', () => {
  it.each([
    ['ascii', 'abc', 3],
    ['CJK is two cells each', '色の', 4],
    ['emoji is two cells', '🎨', 2],
    ['combining marks add nothing', 'e\u0301', 1],
    ['ZWJ family is one glyph of two cells', '👨‍👩‍👧', 2],
  ])('%s', (_name, value, width) => {
    expect(cellWidth(value)).toBe(width);
  });
});

describe('truncate', () => {
  it.each([
    ['fits', 'hello', 5, 'hello'],
    ['cuts with an ellipsis', 'hello world', 8, 'hello w…'],
    ['never splits a wide character', '色の表示', 5, '色の…'],
    ['keeps combining marks with their base', 'cafe\u0301s', 5, 'cafe\u0301s'],
    ['emoji counted as two cells', 'a🎨b🎨c', 5, 'a🎨b…'],
    ['zero width', 'abc', 0, ''],
  ])('%s', (_name, value, width, expected) => {
    const out = truncate(plain(value), width);
    expect(lineText(out)).toBe(expected);
    expect(lineWidth(out)).toBeLessThanOrEqual(width);
  });

  it('keeps match marks on the kept part', () => {
    const out = truncate([{ text: 'ab' }, { text: 'cdef', match: true }], 4);
    expect(out).toEqual([{ text: 'ab' }, { text: 'c', match: true }, { text: '…', style: undefined }]);
  });
});

describe('truncateStart', () => {
  it('keeps the end of a path and its marks', () => {
    const out = truncateStart([{ text: 'src/deep/' }, { text: 'colour', match: true }, { text: '.rs' }], 10);
    expect(lineText(out)).toBe('…colour.rs');
    expect(out.find((s) => s.match)?.text).toBe('colour');
  });
  it('never splits a wide character', () => {
    expect(lineText(truncateStart(plain('色の表示'), 5))).toBe('…表示');
    expect(lineText(truncateStart(plain('色の表示'), 4))).toBe('…示');
  });
});

describe('fit', () => {
  it('pads to the exact width, left or right', () => {
    expect(lineText(fit(plain('42'), 5, 'right'))).toBe('   42');
    expect(lineText(fit(plain('色'), 4))).toBe('色  ');
    expect(lineWidth(fit(plain('色の表示が崩れる'), 7))).toBe(7);
  });
});

describe('flatten', () => {
  it('turns newlines and tabs into single spaces and trims', () => {
    expect(lineText(flatten(plain('  a\n\n\tb  c \n')))).toBe('a b c');
  });
  it('keeps marks, never marking a collapsed space', () => {
    expect(flatten([{ text: 'x\n' }, { text: 'y', match: true }])).toEqual([{ text: 'x ', style: undefined }, { text: 'y', match: true }]);
  });
  it('keeps chips (text on a background) exactly, padding included', () => {
    const chip = { text: ' bug ', style: { backgroundColor: '#d73a4a' } };
    expect(flatten([chip, { text: ' ' }, chip])).toEqual([chip, { text: ' ', style: undefined }, chip]);
  });
});

describe('splitLines', () => {
  it('splits on LF and CRLF and expands tabs', () => {
    expect(text(splitLines(plain('a\r\nb\n\tc')))).toEqual(['a', 'b', '    c']);
  });
});

describe('wrap', () => {
  it.each([
    ['breaks at spaces', 'the quick brown fox', 9, ['the quick', 'brown fox']],
    ['hard-breaks long words', 'abcdefghij', 4, ['abcd', 'efgh', 'ij']],
    ['keeps blank lines', 'a\n\nb', 10, ['a', '', 'b']],
    ['wide characters by cells', '色の表示が崩れる', 6, ['色の表', '示が崩', 'れる']],
  ])('%s', (_name, value, width, expected) => {
    const lines = wrap(plain(value), width);
    expect(text(lines)).toEqual(expected);
    for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(width);
  });

  it('keeps match marks across a wrap', () => {
    const lines = wrap([{ text: 'find the ' }, { text: 'colour', match: true }, { text: ' here' }], 12);
    expect(lines[1]).toEqual([{ text: 'colour', match: true }, { text: ' here' }]);
  });
});
