/**
 * The rendered-items file (src/cache/item-file.ts): round trip of own texts and of references to record texts
 * (a splice anywhere, or none possible), damage found and healed (in an entry, a stored text, a record's text),
 * refused headers, and the common-ends split (property).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commonEnds, ItemFile, writeItemFile, type RecordText, type RecordTexts } from '../../src/cache/item-file.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';

const TEXTS = ['{\n      "a": 1,"score":1.0\n    }', '', 'ünïcödé ✓', 'x'.repeat(5_000_000)].map((t) => Buffer.from(t, 'utf8'));
let notices: string[];
let file: string;

beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
  file = path.join(mkdtempSync(path.join(tmpdir(), 'item-file-')), 'issues-x.items');
});
afterEach(() => setCacheNoticeSink(undefined));

/** A record snapshot's texts, back to back: each record's text and where it starts, and the reader's view. */
function snapshotOf(records: ReadonlyArray<Buffer | undefined>): { texts: Array<RecordText | undefined>; reader: RecordTexts } {
  let start = 0;
  const texts = records.map((bytes) => {
    const text = bytes && { bytes, start };
    start += bytes?.length ?? 0;
    return text;
  });
  const all = Buffer.concat(records.filter((r) => r !== undefined));
  return { texts, reader: { bytes: (at, length) => (at + length <= all.length ? Buffer.from(all.subarray(at, at + length)) : undefined) } };
}

/** Record texts for TEXTS: document 0's item is its record with a score inserted, 1 is unrelated, 2 and 3 none. */
const RECORDS = snapshotOf([Buffer.from('{\n      "a": 1\n    }'), Buffer.from('zzz'), undefined, undefined]);
const ENTRY = 48;
const write = (texts: readonly Buffer[], count = texts.length, records = RECORDS.texts) =>
  writeItemFile(file, count, (add) => texts.forEach((t, doc) => add(t, records[doc])));
const reader = RECORDS.reader;

describe('rendered-items file', () => {
  it('reads back every text, in any order', () => {
    expect(write(TEXTS)).toBe(readFileSync(file).length);
    const items = ItemFile.open(file, TEXTS.length)!;
    for (const doc of [3, 0, 2, 1, 0]) expect(items.read(doc, reader)!.equals(TEXTS[doc]!)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('stores an item that is its record plus a splice as a reference (the file holds only the patch)', () => {
    const record = Buffer.from('{"id":1,"title":"' + 'long title '.repeat(100) + '","body":null}');
    const item = Buffer.from(record.toString().replace('"title"', '"score":1.0,"title"'));
    const longer = Buffer.from(record.toString().replace('"title"', '"score":1.0,"extra":"' + 'x'.repeat(40) + '","title"'));
    const snapshot = snapshotOf([Buffer.from('[]'), record, record]);
    const size = writeItemFile(file, 3, (add) => [Buffer.from('[]'), item, longer].forEach((t, doc) => add(t, snapshot.texts[doc])))!;
    expect(size).toBeLessThan(32 + 3 * ENTRY + 80);
    const items = ItemFile.open(file, 3)!;
    expect(items.read(1, snapshot.reader)!.equals(item)).toBe(true);
    expect(items.read(2, snapshot.reader)!.equals(longer)).toBe(true);
    expect(items.read(0, snapshot.reader)!.toString()).toBe('[]');
  });

  it('gives nothing, and keeps the file, when a referenced record text is not at hand', () => {
    write(TEXTS);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.read(0, undefined)).toBeUndefined();
    expect(items.read(0, { bytes: () => undefined })).toBeUndefined();
    expect(items.usable).toBe(true);
    expect(notices).toEqual([]);
  });

  it('a record text other than the one the item was written against: never served, one notice, file deleted', () => {
    write(TEXTS);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.read(0, { bytes: () => Buffer.from('{\n      "b": 1\n    }') })).toBeUndefined();
    expect(items.usable).toBe(false);
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it('round-trips arbitrary items against arbitrary record texts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' }))), { minLength: 1, maxLength: 6 }), (pairs) => {
        const texts = pairs.map(([t]) => Buffer.from(t));
        const snapshot = snapshotOf(pairs.map(([, r]) => (r === null ? undefined : Buffer.from(r))));
        writeItemFile(file, texts.length, (add) => texts.forEach((t, doc) => add(t, snapshot.texts[doc])));
        const items = ItemFile.open(file, texts.length)!;
        texts.forEach((t, doc) => expect(items.read(doc, snapshot.reader)!.equals(t)).toBe(true));
        items.close();
      }),
      { numRuns: 10 },
    );
  });

  it('commonEnds: the longest prefix and suffix shared, never overlapping (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 30 }), fc.uint8Array({ maxLength: 30 }), (a, b) => {
        const [prefix, suffix] = commonEnds(a, b);
        expect(prefix + suffix).toBeLessThanOrEqual(Math.min(a.length, b.length));
        expect(Buffer.from(a.subarray(0, prefix)).equals(Buffer.from(b.subarray(0, prefix)))).toBe(true);
        expect(Buffer.from(a.subarray(a.length - suffix)).equals(Buffer.from(b.subarray(b.length - suffix)))).toBe(true);
        if (prefix < Math.min(a.length, b.length)) expect(a[prefix]).not.toBe(b[prefix]);
      }),
    );
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
    ['a text', (size: number) => size - ENTRY * 4 - 10],
    ['an entry', (size: number) => size - ENTRY * 4 + ENTRY * 3 + 9],
  ])('a flipped bit in %s: that read and every later one fall back, one notice, file deleted', (_what, where) => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[where(bytes.length)]! ^= 0x04;
    writeFileSync(file, bytes);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.read(0, reader)!.equals(TEXTS[0]!)).toBe(true);
    expect(items.read(3, reader)).toBeUndefined(); // the text of document 3 and its entry are the damaged ones
    expect(items.read(0, reader)).toBeUndefined();
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
