/**
 * Best match per kind: the kind's {@link RankSpec.score} applied on top of the text score (BM25/Lunr over what the
 * caller may see). Signals are read from columns built with the index; decay functions measure age from a fixed
 * clock — the newest clock date over the kind's public documents — so one dump always answers the same, and no
 * private record can move anyone's order.
 */
import type { DocList } from '../index/text-index.js';
import type { KindSpec, RankContext } from '../kinds/spec.js';
import type { Getter } from '../kinds/collection-view.js';
import type { Collection } from '../store/collection.js';
import { numberWords, shaWords } from '../kinds/rank-words.js';
import type { ReaderSlot } from '../kinds/collection-view.js';
import { PRIOR_BLOCK_DOCS, type Segment } from '../segment/segment.js';
import { lowerBound } from '../index/sorted-list.js';
// Documents scored at once sparse enough to read their priors from the segment's scatter records rather than its
// prior sections (a scatter block holds 32 documents, a prior block 512): the index's bound for field lengths.
import { SCATTERED_SPACING } from '../index/compact-index.js';

/** Blocks of a prior a gather reads in one read at most (the segment's read-ahead: 64 KiB). */
const PRIOR_READ_REACH = 16;
/**
 * How a gather chooses the blocks of one read. `all`: the documents are all the caller will ask for (every match
 * scored at once), so a read joins the next block asked for only when at most {@link PRIOR_READ_GAP} blocks no
 * document asks for lie between — a rare term's matches scattered over a large collection read their own blocks,
 * never the ones between. `more`: more documents may follow in later gathers (the top-k collector's rounds, whose
 * later rounds ask for the blocks between), so a read reaches the last block asked for within
 * {@link PRIOR_READ_REACH} blocks (and the segment's read-ahead right after a block read before).
 */
export type GatherReach = 'all' | 'more';
/**
 * Blocks no document asks for that an `all` gather still reads between two blocks that one does, rather than start
 * another read (a read costs about what two more 4 KiB blocks read and checked cost).
 */
const PRIOR_READ_GAP = 2;


/**
 * A signal's value for every document (NaN when missing): its column when built, else read from the records. The
 * column is read on the first call (a query answered from stored priors never reads it).
 */
function signalValues(c: Collection, get: Getter<number | undefined>): (doc: number) => number {
  let read: ((doc: number) => number) | undefined;
  return (doc) => (read ??= signalReader(c, get))(doc);
}

function signalReader(c: Collection, get: Getter<number | undefined>): (doc: number) => number {
  const column = c.column(get);
  if (column?.type === 'number') return (doc) => column.values[doc]!;
  return (doc) => {
    const v = get(c.records[doc]!, doc, c);
    return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
  };
}

/**
 * The kind's clock (epoch ms): the newest value of its clock signals over the documents outside private
 * repositories; NaN when the kind has no clock or no such value. Stored by the build (src/segment), else derived
 * once by the collection's reader ({@link Collection.clock}).
 */
export function clockOf(c: Collection): number {
  return c.clock;
}

/**
 * What the rank functions need from the query: its positive free text and the positive `user:`/`org:`/`owner:`
 * values (from the plan's scope).
 */
export function rankContext(
  c: Collection,
  positive: ReadonlyArray<{ text: string; fields: readonly string[] }>,
  scope: ReadonlyArray<{ readonly name: string; readonly negated: boolean; readonly values: readonly string[] }>,
): RankContext {
  const words = positive.flatMap((k) => k.text.split(/\s+/)).filter(Boolean);
  const owners = scope.filter((q) => !q.negated && ['user', 'org', 'owner'].includes(q.name)).flatMap((q) => q.values);
  const defaultFields = positive.every((k) => sameFields(k.fields, c.spec.defaultFields));
  return { clock: clockOf(c), words, text: words.join(' '), numbers: numberWords(words), shas: shaWords(words), owners, c, defaultFields };
}

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f) => b.includes(f));
}

/** A collection's readers of its rank signals and its priors (one per collection). */
interface RankReaders {
  /** Signal name → value of a document (NaN when missing). */
  readonly signals: ReadonlyMap<string, (doc: number) => number>;
  /** Prior name → its per-document values, computed on first read and kept. */
  readonly priors: ReadonlyMap<string, PriorValues>;
}

/**
 * One prior's values by document: read from the segment the build stored (src/segment, a 4 KiB block at a time on
 * first use), else derived from the signals and kept per document (NaN until derived: a prior that is itself NaN
 * is derived on every read, which is only slower). The same values either way (one definition, segment/facts.ts).
 */
class PriorValues {
  /** Derived values, NaN until derived (allocated on the first derivation: never when the segment holds them). */
  private derived: Float64Array | undefined;
  /** The segment's blocks read so far. */
  private readonly blocks: Array<Float64Array | undefined> = [];
  private stored: boolean;

  constructor(
    private readonly segment: Segment | undefined,
    private readonly name: string,
    private readonly count: number,
    private readonly derive: (doc: number) => number,
  ) {
    this.stored = segment?.hasPrior(name) ?? false;
  }

