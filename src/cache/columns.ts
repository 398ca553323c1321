/**
 * Columnar storage of per-document values (numbers, booleans, string lists) so that filters and sorts read typed
 * arrays instead of parsing records. Pure storage: a column is a name, a type and one value per document number;
 * what the values mean (kinds, qualifiers, sort keys) is the caller's business.
 *
 * The file is framed (framing.ts, magic `OGSCOLMN`, layout {@link COLUMNS_FORMAT}): one section per column, named
 * after it, little-endian —
 *   number   Float64 × count | per block of {@link NUMBER_BLOCK} documents, Float64 × blocks each: the least
 *            value, the greatest value, how many documents have one; and, when the footer's entry has `narrow`
 *            ({@link NarrowShape}: every value fits), the same values as codes in a section of their own,
 *            `<name>/codes`: one code of `width` bytes × count (narrow-numbers.ts), what range filters read
 *   boolean  Uint8 × count, and (the footer's entry has `bits`) the true documents as a bit set in a section of
 *            their own, `<name>/bits` (column-bits.ts), what flag filters read
 *   strings  Uint32 offsets × (count + 1) | Uint32 ids × `ids` | dictionary as UTF-8 JSON (`dictBytes`), and its
 *            inverted form in a section of its own, `<name>/docs` ({@link invertStrings}): Uint32 starts ×
 *            (`strings` + 1) | Uint32 documents × `docs` — string id `i`'s documents, ascending, at
 *            `[starts[i], starts[i+1])`; and the bit sets of the dense strings (the footer's `dense` ids,
 *            column-bits.ts), one after another in `<name>/bits`
 * and the footer's metadata `{ id, count, columns: [{ name, type, ids?, dictBytes?, strings?, docs?, narrow?, bits?, dense? }] }`. Opening reads the footer
 * only and checks id, count and every column's type and length; a column is read when first asked for, its blocks
 * checked by the framing, then its decoded shape ({@link validShape}: what nothing per document can check).
 *
 * Who checks what. The per-value rules of a column (finite numbers, boolean codes 0–2, monotone offsets, ids inside
 * the dictionary, a dictionary without repeats) are checked by {@link saveColumns} over every value before it
 * writes, and the framing's per-block CRC-32 then guarantees that the bytes a reader gets are the bytes written. A
 * reader does not check them again: at a million documents that pass was 30–100 ms of a cold query per column
 * (a loop the cold process runs in V8's interpreter), proportional to the collection, not the query. What the CRC
 * does not cover — a file rewritten on purpose with matching CRCs — is a write to the user's own cache directory,
 * the trust the dump itself has; and even then no reader leaves its arrays: typed arrays read past their end give
 * undefined, which every column reader treats as no value. What a reader does check is the shape, in constant
 * time per column or per block of statistics: lengths, the first and last offset, a dictionary of strings, and the
 * number columns' block statistics (the filters skip whole blocks by them, so a wrong one would change answers).
 */
import { cacheNotice } from './notice.js';
import { FILE_MAGIC, FramedFile, FramedWriter, FramingError, openFramedCache } from './framing.js';
import type { Column, ColumnSets, ColumnType, NarrowNumbers, NumberBlocks } from '../kinds/collection-view.js';
import { encodeNarrow, narrowShape, noneCode, type NarrowShape } from './narrow-numbers.js';
import { denseBits, denseIds, trueBits } from './column-bits.js';
import { bitWords } from '../doc-bits.js';

/**
 * Bumped when the layout or what the columns hold changes (2: code columns are built with linguist's detection
 * loaded; format 1 files may lack detected languages; 3: help-wanted/good-first counts only count issues of the
 * repository record's own visibility; 4: number columns carry per-block minimum, maximum and value counts; 5: the
 * one framing, framing.ts; 6: strings columns carry their inverted form, `<name>/docs`; 7: number columns whose
 * values fit carry them narrow too, `<name>/codes`; 8: boolean columns and the dense strings of strings columns
 * carry bit sets, `<name>/bits`).
 */
export const COLUMNS_FORMAT = 8;
/** Documents per block of a number column's block statistics (see {@link numberBlocks}). */
export const NUMBER_BLOCK = 1024;
const NO_BOOLEAN = 2;
const MAX_U32 = 0xffff_ffff;
const INITIAL_CAPACITY = 64;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// ---------------------------------------------------------------------------------------------------------------
// Building

type GrowableArray = Float64Array | Uint8Array | Uint32Array;

