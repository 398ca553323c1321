/**
 * Per-term block maxima stored by the build beside the Lunr-compatible postings (issue #24 item 4): for each
 * (term, field) posting of at least {@link STORED_MAXIMA_POSTINGS} entries, the largest field-vector weight
 * (thousandths) of each sub-block of {@link STORED_SUB_DOCS} documents the posting touches — once over every
 * document with the stored weights (a viewer who sees every document), once over the public documents with the
 * weights the public documents' own statistics give (the anonymous viewer: N′, n′_t and avg′_f of
 * index/visible-statistics.ts, in the same operations, so each is bit for bit the weight that viewer scores) — and
 * the posting's count of public entries (n′ of the slot, so the anonymous viewer's idf needs no pass over the
 * hidden documents). A block of 128 documents takes the largest of its sub-blocks.
 *
 * No private record moves a public maximum or count: the public form is computed from public documents and
 * public statistics only. A viewer reading some private repositories derives its own maxima per query
 * (order/bounds.ts).
 */
/** Postings at least this long in one field get stored maxima (shorter ones are derived per query cheaply). */
export const STORED_MAXIMA_POSTINGS = 4096;
/** log2 of the documents per stored sub-block (the segment's fine blocks: order/bounds.ts checks they agree). */
export const STORED_SUB_SHIFT = 4;
/** Documents per stored sub-block. */
export const STORED_SUB_DOCS = 1 << STORED_SUB_SHIFT;

/** Lunr's BM25 parameters (`lunr.Builder`: `_k1`, `_b`), as the builder and visible-statistics.ts use them. */
const K1 = 1.2;
const B = 0.75;

/** The stored maxima of one (term, field) posting. */
export interface SlotMaxima {
  /** The distinct sub-blocks (`doc >>> STORED_SUB_SHIFT`) the posting touches, ascending. */
  readonly subs: Uint32Array;
  /** Per sub-block, the largest stored weight (thousandths) over every document. */
  readonly all: Int32Array;
  /** Per sub-block, the largest public weight (thousandths) over the public documents (0 where none). */
  readonly public: Int32Array;
  /** The posting's public entries. */
  readonly publicCount: number;
}

/** The stored maxima of an index (see the module comment). */
export interface StoredMaxima {
  /** The private documents the build left out of the public form (the public form bounds a viewer hiding exactly these). */
  readonly privateCount: number;
  /** The maxima of slot `slot` (Lunr term index · F + field), or undefined when none are stored for it. */
  slot(slot: number): SlotMaxima | undefined;
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
   * @param minPostings postings of one field at least this long get maxima (default {@link STORED_MAXIMA_POSTINGS})
   */
  constructor(
    private readonly isPrivate: Uint8Array,
    privateCount: number,
    private readonly fieldLength: Uint32Array,
    private readonly boosts: readonly number[],
    private readonly receive: MaximaReceiver,
    readonly minPostings = STORED_MAXIMA_POSTINGS,
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
    for (let f = 0; f < F; f++) {
      const list = docs[f]!;
      if (list.length < this.minPostings) continue;
      this.receive(dimension * F + f, this.field(f, list, tfs[f]!, weights[f]!, idf, counts[f]!));
    }
  }

  private field(f: number, docs: Uint32Array, tfs: Uint32Array, weights: Int32Array, idf: number, publicCount: number): SlotMaxima {
    const F = this.boosts.length;
    let distinct = 0;
    for (let i = 0, last = -1; i < docs.length; i++) {
      const sub = docs[i]! >>> STORED_SUB_SHIFT;
      if (sub !== last) distinct++;
      last = sub;
    }
    const subs = new Uint32Array(distinct);
    const all = new Int32Array(distinct);
    const pub = new Int32Array(distinct);
    const average = this.average[f]!;
    const boost = this.boosts[f]! || 1;
    const weighs = !Number.isNaN(idf);
    let s = -1;
    for (let i = 0, last = -1; i < docs.length; i++) {
      const doc = docs[i]!;
      const sub = doc >>> STORED_SUB_SHIFT;
      if (sub !== last) subs[++s] = sub;
      last = sub;
      if (weights[i]! > all[s]!) all[s] = weights[i]!;
      if (!weighs || this.isPrivate[doc] === 1) continue;
      // The builder's expression with the public statistics (visible-statistics.ts `weigh`, same operation order).
      const tf = tfs[i]!;
      const lengthRatio = this.fieldLength[doc * F + f]! / average;
      let score = (idf * ((K1 + 1) * tf)) / (K1 * (1 - B + B * lengthRatio) + tf);
      score *= boost;
      const w = Math.round(score * 1000);
      if (w > pub[s]!) pub[s] = w;
    }
    return { subs, all, public: pub, publicCount };
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
}

/**
 * The dense block and sub-block maxima of one stored slot over a collection of `count` documents (one of its two
 * forms), as order/bounds.ts forms them from the postings: per block of `1 << blockShift` documents and per
 * sub-block, the largest weight (0 where the posting has none).
 */
export function denseMaxima(
  subs: Uint32Array,
  values: Int32Array,
  count: number,
  blockShift: number,
): { max: Int32Array; fine: Int32Array } {
  const max = new Int32Array((count + (1 << blockShift) - 1) >>> blockShift);
  const fine = new Int32Array((count + STORED_SUB_DOCS - 1) >>> STORED_SUB_SHIFT);
  const down = blockShift - STORED_SUB_SHIFT;
  for (let i = 0; i < subs.length; i++) {
    const sub = subs[i]!;
    const v = values[i]!;
    fine[sub] = v;
    const b = sub >>> down;
    if (v > max[b]!) max[b] = v;
  }
  return { max, fine };
}
