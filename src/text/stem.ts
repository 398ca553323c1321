/**
 * Term normalisation shared by the analyzers: case/compatibility folding, lunr's English stop-word list
 * and lunr's Porter stemmer, with a cache because this runs once per word of every indexed document.
 */
import lunr from 'lunr';

/**
 * Terms longer than this many UTF-16 code units are not indexed (and a query word that folds to one
 * matches nothing). Long runs are base64 blobs, hashes in minified code or URLs glued together; keeping
 * them would only grow lunr's term trie. Parts of a long identifier are still indexed when short enough.
 */
export const MAX_TERM_LENGTH = 128;

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Folds a word to its comparable form: Unicode NFKC (so decomposed `é`, full-width `Ａ` and ligatures
 * compare equal to their plain forms) followed by `toLowerCase()`. ASCII input skips the NFKC step.
 * The result may differ in length from the input; callers keep offsets from the input, never from this.
 */
export function fold(word: string): string {
  return (NON_ASCII.test(word) ? word.normalize('NFKC') : word).toLowerCase();
}

/** Cache of prose word → final term ('' marks an over-long word). */
const proseCache = new Map<string, string>();
/** The cache is dropped wholesale past this many entries to bound memory on huge vocabularies. */
const PROSE_CACHE_LIMIT = 500_000;

/**
 * The final index term of one simple prose word (no joiners inside): fold, then stem it with `lunr.stemmer`
 * (Porter). Stop words are kept, unlike lunr's default pipeline: GitHub requires every keyword to match
 * (reference §1.1), so `the` must find only the records that contain it, and `NOT the` must exclude them.
 * Returns '' when the word yields no term (empty, or longer than {@link MAX_TERM_LENGTH}).
 * Input is the word exactly as written; case does not matter.
 */
export function proseTerm(word: string): string {
  const cached = proseCache.get(word);
  if (cached !== undefined) return cached;
  const folded = fold(word);
  let term = '';
  if (folded.length > 0 && folded.length <= MAX_TERM_LENGTH) {
    const token = new lunr.Token(folded, {});
    term = lunr.stemmer(token).toString();
  }
  if (proseCache.size >= PROSE_CACHE_LIMIT) proseCache.clear();
  proseCache.set(word, term);
  return term;
}

/**
 * The folded form of a word used without stemming or stop-word removal (code identifiers, exact values,
 * prose compounds such as `v1.2.3`). Returns '' when the folded form is longer than {@link MAX_TERM_LENGTH}.
 */
export function plainTerm(word: string): string {
  const folded = fold(word);
  return folded.length <= MAX_TERM_LENGTH ? folded : '';
}
