/**
 * A collection's segment facts: what is derived from the whole collection, computed once by the build and stored,
 * so that no query visits every document to derive it again — the rank clock, every per-document rank prior and
 * the private documents with their repositories. Stored as a framed file (cache/framing.ts) `<kind>-<id>.segment`
 * keyed by the collection's columns id (which already covers the index key, the neighbours' dump hashes and the
 * column getters) and {@link SEGMENT_FORMAT}; opened by reading its footer, each prior read block by block when a
 * query first scores a document of that block.
 *
 * Sections: `private.docs` (u32 per private document, ascending), `private.repos` (u32 per private document: its
 * repository's index in the footer's `repositories`), `private.bits` (the private documents as a bitmap over every
 * document, u32 words: src/doc-bits.ts `markedBits`), `prior.<name>` (f64 per document), and per prior its block
 * maxima (f64 per {@link MAXIMA_BLOCK_DOCS} consecutive documents: the largest value, NaN when one is NaN, -∞ when
 * none counts) over every document, `max.all.<name>`, and over the public documents, `max.public.<name>` — what
 * the top-k collector's block bounds read (src/order/bounds.ts) without reading each match's prior — and the same
 * per {@link FINE_BLOCK_DOCS} documents, `fine.all.<name>` and `fine.public.<name>` (read a 4 KiB block at a time:
 * the sub-blocks of the blocks a query scores).
 * `scatter` (when the build had the index's field lengths): per document one record of {@link Segment.scatterStride}
 * bytes — each prior's value (f64, in the footer's `priors` order), then each field's token count (u32, in the
 * footer's `scatter` field order), zero-padded to a power of two — checked in {@link SCATTER_CHECK_BYTES} blocks:
 * a rare term's matches scattered over a large collection read their field lengths and priors from one small
 * block each, instead of a 4 KiB block of the index's field lengths and another of each prior.
 * The champion lists of the long terms (index/champions.ts: a one-word query's public count and first 1,000
 * documents in best-match order with their scores, for the anonymous viewer) are `champion.docs` (u32) and
 * `champion.scores` (f64), the lists one after the other in term order; the footer's `champions` names them.
 * Footer metadata: `{ kind, id, count, clock (null for NaN), priors, repositories, nonNegative, privateLengths,
 * champions, scatter }` (`champions`: per list, ascending by term, `[term, total, length]`; `scatter`: the fields
 * of the scatter records, null when the segment has none);
 * (`nonNegative`: the priors no document has below 0, the ones a bound may multiply by; `privateLengths`: per
 * field of the text index, `[field, Σ field length over the private documents]`, or null when the build had no
 * index statistics).
 *
 * The private documents are the hidden list of every viewer who reads none of the private repositories (the
 * anonymous viewer): opening reads the documents as a typed array, their repositories only when a viewer who reads
 * some private repository first needs them (src/access/private-docs.ts), their bitmap only when a query's filter
 * first tests it (src/execute/execute.ts), and `privateLengths` is
 * what that viewer's statistics need beyond the index's own totals (src/index/visible-statistics.ts), so no
 * process sums the hidden documents' field lengths again.
 *
 * A prior or the clock's meaning changes with src/rank and the kind tables' rank functions: bump SEGMENT_FORMAT
 * when they change (the column getters are covered by the columns id already).
 */
import { rmSync } from 'node:fs';
import { PrivateDocs } from '../access/private-docs.js';
import { markedBits } from '../doc-bits.js';
import { FILE_MAGIC, FramedFile, FramingError, writeFramed } from '../cache/framing.js';
import { cacheNotice } from '../cache/notice.js';
import { sha256Hex } from '../cache/sha256.js';
import type { ChampionList } from '../index/champions.js';
import { decodePriorCodes, encodePriorCodes, type PriorCodes } from '../cache/prior-codes.js';

/**
 * Layout and meaning of the segment facts (1: clock, priors, private documents; 2: the priors' block maxima; 3: the
 * private documents' field-length sums; 4: the long terms' champion lists; 5: the scatter records; 6: the priors'
 * one-byte codes, cache/prior-codes.ts; 7: the private documents' bitmap).
 */
export const SEGMENT_FORMAT = 7;
const MAGIC = FILE_MAGIC.segment;
/**
 * Bytes per checked block: 4 KiB, 512 documents of a prior (a rare term's few documents read a few small blocks;
 * a common term's read them all, a few hundred reads per 100k documents).
 */
