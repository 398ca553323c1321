/**
 * What a keyword or quoted phrase of a query becomes once analysed, before any index is read: terms to look up,
 * nothing at all (emoji, punctuation: GitHub's analyzer drops such text), or a word too long to be a term (which
 * matches no document, whatever its length: code reference Part A §3.2 "query_string, AND").
 */
import { analyzeQueryWord, MAX_TERM_LENGTH, type AnalyzerName } from './analyzer.js';
import { classAt, IDEO, isWordStart } from './char-class.js';
import { phraseShape } from './phrase.js';

/**
 * - `terms`: some field's analyzer gives it terms (looked up as usual);
 * - `nothing`: no analyzer gives it a term and it holds no letter or digit — the analyzer drops it; a query whose
 *   text is all such parts matches nothing (an Elasticsearch query string that analyses to no term; code reference
 *   Part B §7 "Escaping"), otherwise the part is left out;
 * - `too long`: it holds letters or digits yet no term (a word over the 128-character term limit): it matches no
 *   document.
 */
export type TextAnalysis = 'terms' | 'nothing' | 'too long';

/** The shortest run of word characters that is never a term: {@link MAX_TERM_LENGTH} + 1 (129, as in the pattern below). */
const OVER_LONG_RUN = MAX_TERM_LENGTH + 1;
/**
 * A run of {@link OVER_LONG_RUN} or more word characters, made on first use: a Unicode-property literal costs about
 * 0.3 ms to create and as much to compile on its first test, and only a text of that many UTF-16 units can hold one.
 */
let overLong: RegExp | undefined;

/** Whether `text` holds a letter, digit or ideograph. */
function hasWordCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = classAt(text, i);
    if (isWordStart(c) || c === IDEO) return true;
  }
  return false;
}

/**
 * How a keyword (`phrase` false: one whitespace-free word) or a quoted phrase analyses under the analyzers of the
 * fields it searches.
 */
export function analyseQueryText(text: string, phrase: boolean, analyzers: readonly AnalyzerName[]): TextAnalysis {
  if (text.length >= OVER_LONG_RUN && (overLong ??= /[\p{L}\p{N}\p{M}_$]{129,}/u).test(text)) return 'too long';
  for (const analyzer of analyzers) {
    const terms = phrase ? phraseShape(text, analyzer) : analyzeQueryWord(text, analyzer);
    if (terms.length > 0) return 'terms';
  }
  return hasWordCharacter(text) ? 'too long' : 'nothing';
}
