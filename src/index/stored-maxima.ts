/**
 * Per-term block maxima stored by the build beside the Lunr-compatible postings (issue #24 item 4): for each
 * (term, field) posting of at least {@link maximaThreshold} entries, the largest field-vector weight (thousandths)
 * of each block of {@link STORED_BLOCK_DOCS} documents and of each sub-block of {@link STORED_SUB_DOCS} — dense
 * arrays of u16 over the whole collection, so a query uses them as they are read (no loop over them) — once over every
 * document with the stored weights (a viewer who sees every document), once over the public documents with the
 * weights the public documents' own statistics give (the anonymous viewer: N′, n′_t and avg′_f of
 * index/visible-statistics.ts, in the same operations, so each is bit for bit the weight that viewer scores) — and
 * the posting's count of public entries (n′ of the slot, so the anonymous viewer's idf needs no pass over the
 * hidden documents). Long postings have low idf and small weights (below 8,000 thousandths at 100k issues): a
 * posting with a weight above 65,535 gets no stored maxima (its bounds are derived per query).
 *
 * No private record moves a public maximum or count: the public form is computed from public documents and
 * public statistics only. A viewer reading some private repositories derives its own maxima per query
 * (order/bounds.ts).
 */
import { postingWeight } from './bm25.js';

/** Postings at least this long in one field get stored maxima (shorter ones are derived per query cheaply). */
export const STORED_MAXIMA_POSTINGS = 4096;
/** …and at least this share of the collection (1/32), so the stored arrays stay a few per cent of the index. */
export const STORED_MAXIMA_SHARE = 32;
/** log2 of the documents per stored block (the segment's blocks: order/bounds.ts checks they agree). */
export const STORED_BLOCK_SHIFT = 7;
/** Documents per stored block. */
export const STORED_BLOCK_DOCS = 1 << STORED_BLOCK_SHIFT;
/** log2 of the documents per stored sub-block (the segment's fine blocks: order/bounds.ts checks they agree). */
export const STORED_SUB_SHIFT = 4;
/** Documents per stored sub-block. */
export const STORED_SUB_DOCS = 1 << STORED_SUB_SHIFT;
/** The largest weight (thousandths) a stored maximum holds. */
export const STORED_WEIGHT_MAX = 0xffff;

/** The posting length from which a collection of `count` documents stores maxima (by default). */
export function maximaThreshold(count: number): number {
  return Math.max(STORED_MAXIMA_POSTINGS, Math.ceil(count / STORED_MAXIMA_SHARE));
}

/** Blocks of a collection of `count` documents. */
export const storedBlocks = (count: number): number => (count + STORED_BLOCK_DOCS - 1) >>> STORED_BLOCK_SHIFT;
/** Sub-blocks of a collection of `count` documents. */
export const storedSubs = (count: number): number => (count + STORED_SUB_DOCS - 1) >>> STORED_SUB_SHIFT;

/** Lunr's BM25 parameters (`lunr.Builder`: `_k1`, `_b`), as the builder and visible-statistics.ts use them. */

/** One form of a posting's stored maxima: per block and per sub-block of the collection, the largest weight (0 where none). */
export interface BlockMaxima {
  readonly max: Uint16Array;
  readonly fine: Uint16Array;
}

/** The stored maxima of one (term, field) posting. */
export interface SlotMaxima {
  /** The largest stored weights (thousandths) over every document. */
  readonly all: BlockMaxima;
  /** The largest public weights (thousandths) over the public documents. */
  readonly public: BlockMaxima;
  /** The posting's public entries. */
  readonly publicCount: number;
}

/** The stored maxima of an index (see the module comment). */
export interface StoredMaxima {
  /** The private documents the build left out of the public form (the public form bounds a viewer hiding exactly these). */
  readonly privateCount: number;
  /** The maxima of slot `slot` (Lunr term index · F + field), or undefined when none are stored for it. */
  slot(slot: number): SlotMaxima | undefined;
  /** Every slot with stored maxima, ascending (the long postings: index/champions.ts lists their terms). */
  slots(): ArrayLike<number>;
}

