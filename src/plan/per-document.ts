/**
 * A compiled search whose filters are plain closures: no filter carries a column description
 * (kinds/qualifier-columns.ts `columnFilterOf`), so the execute stage tests each one document by document instead of
 * over columns, bit sets or inverted forms. The oracle of those paths: the exhaustive evaluation of search.ts and
 * the column tests (test/execute).
 */
import { columnFilterOf } from '../kinds/qualifier-columns.js';
import type { Predicate } from '../kinds/spec.js';
import type { Expr } from './expr.js';
import type { CompiledSearch } from './search-plan.js';

/** `test` as a closure of its own: same answers, no column description. */
function plain(test: Predicate): Predicate {
  return (doc) => test(doc);
}

/** `expr` with each filter's test called per document (NOT, AND and OR kept; other nodes as they are). */
export function perDocument(expr: Expr): Expr {
  switch (expr.type) {
    case 'filter':
      return { ...expr, test: plain(expr.test) };
    case 'not':
      return { type: 'not', child: perDocument(expr.child) };
    case 'and':
    case 'or':
      return { type: expr.type, children: expr.children.map(perDocument) };
    default:
      return expr;
  }
}

/** `compiled` with its query's filters and its `within` filters tested per document (everything else shared). */
export function perDocumentSearch(compiled: CompiledSearch): CompiledSearch {
  return { ...compiled, expr: perDocument(compiled.expr), within: compiled.within.map(plain) };
}

/** True when some filter of `compiled` (its query's or its `within`) is described over a column. */
export function hasColumnFilter(compiled: CompiledSearch): boolean {
  const described = (test: Predicate): boolean => columnFilterOf(test) !== undefined;
  const walk = (expr: Expr): boolean =>
    expr.type === 'filter' ? described(expr.test) : expr.type === 'not' ? walk(expr.child) : expr.type === 'and' || expr.type === 'or' ? expr.children.some(walk) : false;
  return walk(compiled.expr) || compiled.within.some(described);
}
