/** The one framing of cache files (src/cache/framing.ts): round trip, lazy block checks, refusals. */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRC_PAGE_ENTRIES, FILE_MAGIC, FRAME_BLOCK_BYTES, FramedFile, FramedWriter, FramingError, pad8, writeFramed } from '../../src/cache/framing.js';
import { footerOf, withFooter } from './helpers/framed-bytes.js';

const MAGIC = Buffer.from('TESTFRAM', 'latin1');
const big = Float64Array.from({ length: (3 * FRAME_BLOCK_BYTES) / 8 + 5 }, (_, i) => i * 1.5);
const small = new Uint32Array([7, 8, 9]);

function written(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'framing-')), 'f.bin');
  const bytes = writeFramed(file, MAGIC, 3, { hello: 'world' }, new Map<string, ArrayBufferView>([['small', small], ['big', big], ['empty', new Uint8Array(0)]]));
  expect(bytes).toBe(readFileSync(file).length);
  return file;
}

describe('pad8 (section and footer offsets)', () => {
  it.each([
    [0, 0],
    [1, 8],
    [8, 8],
    [9, 16],
    [2 ** 31 - 1, 2 ** 31],
    [2 ** 31 + 1, 2 ** 31 + 8],
    [2 ** 32 + 3, 2 ** 32 + 8],
    [5_170_000_001, 5_170_000_008],
    [2 ** 45 + 1, 2 ** 45 + 8],
  ])('%d rounds up to %d (offsets past 2 GiB and 4 GiB keep their high bits)', (n, padded) => {
    expect(pad8(n)).toBe(padded);
  });
});

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

  it('streams sections: reserved ones filled side by side, one of unknown length at the end written in the background', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'framing-')), 'streamed.bin');
    const B = 64;
    const writer = FramedWriter.create(file, MAGIC, 5, B)!;
    const a = writer.reserve('a', 300);
    const b = writer.reserve('b', 130);
    for (let i = 0; i < 300; i += 30) {
      a.write(Uint8Array.from({ length: 30 }, (_, k) => (i + k) & 0xff));
      if (i < 130) b.write(Uint8Array.from({ length: Math.min(30, 130 - i) }, (_, k) => (i + k + 7) & 0xff));
    }
    a.end();
    b.end();
    expect(() => writer.reserve('a', 1)).toThrow(/twice/);
    const tail = writer.stream('tail');
    expect(() => writer.add('late', new Uint8Array(1))).toThrow(/still streaming/);
    const chunks = Array.from({ length: 9 }, (_, c) => Buffer.alloc(33 + c, c + 1));
    for (const chunk of chunks) tail.writeAsync(chunk);
    tail.end();
    writer.add('after', new Uint32Array([1, 2]));
    const size = await writer.finish({ n: 1 });
    expect(size).toBe(readFileSync(file).length);
    const f = FramedFile.open(file, MAGIC, 5)!;
    expect(f.blockBytes).toBe(B);
    expect([...f.read('a')]).toEqual(Array.from({ length: 300 }, (_, k) => k & 0xff));
    expect([...f.read('b')]).toEqual(Array.from({ length: 130 }, (_, k) => (k + 7) & 0xff));
    expect(Buffer.from(f.read('tail'))).toEqual(Buffer.concat(chunks));
    expect([...new Uint32Array(f.read('after').buffer)]).toEqual([1, 2]);
  });

  it('refuses to finish a reserved section that was not filled exactly', () => {
    const writer = FramedWriter.inMemory(MAGIC, 1);
    const s = writer.reserve('s', 8);
    expect(() => s.write(new Uint8Array(9))).toThrow(/overflows/);
    s.write(new Uint8Array(4));
    expect(() => s.end()).toThrow(/4 of 8/);
  });

  it('round-trips in memory, and checks each page of block CRCs when first needed', () => {
    const blocks = CRC_PAGE_ENTRIES + 10;
    const writer = FramedWriter.inMemory(FILE_MAGIC.columns, 2, 8);
    writer.add('many', Float64Array.from({ length: blocks }, (_, i) => i));
    const bytes = writer.finishBytes(null);
    expect(bytes.length % 8).toBe(0);
    const whole = FramedFile.fromBytes(bytes, FILE_MAGIC.columns, 2);
    expect(new Float64Array(whole.read('many').buffer)[blocks - 1]).toBe(blocks - 1);
    const { footer } = footerOf(bytes);
    expect(footer.pages).toHaveLength(2);
    const damaged = Buffer.from(bytes);
    damaged[footer.crcs[0] + 4 * (CRC_PAGE_ENTRIES + 3)]! ^= 1; // page 1 of the block CRCs
    const f = FramedFile.fromBytes(damaged, FILE_MAGIC.columns, 2);
    expect(new Float64Array(f.read('many', 0, 8).buffer)[0]).toBe(0);
    expect(() => f.read('many', 8 * CRC_PAGE_ENTRIES, 8)).toThrow(/block CRC page 1 is corrupt/);
  });

  it('reads only what is asked once a block is checked, and refuses a file of the old framing', () => {
    const file = written();
    const f = FramedFile.open(file, MAGIC, 3)!;
    expect(f.read('big', 8, 8).length).toBe(8);
    expect(f.read('big', 16, 8).length).toBe(8);
    f.close();
    expect(() => f.read('big', 0, 8)).toThrow(/closed/);
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(0, 12); // framing version 0: the first framing's files
    writeFileSync(file, bytes);
    expect(() => FramedFile.open(file, MAGIC, 3)).toThrow(/framing 0, expected 2/);
  });
});


