/**
 * The execute stage of a search: evaluate a compiled plan over the documents the viewer may see. The matches are
 * counted without scoring (`total_count`); scores are the order stage's to ask for (execute/scorer.ts).
 */
import type { DocList } from '../index/text-index.js';
import type { CompiledSearch } from '../plan/search-plan.js';
import type { Collection } from '../store/collection.js';
import { Budget, Executor } from './execute.js';
import { scanDocs } from './scan-docs.js';
import { BestMatchScorer } from './scorer.js';
import { columnFilterDocs } from './column-filter.js';

/** What a plan matched. */
export interface Matches {
  /** Every matching document the viewer may see, ascending (all of them: `total_count` is the length). */
  readonly docs: DocList;
  /** Scores matches for best match; undefined when the query has no free text (every score is then 1). */
  readonly scorer: BestMatchScorer | undefined;
}

/**
 * The documents a compiled search matches. Past the budget's deadline it stops early with what it found (the
 * budget then reads expired: `incomplete_results`).
 */
export async function executePlan(compiled: CompiledSearch, c: Collection, budget: Budget): Promise<Matches> {
  const everyVisible = (): DocList => c.access.visible(compiled.plan.request.viewer, c.records.length);
  const executor = new Executor(c, budget, compiled.hidden, everyVisible);
  // Every visible document is materialised only for a filter of the whole kind (the labels' repository, a kind's
  // defaults); otherwise the plan starts from its keywords' postings.
  let within: DocList | undefined;
  for (const test of compiled.within) {
    const from = within ?? everyVisible();
    within = await (columnFilterDocs(from, test, budget) ?? scanDocs(from, test, budget));
  }
  const docs = await executor.evaluate(compiled.expr, within);
  const scorer = compiled.plan.query.hasText ? new BestMatchScorer(c, compiled, executor, budget) : undefined;
  return { docs, scorer };
}
