/**
 * The framing's unchecked read (src/cache/framing.ts `readUnchecked`): the bytes asked for, damaged or not (the
 * caller checks them), nothing outside the section, and no effect on the checked reads that follow.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_MAGIC, FramedFile, FramingError, writeFramed } from '../../src/cache/framing.js';

const data = Uint8Array.from({ length: 10 * 64 + 5 }, (_, i) => (i * 37) & 255);
function bytes(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'unchecked-')), 'x.items');
  writeFramed(file, FILE_MAGIC.items, 1, null, new Map([['a', new Uint8Array(8)], ['data', data]]), 64);
  return readFileSync(file);
}

describe('an unchecked read of a framed section', () => {
  it.each<[number, number, number]>([
    [0, 10, 0],
    [60, 10, 3],
    [640, 5, 1],
    [100, 0, 0],
  ])('gives bytes [%i, +%i) at %i of the caller’s memory', (start, length, at) => {
    const f = FramedFile.fromBytes(bytes(), FILE_MAGIC.items, 1);
    const out = new Uint8Array(at + length + 2).fill(7);
    f.readUnchecked('data', start, length, out, at);
    expect(Array.from(out.subarray(at, at + length))).toEqual(Array.from(data.subarray(start, start + length)));
    expect(Array.from(out.subarray(0, at))).toEqual(new Array(at).fill(7));
  });

  it('gives damaged bytes as they are; the checked read of the same block still refuses them', () => {
    const damaged = bytes();
    damaged[16 + 8 + 2 * 64 + 1]! ^= 0x10; // block 2 of `data` (after the prefix and section `a`)
    const f = FramedFile.fromBytes(damaged, FILE_MAGIC.items, 1);
    const out = new Uint8Array(4);
    f.readUnchecked('data', 2 * 64, 4, out, 0);
    expect(out[1]).toBe(data[2 * 64 + 1]! ^ 0x10);
    expect(() => f.read('data', 2 * 64, 4)).toThrow(/block 2 is corrupt/);
    expect(Array.from(f.read('data', 0, 4))).toEqual(Array.from(data.subarray(0, 4)));
  });

  it.each<[string, string, number, number, number, number, typeof FramingError | typeof RangeError]>([
    ['past the section', 'data', 640, 6, 6, 0, FramingError],
    ['a negative start', 'data', -1, 2, 2, 0, FramingError],
    ['a missing section', 'none', 0, 1, 1, 0, FramingError],
    ['no room in the memory', 'data', 0, 8, 4, 0, RangeError],
  ])('refuses %s', (_label, name, start, length, room, at, error) => {
    const f = FramedFile.fromBytes(bytes(), FILE_MAGIC.items, 1);
    expect(() => f.readUnchecked(name, start, length, new Uint8Array(room), at)).toThrow(error);
  });
});
