/**
 * Qualifier filters evaluated block by block over their columns (src/kinds/qualifier-columns.ts): the documents of
 * a sorted list that a column filter accepts, by tight loops over typed arrays instead of a predicate call per
 * document. A number column's per-block statistics (minimum, maximum, value count per 1,024 documents) let a range
 * filter skip a block none of whose values can pass and take a block all of whose values pass without reading
 * them. A strings filter over a stored inverted form (`label:bug`) reads the documents of the strings that pass
 * and intersects them with the list — or, with no list yet (a query of qualifiers only), takes them less the
 * documents the viewer may not see, without visiting every visible document. The result is exactly the documents
 * the filter's predicate accepts (test/execute/column-filter.test.ts); filters without a column keep the
 * per-document scan (scan-docs.ts `scanDocs`). {@link filterShare} estimates what share of the collection a filter
 * keeps, so that a conjunction tests its most selective filters first (execute.ts).
 */
import { bitWords, keepByBit, keepByWords, markedBits, withoutMarked } from '../doc-bits.js';
import type { DocList } from '../index/text-index.js';
import type { Budget } from '../budget.js';
import type { Predicate } from '../kinds/spec.js';
import { columnFilterOf, type ColumnFilter } from '../kinds/qualifier-columns.js';
import { inInterval, type Interval } from '../kinds/qualifier-values.js';
import { difference, intersect, union } from './doc-set.js';
import { scanDocs } from './scan-docs.js';
import { u32, U32 } from '../scratch.js';
import type { NumberBlocks } from '../kinds/collection-view.js';

/** Documents per run when a filter has no block statistics (one budget charge and one yield check per run). */
const RUN = 1024;

/** A column filter that tests one document's own value (not a union of parts, nor an inverted form's lists). */
type ValueFilter = Exclude<ColumnFilter, { type: 'any' | 'sets' }>;

/** The documents per run `filter` is tested in (a range's block statistics apply to their own block only). */
const runSize = (filter: ValueFilter): number => ((filter.type === 'range' || filter.type === 'codes') && filter.blocks ? filter.blocks.size : RUN);

/** The documents a filter starts from when no list restricts it: those the viewer may see. */
export interface VisibleDocs {
  /** The documents the viewer may not see, ascending. */
  readonly hidden: DocList;
  /** Every document the viewer may see, ascending (the complement of `hidden`; made on demand). */
  readonly every: () => DocList;
  /**
   * The documents of the collection (`hidden` and `every` together: `[0, count)`). With it, filters over one bit
   * set each are tested word by word over the collection ({@link keepVisibleByWords}), not `every` document by document.
   */
  readonly count?: number;
  /** `hidden` as a bitmap over the `count` documents (src/doc-bits.ts layout), when one is stored; else made from `hidden`. */
  readonly hiddenBits?: Uint32Array;
}

/** Is `within` the visible documents described (not a list)? */
const isVisible = (within: DocList | VisibleDocs): within is VisibleDocs => !ArrayBuffer.isView(within);

/**
 * The documents of `within` (sorted, duplicate-free) that `test` accepts, over its column block by block; undefined
 * when the predicate describes no column filter (the caller then calls it per document). Without `within`, the
 * documents of `visible` it accepts (a filter over a stored inverted form then never visits every visible
 * document). Spends one budget unit per document of `within` (a skipped or accepted block included) or of an
 * inverted list read, and yields to the event loop when a slice has run long; past the deadline it stops, keeping
 * what passed so far.
 * @throws TypeError when neither `within` nor `visible` is given
 */
export function columnFilterDocs(within: DocList | undefined, test: Predicate, budget: Budget, visible?: VisibleDocs): Promise<DocList> | undefined {
  const filter = columnFilterOf(test);
  if (!filter) return undefined;
  if (!within && !visible) throw new TypeError('columnFilterDocs needs a list or the visible documents');
  return columnDocs(within, filter, budget, visible);
}

/** Documents per inverted list above which the lists of several strings are merged through a bitmap. */
const MERGE_BY_MARKS = 4;

/**
 * The documents holding any string with `hit[id] === 1`, ascending: one list as read, several merged (a bitmap
 * over the documents when there are more than a few). Undefined when a list cannot be read (damaged file).
 */