  /** The prior of `doc` (0 ≤ doc < count). */
  read(doc: number): number {
    if (this.stored) {
      const b = (doc / PRIOR_BLOCK_DOCS) | 0;
      const block = this.blocks[b] ?? this.load(b);
      if (block) return block[doc - b * PRIOR_BLOCK_DOCS]!;
    }
    const derived = (this.derived ??= new Float64Array(this.count).fill(NaN));
    const value = derived[doc]!;
    return Number.isNaN(value) ? (derived[doc] = this.derive(doc)) : value;
  }

  /**
   * The priors of `docs` (ascending) into `out` (same order): a stored block's values are copied by position, one
   * block lookup per run of documents in the same block (what {@link read} gives, without a call per document); the
   * blocks not read yet that the documents ask for are read a few at a time (the segment's read-ahead, up to the
   * last of them within its reach: sparse matches over a large collection cost a read per group of nearby blocks,
   * not one per block); `reach` says which blocks one read takes ({@link GatherReach}).
   */
  gather(docs: DocList, out: Float64Array, reach: GatherReach): void {
    let i = 0;
    while (i < docs.length && this.stored) {
      const b = (docs[i]! / PRIOR_BLOCK_DOCS) | 0;
      const block = this.blocks[b] ?? this.load(b, this.lastBlockNear(docs, i, b, reach));
      if (!block) break;
      const base = b * PRIOR_BLOCK_DOCS;
      const end = base + block.length;
      for (; i < docs.length; i++) {
        const doc = docs[i]!;
        if (doc >= end || doc < base) break;
        out[i] = block[doc - base]!;
      }
    }
    for (; i < docs.length; i++) out[i] = this.read(docs[i]!);
  }

  /**
   * The priors of `docs` (ascending, every document the caller scores) into `out` from the segment's scatter records
   * (src/segment: one small checked block per scattered document, shared with its field lengths — read already when
   * its text was scored); false when the segment has none (or they turned out damaged): read them otherwise.
   */
  private scattered(docs: DocList, out: Float64Array): boolean {
    return this.stored && docs.length * SCATTERED_SPACING <= this.count && this.segment!.scatterPriors(this.name, docs, out);
  }

  /**
   * The priors of `docs` (ascending) into `out` (same order): from the scatter records when they are sparse enough
   * ({@link scattered}), else {@link gather}ed from the prior's blocks; the same values either way.
   */
  values(docs: DocList, out: Float64Array, reach: GatherReach): void {
    if (docs.length > 0 && this.scattered(docs, out)) return;
    this.gather(docs, out, reach);
  }

  /**
   * The last block of one read that starts at block `b` (the block of `docs[from]`; `docs` ascending), within
   * {@link PRIOR_READ_REACH} blocks of `b`: for `all`, the blocks of the following documents while each is at most
   * {@link PRIOR_READ_GAP} blocks past the previous one asked for; for `more`, the last block asked for (or the
   * segment's whole read-ahead when block `b − 1` was read before).
   */
  private lastBlockNear(docs: DocList, from: number, b: number, reach: GatherReach): number {
    if (reach === 'more') {
      if (b > 0 && this.blocks[b - 1]) return b + PRIOR_READ_REACH - 1;
      const end = lowerBound(docs, (b + PRIOR_READ_REACH) * PRIOR_BLOCK_DOCS, from);
      return Math.max(b, (docs[end - 1]! / PRIOR_BLOCK_DOCS) | 0);
    }
    let last = b;
    for (let i = lowerBound(docs, (b + 1) * PRIOR_BLOCK_DOCS, from); i < docs.length; ) {
      const next = (docs[i]! / PRIOR_BLOCK_DOCS) | 0;
      if (next <= last || next > last + 1 + PRIOR_READ_GAP || next >= b + PRIOR_READ_REACH) break;
      last = next;
      i = lowerBound(docs, (next + 1) * PRIOR_BLOCK_DOCS, i + 1);
    }
    return last;
  }

  /**
   * Read block `b` from the segment (with the blocks after it through `through` not read yet, in the same read;
   * without `through`, the segment's own read-ahead for blocks asked for in order); a damaged segment (dropped with
   * its notice) turns to deriving.
   */
  private load(b: number, through?: number): Float64Array | undefined {
    const segment = this.segment!;
    const block = segment.priorBlock(this.name, b, through);
    if (!block) {
      this.stored = false;
      return (this.blocks[b] = undefined);
    }
    this.blocks[b] = block;
    // The blocks read with it, kept too (the segment holds them already: no read).
    for (let k = b + 1; k <= (through ?? b) && !this.blocks[k]; k++) this.blocks[k] = segment.priorBlock(this.name, k, k);
    return block;
  }
}

/** A collection reader's rank readers (made on first use, dropped when it closes). */
const RANK_READERS: ReaderSlot<RankReaders, Collection> = {
  name: 'rank readers',
  make: (c) => makeRankReaders(c, c.spec.rank ?? {}),
};

