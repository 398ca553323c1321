/**
 * Champion lists (Manning, Raghavan & Schütze, Introduction to Information Retrieval §7.1.3–7.1.4), exact: for every
 * long term — one whose posting in a champion field has stored block maxima (index/stored-maxima.ts: at least
 * `maximaThreshold` entries) — the public answer of the one-word query that is that term, as the build computes it
 * once: the term's public match count (the union of its postings over the champion fields, less the private
 * documents) and its first `reach` matches in best-match order (score descending, then document number ascending)
 * with their float64 scores.
 *
 * The scores are the query path's, bit for bit: the weights come from {@link LunrTextIndex.queryImpacts} under the
 * public statistics (the anonymous viewer's: N′, n′_t, avg′_f of visible-statistics.ts; the stored weights when there
 * is no private document), the text score adds `weight × (w / 1000)` per field, divided by the query vector's
 * magnitude, `|| 0`, fields in the query's order (order/bounds.ts `textScores`, text-index.ts `score`), and the
 * linear form `text × multiplier + addend` follows (rank/rank.ts `rankScores`). Only public documents and public
 * statistics go in: no private record moves a list, its count or a score.
 */
import type { CompactIndex } from './compact-index.js';
import { LunrTextIndex } from './text-index.js';
import { ChampionMaker, type ChampionList } from './champion-maker.js';

/** One long term's stored answer (defined beside its maker, which this module feeds). */
export type { ChampionList } from './champion-maker.js';

/** What the lists are computed over. */
export interface ChampionOptions {
  /** The private documents (ascending): left out of every list, count and statistic. */
  readonly privateDocs: Uint32Array;
  /** Their field-length sums by field name (the segment's `privateLengths`), when the build has them. */
  readonly privateLengths?: ReadonlyMap<string, number> | undefined;
  /** The fields a one-word query searches and scores, in the query's order (the kind's default fields it may search). */
  readonly fields: readonly string[];
  /** The linear form's multiplier per document, when the form has one. */
  readonly multiplier?: Float64Array | undefined;
  /** The linear form's addend per document, when the form has one. */
  readonly addend?: Float64Array | undefined;
  /** Documents kept per list. */
  readonly reach: number;
}

/** The ranks of the long terms of `index` over `fields` (field numbers), ascending. */
function longTermRanks(index: CompactIndex, fields: readonly number[]): number[] {
  const stored = index.maxima?.slots();
  if (!stored || stored.length === 0) return [];
  const F = index.fields.length;
  const wanted = new Set<number>();
  for (let i = 0; i < stored.length; i++) {
    const slot = stored[i]!;
    if (fields.includes(slot % F)) wanted.add(Math.floor(slot / F));
  }
  if (wanted.size === 0) return [];
  const ranks: number[] = [];
  const dimensions = index.termIndex;
  for (let rank = 0; rank < dimensions.length && ranks.length < wanted.size; rank++) if (wanted.has(dimensions[rank]!)) ranks.push(rank);
  return ranks.sort((a, b) => a - b);
}

/**
 * The champion list of every long term of `index` (see the module comment), ascending by term: each long term's
 * postings in the champion fields with their public weights (its term frequencies weighed whole, as the query path
 * weighs a posting it keeps: `impacts` of {@link LunrTextIndex.queryImpacts}), handed to the {@link ChampionMaker}
 * the build uses while it merges, which sums and ranks them. For an index built without the lists (the build's
 * caller then derives them here, src/segment/facts.ts); that each list is the query path's own exhaustive answer is
 * test/order/champions.test.ts.
 */
export function championLists(index: CompactIndex, options: ChampionOptions): ChampionList[] {
  if (!index.hasStatistics && options.privateDocs.length > 0) return [];
  const fieldNumbers = options.fields.map((name) => index.fieldNumber(name));
  if (fieldNumbers.length === 0 || fieldNumbers.some((f) => f < 0)) return [];
  const { privateDocs: hidden, multiplier, addend } = options;
  const isPrivate = new Uint8Array(index.docCount);
  for (let i = 0; i < hidden.length; i++) isPrivate[hidden[i]!] = 1;
  const text = new LunrTextIndex(index, index.docCount, (of) => (of === hidden ? options.privateLengths : undefined));
  // The maker names a list by its dimension: here the term's rank, named as it comes.
  const names: string[] = [];
  const maker = new ChampionMaker({ fields: fieldNumbers, reach: options.reach, priors: () => ({ multiplier, addend }) }, isPrivate, hidden.length, names);
  const empty = new Uint32Array(0);
  for (const rank of longTermRanks(index, fieldNumbers)) {
    const term = index.term(rank);
    names[rank] = term;
    const docs: Uint32Array[] = index.fields.map(() => empty);
    const weights: (Int32Array | undefined)[] = index.fields.map(() => undefined);
    for (const field of text.queryImpacts(new Map(options.fields.map((name) => [name, [term]])), hidden)) {
      const f = index.fieldNumber(field.field);
      for (const dimension of field.dimensions) {
        // (The maker weighs a one-word query vector as queryVector makes it: weight 1, magnitude 1.)
        docs[f] = dimension.docs;
        weights[f] = dimension.impacts;
      }
    }
    // A champion field the query vector left out (no public document holds the term) still matches, scoring 0.
    for (const f of fieldNumbers) if (weights[f] === undefined) docs[f] = index.docs(rank, f);
    maker.term(rank, docs, weights);
  }
  return maker.lists() ?? [];
}
