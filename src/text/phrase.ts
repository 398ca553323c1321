/**
 * Phrase matching over analysed text: a quoted phrase's terms at the same relative positions (slop 0), or within
 * Lucene's sloppy distance (issues and topics search with `phrase_slop 10`, code reference Part A §3.2, Part B §4).
 * Positions are the analyzer's word ordinals (src/text/analyzer.ts).
 */
import { analyze, type AnalyzerName } from './analyzer.js';

/** One term of a phrase and its position relative to the phrase's first word. */
export interface PhraseTerm {
  readonly offset: number;
  readonly term: string;
}

/** A phrase as (position offset, term) pairs: the first term of each source word position. */
export function phraseShape(text: string, analyzer: AnalyzerName): PhraseTerm[] {
  const seen = new Set<number>();
  const tokens = analyze(text, analyzer).filter((t) => !seen.has(t.position) && seen.add(t.position));
  const first = tokens[0]?.position ?? 0;
  return tokens.map((t) => ({ offset: t.position - first, term: t.term }));
}

/**
 * True when `text` holds the phrase. With `slop` 0 every term sits at its offset from the first; with a slop, as
 * Lucene's sloppy phrase query measures it: some occurrence of each term, at position `p_i`, such that the spread of
 * `p_i − offset_i` (largest minus smallest) is at most `slop` — so two swapped words need a slop of 2. Repeated
 * terms of one phrase may share a position here (Lucene keeps them apart: a difference only for phrases that
 * repeat a word).
 * @param slop position moves allowed (≥ 0)
 */
export function containsPhrase(text: string, shape: readonly PhraseTerm[], analyzer: AnalyzerName, slop = 0): boolean {
  if (shape.length === 0) return true;
  const positions = new Map<string, number[]>();
  for (const token of analyze(text, analyzer)) {
    let list = positions.get(token.term);
    if (!list) positions.set(token.term, (list = []));
    if (list[list.length - 1] !== token.position) list.push(token.position);
  }
  // Per phrase term, the aligned starts `p − offset` it could support, ascending.
  const starts: number[][] = [];
  for (const { term, offset } of shape) {
    const list = positions.get(term);
    if (!list) return false;
    starts.push(list.map((p) => p - offset));
  }
  return smallestSpread(starts) <= slop;
}

/**
 * The smallest `max − min` over choices of one value from each ascending list (the smallest range covering all
 * lists), by advancing the list holding the current minimum. O(total × lists).
 */
export function smallestSpread(lists: readonly (readonly number[])[]): number {
  const at = new Array<number>(lists.length).fill(0);
  let best = Infinity;
  for (;;) {
    let min = Infinity;
    let max = -Infinity;
    let which = -1;
    for (let i = 0; i < lists.length; i++) {
      const v = lists[i]![at[i]!]!;
      if (v < min) {
        min = v;
        which = i;
      }
      if (v > max) max = v;
    }
    best = Math.min(best, max - min);
    if (best === 0) return 0;
    at[which]! += 1;
    if (at[which]! >= lists[which]!.length) return best;
  }
}
