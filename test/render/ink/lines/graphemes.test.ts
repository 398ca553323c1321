import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cellWidth, graphemes, plain, TEXT_LIMIT, truncate } from '../../../../src/render/ink/lines/segments.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const oracle = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

/** Pieces that make grapheme clusters interesting across chunk boundaries. */
const PIECES = ['a', ' ', 'é', 'e\u0301', '漢', '👍🏽', '👩‍👩‍👧', '🇫🇷', '🇩🇪', '\u0301', '\r\n', 'क्षि', '한', '\u1100\u1161'];

describe('graphemes in linear time, equal to the segmenter', () => {
  it('matches Intl.Segmenter over texts longer than a chunk', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 700 }), (pieces) => {
        const text = pieces.join('');
        expect(graphemes(text)).toEqual(oracle(text));
        expect(cellWidth(text)).toBe(stringWidth(text));
      }),
      { numRuns: 60 },
    );
  });

  it('cuts a cluster longer than a chunk (thousands of combining marks) into pieces that join back', () => {
    const text = `a${'\u0301'.repeat(3000)}b`;
    expect(graphemes(text).join('')).toBe(text);
  });

  it('a 200k-character title is cut before any per-character work, and a line of it fits instantly', () => {
    const huge = '👍🏽 漢字 '.repeat(40_000);
    const line = plain(huge);
    expect(line[0]!.text.length).toBeLessThanOrEqual(TEXT_LIMIT + 1);
    expect(truncate(line, 80).map((s) => s.text).join('')).toMatch(/…$/);
  });
});
