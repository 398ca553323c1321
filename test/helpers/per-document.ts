/**
 * A plan's expression with every filter's predicate wrapped in a plain closure: no column filter is described, so
 * every filter is called per document (the oracle of the column and bit-set paths: test/execute).
 */
import type { Expr } from '../../src/plan/expr.js';

/** `expr` with each filter's test called per document (NOT, AND and OR kept; other nodes as they are). */
export function perDocument(expr: Expr): Expr {
  switch (expr.type) {
    case 'filter': {
      const { test } = expr;
      return { ...expr, test: (doc) => test(doc) };
    }
    case 'not':
      return { type: 'not', child: perDocument(expr.child) };
    case 'and':
    case 'or':
      return { type: expr.type, children: expr.children.map(perDocument) };
    default:
      return expr;
  }
}
