/**
 * Deriving a collection's segment facts (segment.ts) from the whole collection: the build calls
 * {@link segmentFacts} once and stores them; src/rank/rank.ts reads the stored values, and derives them here only
 * when no segment was stored (a single-file dump, a cache that cannot be written). One definition, so a stored
 * value equals, bit for bit, the derived one.
 */
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import type { PrivateDocs } from '../access/private-docs.js';
import type { SegmentFacts } from './segment.js';
import type { CompactIndex } from '../index/compact-index.js';
import { championLists, type ChampionList } from '../index/champions.js';

/** Documents a stored champion list keeps (the search window's reach: GitHub shows at most 1,000 results). */
export const CHAMPION_REACH = 1000;

/**
 * The fields a one-word query over the kind's default fields searches and scores whatever the word (a default
 * field that asks to be searched only for some words, `searchedFor`, is left out: a word it would search gets no
 * champion list, src/order/champions.ts), in the default fields' order (the query's).
 */
export function championFields(spec: KindSpec): string[] {
  return spec.defaultFields.filter((name) => {
    const field = spec.fields.find((f) => f.name === name);
    return field !== undefined && field.searchedFor === undefined;
  });
}

/**
 * The linear form the champion lists are scored in: the kind's best match when it has no rank function (the text
 * alone), else its `linear` form (order/champions.ts uses a list only where that form applies); undefined when the
 * kind's best match has no linear form (no lists).
 */
export function championForm(spec: KindSpec): { readonly multiplier?: string | undefined; readonly addend?: string | undefined } | undefined {
  const rank = spec.rank;
  if (!rank) return {};
  return rank.linear ? { multiplier: rank.linear.multiplier, addend: rank.linear.addend } : undefined;
}

/** The champion lists of `index` for the anonymous viewer (index/champions.ts), with the priors just derived. */
function champions(c: FactsSource, index: CompactIndex, priors: ReadonlyMap<string, Float64Array>, privateLengths: ReadonlyMap<string, number> | undefined): ChampionList[] | undefined {
  const form = championPriors(c.spec, priors);
  if (!form) return undefined;
  const { multiplier, addend } = form;
  return championLists(index, { privateDocs: c.privateDocs.docs, privateLengths, fields: championFields(c.spec), multiplier, addend, reach: CHAMPION_REACH });
}

/** What deriving the facts reads of a collection (src/store/collection.ts). */
export interface FactsSource extends CollectionView {
  readonly spec: KindSpec;
  readonly records: readonly RawRecord[];
  readonly privateDocs: PrivateDocs;
}

/** A signal's value for every document (NaN when missing): its column when built, else read from the records. */
export function signalValues(c: FactsSource, name: string): (doc: number) => number {
  const get = c.spec.rank?.signals?.[name];
  if (!get) return () => Number.NaN;
  const column = c.column(get);
  if (column?.type === 'number') return (doc) => column.values[doc]!;
  return (doc) => {
    const v = get(c.records[doc]!, doc, c);
    return typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
  };
}

/**
 * The kind's clock (epoch ms): the newest value of its clock signals over the documents outside private
 * repositories; NaN when the kind has no clock or no such value. Visits every document.
 */
export function deriveClock(c: FactsSource): number {
  let newest = Number.NaN;
  const names = c.spec.rank?.clock ?? [];
  if (names.length === 0) return newest;
  // The record list may be a lazy proxy: its length is read once.
  const count = c.records.length;
  const isPrivate = new Uint8Array(count);
  const { docs } = c.privateDocs;
  for (let i = 0; i < docs.length; i++) isPrivate[docs[i]!] = 1;
  for (const name of names) {
    const get = c.spec.rank!.signals?.[name];
    if (!get) continue;
    const column = c.column(get);
    const values = column?.type === 'number' ? column.values : undefined;
    const read = values ? undefined : signalValues(c, name);
    for (let doc = 0; doc < count; doc++) {
      if (isPrivate[doc]) continue;
      const v = values ? values[doc]! : read!(doc);
      if (!Number.isNaN(v) && !(v <= newest)) newest = v;
    }
  }
  return newest;
}

/**
 * The clock and every prior of every document of `c` (its columns attached first): the part of the segment facts
 * that needs no index ({@link segmentFacts}; the build hands the priors to its index worker, store/shared-priors.ts).
 */
export function derivePriors(c: FactsSource): { clock: number; priors: Map<string, Float64Array> } {
  const clock = deriveClock(c);
  const priors = new Map<string, Float64Array>();
  const count = c.records.length;
  const entries = Object.entries(c.spec.rank?.priors ?? {});
  if (entries.length > 0) {
    const signals = new Map<string, (doc: number) => number>();
    let current = 0;
    const signal = (name: string): number => {
      let read = signals.get(name);
      if (!read) signals.set(name, (read = signalValues(c, name)));
      return read(current);
    };
    for (const [name, prior] of entries) {
      const values = new Float64Array(count);
      for (let doc = 0; doc < count; doc++) {
        current = doc;
        values[doc] = prior(signal, clock);
      }
      priors.set(name, values);
    }
  }
  return { clock, priors };
}

/**
 * The linear form of the kind's champion lists ({@link championForm}) read from `priors`: undefined when the kind
 * has no lists or a prior the form names is missing.
 */
export function championPriors(spec: KindSpec, priors: ReadonlyMap<string, Float64Array>): { multiplier?: Float64Array | undefined; addend?: Float64Array | undefined } | undefined {
  const form = championForm(spec);
  if (!form) return undefined;
  const multiplier = form.multiplier === undefined ? undefined : priors.get(form.multiplier);
  const addend = form.addend === undefined ? undefined : priors.get(form.addend);
  if ((form.multiplier !== undefined && !multiplier) || (form.addend !== undefined && !addend)) return undefined;
  return { multiplier, addend };
}

/**
 * The clock, every prior of every document and the private documents of `c` (its columns attached first).
 * @param privateLengths per field of the text index, the private documents' field-length sums (visible-statistics.ts,
 *   `hiddenLengthSums`), when the index has statistics
 * @param index the kind's text index, when the build has it: its long terms' champion lists are computed too, and
 *   its field lengths (when it has statistics) go into the segment's scatter records
 * @param given what the build already has: the clock and priors ({@link derivePriors} of `c`), and the champion
 *   lists its index worker made from them (index/champion-maker.ts), used instead of computing them from `index`
 */
export function segmentFacts(
  c: FactsSource,
  privateLengths?: ReadonlyMap<string, number>,
  index?: CompactIndex,
  given?: { clock: number; priors: Map<string, Float64Array>; champions?: ChampionList[] | undefined },
): SegmentFacts {
  const { clock, priors } = given ?? derivePriors(c);
  const lists = given?.champions ?? (index ? champions(c, index, priors, privateLengths) : undefined);
  // The index's field lengths go into the scatter records (segment.ts): read whole once here, by the build.
  const lengths = index?.hasStatistics && index.fieldLengths ? { fields: index.fields.map((field) => field.name), lengths: index.fieldLengths() } : undefined;
  return { clock, priors, privateDocs: c.privateDocs, privateLengths, ...(lists ? { champions: lists } : {}), ...(lengths ? { fieldLengths: lengths } : {}) };
}
