/**
 * The search page's sidebar counts (GitHub's facets), counted over the engine's document sets and columns, never
 * by building items:
 * - per kind, the `total_count` the API answers for the same `q` (undefined when that kind refuses the query);
 * - the 10 most frequent languages among all matches (kinds with a `language` qualifier), and for issues the
 *   `state` counts. Each count is the `total_count` of `q` with the qualifier added (`q language:X`,
 *   `q state:open`), the query the facet's link runs.
 *
 * The one dependency on the engine's internals is {@link matchedDocs}: plan, compile, and the execute stage's
 * matching step of `executeSearch` (src/execute/run-plan.ts) — the documents the viewer may see, the kind's
 * `within` filters, then the compiled expression — without scoring or ordering. A facet value is counted by
 * reading the qualifier's column (`QualifierSpec.columns`, via `Collection.column`) over that set, when adding the
 * qualifier provably ANDs one more leaf onto the query's tree ({@link addsOneLeaf}); otherwise (a top-level `OR`,
 * a repeat of the same qualifier, which GitHub combines differently) the query with the qualifier is matched
 * itself. Both give the API's `total_count` by construction; test/web/facets.test.ts checks it against the API.
 */
import { ApiError } from '../api-error.js';
import type { KindSpec } from '../kinds/spec.js';
import { Budget, Executor } from '../execute/execute.js';
import { scanDocs } from '../execute/scan-docs.js';
import type { DocList } from '../index/text-index.js';
import { compileSearch, planSearch, type CompiledSearch } from '../plan/search-plan.js';
import type { PlanNode } from '../plan/query-plan.js';
import { normalizeRequest, type SearchRequest } from '../search-request.js';
import type { Collection } from '../store/collection.js';
import type { Store } from '../store/store.js';
import { canonicalLanguage, ensureLanguages, isKnownLanguage } from '../text/languages.js';
import type { WebType } from './web-types.js';

/** A search's matches: the compiled search, its collection and every matching document (ascending doc ids). */
export interface Matched {
  readonly compiled: CompiledSearch;
  readonly c: Collection;
  readonly docs: DocList;
}

/**
 * Every document `request` matches, as the API counts them for `total_count` (same viewer, same hidden records).
 * @param deadline epoch ms past which matching stops with what it found (undefined: no limit)
 * @throws ApiError when the kind refuses the request (422, 415, 404), DataError when the dump cannot be read
 */
export async function matchedDocs(store: Store, request: SearchRequest, deadline?: number): Promise<Matched> {
  const normalized = normalizeRequest({ ...request, page: undefined, per_page: undefined });
  const plan = await planSearch(normalized);
  const c = await store.collection(normalized.kind);
  const compiled = compileSearch(plan, c);
  const budget = new Budget(deadline);
  const everyVisible = (): DocList => c.access.visible(compiled.plan.request.viewer, c.records.length);
  let within: DocList | undefined;
  for (const test of compiled.within) within = await scanDocs(within ?? everyVisible(), test, budget);
  const docs = await new Executor(c, budget, compiled.hidden, everyVisible).evaluate(compiled.expr, within);
  return { compiled, c, docs };
}

