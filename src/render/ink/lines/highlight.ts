/**
 * Highlights from `text_matches` only (reference §3.6): each entry's `indices` are `[start, end)` offsets in Unicode
 * code points relative to its `fragment` (as GitHub sends them), turned into UTF-16 ranges here. A cell or the detail view shows either the fragment itself or the full
 * property value; for the latter the fragment is located inside the full text and its indices shifted by that
 * offset. There is no second matcher: text is only ever marked where the core said it matched.
 */
import type { Item } from '../../../envelope/envelope.js';
import type { Range } from '../state/range.js';
import { lineSafe, TEXT_LIMIT, type Line, type Segment, type Style } from './segments.js';

/** One `text_matches` entry, read defensively from an item. */
export interface TextMatch {
  readonly objectType: string;
  readonly property: string;
  readonly fragment: string;
  /** `[start, end)` ranges inside `fragment`, as sent. */
  readonly ranges: readonly Range[];
}

export type { Range };

/** The item's `text_matches`, skipping malformed entries. */
export function textMatchesOf(item: Item): TextMatch[] {
  const raw = item['text_matches'];
  if (!Array.isArray(raw)) return [];
  const out: TextMatch[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { object_type, property, fragment, matches } = entry as Record<string, unknown>;
    if (typeof property !== 'string' || typeof fragment !== 'string') continue;
    const ranges: Range[] = [];
    for (const match of Array.isArray(matches) ? matches : []) {
      const indices = (match as { indices?: unknown } | null)?.indices;
      if (Array.isArray(indices) && typeof indices[0] === 'number' && typeof indices[1] === 'number') {
        ranges.push([utf16Offset(fragment, indices[0]), utf16Offset(fragment, indices[1])]);
      }
    }
    out.push({
      objectType: typeof object_type === 'string' ? object_type : '',
      property,
      fragment,
      ranges: normalizeRanges(ranges, fragment.length),
    });
  }
  return out;
}

/**
 * Matches on the item's own `property`. Entries whose object is a comment (`IssueComment`) belong to another
 * object: their fragments are not part of the item's own text and are shown separately.
 */
export function ownMatches(matches: readonly TextMatch[], property: string): TextMatch[] {
  return matches.filter((match) => match.property === property && !isCommentMatch(match));
}

/** True when the match is on a comment rather than on the item itself. */
export function isCommentMatch(match: TextMatch): boolean {
  return /comment/i.test(match.objectType);
}

/** The UTF-16 index of code point `n` of `text` (past the end: the text's length). */
export function utf16Offset(text: string, n: number): number {
  let i = 0;
  for (let k = 0; k < n && i < text.length; k++) i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  return i;
}

/** Clamp ranges into `[0, length]`, drop empty ones, sort and merge overlaps. */
export function normalizeRanges(ranges: readonly Range[], length: number): Range[] {
  const clamped = ranges
    .map(([start, end]): Range => [Math.max(0, Math.min(start, length)), Math.max(0, Math.min(end, length))])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of clamped) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Where the matches landed in a full text, and the fragments that could not be found in it. */
export interface Located {
  readonly ranges: Range[];
  readonly unplaced: TextMatch[];
}

/**
 * Place each fragment inside `fullText` and shift its ranges by the fragment's offset. Fragments are searched from
 * `from` (e.g. past `owner/` in a full name), in order, each after the previous one when possible; a fragment not
 * found verbatim is returned in `unplaced`.
 */
export function locate(fullText: string, matches: readonly TextMatch[], from = 0): Located {
  const ranges: Range[] = [];
  const unplaced: TextMatch[] = [];
  let cursor = from;
  for (const match of matches) {
    let at = fullText.indexOf(match.fragment, cursor);
    if (at < 0) at = fullText.indexOf(match.fragment, from);
    if (at < 0 || match.fragment === '') {
      unplaced.push(match);
      continue;
    }
    for (const [start, end] of match.ranges) ranges.push([at + start, at + end]);
    cursor = at + 1;
  }
  return { ranges: normalizeRanges(ranges, fullText.length), unplaced };
}

/** Split `text` into segments, marking the `ranges` as matches; the text is made line-safe (segments.ts). */
export function markRanges(raw: string, ranges: readonly Range[], style?: Style): Line {
  // Same length unless cut (terminal controls are replaced one unit for one), so the ranges still apply.
  const text = lineSafe(raw);
  if (text.length > TEXT_LIMIT) ranges = normalizeRanges(ranges, TEXT_LIMIT);
  const out: Segment[] = [];
  let at = 0;
  for (const [start, end] of normalizeRanges(ranges, text.length)) {
    if (start > at) out.push({ text: text.slice(at, start), style });
    out.push({ text: text.slice(start, end), style, match: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), style });
  return out;
}

/** A fragment with its own matches marked. */
export function markFragment(match: TextMatch, style?: Style): Line {
  return markRanges(match.fragment, match.ranges, style);
}

/**
 * The full value of `property` with every own fragment located and marked.
 * @param from where fragments may start (e.g. `owner/`.length when the cell shows `owner/name` and the property is `name`)
 */
export function markProperty(item: Item, property: string, fullText: string, style?: Style, from = 0): Line {
  const { ranges } = locate(fullText, ownMatches(textMatchesOf(item), property), from);
  return markRanges(fullText, ranges, style);
}

/** True when any segment of the line is a match. */
export function hasMatch(line: Line): boolean {
  return line.some((segment) => segment.match === true);
}