/**
 * Receives every long term of its fields with the weights a one-word query scores it by (champion-maker.ts's
 * `ChampionMaker`, which makes the champion lists from them).
 */
export interface LongTermLists {
  /** How many documents are private (0: the stored weights are the public ones). */
  readonly privateCount: number;
  /** Whether a long posting in field number `f` gives its term a list. */
  isChampionField(f: number): boolean;
  /**
   * One such term: per index field its documents, and per index field the weights (thousandths) under the public
   * statistics (the stored ones when no document is private; -1 for a private document), or undefined for every
   * field when no public document holds the term.
   */
  term(dimension: number, docs: readonly Uint32Array[], weights: ReadonlyArray<Int32Array | undefined> | undefined): void;
}

/** Receives the stored maxima in slot order (an index sink, compact-index.ts). */
export type MaximaReceiver = (slot: number, maxima: SlotMaxima) => void;

/**
 * Computes the stored maxima during a build: the builder hands it each long term's postings (every field of the
 * term, so its public posting count n′_t is known before any public weight), and it hands the maxima of each long
 * field's posting to a {@link MaximaReceiver}.
 */
export class MaximaMaker {
  /** N′: public documents. */
  private readonly publicDocs: number;
  /** avg′_f: each field's average length over the public documents (visible-statistics.ts's expression). */
  private readonly average: Float64Array;

  /**
   * @param isPrivate 1 per private document (length N)
   * @param fieldLength each (doc, field)'s token count at `doc·F + f`
   * @param minPostings postings of one field at least this long get maxima (default {@link maximaThreshold})
   * @param champions when given, handed every long term of a champion field with its public weights (champion-maker.ts)
   */
  constructor(
    private readonly isPrivate: Uint8Array,
    privateCount: number,
    private readonly fieldLength: Uint32Array,
    private readonly boosts: readonly number[],
    private readonly receive: MaximaReceiver,
    readonly minPostings = maximaThreshold(isPrivate.length),
    private readonly champions?: LongTermLists,
  ) {
    const F = boosts.length;
    const N = isPrivate.length;
    this.publicDocs = N - privateCount;
    this.average = new Float64Array(F);
    for (let f = 0; f < F; f++) {
      // Integer sums (exact): the stored total over every document minus the private documents' lengths.
      let total = 0;
      let hiddenSum = 0;
      for (let doc = 0; doc < N; doc++) {
        const length = fieldLength[doc * F + f]!;
        total += length;
        if (isPrivate[doc] === 1) hiddenSum += length;
      }
      this.average[f] = (total - hiddenSum) / this.publicDocs;
    }
  }