/** `array` itself when it holds `need` elements, else a copy with at least double the capacity. */
function ensure<T extends GrowableArray>(array: T, need: number): T {
  if (need <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(need, array.length * 2));
  next.set(array);
  return next;
}

/** Type-specific accumulation; `add` returns false for an unusable value. */
interface Sink {
  add(value: unknown, doc: number): boolean;
  /** @param copy false: views of the sink's own arrays (see {@link ColumnBuilder.view}) */
  finish(count: number, copy?: boolean): Column;
}

/** The first `length` elements of `array`: a trimmed copy, or (`copy` false) a view of it. */
const head = <T extends GrowableArray>(array: T, length: number, copy: boolean): T => (copy ? array.slice(0, length) : array.subarray(0, length)) as T;

class NumberSink implements Sink {
  private values = new Float64Array(INITIAL_CAPACITY);

  add(value: unknown, doc: number): boolean {
    let v: number;
    if (value === undefined || value === null) v = NaN;
    else if (typeof value !== 'number') return false;
    else if (Number.isNaN(value)) v = NaN;
    else if (Number.isFinite(value)) v = value;
    else return false;
    this.values = ensure(this.values, doc + 1);
    this.values[doc] = v;
    return true;
  }

  finish(count: number, copy = true): Column {
    const values = head(this.values, count, copy);
    return { type: 'number', values, blocks: numberBlocks(values) };
  }
}

/** Number of blocks of {@link NUMBER_BLOCK} documents over `count` documents. */
const blockCount = (count: number): number => Math.ceil(count / NUMBER_BLOCK);

/**
 * The block statistics of a number column's values: per block of {@link NUMBER_BLOCK} documents, the least and
 * greatest value present (NaN when none is) and how many documents have a value.
 */
export function numberBlocks(values: Float64Array): NumberBlocks {
  const blocks = blockCount(values.length);
  const min = new Float64Array(blocks).fill(NaN);
  const max = new Float64Array(blocks).fill(NaN);
  const present = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let lo = Infinity;
    let hi = -Infinity;
    let n = 0;
    for (let d = b * NUMBER_BLOCK, end = Math.min(values.length, d + NUMBER_BLOCK); d < end; d++) {
      const x = values[d]!;
      if (x !== x) continue;
      n++;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    if (n > 0) {
      min[b] = lo;
      max[b] = hi;
    }
    present[b] = n;
  }
  return { size: NUMBER_BLOCK, min, max, present };
}

/** Whether `blocks` has the shape of {@link numberBlocks}' answer for `count` documents (not its values). */
function validBlocks(blocks: NumberBlocks, count: number): boolean {
  const n = blockCount(count);
  if (blocks.size !== NUMBER_BLOCK || blocks.min.length !== n || blocks.max.length !== n || blocks.present.length !== n) return false;
  for (let b = 0; b < n; b++) {
    const size = Math.min(NUMBER_BLOCK, count - b * NUMBER_BLOCK);
    const present = blocks.present[b]!;
    if (!Number.isInteger(present) || present < 0 || present > size) return false;
    const lo = blocks.min[b]!;
    const hi = blocks.max[b]!;
    if (present === 0 ? lo === lo || hi === hi : !(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)) return false;
  }
  return true;
}

class BooleanSink implements Sink {
  private values = new Uint8Array(INITIAL_CAPACITY);

  add(value: unknown, doc: number): boolean {
    let v: number;
    if (value === undefined || value === null) v = NO_BOOLEAN;
    else if (typeof value === 'boolean') v = value ? 1 : 0;
    else return false;
    this.values = ensure(this.values, doc + 1);
    this.values[doc] = v;
    return true;
  }

  finish(count: number, copy = true): Column {
    return { type: 'boolean', values: head(this.values, count, copy) };
  }
}

class StringsSink implements Sink {
  private readonly dict: string[] = [];
  private readonly dictIds = new Map<string, number>();
  private offsets = new Uint32Array(INITIAL_CAPACITY);
  private ids = new Uint32Array(INITIAL_CAPACITY);
  private idCount = 0;

  private push(text: string): boolean {
    if (this.idCount >= MAX_U32) return false;
    let id = this.dictIds.get(text);
    if (id === undefined) {
      id = this.dict.length;
      this.dict.push(text);
      this.dictIds.set(text, id);
    }
    this.ids = ensure(this.ids, this.idCount + 1);
    this.ids[this.idCount++] = id;
    return true;
  }

