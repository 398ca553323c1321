/**
 * The front half of a search: `q` → {@link QueryPlan}, with GitHub's refusals, reading no record and no index
 * (reference Part A §2.1–§2.2 for parsing and the base checks, §2.3 and the per-kind sections for values).
 * Every 422 carries the span of `q` it is about.
 */
import { invalidQuery, MESSAGES } from '../api-error.js';
import type { KindSpec } from '../kinds/spec.js';
import { ValueError } from '../kinds/qualifier-values.js';
import type { Node, ParsedQuery, QualifierNode, Span } from '../query/ast.js';
import { lex, type Token } from '../query/lexer.js';
import { parseTokens, QuerySyntaxError } from '../query/parser.js';
import { ensureLanguages } from '../text/languages.js';
import { analyseQueryText } from '../text/query-text.js';
import { checkWithoutText } from './without-text.js';
import {
  combineNodes,
  qualifierLeaves,
  textLeaves,
  type DroppedPart,
  type PlannedQualifier,
  type PlanNode,
  type QueryPlan,
  type SortQualifier,
} from './query-plan.js';

/** At most five `AND OR NOT && ||` operators per query (Part A §2.2). */
export const MAX_OPERATORS = 5;
/** At most 256 characters of query text, measured after GitHub's word quoting (Part A §2.1–§2.2). */
export const MAX_TEXT_LENGTH = 256;

/** Names that are always parsed (Part A §2.1): `repo` and `user`, even where the kind ignores them. */
const ALWAYS = ['repo', 'user'] as const;

const hasIn = (spec: KindSpec) => Object.keys(spec.inValues).length > 0;
/** `sort:` is a qualifier wherever the kind has sort keys (topics have none: there `sort:` is text, Part B §4). */
const hasSort = (spec: KindSpec) => Object.keys(spec.sorts).length > 0;

/** Whether `name` (as typed) is a qualifier of the kind: its table, `repo`/`user`, and `in`/`sort` where they apply. */
export function isQualifierOf(spec: KindSpec, name: string): boolean {
  return (
    Object.hasOwn(spec.qualifiers, name) ||
    (ALWAYS as readonly string[]).includes(name) ||
    (name === 'in' && hasIn(spec)) ||
    (name === 'sort' && hasSort(spec))
  );
}

const spanOf = (tokens: readonly { span: Span }[]): Span | undefined =>
  tokens.length === 0 ? undefined : { start: tokens[0]!.span.start, end: tokens[tokens.length - 1]!.span.end };

const isOperator = (t: Token) => t.kind === 'and' || t.kind === 'or' || t.kind === 'not';

/**
 * The base checks on tokens, in GitHub's order (Part A §2.2): length after word quoting, more than five operators,
 * only operators. Word quoting (Part A §2.1): with two or more words and no operator, every word without a quote
 * that is not all digits is wrapped in quotes (+2 characters); plain-text kinds (labels) quote nothing (Part B §5).
 */
function baseChecks(q: string, tokens: readonly Token[], spec: KindSpec): void {
  const text = tokens.filter((t) => t.kind === 'word' || t.kind === 'phrase' || isOperator(t));
  const quoting = !spec.plainText && text.length >= 2 && !text.some(isOperator);
  // Where the quoted text first passes `limit` characters: the tokens from there on.
  const over = (limit: number): Span | undefined => {
    let length = -1;
    for (let i = 0; i < text.length; i++) {
      const t = text[i]!;
      const written = q.slice(t.span.start, t.span.end);
      length += 1 + written.length + (quoting && t.kind === 'word' && !written.includes('"') && !/^\d+$/.test(written) ? 2 : 0);
      if (length > limit) return spanOf(text.slice(i));
    }
    return undefined;
  };
  if (spec.textLimit) {
    const span = over(spec.textLimit.characters);
    if (span) throw invalidQuery(spec.textLimit.message, span);
  }
  const tooLong = over(MAX_TEXT_LENGTH);
  if (tooLong) throw invalidQuery(MESSAGES.tooLong, tooLong);
  // Qualifier values are capped by the same 256 (issue #12: unbounded values fed per-document tests). GitHub's own
  // bound on them is not visible (Part A §2.2 counts text only); its length message is the closest it has.
  const long = tokens.find((t) => t.kind === 'qualifier' && t.node.values.join(',').length > MAX_TEXT_LENGTH);
  if (long) throw invalidQuery(MESSAGES.tooLong, long.span);
  const operators = tokens.filter(isOperator);
  if (operators.length > MAX_OPERATORS) throw invalidQuery(MESSAGES.tooManyOperators, spanOf(operators.slice(MAX_OPERATORS)));
  // Legacy kinds: the text (qualifiers removed) is only operators. Advanced issue search: the query has nothing else.
  const rest = spec.advancedSyntax ? tokens.filter((t) => t.kind !== 'lparen' && t.kind !== 'rparen') : text;
  if (rest.length > 0 && rest.every(isOperator)) throw invalidQuery(MESSAGES.onlyOperators, spanOf(operators));
}