describe('a section checked in blocks of its own size', () => {
  /** A file of 64-byte blocks whose section `fine` is checked in 16-byte blocks. */
  function mixed(): Buffer {
    const writer = FramedWriter.inMemory(MAGIC, 4, 64);
    writer.add('coarse', Uint8Array.from({ length: 200 }, (_, i) => i));
    const fine = writer.reserve('fine', 100, 16);
    fine.write(Uint8Array.from({ length: 100 }, (_, i) => 255 - i));
    fine.end();
    return writer.finishBytes({ mixed: true });
  }

  it('stores its block size in its footer entry (only when it differs from the file’s) and reads back as written', () => {
    const bytes = mixed();
    const { footer } = footerOf(bytes);
    expect([footer.blockBytes, footer.sections['coarse']!.length, footer.sections['fine']![3]]).toEqual([64, 3, 16]);
    // ⌈200 / 64⌉ + ⌈100 / 16⌉ block CRCs
    expect(footer.crcs[1]).toBe(4 + 7);
    const f = FramedFile.fromBytes(bytes, MAGIC, 4);
    expect([f.blockBytes, f.sectionBlockBytes('coarse'), f.sectionBlockBytes('fine'), f.sectionBlockBytes('nope')]).toEqual([64, 64, 16, 0]);
    expect([...f.read('fine', 30, 40)]).toEqual(Array.from({ length: 40 }, (_, i) => 255 - 30 - i));
    expect([...f.read('coarse')]).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect([...f.read('fine')]).toEqual(Array.from({ length: 100 }, (_, i) => 255 - i));
  });

  it('finds a damaged small block when (and only when) that block is read', () => {
    const bytes = Buffer.from(mixed());
    const [offset] = footerOf(bytes).footer.sections['fine']!;
    bytes[offset + 2 * 16 + 5]! ^= 0x08; // block 2 of `fine`: bytes 32…47
    const f = FramedFile.fromBytes(bytes, MAGIC, 4);
    expect([...f.read('fine', 0, 32)]).toEqual(Array.from({ length: 32 }, (_, i) => 255 - i));
    expect([...f.read('fine', 48, 52)]).toEqual(Array.from({ length: 52 }, (_, i) => 255 - 48 - i));
    expect(() => f.read('fine', 40, 1)).toThrow(/fine block 2 is corrupt/);
  });

  it('refuses a footer whose section block size is not a power of two of at least 8, or too large for the CRC table', () => {
    for (const bad of [12, 4, 0, -16, 1.5]) {
      const bytes = withFooter(mixed(), (footer) => {
        (footer.sections['fine'] as number[])[3] = bad;
      });
      expect(() => FramedFile.fromBytes(bytes, MAGIC, 4), String(bad)).toThrow(/bad section fine/);
    }
    // 8-byte blocks would need 13 CRCs for `fine`: more than the table holds.
    const tooFine = withFooter(mixed(), (footer) => {
      (footer.sections['fine'] as number[])[3] = 8;
    });
    expect(() => FramedFile.fromBytes(tooFine, MAGIC, 4)).toThrow(/bad section fine/);
    const extra = withFooter(mixed(), (footer) => {
      (footer.sections['fine'] as number[]).push(16);
    });
    expect(() => FramedFile.fromBytes(extra, MAGIC, 4)).toThrow(/bad section fine/);
  });

  it('refuses a block size that is not a power of two when a section is reserved', () => {
    const writer = FramedWriter.inMemory(MAGIC, 4, 64);
    expect(() => writer.reserve('s', 8, 24)).toThrow(RangeError);
  });
});