function invertedDocs(filter: Extract<ColumnFilter, { type: 'sets' }>, budget: Budget): DocList | undefined {
  const { sets, hit } = filter;
  const lists: Uint32Array[] = [];
  for (let id = 0; id < hit.length; id++) {
    if (hit[id] !== 1 || sets.count(id) === 0) continue;
    const docs = sets.docsOf(id);
    if (!docs) return undefined;
    budget.spend(docs.length);
    lists.push(docs);
  }
  if (lists.length === 0) return new Uint32Array(0);
  if (lists.length === 1) return lists[0]!;
  if (lists.length <= MERGE_BY_MARKS) return lists.reduce<DocList>((out, list) => union(out, list), new Uint32Array(0));
  let end = 0;
  let total = 0;
  for (const list of lists) {
    end = Math.max(end, list[list.length - 1]! + 1);
    total += list.length;
  }
  const marks = new Uint8Array(end);
  for (const list of lists) for (let i = 0; i < list.length; i++) marks[list[i]!] = 1;
  const out = new Uint32Array(Math.min(total, end));
  let n = 0;
  for (let d = 0; d < end; d++) if (marks[d] === 1) out[n++] = d;
  return out.subarray(0, n);
}

/** The documents of `within` that `filter` accepts (see {@link columnFilterDocs}). */
async function columnDocs(within: DocList | undefined, filter: ColumnFilter, budget: Budget, visible?: VisibleDocs): Promise<DocList> {
  if (filter.type === 'any') {
    let out: DocList = new Uint32Array(0);
    for (const part of filter.parts) {
      if (!budget.check()) break;
      out = union(out, await columnDocs(within, part, budget, visible));
    }
    return out;
  }
  if (filter.type === 'sets') {
    // Documents to test and the strings' bit sets (each document one word read): no list read or merged.
    const bits = within && setBits(filter);
    if (bits) return conjunctionDocs(within, [bits], budget);
    const docs = invertedDocs(filter, budget);
    if (docs) return within ? intersect(within, docs) : difference(docs, visible!.hidden);
    // A list could not be read: the column (or the records) per document, as without an inverted form.
    const scan = filter.scan();
    const described = columnFilterOf(scan);
    const all = within ?? visible!.every();
    return described ? columnDocs(all, described, budget, visible) : scanDocs(all, scan, budget, RUN); // an inverted list that could not be read: one call per document
  }
  return conjunctionDocs(within ?? visible!, [filter], budget);
}

/**
 * The documents of `within` (sorted, duplicate-free; or the documents a viewer may see, described: listed only when
 * the filters cannot be tested without them) that every one of `tests` accepts, as one pass over `within` block by block instead of a pass (and a list written) per filter: each run of documents is tested by the first
 * filter into the output, then the survivors by the next, in place, and so on (a run none survives costs the
 * other filters nothing). The same documents as the filters applied one after another with
 * {@link columnFilterDocs}. Undefined when a test does not describe a filter of one document's own value (a range,
 * a flag, strings tested through their column: an inverted form or a union of parts is evaluated on its own) or
 * the filters' runs differ in size. Spends one budget unit per document tested by each filter and yields when a
 * slice has run long; past the deadline it stops, keeping what passed so far.
 */
export function columnConjunctionDocs(within: DocList | VisibleDocs, tests: readonly Predicate[], budget: Budget): Promise<DocList> | undefined {
  const filters: ValueFilter[] = [];
  for (const test of tests) {
    const described = columnFilterOf(test);
    // Strings over an inverted form join a list's pass through their bit sets (without a list, their own lists are
    // read rather than every visible document tested).
    const filter = described?.type === 'sets' && !isVisible(within) ? setBits(described) : described;
    if (!filter || filter.type === 'any' || filter.type === 'sets') return undefined;
    if (filters.length > 0 && runSize(filter) !== runSize(filters[0]!)) return undefined;
    filters.push(filter);
  }
  if (filters.length === 0) return undefined;
  return conjunctionDocs(within, filters, budget);
}