  /**
   * One term's postings, every field (`docs[f]`, `tfs[f]`, `weights[f]` of field f: ascending documents, their term
   * frequencies and stored weights; empty where the field lacks the term). Hands on the maxima of each field whose
   * posting is at least {@link minPostings} long.
   * @param dimension the term's Lunr term index
   */
  term(dimension: number, docs: readonly Uint32Array[], tfs: readonly Uint32Array[], weights: readonly Int32Array[]): void {
    const F = this.boosts.length;
    const isPrivate = this.isPrivate;
    const counts = new Array<number>(F).fill(0);
    let n = 0;
    for (let f = 0; f < F; f++) {
      const list = docs[f]!;
      let count = 0;
      for (let i = 0; i < list.length; i++) if (isPrivate[list[i]!] !== 1) count++;
      counts[f] = count;
      n += count;
    }
    // lunr.idf over the public documents (visible-statistics.ts `idf`); none when no public document holds the term.
    const idf = n === 0 || this.publicDocs <= 0 ? Number.NaN : Math.log(1 + Math.abs((this.publicDocs - n + 0.5) / (n + 0.5)));
    const champions = this.champions;
    // The public weights of every field a champion list or a stored maximum reads, each weighed once.
    const publicWeights: Array<Int32Array | undefined> = new Array<Int32Array | undefined>(F).fill(undefined);
    if (!Number.isNaN(idf)) {
      for (let f = 0; f < F; f++) {
        if (docs[f]!.length >= this.minPostings || champions?.isChampionField(f)) publicWeights[f] = this.weigh(f, docs[f]!, tfs[f]!, idf);
      }
    }
    let champion = false;
    for (let f = 0; f < F; f++) {
      const list = docs[f]!;
      if (list.length < this.minPostings) continue;
      const maxima = this.field(list, weights[f]!, publicWeights[f], counts[f]!);
      if (!maxima) continue;
      this.receive(dimension * F + f, maxima);
      if (champions?.isChampionField(f)) champion = true;
    }
    // A long term of a champion field: its list, from the stored weights when every document is public (the query
    // path's own choice), else from the public ones (none when no public document holds the term).
    if (champion) champions!.term(dimension, docs, champions!.privateCount === 0 ? weights : Number.isNaN(idf) ? undefined : publicWeights);
  }

  /**
   * Field `f`'s public weights (thousandths) of `docs` under the public statistics with idf `idf`, -1 for a private
   * document: the builder's expression with the public statistics (visible-statistics.ts `weigh`, same operation order).
   */
  private weigh(f: number, docs: Uint32Array, tfs: Uint32Array, idf: number): Int32Array {
    const F = this.boosts.length;
    const out = new Int32Array(docs.length);
    const average = this.average[f]!;
    const boost = this.boosts[f]! || 1;
    const { isPrivate, fieldLength } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (isPrivate[doc] === 1) {
        out[i] = -1;
        continue;
      }
      const tf = tfs[i]!;
      out[i] = postingWeight(tf, fieldLength[doc * F + f]!, average, idf, boost);
    }
    return out;
  }

  /**
   * The maxima of one field's posting (`docs`, their stored weights, their public weights — -1 for a private
   * document; undefined when no public document holds the term), or undefined when a weight is too large to store.
   */
  private field(docs: Uint32Array, weights: Int32Array, publicWeights: Int32Array | undefined, publicCount: number): SlotMaxima | undefined {
    const N = this.isPrivate.length;
    const all = { max: new Uint16Array(storedBlocks(N)), fine: new Uint16Array(storedSubs(N)) };
    const pub = { max: new Uint16Array(storedBlocks(N)), fine: new Uint16Array(storedSubs(N)) };
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const sub = doc >>> STORED_SUB_SHIFT;
      const block = doc >>> STORED_BLOCK_SHIFT;
      const stored = weights[i]!;
      if (stored > STORED_WEIGHT_MAX) return undefined;
      if (stored > all.fine[sub]!) all.fine[sub] = stored;
      if (stored > all.max[block]!) all.max[block] = stored;
      if (!publicWeights) continue;
      const w = publicWeights[i]!;
      if (w < 0) continue;
      if (w > STORED_WEIGHT_MAX) return undefined;
      if (w > pub.fine[sub]!) pub.fine[sub] = w;
      if (w > pub.max[block]!) pub.max[block] = w;
    }
    return { all, public: pub, publicCount };
  }
}

/** Stored maxima held in memory (a fresh build's, or read from a file's sections). */
export class ArrayMaxima implements StoredMaxima {
  private readonly bySlot = new Map<number, SlotMaxima>();

  constructor(readonly privateCount: number) {}

  add(slot: number, maxima: SlotMaxima): void {
    this.bySlot.set(slot, maxima);
  }

  slot(slot: number): SlotMaxima | undefined {
    return this.bySlot.get(slot);
  }

  slots(): Uint32Array {
    return Uint32Array.from(this.bySlot.keys()).sort();
  }
}
