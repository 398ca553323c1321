/** sha256Hex (and sha256BytesHex under it): the same digest as node:crypto's, for short texts (hashed in JavaScript) and long ones alike. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_TEXT, sha256Hex } from '../../src/cache/sha256.js';
import { sha256BytesHex } from '../../src/cache/sha256-short.js';

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

  // Every length around the padding's edges: 55 bytes is the longest message whose length fits in its own block,
  // 56–63 push the length into another block, 64 fills one exactly.
  it('agrees with node:crypto on every length from 0 to 300 bytes', () => {
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n * 7) & 0xff);
      expect(sha256BytesHex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('refuses a message whose bit length does not fit in 32 bits', () => {
    expect(() => sha256BytesHex({ length: 0x2000_0000 } as Uint8Array)).toThrow(RangeError);
  });

  it('agrees with node:crypto on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 1000 }), (bytes) => sha256BytesHex(bytes) === createHash('sha256').update(bytes).digest('hex')));
  });

  it('agrees with node:crypto on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === oracle(text)));
  });
});
