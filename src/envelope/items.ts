/**
 * Items of a page: each record projected into its GitHub item shape, with `score` (always 1.0) in GitHub's place
 * and, when asked, `text_matches` computed on this page only from the same analyzers the index used.
 */
import type { Item } from './envelope.js';
import { withScore } from '../kinds/common.js';
import { ITEM_SCORE } from '../kinds/item-text.js';
import type { MediaOptions } from '../request/media-type.js';
import type { Collection } from '../store/collection.js';
import { analyzeQueryWord, type AnalyzerName } from '../text/analyzer.js';
import { buildTextMatches, type TextMatchSource } from '../text/text-matches.js';
import type { Spender } from '../budget.js';

/**
 * Build the items of one page.
 * @param docs document numbers of the page, in order
 * @param keywords the positive keywords/phrases of the query with the fields each searched
 * @param budget spent per text matched (one unit per 64 characters); once it runs out, the remaining items get
 *   empty `text_matches` (the answer is then marked incomplete by the caller)
 */
export function buildItems(
  c: Collection,
  docs: readonly number[],
  media: MediaOptions,
  keywords: ReadonlyArray<{ text: string; fields: readonly string[] }>,
  budget?: Spender,
): Item[] {
  const termSets = new Map<string, Set<string>>();
  const termsFor = (field: string, analyzer: AnalyzerName): Set<string> => {
    let set = termSets.get(field);
    if (!set) {
      set = new Set();
      for (const k of keywords) {
        if (!k.fields.includes(field)) continue;
        for (const word of k.text.split(/\s+/)) for (const t of analyzeQueryWord(word, analyzer)) set.add(t);
      }
      termSets.set(field, set);
    }
    return set;
  };
  return docs.map((doc) => {
    const record = c.records[doc]!;
    const item = c.spec.project(record, doc, c, media);
    let matches: unknown[] | undefined;
    if (media.textMatch) {
      matches = [];
      for (const field of c.spec.fields) {
        if (!field.textMatch) continue;
        const text = field.get(record, doc, c);
        const terms = termsFor(field.name, field.analyzer);
        if (text === undefined || text === '' || terms.size === 0) continue;
        if (budget && !budget.spend(1 + (text.length >>> 6))) break;
        const source: TextMatchSource = {
          object_url: field.textMatch.objectUrl(record, doc, c),
          object_type: field.textMatch.objectType,
          property: field.textMatch.property,
          text,
          analyzer: field.analyzer,
          ...(field.textMatch.whole ? { whole: true } : {}),
        };
        // Fragment count and size per property, as the kind's table declares them (GitHub: 1 × 200 by default).
        const options = { maxFragmentsPerProperty: field.textMatch.fragments ?? 1, fragmentLength: field.textMatch.length ?? 200 };
        matches.push(...buildTextMatches([source], () => terms, options));
      }
    }
    return withScore(item, c.spec.scoreAfter, ITEM_SCORE, matches);
  });
}
