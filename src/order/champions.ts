/**
 * A one-word best-match query answered from the champion list the build stored for its term (index/champions.ts,
 * kept in the segment: src/segment/segment.ts), without matching or scoring: the term's public match count is the
 * `total_count` and the list's first documents, with their scores, are the order stage's answer — the same
 * documents, order, scores and count as the exhaustive path (test/order/champions.test.ts compares them).
 *
 * Only where the list is that answer: a single positive keyword (not a phrase) over the kind's default fields, no
 * qualifier, no scope, no filter of the kind's own (`within`), best match, a word that gives the same single term in
 * every field the list was made over and is not searched in any other default field, that the kind's rank matches
 * no other way (`alsoMatches`: an issue number, a SHA) and for which the kind's linear form applies (the list's
 * scores are in that form); and a viewer whose hidden documents are exactly the private ones the build left out (the
 * anonymous viewer, or any viewer of a dump without private documents).
 */
import type { CompiledSearch } from '../plan/search-plan.js';
import { RESULT_REACH } from '../plan/window.js';
import { linearForm, rankContext } from '../rank/rank.js';
import { CHAMPION_REACH, championFields, championForm } from '../segment/facts.js';
import type { Collection } from '../store/collection.js';
import { analyzeQueryWord } from '../text/analyzer.js';
import type { OrderedResults } from './order.js';

/** The analysed term a one-word query searches in every champion field, or undefined when it is not one term. */
function championTerm(c: Collection, text: string): string | undefined {
  if (/\s/.test(text)) return undefined;
  const spec = c.spec;
  const fields = championFields(spec);
  let term: string | undefined;
  for (const name of spec.defaultFields) {
    const field = spec.fields.find((f) => f.name === name);
    if (!field) continue;
    if (!fields.includes(name)) {
      // A default field searched only for some words: this word must not be one of them.
      if (field.searchedFor?.(text)) return undefined;
      continue;
    }
    const terms = analyzeQueryWord(text, field.analyzer);
    if (terms.length !== 1 || (term !== undefined && terms[0] !== term)) return undefined;
    term = terms[0];
  }
  return term;
}

/**
 * The ordered results of `compiled` from a stored champion list (see the module comment), as far as the request's
 * window reaches; undefined when no list answers it (then it is matched and ordered as any other query).
 */
export function championResults(compiled: CompiledSearch, c: Collection): OrderedResults | undefined {
  const { plan, expr } = compiled;
  const segment = c.segment;
  if (!segment || plan.sort !== undefined || !plan.query.hasText || compiled.within.length > 0 || compiled.incomplete) return undefined;
  if (expr.type !== 'text' || expr.phrase || expr.fields !== c.spec.defaultFields || plan.query.scope.length > 0) return undefined;
  // Exactly the private documents the build left out: a hidden list is always a subset of them.
  if (compiled.hidden.length !== segment.privateDocs.length || c.access.privateDocs.length !== segment.privateDocs.length) return undefined;
  const form = championForm(c.spec);
  if (!form || c.spec.rank?.alsoMatches?.(expr.text, c) !== undefined) return undefined;
  if (c.spec.rank && linearForm(c, rankContext(c, compiled.keywords, plan.query.scope)) === undefined) return undefined;
  const term = championTerm(c, expr.text);
  if (term === undefined) return undefined;
  const k = Math.min(plan.window.end, RESULT_REACH);
  if (k > CHAMPION_REACH) return undefined;
  const stored = segment.champion(term, k);
  if (!stored) return undefined;
  return { docs: stored.docs, scores: stored.scores, total: stored.total };
}
