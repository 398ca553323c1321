/**
 * Prior codes (src/order/prior-codes.ts): each document's code stands for the smallest table value at least its
 * prior (so the top-k collector's bound by it is never below the truth, and never looser than one step), the
 * section round-trips through the segment, a section this reader did not write is refused, and the collector's
 * answer over a generated dump with private records stays the exhaustive one while the codes rule matches out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PrivateDocs } from '../../src/access/private-docs.js';
import { Budget } from '../../src/budget.js';
import { executePlan } from '../../src/execute/match.js';
import { orderMatches } from '../../src/order/order.js';
import {
  CODE_COUNT,
  CODE_NONE,
  CODE_UNIT,
  decodePriorCodes,
  encodePriorCodes,
  priorCode,
  priorBlockBounds,
  priorCodeTable,
  priorUpperBounds,
  TABLE_BYTES,
} from '../../src/order/prior-codes.js';
import { compileSearch, planSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor } from '../../src/request/viewer.js';
import { normalizeRequest } from '../../src/search-request.js';
import { Segment, segmentId, writeSegment } from '../../src/segment/segment.js';
import { openStore } from '../../src/store/store.js';
import type { Collection } from '../../src/store/collection.js';
import { generateDump, VOCABULARY } from '../access/generated-dump.js';

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

describe('block bounds from prior codes (a private reader)', () => {
  /** A collection whose segment holds these priors' codes. */
  const withCodes = (values: Float64Array): Collection =>
    ({ segment: { priorCodes: () => decodePriorCodes(encodePriorCodes(values), values.length) } }) as unknown as Collection;

  it('are at least the largest prior of each block, within one step; none when a match has no code bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 60_000, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }),
        (list, sizes) => {
          const values = Float64Array.from(list);
          const docs = Uint32Array.from(values.keys());
          const starts: number[] = [0];
          for (const size of sizes) if (starts.at(-1)! < docs.length) starts.push(Math.min(docs.length, starts.at(-1)! + size));
          const count = starts.length - 1;
          const out = new Float64Array(count);
          expect(priorBlockBounds(withCodes(values), 'factor', docs, Int32Array.from(starts), count, out)).toBe(out);
          for (let j = 0; j < count; j++) {
            const most = Math.max(...values.subarray(starts[j]!, starts[j + 1]!));
            expect(out[j]!).toBeGreaterThanOrEqual(most);
            if (most > table[1]!) expect(out[j]! / most).toBeLessThan(2 ** 0.25 * (1 + 1e-12));
          }
        },
      ),
      { numRuns: 500, seed: 92 },
    );
    for (const bad of [NaN, -1, 1e9]) {
      const values = Float64Array.of(1, 2, bad, 3);
      expect(priorBlockBounds(withCodes(values), 'factor', Uint32Array.of(0, 1, 2, 3), Int32Array.of(0, 2, 4), 2, new Float64Array(2))).toBeUndefined();
    }
    expect(priorBlockBounds(withCodes(Float64Array.of(1)), undefined, Uint32Array.of(0), Int32Array.of(0, 1), 1, new Float64Array(1))).toBeUndefined();
  });
});

describe('the collector with prior codes over a generated dump', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('bounds every match by at least its prior, and answers as scoring every match (every viewer)', async () => {
    const { dir } = generateDump(9, 120);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    const issues = await store.collection('issues');
    expect(issues.segment?.priorCodes('factor')).toBeDefined();
    const docs = Uint32Array.from({ length: issues.records.length }, (_, i) => i);
    const bounds = new Float64Array(docs.length);
    expect(priorUpperBounds(issues, 'factor', docs, docs.length, bounds)).toBe(true);
    expect(priorUpperBounds(issues, undefined, docs, docs.length, bounds)).toBe(false);
    for (const doc of docs) {
      const prior = issues.segment!.prior('factor', doc)!;
      if (prior >= 0) expect(bounds[doc]!).toBeGreaterThanOrEqual(prior);
    }
    const viewers = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('root', ['*'])];
    const queries = ['is:issue', 'state:closed', 'label:bug', 'comments:>0', 'is:open', 'no:label', 'NOT zebra'].flatMap((q) => VOCABULARY.slice(0, 3).map((w) => `${w} ${q}`));
    for (const viewer of viewers) {
      for (const q of queries) {
        for (const per_page of ['1', '5', '30']) {
          const normalized = normalizeRequest({ kind: 'issues', q, page: '1', per_page, viewer, requirePreviews: false });
          const compiled = compileSearch(await planSearch(normalized), issues);
          const run = async (pruning: 'always' | 'never') => {
            const budget = new Budget(undefined);
            const ordered = orderMatches(compiled, await executePlan(compiled, issues, budget), issues, budget, pruning);
            const n = Math.min(ordered.docs.length, compiled.plan.window.end);
            return { docs: [...ordered.docs.subarray(0, n)], scores: [...ordered.scores.subarray(0, n)], total: ordered.total };
          };
          expect([q, per_page, await run('always')]).toEqual([q, per_page, await run('never')]);
        }
      }
    }
  }, 120_000);
});