  add(value: unknown, doc: number): boolean {
    if (typeof value === 'string') {
      if (!this.push(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) if (typeof item === 'string' && !this.push(item)) return false;
    } else if (value !== undefined && value !== null) {
      return false;
    }
    this.offsets = ensure(this.offsets, doc + 2);
    this.offsets[doc + 1] = this.idCount;
    return true;
  }

  finish(count: number, copy = true): Column {
    return { type: 'strings', dict: copy ? this.dict.slice() : this.dict, offsets: head(this.offsets, count + 1, copy), ids: head(this.ids, this.idCount, copy) };
  }
}

/**
 * Accumulates one column in document order without knowing the document count in advance (typed arrays grow by
 * doubling). Memory per document: 8 bytes (number), 1 byte (boolean), 4 bytes per string occurrence + 4 bytes
 * (strings, plus one dictionary entry per distinct string).
 */
export class ColumnBuilder {
  private readonly sink: Sink;
  private added = 0;
  private usable = true;

  /** @throws TypeError for a type other than 'number', 'boolean' or 'strings' */
  constructor(type: ColumnType) {
    if (type === 'number') this.sink = new NumberSink();
    else if (type === 'boolean') this.sink = new BooleanSink();
    else if (type === 'strings') this.sink = new StringsSink();
    else throw new TypeError(`unknown column type ${String(type)}`);
  }

  /**
   * Append the value of the next document (doc = number of values added so far).
   * - number: a finite number; undefined, null or NaN → no value.
   * - boolean: true/false; undefined or null → no value (2).
   * - strings: a string, or an array of strings (other items skipped, duplicates kept); undefined or null → none.
   * Any other value (wrong type, object, ±Infinity…) makes the column unusable: {@link finish} returns undefined.
   */
  add(value: unknown): void {
    if (this.usable && !this.sink.add(value, this.added)) this.usable = false;
    this.added++;
  }

  /** Number of values added. */
  get count(): number {
    return this.added;
  }

  /** The column (fresh arrays trimmed to {@link count}), or undefined when a value was unusable. */
  finish(): Column | undefined {
    return this.usable ? this.sink.finish(this.added) : undefined;
  }

  /**
   * The column as {@link finish} gives it, but as views of the builder's own arrays (no copy): for a builder that
   * is done, whose column is written out (saveColumns) without holding a second copy of it. Adding a value after
   * this may change what the views show.
   */
  view(): Column | undefined {
    return this.usable ? this.sink.finish(this.added, false) : undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Validation: the writer checks every value, a reader the shape (a file that was written can always be read back)

function validNumbers(values: Float64Array): boolean {
  // The typed array's own search (native) rather than a loop: a cold query validates each column it reads.
  return !values.includes(Infinity) && !values.includes(-Infinity);
}

function validBooleans(values: Uint8Array): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]! > NO_BOOLEAN) return false;
  return true;
}

function validStrings(dict: readonly string[], offsets: Uint32Array, ids: Uint32Array, count: number): boolean {
  if (!Array.isArray(dict) || !(offsets instanceof Uint32Array) || !(ids instanceof Uint32Array)) return false;
  if (offsets.length !== count + 1 || offsets[0] !== 0 || offsets[count] !== ids.length) return false;
  for (let d = 0; d < count; d++) if (offsets[d]! > offsets[d + 1]!) return false;
  for (const text of dict) if (typeof text !== 'string') return false;
  if (new Set(dict).size !== dict.length) return false;
  for (let k = 0; k < ids.length; k++) if (ids[k]! >= dict.length) return false;
  return true;
}

/**
 * Whether `column`'s shape fits `count` documents, without visiting its values (the read side's check, see the
 * module's docstring): array types and lengths, the strings' first and last offset and a dictionary of strings,
 * the number columns' block statistics.
 */
