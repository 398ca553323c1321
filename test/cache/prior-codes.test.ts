/**
 * Prior codes (src/cache/prior-codes.ts): each document's code stands for the smallest table value at least its
 * prior (never below the truth, never looser than one step), the section round-trips through the segment, and a
 * section this reader did not write is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrivateDocs } from '../../src/access/private-docs.js';
import { CODE_COUNT, CODE_NONE, CODE_UNIT, decodePriorCodes, encodePriorCodes, priorCode, priorCodeTable, TABLE_BYTES } from '../../src/cache/prior-codes.js';
import { Segment, segmentId, writeSegment } from '../../src/segment/segment.js';

const table = priorCodeTable();

/** The code by definition: the first table value at least `v` (none for NaN and negatives). */
function oracle(v: number): number {
  if (!(v >= 0)) return CODE_NONE;
  for (let c = 0; c < CODE_COUNT; c++) if (table[c]! >= v) return c;
  return CODE_NONE;
}

describe('prior codes', () => {
  it('the table is 0, ascending powers of 2^(1/4) with 1 at CODE_UNIT, then +Infinity', () => {
    expect(table[0]).toBe(0);
    expect(table[CODE_UNIT]).toBe(1);
    expect(table[CODE_UNIT + 4]).toBe(2);
    expect(table[CODE_NONE]).toBe(Infinity);
    for (let c = 1; c < CODE_COUNT; c++) expect(table[c]!).toBeGreaterThan(table[c - 1]!);
  });

  it('a code is the smallest table value at least the prior: edges', () => {
    const edges = [0, -0, -1e-300, -1, NaN, Infinity, -Infinity, Number.MIN_VALUE, 1e-300, 1, 2, 4, 65_536, 65_537, 1e300];
    for (let c = 1; c < CODE_NONE; c++) edges.push(table[c]!, table[c]! * (1 + 2 ** -52), table[c]! * (1 - 2 ** -53));
    for (const v of edges) expect([v, priorCode(v, table)]).toEqual([v, oracle(v)]);
    expect(priorCode(-0, table)).toBe(0);
    expect(priorCode(table[CODE_NONE - 1]! * 1.0001, table)).toBe(CODE_NONE);
  });

  it('a code is the smallest table value at least the prior: random values', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (v) => {
        const c = priorCode(v, table);
        expect(c).toBe(oracle(v));
        if (v >= 0) expect(table[c]!).toBeGreaterThanOrEqual(v);
        // Within one step of the value where the table covers it.
        if (v > table[1]! && v <= table[CODE_NONE - 1]!) expect(table[c]! / v).toBeLessThan(2 ** 0.25 * (1 + 1e-12));
      }),
      { numRuns: 5000, seed: 91 },
    );
  });

  it('a section round-trips; one of the wrong length or with a table this reader did not write is refused', () => {
    const values = Float64Array.from([0, 1, 3.5, NaN, -2, 1e-20, 1e9]);
    const bytes = encodePriorCodes(values);
    expect(bytes.length).toBe(TABLE_BYTES + values.length);
    const decoded = decodePriorCodes(bytes, values.length)!;
    expect([...decoded.codes]).toEqual([...values].map(oracle));
    expect(decodePriorCodes(bytes, values.length + 1)).toBeUndefined();
    // Unaligned bytes decode the same.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect([...decodePriorCodes(shifted.subarray(1), values.length)!.table]).toEqual([...table]);
    const unsorted = bytes.slice();
    new Float64Array(unsorted.buffer, 0, CODE_COUNT)[7] = 0;
    expect(decodePriorCodes(unsorted, values.length)).toBeUndefined();
  });

  it('the segment stores them and gives them back for every document', () => {
    const count = 9000;
    const factor = Float64Array.from({ length: count }, (_, i) => (i % 11 === 0 ? NaN : Math.exp(-i / 300) * 4));
    const dir = mkdtempSync(path.join(tmpdir(), 'prior-codes-'));
    try {
      const file = path.join(dir, 'issues-x.segment');
      const id = segmentId('columns-id');
      writeSegment(file, 'issues', id, count, { clock: 1, priors: new Map([['factor', factor]]), privateDocs: PrivateDocs.from([]) });
      const s = Segment.open(file, 'issues', id, count)!;
      const codes = s.priorCodes('factor')!;
      for (let doc = 0; doc < count; doc++) expect(codes.codes[doc]).toBe(oracle(factor[doc]!));
      expect(s.priorCodes('other')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
