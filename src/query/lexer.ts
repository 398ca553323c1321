/**
 * Characters → tokens, kind-agnostic: words, quoted phrases, `name:value` qualifiers (with `-` negation and
 * quoted values), the upper-case operators `AND`/`OR`/`NOT`, and parentheses when grouping is enabled.
 * Whitespace separates tokens except inside double quotes; `\"` escapes a quote inside quotes (gh quotes values
 * with Go's %q, reference §1.2).
 */
import type { Span } from './ast.js';

export type Token =
  | { readonly kind: 'word'; readonly text: string; readonly span: Span }
  | { readonly kind: 'phrase'; readonly text: string; readonly span: Span }
  | {
      readonly kind: 'qualifier';
      readonly name: string;
      readonly value: string;
      readonly quoted: boolean;
      readonly negated: boolean;
      readonly raw: string;
      readonly span: Span;
    }
  | { readonly kind: 'and' | 'or' | 'not' | 'lparen' | 'rparen'; readonly span: Span };

/** Lexer options. */
export interface LexOptions {
  /** Treat `(` and `)` at token edges as grouping (advanced issue search, §1.6). Otherwise they are text. */
  readonly grouping: boolean;
}

const QUALIFIER_NAME = /^(-?)([A-Za-z][A-Za-z0-9_-]*):/;
const OPERATORS: Record<string, 'and' | 'or' | 'not'> = { AND: 'and', OR: 'or', NOT: 'not' };

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);

/**
 * Read a double-quoted string starting at `q[start] === '"'`. Returns the unescaped text and the index after the
 * closing quote; an unterminated quote runs to the end of the query (GitHub is lenient here).
 */
function readQuoted(q: string, start: number): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  while (i < q.length) {
    const c = q[i]!;
    if (c === '\\' && (q[i + 1] === '"' || q[i + 1] === '\\')) {
      text += q[i + 1];
      i += 2;
    } else if (c === '"') {
      return { text, end: i + 1 };
    } else {
      text += c;
      i += 1;
    }
  }
  return { text, end: i };
}

/** Index of the end of a bare run (until whitespace, or a `"` that starts a quoted part, or a `)` if grouping). */
function readBare(q: string, start: number, grouping: boolean): number {
  let i = start;
  while (i < q.length && !isSpace(q[i]) && !(grouping && q[i] === ')')) i += 1;
  return i;
}

/**
 * Split a query into tokens with spans.
 * @param q the raw `q` parameter
 * @returns tokens in order; never throws (every input lexes)
 */
export function lex(q: string, options: LexOptions): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    if (isSpace(q[i])) {
      i += 1;
      continue;
    }
    const start = i;
    const c = q[i]!;
    if (options.grouping && c === '(') {
      tokens.push({ kind: 'lparen', span: { start, end: start + 1 } });
      i += 1;
      continue;
    }
    if (options.grouping && c === ')') {
      tokens.push({ kind: 'rparen', span: { start, end: start + 1 } });
      i += 1;
      continue;
    }
    if (c === '"') {
      const { text, end } = readQuoted(q, i);
      tokens.push({ kind: 'phrase', text, span: { start, end } });
      i = end;
      continue;
    }
    const head = QUALIFIER_NAME.exec(q.slice(i, i + 64));
    if (head) {
      const valueStart = i + head[0].length;
      // A value is bare text and quoted parts in any mix: label:"in progress",bug and label:bug,"in progress".
      let value = '';
      let quoted = false;
      let end = valueStart;
      while (end < q.length && !isSpace(q[end]) && !(options.grouping && q[end] === ')')) {
        if (q[end] === '"') {
          const read = readQuoted(q, end);
          value += read.text;
          quoted = true;
          end = read.end;
        } else {
          value += q[end];
          end += 1;
        }
      }
      if (value !== '' || quoted) {
        tokens.push({
          kind: 'qualifier',
          negated: head[1] === '-',
          name: head[2]!.toLowerCase(),
          value,
          quoted,
          raw: q.slice(start, end),
          span: { start, end },
        });
        i = end;
        continue;
      }
    }
    const end = readBare(q, i, options.grouping);
    const text = q.slice(i, end);
    const op = OPERATORS[text];
    tokens.push(op ? { kind: op, span: { start, end } } : { kind: 'word', text, span: { start, end } });
    i = end;
  }
  return tokens;
}
