/**
 * Qualifier filters evaluated block by block over their columns (src/kinds/qualifier-columns.ts): the documents of
 * a sorted list that a column filter accepts, by tight loops over typed arrays instead of a predicate call per
 * document. A number column's per-block statistics (minimum, maximum, value count per 1,024 documents) let a range
 * filter skip a block none of whose values can pass and take a block all of whose values pass without reading
 * them. The result is exactly the documents the filter's predicate accepts (test/execute/column-filter.test.ts);
 * filters without a column keep the per-document scan (execute.ts `scanDocs`).
 */
import type { DocList } from '../index/text-index.js';
import type { Budget } from '../budget.js';
import type { Predicate } from '../kinds/spec.js';
import { columnFilterOf, type ColumnFilter } from '../kinds/qualifier-columns.js';
import { inInterval } from '../kinds/qualifier-values.js';
import { union } from './doc-set.js';

/** Documents per run when a filter has no block statistics (one budget charge and one yield check per run). */
const RUN = 1024;

/**
 * The documents of `within` (sorted, duplicate-free) that `test` accepts, over its column block by block; undefined
 * when the predicate describes no column filter (the caller then calls it per document). Spends one budget unit
 * per document of `within` (a skipped or accepted block included) and yields to the event loop when a slice has
 * run long; past the deadline it stops, keeping what passed so far.
 */
export function columnFilterDocs(within: DocList, test: Predicate, budget: Budget): Promise<DocList> | undefined {
  const filter = columnFilterOf(test);
  return filter ? columnDocs(within, filter, budget) : undefined;
}

/** The documents of `within` that `filter` accepts (see {@link filterDocs}). */
async function columnDocs(within: DocList, filter: ColumnFilter, budget: Budget): Promise<DocList> {
  if (filter.type === 'any') {
    let out: DocList = new Uint32Array(0);
    for (const part of filter.parts) {
      if (!budget.check()) break;
      out = union(out, await columnDocs(within, part, budget));
    }
    return out;
  }
  const out = new Uint32Array(within.length);
  let n = 0;
  const size = filter.type === 'range' && filter.blocks ? filter.blocks.size : RUN;
  for (let i = 0; i < within.length; ) {
    // The run of `within` inside the block of `size` documents that holds within[i].
    const block = Math.floor(within[i]! / size);
    const end = runEnd(within, i, (block + 1) * size);
    if (!budget.spend(end - i)) break;
    if (budget.yieldDue) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      budget.yielded();
    }
    n = testRun(filter, within, i, end, block, out, n);
    i = end;
  }
  return out.subarray(0, n);
}

/** The first index at or after `from` whose document is at least `bound` (a run is at most `bound`'s block long). */
function runEnd(within: DocList, from: number, bound: number): number {
  let lo = from;
  let hi = within.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (within[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Append the documents of `within[from..end)` (all inside block `block`) that `filter` accepts to `out` at `n`;
 * returns the new length. One monomorphic loop per filter type.
 */
function testRun(filter: Exclude<ColumnFilter, { type: 'any' }>, within: DocList, from: number, end: number, block: number, out: Uint32Array, n: number): number {
  if (filter.type === 'range') return rangeRun(filter, within, from, end, block, out, n);
  if (filter.type === 'flag') return filter.wanted ? flagRun(filter.values, within, from, end, out, n) : notFlagRun(filter.values, within, from, end, out, n);
  return setRun(filter.offsets, filter.ids, filter.hit, within, from, end, out, n);
}

function rangeRun(filter: Extract<ColumnFilter, { type: 'range' }>, within: DocList, from: number, end: number, block: number, out: Uint32Array, n: number): number {
  const { values, interval, blocks } = filter;
  const { lo, hi, loInclusive, hiInclusive } = interval;
  if (blocks) {
    const present = blocks.present[block]!;
    if (present === 0) return n;
    const least = blocks.min[block]!;
    const most = blocks.max[block]!;
    // Every value of the block lies in [least, most]. Both ends inside the (convex) interval: all pass.
    if (inInterval(interval, least) && inInterval(interval, most)) {
      if (present === Math.min(blocks.size, values.length - block * blocks.size)) {
        out.set(within.subarray(from, end), n);
        return n + (end - from);
      }
    } else if (most < lo || least > hi || (most === lo && !loInclusive) || (least === hi && !hiInclusive)) {
      return n; // [least, most] and the interval are disjoint: none passes
    }
  }
  // NaN (no value) fails every comparison.
  if (loInclusive && hiInclusive) {
    for (let i = from; i < end; i++) {
      const doc = within[i]!;
      const x = values[doc]!;
      if (x >= lo && x <= hi) out[n++] = doc;
    }
  } else {
    for (let i = from; i < end; i++) {
      const doc = within[i]!;
      const x = values[doc]!;
      if ((loInclusive ? x >= lo : x > lo) && (hiInclusive ? x <= hi : x < hi)) out[n++] = doc;
    }
  }
  return n;
}

function flagRun(values: Uint8Array, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  for (let i = from; i < end; i++) {
    const doc = within[i]!;
    if (values[doc] === 1) out[n++] = doc;
  }
  return n;
}

function notFlagRun(values: Uint8Array, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  for (let i = from; i < end; i++) {
    const doc = within[i]!;
    if (values[doc] !== 1) out[n++] = doc;
  }
  return n;
}

function setRun(offsets: Uint32Array, ids: Uint32Array, hit: Uint8Array, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  for (let i = from; i < end; i++) {
    const doc = within[i]!;
    for (let k = offsets[doc]!, stop = offsets[doc + 1]!; k < stop; k++) {
      if (hit[ids[k]!] === 1) {
        out[n++] = doc;
        break;
      }
    }
  }
  return n;
}
