/**
 * AST + kind table → {@link Expr}, applying GitHub's semantics and raising its exact 422s (reference §1, §2).
 * Legacy kinds: qualifiers are pulled out wherever they stand and ANDed (with the repeat rules of §1.3);
 * AND/OR/NOT combine keywords only. Issues: advanced syntax, qualifiers take part in AND/OR and parentheses.
 */
import { invalidQuery, MESSAGES } from '../api-error.js';
import type { CompileContext, KindSpec, Predicate, QualifierSpec } from '../kinds/spec.js';
import type { Node, QualifierNode } from '../query/ast.js';
import { lex, type Token } from '../query/lexer.js';
import { countOperators, parseTokens, QuerySyntaxError } from '../query/parser.js';
import type { Viewer } from '../request/viewer.js';
import { and, ALL, type Expr, or } from './expr.js';

/** At most five AND / OR / NOT operators per query (§1.10). */
export const MAX_OPERATORS = 5;
/** At most 256 characters of free text, operators and qualifiers not counted (§1.10). */
export const MAX_TEXT_LENGTH = 256;

/** A planned query. */
export interface Plan {
  readonly expr: Expr;
  /** True when the query has at least one keyword or phrase. */
  readonly hasText: boolean;
  /** Code search with a `repo:`/`user:`/`org:` that resolves to nothing: 200, empty, incomplete (§1.11). */
  readonly unresolvedScope: boolean;
  /** Names of the qualifiers written in the query (for defaults such as hiding forks unless `fork:` is given). */
  readonly qualifierNames: ReadonlySet<string>;
}

interface Collected {
  node: QualifierNode;
  spec: QualifierSpec;
}

class Planner {
  unresolvedScope = false;
  usable = 0;
  textTerms = 0;
  constructor(
    private readonly spec: KindSpec,
    private readonly ctx: CompileContext,
    private readonly fields: readonly string[],
  ) {}

  /** The table entry of a qualifier name, or undefined when the name is not a qualifier here (→ free text). */
  qualifierSpec(name: string): QualifierSpec | undefined {
    return Object.hasOwn(this.spec.qualifiers, name) ? this.spec.qualifiers[name] : undefined;
  }

  textNode(text: string, phrase: boolean): Expr {
    this.textTerms += 1;
    return { type: 'text', text, phrase, fields: this.fields };
  }

  /** One occurrence's predicate, or undefined when unusable (GitHub drops it, §1.1). */
  compile({ node, spec }: Collected): Predicate | undefined {
    if (node.negated && spec.negatable === false) return undefined;
    const values = spec.list ? node.value.split(',').map((v) => v.trim()).filter(Boolean) : [node.value];
    const tests: Predicate[] = [];
    for (let value of values) {
      if (spec.userValued && value.toLowerCase() === '@me') {
        if (!this.ctx.viewer.login) throw invalidQuery(MESSAGES.cannotSearchUsers, node.span);
        value = this.ctx.viewer.login;
      }
      if (spec.scope && !this.scopeVisible(spec.scope, value, this.ctx.viewer)) {
        if (this.spec.capRule === 'code') {
          this.unresolvedScope = true;
          return () => false;
        }
        throw invalidQuery(spec.scope === 'repo' ? MESSAGES.cannotSearchResources : MESSAGES.cannotSearchUsers, node.span);
      }
      const test = spec.compile(value, this.ctx);
      if (test) tests.push(test);
    }
    if (tests.length === 0) return undefined;
    this.usable += 1;
    const any: Predicate = tests.length === 1 ? tests[0]! : (doc) => tests.some((t) => t(doc));
    return node.negated ? (doc) => !any(doc) : any;
  }

  private scopeVisible(scope: 'repo' | 'user', value: string, viewer: Viewer): boolean {
    const c = this.ctx.c;
    if (scope === 'repo') return c.knowsRepository(value) && !c.isHiddenRepository(value, viewer);
    return c.knowsUser(value);
  }