/**
 * The documents of `within` (ascending; or the visible documents described) that every one of `filters` (one or
 * more, of one run size) accepts. The filters of a document's own bit (`bits`: nothing per block to settle) first:
 * over the visible documents of a collection of known count, word by word over the collection
 * ({@link keepVisibleByWords}: the visible documents are never listed); otherwise each over the whole list in one loop
 * (the first writes the survivors, each next narrows them in place: a cold process compiles one long loop sooner than
 * it does a short one called per block); then the others per run of the survivors inside one block of the filters'
 * run size, likewise — or, when the survivors are sparse over those blocks ({@link sparseOverBlocks}), each over the
 * whole list in one loop without the blocks' statistics, as the bits are. Spends one budget unit per document
 * tested; stops (a shorter answer) when it runs out.
 * The passes write into the process's working arrays (src/scratch.ts), never across a yield to the event loop: the
 * bits' survivors are copied out before the block-wise pass (which may yield), and that pass, when it cannot narrow
 * its own copy in place, moves what it wrote so far out of its working array before each yield. The answer is a
 * fresh array, sized to the survivors (a filter run over every visible document allocates the answer, not the list).
 */
async function conjunctionDocs(within: DocList | VisibleDocs, filters: readonly ValueFilter[], budget: Budget): Promise<DocList> {
  const blocked: ValueFilter[] = [];
  const bitFilters = filters.filter((f): f is Extract<ValueFilter, { type: 'bits' }> => f.type === 'bits');
  let list: DocList;
  if (bitFilters.length > 0 && isVisible(within) && within.count !== undefined) {
    const kept = keepVisibleByWords(bitFilters, within, within.count, budget);
    if (kept === undefined) return new Uint32Array(0);
    list = kept;
  } else {
    list = isVisible(within) ? within.every() : within;
    if (bitFilters.length > 0) {
      const kept = u32(U32.bitsPassed, list.length);
      const n = keepByBits(bitFilters, list, kept, budget);
      if (n === undefined) return new Uint32Array(0);
      list = kept.slice(0, n);
    }
  }
  for (const filter of filters) if (filter.type !== 'bits') blocked.push(filter);
  if (blocked.length === 0) return list;
  // The survivors of the bits are this call's own copy: narrowed in place. Otherwise written into a working array.
  const own = bitFilters.length > 0;
  let out = own ? (list as Uint32Array) : u32(U32.passed, list.length);
  const size = runSize(blocked[0]!);
  if (sparseOverBlocks(list, size)) {
    // One pass per filter over the whole list, no yield (at most SPARSE_RUN documents per block of the span).
    if (!budget.spend(list.length * blocked.length)) return new Uint32Array(0);
    let n = list.length;
    let from: DocList = list;
    for (const filter of blocked) {
      n = testDocs(filter, from, 0, n, out, 0);
      from = out;
    }
    return own ? out.subarray(0, n) : out.slice(0, n);
  }
  const spilled: Uint32Array[] = [];
  let n = 0;
  for (let i = 0; i < list.length; ) {
    // The run of `list` inside the block of `size` documents that holds list[i].
    const block = Math.floor(list[i]! / size);
    const end = runEnd(list, i, (block + 1) * size);
    if (!budget.spend(end - i)) break;
    if (budget.yieldDue) {
      if (!own) {
        spilled.push(out.slice(0, n));
        n = 0;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      budget.yielded();
      if (!own) out = u32(U32.passed, list.length);
    }
    const start = n;
    // (`list` may be `out` itself, narrowed by the bits: written at or before where it is read, as below.)
    n = testRun(blocked[0]!, list, i, end, block, out, n);
    for (let f = 1; f < blocked.length && n > start; f++) {
      budget.spend(n - start);
      n = testRun(blocked[f]!, out, start, n, block, out, start);
    }
    i = end;
  }
  if (own) return out.subarray(0, n);
  return joined(spilled, out.subarray(0, n));
}

/**
 * The documents of `visible` (over a collection of `count` documents) whose bit in each of `filters` is as that
 * filter wants, ascending, in a new array sized to them — or undefined when `budget` runs out (one unit per word of
 * each set and of the hidden bitmap). Written into a working array (src/scratch.ts) first. Word by word over
 * the collection (doc-bits.ts `keepByWords`), the hidden documents as one more set wanted clear: no list of the
 * visible documents is read or made. The same documents as {@link keepByBits} over `visible.every()`.
 */
function keepVisibleByWords(filters: readonly BitsFilter[], visible: VisibleDocs, count: number, budget: Budget): Uint32Array | undefined {
  const sets = filters.map((f) => f.bits);
  const flips = filters.map((f) => (f.wanted ? 0 : -1));
  if (visible.hidden.length > 0) {
    sets.push(visible.hiddenBits ?? markedBits(visible.hidden, count));
    flips.push(-1);
  }
  if (!budget.spend(bitWords(count) * sets.length)) return undefined;
  const kept = u32(U32.bitsPassed, count);
  return kept.slice(0, keepByWords(sets, Int32Array.from(flips), count, kept));
}

/** The lists `parts` and then `last`, one after another, in a new array. */
function joined(parts: readonly Uint32Array[], last: Uint32Array): Uint32Array {
  if (parts.length === 0) return last.slice();
  let total = last.length;
  for (const part of parts) total += part.length;
  const out = new Uint32Array(total);
  let n = 0;
  for (const part of parts) {
    out.set(part, n);
    n += part.length;
  }
  out.set(last, n);
  return out;
}

/**
 * The documents of `within` (sorted, duplicate-free) that `test` rejects, when `test` is a filter over a stored
 * inverted form (`-label:enhancement`): `within` less the documents of the strings that pass, in one difference
 * (no list of the accepted ones is made to be taken out again). Undefined for any other filter, or when an
 * inverted list cannot be read (the caller then negates the filter's own answer). Spends one budget unit per
 * document of an inverted list read.
 */
export function columnExceptDocs(within: DocList, test: Predicate, budget: Budget): DocList | undefined {
  const filter = columnFilterOf(test);
  if (filter?.type !== 'sets') return undefined;
  const bits = setBits(filter);
  if (bits) {
    budget.spend(within.length);
    return withoutMarked(within, bits.bits);
  }
  const docs = invertedDocs(filter, budget);
  return docs && difference(within, docs);
}

/**
 * A filter over a strings column's inverted form as a filter over bit sets: the documents holding a string with
 * `hit[id] === 1`, when every such string held by some document has a stored bit set (column-bits.ts) and there
 * are at most {@link MERGE_BY_MARKS} of them (several are ORed into one set). Undefined otherwise (or when none
 * is held by any document: the lists then answer at no cost).
 */
function setBits(filter: Extract<ColumnFilter, { type: 'sets' }>): Extract<ColumnFilter, { type: 'bits' }> | undefined {
  const { sets, hit } = filter;
  if (!sets.bitsOf) return undefined;
  const found: Uint32Array[] = [];
  for (let id = 0; id < hit.length; id++) {
    if (hit[id] !== 1 || sets.count(id) === 0) continue;
    const bits = found.length < MERGE_BY_MARKS ? sets.bitsOf(id) : undefined;
    if (!bits) return undefined;
    found.push(bits);
  }
  if (found.length === 0) return undefined;
  let bits = found[0]!;
  if (found.length > 1) {
    bits = bits.slice();
    for (let f = 1; f < found.length; f++) orInto(bits, found[f]!);
  }
  return { type: 'bits', bits, wanted: true };
}

/** A filter over a document's bit: its bit set and whether the bit must be set (true) or clear (false). */
export type BitsFilter = Extract<ColumnFilter, { type: 'bits' }>;

/**
 * `test` as a filter over one bit set, when it is one: a flag with a stored bit set (`is:issue`), or strings over an
 * inverted form whose every string taken is dense ({@link setBits}: `label:bug`); `negated` flips what it wants (the
 * filter under a NOT: `-label:enhancement`). Undefined for any other filter (ranges, sparse strings, predicates).
 */
export function bitsFilterOf(test: Predicate, negated = false): BitsFilter | undefined {
  const filter = columnFilterOf(test);
  const bits = filter?.type === 'bits' ? filter : filter?.type === 'sets' ? setBits(filter) : undefined;
  return bits && (negated ? { ...bits, wanted: !bits.wanted } : bits);
}

/**
 * Writes to `into` from 0 the documents of `list` (ascending) whose bit in each of `filters` (one or more) is as that
 * filter wants, in their order, and returns how many — or undefined when `budget` (optional) runs out (one unit per
 * document tested by each filter). The first filter's pass writes the survivors, each next narrows them in place
 * (each survivor is read before its slot, at or before it, is written), so `into` needs room for `list.length` and
 * may be `list` itself. Each pass is the one loop of doc-bits.ts `keepByBit` over the whole list: a cold process
 * compiles one long loop sooner than it does a short one called per block.
 */
export function keepByBits(filters: readonly BitsFilter[], list: ArrayLike<number>, into: Uint32Array, budget?: Budget): number | undefined {
  let n = list.length;
  let from = list;
  for (const filter of filters) {
    if (budget && !budget.spend(n)) return undefined;
    n = keepByBit(filter.bits, filter.wanted, from, 0, n, into, 0);
    from = into;
  }
  return n;
}

/** `bits[w] |= more[w]` for every word (two sets over one collection). */
function orInto(bits: Uint32Array, more: Uint32Array): void {
  for (let w = 0; w < bits.length; w++) bits[w]! |= more[w]!;
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
 * Below this many documents of a list per block of the filters' run size (on average over the blocks its span
 * covers), the value filters test the list document by document in one loop each ({@link conjunctionDocs}): a block
 * then holds too few of its documents for settling the block by its statistics to save what finding its run costs
 * (at 1M, 18,490 candidates over 977 blocks of 1,024 documents, and a shuffled dump's statistics settle none).
 */
export const SPARSE_RUN = 32;

/**
 * Whether `list` (ascending, not empty) holds fewer than {@link SPARSE_RUN} documents per block of `size` documents
 * over the blocks from its first document's to its last's: then its value filters are tested per document.
 */
export function sparseOverBlocks(list: DocList, size: number): boolean {
  const n = list.length;
  return n > 0 && n < SPARSE_RUN * (Math.floor(list[n - 1]! / size) - Math.floor(list[0]! / size) + 1);
}

/**
 * Append the documents of `within[from..end)` (all inside block `block`) that `filter` accepts to `out` at `n`;
 * returns the new length. A range first asks the block's statistics (none or every document may pass), then
 * {@link testDocs}.
 */
function testRun(filter: ValueFilter, within: DocList, from: number, end: number, block: number, out: Uint32Array, n: number): number {
  if (filter.type === 'range' || filter.type === 'codes') {
    const verdict = blockVerdict(filter.blocks, block, filter.interval, filter.type === 'range' ? filter.values.length : filter.codes.length);
    if (verdict === NONE_PASS) return n;
    if (verdict === ALL_PASS) {
      out.set(within.subarray(from, end), n);
      return n + (end - from);
    }
  }
  return testDocs(filter, within, from, end, out, n);
}

/**
 * Append the documents of `within[from..end)` that `filter` accepts to `out` at `n`, each tested by its own value
 * (no block statistics); returns the new length. One monomorphic loop per filter type; `out` may be `within` when
 * `n <= from` (each document is read before its slot is written).
 */
function testDocs(filter: ValueFilter, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  if (filter.type === 'range') return rangeRun(filter, within, from, end, out, n);
  if (filter.type === 'codes') return codesRun(filter, within, from, end, out, n);
  if (filter.type === 'flag') return filter.wanted ? flagRun(filter.values, within, from, end, out, n) : notFlagRun(filter.values, within, from, end, out, n);
  if (filter.type === 'bits') return keepByBit(filter.bits, filter.wanted, within, from, end, out, n);
  return setRun(filter.offsets, filter.ids, filter.hit, within, from, end, out, n);
}

/** What a block's statistics settle for a range: no value passes, every document passes, or each must be tested. */
const NONE_PASS = 0;
const ALL_PASS = 1;
const TEST = 2;

/** {@link NONE_PASS}, {@link ALL_PASS} or {@link TEST} for block `block` of a column of `count` documents. */
function blockVerdict(blocks: NumberBlocks | undefined, block: number, interval: Interval, count: number): number {
  if (!blocks) return TEST;
  const { lo, hi, loInclusive, hiInclusive } = interval;
  const present = blocks.present[block]!;
  if (present === 0) return NONE_PASS;
  const least = blocks.min[block]!;
  const most = blocks.max[block]!;
  // Every value of the block lies in [least, most]. Both ends inside the (convex) interval: all pass.
  if (inInterval(interval, least) && inInterval(interval, most)) {
    if (present === Math.min(blocks.size, count - block * blocks.size)) return ALL_PASS;
  } else if (most < lo || least > hi || (most === lo && !loInclusive) || (least === hi && !hiInclusive)) {
    return NONE_PASS; // [least, most] and the interval are disjoint: none passes
  }
  return TEST;
}

/** {@link testDocs} for a range over a column stored narrow: its codes against the interval's codes. */
function codesRun(filter: Extract<ColumnFilter, { type: 'codes' }>, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  const { codes, first, last } = filter;
  for (let i = from; i < end; i++) {
    const doc = within[i]!;
    const code = codes[doc]!;
    if (code >= first && code <= last) out[n++] = doc;
  }
  return n;
}

/** {@link testDocs} for a range over a number column's values. */
function rangeRun(filter: Extract<ColumnFilter, { type: 'range' }>, within: DocList, from: number, end: number, out: Uint32Array, n: number): number {
  const { values, interval } = filter;
  const { lo, hi, loInclusive, hiInclusive } = interval;
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

/** Documents a share estimate tests, evenly spaced over the collection. */
const SAMPLE = 512;

/**
 * What share of a collection of `count` documents a filter keeps, from what costs nothing next to the filter
 * itself: a filter over an inverted form — its strings' documents (an upper bound); a range none of whose blocks
 * can meet the interval — none; otherwise the share of {@link SAMPLE} documents evenly spaced over the collection
 * that pass (ranges, flags and scanned sets: their columns are in memory by then); any of several parts — the sum
 * of theirs. An estimate for ordering a conjunction's filters (execute.ts), never an answer; undefined for a
 * predicate without a column.
 */
export function filterShare(test: Predicate, count: number): number | undefined {
  const filter = columnFilterOf(test);
  if (!filter || count <= 0) return undefined;
  return Math.min(1, shareOf(filter, count));
}

/** See {@link filterShare}. */
function shareOf(filter: ColumnFilter, count: number): number {
  switch (filter.type) {
    case 'sets': {
      let kept = 0;
      for (let id = 0; id < filter.hit.length; id++) if (filter.hit[id] === 1) kept += filter.sets.count(id);
      return kept / count;
    }
    case 'any': {
      let share = 0;
      for (const part of filter.parts) share += shareOf(part, count);
      return share;
    }
    case 'range':
    case 'codes':
      if (filter.blocks && rangeKeptAtMost(filter.blocks, filter.interval) === 0) return 0;
      return sampled(filter, count);
    default:
      return sampled(filter, count);
  }
}

/** The share of {@link SAMPLE} evenly spaced documents (all when fewer) that `filter` accepts. */
function sampled(filter: ValueFilter, count: number): number {
  const n = Math.min(SAMPLE, count);
  const docs = new Uint32Array(n);
  for (let i = 0; i < n; i++) docs[i] = Math.floor((i * count) / n);
  // One run per block of the filter's size, as columnDocs takes them (the statistics of a block apply to it alone).
  const size = runSize(filter);
  const out = new Uint32Array(n);
  let kept = 0;
  for (let i = 0; i < n; ) {
    const block = Math.floor(docs[i]! / size);
    const end = runEnd(docs, i, (block + 1) * size);
    kept = testRun(filter, docs, i, end, block, out, kept);
    i = end;
  }
  return kept / n;
}

/** The documents with a value in the blocks whose [least, greatest] value meets `interval`. */
function rangeKeptAtMost(blocks: NumberBlocks, interval: Interval): number {
  const { lo, hi, loInclusive, hiInclusive } = interval;
  let kept = 0;
  for (let b = 0; b < blocks.present.length; b++) {
    const present = blocks.present[b]!;
    if (present === 0) continue;
    const least = blocks.min[b]!;
    const most = blocks.max[b]!;
    if (most < lo || least > hi || (most === lo && !loInclusive) || (least === hi && !hiInclusive)) continue;
    kept += present;
  }
  return kept;
}
