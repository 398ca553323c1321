/**
 * Tokens → AST by precedence climbing: `OR` binds loosest, then `AND` (explicit or by adjacency), then `NOT`
 * (and `-word`). GitHub does not document precedence for free text (reference §1.5); this is the usual
 * search-engine order, and the one GitHub's advanced issue search documents for qualifiers (§1.6).
 * The parser is lenient like GitHub: a dangling operator or an unbalanced parenthesis never fails the parse.
 */
import type { ExplicitAnd, Node, ParsedQuery, Span } from './ast.js';
import { lex, type LexOptions, type Token } from './lexer.js';

/**
 * Nesting depth of boolean groups GitHub refuses in advanced issue search (reference Part A §3.6: depth ≥ 5). A
 * group is an AND or OR of two or more children; parentheses around one child add no level (`(((((bug)))))` is
 * the word `bug`).
 */
export const MAX_NESTING = 5;
/**
 * Parentheses nested deeper than this are refused with the same message, whatever they hold: it bounds the
 * parser's recursion (our bound; GitHub's parser has its own, not in the code read).
 */
export const MAX_PARENTHESES = 1000;
/** GitHub's message for it (Part A §3.6). */
export const CLAUSE_LIMIT_MESSAGE = 'Query clause limit exceeded';

/** Thrown for a query GitHub would refuse on syntax alone (boolean groups nested five deep). */
export class QuerySyntaxError extends Error {
  readonly span: Span;
  constructor(message: string, span: Span) {
    super(message);
    this.name = 'QuerySyntaxError';
    this.span = span;
  }
}

class Parser {
  private pos = 0;
  operators = 0;
  readonly explicitAnds: ExplicitAnd[] = [];
  constructor(private readonly tokens: readonly Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  parseQuery(): Node | null {
    const nodes: Node[] = [];
    while (this.pos < this.tokens.length) {
      const node = this.parseOr(0);
      if (node) nodes.push(node);
      else if (this.peek()?.kind === 'rparen') this.pos += 1; // stray ')'
    }
    return combine('and', nodes);
  }

  private parseOr(depth: number): Node | null {
    const children: Node[] = [];
    const first = this.parseAnd(depth);
    if (first) children.push(first);
    while (this.peek()?.kind === 'or') {
      this.pos += 1;
      this.operators += 1;
      const next = this.parseAnd(depth);
      if (next) children.push(next);
    }
    return combine('or', children);
  }

  private parseAnd(depth: number): Node | null {
    const children: Node[] = [];
    let pending: { left: Node; span: Span } | undefined;
    for (;;) {
      const token = this.peek();
      if (!token || token.kind === 'or' || token.kind === 'rparen') break;
      if (token.kind === 'and') {
        this.pos += 1;
        this.operators += 1;
        const left = children[children.length - 1];
        if (left) pending = { left, span: token.span };
        continue;
      }
      const node = this.parseUnary(depth);
      if (node) {
        if (pending) this.explicitAnds.push({ left: pending.left, right: node, span: pending.span });
        pending = undefined;
        children.push(node);
      }
    }
    return combine('and', children);
  }

  private parseUnary(depth: number): Node | null {
    const token = this.peek();
    if (token?.kind === 'not') {
      this.pos += 1;
      this.operators += 1;
      const child = this.parseUnary(depth);
      return child ? { type: 'not', child, span: { start: token.span.start, end: child.span.end } } : null;
    }
    return this.parsePrimary(depth);
  }

  private parsePrimary(depth: number): Node | null {
    const token = this.peek();
    if (!token) return null;
    this.pos += 1;
    switch (token.kind) {
      case 'lparen': {
        const inner = depth + 1;
        if (inner > MAX_PARENTHESES) {
          throw new QuerySyntaxError(CLAUSE_LIMIT_MESSAGE, token.span);
        }
        const node = this.parseOr(inner);
        if (this.peek()?.kind === 'rparen') this.pos += 1;
        return node;
      }
      case 'word':
        if (token.text.length > 1 && token.text.startsWith('-')) {
          const child: Node = {
            type: 'term',
            text: token.text.slice(1),
            phrase: false,
            span: { start: token.span.start + 1, end: token.span.end },
          };
          return { type: 'not', child, span: token.span };
        }
        return { type: 'term', text: token.text, phrase: false, span: token.span };
      case 'phrase':
        return token.text.trim() === '' ? null : { type: 'term', text: token.text, phrase: true, span: token.span };
      case 'qualifier':
        return token.node;
      default:
        return null; // a dangling operator or ')' handled by callers
    }
  }
}

/**
 * Refuse boolean groups nested {@link MAX_NESTING} deep (Part A §3.6), counting AND/OR nodes of the tree (a NOT
 * adds no level); the span is the first group at that depth.
 * @throws QuerySyntaxError
 */
function checkNesting(node: Node | null, level = 0): void {
  if (!node || node.type === 'term' || node.type === 'qualifier') return;
  if (node.type === 'not') return checkNesting(node.child, level);
  const inner = level + 1;
  if (inner >= MAX_NESTING) throw new QuerySyntaxError(CLAUSE_LIMIT_MESSAGE, node.span);
  for (const child of node.children) checkNesting(child, inner);
}

function combine(type: 'and' | 'or', children: Node[]): Node | null {
  if (children.length === 0) return null;
  if (children.length === 1) return children[0]!;
  const span = { start: children[0]!.span.start, end: children[children.length - 1]!.span.end };
  return { type, children, span };
}

/**
 * Parse tokens from {@link lex}. Recursion depth is bounded by the operators and parentheses in the input, so
 * callers that refuse more than five operators (GitHub's limit) first keep it shallow.
 * @throws QuerySyntaxError when boolean groups nest {@link MAX_NESTING} deep (or parentheses {@link MAX_PARENTHESES})
 */
export function parseTokens(tokens: readonly Token[]): ParsedQuery {
  const parser = new Parser(tokens);
  const root = parser.parseQuery();
  checkNesting(root);
  return { root, operators: parser.operators, explicitAnds: parser.explicitAnds };
}

/**
 * Parse a `q` string.
 * @param q the query as received (already URL-decoded)
 * @param options `grouping: true` for advanced issue search (parentheses group), false for legacy kinds
 * @throws QuerySyntaxError when boolean groups nest {@link MAX_NESTING} deep
 */
export function parseQuery(q: string, options: LexOptions): ParsedQuery {
  return parseTokens(lex(q, options));
}