  /** Combine occurrences by group: repeats of an 'or' qualifier OR together, everything else ANDs (§1.3). */
  combine(collected: readonly Collected[]): Expr {
    const groups = new Map<string, { repeat: 'and' | 'or'; exprs: Expr[] }>();
    const alone: Expr[] = [];
    for (const item of collected) {
      const test = this.compile(item);
      if (!test) continue;
      const expr: Expr = { type: 'filter', label: item.node.raw, test };
      const repeat = item.spec.repeat ?? 'and';
      if (repeat === 'and' || item.node.negated) {
        alone.push(expr);
        continue;
      }
      const key = item.spec.group?.(item.node.value) ?? item.node.name;
      const group = groups.get(key) ?? { repeat, exprs: [] };
      group.exprs.push(expr);
      groups.set(key, group);
    }
    return and([...alone, ...[...groups.values()].map((g) => or(g.exprs))]);
  }

  /** Legacy grammar: qualifiers out of the tree; the rest is a keyword expression. */
  legacy(root: Node): { text: Expr; qualifiers: Collected[] } {
    const qualifiers: Collected[] = [];
    const walk = (node: Node): Expr | undefined => {
      switch (node.type) {
        case 'term':
          return this.textNode(node.text, node.phrase);
        case 'qualifier': {
          const spec = this.qualifierSpec(node.name);
          if (!spec) return this.textNode(node.raw, false);
          qualifiers.push({ node, spec });
          return undefined;
        }
        case 'not': {
          const child = walk(node.child);
          return child ? { type: 'not', child } : undefined;
        }
        default: {
          const kids = node.children.map(walk).filter((e): e is Expr => e !== undefined);
          return kids.length === 0 ? undefined : node.type === 'and' ? and(kids) : or(kids);
        }
      }
    };
    return { text: walk(root) ?? ALL, qualifiers };
  }

  /** Advanced grammar (issues): qualifiers are leaves of the boolean tree. */
  advanced(node: Node): Expr {
    switch (node.type) {
      case 'term':
        return this.textNode(node.text, node.phrase);
      case 'qualifier': {
        const spec = this.qualifierSpec(node.name);
        return spec ? this.combine([{ node, spec }]) : this.textNode(node.raw, false);
      }
      case 'not':
        return { type: 'not', child: this.advanced(node.child) };
      case 'or':
        return or(node.children.map((c) => this.advanced(c)));
      case 'and': {
        // Adjacent qualifiers in one AND follow the repeat rules (repo: a repo: b is OR, §1.6).
        const quals: Collected[] = [];
        const rest: Expr[] = [];
        for (const child of node.children) {
          const spec = child.type === 'qualifier' ? this.qualifierSpec(child.name) : undefined;
          if (child.type === 'qualifier' && spec) quals.push({ node: child, spec });
          else rest.push(this.advanced(child));
        }
        return and([...rest, this.combine(quals)]);
      }
    }
  }
}

/** Qualifier nodes of a tree, in order. */
function qualifierNodes(node: Node | null, out: QualifierNode[] = []): QualifierNode[] {
  if (!node) return out;
  if (node.type === 'qualifier') out.push(node);
  else if (node.type === 'not') qualifierNodes(node.child, out);
  else if (node.type === 'and' || node.type === 'or') for (const c of node.children) qualifierNodes(c, out);
  return out;
}

/**
 * Free-text length: the query's words and phrases as typed, joined by single spaces, without its qualifiers and
 * operators (§1.10). A `name:value` that is not a qualifier of the kind is free text. Linear in the query.
 */
function freeTextLength(spec: KindSpec, tokens: readonly Token[]): number {
  const hasIn = Object.keys(spec.inValues).length > 0;
  let length = -1;
  for (const token of tokens) {
    if (token.kind === 'qualifier' && (Object.hasOwn(spec.qualifiers, token.name) || (token.name === 'in' && hasIn))) continue;
    if (token.kind !== 'word' && token.kind !== 'phrase' && token.kind !== 'qualifier') continue;
    length += 1 + (token.span.end - token.span.start);
  }
  return Math.max(0, length);
}

