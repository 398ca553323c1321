/**
 * The rendered-items file (src/cache/item-file.ts): round trip of own texts and of references to record texts
 * (a splice anywhere, or none possible), one item at a time or a page at once (with the reads a page costs), damage
 * found and healed (in an entry, a stored text, a record's text), refused files, and the common-ends split
 * (property). Damage in every region of the framing is test/cache/framed-damage.test.ts's.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commonEnds, ItemFile, writeItemFile, type RecordText, type RecordTexts } from '../../src/cache/item-file.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { sectionAt } from './helpers/framed-bytes.js';

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
    const bytes = readFileSync(file);
    expect(sectionAt(bytes, 'entries')[1]).toBe(3 * ENTRY);
    expect(sectionAt(bytes, 'stored')[1]).toBeLessThan(80); // the one long patch; the others sit in their entries
    expect(size).toBe(bytes.length);
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

  // A record text read unchecked (`bytesInto`) that fails the item's CRC is read again checked (`bytes`) before
  // the file is blamed: damage in the snapshot leaves the item to render, the file kept and no notice of its own.
  it.each<[string, Buffer | undefined, 'served' | 'rendered' | 'damaged']>([
    ['checked read gives the right text: served', Buffer.from('{\n      "a": 1\n    }'), 'served'],
    ['checked read finds damage (undefined): rendered, the file kept', undefined, 'rendered'],
    ['checked read gives the same wrong text: the file is damaged', Buffer.from('{\n      "b": 1\n    }'), 'damaged'],
  ])('an unchecked record text that fails the item CRC: %s', (_label, checked, outcome) => {
    write(TEXTS);
    const items = ItemFile.open(file, TEXTS.length)!;
    const wrong = Buffer.from('{\n      "b": 1\n    }');
    const texts: RecordTexts = {
      bytes: () => checked && Buffer.from(checked),
      bytesInto: (_start, length, memory) => {
        const out = memory(length);
        out.set(wrong.subarray(0, length));
        return out;
      },
    };
    const page = items.readPage([1, 0, 3], texts);
    expect(page[0]?.equals(TEXTS[1]!)).toBe(outcome === 'damaged' ? undefined : true); // another item of the same page
    expect(page[1]?.equals(TEXTS[0]!)).toBe(outcome === 'served' ? true : undefined);
    expect(items.usable).toBe(outcome !== 'damaged');
    expect(notices).toHaveLength(outcome === 'damaged' ? 1 : 0);
    expect(existsSync(file)).toBe(outcome !== 'damaged');
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

  it('reads a page at once, in the order asked (repeats and any order), as item by item', () => {
    write(TEXTS);
    const items = ItemFile.open(file, TEXTS.length)!;
    const page = [3, 0, 2, 1, 0];
    expect(items.readPage(page, reader).map((t) => t!.toString('latin1'))).toEqual(page.map((doc) => TEXTS[doc]!.toString('latin1')));
    expect(items.readPage([], reader)).toEqual([]);
    expect(() => items.readPage([TEXTS.length], reader)).toThrow(RangeError);
    expect(notices).toEqual([]);
  });

  it('a page of nearby documents costs one read of the entries and one of the record texts', () => {
    const n = 300;
    const records = Array.from({ length: n }, (_, i) => Buffer.from(`{"id":${i},"title":"${'t'.repeat(i % 50)}"}`));
    const texts = records.map((r) => Buffer.from(r.toString().replace('"title"', '"score":1.0,"title"')));
    const snapshot = snapshotOf(records);
    writeItemFile(file, n, (add) => texts.forEach((t, doc) => add(t, snapshot.texts[doc])));
    const reads: Array<[number, number]> = [];
    const counting: RecordTexts = { bytes: (at, length) => (reads.push([at, length]), snapshot.reader.bytes(at, length)) };
    const items = ItemFile.open(file, n)!;
    const page = [40, 7, 99, 12, 63];
    expect(items.readPage(page, counting).map((t) => t!.toString())).toEqual(page.map((doc) => texts[doc]!.toString()));
    expect(reads).toHaveLength(1);
    // Far apart (more than the gap joined into one read): one read each.
    const far = Array.from({ length: 20 }, (_, i) => i);
    const wide = snapshotOf(far.map((i) => Buffer.from(`{"i":${i},"pad":"${'p'.repeat(20_000)}"}`)));
    const wideTexts = far.map((i) => Buffer.from(`{"score":1.0,"i":${i},"pad":"${'p'.repeat(20_000)}"}`));
    writeItemFile(file, 20, (add) => wideTexts.forEach((t, doc) => add(t, wide.texts[doc])));
    reads.length = 0;
    const spread: RecordTexts = { bytes: (at, length) => (reads.push([at, length]), wide.reader.bytes(at, length)) };
    expect(ItemFile.open(file, 20)!.readPage([0, 10, 19], spread).map((t) => t!.length)).toEqual([0, 10, 19].map((i) => wideTexts[i]!.length));
    expect(reads).toHaveLength(3);
  });

  it('a record text not at hand for one item of a page: that item only is left to render', () => {
    write(TEXTS);
    const items = ItemFile.open(file, TEXTS.length)!;
    const got = items.readPage([0, 2, 3], { bytes: () => undefined });
    expect(got[0]).toBeUndefined();
    expect(got[1]!.equals(TEXTS[2]!)).toBe(true);
    expect(got[2]!.equals(TEXTS[3]!)).toBe(true);
    expect(items.usable).toBe(true);
  });

  it.each([
    ['the stored text of document 3', (bytes: Buffer) => sectionAt(bytes, 'stored')[0] + sectionAt(bytes, 'stored')[1] - 10],
    ['the entry of document 3', (bytes: Buffer) => sectionAt(bytes, 'entries')[0] + ENTRY * 3 + 9],
  ])('a flipped bit in %s: the page reading it and every later one fall back, one notice, file deleted', (_what, where) => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[where(bytes)]! ^= 0x04;
    writeFileSync(file, bytes);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.readPage([1, 3], reader)).toEqual([undefined, undefined]);
    expect(items.read(1, reader)).toBeUndefined();
    expect(items.usable).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(file);
    expect(existsSync(file)).toBe(false);
  });

  it('damage outside what a page reads is found when read: the pages before it are served', () => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[sectionAt(bytes, 'stored')[0] + sectionAt(bytes, 'stored')[1] - 10]! ^= 0x04; // the text of document 3
    writeFileSync(file, bytes);
    const items = ItemFile.open(file, TEXTS.length)!;
    expect(items.readPage([0, 1, 2], reader).map((t) => t!.toString('latin1'))).toEqual([0, 1, 2].map((doc) => TEXTS[doc]!.toString('latin1')));
    expect(items.read(3, reader)).toBeUndefined();
    expect(notices).toHaveLength(1);
  });

  it('a damaged prefix: refused with a notice and deleted', () => {
    write(TEXTS);
    const bytes = readFileSync(file);
    bytes[9]! ^= 1;
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
