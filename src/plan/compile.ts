/**
 * The back half of planning: a {@link QueryPlan} (plain data) → an executable {@link Expr} against one collection.
 * Here names meet the dump: the repository scope and user filters resolve (Part A §2.3 "Repository", "User"),
 * `@me` becomes the viewer's login, and each value compiles to a predicate through the kind's table.
 */
import { invalidQuery, MESSAGES } from '../api-error.js';
import type { CompileContext, KindSpec, Predicate, QualifierSpec } from '../kinds/spec.js';
import { anyOf } from '../kinds/qualifier-columns.js';
import { and, ALL, NONE, type Expr, or } from './expr.js';
import type { PlannedQualifier, PlanNode, QueryPlan } from './query-plan.js';
import { combineNodes, qualifierLeaves, textLeaves } from './query-plan.js';
import { checkWithoutText } from './without-text.js';

/** A compiled query. */
export interface CompiledQuery {
  readonly expr: Expr;
  /** A scope that resolved to nothing on a kind that answers it empty and incomplete (code, Part B §3.4). */
  readonly incomplete: boolean;
}

/**
 * Whether a name in the query resolves for this viewer: a repository (`owner/name`) or a login the viewer may know
 * exists. The one place planning asks about existence and visibility; the answer is src/access's (a name seen only
 * in records the viewer cannot read resolves exactly as a missing one).
 */
function resolves(kind: 'repo' | 'owner' | 'user', value: string, ctx: CompileContext): boolean {
  const { c, viewer } = ctx;
  return kind === 'repo' ? c.knowsRepository(value, viewer) : c.knowsUser(value, viewer);
}

/** `@me` → the viewer's login (case-insensitive, Part A §2.1); undefined for an anonymous viewer. */
function resolveMe(value: string, q: QualifierSpec, ctx: CompileContext): string | undefined {
  if (!q.users || value.toLowerCase() !== '@me') return value;
  return ctx.viewer.login;
}

/** A login a user filter can look up: `*` (any) and `app/NAME` (a bot) are not looked up. */
const isLookup = (value: string) => value !== '*' && !value.toLowerCase().startsWith('app/');

/** The three-character grams of a word (by code point); none for a shorter word. */
function trigramsOf(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(''));
  return out;
}

class Compiler {
  constructor(
    private readonly spec: KindSpec,
    private readonly ctx: CompileContext,
  ) {}

  /** The values of a user filter's leaf that name a user the viewer may know (every value of other leaves). */
  resolvedValues(leaf: PlannedQualifier): string[] {
    const q = this.spec.qualifiers[leaf.name]!;
    if (!q.users) return [...leaf.values];
    const kept: string[] = [];
    for (const value of leaf.values) {
      const login = resolveMe(value, q, this.ctx);
      if (login !== undefined && (!isLookup(login) || resolves('user', login, this.ctx))) kept.push(login);
    }
    return kept;
  }

  /**
   * The user filters' check (Part A §2.3 "User"): one filter per qualifier (qualifiers that join, users' `user:`
   * and `org:`, are one), over all its occurrences; it is invalid only when all its positive values — or all its
   * negated ones — name no user. Then unsupported user filters are refused (Part A §2.2: filter validity first).
   * @throws ApiError 422 `The listed users cannot be searched…`, then `None of the search qualifiers apply…`
   */
  checkUsers(leaves: readonly PlannedQualifier[]): void {
    const groups = new Map<string, { positive: boolean[]; negative: boolean[]; span: PlannedQualifier['span'] }>();
    for (const leaf of leaves) {
      const q = this.spec.qualifiers[leaf.name]!;
      if (q.users !== 'refuse') continue;
      const key = q.joins ?? leaf.name;
      const group = groups.get(key) ?? { positive: [], negative: [], span: leaf.span };
      groups.set(key, group);
      (leaf.negated ? group.negative : group.positive).push(this.resolvedValues(leaf).length > 0);
    }
    for (const { positive, negative, span } of groups.values()) {
      const fails = (found: boolean[]) => found.length > 0 && !found.includes(true);
      if (fails(positive) || fails(negative)) throw invalidQuery(MESSAGES.cannotSearchUsers, span);
    }
    const unsupported = leaves.find((l) => this.spec.qualifiers[l.name]!.unsupported);
    if (unsupported) throw invalidQuery(MESSAGES.noQualifiersApply, unsupported.span);
  }

  leaf(leaf: PlannedQualifier): Expr {
    const q = this.spec.qualifiers[leaf.name]!;
    const values = this.resolvedValues(leaf);
    if (values.length === 0) {
      // A user filter with no known login: policy 'drop' — no filter; 'refuse' (its filter is valid, checkUsers) —
      // the values drop out of the filter: no alternative where repeats are any, no constraint where all hold.
      const alternatives = (q.repeat ?? this.spec.repeats) === 'or';
      return q.users === 'refuse' && alternatives && !leaf.negated ? NONE : ALL;
    }
    const tests = values.map((v) => q.compile(v, this.ctx)).filter((t): t is Predicate => t !== undefined);
    if (tests.length === 0) return leaf.negated ? ALL : NONE;
    const test = anyOf(tests);
    const filter: Expr = { type: 'filter', label: leaf.raw, test };
    return leaf.negated ? { type: 'not', child: filter } : filter;
  }

  node(node: PlanNode, fields: readonly string[]): Expr {
    switch (node.type) {
      case 'text':
        if (node.analysis === 'too long') return NONE; // a word no document holds as a term
        return this.spec.plainText ? this.plainText(node.text) : { type: 'text', text: node.text, phrase: node.phrase, fields };
      case 'qualifier':
        return this.leaf(node);
      case 'not':
        return { type: 'not', child: this.node(node.child, fields) };
      case 'and':
        return and(node.children.map((c) => this.node(c, fields)));
      case 'or':
        return or(node.children.map((c) => this.node(c, fields)));
    }
  }