const BLOCK_BYTES = 4096;
/** Documents per block of a prior section ({@link Segment.priorBlock}). */
export const PRIOR_BLOCK_DOCS = BLOCK_BYTES / 8;
/**
 * Blocks of a prior read in one read when a block is asked for right after its predecessor (a common term's
 * matches ask for every block in order: 16 blocks, 64 KiB, per read instead of one; a rare term's few blocks are
 * read one by one).
 */
const READ_AHEAD_BLOCKS = 16;
/** log2 of {@link MAXIMA_BLOCK_DOCS}. */
export const MAXIMA_BLOCK_SHIFT = 7;
/** Consecutive documents per block maximum of a prior (the top-k collector's block, src/order/bounds.ts). */
export const MAXIMA_BLOCK_DOCS = 1 << MAXIMA_BLOCK_SHIFT;
/** log2 of {@link FINE_BLOCK_DOCS}. */
export const FINE_BLOCK_SHIFT = 4;
/** Consecutive documents per sub-block maximum of a prior (the top-k collector's sub-blocks). */
export const FINE_BLOCK_DOCS = 1 << FINE_BLOCK_SHIFT;
/** Sub-block maxima per 4 KiB block of a `fine.*` section. */
const FINE_PER_BLOCK = BLOCK_BYTES / 8;
/**
 * Bytes per checked block of the `scatter` section (32 documents of 16 bytes): a scattered document's record costs
 * one small read and the check of 512 bytes, not of 4 KiB.
 */
export const SCATTER_CHECK_BYTES = 512;
/** Blocks of `scatter` no document asks for that a gather still reads between two that one does (not checked). */
const SCATTER_READ_GAP = 8;
/** Blocks of `scatter` one read of a gather spans at most (16 KiB). */
const SCATTER_READ_REACH = 32;

/** Blocks of `scatter` per slab a segment keeps them in (128 KiB): a slab always has room for one read. */
const SCATTER_SLAB_BLOCKS = 256;
/** The scatter records' slots before their first read (no block read). */
const EMPTY_U32 = new Uint32Array(0);

/** Whose documents a block maximum is taken over: every document's, or the public ones' (the anonymous viewer's). */
export type MaximaOver = 'all' | 'public';

/** What a build derives from the whole collection. */
export interface SegmentFacts {
  /** The rank clock (epoch ms; NaN when the kind has none). */
  readonly clock: number;
  /** Prior name → its value for every document. */
  readonly priors: ReadonlyMap<string, Float64Array>;
  readonly privateDocs: PrivateDocs;
  /**
   * Per field of the text index (by name), the sum of the private documents' field lengths (tokens), summed as
   * src/index/visible-statistics.ts's `hiddenLengthSums`; undefined when the index has no statistics.
   */
  readonly privateLengths?: ReadonlyMap<string, number> | undefined;
  /** The long terms' champion lists (index/champions.ts), ascending by term; none when absent. */
  readonly champions?: readonly ChampionList[] | undefined;
  /**
   * The text index's token count of each (doc, field) at `doc × fields.length + f` (its `fieldLengths`), for the
   * scatter records; none when the index has no statistics (the segment then has no scatter records).
   */
  readonly fieldLengths?: { readonly fields: readonly string[]; readonly lengths: Uint32Array } | undefined;
}

/** A stored champion list's first documents (see {@link Segment.champion}). */
export interface StoredChampions {
  /** Public documents matching the term (the anonymous viewer's `total_count`). */
  readonly total: number;
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
}

interface Meta {
  kind: string;
  id: string;
  count: number;
  clock: number | null;
  priors: string[];
  repositories: string[];
  nonNegative: string[];
  privateLengths: Array<[string, number]> | null;
  champions: Array<[string, number, number]>;
  scatter: string[] | null;
}

/**
 * Per block of {@link MAXIMA_BLOCK_DOCS} documents (`1 << shift`), the largest of `values` over the documents `counts` lets in
 * (`Math.max`: a NaN makes the block's maximum NaN); -∞ for a block where none counts.
 */
export function priorBlockMaxima(values: Float64Array, counts?: (doc: number) => boolean, shift = MAXIMA_BLOCK_SHIFT): Float64Array {
  const out = new Float64Array((values.length + (1 << shift) - 1) >>> shift).fill(-Infinity);
  for (let doc = 0; doc < values.length; doc++) {
    if (counts && !counts(doc)) continue;
    const b = doc >>> shift;
    out[b] = Math.max(out[b]!, values[doc]!);
  }
  return out;
}

/**
 * Bytes of one scatter record of `priors` f64 values and `fields` u32 token counts: their sum rounded up to a power
 * of two (at least 8), so that a checked block holds whole records; undefined when that exceeds a checked block.
 */