/** The `total_count` of `request`, or undefined when its kind refuses it (any ApiError). */
export async function countOrRefused(store: Store, request: SearchRequest, deadline?: number): Promise<number | undefined> {
  try {
    return (await matchedDocs(store, request, deadline)).docs.length;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/** One facet entry: the value as shown, the query its link runs, and that query's `total_count`. */
export interface FacetValue {
  readonly value: string;
  /** The facet's `q`: the page's `q` with `name:value` appended (quoted when it has a space). */
  readonly q: string;
  readonly count: number;
}

/** How many languages the sidebar lists (GitHub's). */
export const LANGUAGE_FACET_SIZE = 10;

/** `name:value`, the value quoted when it has whitespace (`language:"Jupyter Notebook"`). */
export function qualifierText(name: string, value: string): string {
  return `${name}:${/\s/.test(value) ? `"${value}"` : value}`;
}

/**
 * The language and state facets of a search's matches.
 * @param userQ the `q` typed in the page (the facet links extend it)
 * @param effective how the page turns a typed `q` into the API's (`pullrequests` appends `is:pr`)
 * @param shows which facets the page's result type shows (web-types.ts: states for issues and pull requests)
 * @returns `languages` (most frequent first, ties by name; empty when not shown or the kind has no `language`
 *          qualifier) and `states` (open, closed; undefined when not shown or the kind has no `state` qualifier)
 */
export async function facetsOf(
  store: Store,
  base: SearchRequest,
  matched: Matched,
  userQ: string,
  effective: (q: string) => string,
  shows: Pick<WebType, 'languages' | 'states'>,
  deadline?: number,
): Promise<{ languages: FacetValue[]; states: FacetValue[] | undefined }> {
  const { spec } = matched.compiled.plan;
  const languages: FacetValue[] = [];
  const language = spec.qualifiers.language;
  if (shows.languages && language?.columns?.[0]) {
    await ensureLanguages();
    const top = topLanguages(matched, language.columns[0].get as (r: unknown, d: number, c: Collection) => unknown);
    for (const { shown, count } of top) {
      const exact = await facetCount(store, base, matched, spec, userQ, effective, 'language', shown, count, deadline);
      if (exact !== undefined && exact > 0) languages.push({ value: shown, q: `${userQ} ${qualifierText('language', shown)}`, count: exact });
    }
  }
  let states: FacetValue[] | undefined;
  const state = spec.qualifiers.state;
  if (shows.states && state) {
    states = [];
    for (const value of ['open', 'closed']) {
      const test = state.compile(value, { c: matched.c, viewer: matched.compiled.plan.request.viewer });
      let fast = 0;
      if (test) for (const doc of matched.docs) if (test(doc)) fast += 1;
      const exact = await facetCount(store, base, matched, spec, userQ, effective, 'state', value, fast, deadline);
      if (exact !== undefined) states.push({ value, q: `${userQ} ${qualifierText('state', value)}`, count: exact });
    }
  }
  return { languages, states };
}

/** The most frequent languages among the matches by the `language` qualifier's column, as linguist names them. */
function topLanguages(matched: Matched, get: (r: unknown, d: number, c: Collection) => unknown): Array<{ shown: string; count: number }> {
  const { c, docs } = matched;
  const column = c.column(get as never);
  const byName = new Map<string, { count: number; spellings: Map<string, number> }>();
  const add = (values: Iterable<string>): void => {
    const seen = new Set<string>();
    for (const value of values) {
      if (value.trim() === '' || !isKnownLanguage(value)) continue;
      const key = canonicalLanguage(value);
      let entry = byName.get(key);
      if (!entry) byName.set(key, (entry = { count: 0, spellings: new Map() }));
      entry.spellings.set(value, (entry.spellings.get(value) ?? 0) + 1);
      if (!seen.has(key)) entry.count += 1;
      seen.add(key);
    }
  };
  if (column?.type === 'strings') {
    for (const doc of docs) {
      const values: string[] = [];
      for (let k = column.offsets[doc]!; k < column.offsets[doc + 1]!; k++) values.push(column.dict[column.ids[k]!]!);
      add(values);
    }
  } else {
    for (const doc of docs) {
      let value: unknown;
      try {
        value = get(c.records[doc], doc, c);
      } catch {
        continue;
      }
      add(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);
    }
  }
  const shownOf = (spellings: Map<string, number>): string => [...spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  return [...byName.values()]
    .map((entry) => ({ shown: shownOf(entry.spellings), count: entry.count }))
    .sort((a, b) => b.count - a.count || (a.shown.toLowerCase() < b.shown.toLowerCase() ? -1 : 1))
    .slice(0, LANGUAGE_FACET_SIZE);
}

/**
 * The `total_count` of the facet's query: `counted` (the column count over the matches) when the facet's qualifier
 * ANDs one leaf onto the query, else the facet's query matched on its own. Undefined when it is refused.
 */
async function facetCount(
  store: Store,
  base: SearchRequest,
  matched: Matched,
  spec: KindSpec,
  userQ: string,
  effective: (q: string) => string,
  name: string,
  value: string,
  counted: number,
  deadline: number | undefined,
): Promise<number | undefined> {
  const request: SearchRequest = { ...base, q: effective(`${userQ} ${qualifierText(name, value)}`) };
  let extended;
  try {
    extended = await planSearch(normalizeRequest(request));
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
  if (addsOneLeaf(matched.compiled.plan.query, extended.query, spec, name)) return counted;
  return countOrRefused(store, request, deadline);
}

/** The tree's top-level AND operands (the tree itself when it is not an AND; none when it is null). */
function operands(node: PlanNode | null): PlanNode[] {
  if (!node) return [];
  return node.type === 'and' ? node.children.flatMap(operands) : [node];
}

/** A node as comparable text: spans (where the node stands in `q`) left out. */
function shape(node: PlanNode): string {
  return JSON.stringify(node, (key, value: unknown) => (key === 'span' ? undefined : value));
}

/**
 * True when `extended` is `original` plus one positive `name` leaf ANDed at the top level, and nothing else changed
 * (fields, scope, sort, text): then the extended query's matches are the original's that pass the leaf. False when
 * `original` already has a leaf of the same qualifier (or of one it joins): repeats combine differently per engine.
 */
export function addsOneLeaf(
  original: { tree: PlanNode | null; fields: readonly string[]; scope: readonly unknown[]; sortQualifier: unknown; hasText: boolean },
  extended: { tree: PlanNode | null; fields: readonly string[]; scope: readonly unknown[]; sortQualifier: unknown; hasText: boolean },
  spec: KindSpec,
  name: string,
): boolean {
  const family = (n: string): string => spec.qualifiers[n]?.joins ?? n;
  const before = operands(original.tree);
  const after = operands(extended.tree);
  if (after.length !== before.length + 1) return false;
  const leaves = (node: PlanNode): string[] =>
    node.type === 'qualifier' ? [node.name] : node.type === 'not' ? leaves(node.child) : node.type === 'text' ? [] : node.children.flatMap(leaves);
  if (before.some((node) => leaves(node).some((n) => family(n) === family(name)))) return false;
  const added = after.filter((node) => node.type === 'qualifier' && family(node.name) === family(name) && !node.negated);
  if (added.length !== 1) return false;
  const rest = after.filter((node) => node !== added[0]).map(shape).sort();
  const kept = before.map(shape).sort();
  if (rest.join('\n') !== kept.join('\n')) return false;
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a, (k, v: unknown) => (k === 'span' ? undefined : v)) === JSON.stringify(b, (k, v: unknown) => (k === 'span' ? undefined : v));
  return same(original.fields, extended.fields) && same(original.scope, extended.scope) && same(original.sortQualifier, extended.sortQualifier) && original.hasText === extended.hasText;
}