function validShape(column: Column, count: number): boolean {
  switch (column.type) {
    case 'number':
      return column.values instanceof Float64Array && column.values.length === count && (column.blocks === undefined || validBlocks(column.blocks, count));
    case 'boolean':
      return column.values instanceof Uint8Array && column.values.length === count;
    case 'strings': {
      const { dict, offsets, ids } = column;
      if (!Array.isArray(dict) || !(offsets instanceof Uint32Array) || !(ids instanceof Uint32Array)) return false;
      if (offsets.length !== count + 1 || offsets[0] !== 0 || offsets[count] !== ids.length) return false;
      for (let i = 0; i < dict.length; i++) if (typeof dict[i] !== 'string') return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Whether `column` is well formed for `count` documents, every value visited (no reader can go out of bounds):
 * the writer's check ({@link saveColumns}).
 */
function validColumn(column: Column, count: number): boolean {
  switch (column.type) {
    case 'number':
      return (
        column.values instanceof Float64Array &&
        column.values.length === count &&
        validNumbers(column.values) &&
        (column.blocks === undefined || validBlocks(column.blocks, count))
      );
    case 'boolean':
      return column.values instanceof Uint8Array && column.values.length === count && validBooleans(column.values);
    case 'strings':
      return validStrings(column.dict, column.offsets, column.ids, count);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The file

/** One column as the footer lists it. */
interface ColumnEntry {
  readonly name: string;
  readonly type: ColumnType;
  /** strings only: number of ids. */
  readonly ids?: number;
  /** strings only: byte length of the dictionary's JSON. */
  readonly dictBytes?: number;
  /** strings only: number of distinct strings (the dictionary's length). */
  readonly strings?: number;
  /** strings only: number of documents in the inverted form (one per document and distinct string it holds). */
  readonly docs?: number;
  /** number only: the values are also stored as codes of this shape, `<name>/codes` (narrow-numbers.ts). */
  readonly narrow?: NarrowShape;
  /** boolean only: the true documents are also stored as a bit set, `<name>/bits` (column-bits.ts). */
  readonly bits?: true;
  /** strings only: the ids whose documents are also stored as bit sets, in this order, `<name>/bits`. */
  readonly dense?: readonly number[];
}

/** The section of a boolean column's bit set, or of a strings column's dense strings' bit sets. */
const bitsSection = (name: string): string => `${name}/bits`;

/** The section of a strings column's inverted form. */
const docsSection = (name: string): string => `${name}/docs`;

/** The section of a number column's narrow codes. */
const codesSection = (name: string): string => `${name}/codes`;

/** Whether a footer's `narrow` is a shape the reader knows. */
function isShape(shape: unknown): shape is NarrowShape {
  if (typeof shape !== 'object' || shape === null) return false;
  const { width, scale } = shape as NarrowShape;
  return (width === 2 || width === 4) && (scale === 1 || scale === 1000);
}

/**
 * The inverted form of a strings column: for each dictionary id `i`, the documents holding string `i` (each once,
 * however often it repeats in the document), ascending, at `docs[starts[i] .. starts[i+1])`. Two passes over the
 * ids (count, then place); `lastDoc` keeps a document from being counted twice for one string.
 * @param strings the dictionary's length (every id is below it)
 */
export function invertStrings(offsets: Uint32Array, ids: Uint32Array, strings: number): { starts: Uint32Array; docs: Uint32Array } {
  const count = offsets.length - 1;
  const starts = new Uint32Array(strings + 1);
  const lastDoc = new Int32Array(strings).fill(-1);
  for (let d = 0; d < count; d++) {
    for (let k = offsets[d]!, end = offsets[d + 1]!; k < end; k++) {
      const id = ids[k]!;
      if (lastDoc[id] === d) continue;
      lastDoc[id] = d;
      starts[id + 1]!++;
    }
  }
  for (let i = 0; i < strings; i++) starts[i + 1]! += starts[i]!;
  const docs = new Uint32Array(starts[strings]!);
  const next = starts.slice(0, strings);
  lastDoc.fill(-1);
  for (let d = 0; d < count; d++) {
    for (let k = offsets[d]!, end = offsets[d + 1]!; k < end; k++) {
      const id = ids[k]!;
      if (lastDoc[id] === d) continue;
      lastDoc[id] = d;
      docs[next[id]!++] = d;
    }
  }
  return { starts, docs };
}

/** The footer's metadata. */
interface Meta {
  readonly id: string;
  readonly count: number;
  readonly columns: readonly ColumnEntry[];
}

const asBytes = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The byte length a section of this type must have. */
function expectedLength(type: ColumnType, count: number, ids: number, dictBytes: number): number {
  if (type === 'number') return 8 * count + 3 * 8 * blockCount(count);
  if (type === 'boolean') return count;
  return 4 * (count + 1) + 4 * ids + dictBytes;
}

/** A column's parts as {@link saveColumns} writes them: its own section's, and those of the sections beside it. */
interface EncodedColumn {
  readonly parts: Buffer[];
  readonly entry: ColumnEntry;
  /** strings: the inverted form. */
  readonly docs?: Buffer[];
  /** number: the narrow codes. */
  readonly codes?: Buffer;
  /** boolean: the true documents' bit set; strings: the dense strings' bit sets. */
  readonly bits?: Buffer;
}

/** A column's section as parts in order, its footer entry, and the sections beside it ({@link EncodedColumn}). */
function encodeColumn(name: string, column: Column): EncodedColumn {
  if (column.type === 'strings') {
    const dict = Buffer.from(JSON.stringify(column.dict), 'utf8');
    const inverted = invertStrings(column.offsets, column.ids, column.dict.length);
    const count = column.offsets.length - 1;
    const dense = denseIds(inverted.starts, count);
    const entry: ColumnEntry = { name, type: 'strings', ids: column.ids.length, dictBytes: dict.length, strings: column.dict.length, docs: inverted.docs.length };
    return {
      parts: [asBytes(column.offsets), asBytes(column.ids), dict],
      entry: dense.length > 0 ? { ...entry, dense } : entry,
      docs: [asBytes(inverted.starts), asBytes(inverted.docs)],
      ...(dense.length > 0 ? { bits: asBytes(denseBits(inverted.starts, inverted.docs, dense, count)) } : {}),
    };
  }
  if (column.type === 'number') {
    const blocks = column.blocks ?? numberBlocks(column.values);
    const parts = [asBytes(column.values), asBytes(blocks.min), asBytes(blocks.max), asBytes(blocks.present)];
    const narrow = narrowShape(column.values);
    if (!narrow) return { parts, entry: { name, type: 'number' } };
    return { parts, entry: { name, type: 'number', narrow }, codes: asBytes(encodeNarrow(column.values, narrow)) };
  }
  return { parts: [asBytes(column.values)], entry: { name, type: 'boolean', bits: true }, bits: asBytes(trueBits(column.values)) };
}

/**
 * Write `columns` (each over `count` documents) to `file` atomically (the one temp-file writer: a temp file
 * renamed into place; the directory is created). `id` is an opaque key checked by {@link openColumns}.
 * Never throws.
 * @returns the file's size in bytes, or undefined when it could not be written (read-only or full disk, a column
 *   whose length differs from `count` or that is malformed); a temp file is removed on failure
 */
export async function saveColumns(file: string, id: string, count: number, columns: ReadonlyMap<string, Column>): Promise<number | undefined> {
  if (!LITTLE_ENDIAN || !isCount(count) || count >= MAX_U32) return undefined;
  const encoded: EncodedColumn[] = [];
  try {
    for (const [name, column] of columns) {
      if (!validColumn(column, count)) return undefined;
      encoded.push(encodeColumn(name, column));
    }
  } catch {
    return undefined; // e.g. a string too large to serialise
  }
  const writer = FramedWriter.create(file, FILE_MAGIC.columns, COLUMNS_FORMAT);
  if (!writer) return undefined;
  try {
    for (const { parts, entry, docs, codes, bits } of encoded) {
      writer.add(entry.name, ...parts);
      if (docs) writer.add(docsSection(entry.name), ...docs);
      if (codes) writer.add(codesSection(entry.name), codes);
      if (bits) writer.add(bitsSection(entry.name), bits);
    }
    return writer.finishSync({ id, count, columns: encoded.map(({ entry }) => entry) } satisfies Meta);
  } catch {
    writer.discard();
    return undefined;
  }
}

/** Persisted columns of one collection, read lazily. */
export interface ColumnFile {
  /** Number of documents of every column. */
  readonly count: number;
  /** Names of the stored columns. */
  readonly names: readonly string[];
  /**
   * The column `name`, read from disk on first call (then kept); undefined when absent, or when its bytes fail
   * their CRC or shape checks (then the file is deleted so the next build rewrites it). Synchronous; never throws.
   */
  get(name: string): Column | undefined;
  /**
   * The inverted form of strings column `name` ({@link ColumnSets}): its dictionary and the table of where each
   * string's documents start are read on first call (then kept), each string's documents when first asked for;
   * the column itself is not read. Undefined when `name` is not a strings column of the file or its parts fail
   * their checks (then the file is deleted). Never throws.
   */
  sets(name: string): ColumnSets | undefined;
  /**
   * The narrow codes of number column `name` with its block statistics ({@link NarrowNumbers}), read on first call
   * (then kept) without the column's values. Undefined when `name` is not a number column stored narrow, or its
   * parts fail their checks (then the file is deleted). Never throws.
   */
  codes(name: string): NarrowNumbers | undefined;
  /**
   * The bit set of boolean column `name`'s true documents (column-bits.ts: `bitWords(count)` words), read on first
   * call (then kept) without the column. Undefined when `name` is not a boolean column stored with one, or it fails
   * its checks (then the file is deleted). Never throws.
   */
  bits(name: string): Uint32Array | undefined;
  /** Close the file descriptor (later get() of unread columns return undefined). */
  close(): void;
}

class LazyColumnFile implements ColumnFile {
  readonly names: readonly string[];
  private readonly entries: Map<string, ColumnEntry>;
  /** Columns read so far; null = read and found corrupt. */
  private readonly read = new Map<string, Column | null>();
  /** Inverted forms opened so far; null = found corrupt. */
  private readonly inverted = new Map<string, ColumnSets | null>();
  /** Narrow codes read so far; null = absent or found corrupt. */
  private readonly narrow = new Map<string, NarrowNumbers | null>();
  /** Boolean columns' bit sets read so far; null = absent or found corrupt. */
  private readonly flags = new Map<string, Uint32Array | null>();
  private closed = false;

  constructor(
    private readonly framed: FramedFile,
    readonly count: number,
    columns: readonly ColumnEntry[],
  ) {
    this.entries = new Map(columns.map((entry) => [entry.name, entry]));
    this.names = Object.freeze(columns.map((entry) => entry.name));
  }

  get(name: string): Column | undefined {
    const known = this.read.get(name);
    if (known !== undefined) return known ?? undefined;
    const entry = this.entries.get(name);
    if (!entry || this.closed) return undefined;
    let column: Column | undefined;
    try {
      column = this.decode(this.framed.read(name), entry);
    } catch (error) {
      if (!(error instanceof FramingError)) return undefined; // an I/O error: maybe transient, not a reason to delete
    }
    if (!column) {
      cacheNotice(this.framed.file, `column ${name} fails its checks`);
      this.framed.discard();
    }
    this.read.set(name, column ?? null);
    return column;
  }

  /**
   * The stored inverted form of strings column `name` (each distinct string's documents), opened on first ask and
   * remembered; undefined for a column that is not a strings column, a closed file, or an inverted form that fails
   * its checks (noticed and the file deleted; the caller then filters from the column or the records). An I/O error
   * returns undefined without deleting the file.
   */
  sets(name: string): ColumnSets | undefined {
    const known = this.inverted.get(name);
    if (known !== undefined) return known ?? undefined;
    const entry = this.entries.get(name);
    if (entry?.type !== 'strings' || this.closed) return undefined;
    let sets: ColumnSets | undefined;
    try {
      sets = this.openSets(name, entry);
    } catch (error) {
      if (!(error instanceof FramingError)) return undefined; // an I/O error: maybe transient, not a reason to delete
    }
    if (!sets) this.damaged(`the inverted form of column ${name} fails its checks`);
    this.inverted.set(name, sets ?? null);
    return sets;
  }

  codes(name: string): NarrowNumbers | undefined {
    const known = this.narrow.get(name);
    if (known !== undefined) return known ?? undefined;
    const entry = this.entries.get(name);
    if (entry?.type !== 'number' || !entry.narrow || this.closed) return undefined;
    const count = this.count;
    const { width, scale } = entry.narrow;
    let narrow: NarrowNumbers | undefined;
    try {
      // The codes (their own section), and the block statistics: the tail of the column's section (the values before
      // them are not read).
      const bytes = this.framed.read(codesSection(name));
      const codes = width === 2 ? new Uint16Array(bytes.buffer, bytes.byteOffset, count) : new Uint32Array(bytes.buffer, bytes.byteOffset, count);
      const blocks = blockCount(count);
      const stats = this.framed.read(name, 8 * count, 3 * 8 * blocks);
      const f64 = (index: number) => new Float64Array(stats.buffer, stats.byteOffset + 8 * blocks * index, blocks);
      const statistics: NumberBlocks = { size: NUMBER_BLOCK, min: f64(0), max: f64(1), present: f64(2) };
      if (validBlocks(statistics, count)) narrow = { codes, scale, none: noneCode(width), blocks: statistics };
    } catch (error) {
      if (!(error instanceof FramingError)) return undefined; // an I/O error: maybe transient, not a reason to delete
    }
    if (!narrow) this.damaged(`the codes of column ${name} fail their checks`);
    this.narrow.set(name, narrow ?? null);
    return narrow;
  }

  bits(name: string): Uint32Array | undefined {
    const known = this.flags.get(name);
    if (known !== undefined) return known ?? undefined;
    const entry = this.entries.get(name);
    if (entry?.type !== 'boolean' || !entry.bits || this.closed) return undefined;
    let bits: Uint32Array | undefined;
    try {
      const bytes = this.framed.read(bitsSection(name));
      bits = new Uint32Array(bytes.buffer, bytes.byteOffset, bitWords(this.count));
    } catch (error) {
      if (!(error instanceof FramingError)) return undefined; // an I/O error: maybe transient, not a reason to delete
    }
    if (!bits) this.damaged(`the bit set of column ${name} fails its checks`);
    this.flags.set(name, bits ?? null);
    return bits;
  }

  close(): void {
    this.closed = true;
    this.framed.close();
  }

  private damaged(why: string): void {
    cacheNotice(this.framed.file, why);
    this.framed.discard();
  }

  /**
   * The dictionary (the tail of the column's section) and the starts of the inverted form, checked in time
   * proportional to the dictionary: a dictionary of `strings` strings, starts from 0 to `docs` never decreasing.
   * Each string's documents are read on first ask; their last must be a document of the file.
   * @throws FramingError for a block that fails its CRC
   */
  private openSets(name: string, entry: ColumnEntry): ColumnSets | undefined {
    const strings = entry.strings!;
    const total = entry.docs!;
    const count = this.count;
    const dictBytes = this.framed.read(name, 4 * (count + 1 + entry.ids!), entry.dictBytes!);
    let dict: unknown;
    try {
      dict = JSON.parse(Buffer.from(dictBytes.buffer, dictBytes.byteOffset, dictBytes.length).toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(dict) || dict.length !== strings) return undefined;
    for (let i = 0; i < strings; i++) if (typeof dict[i] !== 'string') return undefined;
    const section = docsSection(name);
    const startBytes = this.framed.read(section, 0, 4 * (strings + 1));
    const starts = new Uint32Array(startBytes.buffer, startBytes.byteOffset, strings + 1);
    if (starts[0] !== 0 || starts[strings] !== total) return undefined;
    for (let i = 0; i < strings; i++) if (starts[i]! > starts[i + 1]!) return undefined;
    const lists = new Map<number, Uint32Array | null>();
    const listsOf = (id: number): Uint32Array | undefined => {
      const known = lists.get(id);
      if (known !== undefined) return known ?? undefined;
      let docs: Uint32Array | undefined;
      try {
        const n = starts[id + 1]! - starts[id]!;
        const bytes = this.framed.read(section, 4 * (strings + 1 + starts[id]!), 4 * n);
        docs = new Uint32Array(bytes.buffer, bytes.byteOffset, n);
        if (n > 0 && docs[n - 1]! >= count) docs = undefined;
      } catch (error) {
        if (!(error instanceof FramingError)) return undefined;
      }
      if (!docs) this.damaged(`the inverted form of column ${name} fails its checks`);
      lists.set(id, docs ?? null);
      return docs;
    };
    // The dense strings' bit sets (their place in the bits section by id), each read on first ask.
    const words = bitWords(count);
    const denseAt = new Map((entry.dense ?? []).map((id, i) => [id, i]));
    const bitSets = new Map<number, Uint32Array | null>();
    const bitsOf = (id: number): Uint32Array | undefined => {
      const at = denseAt.get(id);
      if (at === undefined || this.closed) return undefined;
      const known = bitSets.get(id);
      if (known !== undefined) return known ?? undefined;
      let bits: Uint32Array | undefined;
      try {
        const bytes = this.framed.read(bitsSection(name), 4 * words * at, 4 * words);
        bits = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
      } catch (error) {
        if (!(error instanceof FramingError)) return undefined;
      }
      if (!bits) this.damaged(`the bit sets of column ${name} fail their checks`);
      bitSets.set(id, bits ?? null);
      return bits;
    };
    return {
      dict: dict as string[],
      count: (id) => (id >= 0 && id < strings ? starts[id + 1]! - starts[id]! : 0),
      docsOf: (id) => (id >= 0 && id < strings && !this.closed ? listsOf(id) : undefined),
      bitsOf,
    };
  }

  /** The section's column, or undefined when its shape is wrong ({@link validShape}; the values are the writer's). */
  private decode(bytes: Uint8Array, entry: ColumnEntry): Column | undefined {
    const count = this.count;
    if (entry.type !== 'strings') {
      const blocks = blockCount(count);
      const f64 = (index: number, length: number) => new Float64Array(bytes.buffer, bytes.byteOffset + 8 * index, length);
      const column: Column =
        entry.type === 'number'
          ? {
              type: 'number',
              values: f64(0, count),
              blocks: { size: NUMBER_BLOCK, min: f64(count, blocks), max: f64(count + blocks, blocks), present: f64(count + 2 * blocks, blocks) },
            }
          : { type: 'boolean', values: bytes };
      return validShape(column, count) ? column : undefined;
    }
    const arrayBytes = 4 * (count + 1 + entry.ids!);
    let dict: unknown;
    try {
      dict = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + arrayBytes, entry.dictBytes!).toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(dict)) return undefined;
    const column: Column = {
      type: 'strings',
      dict: dict as string[],
      offsets: new Uint32Array(bytes.buffer, bytes.byteOffset, count + 1),
      ids: new Uint32Array(bytes.buffer, bytes.byteOffset + 4 * (count + 1), entry.ids!),
    };
    return validShape(column, count) ? column : undefined;
  }
}

/** The footer's list of columns when every entry is well formed and its section has its type's length; else undefined. */
function checkColumns(framed: FramedFile, meta: Meta, count: number): readonly ColumnEntry[] | undefined {
  if (!Array.isArray(meta.columns)) return undefined;
  const names = new Set<string>();
  for (const entry of meta.columns as readonly ColumnEntry[]) {
    if (typeof entry !== 'object' || entry === null || typeof entry.name !== 'string' || names.has(entry.name)) return undefined;
    names.add(entry.name);
    if (entry.type !== 'number' && entry.type !== 'boolean' && entry.type !== 'strings') return undefined;
    const ids = entry.type === 'strings' ? entry.ids : 0;
    const dictBytes = entry.type === 'strings' ? entry.dictBytes : 0;
    if (!isCount(ids) || !isCount(dictBytes) || !framed.has(entry.name)) return undefined;
    if (framed.length(entry.name) !== expectedLength(entry.type, count, ids, dictBytes)) return undefined;
    if (entry.narrow !== undefined) {
      if (entry.type !== 'number' || !isShape(entry.narrow) || !framed.has(codesSection(entry.name))) return undefined;
      if (framed.length(codesSection(entry.name)) !== entry.narrow.width * count) return undefined;
    }
    if (entry.type === 'strings') {
      const { strings, docs } = entry;
      if (!isCount(strings) || !isCount(docs) || docs > ids || !framed.has(docsSection(entry.name))) return undefined;
      if (framed.length(docsSection(entry.name)) !== 4 * (strings + 1 + docs)) return undefined;
    }
    if (!validBitsEntry(framed, entry, count)) return undefined;
  }
  return meta.columns;
}

/**
 * Whether a footer entry's bit sets are well formed: `bits` only on a boolean column, `dense` only on a strings
 * column as ascending ids of its dictionary, and a bits section of their length exactly when either is there.
 */
function validBitsEntry(framed: FramedFile, entry: ColumnEntry, count: number): boolean {
  const { bits, dense } = entry;
  if (bits !== undefined && (bits !== true || entry.type !== 'boolean')) return false;
  if (dense !== undefined) {
    if (entry.type !== 'strings' || !Array.isArray(dense) || dense.length === 0) return false;
    for (let i = 0; i < dense.length; i++) {
      const id: unknown = dense[i];
      if (!isCount(id) || id >= entry.strings! || (i > 0 && id <= dense[i - 1]!)) return false;
    }
  }
  const sets = bits ? 1 : (dense?.length ?? 0);
  if (sets === 0) return !framed.has(bitsSection(entry.name));
  return framed.has(bitsSection(entry.name)) && framed.length(bitsSection(entry.name)) === 4 * bitWords(count) * sets;
}

/**
 * Open a columns file written by {@link saveColumns}: reads and checks only the framing's footer (id, count, every
 * column's type and length); columns are read on demand by `get`. The descriptor stays open until `close()` (or
 * until the ColumnFile is garbage-collected). Never throws.
 * @returns undefined when the file is missing, damaged (noticed and deleted), or of another `id` or `count` (left
 *   as it is)
 */
export function openColumns(file: string, id: string, count: number): ColumnFile | undefined {
  if (!LITTLE_ENDIAN || !isCount(count)) return undefined;
  const framed = openFramedCache(file, FILE_MAGIC.columns, COLUMNS_FORMAT);
  if (!framed) return undefined;
  const meta = framed.meta as Partial<Meta> | null;
  if (meta !== null && typeof meta === 'object' && (meta.id !== id || meta.count !== count) && typeof meta.id === 'string' && isCount(meta.count)) {
    // An intact file of other columns (another id or count) is not damage: it is left as it is.
    framed.close();
    return undefined;
  }
  const columns = meta !== null && typeof meta === 'object' ? checkColumns(framed, meta as Meta, count) : undefined;
  if (columns) return new LazyColumnFile(framed, count, columns);
  cacheNotice(file, 'its table of contents fails its checks');
  framed.discard();
  framed.close();
  return undefined;
}
