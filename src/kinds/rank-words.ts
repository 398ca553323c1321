/**
 * Words of the query text that GitHub matches outside the text fields (code reference Part A §3.2, Part B §2.3):
 * issue numbers and commit SHA prefixes.
 */

/** 2^30: GitHub takes whitespace-separated positive integers below this as issue numbers. */
const NUMBER_LIMIT = 2 ** 30;

/** The issue numbers among `words`: positive integers below 2^30 (`#12` is not a number word). */
export function numberWords(words: readonly string[]): number[] {
  const out: number[] = [];
  for (const w of words) {
    if (!/^[0-9]+$/.test(w)) continue;
    const n = Number(w);
    if (n > 0 && n < NUMBER_LIMIT) out.push(n);
  }
  return out;
}

/**
 * The SHA prefixes among `words`: whole words of 7–40 hex characters. GitHub scans them in any case but does not
 * lower-case the prefix, so an upper-case word can never match a (lower-case) SHA: such words are left out here.
 */
export function shaWords(words: readonly string[]): string[] {
  return words.filter((w) => /^[0-9a-f]{7,40}$/.test(w));
}

/** True when `sha` starts with one of `prefixes`. */
export function matchesSha(sha: unknown, prefixes: readonly string[]): boolean {
  return typeof sha === 'string' && prefixes.some((p) => sha.startsWith(p));
}