/** Reads qualifier occurrences into plan leaves, collecting scope, `in:`, `sort:` and what is dropped. */
class Reader {
  readonly dropped: DroppedPart[] = [];
  readonly scope: PlannedQualifier[] = [];
  readonly inFields = new Set<string>();
  inGiven = false;
  sortQualifier: SortQualifier | undefined;

  constructor(private readonly spec: KindSpec) {}

  drop(node: { raw: string; span: Span }, reason: string): null {
    this.dropped.push({ raw: node.raw, span: node.span, reason });
    return null;
  }

  /** A qualifier occurrence → a filter leaf, or null when lifted out (scope, in:, sort:) or dropped. */
  qualifier(node: QualifierNode): PlannedQualifier | null {
    const { spec } = this;
    if (node.name === 'in' && !Object.hasOwn(spec.qualifiers, 'in') && hasIn(spec)) return this.readIn(node);
    if (node.name === 'sort' && hasSort(spec)) return this.readSort(node);
    const q = Object.hasOwn(spec.qualifiers, node.name) ? spec.qualifiers[node.name]! : undefined;
    if (!q) return this.drop(node, `parsed but not used by ${spec.kind} search (reference Part A §2.1)`);
    // An unsupported user filter is refused when compiled, after its logins are checked (compile.ts).
    if (q.unsupported && !q.users) throw invalidQuery(MESSAGES.noQualifiersApply, node.span);
    if (node.negated && q.negatable === false) return this.drop(node, `a negated ${node.name}: is ignored`);
    const raw = q.list ? node.values : [node.values.join(',')];
    const values: string[] = [];
    const shown: string[] = [];
    for (const value of raw) {
      let reading;
      try {
        reading = q.read ? q.read(value) : { shown: value };
      } catch (error) {
        if (error instanceof ValueError) throw invalidQuery(error.message, node.span);
        throw error;
      }
      if ('dropped' in reading) {
        this.drop({ raw: `${node.name}:${value}`, span: node.span }, reading.dropped);
        continue;
      }
      values.push(value);
      shown.push(reading.shown);
    }
    if (values.length === 0) return null;
    const leaf: PlannedQualifier = { type: 'qualifier', name: node.name, negated: node.negated, values, shown, raw: node.raw, span: node.span };
    if (q.scope) {
      this.scope.push(leaf);
      return null;
    }
    return leaf;
  }

  /** `in:` values split on comma and space, lower-cased, accumulating across occurrences (Part A §2.1). */
  private readIn(node: QualifierNode): null {
    this.inGiven = true;
    for (const value of node.values.join(',').toLowerCase().split(/[\s,]+/).filter(Boolean)) {
      const fields = Object.hasOwn(this.spec.inValues, value) ? this.spec.inValues[value]! : undefined;
      if (fields) for (const f of fields) this.inFields.add(f);
      else this.dropped.push({ raw: `in:${value}`, span: node.span, reason: `not an in: value of ${this.spec.kind} (${Object.keys(this.spec.inValues).join(', ')})` });
    }
    return null;
  }

