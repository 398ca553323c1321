/**
 * The core: `runSearch(request, store)` answers one search exactly as GitHub's REST API would. Both edges (CLI
 * and server) call it and only differ in how the request arrives and the answer is written.
 */
import { labelsRepositoryNotFound, missingParameter, previewRequired } from './api-error.js';
import type { Envelope } from './envelope/envelope.js';
import { buildItems } from './envelope/items.js';
import { Budget, Executor, scanDocs } from './execute/execute.js';
import { difference, universe } from './execute/doc-set.js';
import { specOf } from './kinds/catalog.js';
import { labelRepository } from './kinds/labels.js';
import type { KindSpec } from './kinds/spec.js';
import { positiveText } from './plan/expr.js';
import { planQuery } from './plan/plan.js';
import type { MediaOptions } from './request/media-type.js';
import { normalizeRequest, type NormalizedRequest, type SearchRequest } from './search-request.js';
import { checkWindow, lastPage, pageRange, RESULT_REACH } from './results/paginate.js';
import { resultCacheOf } from './results/result-cache.js';
import { orderResults } from './results/sort.js';
import type { Collection } from './store/collection.js';
import type { Store } from './store/store.js';
import { ensureLanguages } from './text/languages.js';

/** A successful answer: the envelope plus what an edge needs for headers and paging. */
export interface SearchResult {
  readonly envelope: Envelope;
  /** The request with every parameter resolved (page, per_page clamped, media options...). */
  readonly request: NormalizedRequest;
  /**
   * The last page a client may request for this query: `min(ceil(total/per_page), ceil(1000/per_page))`
   * (code: `floor(1000/per_page)`), at least 1. Used for the `Link` header's `last`.
   */
  readonly lastPage: number;
}

const PREVIEW_NAMES = { cloak: 'Commit Search', mercy: 'Topics' } as const;
const PREVIEW_DOCS = {
  cloak: 'https://docs.github.com/rest/search/search#search-commits',
  mercy: 'https://docs.github.com/rest/search/search#search-topics',
} as const;

/** 415 when a kind's preview media type is missing (seed; the message is GitHub's preview-era pattern, §3.5). */
function checkPreview(spec: KindSpec, media: MediaOptions, required: boolean): void {
  if (!spec.preview || !required || media[spec.preview]) return;
  throw previewRequired(PREVIEW_NAMES[spec.preview], PREVIEW_DOCS[spec.preview]);
}

/** Labels: the repository named by `repository_id`, visible to the viewer, else 422 (absent) / 404 (unknown). */
function labelsScope(c: Collection, request: NormalizedRequest): string {
  if (request.repositoryId === undefined) throw missingParameter('repository_id');
  const repo = c.repositoryById(request.repositoryId);
  const name = typeof repo?.full_name === 'string' ? repo.full_name : undefined;
  if (!name || (repo?.private === true && !request.viewer.canReadPrivate(name))) {
    throw labelsRepositoryNotFound();
  }
  return name.toLowerCase();
}

/**
 * Answer one search.
 * @throws ApiError 415 (missing preview), 422 (GitHub's validation bodies, the 1000 cap), 404 (labels: unknown
 *         repository); DataError when the dump cannot be read
 */
export async function runSearch(raw: SearchRequest, store: Store): Promise<SearchResult> {
  const request = normalizeRequest(raw);
  const spec = specOf(request.kind);
  const deadline = request.timeoutMs === undefined ? undefined : Date.now() + request.timeoutMs;
  checkPreview(spec, request.media, request.requirePreviews);
  const c = await store.collection(request.kind);
  const labelRepo = spec.byRepositoryId ? labelsScope(c, request) : undefined;
  if (request.q.trim() === '') throw missingParameter('q');
  // An unknown sort value is ignored and best match answers (undocumented on GitHub, §2; our choice).
  const sort = request.sort !== undefined && Object.hasOwn(spec.sorts, request.sort) ? request.sort : undefined;
  // linguist's data (aliases, detection by file name) is loaded only for queries that name a language.
  if (/(^|[\s(])-?language:/i.test(request.q)) await ensureLanguages();
  const plan = planQuery(request.q, spec, { c, viewer: request.viewer });
  const rule = spec.capRule ?? 'default';
  checkWindow(request.page, request.perPage, rule);

  const hidden = c.hiddenFrom(request.viewer);
  // The ordered results depend only on these: the query, the order, the label scope, who @me is and which
  // private documents the viewer cannot see. Media type and paging only shape the page built below.
  const key = [request.q, sort ?? '', request.order, labelRepo ?? '', request.viewer.login ?? '', hidden.join(',')].join('\u0000');
  const cache = resultCacheOf(c);
  let results = cache.get(key);
  let incomplete = plan.unresolvedScope;
  if (!results) {
    const budget = new Budget(deadline);
    const executor = new Executor(c, budget);
    let within = difference(universe(c.records.length), hidden);
    const defaults = spec.defaults?.(plan.qualifierNames, c);
    if (labelRepo !== undefined) {
      within = await scanDocs(within, (doc) => labelRepository(c.records[doc]!, doc, c)?.toLowerCase() === labelRepo, budget);
    }
    if (defaults) within = await scanDocs(within, defaults, budget);
    let matched = await executor.evaluate(plan.expr, within);
    let matchedScores: Float64Array;
    if (plan.hasText) {
      // Past the deadline only the documents scored so far are kept (the answer is incomplete).
      const scored = executor.score(plan.expr, matched);
      matched = matched.subarray(0, scored.count);
      matchedScores = scored.scores.subarray(0, scored.count);
    } else matchedScores = new Float64Array(matched.length).fill(1);
    // Only the first RESULT_REACH can ever be shown: the rest are counted, never ordered.
    const ordered = orderResults(c, matched, matchedScores, sort, request.order, RESULT_REACH, budget);
    const docs = new Uint32Array(ordered.length);
    const scores = new Float64Array(ordered.length);
    for (let i = 0; i < ordered.length; i++) {
      docs[i] = matched[ordered[i]!]!;
      scores[i] = matchedScores[ordered[i]!]!;
    }
    results = { docs, scores, total: matched.length };
    incomplete ||= budget.expired;
    if (!budget.expired) cache.set(key, results);
  }
  // Text matches of the page spend on a budget of their own deadline (a cached answer's page too).
  const pageBudget = new Budget(deadline);
  const { docs, scores, total } = results;
  const { start, end } = pageRange(request.page, request.perPage, docs.length);
  const pageDocs: number[] = [];
  const pageScores: number[] = [];
  for (let i = start; i < end; i++) {
    pageDocs.push(docs[i]!);
    pageScores.push(roundScore(scores[i]!));
  }
  const items = buildItems(c, pageDocs, pageScores, request.media, positiveText(plan.expr), pageBudget);
  return {
    envelope: {
      total_count: total,
      incomplete_results: incomplete || pageBudget.expired,
      items,
    },
    request,
    lastPage: lastPage(total, request.perPage, rule),
  };
}

/** Scores are sums of Lunr's 3-decimal vector weights: round away float noise (0.28500000000000003 → 0.285). */
function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
