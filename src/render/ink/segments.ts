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
 * Cut a line to at most `width` cells; when anything is cut, the last cell becomes `…` (in the style of the text it
 * replaces). Never splits a grapheme or half of a wide character.
 */
export function truncate(line: Line, width: number): Line {
  if (width <= 0) return [];
  if (lineWidth(line) <= width) return line;
  const out: Segment[] = [];
  let used = 0;
  const budget = width - 1;
  let lastStyle: Segment | undefined;
  for (const segment of line) {
    let text = '';
    for (const grapheme of graphemes(segment.text)) {
      const w = cellWidth(grapheme);
      if (used + w > budget) {
        if (text !== '') out.push({ ...segment, text });
        out.push({ ...(lastStyle ?? segment), text: '…' });
        return out;
      }
      text += grapheme;
      used += w;
      lastStyle = segment;
    }
    if (text !== '') out.push({ ...segment, text });
  }
  return out;
}

/** Truncate and pad with spaces to exactly `width` cells, aligned left or right. */
export function fit(line: Line, width: number, align: 'left' | 'right' = 'left'): Line {
  const cut = truncate(line, width);
  const gap = width - lineWidth(cut);
  if (gap <= 0) return cut;
  const fill: Segment = { text: ' '.repeat(gap) };
  return align === 'right' ? [fill, ...cut] : [...cut, fill];
}

/**
 * Wrap a line (which may contain `\n`) into lines of at most `width` cells, breaking after spaces when possible and
 * inside words that are longer than a line. Blank source lines are kept.
 */
export function wrap(line: Line, width: number): Line[] {
  const w = Math.max(1, width);
  const out: Line[] = [];
  for (const source of splitLines(line)) {
    let current: Segment[] = [];
    let used = 0;
    const tokens = tokenize(source);
    for (const token of tokens) {
      const tokenWidth = lineWidth(token);
      if (used + tokenWidth <= w) {
        current.push(...token);
        used += tokenWidth;
        continue;
      }
      if (isBlank(token)) {
        out.push(current);
        current = [];
        used = 0;
        continue;
      }
      if (used > 0) {
        out.push(trimEnd(current));
        current = [];
        used = 0;
      }
      for (const piece of hardSplit(token, w)) {
        if (used > 0) {
          out.push(current);
          current = [];
          used = 0;
        }
        current.push(...piece);
        used = lineWidth(piece);
      }
    }
    out.push(trimEnd(current));
  }
  return out.map(merge);
}

/** Words and runs of whitespace, alternating, as lines of segments (a word may span segments; styles kept). */
function tokenize(line: Line): Segment[][] {
  const tokens: Segment[][] = [];
  let current: Segment[] = [];
  let inSpace: boolean | undefined;
  for (const segment of line) {
    for (const part of segment.text.split(/(\s+)/)) {
      if (part === '') continue;
      const space = /^\s+$/.test(part);
      if (inSpace !== undefined && space !== inSpace) {
        tokens.push(current);
        current = [];
      }
      inSpace = space;
      current.push({ ...segment, text: part });
    }
  }
  if (current.length > 0) tokens.push(current);
  return tokens;
}

function isBlank(line: Line): boolean {
  return line.every((segment) => /^\s*$/.test(segment.text));
}

function trimEnd(line: Segment[]): Segment[] {
  const out = [...line];
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    const text = last.text.replace(/\s+$/, '');
    if (text !== '') {
      out[out.length - 1] = { ...last, text };
      break;
    }
    out.pop();
  }
  return out;
}

/** Split a token wider than `width` into pieces of at most `width` cells. */
function hardSplit(token: Line, width: number): Segment[][] {
  const pieces: Segment[][] = [[]];
  let used = 0;
  for (const segment of token) {
    for (const grapheme of graphemes(segment.text)) {
      const w = cellWidth(grapheme);
      if (used + w > width && used > 0) {
        pieces.push([]);
        used = 0;
      }
      pieces[pieces.length - 1]!.push({ ...segment, text: grapheme });
      used += w;
    }
  }
  return pieces.map(merge);
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
