/**
 * Characters → tokens, as GitHub's query parser reads them (reference Part A §2.1): words, quoted phrases,
 * `name:value` qualifiers (names matched case-sensitively against the kind's list, optional leading `-`, values
 * quoted, bare or comma lists), the shorthands `@owner/name`, `@login` and `#topic`, the operators
 * `AND OR NOT && ||`, and parentheses when grouping is on. An odd number of unescaped quotes drops the last one.
 * `\"` escapes a quote inside quotes (gh quotes values with Go's %q).
 */
import type { QualifierNode, Span } from './ast.js';

/**
 * A qualifier as typed: one token carrying the AST node it becomes (the parser places the node as is, so the two
 * never drift apart).
 */
export interface QualifierToken {
  readonly kind: 'qualifier';
  readonly node: QualifierNode;
  readonly span: Span;
}

export type Token =
  | { readonly kind: 'word'; readonly text: string; readonly span: Span }
  | { readonly kind: 'phrase'; readonly text: string; readonly span: Span }
  | QualifierToken
  | { readonly kind: 'and' | 'or' | 'not' | 'lparen' | 'rparen'; readonly text: string; readonly span: Span };

/** Lexer options: what the kind recognises. */
export interface LexOptions {
  /** Treat `(` and `)` at token edges as grouping (advanced issue search, Part A §3.6). Otherwise they are text. */
  readonly grouping: boolean;
  /**
   * Whether `name` (as typed, case-sensitive) is a qualifier of the kind (Part A §2.1). Anything else stays text.
   * @default every name
   */
  readonly isQualifier?: (name: string) => boolean;
}

const QUALIFIER_NAME = /^(-?)([A-Za-z][A-Za-z0-9_.-]*):/;
/** The operator words (Part A §2.2): whole words, upper-case. */
export const OPERATOR_WORDS: Readonly<Record<string, 'and' | 'or' | 'not'>> = { AND: 'and', OR: 'or', NOT: 'not', '&&': 'and', '||': 'or' };

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);

/**
 * Index of the quote GitHub drops: the last unescaped `"` when their number is odd (Part A §2.1 "Query text"),
 * else -1.
 */
export function droppedQuote(q: string): number {
  let count = 0;
  let last = -1;
  for (let i = 0; i < q.length; i++) {
    if (q[i] === '\\' && q[i + 1] === '"') {
      i += 1;
      continue;
    }
    if (q[i] === '"') {
      count += 1;
      last = i;
    }
  }
  return count % 2 === 1 ? last : -1;
}

const qualifierToken = (node: QualifierNode): QualifierToken => ({ kind: 'qualifier', node, span: node.span });

class Lexer {
  private i = 0;
  readonly tokens: Token[] = [];
  private readonly drop: number;
  constructor(
    private readonly q: string,
    private readonly options: LexOptions,
  ) {
    this.drop = droppedQuote(q);
  }

  /** A quote that opens a quoted run (not the dropped one). */
  private opensQuote(at: number): boolean {
    return this.q[at] === '"' && at !== this.drop;
  }

  private endsBare(at: number): boolean {
    const c = this.q[at];
    return c === undefined || isSpace(c) || (this.options.grouping && c === ')');
  }

  /** Read a quoted run starting at an opening quote: its text (unescaped) and the index after the closing quote. */
  private readQuoted(start: number): { text: string; end: number } {
    const q = this.q;
    let text = '';
    let i = start + 1;
    while (i < q.length) {
      const c = q[i]!;
      if (c === '\\' && (q[i + 1] === '"' || q[i + 1] === '\\')) {
        text += q[i + 1];
        i += 2;
      } else if (c === '"' && i !== this.drop) {
        return { text, end: i + 1 };
      } else {
        if (i !== this.drop) text += c;
        i += 1;
      }
    }
    return { text, end: i };
  }

  /** A bare run's text (without the dropped quote) and end. */
  private readBare(start: number): { text: string; end: number } {
    let end = start;
    let text = '';
    while (!this.endsBare(end)) {
      if (end !== this.drop) text += this.q[end];
      end += 1;
    }
    return { text, end };
  }

  /** Values after `name:`: quoted or bare runs, a comma continuing with another value. */
  private readValues(start: number): { values: string[]; end: number } {
    const values: string[] = [];
    let current = '';
    let any = false;
    let end = start;
    while (!this.endsBare(end)) {
      const c = this.q[end]!;
      if (this.opensQuote(end)) {
        const read = this.readQuoted(end);
        current += read.text;
        any = true;
        end = read.end;
      } else if (c === ',') {
        values.push(current);
        current = '';
        end += 1;
      } else {
        if (end !== this.drop) {
          current += c;
          any = true;
        }
        end += 1;
      }
    }
    values.push(current);
    return { values: any ? values : [], end };
  }

  private push(token: Token): void {
    this.tokens.push(token);
    this.i = token.span.end;
  }

  /** `name:value` or a shorthand at `start`, when the kind recognises it. */
  private qualifier(start: number): QualifierToken | undefined {
    const q = this.q;
    const negated = q[start] === '-';
    const at = negated ? start + 1 : start;
    const isQualifier = this.options.isQualifier ?? (() => true);
    if (q[at] === '@' || q[at] === '#') {
      const { text, end } = this.readBare(at + 1);
      if (text === '') return undefined;
      const name = q[at] === '#' ? 'topic' : text.includes('/') ? 'repo' : 'user';
      if (!isQualifier(name)) return undefined;
      return qualifierToken({ type: 'qualifier', name, values: [text], negated, shorthand: q[at] as '@' | '#', raw: q.slice(start, end), span: { start, end } });
    }
    const head = QUALIFIER_NAME.exec(q.slice(start, start + 128));
    if (!head || !isQualifier(head[2]!)) return undefined;
    const { values, end } = this.readValues(start + head[0].length);
    if (values.length === 0) return undefined;
    return qualifierToken({ type: 'qualifier', name: head[2]!, values, negated, raw: q.slice(start, end), span: { start, end } });
  }

  run(): Token[] {
    const q = this.q;
    while (this.i < q.length) {
      const start = this.i;
      const c = q[start]!;
      if (isSpace(c) || start === this.drop) {
        this.i += 1;
        continue;
      }
      if (this.options.grouping && (c === '(' || c === ')')) {
        this.push({ kind: c === '(' ? 'lparen' : 'rparen', text: c, span: { start, end: start + 1 } });
        continue;
      }
      if (this.opensQuote(start)) {
        const { text, end } = this.readQuoted(start);
        this.push({ kind: 'phrase', text, span: { start, end } });
        continue;
      }
      const qualifier = this.qualifier(start);
      if (qualifier) {
        this.push(qualifier);
        continue;
      }
      const { text, end } = this.readBare(start);
      const op = Object.hasOwn(OPERATOR_WORDS, text) ? OPERATOR_WORDS[text] : undefined;
      this.push(op ? { kind: op, text, span: { start, end } } : { kind: 'word', text, span: { start, end } });
    }
    return this.tokens;
  }
}

/**
 * Split a query into tokens with spans (UTF-16 code units into `q`).
 * @param q the raw `q` parameter
 * @returns tokens in order; never throws (every input lexes)
 */
export function lex(q: string, options: LexOptions): Token[] {
  return new Lexer(q, options).run();
}
