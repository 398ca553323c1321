/** Word wrapping of styled lines by terminal cells, for the detail view and the error panel. */
import { cellWidth, graphemes, lineWidth, merge, splitLines, type Line, type Segment } from './segments.js';

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

