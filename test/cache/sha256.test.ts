/** sha256Hex: the same digest as node:crypto's, for short texts (hashed in JavaScript) and long ones alike. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_TEXT, sha256Hex } from '../../src/cache/sha256.js';

const oracle = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it.each([
    ['the empty text', ''],
    ['ASCII', '4|0.1.0|3|issues|title:text:10|abc'],
    ['non-ASCII and astral characters', 'naïve 日本語 😀 \u2028'],
    ['exactly the short limit', 'x'.repeat(SHORT_TEXT)],
    ['one past it', 'y'.repeat(SHORT_TEXT + 1)],
    ['a long JSON text', JSON.stringify(Array.from({ length: 3000 }, (_, i) => `owner${i}/repo${i}`))],
  ])('%s', (_label, text) => {
    expect(sha256Hex(text)).toBe(oracle(text));
  });

  it('agrees with node:crypto on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === oracle(text)));
  });
});