  /**
   * `sort:KEY`, `sort:KEY-asc`, `sort:KEY-desc` (Part A §3.3, §6). An unknown key is skipped (best match); the
   * right-most `sort:` wins (Part A §2.1 "Normalisation"; our choice where the REST path is not visible).
   */
  private readSort(node: QualifierNode): null {
    const value = node.values.join(',');
    const m = /^(.*?)(?:-(asc|desc))?$/.exec(value)!;
    const key = Object.hasOwn(this.spec.sorts, value) ? value : m[1]!;
    const order = key === value ? 'desc' : (m[2] as 'asc' | 'desc');
    if (node.negated) return this.drop(node, 'a negated sort: is ignored');
    if (!Object.hasOwn(this.spec.sorts, key)) return this.drop(node, `not a sort key of ${this.spec.kind} (${Object.keys(this.spec.sorts).join(', ')}): best match`);
    if (this.sortQualifier) this.dropped.push({ raw: this.sortQualifier.key, span: this.sortQualifier.span, reason: 'a later sort: wins' });
    this.sortQualifier = { key, order, span: node.span };
    return null;
  }
}

/** Apply the `only` rules (Part B §2.1, §4) over every leaf of one qualifier: drop the values that do not count. */
function applyOnly(tree: PlanNode | null, spec: KindSpec, reader: Reader): PlanNode | null {
  const leaves = qualifierLeaves(tree);
  const keep = new Map<PlannedQualifier, PlannedQualifier | null>();
  const groups = new Map<string, PlannedQualifier[]>();
  for (const leaf of leaves) {
    const q = spec.qualifiers[leaf.name]!;
    if (!q.only) continue;
    const key = q.joins ?? leaf.name;
    groups.set(key, [...(groups.get(key) ?? []), leaf]);
  }
  for (const [key, group] of groups) {
    const rule = spec.qualifiers[group[0]!.name]!.only!;
    const positives = group.filter((l) => !l.negated).flatMap((l) => l.values.map((v, i) => ({ leaf: l, v, i })));
    let chosen = positives;
    if (rule === 'first') chosen = positives.slice(0, 1);
    else if (rule === 'last') chosen = positives.slice(-1);
    else if (positives.length > 1) chosen = [];
    for (const leaf of group) {
      if (leaf.negated) continue;
      const mine = chosen.filter((c) => c.leaf === leaf);
      if (mine.length === leaf.values.length) continue;
      const reason =
        rule === 'first' ? `only the first ${key}: value counts` : rule === 'last' ? `only the last ${key}: value counts` : `two or more ${key}: values build no filter (reference Part B §2.1, ambiguous: our choice)`;
      reader.drop(leaf, reason);
      keep.set(leaf, mine.length === 0 ? null : { ...leaf, values: mine.map((c) => c.v), shown: mine.map((c) => leaf.shown[c.i]!) });
    }
  }
  if (keep.size === 0) return tree;
  const map = (node: PlanNode): PlanNode | null => {
    if (node.type === 'qualifier') return keep.has(node) ? keep.get(node)! : node;
    if (node.type === 'text') return node;
    if (node.type === 'not') {
      const child = map(node.child);
      return child ? { type: 'not', child } : null;
    }
    return combineNodes(node.type, node.children.map(map));
  };
  return tree ? map(tree) : null;
}

/**
 * Legacy engine (every kind but issues): qualifiers are taken out wherever they stand; repeated occurrences of one
 * qualifier combine by the kind's repeat rule (OR, Part A §2.3) or the qualifier's own; negated ones each exclude.
 * AND/OR/NOT combine keywords only.
 */
