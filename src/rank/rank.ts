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
import { kthLargest } from '../results/sort.js';

const clocks = new WeakMap<Collection, number>();

/** A signal's value for every document (NaN when missing): its column when built, else read from the records. */
function signalValues(c: Collection, get: Getter<number | undefined>): (doc: number) => number {
  const column = c.column(get);
  if (column?.type === 'number') return (doc) => column.values[doc]!;
  return (doc) => {
    const v = get(c.records[doc]!, doc, c);
    return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
  };
}

/**
 * The kind's clock (epoch ms): the newest value of its clock signals over the documents outside private
 * repositories; NaN when the kind has no clock or no such value. Computed once per collection.
 */
export function clockOf(c: Collection): number {
  const known = clocks.get(c);
  if (known !== undefined) return known;
  let newest = NaN;
  const names = c.spec.rank?.clock ?? [];
  if (names.length > 0) {
    const isPrivate = new Uint8Array(c.records.length);
    for (const p of c.privateDocs) isPrivate[p.doc] = 1;
    for (const name of names) {
      const get = c.spec.rank!.signals?.[name];
      if (!get) continue;
      const read = signalValues(c, get);
      for (let doc = 0; doc < c.records.length; doc++) {
        if (isPrivate[doc]) continue;
        const v = read(doc);
        if (!Number.isNaN(v) && !(v <= newest)) newest = v;
      }
    }
  }
  clocks.set(c, newest);
  return newest;
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

/** A collection's readers of its rank signals and memo of its priors (one per collection). */
interface RankReaders {
  /** Signal name → value of a document (NaN when missing). */
  readonly signals: ReadonlyMap<string, (doc: number) => number>;
  /** Prior name → value of a document, computed on first read and kept. */
  readonly priors: ReadonlyMap<string, (doc: number) => number>;
}

const readersByCollection = new WeakMap<Collection, RankReaders>();

/**
 * The rank readers of `c`: signals from their columns (else records), priors memoised per document in a
 * Float64Array (NaN marks "not computed yet"; a prior that is itself NaN is recomputed, which is only slower).
 */
function rankReaders(c: Collection, rank: NonNullable<KindSpec['rank']>): RankReaders {
  const known = readersByCollection.get(c);
  if (known) return known;
  const signals = new Map<string, (doc: number) => number>();
  for (const [name, get] of Object.entries(rank.signals ?? {})) signals.set(name, signalValues(c, get));
  const priors = new Map<string, (doc: number) => number>();
  const entries = Object.entries(rank.priors ?? {});
  if (entries.length > 0) {
    const clock = clockOf(c);
    for (const [name, compute] of entries) {
      const memo = new Float64Array(c.records.length).fill(NaN);
      priors.set(name, (doc) => {
        const known = memo[doc]!;
        if (!Number.isNaN(known)) return known;
        return (memo[doc] = compute((signal) => signals.get(signal)?.(doc) ?? NaN, clock));
      });
    }
  }
  const readers = { signals, priors };
  readersByCollection.set(c, readers);
  return readers;
}

/**
 * Candidates scored in full first, as a multiple of `reach`: the best by text score, whose full scores set the bar
 * every other document's upper bound must reach.
 */
const FIRST_CANDIDATES = 2;

/**
 * Best-match scores of `docs` (same order as `text`): the kind's function of the text score, its signals and
 * priors, or the text score itself when the kind has none.
 *
 * With `reach` (only the first `reach` in best-match order are ever shown) and a kind whose rank has an
 * {@link RankSpec.upperBound}, a long list is scored in full only where it matters: first the
 * `FIRST_CANDIDATES × reach` best by text score; the `reach`-th best of their full scores is the bar; every other
 * document is scored in full only when its upper bound reaches the bar, else it gets −∞ — it cannot be among the
 * first `reach` (at least `reach` documents score at least the bar, above its bound), so the first `reach` and
 * their scores are exactly those of scoring everything (test/rank/pruning.test.ts).
 */
export function rankScores(c: Collection, docs: DocList, text: Float64Array, ctx: RankContext, reach = Infinity): Float64Array {
  const rank: KindSpec['rank'] = c.spec.rank;
  if (!rank) return text;
  const { signals, priors } = rankReaders(c, rank);
  const out = new Float64Array(docs.length);
  let doc = 0;
  const signal = (name: string): number => (signals.get(name) ?? priors.get(name))?.(doc) ?? NaN;
  const full = (i: number): number => {
    doc = docs[i]!;
    return rank.score(text[i]!, signal, ctx, doc);
  };
  const n = docs.length;
  const upperBound = rank.upperBound;
  if (!upperBound || !(reach * FIRST_CANDIDATES * 2 < n)) {
    for (let i = 0; i < n; i++) out[i] = full(i);
    return out;
  }
  // The first candidates: text score at least the (FIRST_CANDIDATES × reach)-th best (ties included).
  const textBar = kthLargest(Float64Array.from(text), FIRST_CANDIDATES * reach);
  const first: number[] = [];
  for (let i = 0; i < n; i++) if (text[i]! >= textBar) first.push((out[i] = full(i)));
  const bar = kthLargest(Float64Array.from(first), reach);
  for (let i = 0; i < n; i++) {
    if (text[i]! >= textBar) continue;
    out[i] = upperBound(text[i]!, ctx) >= bar ? full(i) : -Infinity;
  }
  return out;
}
