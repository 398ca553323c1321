/**
 * Best-match scores of matched documents: the Lunr text score over what the viewer may see (src/index), then the
 * kind's rank on top (src/rank). The order stage asks for the scores of every match (remembered per query text in
 * the score cache, execute/score-cache.ts), or collects the best with pruning from the scorer's terms and context.
 */
import type { DocList } from '../index/text-index.js';
import type { RankContext } from '../kinds/spec.js';
import type { CompiledSearch } from '../plan/search-plan.js';
import { rankContext, rankScores } from '../rank/rank.js';
import type { Collection } from '../store/collection.js';
import type { Budget, Executor } from './execute.js';
import { scoreCacheOf, scoresFrom } from './score-cache.js';

/** Scores documents for one compiled search with text. */
export class BestMatchScorer {
  /** What the kind's rank reads of the query. */
  readonly context: RankContext;
  /** The analysed query terms per field, as the text index scores them. */
  readonly terms: ReadonlyMap<string, readonly string[]>;
  /** Everything a score depends on: the positive keywords and their fields, the owners the rank reads, the viewer's access. */
  private readonly key: string;

  constructor(
    private readonly c: Collection,
    private readonly compiled: CompiledSearch,
    private readonly executor: Executor,
    private readonly budget: Budget,
  ) {
    this.context = rankContext(c, compiled.keywords, compiled.plan.query.scope);
    this.terms = executor.queryTerms(compiled.keywords);
    this.key = JSON.stringify([compiled.keywords, this.context.owners, compiled.access]);
  }

  /** Documents the viewer may not see (their statistics are left out of every score). */
  get hidden(): DocList {
    return this.compiled.hidden;
  }

  /**
   * The scores of every document of `docs` (ascending), same order: from the score cache when it holds them all,
   * else computed and remembered (complete scorings only). Past the deadline the documents not scored yet keep
   * score 0: still found and counted, ordered last (the answer is incomplete anyway).
   */
  all(docs: DocList): Float64Array {
    const cache = scoreCacheOf(this.c);
    const known = cache.get(this.key);
    const remembered = known && scoresFrom(known, docs);
    if (remembered) return remembered;
    const scored = this.executor.score(this.terms, docs, this.compiled.hidden);
    const scores = scored.scores;
    rankScores(this.c, docs.subarray(0, scored.count), scores, this.context, scores);
    const complete = scored.count === docs.length && this.budget.check();
    if (complete && (!known || docs.length >= known.docs.length)) cache.set(this.key, { docs, scores });
    return scores;
  }

  /** True when the score cache already holds every document of `docs` (scoring them all then costs nothing). */
  remembers(docs: DocList): boolean {
    const known = scoreCacheOf(this.c).get(this.key);
    return known !== undefined && known.docs.length >= docs.length && scoresFrom(known, docs) !== undefined;
  }
}
