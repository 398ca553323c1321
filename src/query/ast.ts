/**
 * The query AST: what the user typed, with source spans, before any kind-specific meaning is applied.
 * Spans are [start, end) offsets into `q` in UTF-16 code units.
 */

/** A source range in the query string, UTF-16 code units, end exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A free-text keyword (`bug`) or a quoted phrase (`"hello world"`). */
export interface TermNode {
  readonly type: 'term';
  readonly text: string;
  /** True for a double-quoted phrase: its words must appear together. */
  readonly phrase: boolean;
  readonly span: Span;
}

/**
 * `name:value`, `-name:value`, `name:"quoted value"`, `name:a,b`, or a shorthand (`@login`, `#topic`). The name is
 * as typed (GitHub matches names case-sensitively, reference Part A §2.1); values are unescaped.
 */
export interface QualifierNode {
  readonly type: 'qualifier';
  readonly name: string;
  /** The comma-separated values as written (quotes removed). */
  readonly values: readonly string[];
  /** A leading `-`: exclude what the qualifier matches. */
  readonly negated: boolean;
  /** `@` or `#` when written as a shorthand. */
  readonly shorthand?: '@' | '#' | undefined;
  /** The token as typed, for messages and for keeping an unknown `name:value` as free text. */
  readonly raw: string;
  readonly span: Span;
}

/** Implicit (adjacency) or explicit `AND`. */
export interface AndNode {
  readonly type: 'and';
  readonly children: readonly Node[];
  readonly span: Span;
}

/** Explicit `OR`. */
export interface OrNode {
  readonly type: 'or';
  readonly children: readonly Node[];
  readonly span: Span;
}

/** `NOT x` or a `-word` keyword. */
export interface NotNode {
  readonly type: 'not';
  readonly child: Node;
  readonly span: Span;
}

export type Node = TermNode | QualifierNode | AndNode | OrNode | NotNode;

/** The two operands of one explicit `AND` (`&&`) as parsed, and the operator's span. */
export interface ExplicitAnd {
  readonly left: Node;
  readonly right: Node;
  readonly span: Span;
}

/** A parsed query: the tree (null when `q` held nothing but operators) and how many operators it used. */
export interface ParsedQuery {
  readonly root: Node | null;
  /** Count of `AND`, `OR`, `NOT`, `&&`, `||` operators as typed (GitHub allows at most five, Part A §2.2). */
  readonly operators: number;
  /** Every explicit `AND` with both operands present (advanced issue search checks its top-level terms, §3.6). */
  readonly explicitAnds: readonly ExplicitAnd[];
}

/**
 * Canonical one-line rendering for tests and debugging: `(and a (not label:bug))`, phrases in quotes,
 * negated qualifiers with a leading `-`.
 */
export function printAst(node: Node | null): string {
  if (node === null) return '()';
  switch (node.type) {
    case 'term':
      return node.phrase ? JSON.stringify(node.text) : node.text;
    case 'qualifier':
      return `${node.negated ? '-' : ''}${node.name}:${node.values.map((v) => (/[\s,"]/.test(v) ? JSON.stringify(v) : v)).join(',')}`;
    case 'not':
      return `(not ${printAst(node.child)})`;
    case 'and':
    case 'or':
      return `(${node.type} ${node.children.map(printAst).join(' ')})`;
  }
}
