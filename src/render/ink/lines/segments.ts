/**
 * Styled text measured in terminal cells. Every cell and line of the interactive view is a {@link Line}: runs of
 * text, each with one {@link Style}, so highlights survive flattening, truncation, padding and wrapping. Widths come
 * from `string-width` per grapheme (wide CJK, emoji and combining marks), never from `.length`.
 *
 * Text enters a line only through {@link plain} (and `markRanges` in highlight.ts), which cut it to
 * {@link TEXT_LIMIT} and make terminal controls visible (terminal-text.ts): nothing from a record can drive the
 * terminal, and no per-character work ever sees more than a screenful or so.
 */
import stringWidth from 'string-width';
import { clipText, terminalText } from '../../terminal-text.js';

/** How a run of text is drawn: the subset of Ink's `<Text>` props the view uses. */
export interface Style {
  readonly color?: string | undefined;
  readonly backgroundColor?: string | undefined;
  readonly bold?: boolean | undefined;
  readonly dimColor?: boolean | undefined;
  readonly italic?: boolean | undefined;
  readonly underline?: boolean | undefined;
  readonly inverse?: boolean | undefined;
}

/** A run of text with one style. `match` marks text inside a `text_matches` range (styled by the theme). */
export interface Segment {
  readonly text: string;
  readonly style?: Style | undefined;
  readonly match?: boolean | undefined;
}

/** One line of styled text (may still contain `\n` before {@link flatten} or {@link wrap}). */
export type Line = readonly Segment[];

/**
 * The most UTF-16 units of one text the view keeps (GitHub's own limit on an issue body is 65,536 characters):
 * longer texts are cut, with `…`, before any per-character work.
 */
export const TEXT_LIMIT = 65_536;

/**
 * A string as line text: cut to {@link TEXT_LIMIT} and with terminal controls made visible; `\n`, `\t` and
 * `\r\n` stay for {@link splitLines} and {@link flatten} to lay out.
 */
export function lineSafe(text: string): string {
  return terminalText(clipText(text, TEXT_LIMIT), { multiline: true });
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Graphemes are found this many UTF-16 units at a time: Node 20's segmenter is quadratic in its input's length. */
const CHUNK = 256;

/**
 * The user-perceived characters of `text`, lazily, in time linear in its length: the text is segmented a chunk at a
 * time, each chunk's last grapheme (which may go on past the chunk) starting the next chunk. A cluster longer than
 * a chunk (thousands of combining marks) is cut into pieces.
 */
export function* graphemeIterator(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= CHUNK) {
      for (const part of segmenter.segment(start === 0 ? text : text.slice(start))) yield part.segment;
      return;
    }
    let end = start + CHUNK;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    const parts = Array.from(segmenter.segment(text.slice(start, end)), (part) => part.segment);
    if (parts.length === 1) {
      yield parts[0]!;
      start = end;
      continue;
    }
    const open = parts.pop()!;
    yield* parts;
    start = end - open.length;
  }
}

/** The user-perceived characters of `text`. */
export function graphemes(text: string): string[] {
  return Array.from(graphemeIterator(text));
}

/** Width of `text` in terminal cells (measured a few graphemes at a time, so linear in its length). */
export function cellWidth(text: string): number {
  if (text.length <= CHUNK) return stringWidth(text);
  let width = 0;
  let piece = '';
  for (const grapheme of graphemeIterator(text)) {
    piece += grapheme;
    if (piece.length >= CHUNK) {
      width += stringWidth(piece);
      piece = '';
    }
  }
  return width + stringWidth(piece);
}

/** A single unstyled (or uniformly styled) segment of `text` made line-safe ({@link lineSafe}). */
export function plain(text: string, style?: Style): Line {
  return text === '' ? [] : [{ text: lineSafe(text), style }];
}

/** The text of a line without styles. */
export function lineText(line: Line): string {
  return line.map((segment) => segment.text).join('');
}

/** Width of a line in terminal cells. */
export function lineWidth(line: Line): number {
  return line.reduce((sum, segment) => sum + cellWidth(segment.text), 0);
}

/**
 * The first `max` UTF-16 units of a line (a table cell can never show more than its width, and flattening only
 * shrinks text), with `…` when anything was cut; the line itself when it fits.
 */
export function clipLine(line: Line, max: number): Line {
  let left = max;
  const out: Segment[] = [];
  for (const segment of line) {
    if (segment.text.length <= left) {
      out.push(segment);
      left -= segment.text.length;
      continue;
    }
    out.push({ ...segment, text: clipText(segment.text, left) });
    return out;
  }
  return out;
}

