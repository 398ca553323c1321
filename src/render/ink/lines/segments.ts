/**
 * Styled text measured in terminal cells. Every cell and line of the interactive view is a {@link Line}: runs of
 * text, each with one {@link Style}, so highlights survive flattening, truncation, padding and wrapping. Widths come
 * from `string-width` per grapheme (wide CJK, emoji and combining marks), never from `.length`.
 */
import stringWidth from 'string-width';

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

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of `text`. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Width of `text` in terminal cells. */
export function cellWidth(text: string): number {
  return stringWidth(text);
}

/** A single unstyled (or uniformly styled) segment. */
export function plain(text: string, style?: Style): Line {
  return text === '' ? [] : [{ text, style }];
}

/** The text of a line without styles. */
export function lineText(line: Line): string {
  return line.map((segment) => segment.text).join('');
}

/** Width of a line in terminal cells. */
export function lineWidth(line: Line): number {
  return line.reduce((sum, segment) => sum + cellWidth(segment.text), 0);
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
    for (const grapheme of graphemes(segment.text)) {
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