function legacyTree(root: Node, spec: KindSpec, reader: Reader): PlanNode | null {
  const filters: PlannedQualifier[] = [];
  const walk = (node: Node): PlanNode | null => {
    switch (node.type) {
      case 'term':
        return node.phrase && node.text.trim() === '' ? null : { type: 'text', text: node.text, phrase: node.phrase, span: node.span };
      case 'qualifier': {
        const leaf = reader.qualifier(node);
        if (leaf) filters.push(leaf);
        return null;
      }
      case 'not': {
        const child = walk(node.child);
        return child ? { type: 'not', child } : null;
      }
      default:
        return combineNodes(node.type, node.children.map(walk));
    }
  };
  const text = walk(root);
  const groups = new Map<string, { repeat: 'and' | 'or'; leaves: PlannedQualifier[] }>();
  const alone: PlanNode[] = [];
  for (const leaf of filters) {
    const q = spec.qualifiers[leaf.name]!;
    const repeat = q.repeat ?? spec.repeats;
    if (leaf.negated || repeat === 'and') {
      alone.push(leaf);
      continue;
    }
    const key = q.joins ?? leaf.name;
    const group = groups.get(key) ?? { repeat, leaves: [] };
    group.leaves.push(leaf);
    groups.set(key, group);
  }
  return combineNodes('and', [...alone, ...[...groups.values()].map((g) => combineNodes('or', g.leaves)), text]);
}

/**
 * Plain-text kinds (labels, Part B §5): the raw text goes into match queries, so every text token — words, quoted
 * parts, `AND`/`OR`/`NOT`, a leading `-` — is an ordinary word; qualifiers are read as elsewhere. The text as
 * written (tokens joined by one space) becomes one text leaf, which compile expands into the kind's should-any.
 */
function plainTextTree(q: string, tokens: readonly Token[], reader: Reader): PlanNode | null {
  const filters: PlanNode[] = [];
  const words: Token[] = [];
  for (const token of tokens) {
    if (token.kind === 'qualifier') {
      const leaf = reader.qualifier(token.node);
      if (leaf) filters.push(leaf);
    } else if (token.kind !== 'lparen' && token.kind !== 'rparen') words.push(token);
  }
  const text = words.map((t) => q.slice(t.span.start, t.span.end)).join(' ');
  const span = spanOf(words);
  const leaf: PlanNode | null = span ? { type: 'text', text, phrase: false, span } : null;
  return combineNodes('and', [...filters, leaf]);
}

/**
 * Advanced issue search (Part A §3.6): qualifiers are leaves of the boolean tree (repeats in an AND group all
 * hold); the top-level terms `repo user org owner sort` are lifted out of wherever they stand.
 */
function advancedTree(node: Node, reader: Reader): PlanNode | null {
  switch (node.type) {
    case 'term':
      return node.phrase && node.text.trim() === '' ? null : { type: 'text', text: node.text, phrase: node.phrase, span: node.span };
    case 'qualifier':
      return reader.qualifier(node);
    case 'not': {
      const child = advancedTree(node.child, reader);
      return child ? { type: 'not', child } : null;
    }
    default:
      return combineNodes(node.type, node.children.map((c) => advancedTree(c, reader)));
  }
}

/** Whether a qualifier is a top-level term of advanced issue search (`repo user org owner sort`, Part A §3.6). */
const isTopLevel = (spec: KindSpec, name: string): boolean => name === 'sort' || spec.qualifiers[name]?.scope !== undefined;

/** The names of the top-level terms under `node`. */
function topLevelNames(spec: KindSpec, node: Node, out = new Set<string>()): Set<string> {
  if (node.type === 'qualifier') {
    if (isTopLevel(spec, node.name)) out.add(node.name);
  } else if (node.type === 'not') topLevelNames(spec, node.child, out);
  else if (node.type !== 'term') for (const child of node.children) topLevelNames(spec, child, out);
  return out;
}

/**
 * Advanced issue search: the same top-level term on both sides of an explicit AND makes the query invalid
 * (Part A §3.6; GitHub sets no message, ours is {@link MESSAGES.topLevelAnd}). Adjacency is no explicit AND.
 * @throws ApiError 422 with the span of the AND
 */
function checkTopLevelAnds(spec: KindSpec, parsed: ParsedQuery): void {
  for (const { left, right, span } of parsed.explicitAnds) {
    const names = topLevelNames(spec, left);
    for (const name of topLevelNames(spec, right)) if (names.has(name)) throw invalidQuery(MESSAGES.topLevelAnd, span);
  }
}

