/** The one framing of cache files (src/cache/framing.ts): round trip, lazy block checks, refusals. */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAME_BLOCK_BYTES, FramedFile, FramingError, writeFramed } from '../../src/cache/framing.js';

const MAGIC = Buffer.from('TESTFRAM', 'latin1');
const big = Float64Array.from({ length: (3 * FRAME_BLOCK_BYTES) / 8 + 5 }, (_, i) => i * 1.5);
const small = new Uint32Array([7, 8, 9]);

function written(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'framing-')), 'f.bin');
  const bytes = writeFramed(file, MAGIC, 3, { hello: 'world' }, new Map<string, ArrayBufferView>([['small', small], ['big', big], ['empty', new Uint8Array(0)]]));
  expect(bytes).toBe(readFileSync(file).length);
  return file;
}

describe('framed files', () => {
  it('round-trips metadata and sections, whole or by range', () => {
    const f = FramedFile.open(written(), MAGIC, 3)!;
    expect(f.meta).toEqual({ hello: 'world' });
    expect([f.has('big'), f.has('nope'), f.length('empty')]).toEqual([true, false, 0]);
    expect([...new Uint32Array(f.read('small').buffer)]).toEqual([7, 8, 9]);
    const range = f.read('big', FRAME_BLOCK_BYTES - 8, 24);
    expect([...new Float64Array(range.buffer, range.byteOffset, 3)]).toEqual([...big.subarray(FRAME_BLOCK_BYTES / 8 - 1, FRAME_BLOCK_BYTES / 8 + 2)]);
    expect(new Float64Array(f.read('big').buffer)).toEqual(big);
    expect(() => f.read('big', big.byteLength - 4, 8)).toThrow(FramingError);
    f.close();
  });

  it('is absent when missing, and refuses another magic, another version, a truncated file or a changed footer', () => {
    const file = written();
    expect(FramedFile.open(`${file}.absent`, MAGIC, 3)).toBeUndefined();
    expect(() => FramedFile.open(file, Buffer.from('OTHERMAG', 'latin1'), 3)).toThrow(FramingError);
    expect(() => FramedFile.open(file, MAGIC, 4)).toThrow(/layout 3, expected 4/);
    const bytes = readFileSync(file);
    bytes[bytes.length - 30]! ^= 1; // inside the footer
    writeFileSync(file, bytes);
    expect(() => FramedFile.open(file, MAGIC, 3)).toThrow(/footer/);
    truncateSync(file, bytes.length - 1);
    expect(() => FramedFile.open(file, MAGIC, 3)).toThrow(FramingError);
  });

  it('opens with a damaged block, and finds the damage when (and only when) that block is read', () => {
    const file = written();
    const f0 = FramedFile.open(file, MAGIC, 3)!;
    const bigAt = 16 + 16; // the small section (12 bytes) padded to 8, after the 16-byte prefix
    f0.close();
    const bytes = readFileSync(file);
    bytes[bigAt + 2 * FRAME_BLOCK_BYTES + 3]! ^= 0x10; // block 2 of `big`
    writeFileSync(file, bytes);
    const f = FramedFile.open(file, MAGIC, 3)!;
    expect(f.read('big', 0, 16).length).toBe(16);
    expect(f.read('big', FRAME_BLOCK_BYTES, 8).length).toBe(8);
    expect(() => f.read('big', 2 * FRAME_BLOCK_BYTES, 8)).toThrow(/big block 2 is corrupt/);
  });

  it('writes nothing where the file cannot be (its directory is a file)', () => {
    const blocker = path.join(mkdtempSync(path.join(tmpdir(), 'framing-')), 'file');
    writeFileSync(blocker, 'x');
    expect(writeFramed(path.join(blocker, 'f.bin'), MAGIC, 1, {}, new Map())).toBeUndefined();
  });
});
