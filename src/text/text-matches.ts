/**
 * GitHub's `text_matches` (semantics §3.6): for one result item, the fragments of its text properties that
 * contain query terms, with the offsets of each matched word inside the fragment. Hits are found by
 * re-running the same analyzer the index used ({@link analyze}), so a highlight exists exactly when the
 * index matched the term. Match `indices` are Unicode code points into the fragment, as GitHub's highlighter
 * counts them (Ruby character positions, code reference Part B §6); fragment sizes are in UTF-16 code units.
 */
import { analyze, type AnalyzerName } from './analyzer.js';

/**
 * One text property of an item that may carry matches. `object_url`/`object_type`/`property` are copied
 * into the entry verbatim; `text` is the property value; `analyzer` must be the one its index field uses.
 * `whole: true` marks a short field (name, login, path, email...) whose whole value is always the fragment.
 */
export interface TextMatchSource {
  object_url: string;
  object_type: string;
  property: string;
  text: string;
  analyzer: AnalyzerName;
  /** short field: the whole value is the fragment */
  whole?: boolean;
}

/**
 * One match: `text` as it appears (original case; adjacent matched words merged) and `[start, end)` inside the
 * fragment, in code points.
 */
export interface TextMatchHit {
  text: string;
  indices: [number, number];
}

/**
 * One `text_matches` entry, keys in GitHub's order: object_url, object_type, property, fragment, matches.
 * Invariant: `[...fragment].slice(m.indices[0], m.indices[1]).join('') === m.text` for every match (code points).
 */
export interface TextMatch {
  object_url: string;
  object_type: string;
  property: string;
  fragment: string;
  matches: TextMatchHit[];
}

/** Options of {@link buildTextMatches}. */
export interface TextMatchOptions {
  /** Most fragments (entries) per property, first hits first. @default 3 (GitHub documents 2 for code; the caller passes it) */
  maxFragmentsPerProperty?: number;
  /**
   * Target fragment length in UTF-16 code units; text no longer than this comes back whole. GitHub's
   * documented examples are ~100–170 characters for bodies; we use a little more. @default 200
   */
  fragmentLength?: number;
}

/** Default {@link TextMatchOptions.maxFragmentsPerProperty}. */
export const DEFAULT_MAX_FRAGMENTS = 3;
/** Default {@link TextMatchOptions.fragmentLength}, in UTF-16 code units. */
export const DEFAULT_FRAGMENT_LENGTH = 200;

type Span = [number, number];

/**
 * Builds the `text_matches` entries of one item. `termsFor(analyzer)` gives the normalised terms of the
 * query's positive keywords under that analyzer (from `analyzeQueryWord`). Returns entries only for
 * sources with at least one hit, in `sources` order, each property's fragments in text order.
 * Short fields (`whole`, or text ≤ `fragmentLength`) give one entry with the whole value. Long text gives
 * windows of at most `fragmentLength` units around groups of nearby hits (a group spans at most
 * `fragmentLength` units; a single longer hit gets a window of its own size), narrowed so they start and
 * end at word boundaries, never inside a surrogate pair, combining sequence, emoji ZWJ sequence or
 * `\r\n`, and without leading/trailing whitespace. Overlapping hits (a whole word and one of its parts)
 * are reported once, as the widest span. Throws a RangeError for a fragmentLength or cap below 1.
 */
export function buildTextMatches(
  sources: readonly TextMatchSource[],
  termsFor: (analyzer: AnalyzerName) => ReadonlySet<string>,
  options: TextMatchOptions = {},
): TextMatch[] {
  const maxFragments = options.maxFragmentsPerProperty ?? DEFAULT_MAX_FRAGMENTS;
  const length = options.fragmentLength ?? DEFAULT_FRAGMENT_LENGTH;
  if (!(maxFragments >= 1) || !(length >= 1)) throw new RangeError('fragment length and cap must be ≥ 1');
  const out: TextMatch[] = [];
  for (const source of sources) {
    const terms = termsFor(source.analyzer);
    if (terms.size === 0 || !source.text) continue;
    const hits = findHits(source.text, source.analyzer, terms);
    if (hits.length === 0) continue;
    const text = source.text;
    const windows: Span[] = source.whole || text.length <= length ? [[0, text.length]] : fragmentWindows(text, hits, length);
    for (const [ws, we] of windows.slice(0, maxFragments)) {
      const fragment = text.slice(ws, we);
      const inside = mergeAdjacent(
        text,
        hits.filter(([s, e]) => s >= ws && e <= we),
      );
      const matches: TextMatchHit[] = inside.map(([s, e]) => ({
        text: text.slice(s, e),
        indices: [codePoints(fragment, s - ws), codePoints(fragment, e - ws)],
      }));
      out.push({
        object_url: source.object_url,
        object_type: source.object_type,
        property: source.property,
        fragment,
        matches,
      });
    }
  }
  return out;
}