  /**
   * A plain-text kind's text (labels, Part B §5): should-any of every word in an `allWords` field, any word in an
   * `anyWord` field, and the text as a phrase prefix of `prefix` (any case). Words are runs of letters and digits
   * (our reading of the match analyzer); text without any matches nothing (a match query with no terms).
   */
  plainText(text: string): Expr {
    const rule = this.spec.plainText!;
    const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length === 0) return NONE;
    const joined = words.join(' ');
    const word = (w: string, f: string): Expr => ({ type: 'text', text: w, phrase: false, fields: [f] });
    const clauses: Expr[] = rule.allWords.map((f) => and(words.map((w) => word(w, f))));
    for (const f of rule.anyWord) clauses.push(or(words.map((w) => word(w, f))));
    const get = rule.prefix;
    if (get) {
      const { c } = this.ctx;
      const test: Predicate = (doc) => {
        const value = get(c.records[doc]!, doc, c);
        return value !== undefined && ` ${value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ')}`.includes(` ${joined}`);
      };
      clauses.push({ type: 'filter', label: `prefix:${joined}`, test });
    }
    const grams = rule.grams;
    if (grams) {
      const { c } = this.ctx;
      const wanted = new Set(words);
      const trigrams = new Set(words.flatMap(trigramsOf));
      const test: Predicate = (doc) => {
        const value = grams(c.records[doc]!, doc, c);
        if (value === undefined) return false;
        const have = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
        return have.some((w) => wanted.has(w) || trigramsOf(w).some((g) => trigrams.has(g)));
      };
      clauses.push({ type: 'filter', label: `grams:${joined}`, test });
    }
    return or(clauses);
  }

  /**
   * The repository scope (Part A §2.3 "Repository"): positive values of `repo user org owner` union; negated values
   * exclude; a negated value that names nothing is dropped; positive values that all name nothing refuse the query
   * (or, on code, answer it empty and incomplete).
   */
  scope(plan: QueryPlan): { expr: Expr; unresolved: boolean } {
    const positive: Predicate[] = [];
    const negative: Predicate[] = [];
    let positives = 0;
    for (const leaf of plan.scope) {
      const q = this.spec.qualifiers[leaf.name]!;
      for (const raw of leaf.values) {
        if (!leaf.negated) positives += 1;
        const value = resolveMe(raw, q, this.ctx);
        if (value === undefined || !resolves(q.scope!, value, this.ctx)) continue;
        const test = q.compile(value, this.ctx);
        if (test) (leaf.negated ? negative : positive).push(test);
      }
    }
    if (positives > 0 && positive.length === 0) {
      if (this.spec.unresolvedScope === 'empty') return { expr: NONE, unresolved: true };
      throw invalidQuery(MESSAGES.cannotSearchResources, plan.scope.find((l) => !l.negated)?.span);
    }
    const parts: Expr[] = [];
    if (positive.length > 0) parts.push({ type: 'filter', label: 'scope', test: anyOf(positive) });
    for (const test of negative) parts.push({ type: 'not', child: { type: 'filter', label: 'scope', test } });
    return { expr: and(parts), unresolved: false };
  }
}

/** The tree without the text leaves the analyzer drops (`analysis: 'nothing'`); null when nothing is left. */
function withoutDroppedText(node: PlanNode | null): PlanNode | null {
  if (!node) return null;
  switch (node.type) {
    case 'text':
      return node.analysis === 'nothing' ? null : node;
    case 'qualifier':
      return node;
    case 'not': {
      const child = withoutDroppedText(node.child);
      return child ? { type: 'not', child } : null;
    }
    default:
      return combineNodes(node.type, node.children.map(withoutDroppedText));
  }
}

/**
 * Compile a plan against a collection.
 * @throws ApiError 422: a scope with no positive value that resolves, a user filter with no known login, or (commits)
 *         a query whose only query part was an `author:`/`committer:` that names no user (Part B §2.2)
 */
export function compileQuery(plan: QueryPlan, spec: KindSpec, ctx: CompileContext): CompiledQuery {
  const compiler = new Compiler(spec, ctx);
  const scope = compiler.scope(plan);
  if (scope.unresolved) return { expr: NONE, incomplete: true };
  compiler.checkUsers(qualifierLeaves(plan.tree));
  if (!plan.hasText) {
    // A 'drop' user filter that names nobody is no query part (commits' author:, Part B §2.2).
    const names = qualifierLeaves(plan.tree)
      .filter((l) => spec.qualifiers[l.name]!.users !== 'drop' || compiler.resolvedValues(l).length > 0)
      .map((l) => l.name);
    const leaves = [...qualifierLeaves(plan.tree), ...plan.scope].sort((a, b) => a.span.start - b.span.start);
    const span = leaves.length > 0 ? { start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end } : undefined;
    checkWithoutText(spec, false, [...names, ...plan.scope.map((l) => l.name)], span);
  }
  // Text the analyzer drops (emoji, punctuation) is left out; a query whose text is all such parts matches nothing.
  const texts = textLeaves(plan.tree);
  if (texts.length > 0 && texts.every((t) => t.text.analysis === 'nothing')) return { expr: NONE, incomplete: false };
  const tree = withoutDroppedText(plan.tree);
  const expr = tree ? compiler.node(tree, plan.fields) : ALL;
  return { expr: and([scope.expr, expr]), incomplete: false };
}
