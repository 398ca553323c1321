/**
 * Qualifier filters as column filters: a predicate compiled over a column (qualifiers.ts `onNumber`, `onBoolean`,
 * `onStrings`, `onInterval`) also says which column it reads and what it accepts there, as data — a numeric
 * interval, a wanted boolean, a set of dictionary ids — so the executor can evaluate it block by block over the
 * column's typed arrays into a document set (src/execute/column-filter.ts) instead of calling it per document.
 * The predicate stays the definition: a column filter accepts exactly the documents its predicate accepts (the
 * property test in test/execute/column-filter.test.ts compares the two).
 */
import { hasBit } from '../doc-bits.js';
import { type Column, type CollectionView, type ColumnSets, type Getter, type NarrowNumbers, type NumberBlocks } from './collection-view.js';
import { inInterval, type Interval } from './qualifier-values.js';
import { codeRange } from './interval-codes.js';
import type { Predicate } from './spec.js';

/**
 * What a column filter accepts, per document `doc`:
 * - `range`: `values[doc]` is present (not NaN) and inside `interval` (counts, or dates in epoch ms);
 * - `codes`: the same over a column stored narrow (src/cache/narrow-numbers.ts): `first ≤ codes[doc] ≤ last`, the
 *   codes whose values lie inside `interval` (`blocks`' statistics are the values', as for `range`);
 * - `flag`: `values[doc] === 1` equals `wanted` (a boolean column; a missing value, 2, counts as false);
 * - `bits`: document `doc`'s bit in `bits` (src/cache/column-bits.ts) equals `wanted` (a boolean column's true
 *   documents, or a dense string's documents);
 * - `set`: one of the document's dictionary ids `ids[offsets[doc] .. offsets[doc+1])` has `hit[id] === 1`;
 * - `sets`: the same over a strings column's inverted form — the document is in `sets.docsOf(id)` of an id with
 *   `hit[id] === 1`; `scan()` is the predicate to fall back on (the column's, described, or the records') when a
 *   list cannot be read;
 * - `any`: any of `parts` accepts the document (repeated values, the repository scope).
 */
export type ColumnFilter =
  | { readonly type: 'range'; readonly values: Float64Array; readonly blocks?: NumberBlocks; readonly interval: Interval }
  | {
      readonly type: 'codes';
      readonly codes: Uint16Array | Uint32Array;
      readonly first: number;
      readonly last: number;
      readonly blocks?: NumberBlocks;
      readonly interval: Interval;
    }
  | { readonly type: 'flag'; readonly values: Uint8Array; readonly wanted: boolean }
  | { readonly type: 'bits'; readonly bits: Uint32Array; readonly wanted: boolean }
  | { readonly type: 'set'; readonly offsets: Uint32Array; readonly ids: Uint32Array; readonly hit: Uint8Array }
  | { readonly type: 'sets'; readonly sets: ColumnSets; readonly hit: Uint8Array; readonly scan: () => Predicate }
  | { readonly type: 'any'; readonly parts: readonly ColumnFilter[] };

/** A predicate that also describes itself as a {@link ColumnFilter} accepting the same documents. */
export interface ColumnPredicate extends Predicate {
  readonly columnFilter: ColumnFilter;
}

/** `test` carrying `filter` (which must accept exactly the documents `test` accepts). */
function described(test: Predicate, filter: ColumnFilter): ColumnPredicate {
  return Object.assign(test, { columnFilter: filter });
}

/** The column filter a predicate carries, if it was compiled over a column. */
export function columnFilterOf(test: Predicate): ColumnFilter | undefined {
  return (test as Partial<ColumnPredicate>).columnFilter;
}

/**
 * A number column's values inside `interval`, over its narrow codes (src/cache/narrow-numbers.ts; the codes whose
 * values lie inside, interval-codes.ts: the values themselves not read), as a described predicate; undefined without codes.
 */
export function codesPredicate(narrow: NarrowNumbers | undefined, interval: Interval): Predicate | undefined {
  if (!narrow) return undefined;
  const { codes, blocks } = narrow;
  const { first, last } = codeRange(narrow, interval);
  const test: Predicate = (doc) => {
    const code = codes[doc]!;
    return code >= first && code <= last;
  };
  return described(test, { type: 'codes', codes, first, last, interval, ...(blocks ? { blocks } : {}) });
}

/**
 * A number column's values inside `interval`, as a described predicate; undefined when `column` is not a number
 * column (the caller then reads records).
 */
export function intervalPredicate(column: Column | undefined, interval: Interval): Predicate | undefined {
  if (column?.type !== 'number') return undefined;
  const { values, blocks } = column;
  const test: Predicate = (doc) => {
    const x = values[doc]!;
    return x === x && inInterval(interval, x);
  };
  return described(test, { type: 'range', values, interval, ...(blocks ? { blocks } : {}) });
}