/**
 * Hits separated only by whitespace become one match (`fix typo` → one match): GitHub's offset highlighter drops
 * a closing tag followed by whitespace and an opening tag before reading offsets (code reference Part B §6).
 */
export function mergeAdjacent(text: string, hits: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [s, e] of hits) {
    const last = out[out.length - 1];
    if (last && /^\s*$/.test(text.slice(last[1], s))) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The number of Unicode code points in `text` before UTF-16 index `end`. */
export function codePoints(text: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const u = text.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Spans of the words of `text` whose term is in `terms`, sorted, overlapping spans merged into one. */
export function findHits(text: string, analyzer: AnalyzerName, terms: ReadonlySet<string>): Array<[number, number]> {
  const spans: Span[] = [];
  for (const t of analyze(text, analyzer)) if (terms.has(t.term)) spans.push([t.start, t.end]);
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** Groups sorted hits (each group spans ≤ length units) and gives each group its window, in text order. */
function fragmentWindows(text: string, hits: readonly Span[], length: number): Span[] {
  const groups: Span[] = [];
  for (const [s, e] of hits) {
    const g = groups[groups.length - 1];
    if (g && e - g[0] <= length) g[1] = e;
    else groups.push([s, e]);
  }
  const windows: Span[] = [];
  let floor = 0;
  groups.forEach(([gs, ge], k) => {
    const ceiling = groups[k + 1]?.[0] ?? text.length;
    const pad = Math.max(0, length - (ge - gs));
    let ws = gs - Math.floor(pad / 2);
    let we = ge + Math.ceil(pad / 2);
    if (ws < floor) [we, ws] = [we + (floor - ws), floor];
    if (we > ceiling) [ws, we] = [Math.max(floor, ws - (we - ceiling)), ceiling];
    ws = Math.min(ws, gs);
    we = Math.max(we, ge);
    windows.push([narrowStart(text, ws, gs), narrowEnd(text, we, ge)]);
    floor = we;
  });
  return windows;
}

/**
 * A word character, and a character no fragment breaks before (marks, ZWJ, emoji skin-tone modifiers): made on first
 * use, as a query without text-match media never needs them (a Unicode-property literal costs about 0.3 ms to create).
 */
let wordish: RegExp | undefined;
let noBreakBefore: RegExp | undefined;

/** True when a fragment may start or end at UTF-16 index `k` of `text`. */
function breakable(text: string, k: number): boolean {
  if (k <= 0 || k >= text.length) return true;
  const u = text.charCodeAt(k);
  const p = text.charCodeAt(k - 1);
  if (u >= 0xdc00 && u <= 0xdfff && p >= 0xd800 && p <= 0xdbff) return false;
  if (p === 0x0d && u === 0x0a) return false;
  if (p === 0x200d) return false;
  if ((noBreakBefore ??= /^[\p{M}\u200d\u{1f3fb}-\u{1f3ff}]/u).test(text.slice(k, k + 2))) return false;
  const before = p >= 0xdc00 && p <= 0xdfff && k >= 2 ? text.slice(k - 2, k) : text[k - 1]!;
  wordish ??= /[\p{L}\p{N}\p{M}_$]/u;
  return !(wordish.test(before) && wordish.test(String.fromCodePoint(text.codePointAt(k)!)));
}

const isSpace = (text: string, k: number): boolean => /\s/.test(text[k] ?? '');

/** Moves a window start forward (never past `limit`, a hit start) to a word boundary, skipping whitespace. */
function narrowStart(text: string, ws: number, limit: number): number {
  while (ws < limit && (!breakable(text, ws) || isSpace(text, ws))) ws++;
  return ws;
}

/** Moves a window end backward (never before `limit`, a hit end) to a word boundary, dropping whitespace. */
function narrowEnd(text: string, we: number, limit: number): number {
  while (we > limit && (!breakable(text, we) || isSpace(text, we - 1))) we--;
  return we;
}