export function scatterStride(priors: number, fields: number): number | undefined {
  let stride = 8;
  while (stride < priors * 8 + fields * 4) stride *= 2;
  return stride <= SCATTER_CHECK_BYTES ? stride : undefined;
}

/**
 * The scatter records of `count` documents (see the module comment): each prior's value, then each field's token
 * count; undefined when one record would not fit a checked block ({@link scatterStride}).
 */
function scatterRecords(count: number, priors: readonly Float64Array[], lengths: Uint32Array, fields: number): Uint8Array | undefined {
  const stride = scatterStride(priors.length, fields);
  if (stride === undefined) return undefined;
  const buffer = new ArrayBuffer(count * stride);
  const f64 = new Float64Array(buffer);
  const u32 = new Uint32Array(buffer);
  const s8 = stride / 8;
  const s4 = stride / 4;
  const at = priors.length * 2;
  for (let p = 0; p < priors.length; p++) {
    const values = priors[p]!;
    for (let doc = 0; doc < count; doc++) f64[doc * s8 + p] = values[doc]!;
  }
  for (let doc = 0; doc < count; doc++) for (let f = 0; f < fields; f++) u32[doc * s4 + at + f] = lengths[doc * fields + f]!;
  return new Uint8Array(buffer);
}

/** The segment's id (hex sha256) from its collection's columns id. */
export function segmentId(columnsId: string): string {
  return sha256Hex(`segment|${SEGMENT_FORMAT}|${columnsId}`);
}

/**
 * Write the segment facts of a collection of `count` documents. Never throws for the file system.
 * @returns the file's size in bytes, or undefined when it could not be written
 */
export function writeSegment(file: string, kind: string, id: string, count: number, facts: SegmentFacts): number | undefined {
  const { docs, repos, repositories } = facts.privateDocs;
  if (!privateDocsFit(docs, repos, repositories.length, count)) return undefined;
  const sections = new Map<string, ArrayBufferView>([
    ['private.docs', docs],
    ['private.repos', repos],
  ]);
  const isPrivate = new Uint8Array(count);
  for (let i = 0; i < docs.length; i++) isPrivate[docs[i]!] = 1;
  const nonNegative: string[] = [];
  for (const [name, values] of facts.priors) {
    if (values.length !== count) return undefined;
    sections.set(`prior.${name}`, values);
    sections.set(`max.all.${name}`, priorBlockMaxima(values));
    sections.set(`max.public.${name}`, priorBlockMaxima(values, (doc) => isPrivate[doc] === 0));
    sections.set(`fine.all.${name}`, priorBlockMaxima(values, undefined, FINE_BLOCK_SHIFT));
    sections.set(`fine.public.${name}`, priorBlockMaxima(values, (doc) => isPrivate[doc] === 0, FINE_BLOCK_SHIFT));
    sections.set(`code.${name}`, encodePriorCodes(values));
    if (!values.some((v) => v < 0)) nonNegative.push(name);
  }
  const lists = facts.champions ?? [];
  let entries = 0;
  for (const list of lists) entries += list.docs.length;
  const championDocs = new Uint32Array(entries);
  const championScores = new Float64Array(entries);
  entries = 0;
  for (const list of lists) {
    championDocs.set(list.docs, entries);
    championScores.set(list.scores, entries);
    entries += list.docs.length;
  }
  sections.set('champion.docs', championDocs);
  sections.set('champion.scores', championScores);
  const lengths = facts.fieldLengths;
  const scatter = lengths && lengths.lengths.length === count * lengths.fields.length ? scatterRecords(count, [...facts.priors.values()], lengths.lengths, lengths.fields.length) : undefined;
  if (scatter) sections.set('scatter', scatter);
  sections.set('private.bits', markedBits(docs, count));
  const meta: Meta = {
    kind,
    id,
    count,
    clock: Number.isNaN(facts.clock) ? null : facts.clock,
    priors: [...facts.priors.keys()],
    repositories: [...repositories],
    nonNegative,
    privateLengths: facts.privateLengths ? [...facts.privateLengths] : null,
    champions: lists.map((list) => [list.term, list.total, list.docs.length]),
    scatter: scatter ? [...lengths!.fields] : null,
  };
  return writeFramed(file, MAGIC, SEGMENT_FORMAT, meta, sections, BLOCK_BYTES, new Map([['scatter', SCATTER_CHECK_BYTES]]));
}