/**
 * Plan a query for a kind. Order of checks follows GitHub (§1.11): syntax/limits, then qualifier resolution.
 * @throws ApiError 422 with GitHub's body for every refused query
 */
export function planQuery(q: string, spec: KindSpec, ctx: CompileContext): Plan {
  // Limits are checked on tokens, before parsing: both checks are linear and keep the parse shallow.
  const tokens = lex(q, { grouping: spec.advancedSyntax });
  if (countOperators(tokens) > MAX_OPERATORS) throw invalidQuery(MESSAGES.tooManyOperators);
  if (freeTextLength(spec, tokens) > MAX_TEXT_LENGTH) throw invalidQuery(MESSAGES.tooLong);
  let parsed;
  try {
    parsed = parseTokens(tokens);
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw invalidQuery(error.message, error.span);
    throw error;
  }
  if (!parsed.root) throw invalidQuery(MESSAGES.onlyOperators);

  // in: restricts the fields keywords search; repeated in: values OR (§1.3, §1.9).
  const inNodes = qualifierNodes(parsed.root).filter((n) => n.name === 'in' && Object.keys(spec.inValues).length > 0);
  let fields = spec.defaultFields;
  let inUnusable = false;
  if (inNodes.length > 0) {
    const chosen = new Set<string>();
    for (const node of inNodes) {
      for (const value of node.value.toLowerCase().split(',')) for (const f of spec.inValues[value.trim()] ?? []) chosen.add(f);
    }
    if (chosen.size > 0) fields = [...chosen];
    else inUnusable = true;
  }
  const planner = new Planner(spec, ctx, fields);
  const unsupported = qualifierNodes(parsed.root).find((n) => planner.qualifierSpec(n.name)?.unsupported);
  if (unsupported) throw invalidQuery(MESSAGES.noQualifiersApply, unsupported.span);

  let expr: Expr;
  const stripIn = (node: Node): Node | null => stripQualifier(node, 'in', inNodes.length > 0);
  const root = stripIn(parsed.root);
  if (!root) {
    expr = ALL;
  } else if (spec.advancedSyntax) {
    expr = planner.advanced(root);
  } else {
    const { text, qualifiers } = planner.legacy(root);
    if (parsed.operators > 0 && planner.textTerms === 0) throw invalidQuery(MESSAGES.onlyOperators);
    expr = and([planner.combine(qualifiers), text]);
  }
  const hasText = planner.textTerms > 0;
  if (!hasText && planner.usable === 0) throw invalidQuery(MESSAGES.noQualifiersApply);
  if (inUnusable && !hasText) throw invalidQuery(MESSAGES.noQualifiersApply);
  if (spec.textRequired && !hasText) {
    const stands = qualifierNodes(parsed.root).some((n) => spec.textOptionalWith?.includes(n.name));
    if (!stands) throw invalidQuery(spec.textRequired);
  }
  const qualifierNames = new Set(qualifierNodes(parsed.root).map((n) => n.name));
  return { expr, hasText, unresolvedScope: planner.unresolvedScope, qualifierNames };
}

/** Remove qualifiers named `name` from a tree (when `enabled`), simplifying empty branches away. */
function stripQualifier(node: Node, name: string, enabled: boolean): Node | null {
  if (!enabled) return node;
  if (node.type === 'qualifier') return node.name === name ? null : node;
  if (node.type === 'term') return node;
  if (node.type === 'not') {
    const child = stripQualifier(node.child, name, enabled);
    return child ? { ...node, child } : null;
  }
  const children = node.children.map((c) => stripQualifier(c, name, enabled)).filter((c): c is Node => c !== null);
  if (children.length === 0) return null;
  return children.length === 1 ? children[0]! : { ...node, children };
}

