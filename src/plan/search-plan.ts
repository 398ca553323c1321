/**
 * A whole search request as a plan: the request-level checks (preview 415, labels' `repository_id`, blank `q`), the
 * understood query and the sort that applies — all before any store is opened — then its
 * compilation against a collection (labels' repository 404, scope resolution, the 1000-result window, the kind's
 * default filters, what the viewer may not see, the compiled expression).
 */
import { labelsRepositoryNotFound, missingParameter, previewRequired } from '../api-error.js';
import { specOf } from '../kinds/catalog.js';
import type { KindSpec, Predicate } from '../kinds/spec.js';
import type { NormalizedRequest } from '../search-request.js';
import { checkWindow } from '../results/paginate.js';
import type { Collection } from '../store/collection.js';
import { compileQuery } from './compile.js';
import type { Expr } from './expr.js';
import { qualifierLeaves, type QueryPlan } from './query-plan.js';
import { understandQuery } from './understand.js';

/** The sort that applies, and where it came from. */
export interface PlannedSort {
  readonly key: string;
  readonly order: 'asc' | 'desc';
  readonly from: 'parameter' | 'qualifier';
}

/** A request understood: plain data, built without touching the store. */
export interface SearchPlan {
  readonly request: NormalizedRequest;
  readonly spec: KindSpec;
  readonly query: QueryPlan;
  /**
   * The request's `sort` when it is a key of the kind (case-sensitive), else the `sort:` qualifier, else none
   * (reference Part A §6: an unknown `sort` parameter is ignored). Default orders are the ranking layer's.
   */
  readonly sort: PlannedSort | undefined;
}

/** 415 when a kind's preview media type is missing (seed; GitHub's preview-era message). */
function checkPreview(spec: KindSpec, request: NormalizedRequest): void {
  const preview = spec.preview;
  if (!preview || !request.requirePreviews || request.media[preview.name]) return;
  throw previewRequired(preview.title, preview.documentationUrl);
}

/** The sort that applies: a valid `sort` parameter (with `order`), else the `sort:` qualifier (Part A §6). */
function plannedSort(spec: KindSpec, request: NormalizedRequest, query: QueryPlan): PlannedSort | undefined {
  if (request.sort !== undefined && Object.hasOwn(spec.sorts, request.sort)) return { key: request.sort, order: request.order, from: 'parameter' };
  const q = query.sortQualifier;
  return q ? { key: q.key, order: q.order, from: 'qualifier' } : undefined;
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
  return { request, spec, query, sort: plannedSort(spec, request, query) };
}

/** A plan compiled against a collection: what to evaluate, over which documents. */
export interface CompiledSearch {
  readonly plan: SearchPlan;
  readonly expr: Expr;
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
  checkWindow(request.page, request.perPage, spec.capRule ?? 'default');
  const hidden = c.access.hidden(request.viewer);
  // Media type and paging only shape the page; the ordered results depend on these alone: the query, the order,
  // the label scope and what the viewer may see (who @me is, which private repositories it reads: scopes and
  // hidden documents, src/access).
  const access = c.access.key(request.viewer);
  const key = [request.q, plan.sort?.key ?? '', plan.sort?.order ?? '', labelRepo, access].join('\u0000');
  return { plan, expr: compiled.expr, hidden, within, incomplete: compiled.incomplete, key, access };
}