/** Concatenate lines, dropping empty segments. */
export function concat(...lines: Line[]): Line {
  return lines.flat().filter((segment) => segment.text !== '');
}

/** Apply `style` under every segment's own style (the segment's own keys win). */
export function withStyle(line: Line, style: Style): Line {
  return line.map((segment) => ({ ...segment, style: { ...style, ...segment.style } }));
}

/**
 * One line for a table cell: tabs, newlines and other control characters become spaces, runs of whitespace
 * collapse to one space (styled like the text it follows, never marked) and both ends are trimmed. Segments drawn
 * on a background (label chips) are kept exactly, padding included.
 */
export function flatten(line: Line): Line {
  const out: Segment[] = [];
  let pending: Segment | undefined;
  let started = false;
  const emit = (segment: Segment) => {
    if (pending && started) out.push(pending);
    pending = undefined;
    started = true;
    out.push(segment);
  };
  for (const segment of line) {
    if (segment.style?.backgroundColor !== undefined || segment.style?.inverse) {
      emit(segment);
      continue;
    }
    let text = '';
    for (const char of segment.text) {
      if (/\s|[\u0000-\u001f\u007f]/u.test(char)) {
        if (text !== '') emit({ ...segment, text });
        text = '';
        pending ??= { text: ' ', style: segment.style };
        continue;
      }
      if (text === '' && pending && started) {
        out.push(pending);
      }
      if (text === '') pending = undefined;
      started = true;
      text += char;
    }
    if (text !== '') emit({ ...segment, text });
  }
  return merge(out);
}

/** Split a line at `\n` (a `\r` before it is dropped; tabs become four spaces). */
export function splitLines(line: Line): Line[] {
  const lines: Segment[][] = [[]];
  for (const segment of line) {
    const parts = segment.text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ ...segment, text: part });
    });
  }
  return lines;
}

/**
 * Cut a line to at most `width` cells; when anything is cut, the last cell becomes `…` in the style of the text it
 * replaces (a label chip keeps its background) but never marked as a match. Never splits a grapheme or a wide
 * character.
 */
export function truncate(line: Line, width: number): Line {
  if (width <= 0) return [];
  if (lineWidth(line) <= width) return line;
  const out: Segment[] = [];
  let used = 0;
  const budget = width - 1;
  for (const segment of line) {
    let text = '';
    for (const grapheme of graphemeIterator(segment.text)) {
      const w = cellWidth(grapheme);
      if (used + w > budget) {
        if (text !== '') out.push({ ...segment, text });
        out.push({ text: '…', style: segment.style });
        return out;
      }
      text += grapheme;
      used += w;
    }
    if (text !== '') out.push({ ...segment, text });
  }
  return out;
}

/** Cut a line to at most `width` cells keeping its end (`…/deep/path/file.rs`). */
export function truncateStart(line: Line, width: number): Line {
  if (width <= 0) return [];
  if (lineWidth(line) <= width) return line;
  const reversed = line
    .slice()
    .reverse()
    .map((segment) => ({ ...segment, text: graphemes(segment.text).reverse().join('') }));
  const kept = truncate(reversed, width);
  return kept
    .slice()
    .reverse()
    .map((segment) => ({ ...segment, text: graphemes(segment.text).reverse().join('') }));
}

/**
 * Truncate and pad with spaces to exactly `width` cells, aligned left or right.
 * @param cut which end gives way when the line is too long @default 'end'
 */
export function fit(line: Line, width: number, align: 'left' | 'right' = 'left', cut: 'start' | 'end' = 'end'): Line {
  const kept = cut === 'start' ? truncateStart(line, width) : truncate(line, width);
  return pad(kept, width, align);
}

function pad(cut: Line, width: number, align: 'left' | 'right'): Line {
  const gap = width - lineWidth(cut);
  if (gap <= 0) return cut;
  const fill: Segment = { text: ' '.repeat(gap) };
  return align === 'right' ? [fill, ...cut] : [...cut, fill];
}

/** Merge neighbouring segments that share style and match mark. */
export function merge(line: Line): Segment[] {
  const out: Segment[] = [];
  for (const segment of line) {
    const last = out[out.length - 1];
    if (last && last.match === segment.match && sameStyle(last.style, segment.style)) {
      out[out.length - 1] = { ...last, text: last.text + segment.text };
    } else if (segment.text !== '') {
      out.push(segment);
    }
  }
  return out;
}

function sameStyle(a: Style | undefined, b: Style | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}