/** The boolean language (every kind but plain-text ones): parse, then read the tree with the kind's engine. */
function parsedTree(tokens: readonly Token[], spec: KindSpec, reader: Reader): PlanNode | null {
  let parsed: ParsedQuery;
  try {
    parsed = parseTokens(tokens);
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw invalidQuery(error.message, error.span);
    throw error;
  }
  if (spec.advancedSyntax) checkTopLevelAnds(spec, parsed);
  const root = parsed.root;
  return root === null ? null : spec.advancedSyntax ? advancedTree(root, reader) : legacyTree(root, spec, reader);
}

/**
 * Mark the text leaves that give no term under the analyzers of the fields they search (emoji or punctuation only:
 * `nothing`; a word over the term limit: `too long`; src/text/query-text.ts). Labels analyse their text in compile.
 */
function annotateText(tree: PlanNode | null, spec: KindSpec, fields: readonly string[]): PlanNode | null {
  const map = (node: PlanNode): PlanNode => {
    switch (node.type) {
      case 'text': {
        const analyzers = spec.fields
          .filter((f) => fields.includes(f.name) && (!f.searchedFor || f.searchedFor(node.text)))
          .map((f) => f.analyzer);
        const analysis = analyzers.length === 0 ? 'terms' : analyseQueryText(node.text, node.phrase, analyzers);
        return analysis === 'terms' ? node : { ...node, analysis };
      }
      case 'qualifier':
        return node;
      case 'not':
        return { type: 'not', child: map(node.child) };
      default:
        return { type: node.type, children: node.children.map(map) };
    }
  };
  return tree ? map(tree) : null;
}

/** At most this many ownership filters (`repo user org owner`) in advanced issue search (Part A §3.6). */
export const MAX_OWNERSHIP_FILTERS = 16;

/**
 * Advanced issue search refuses more than {@link MAX_OWNERSHIP_FILTERS} ownership filters (Part A §3.6, "newer
 * copy"). Our choice where the code read does not say what one filter is: each `repo:`/`user:`/`org:`/`owner:`
 * occurrence (or shorthand), positive or negated, counts once; the span points at the first one over the limit.
 * Legacy kinds have no such rule.
 * @throws ApiError 422 `Ownership filters limit of 16 exceeded`
 */
function checkOwnershipLimit(spec: KindSpec, scope: readonly PlannedQualifier[]): void {
  if (!spec.advancedSyntax || scope.length <= MAX_OWNERSHIP_FILTERS) return;
  throw invalidQuery(MESSAGES.ownershipLimit, scope[MAX_OWNERSHIP_FILTERS]!.span);
}

/**
 * Understand `q` for a kind: parse, run GitHub's checks in its order and read every qualifier value. Reads no
 * record and no index (linguist's data is loaded when a language qualifier is present).
 * @throws ApiError 422 with GitHub's body and the span of `q` it is about
 */
export async function understandQuery(q: string, spec: KindSpec): Promise<QueryPlan> {
  const tokens = lex(q, { grouping: spec.advancedSyntax, isQualifier: (name) => isQualifierOf(spec, name) });
  if (tokens.some((t) => t.kind === 'qualifier' && spec.qualifiers[t.node.name]?.languages)) await ensureLanguages();
  baseChecks(q, tokens, spec);
  const reader = new Reader(spec);
  let tree = spec.plainText ? plainTextTree(q, tokens, reader) : parsedTree(tokens, spec, reader);
  tree = applyOnly(tree, spec, reader);
  checkOwnershipLimit(spec, reader.scope);
  const fields = reader.inFields.size > 0 ? [...reader.inFields] : spec.defaultFields;
  if (!spec.plainText) tree = annotateText(tree, spec, fields);
  const hasText = textLeaves(tree).length > 0;
  // `in:` naming no known field searches the default fields (Part A §2.1), yet counts as no filter.
  const names = [...qualifierLeaves(tree), ...reader.scope].map((l) => l.name);
  checkWithoutText(spec, hasText, names, spanOf(tokens.filter((t) => t.kind === 'qualifier')));
  return {
    kind: spec.kind,
    q,
    engine: spec.advancedSyntax ? 'advanced' : 'legacy',
    tree,
    fields,
    scope: reader.scope,
    sortQualifier: reader.sortQualifier,
    dropped: reader.dropped,
    hasText,
  };
}