/**
 * True when `docs` are ascending and below `count`, and each of `repos` (parallel to them) is below `repositories`:
 * what every reader of a segment's private documents relies on. Checked when the segment is written (a list that
 * fails is not stored), so that opening one — once per cold process — need not visit each private document.
 */
export function privateDocsFit(docs: Uint32Array, repos: Uint32Array, repositories: number, count: number): boolean {
  if (docs.length !== repos.length) return false;
  let last = -1;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (doc <= last || doc >= count || repos[i]! >= repositories) return false;
    last = doc;
  }
  return true;
}

/** Report and remove a damaged segment file (the next build, or the next query, writes it again). */
function damaged(file: string, why: string): void {
  cacheNotice(file, why);
  try {
    rmSync(file, { force: true });
  } catch {
    // a read-only cache keeps it; its checks refuse it again next time
  }
}

/**
 * True when the footer's champion table is well formed (ascending terms, counts, lengths at most the totals) and its
 * lengths add up to the two sections' sizes.
 */
function championsFit(table: unknown, count: number, docBytes: number, scoreBytes: number): boolean {
  if (!Array.isArray(table)) return false;
  let entries = 0;
  let last: string | undefined;
  // Indexed reads, not for-of and destructuring: at start-up this runs unoptimised over ~1,000 entries, where each
  // iterator step allocates (≈ 190 KB of young garbage per cold query at 1M).
  for (let i = 0; i < table.length; i++) {
    const entry: unknown = table[i];
    if (!Array.isArray(entry) || entry.length !== 3) return false;
    const term: unknown = entry[0];
    const total: unknown = entry[1];
    const length: unknown = entry[2];
    if (typeof term !== 'string' || (last !== undefined && !(last < term))) return false;
    if (!isLengthSum(total) || !isLengthSum(length) || length > total || total > count) return false;
    last = term;
    entries += length;
  }
  return docBytes === entries * 4 && scoreBytes === entries * 8;
}

/**
 * True when the footer's scatter fields are null, or strings whose records ({@link scatterStride}) fill the
 * `scatter` section, checked in {@link SCATTER_CHECK_BYTES} blocks.
 */
function scatterFits(fields: unknown, priors: number, count: number, framed: FramedFile): boolean {
  if (fields === null) return !framed.has('scatter');
  if (!Array.isArray(fields) || !fields.every((name) => typeof name === 'string')) return false;
  const stride = scatterStride(priors, fields.length);
  return stride !== undefined && framed.length('scatter') === count * stride && framed.sectionBlockBytes('scatter') === SCATTER_CHECK_BYTES;
}

const isLengthSum = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** An open segment: the clock and private documents now, priors block by block on first use. */
export class Segment {
  /** Prior name → its blocks read so far. */
  private readonly blocks = new Map<string, Array<Float64Array | undefined>>();
  /** `<over>.<name>` → the prior's block maxima, read whole on first use. */
  private readonly maxima = new Map<string, Float64Array>();
  /** `<over>.<name>` → the prior's sub-block maxima, by 4 KiB block, read so far. */
  private readonly fine = new Map<string, Array<Float64Array | undefined>>();
  /** Prior name → its codes (cache/prior-codes.ts), read whole on first use. */
  private readonly codes = new Map<string, PriorCodes>();
  /** False once closed or found damaged (every later read gives undefined). */
  private usable = true;
  /**
   * The scatter records' blocks read so far, packed in read order into slabs of {@link SCATTER_SLAB_BLOCKS} blocks
   * (one ArrayBuffer per slab, allocated as they fill: at most a few hundred at 1M however many blocks are read),
   * each slab also as f64 and u32 values.
   */
  private readonly scatterF64: Float64Array[] = [];
  private readonly scatterU32: Uint32Array[] = [];
  /** Blocks the last slab holds. */
  private scatterFilled = 0;
  /** Per block of the section, 1 + its slot in the slabs (slab · {@link SCATTER_SLAB_BLOCKS} + place) once read and checked; 0 before. */
  private scatterSlot: Uint32Array = EMPTY_U32;
  /** Each champion list's first entry (championFirsts), made on first use. */
  private championStarts: Uint32Array | undefined;

