/**
 * The execute and order stages of a search: evaluate a compiled plan over the documents the viewer may see,
 * score the matches, order the first reachable ones, and remember the answer per plan (the result cache).
 */
import { positiveText } from '../plan/expr.js';
import type { CompiledSearch } from '../plan/search-plan.js';
import { resolveOrder } from '../rank/order.js';
import { rankContext, rankScores } from '../rank/rank.js';
import { RESULT_REACH } from '../results/paginate.js';
import { resultCacheOf } from '../results/result-cache.js';
import { orderResults } from '../results/sort.js';
import type { Collection } from '../store/collection.js';
import { difference, universe } from './doc-set.js';
import { scoreCacheOf, scoresFrom } from './score-cache.js';
import { Budget, Executor, scanDocs } from './execute.js';

/** Ordered results of a search: the first {@link RESULT_REACH} documents in order, their scores, the total count. */
export interface OrderedResults {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  readonly total: number;
  /** The time limit ran out (or the plan was incomplete from the start): `incomplete_results: true`. */
  readonly incomplete: boolean;
}

/**
 * Match and order a compiled search; answers from the result cache when the same plan ran before.
 * @param deadline epoch ms past which evaluation stops with what it found (undefined: no limit)
 */
export async function executeSearch(compiled: CompiledSearch, c: Collection, deadline: number | undefined): Promise<OrderedResults> {
  const cache = resultCacheOf(c);
  const known = cache.get(compiled.key);
  if (known) return { ...known, incomplete: compiled.incomplete };
  const budget = new Budget(deadline);
  const executor = new Executor(c, budget);
  let within = difference(universe(c.records.length), compiled.hidden);
  for (const test of compiled.within) within = await scanDocs(within, test, budget);
  const { query, spec } = compiled.plan;
  // The planned sort (parameter, else `sort:`), else the kind's default without text, else best match.
  const { sort, order } = resolveOrder(spec, compiled.plan.sort, query.hasText);
  const matched = await executor.evaluate(compiled.expr, within);
  let matchedScores: Float64Array;
  if (query.hasText) {
    const positive = positiveText(compiled.expr);
    const context = rankContext(c, positive, query.scope);
    // A score depends on the positive keywords and their fields, the owners the rank reads, and what the viewer
    // may see: queries sharing those share scores (execute/score-cache.ts).
    const scoreKey = JSON.stringify([positive, context.owners, compiled.access]);
    const scoreCache = scoreCacheOf(c);
    const known = scoreCache.get(scoreKey);
    const remembered = known && scoresFrom(known, matched);
    if (remembered) matchedScores = remembered;
    else {
      // Past the deadline the documents not scored yet keep score 0: still found and counted, ordered last (the
      // answer is incomplete anyway). Statistics of the documents the viewer may see (index/visible-statistics.ts).
      const scored = executor.score(compiled.expr, matched, compiled.hidden);
      // The kind's best-match function on top of the text score (src/rank/), in place of the text scores.
      matchedScores = scored.scores;
      rankScores(c, matched.subarray(0, scored.count), matchedScores, context, matchedScores);
      const complete = scored.count === matched.length && budget.check();
      if (complete && (!known || matched.length >= known.docs.length)) scoreCache.set(scoreKey, { docs: matched, scores: matchedScores });
    }
  } else matchedScores = new Float64Array(matched.length).fill(1);
  // Only the first RESULT_REACH can ever be shown: the rest are counted, never ordered. Past the deadline only
  // the first RESULT_REACH found are ordered (an incomplete answer must not spend a selection over all of them).
  const reach = budget.check() ? matched.length : Math.min(matched.length, RESULT_REACH);
  const ordered = orderResults(c, matched.subarray(0, reach), matchedScores.subarray(0, reach), sort, order, RESULT_REACH, budget);
  const docs = new Uint32Array(ordered.length);
  const scores = new Float64Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    docs[i] = matched[ordered[i]!]!;
    scores[i] = matchedScores[ordered[i]!]!;
  }
  const results = { docs, scores, total: matched.length };
  if (!budget.expired) cache.set(compiled.key, results);
  return { ...results, incomplete: compiled.incomplete || budget.expired };
}
