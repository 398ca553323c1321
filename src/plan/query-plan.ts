/**
 * The query plan: how a `q` was understood, as plain printable data, before any record or index is read
 * (reference Part A §2–§5, Part B §2–§5). {@link understandQuery} builds it; `compile.ts` turns it into an
 * executable expression against a collection; `explain.ts` prints it.
 */
import type { Kind } from '../kinds/kind.js';
import type { Sort } from '../kinds/spec.js';
import type { Span } from '../query/ast.js';

/** A free-text keyword or quoted phrase. */
export interface PlannedText {
  readonly type: 'text';
  readonly text: string;
  readonly phrase: boolean;
  readonly span: Span;
  /**
   * Set when the text gives no term to look up (src/text/query-text.ts): `nothing` — no letter or digit, the
   * analyzer drops it (left out; a query whose text is all such parts matches nothing); `too long` — a word over
   * the term limit, which matches no document.
   */
  readonly analysis?: 'nothing' | 'too long';
}

/** One occurrence of a qualifier that filters: its values as written and as read. */
export interface PlannedQualifier {
  readonly type: 'qualifier';
  /** The qualifier's name in the kind's table (a shorthand's target: `@a/b` → `repo`). */
  readonly name: string;
  readonly negated: boolean;
  /** The values kept (alternatives: any of them matches), as written (`@me` still literal). */
  readonly values: readonly string[];
  /** How each kept value reads (normalised value or range), same order as `values`. */
  readonly shown: readonly string[];
  /** The token as typed. */
  readonly raw: string;
  readonly span: Span;
}

/** The boolean tree of text terms and filters. */
export type PlanNode =
  | PlannedText
  | PlannedQualifier
  | { readonly type: 'and' | 'or'; readonly children: readonly PlanNode[] }
  | { readonly type: 'not'; readonly child: PlanNode };

/** A part of the query GitHub removes without an error, and why. */
export interface DroppedPart {
  readonly raw: string;
  readonly span: Span;
  readonly reason: string;
}

/** A `sort:` qualifier (Part A §3.3, §6): the key and order it asks for, and where it was written. */
export interface SortQualifier extends Sort {
  readonly span: Span;
}

/** A query as understood for one kind. */
export interface QueryPlan {
  readonly kind: Kind;
  readonly q: string;
  /** 'advanced' for issues (boolean groups of qualifiers, Part A §3.6), else 'legacy'. */
  readonly engine: 'advanced' | 'legacy';
  /** Text terms and filters; null when nothing is left to match (every document of the scope matches). */
  readonly tree: PlanNode | null;
  /** The fields keywords search (`in:` values accumulate, Part A §2.1). */
  readonly fields: readonly string[];
  /** `repo user org owner` occurrences: one scope, their positive values unioned (Part A §2.3). */
  readonly scope: readonly PlannedQualifier[];
  /** The `sort:` qualifier, when given and known to the kind; the request's `sort` parameter wins over it. */
  readonly sortQualifier: SortQualifier | undefined;
  /** What was removed without an error. */
  readonly dropped: readonly DroppedPart[];
  /** True when the tree has at least one keyword or phrase. */
  readonly hasText: boolean;
}

/** Every qualifier leaf of a tree, in order. */
export function qualifierLeaves(node: PlanNode | null, out: PlannedQualifier[] = []): PlannedQualifier[] {
  if (!node) return out;
  if (node.type === 'qualifier') out.push(node);
  else if (node.type === 'not') qualifierLeaves(node.child, out);
  else if (node.type === 'and' || node.type === 'or') for (const c of node.children) qualifierLeaves(c, out);
  return out;
}

/** Every text leaf of a tree with whether it is negated (under an odd number of NOTs). */
export function textLeaves(node: PlanNode | null, negated = false, out: Array<{ text: PlannedText; negated: boolean }> = []) {
  if (!node) return out;
  if (node.type === 'text') out.push({ text: node, negated });
  else if (node.type === 'not') textLeaves(node.child, !negated, out);
  else if (node.type === 'and' || node.type === 'or') for (const c of node.children) textLeaves(c, negated, out);
  return out;
}

/** AND/OR of plan nodes: null children dropped, singletons collapsed. */
export function combineNodes(type: 'and' | 'or', children: ReadonlyArray<PlanNode | null>): PlanNode | null {
  const kept = children.filter((c): c is PlanNode => c !== null);
  if (kept.length === 0) return null;
  return kept.length === 1 ? kept[0]! : { type, children: kept };
}