  private constructor(
    private readonly framed: FramedFile,
    /** The rank clock (epoch ms; NaN when the kind has none). */
    readonly clock: number,
    /** The private documents, ascending, with their repositories (typed arrays over the file's bytes). */
    readonly privateDocs: PrivateDocs,
    /** Field name → the sum of the private documents' lengths in it; undefined when the build stored none. */
    readonly privateLengths: ReadonlyMap<string, number> | undefined,
    private readonly priorNames: ReadonlySet<string>,
    private readonly nonNegative: ReadonlySet<string>,
    readonly count: number,
    private readonly championEntries: ReadonlyArray<readonly [string, number, number]>,
    /** The fields of the scatter records (see the module comment), in record order; undefined when none. */
    readonly scatterFields: readonly string[] | undefined,
    /** Prior name → its place in a scatter record. */
    private readonly scatterPriorAt: ReadonlyMap<string, number>,
    /** Bytes per scatter record (0 when none). */
    readonly scatterStride: number,
  ) {}

  /**
   * Open the segment of a kind and id for `count` documents; undefined when absent or not this collection's (a
   * damaged file gets its notice and is deleted: the caller computes the facts again).
   */
  static open(file: string, kind: string, id: string, count: number): Segment | undefined {
    let framed: FramedFile | undefined;
    try {
      framed = FramedFile.open(file, MAGIC, SEGMENT_FORMAT);
      if (!framed) return undefined;
      const meta = framed.meta as Partial<Meta> | null;
      const maximaBytes = ((count + MAXIMA_BLOCK_DOCS - 1) >>> MAXIMA_BLOCK_SHIFT) * 8;
      const fineBytes = ((count + FINE_BLOCK_DOCS - 1) >>> FINE_BLOCK_SHIFT) * 8;
      const ok =
        meta !== null &&
        typeof meta === 'object' &&
        meta.kind === kind &&
        meta.id === id &&
        meta.count === count &&
        (meta.clock === null || typeof meta.clock === 'number') &&
        Array.isArray(meta.priors) &&
        meta.priors.every(
          (name) =>
            typeof name === 'string' &&
            framed!.length(`prior.${name}`) === count * 8 &&
            framed!.length(`max.all.${name}`) === maximaBytes &&
            framed!.length(`max.public.${name}`) === maximaBytes &&
            framed!.length(`fine.all.${name}`) === fineBytes &&
            framed!.length(`fine.public.${name}`) === fineBytes,
        ) &&
        Array.isArray(meta.repositories) &&
        meta.repositories.every((name) => typeof name === 'string') &&
        Array.isArray(meta.nonNegative) &&
        meta.nonNegative.every((name) => meta.priors!.includes(name)) &&
        (meta.privateLengths === null ||
          (Array.isArray(meta.privateLengths) &&
            meta.privateLengths.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isLengthSum(entry[1])))) &&
        championsFit(meta.champions, count, framed.length('champion.docs'), framed.length('champion.scores')) &&
        scatterFits(meta.scatter, meta.priors.length, count, framed);
      if (!ok) throw new FramingError('its footer does not match the dump');
      const docBytes = framed.read('private.docs');
      if (docBytes.length !== framed.length('private.repos') || docBytes.length % 4 !== 0) throw new FramingError('private sections differ in length');
      if (framed.length('private.bits') !== ((count + 31) >>> 5) * 4) throw new FramingError('private bitmap does not fit the count');
      const docs = new Uint32Array(docBytes.buffer, docBytes.byteOffset, docBytes.length / 4);
      // The repositories' column and the bitmap only on first use: only a viewer who reads some private repository
      // needs the one, only a query whose matches meet the private documents the other. A damaged block found then
      // drops the segment as any later read's does ({@link drop}); the caller goes on without it (the same answer).
      let segment: Segment | undefined;
      const opened = framed;
      const words = (section: string) => (): Uint32Array | undefined => {
        if (!segment?.usable) return undefined;
        try {
          const bytes = opened.read(section);
          return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
        } catch (error) {
          return segment.drop(error);
        }
      };
      const names = meta.repositories!;
      // No pass over the private documents at open: the writer stored them only ascending, below the count and with
      // their repositories in the table ({@link privateDocsFit}), and every block's CRC says these are its bytes.
      // The last one is checked (a few bytes), so a count that disagrees with the list is refused all the same.
      if (docs.length > 0 && docs[docs.length - 1]! >= count) throw new FramingError('private documents out of range');
      // The bitmap is the writer's own of the same list (markedBits), its blocks checked as the list's are.
      const privateDocs = docs.length === 0 ? PrivateDocs.NONE : new PrivateDocs(docs, words('private.repos'), names, words('private.bits'));
      const privateLengths = meta.privateLengths ? new Map(meta.privateLengths) : undefined;
      const championEntries = meta.champions as Array<[string, number, number]>;
      const scatterFields = meta.scatter ?? undefined;
      const stride = scatterFields ? scatterStride(meta.priors!.length, scatterFields.length)! : 0;
      const priorAt = new Map(meta.priors!.map((name, p) => [name, p]));
      segment = new Segment(framed, meta.clock ?? Number.NaN, privateDocs, privateLengths, new Set(meta.priors), new Set(meta.nonNegative), count, championEntries, scatterFields, priorAt, stride);
      return segment;
    } catch (error) {
      framed?.close();
      damaged(file, (error as Error).message);
      return undefined;
    }
  }

  /** The file's size in bytes. */
  get bytes(): number {
    return this.framed.bytes;
  }

  /**
   * The stored value of prior `name` for `doc`, or undefined when the segment does not hold it (or a block of it
   * turned out damaged: the file is then dropped with a notice and the caller computes the prior itself — the
   * same value).
   */
  prior(name: string, doc: number): number | undefined {
    if (doc < 0 || doc >= this.count) return undefined;
    return this.priorBlock(name, Math.floor(doc / PRIOR_BLOCK_DOCS))?.[doc % PRIOR_BLOCK_DOCS];
  }

  /** True when the segment holds prior `name` (and is still usable). */
  hasPrior(name: string): boolean {
    return this.usable && this.priorNames.has(name);
  }

  /**
   * Values `[first, first + n)` of the Float64 section `section`, read and checked; undefined when a block turned out
   * damaged (the segment is then dropped with a notice and its callers compute what it held).
   */
  private readValues(section: string, first: number, n: number): Float64Array | undefined {
    try {
      const bytes = this.framed.read(section, first * 8, n * 8);
      return new Float64Array(bytes.buffer, bytes.byteOffset, n);
    } catch (error) {
      return this.drop(error);
    }
  }

  /**
   * Block `b` of prior `name`: the values of documents `[b × PRIOR_BLOCK_DOCS, …)` ({@link PRIOR_BLOCK_DOCS} of
   * them, fewer in the last block), read and checked on first use (with up to {@link READ_AHEAD_BLOCKS} − 1 blocks
   * after it when block `b − 1` was read before it, or, when `through` is given, through block `through` and no
   * further — the caller knows which blocks it will ask for: one read instead of one per block); undefined as for
   * {@link prior}.
   */
  priorBlock(name: string, b: number, through?: number): Float64Array | undefined {
    if (!this.usable || !this.priorNames.has(name)) return undefined;
    let blocks = this.blocks.get(name);
    if (!blocks) this.blocks.set(name, (blocks = []));
    let block = blocks[b];
    if (!block) {
      const first = b * PRIOR_BLOCK_DOCS;
      if (b < 0 || first >= this.count) return undefined;
      let run = 1;
      const last = through ?? (b > 0 && blocks[b - 1] ? b + READ_AHEAD_BLOCKS - 1 : b);
      while (run < READ_AHEAD_BLOCKS && b + run <= last && !blocks[b + run] && (b + run) * PRIOR_BLOCK_DOCS < this.count) run++;
      const n = Math.min(run * PRIOR_BLOCK_DOCS, this.count - first);
      const values = this.readValues(`prior.${name}`, first, n);
      if (!values) return undefined;
      for (let k = 0; k < run; k++) blocks[b + k] = values.subarray(k * PRIOR_BLOCK_DOCS, Math.min((k + 1) * PRIOR_BLOCK_DOCS, n));
      block = blocks[b]!;
    }
    return block;
  }

  /**
   * The block maxima of prior `name` over every document or the public ones (one value per
   * {@link MAXIMA_BLOCK_DOCS} documents; NaN where a value is NaN, -∞ where no document counts), read and checked
   * whole on first use; undefined when the segment does not hold them, a document has the prior below 0 (a bound
   * must not multiply by it), or the section turned out damaged (dropped as for {@link prior}).
   */
  priorMaxima(name: string, over: MaximaOver): Float64Array | undefined {
    if (!this.usable || !this.priorNames.has(name) || !this.nonNegative.has(name)) return undefined;
    const key = `${over}.${name}`;
    let maxima = this.maxima.get(key);
    if (!maxima) {
      try {
        const bytes = this.framed.read(`max.${key}`);
        maxima = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8);
      } catch (error) {
        return this.drop(error);
      }
      this.maxima.set(key, maxima);
    }
    return maxima;
  }

  /**
   * The one-byte upper bounds of prior `name` (cache/prior-codes.ts), read and checked whole on first use; undefined
   * when the segment holds none for it, or they turned out damaged (dropped as for {@link prior}).
   */
  priorCodes(name: string): PriorCodes | undefined {
    if (!this.usable || !this.priorNames.has(name)) return undefined;
    let codes = this.codes.get(name);
    if (!codes) {
      try {
        codes = decodePriorCodes(this.framed.read(`code.${name}`), this.count);
        if (!codes) throw new FramingError(`code.${name} does not fit`);
      } catch (error) {
        return this.drop(error);
      }
      this.codes.set(name, codes);
    }
    return codes;
  }

  /**
   * The maximum of prior `name` over sub-block `sub` (documents `[sub × FINE_BLOCK_DOCS, …)`), over every document
   * or the public ones, as {@link priorMaxima} per block (its 4 KiB block read and checked on first use); undefined
   * as there.
   */
  fineMaximum(name: string, over: MaximaOver, sub: number): number | undefined {
    const block = this.fineBlock(name, over, sub);
    return block?.values[sub - block.first];
  }

  /**
   * The 4 KiB block of prior `name`'s sub-block maxima (over every document or the public ones) that holds sub-block
   * `sub`: its values and the sub-block of its first value; undefined as for {@link fineMaximum}.
   */
  fineBlock(name: string, over: MaximaOver, sub: number): { readonly values: Float64Array; readonly first: number } | undefined {
    if (!this.usable || !this.priorNames.has(name) || !this.nonNegative.has(name)) return undefined;
    const key = `${over}.${name}`;
    let blocks = this.fine.get(key);
    if (!blocks) this.fine.set(key, (blocks = []));
    const b = (sub / FINE_PER_BLOCK) | 0;
    const first = b * FINE_PER_BLOCK;
    let block = blocks[b];
    if (!block) {
      const section = `fine.${key}`;
      const n = Math.min(FINE_PER_BLOCK, this.framed.length(section) / 8 - first);
      if (sub < 0 || n <= 0) return undefined;
      block = this.readValues(section, first, n);
      if (!block) return undefined;
      blocks[b] = block;
    }
    return sub - first < block.length ? { values: block, first } : undefined;
  }

  /** Where each champion list starts in the champion sections (entries before it), by the footer table's order. */
  private championFirsts(): Uint32Array {
    if (!this.championStarts) {
      const starts = new Uint32Array(this.championEntries.length);
      for (let i = 1; i < starts.length; i++) starts[i] = starts[i - 1]! + this.championEntries[i - 1]![2];
      this.championStarts = starts;
    }
    return this.championStarts;
  }

  /**
   * The first `k` entries (all when fewer) of the champion list of `term` (index/champions.ts: the one-word query's
   * answer for the anonymous viewer), read and checked; undefined when the segment holds none for the term, or the
   * sections turned out damaged (dropped as for {@link prior}: the caller answers the query otherwise).
   */
  champion(term: string, k: number): StoredChampions | undefined {
    if (!this.usable) return undefined;
    // A binary search of the footer's table, ascending by term (championsFit); a list's first entry from the
    // lengths' running sums, one typed array made on first use (no Map of ~1,000 tuples: ≈ 140 KB of young objects
    // in a cold process), so a server's queries pay a logarithm, not a walk of the table.
    const entries = this.championEntries;
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entries[mid]![0] < term) lo = mid + 1;
      else hi = mid;
    }
    if (lo === entries.length || entries[lo]![0] !== term) return undefined;
    const total = entries[lo]![1];
    const length = entries[lo]![2];
    const first = this.championFirsts()[lo]!;
    const n = Math.min(k, length);
    try {
      const docBytes = this.framed.read('champion.docs', first * 4, n * 4);
      const scoreBytes = this.framed.read('champion.scores', first * 8, n * 8);
      const docs = new Uint32Array(docBytes.buffer, docBytes.byteOffset, n);
      for (let i = 0; i < n; i++) if (docs[i]! >= this.count) throw new FramingError('champion documents out of range');
      return { total, docs, scores: new Float64Array(scoreBytes.buffer, scoreBytes.byteOffset, n) };
    } catch (error) {
      return this.drop(error);
    }
  }

  /**
   * The token count of field `field` (its place in {@link scatterFields}) in `doc` when its scatter record was read
   * ({@link loadScatter}); undefined otherwise (never reads: the caller reads the index's own — the same value).
   */
  fieldLength(doc: number, field: number): number | undefined {
    if (this.scatterStride === 0) return undefined;
    const perBlock = SCATTER_CHECK_BYTES / this.scatterStride;
    const b = (doc / perBlock) | 0;
    const slot = this.scatterSlot[b];
    if (!slot) return undefined;
    const at = ((slot - 1) % SCATTER_SLAB_BLOCKS) * (SCATTER_CHECK_BYTES / 4) + (doc - b * perBlock) * (this.scatterStride / 4);
    return this.scatterU32[((slot - 1) / SCATTER_SLAB_BLOCKS) | 0]![at + this.scatterPriorAt.size * 2 + field];
  }

  /**
   * Read the scatter records of `docs` (ascending, each below the count): the checked blocks not read yet, a few at
   * a time (blocks at most {@link SCATTER_READ_GAP} apart share a read; the blocks between are neither checked nor
   * kept). False when the segment has no scatter records, `docs` are not ascending, or a block turned out damaged
   * (the segment is then dropped as for {@link prior}).
   */
  loadScatter(docs: ArrayLike<number>): boolean {
    if (this.scatterStride === 0 || !this.usable) return false;
    const perBlock = SCATTER_CHECK_BYTES / this.scatterStride;
    if (this.scatterSlot.length === 0) this.scatterSlot = new Uint32Array(Math.ceil((this.count * this.scatterStride) / SCATTER_CHECK_BYTES));
    const slots = this.scatterSlot;
    const wanted: number[] = [];
    let last = -1;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (!(doc < this.count)) return false;
      const b = (doc / perBlock) | 0;
      if (b < last) return false;
      if (b !== last && !slots[b]) wanted.push(b);
      last = b;
    }
    for (let i = 0; i < wanted.length; ) {
      let j = i + 1;
      while (j < wanted.length && wanted[j]! - wanted[j - 1]! <= SCATTER_READ_GAP + 1 && wanted[j]! - wanted[i]! < SCATTER_READ_REACH) j++;
      if (!this.readScatter(wanted.slice(i, j))) return false;
      i = j;
    }
    return true;
  }

  /**
   * Prior `name` of each of `docs` (ascending, each below the count) into `out` (same order), from their scatter
   * records ({@link loadScatter} first); false when the segment has no scatter records or no such prior, or
   * {@link loadScatter} fails — `out` is then untouched and the caller reads the priors otherwise.
   */
  scatterPriors(name: string, docs: ArrayLike<number>, out: Float64Array): boolean {
    const p = this.scatterPriorAt.get(name);
    if (p === undefined || !this.loadScatter(docs)) return false;
    const perBlock = SCATTER_CHECK_BYTES / this.scatterStride;
    const s8 = this.scatterStride / 8;
    const slots = this.scatterSlot;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const b = (doc / perBlock) | 0;
      const slot = slots[b]! - 1;
      out[i] = this.scatterF64[(slot / SCATTER_SLAB_BLOCKS) | 0]![(slot % SCATTER_SLAB_BLOCKS) * (SCATTER_CHECK_BYTES / 8) + (doc - b * perBlock) * s8 + p]!;
    }
    return true;
  }

  /**
   * Read and check the scatter records' blocks `blocks` (ascending, not read yet, at most {@link SCATTER_READ_REACH})
   * in one read into the next free slots of the last slab (a new slab when it has no room for them all), and give
   * them their slots; false when damaged.
   */
  private readScatter(blocks: readonly number[]): boolean {
    try {
      if (this.scatterU32.length === 0 || this.scatterFilled + blocks.length > SCATTER_SLAB_BLOCKS) {
        const slab = new ArrayBuffer(SCATTER_SLAB_BLOCKS * SCATTER_CHECK_BYTES);
        this.scatterF64.push(new Float64Array(slab));
        this.scatterU32.push(new Uint32Array(slab));
        this.scatterFilled = 0;
      }
      const slab = this.scatterU32.length - 1;
      const u32 = this.scatterU32[slab]!;
      this.framed.readBlocksInto('scatter', blocks, new Uint8Array(u32.buffer), this.scatterFilled * SCATTER_CHECK_BYTES);
      for (const b of blocks) this.scatterSlot[b] = 1 + slab * SCATTER_SLAB_BLOCKS + this.scatterFilled++;
      return true;
    } catch (error) {
      this.drop(error);
      return false;
    }
  }

  /**
   * A section turned out damaged (`error`, from the framing's checks or a decoder): the segment stops being used
   * (every later read gives undefined and its callers compute what it held — the same values), its file is closed,
   * and the damage is noticed once with the file's name, so the next build writes it again.
   * @returns undefined, for the reader's own `return`
   */
  private drop(error: unknown): undefined {
    this.usable = false;
    this.framed.close();
    damaged(this.framed.file, (error as Error).message);
    return undefined;
  }

  /** Close the file (later prior reads give undefined). */
  close(): void {
    this.usable = false;
    this.framed.close();
  }
}
