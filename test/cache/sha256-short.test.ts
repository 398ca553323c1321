/** sha256BytesHex: node:crypto's digest for every length around the padding's block boundaries, and any bytes. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256BytesHex } from '../../src/cache/sha256-short.js';

const oracle = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('sha256BytesHex', () => {
  it.each([
    ['empty', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['two blocks (FIPS 180-2 example)', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('%s', (_label, text, digest) => {
    expect(sha256BytesHex(Buffer.from(text, 'latin1'))).toBe(digest);
  });

  it('agrees with node:crypto at every length from 0 to 300 (each padding case)', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + length * 7 + 0xf0) & 0xff);
      expect(sha256BytesHex(bytes), `length ${length}`).toBe(oracle(bytes));
    }
  });

  it('agrees with node:crypto on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 1000 }), (bytes) => sha256BytesHex(bytes) === oracle(bytes)));
  });

  it('hashes a view into a larger buffer by its own bytes only', () => {
    const whole = Buffer.from('xxabcxx', 'latin1');
    expect(sha256BytesHex(whole.subarray(2, 5))).toBe(oracle(Buffer.from('abc')));
  });
});