/** The rank readers of `c`: signals from their columns (else the records), priors memoised per document. */
function rankReaders(c: Collection): RankReaders {
  return c.memo(RANK_READERS);
}

function makeRankReaders(c: Collection, rank: Pick<NonNullable<KindSpec['rank']>, 'signals' | 'priors'>): RankReaders {
  const signals = new Map<string, (doc: number) => number>();
  for (const [name, get] of Object.entries(rank.signals ?? {})) signals.set(name, signalValues(c, get));
  const priors = new Map<string, PriorValues>();
  const entries = Object.entries(rank.priors ?? {});
  if (entries.length > 0) {
    const clock = clockOf(c);
    const count = c.records.length;
    // One signal reader for every prior computation, pointed at the document being computed (no closure per call).
    let current = 0;
    const signalOfCurrent = (name: string): number => signals.get(name)?.(current) ?? NaN;
    for (const [name, prior] of entries) {
      const derive = (doc: number): number => {
        current = doc;
        return prior(signalOfCurrent, clock);
      };
      priors.set(name, new PriorValues(c.segment, name, count, derive));
    }
  }
  return { signals, priors };
}

/**
 * The linear form of the kind's best match for this query — `text × multiplier + addend`, by prior name, either
 * absent — or undefined when the kind's function is not linear for it ({@link RankSpec.linear}). A kind without a
 * rank function scores the text alone: neither.
 */
export function linearForm(c: Collection, ctx: RankContext): { readonly multiplier?: string; readonly addend?: string } | undefined {
  const rank = c.spec.rank;
  if (!rank) return {};
  return rank.linear && rank.linear.applies(ctx) ? rank.linear : undefined;
}

/**
 * A reader of the kind's prior `name` by document (NaN where the prior is NaN): stored by the build, else each
 * value derived once per collection reader; undefined when the kind has no such prior.
 */
export function priorReader(c: Collection, name: string): ((doc: number) => number) | undefined {
  const rank = c.spec.rank;
  const prior = rank && rankReaders(c).priors.get(name);
  return prior && ((doc) => prior.read(doc));
}

/**
 * The kind's prior `name` of each of `docs` (ascending) into `out` (same order, entries past `docs.length`
 * untouched), as {@link priorReader} reads them; false (nothing written) when the kind has no such prior. Documents
 * at most one per {@link SCATTERED_SPACING} of the collection are read from the segment's scatter records (a small
 * block each, shared with the field lengths that scoring them reads next: the top-k collector's rounds and seeds at
 * 1M read no block of the prior section), denser ones from the prior's blocks; the same stored values either way.
 * @param reach whether later gathers may ask for more documents (`more`, the default: the top-k collector's rounds)
 *   or these are all (`all`); it changes which blocks are read together, never a value ({@link GatherReach})
 */
export function gatherPrior(c: Collection, name: string, docs: DocList, out: Float64Array, reach: GatherReach = 'more'): boolean {
  const prior = c.spec.rank && rankReaders(c).priors.get(name);
  if (!prior) return false;
  prior.values(docs, out, reach);
  return true;
}

/** The values of `prior` for `docs` (ascending, every document the caller scores), same order; undefined without a prior. */
function gathered(prior: PriorValues | undefined, docs: DocList): Float64Array | undefined {
  if (!prior) return undefined;
  const out = new Float64Array(docs.length);
  prior.values(docs, out, 'all');
  return out;
}

/**
 * Best-match scores of `docs` (same order as `text`): the kind's function of the text score, its signals and
 * priors, or the text score itself when the kind has none. Where the kind's {@link RankSpec.linear} form applies
 * to the query, `text × multiplier + addend` from the priors' arrays (the same values, fewer calls).
 * @param out where the scores go (default: a new array); may be `text` itself (each text score is read before its
 *   slot is written)
 */
export function rankScores(
  c: Collection,
  docs: DocList,
  text: Float64Array,
  ctx: RankContext,
  out: Float64Array = new Float64Array(docs.length),
): Float64Array {
  const rank: KindSpec['rank'] = c.spec.rank;
  if (!rank) {
    if (out !== text) out.set(text.subarray(0, docs.length));
    return out;
  }
  const { signals, priors } = rankReaders(c);
  const linear = rank.linear;
  if (linear && linear.applies(ctx)) {
    // The priors gathered in document order (a few blocks per read), then combined.
    const multiplier = linear.multiplier === undefined ? undefined : gathered(priors.get(linear.multiplier), docs);
    const addend = linear.addend === undefined ? undefined : gathered(priors.get(linear.addend), docs);
    for (let i = 0; i < docs.length; i++) {
      let score = text[i]!;
      if (multiplier) score *= multiplier[i]!;
      if (addend) score += addend[i]!;
      out[i] = score;
    }
    return out;
  }
  let doc = 0;
  const signal = (name: string): number => {
    const prior = priors.get(name);
    return prior ? prior.read(doc) : (signals.get(name)?.(doc) ?? NaN);
  };
  for (let i = 0; i < docs.length; i++) {
    doc = docs[i]!;
    out[i] = rank.score(text[i]!, signal, ctx, doc);
  }
  return out;
}
