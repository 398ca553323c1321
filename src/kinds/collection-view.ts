/**
 * What a kind's table reads of the store while filtering, sorting and projecting: the {@link CollectionView}
 * (implemented by store/collection.ts), the {@link Getter}s tables declare over it, and the shape of the
 * per-document {@link Column}s it hands out (built and stored by cache/columns.ts). Declared here, below both,
 * so the tables and the store each import it and neither imports the other.
 */
import type { Viewer } from '../request/viewer.js';
import type { Kind, RawRecord } from './kind.js';

/** What tables may read while filtering and projecting: the kind's records and their neighbours in the dump. */
export interface CollectionView {
  readonly kind: Kind;
  /** The kind's records, in dump order; a record's position is its document number (`doc`). */
  readonly records: readonly RawRecord[];
  /** issues: the `/pulls` record of a pull request, when the dump has it. */
  pullOf(doc: number): RawRecord | undefined;
  /** The repository record of `owner/name` (case-insensitive) from the dump's repositories, if present. */
  repository(fullName: string): RawRecord | undefined;
  /**
   * True when the viewer may know the repository `owner/name` (case-insensitive) exists: a public record names it,
   * or it is private and the viewer may read it (asked of src/access; anything else looks nonexistent).
   */
  knowsRepository(fullName: string, viewer: Viewer): boolean;
  /** True when the viewer may know the login exists: it appears in a public record or in a readable private one. */
  knowsUser(login: string, viewer: Viewer): boolean;
  /** The repository record with this id, if the dump has it. */
  repositoryById(id: number): RawRecord | undefined;
  /**
   * Open issues of `owner/name` carrying the label (case-insensitive), counted over the dump's issues; 0 when
   * the kind did not declare `needs: ['issues']`. Only issues of the same visibility as the repository record
   * (`isPrivate`) count, so a private issue never shows in a public record's count.
   */
  openIssuesWithLabel(fullName: string, label: string, isPrivate: boolean): number;
  /**
   * The values of a getter a qualifier declared in `QualifierSpec.columns` (or a sort key's getter) for every
   * document, held in typed arrays built with the index — so filters and sorts read no records. Undefined when
   * the getter is not a declared column or its values did not fit the column's type: then read the records.
   */
  column(get: Getter<unknown>): Column | undefined;
  /**
   * The inverted form of a strings getter's column ({@link ColumnSets}: its dictionary and, per string, the
   * documents holding it), read without the column itself; undefined when the collection has no stored inverted
   * form for it (then filters scan {@link column}).
   */
  columnSets?(get: Getter<unknown>): ColumnSets | undefined;
  /**
   * A number getter's column as narrow codes with its block statistics ({@link NarrowNumbers}), read without the
   * column's values; undefined when the collection stores no narrow form of it (then filters read {@link column}).
   */
  columnCodes?(get: Getter<unknown>): NarrowNumbers | undefined;
  /**
   * A boolean getter's true documents as a bit set (cache/column-bits.ts), read without the column; undefined when
   * the collection stores none for it (then filters read {@link column}).
   */
  columnBits?(get: Getter<unknown>): Uint32Array | undefined;
  /**
   * The collection reader's value for `slot` (src/store/collection.ts): made by `slot.make` on first use, kept as
   * the reader's own state (its caches share the reader's {@link MemoryBudget}) and dropped by its `close()`. How a
   * module keeps something derived from one collection: never in a side table of its own.
   */
  memo<T>(slot: ReaderSlot<T>): T;
}

/**
 * A piece of a collection reader's state, declared by the module that uses it (a module constant): its name (for
 * diagnostics) and how to make it from the collection and the reader's memory budget.
 */
export interface ReaderSlot<T, C extends CollectionView = CollectionView> {
  readonly name: string;
  make(c: C, budget: MemoryBudget): T;
}

/**
 * A cache that shares its collection reader's {@link MemoryBudget}: each entry is charged its estimated bytes and
 * stamped with {@link MemoryBudget.tick} when used, so the budget can evict the least recently used entry across
 * every cache of the reader.
 */
