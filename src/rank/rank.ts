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
import { deriveClock } from '../segment/facts.js';

const clocks = new WeakMap<Collection, number>();

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
 * once per collection.
 */
export function clockOf(c: Collection): number {
  let clock = clocks.get(c) ?? c.segment?.clock;
  if (clock === undefined) clocks.set(c, (clock = deriveClock(c)));
  return clock;
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
 * One prior's values by document: `values[doc]` once computed, NaN until then (a prior that is itself NaN is
 * recomputed on every read, which is only slower); `compute(doc)` computes, stores and returns it.
 */
interface PriorValues {
  readonly values: Float64Array;
  readonly compute: (doc: number) => number;
}

const readersByCollection = new WeakMap<Collection, RankReaders>();

/** The rank readers of `c`: signals from their columns (else the records), priors memoised per document. */
function rankReaders(c: Collection, rank: NonNullable<KindSpec['rank']>): RankReaders {
  const known = readersByCollection.get(c);
  if (known) return known;
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
      const values = new Float64Array(count).fill(NaN);
      const compute = (doc: number): number => {
        current = doc;
        return (values[doc] = c.segment?.prior(name, doc) ?? prior(signalOfCurrent, clock));
      };
      priors.set(name, { values, compute });
    }
  }
  const readers = { signals, priors };
  readersByCollection.set(c, readers);
  return readers;
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
 * A reader of the kind's prior `name` by document (NaN where the prior is NaN), each value computed once per
 * collection; undefined when the kind has no such prior.
 */
export function priorReader(c: Collection, name: string): ((doc: number) => number) | undefined {
  const rank = c.spec.rank;
  const prior = rank && rankReaders(c, rank).priors.get(name);
  return prior && ((doc) => priorOf(prior, doc));
}

/** A prior's value for `doc`: stored, else computed now. */
function priorOf(prior: PriorValues, doc: number): number {
  const value = prior.values[doc]!;
  return Number.isNaN(value) ? prior.compute(doc) : value;
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
  const { signals, priors } = rankReaders(c, rank);
  const linear = rank.linear;
  if (linear && linear.applies(ctx)) {
    const multiplier = linear.multiplier === undefined ? undefined : priors.get(linear.multiplier);
    const addend = linear.addend === undefined ? undefined : priors.get(linear.addend);
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      let score = text[i]!;
      if (multiplier) score *= priorOf(multiplier, doc);
      if (addend) score += priorOf(addend, doc);
      out[i] = score;
    }
    return out;
  }
  let doc = 0;
  const signal = (name: string): number => {
    const prior = priors.get(name);
    return prior ? priorOf(prior, doc) : (signals.get(name)?.(doc) ?? NaN);
  };
  for (let i = 0; i < docs.length; i++) {
    doc = docs[i]!;
    out[i] = rank.score(text[i]!, signal, ctx, doc);
  }
  return out;
}
