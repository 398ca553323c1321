/**
 * A whole search request as a plan: the request-level checks (preview 415, labels' `repository_id`, blank `q`), the
 * understood query, the order that applies and the page window — all before any store is opened — then its
 * compilation against a collection (labels' repository 404, scope resolution, the 1000-result window, the kind's
 * default filters, what the viewer may not see, the compiled expression and its positive keywords).
 */
import { labelsRepositoryNotFound, missingParameter, previewRequired } from '../api-error.js';
import { specOf } from '../kinds/catalog.js';
import type { KindSpec, Predicate, Sort } from '../kinds/spec.js';
import type { NormalizedRequest } from '../search-request.js';
import type { Collection } from '../store/collection.js';
import { compileQuery } from './compile.js';
import { positiveText, type Expr, type Keyword } from './expr.js';
import { qualifierLeaves, type QueryPlan } from './query-plan.js';
import { understandQuery } from './understand.js';
import { pageWindow, type PageWindow } from './window.js';

/** Where the order of a search comes from. */
export type SortSource = 'parameter' | 'qualifier' | 'default';

/** A request understood: plain data, built without touching the store. */
export interface SearchPlan {
  readonly request: NormalizedRequest;
  readonly spec: KindSpec;
  readonly query: QueryPlan;
  /** The order of the results; undefined: best match. See {@link resolveSort}. */
  readonly sort: Sort | undefined;
  /** Where {@link sort} came from (undefined with best match). */
  readonly sortFrom: SortSource | undefined;
  /** The page asked for, as positions in the ordered results (the 1000-result window, computed once). */
  readonly window: PageWindow;
}

/** 415 when a kind's preview media type is missing (seed; GitHub's preview-era message). */
function checkPreview(spec: KindSpec, request: NormalizedRequest): void {
  const preview = spec.preview;
  if (!preview || !request.requirePreviews || request.media[preview.name]) return;
  throw previewRequired(preview.title, preview.documentationUrl);
}

/**
 * The order of one search, decided here and only here (code reference Part B §6 "sort / order", Part A §3.3, §4.2,
 * §5): the `sort` parameter when it names one of the kind's keys (case-sensitive; an unknown one is ignored,
 * Part A §6), with `order`; else a `sort:` qualifier of `q` (the understander keeps only keys of the kind); else,
 * only when the query has no free text, the kind's default order; else best match (undefined).
 */
export function resolveSort(
  spec: KindSpec,
  parameter: { readonly sort: string | undefined; readonly order: 'asc' | 'desc' },
  qualifier: Sort | undefined,
  hasText: boolean,
): { readonly sort: Sort | undefined; readonly from: SortSource | undefined } {
  if (parameter.sort !== undefined && Object.hasOwn(spec.sorts, parameter.sort)) return { sort: { key: parameter.sort, order: parameter.order }, from: 'parameter' };
  if (qualifier && Object.hasOwn(spec.sorts, qualifier.key)) return { sort: { key: qualifier.key, order: qualifier.order }, from: 'qualifier' };
  const fallback = spec.rank?.defaultSort;
  if (!hasText && fallback) return { sort: { key: fallback.key, order: fallback.order }, from: 'default' };
  return { sort: undefined, from: undefined };
}

/**
 * Plan a request: GitHub's request checks and the query's, in GitHub's order, reading no record.
 * @throws ApiError 415 (missing preview), 422 (missing `repository_id` on labels, blank `q`, every refusal of the
 *         query that needs no dump)
 */
export async function planSearch(request: NormalizedRequest): Promise<SearchPlan> {
  const spec = specOf(request.kind);
  checkPreview(spec, request);
  // A blank `q` is named before labels' `repository_id` (code reference Part B §6: checked before every search).
  if (request.q.trim() === '') throw missingParameter('q');
  if (spec.byRepositoryId && request.repositoryId === undefined) throw missingParameter('repository_id');
  const query = await understandQuery(request.q, spec);
  const { sort, from } = resolveSort(spec, request, query.sortQualifier, query.hasText);
  const window = pageWindow(request.page, request.perPage, spec.capRule ?? 'first-item');
  return { request, spec, query, sort, sortFrom: from, window };
}

/** A plan compiled against a collection: what to evaluate, over which documents. */
export interface CompiledSearch {
  readonly plan: SearchPlan;
  readonly expr: Expr;
  /** The positive keywords and phrases of {@link expr} with their fields: what ranks and gets text matches. */
  readonly keywords: readonly Keyword[];
  /** Documents the viewer may not see (private records of repositories they cannot read). */
  readonly hidden: Uint32Array;
  /** Filters applied before the query: the labels' repository, the kind's defaults (repositories hide forks). */
  readonly within: readonly Predicate[];
  /** The answer is incomplete from the start (code: a scope naming nothing, Part B §3.4). */
  readonly incomplete: boolean;
  /** Everything the ordered results depend on (the result cache's key). */
  readonly key: string;
  /** What the viewer may see, as src/access keys it (scores depend on it through the visible statistics). */
  readonly access: string;
}

/** Labels: the repository named by `repository_id`, visible to the viewer, else 404 (Part B §5). */
function labelsRepository(c: Collection, request: NormalizedRequest): string {
  const repo = c.repositoryById(request.repositoryId!);
  const name = typeof repo?.full_name === 'string' ? repo.full_name : undefined;
  // Visibility is one fact per repository name: its newest recording's (kinds/common.ts visibilityVia).
  if (!name || !c.access.seesRepository(c.repository(name) ?? repo, request.viewer)) {
    throw labelsRepositoryNotFound();
  }
  return name.toLowerCase();
}

/**
 * Compile a plan against the kind's collection.
 * @throws ApiError 404 (labels: unknown or invisible repository), 422 (scope or users that resolve to nothing, then
 *         the 1000-result window)
 */
export function compileSearch(plan: SearchPlan, c: Collection): CompiledSearch {
  const { request, spec, query } = plan;
  const within: Predicate[] = [];
  let labelRepo = '';
  const repositoryOf = spec.byRepositoryId;
  if (repositoryOf) {
    labelRepo = labelsRepository(c, request);
    within.push((doc) => repositoryOf(c.records[doc]!, doc, c)?.toLowerCase() === labelRepo);
  }
  const names = new Set([...qualifierLeaves(query.tree), ...query.scope].map((l) => l.name));
  const defaults = spec.defaults?.(names, c, request.viewer);
  if (defaults) within.push(defaults);
  const compiled = compileQuery(query, spec, { c, viewer: request.viewer });
  // Paging is checked after validation, scope resolution included (Part A §6 "Offset cap").
  if (plan.window.refusal) throw plan.window.refusal();
  const hidden = c.access.hidden(request.viewer);
  // Media type and paging only shape the page; the ordered results depend on these alone: the query, the order,
  // the label scope and what the viewer may see (who @me is, which private repositories it reads: scopes and
  // hidden documents, src/access).
  const access = c.access.key(request.viewer);
  const key = [request.q, plan.sort?.key ?? '', plan.sort?.order ?? '', labelRepo, access].join('\u0000');
  const keywords = positiveText(compiled.expr);
  return { plan, expr: compiled.expr, keywords, hidden, within, incomplete: compiled.incomplete, key, access };
}