/** A boolean column's documents whose value (missing = false) is `wanted`; undefined without a boolean column. */
export function flagPredicate(column: Column | undefined, wanted: boolean): Predicate | undefined {
  if (column?.type !== 'boolean') return undefined;
  const { values } = column;
  return described((doc) => (values[doc] === 1) === wanted, { type: 'flag', values, wanted });
}

/**
 * The documents whose bit in `bits` (a boolean column's true documents, src/cache/column-bits.ts) is `wanted`;
 * undefined without a bit set (the caller then reads the column).
 */
export function bitsPredicate(bits: Uint32Array | undefined, wanted: boolean): Predicate | undefined {
  if (!bits) return undefined;
  return described((doc) => hasBit(bits, doc) === wanted, { type: 'bits', bits, wanted });
}

/**
 * A strings column's documents with a string passing `test` — `test` runs once per distinct string (the
 * dictionary), never per document; undefined without a strings column.
 */
export function stringsPredicate(column: Column | undefined, test: (s: string) => boolean): Predicate | undefined {
  if (column?.type !== 'strings') return undefined;
  const { dict, offsets, ids } = column;
  const hit = new Uint8Array(dict.length);
  for (let i = 0; i < dict.length; i++) hit[i] = test(dict[i]!) ? 1 : 0;
  const predicate: Predicate = (doc) => {
    for (let k = offsets[doc]!, end = offsets[doc + 1]!; k < end; k++) if (hit[ids[k]!] === 1) return true;
    return false;
  };
  return described(predicate, { type: 'set', offsets, ids, hit });
}

/**
 * A strings getter's documents with a string passing `test`, over the column's stored inverted form (`test` runs
 * once per distinct string): the filter reads the lists of the strings that pass, not the column. The predicate
 * itself (a call per document) reads the column on first call — `scan()`, the column's described predicate, or
 * `fallback()` (the records') without one. Undefined when the collection stores no inverted form of the column.
 */
export function setsPredicate(c: CollectionView, get: Getter<unknown>, test: (s: string) => boolean, fallback: () => Predicate): Predicate | undefined {
  const sets = c.columnSets?.(get);
  if (!sets) return undefined;
  const { dict } = sets;
  const hit = new Uint8Array(dict.length);
  for (let i = 0; i < dict.length; i++) hit[i] = test(dict[i]!) ? 1 : 0;
  let perDocument: Predicate | undefined;
  const scan = (): Predicate => (perDocument ??= stringsPredicate(c.column(get), test) ?? fallback());
  return described((doc) => scan()(doc), { type: 'sets', sets, hit, scan });
}

/**
 * A number getter's values inside `interval` (numeric and date qualifiers): from its narrow codes when the
 * collection stores them (a count's 2 bytes or a date's 4 a document are read instead of 8), else from its column,
 * described, when the collection has it; else `fallback` (the record-reading predicate).
 */
export function onInterval(c: CollectionView, get: Getter<number | undefined>, interval: Interval, fallback: () => Predicate): Predicate {
  return codesPredicate(c.columnCodes?.(get), interval) ?? intervalPredicate(c.column(get), interval) ?? fallback();
}

/**
 * Any of `tests` (repeated values of one qualifier, the repository scope's positive values). Described when every
 * test is: set filters over the same column merge into one set (their hit arrays ORed).
 */
export function anyOf(tests: readonly Predicate[]): Predicate {
  if (tests.length === 1) return tests[0]!;
  const some: Predicate = (doc) => tests.some((t) => t(doc));
  const filters = tests.map(columnFilterOf);
  if (tests.length === 0 || filters.some((f) => f === undefined)) return some;
  const parts: ColumnFilter[] = [];
  for (const filter of filters as ColumnFilter[]) {
    const same =
      filter.type === 'set'
        ? parts.findIndex((p) => p.type === 'set' && p.ids === filter.ids && p.offsets === filter.offsets)
        : filter.type === 'sets'
          ? parts.findIndex((p) => p.type === 'sets' && p.sets === filter.sets)
          : -1;
    if (same < 0) {
      parts.push(filter);
      continue;
    }
    const into = parts[same] as Extract<ColumnFilter, { type: 'set' | 'sets' }>;
    const hit = into.hit.slice();
    const more = (filter as Extract<ColumnFilter, { type: 'set' | 'sets' }>).hit;
    for (let i = 0; i < hit.length; i++) hit[i] = hit[i]! | more[i]!;
    if (into.type === 'sets') {
      const [first, second] = [into.scan, (filter as Extract<ColumnFilter, { type: 'sets' }>).scan];
      let both: Predicate | undefined;
      parts[same] = { ...into, hit, scan: () => (both ??= anyOf([first(), second()])) };
    } else {
      parts[same] = { ...into, hit };
    }
  }
  return described(some, parts.length === 1 ? parts[0]! : { type: 'any', parts });
}
