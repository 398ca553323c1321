/**
 * Generated best-match requests over the generated dumps' vocabulary (test/access/generated-dump.ts), every kind of
 * viewer, and the search each prepares: shared by the top-k properties that compare a collector's page with scoring
 * every match (test/order/sparse-first.test.ts, test/order/few-a-block.test.ts,
 * test/order/term-frequency-bounds.test.ts, test/order/whole-lengths.test.ts).
 */
import fc from 'fast-check';
import { ApiError } from '../../src/api-error.js';
import { Budget } from '../../src/budget.js';
import { executePlan, type Matches } from '../../src/execute/match.js';
import type { BestMatchScorer } from '../../src/execute/scorer.js';
import { orderMatches } from '../../src/order/order.js';
import { topKBestMatch, type TopK } from '../../src/order/top-k.js';
import { compileSearch, planSearch, type CompiledSearch } from '../../src/plan/search-plan.js';
import { ANONYMOUS, viewerFor, type Viewer } from '../../src/request/viewer.js';
import { normalizeRequest, type SearchRequest } from '../../src/search-request.js';
import type { Collection } from '../../src/store/collection.js';
import { VOCABULARY } from '../access/generated-dump.js';

/** Anonymous, readers of one or two private repositories, and a reader of every one. */
export const READERS: readonly Viewer[] = [ANONYMOUS, viewerFor('carol', ['carol/vault']), viewerFor('ada', ['acme/secret', 'acme/twin']), viewerFor('root', ['*'])];

/**
 * Issue requests of `minWords` to 3 vocabulary words followed by one of `extra` (qualifiers; '' for none), pages 1
 * and 2, `perPage` sizes, any of {@link READERS}.
 */
export function bestMatchRequests(extra: readonly string[], minWords: number, perPage: readonly string[]): fc.Arbitrary<SearchRequest> {
  return fc.record({
    kind: fc.constant('issues' as const),
    q: fc
      .tuple(fc.array(fc.constantFrom(...VOCABULARY), { minLength: minWords, maxLength: 3 }), fc.constantFrom(...extra))
      .map(([ws, more]) => [ws.join(' '), more].filter(Boolean).join(' ')),
    page: fc.constantFrom('1', '1', '2'),
    per_page: fc.constantFrom(...perPage),
    viewer: fc.constantFrom(...READERS),
    requirePreviews: fc.constant(false),
  });
}

/** The compiled search of `request` over `c` and its matches; undefined when the query is refused (an API error). */
export async function preparedSearch(c: Collection, request: SearchRequest): Promise<{ compiled: CompiledSearch; matches: Matches } | undefined> {
  let compiled;
  try {
    compiled = compileSearch(await planSearch(normalizeRequest(request)), c);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
  return { compiled, matches: await executePlan(compiled, c, new Budget(undefined)) };
}

/**
 * The search of `request` over `c` with a best-match scorer, its window's end and the page of scoring every match
 * (`want`: documents and scores of positions [0, end)); undefined when the query is refused or has no text.
 */
export async function exhaustivePage(
  c: Collection,
  request: SearchRequest,
): Promise<{ compiled: CompiledSearch; matches: Matches & { scorer: BestMatchScorer }; end: number; want: { docs: number[]; scores: number[] } } | undefined> {
  const prepared = await preparedSearch(c, request);
  if (!prepared?.matches.scorer) return undefined;
  const { compiled, matches } = prepared;
  const end = compiled.plan.window.end;
  const exhaustive = orderMatches(compiled, matches, c, new Budget(undefined), 'never');
  const want = { docs: [...exhaustive.docs.subarray(0, end)], scores: [...exhaustive.scores.subarray(0, end)] };
  return { compiled, matches: matches as Matches & { scorer: BestMatchScorer }, end, want };
}

/**
 * Drops `c`'s reader memos (src/store/collection.ts `memo`: kept term maxima, a term's parts among the matches), so
 * a collector runs as on a term's first use in a reader; its budgeted caches stay.
 */
export function forgetMemos(c: Collection): void {
  (c as unknown as { slots: Map<unknown, unknown> }).slots.clear();
}

/** The collector's knobs a property varies (order/top-k.ts `topKBestMatch`; each left out takes the collector's default). */
export interface CollectorKnobs {
  readonly firstRound?: number;
  readonly seeded?: boolean;
  readonly sparseRatio?: number;
  readonly fewABlock?: number;
}

/**
 * The pruned collector over {@link exhaustivePage}'s search, run as on its terms' first use in a reader (memos
 * dropped first, {@link forgetMemos}), with `knobs`: its result and its page in `want`'s form (documents and scores
 * of positions [0, end)). Undefined when no bound could be formed (the collector declined).
 */
export function prunedPage(
  c: Collection,
  page: { readonly compiled: CompiledSearch; readonly matches: Matches & { scorer: BestMatchScorer }; readonly end: number },
  knobs: CollectorKnobs = {},
): { top: TopK; got: { docs: number[]; scores: number[] } } | undefined {
  const { compiled, matches, end } = page;
  forgetMemos(c);
  const top = topKBestMatch(c, matches.docs, end, matches.scorer, compiled.access, knobs.firstRound, knobs.seeded, knobs.sparseRatio, knobs.fewABlock);
  if (!top) return undefined;
  return { top, got: { docs: [...top.docs.subarray(0, end)], scores: [...top.scores.subarray(0, end)] } };
}