describe('pages of block CRCs read by group, each checked when first needed', () => {
  it('uses a held page only once checked: a damaged one is refused when (and only when) a block of its own is read', () => {
    const blocks = 3 * CRC_PAGE_ENTRIES + 5; // four pages of block CRCs, one group
    const writer = FramedWriter.inMemory(FILE_MAGIC.columns, 2, 8);
    writer.add('many', Float64Array.from({ length: blocks }, (_, i) => i));
    const bytes = Buffer.from(writer.finishBytes(null));
    const { footer } = footerOf(bytes);
    bytes[footer.crcs[0] + 4 * (2 * CRC_PAGE_ENTRIES + 7)]! ^= 4; // page 2
    const f = FramedFile.fromBytes(bytes, FILE_MAGIC.columns, 2);
    const valueAt = (block: number): number => new Float64Array(f.read('many', 8 * block, 8).buffer)[0]!;
    expect(valueAt(3)).toBe(3); // page 0: the group is read
    expect(valueAt(CRC_PAGE_ENTRIES + 1)).toBe(CRC_PAGE_ENTRIES + 1); // page 1, held since then
    expect(() => valueAt(2 * CRC_PAGE_ENTRIES + 1)).toThrow(/block CRC page 2 is corrupt/);
    expect(() => valueAt(2 * CRC_PAGE_ENTRIES + 9)).toThrow(/block CRC page 2 is corrupt/); // and again, never served
    expect(valueAt(3 * CRC_PAGE_ENTRIES + 4)).toBe(3 * CRC_PAGE_ENTRIES + 4); // page 3
  });
});

describe('the footer checks at open: every page CRC and every section entry', () => {
  /** A file of 8-byte blocks with three sections and three pages of block CRCs (2,100 blocks). */
  function threePages(): Buffer {
    const writer = FramedWriter.inMemory(MAGIC, 6, 8);
    writer.add('first', new Uint8Array(8 * 700));
    writer.add('middle', new Uint8Array(8 * 700));
    writer.add('last', new Uint8Array(8 * 700));
    return writer.finishBytes({ three: true });
  }

  it('opens the file as written (three pages, three sections)', () => {
    const bytes = threePages();
    const { footer } = footerOf(bytes);
    expect(footer.pages).toHaveLength(3);
    expect(Object.keys(footer.sections)).toEqual(['first', 'middle', 'last']);
    const f = FramedFile.fromBytes(bytes, MAGIC, 6);
    expect(f.read('last').length).toBe(8 * 700);
  });

  it.each([
    ['first', 0],
    ['middle', 1],
    ['last', 2],
  ])('refuses a bad CRC in the %s page (index %d) of the table', (_, index) => {
    for (const bad of [-1, 1.5, '7', null, 2 ** 53]) {
      const bytes = withFooter(threePages(), (footer) => {
        (footer.pages as unknown[])[index] = bad;
      });
      expect(() => FramedFile.fromBytes(bytes, MAGIC, 6), `${index}: ${String(bad)}`).toThrow(/bad table of block CRCs/);
    }
  });

  it.each(['first', 'middle', 'last'])('refuses a bad entry of section %s, naming it', (name) => {
    for (const bad of [[8, 16], [12, 16, 0], [16, -1, 0], [16, 16, -1], 'x', null]) {
      const bytes = withFooter(threePages(), (footer) => {
        (footer.sections as Record<string, unknown>)[name] = bad;
      });
      expect(() => FramedFile.fromBytes(bytes, MAGIC, 6), `${name}: ${JSON.stringify(bad)}`).toThrow(new RegExp(`bad section ${name}$`));
    }
  });
});