export interface BudgetedCache {
  /** The use stamp of its least recently used entry; Infinity when empty. */
  oldestTick(): number;
  /** Forget its least recently used entry; returns the bytes it was charged (the budget releases them). */
  evictOldest(): number;
  /** Forget every entry without charging the budget (the reader closes). */
  clear(): void;
}

/** One memory budget for a collection reader's caches (implemented by src/store/memory-budget.ts). */
export interface MemoryBudget {
  /** The most estimated bytes the reader's caches hold together. */
  readonly limitBytes: number;
  /** Estimated bytes held now (≤ {@link limitBytes} between calls). */
  readonly usedBytes: number;
  /** A use stamp larger than every earlier one. */
  tick(): number;
  /** Share the budget with `cache` (until the reader closes). */
  join(cache: BudgetedCache): void;
  /**
   * Charge `bytes` (negative: release them). Past the limit, evict least recently used entries across every joined
   * cache until the total is within it again.
   */
  charge(bytes: number): void;
}

/** Reads one value off a record. `doc` is the record's position in `c.records`. */
export type Getter<T> = (record: RawRecord, doc: number, c: CollectionView) => T;

/** The value type a column holds. */
export type ColumnType = 'number' | 'boolean' | 'strings';

/**
 * One column over `count` documents.
 * - number: `values[doc]`, NaN when the document has no value (other values are finite); `blocks`, when present,
 *   summarises the values block by block ({@link NumberBlocks}) so a range filter can skip or accept whole blocks.
 * - boolean: `values[doc]` is 0 (false), 1 (true) or 2 (no value).
 * - strings: document `d`'s strings are `dict[ids[k]]` for `k` in `[offsets[d], offsets[d+1])`;
 *   `offsets.length = count + 1`, `offsets[0] = 0`, `offsets[count] = ids.length`; `dict` holds each distinct
 *   string once (exact, case kept), in order of first occurrence.
 */
export type Column =
  | { readonly type: 'number'; readonly values: Float64Array; readonly blocks?: NumberBlocks }
  | { readonly type: 'boolean'; readonly values: Uint8Array }
  | { readonly type: 'strings'; readonly dict: readonly string[]; readonly offsets: Uint32Array; readonly ids: Uint32Array };

/**
 * A strings column turned around: `dict` as the column's (same ids), and per dictionary id the documents that hold
 * the string, so a filter on a few strings reads their documents instead of every document's strings. Stored
 * beside the column by the build (cache/columns.ts).
 */
export interface ColumnSets {
  readonly dict: readonly string[];
  /** How many documents hold string `id` (0 for an id outside the dictionary). */
  count(id: number): number;
  /**
   * The documents holding string `id`, ascending and duplicate-free; undefined when they cannot be read (a damaged
   * file: noticed and deleted, the caller then scans the column).
   */
  docsOf(id: number): Uint32Array | undefined;
  /**
   * The documents holding string `id` as a bit set (cache/column-bits.ts: document `d` is bit `d & 31` of word
   * `d >>> 5`), when the build stored one (strings held by many documents); undefined otherwise or when it cannot
   * be read (then read {@link docsOf}).
   */
  bitsOf?(id: number): Uint32Array | undefined;
}


/**
 * A number column's values also stored narrow (src/cache/narrow-numbers.ts): document `doc`'s value is
 * `codes[doc] × scale`, or none when `codes[doc] === none` (the codes' largest value); `blocks` are the column's
 * block statistics.
 */
export interface NarrowNumbers {
  readonly codes: Uint16Array | Uint32Array;
  readonly scale: number;
  readonly none: number;
  readonly blocks?: NumberBlocks;
}

/**
 * Per-block statistics of a number column: block `b` covers documents `[b·size, min((b+1)·size, count))`; `min[b]`
 * and `max[b]` are the least and greatest values present in it (NaN when none is), `present[b]` how many of its
 * documents have a value. Stored with the column (cache/columns.ts) so filters read them without the values.
 */
export interface NumberBlocks {
  readonly size: number;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly present: Float64Array;
}
