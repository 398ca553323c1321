/**
 * Field lengths in a stored index (src/cache/compact-index-file.ts): each field's total over every document is in
 * the header, and one (doc, field) length is read a block at a time, checked against its block's CRC: the section
 * is checked in 4 KiB blocks (the postings in 64 KiB ones), so a rare term's scattered documents read and check
 * 4 KiB around each length, not 64 KiB.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { BLOCK_ENTRIES, IndexFileError, openIndexFile } from '../../src/cache/compact-index-file.js';
import { Collection } from '../../src/store/collection.js';
import { buildCompactIndex } from '../../src/index/index-builder.js';
import { footerOf, sectionAt } from './helpers/framed-bytes.js';
import { storedIndexFile } from './helpers/stored-index.js';

const spec = specOf('issues');
// More (doc, field) lengths than one block holds, so several blocks are read and checked.
const COUNT = Math.ceil((2 * BLOCK_ENTRIES) / spec.fields.length) + 7;
const records: RawRecord[] = Array.from({ length: COUNT }, (_, i) => ({
  number: i + 1,
  title: `title ${'word '.repeat(i % 5)}${i}`,
  body: i % 3 === 0 ? undefined : 'body text '.repeat(i % 11),
}));
const collection = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
const built = buildCompactIndex(spec, collection);
const F = spec.fields.length;

const stored = (): string => storedIndexFile(built, 'field-lengths-');

describe('stored field lengths', () => {
  it('hold each field total and every (doc, field) length as built', () => {
    const { header, index } = openIndexFile(stored());
    const lengths = built.fieldLengths!();
    for (let f = 0; f < F; f++) {
      let sum = 0;
      for (let doc = 0; doc < COUNT; doc++) sum += lengths[doc * F + f]!;
      expect(header.fieldTotals[f]).toBe(sum);
      expect(index.fieldTotal(f)).toBe(sum);
      expect(built.fieldTotal(f)).toBe(sum);
    }
    for (const doc of [0, 1, Math.floor(BLOCK_ENTRIES / F), COUNT - 1]) {
      for (let f = 0; f < F; f++) expect(index.fieldLength(doc, f)).toBe(lengths[doc * F + f]);
    }
  });

  it('are checked in 4 KiB blocks of their own, as are the dictionary sections and the term frequencies (the posting documents and weights in 64 KiB ones)', () => {
    const { footer } = footerOf(readFileSync(stored()));
    expect(footer.blockBytes).toBe(BLOCK_ENTRIES * 4);
    for (const name of ['fieldLengths', 'termOffsets', 'termBytes', 'termIndex', 'postStart', 'postTf']) expect([name, footer.sections[name]![3]]).toEqual([name, 4096]);
    for (const name of ['postDocs', 'postWeights']) expect([name, footer.sections[name]![3]]).toEqual([name, undefined]);
  });

  it('find a damaged 4 KiB block of lengths when it is read, and only then (its neighbours read as built)', () => {
    const file = stored();
    const bytes = readFileSync(file);
    const [offset] = sectionAt(bytes, 'fieldLengths');
    const perBlock = 1024; // lengths per 4 KiB block
    bytes[offset + 3 * 4096 + 5]! ^= 0x40; // block 3: lengths 3072…4095
    writeFileSync(file, bytes);
    let corrupt = 0;
    const { index } = openIndexFile(file, () => corrupt++);
    const docOf = (entry: number): number => Math.floor(entry / F);
    for (const entry of [0, 3 * perBlock - 1, 4 * perBlock, 4 * perBlock + 7]) expect(index.fieldLength(docOf(entry), entry % F)).toBe(built.fieldLength(docOf(entry), entry % F));
    expect(corrupt).toBe(0);
    expect(() => index.fieldLength(docOf(3 * perBlock + 2), 0)).toThrow(IndexFileError);
    expect(corrupt).toBe(1);
  });

  it('find a damaged block of lengths when it is read, and only then', () => {
    const file = stored();
    const bytes = readFileSync(file);
    const [offset] = sectionAt(bytes, 'fieldLengths');
    bytes[offset + BLOCK_ENTRIES * 4 + 1]! ^= 0x40; // block 1
    writeFileSync(file, bytes);
    let corrupt = 0;
    const { index } = openIndexFile(file, () => corrupt++);
    expect(index.fieldLength(0, 0)).toBe(built.fieldLength(0, 0));
    expect(() => index.fieldLength(Math.ceil(BLOCK_ENTRIES / F) + 1, 0)).toThrow(IndexFileError);
    expect(corrupt).toBe(1);
  });
});
