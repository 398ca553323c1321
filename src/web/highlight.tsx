/**
 * Matched words as `<mark>`, from the item's `text_matches` exactly as the API returns them: each match's
 * `indices` are code points into its fragment (src/text/text-matches.ts), so fragments are split by code point.
 */
import type { ReactNode } from 'react';

/** One `text_matches` entry as it appears in an item (the fields the page reads). */
export interface TextMatchEntry {
  readonly property: string;
  readonly fragment: string;
  readonly matches: ReadonlyArray<{ readonly text: string; readonly indices: readonly [number, number] }>;
}

/** The item's `text_matches` entries for one property (none when the item has no text matches). */
export function matchesFor(item: Record<string, unknown>, property: string): TextMatchEntry[] {
  const all = item.text_matches;
  if (!Array.isArray(all)) return [];
  return (all as TextMatchEntry[]).filter((entry) => entry?.property === property && typeof entry.fragment === 'string');
}

/**
 * A fragment with its matches wrapped in `<mark>`. Overlapping or out-of-range matches are clipped (the API never
 * sends them; a page never throws on an item).
 */
export function Marked({ entry }: { entry: TextMatchEntry }): ReactNode {
  const points = Array.from(entry.fragment);
  const ranges = [...entry.matches]
    .map((m) => [Math.max(0, m.indices[0]), Math.min(points.length, m.indices[1])] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) out.push(points.slice(at, start).join(''));
    out.push(<mark key={start}>{points.slice(start, end).join('')}</mark>);
    at = end;
  }
  if (at < points.length) out.push(points.slice(at).join(''));
  return <>{out}</>;
}

/**
 * A short field (title, name, path, login): its text-match fragment (the whole value) with marks when there is
 * one, else the plain value.
 */
export function MarkedField({ item, property, text }: { item: Record<string, unknown>; property: string; text: string }): ReactNode {
  const entry = matchesFor(item, property)[0];
  return entry ? <Marked entry={entry} /> : text;
}
