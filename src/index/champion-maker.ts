/**
 * The champion lists (champions.ts) computed by the index build itself, while it merges the postings: the build
 * already holds every field of a long term's postings at once — documents, term frequencies, stored weights — and
 * weighs them under the public statistics for the stored maxima (stored-maxima.ts `MaximaMaker`), so the lists
 * need no second read of the index file just written, and no second weighing.
 *
 * Same lists, bit for bit, as {@link championLists} over the finished index: the same long terms (those with stored
 * maxima in a champion field), the same per-document sum over the champion fields in the query's order of
 * `(0 + 1 × (w / 1000)) / 1 || 0` (a one-word query vector: weight 1, magnitude 1) from 0, with `w` the stored
 * weight when no document is private and the public weight otherwise, a field's documents touched with no weight
 * when no public document holds the term (the query vector then has no dimension), then `× multiplier + addend`,
 * the best `reach` by {@link BestPairs}, and no list for a term whose score is NaN somewhere.
 */
import { BestPairs } from './best-pairs.js';
import type { LongTermLists } from './stored-maxima.js';

/** One long term's stored answer: a champion list (champions.ts's module comment). */
export interface ChampionList {
  /** The analysed term. */
  readonly term: string;
  /** Public documents matching it in any champion field (the anonymous viewer's `total_count`). */
  readonly total: number;
  /** The first min(reach, total) of them in best-match order. */
  readonly docs: Uint32Array;
  /** Their scores (same order). */
  readonly scores: Float64Array;
}

/** The linear form's per-document arrays (length: the collection's documents); absent: that part of the form. */
export interface ChampionPriors {
  readonly multiplier?: Float64Array | undefined;
  readonly addend?: Float64Array | undefined;
}

/** What a build needs to make the lists. */
export interface ChampionSetup {
  /** The champion fields' numbers (index fields), in the query's order (segment/facts.ts `championFields`). */
  readonly fields: readonly number[];
  /** Documents kept per list. */
  readonly reach: number;
  /**
   * The linear form, asked for once, when the first long term is merged (it may block until the priors are
   * known: shared-priors.ts); undefined: no lists (the build's caller then computes none, or its own).
   */
  readonly priors: () => ChampionPriors | undefined;
}

/**
 * Collects the champion lists of a build, one long term at a time ({@link term}), in whatever order the build
 * merges its terms; {@link lists} sorts them by term.
 */
export class ChampionMaker implements LongTermLists {
  private readonly made: ChampionList[] = [];
  private form: ChampionPriors | undefined;
  /** False once the priors were asked for and none came (then {@link lists} is undefined). */
  private usable = true;
  private asked = false;
  private score = new Float64Array(0);
  private touchedBy = new Int32Array(0);
  private touched = new Uint32Array(0);

  /**
   * @param setup the champion fields, reach and priors
   * @param isPrivate 1 per private document (length: the collection's documents), shared with the caller
   * @param privateCount how many documents are private (0: the stored weights are the public ones)
   * @param names each Lunr term index's term
   */
  constructor(
    private readonly setup: ChampionSetup,
    private readonly isPrivate: Uint8Array,
    readonly privateCount: number,
    private readonly names: readonly string[],
  ) {}

  /** Whether field number `f` is a champion field (a long posting there makes its term's list). */
  isChampionField(f: number): boolean {
    return this.setup.fields.includes(f);
  }

  /**
   * One long term's list.
   * @param dimension the term's Lunr term index
   * @param docs per index field, the term's documents (ascending; empty where the field lacks the term)
   * @param weights per index field, each posting's weight (thousandths) under the public statistics — the stored
   *   weight when no document is private — or undefined for every field when no public document holds the term
   */
  term(dimension: number, docs: readonly Uint32Array[], weights: ReadonlyArray<Int32Array | undefined> | undefined): void {
    if (!this.usable) return;
    if (!this.asked) {
      this.asked = true;
      this.form = this.setup.priors();
      if (!this.form) {
        this.usable = false;
        return;
      }
      const N = this.isPrivate.length;
      this.score = new Float64Array(N);
      this.touchedBy = new Int32Array(N).fill(-1);
      this.touched = new Uint32Array(N);
    }
    const { score, touchedBy, touched, isPrivate } = this;
    let n = 0;
    for (const f of this.setup.fields) {
      const list = docs[f]!;
      const impacts = weights?.[f];
      for (let i = 0; i < list.length; i++) {
        const doc = list[i]!;
        if (isPrivate[doc] === 1) continue;
        if (touchedBy[doc] !== dimension) {
          touchedBy[doc] = dimension;
          touched[n++] = doc;
          score[doc] = 0;
        }
        if (!impacts) continue;
        const w = impacts[i]!;
        // (order/bounds.ts `textScores` for a one-term query vector: weight 1, magnitude 1.)
        if (w >= 0) score[doc]! += (0 + 1 * (w / 1000)) / 1 || 0;
      }
    }
    const { multiplier, addend } = this.form!;
    const best = new BestPairs(Math.min(this.setup.reach, n));
    for (let i = 0; i < n; i++) {
      const doc = touched[i]!;
      let s = score[doc]!;
      if (multiplier) s *= multiplier[doc]!;
      if (addend) s += addend[doc]!;
      if (Number.isNaN(s)) return;
      if (best.full && (s < best.worstScore || (s === best.worstScore && doc > best.worstDoc))) continue;
      best.offer(doc, s);
    }
    this.made.push({ term: this.names[dimension]!, total: n, ...best.sorted() });
  }

  /** The lists made, ascending by term; undefined when the priors never came (none were made). */
  lists(): ChampionList[] | undefined {
    if (!this.usable) return undefined;
    return this.made.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  }
}
