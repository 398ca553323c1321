/** The rendered-items file (src/cache/item-file.ts): round trip, damage found and healed, refused headers. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ItemFile, writeItemFile } from '../../src/cache/item-file.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';

const TEXTS = ['{\n      "a": 1\n    }', '', 'ünïcödé ✓', 'x'.repeat(5_000_000)].map((t) => Buffer.from(t, 'utf8'));
let notices: string[];
let file: string;

beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
  file = path.join(mkdtempSync(path.join(tmpdir(), 'item-file-')), 'issues-x.items');
});
afterEach(() => setCacheNoticeSink(undefined));

const write = (texts: readonly Buffer[], count = texts.length) => writeItemFile(file, count, (add) => texts.forEach((t) => add(t)));

describe('rendered-items file', () => {
  it('reads back every text, in any order', () => {
    expect(write(TEXTS)).toBe(readFileSync(file).length);
    const items = ItemFile.open(file, TEXTS.length)!;
    for (const doc of [3, 0, 2, 1, 0]) expect(items.read(doc)!.equals(TEXTS[doc]!)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('refuses a file written for another document count (no notice needed: a different build)', () => {
    write(TEXTS);
    expect(ItemFile.open(file, TEXTS.length + 1)).toBeUndefined();
  });

  it('is absent without a notice when there is no file', () => {
    expect(ItemFile.open(file, 1)).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it.each([
    ['a text', (size: number) => size - 16 * 4 - 10],
    ['an entry', (size: number) => size - 16 * 4 + 16 * 3 + 9],
  ])('a flipped bit in %s: that read and every later one fall back, one notice, file deleted', (_what, where) => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[where(bytes.length)]! ^= 0x04;
    writeFileSync(file, bytes);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.read(0)!.equals(TEXTS[0]!)).toBe(true);
    expect(items.read(3)).toBeUndefined(); // the text of document 3 and its entry are the damaged ones
    expect(items.read(0)).toBeUndefined();
    expect(items.usable).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(file);
    expect(existsSync(file)).toBe(false);
  });

  it('a damaged header: refused with a notice and deleted', () => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[12]! ^= 1;
    writeFileSync(file, bytes);
    expect(ItemFile.open(file, TEXTS.length)).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('a truncated file: refused when opened, with a notice, and deleted', () => {
    write(TEXTS);
    writeFileSync(file, readFileSync(file).subarray(0, 200));
    expect(ItemFile.open(file, TEXTS.length)).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses to write more or fewer texts than documents, leaving no file', () => {
    expect(() => write(TEXTS, TEXTS.length + 1)).toThrow(RangeError);
    expect(() => write(TEXTS, TEXTS.length - 1)).toThrow(RangeError);
    expect(existsSync(file)).toBe(false);
  });
});
