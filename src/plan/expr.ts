/**
 * The plan: a boolean expression over documents whose leaves are keyword/phrase lookups and compiled qualifier
 * filters. Plain data plus predicates (the printable form is the QueryPlan it was compiled from).
 */
import type { Predicate } from '../kinds/spec.js';

export type Expr =
  | { readonly type: 'all' }
  | { readonly type: 'none' }
  /** A qualifier (or a group of repeated ones already combined) as a document predicate. */
  | { readonly type: 'filter'; readonly label: string; readonly test: Predicate }
  /** A keyword or a phrase, searched in `fields` (any of them). */
  | { readonly type: 'text'; readonly text: string; readonly phrase: boolean; readonly fields: readonly string[] }
  | { readonly type: 'and'; readonly children: readonly Expr[] }
  | { readonly type: 'or'; readonly children: readonly Expr[] }
  | { readonly type: 'not'; readonly child: Expr };

export const ALL: Expr = { type: 'all' };
export const NONE: Expr = { type: 'none' };

/** AND of expressions, dropping `all` and collapsing singletons. */
export function and(children: readonly Expr[]): Expr {
  const kept = children.filter((c) => c.type !== 'all');
  if (kept.some((c) => c.type === 'none')) return NONE;
  return kept.length === 0 ? ALL : kept.length === 1 ? kept[0]! : { type: 'and', children: kept };
}

/** OR of expressions, dropping `none` and collapsing singletons. */
export function or(children: readonly Expr[]): Expr {
  const kept = children.filter((c) => c.type !== 'none');
  if (kept.some((c) => c.type === 'all')) return ALL;
  return kept.length === 0 ? NONE : kept.length === 1 ? kept[0]! : { type: 'or', children: kept };
}

/** A positive keyword or phrase and the fields it searches. */
export interface Keyword {
  readonly text: string;
  readonly fields: readonly string[];
}

/** The positive keywords and phrases of an expression (not under a NOT): these rank and get text matches. */
export function positiveText(expr: Expr, negated = false, out: Keyword[] = []): Keyword[] {
  if (expr.type === 'text' && !negated) out.push({ text: expr.text, fields: expr.fields });
  else if (expr.type === 'not') positiveText(expr.child, !negated, out);
  else if (expr.type === 'and' || expr.type === 'or') for (const c of expr.children) positiveText(c, negated, out);
  return out;
}
