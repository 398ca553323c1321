/**
 * Unicode character classes for the analyzers, by code point, with an ASCII fast path and a cache for
 * other code points. Indices are UTF-16 code units; helpers step over whole code points, so a surrogate
 * pair is never split.
 */

/** Class code: separates words (whitespace, punctuation including `_`/`$`, symbols, emoji, unpaired surrogates). */
export const SEP = 0;
/** Class code: upper- or title-case letter (\p{Lu}, \p{Lt}); starts a camelCase part. */
export const UPPER = 1;
/** Class code: any other letter (\p{Ll}, \p{Lm}, \p{Lo}); uncased scripts never trigger a camelCase split. */
export const LOWER = 2;
/** Class code: number (\p{N}). */
export const DIGIT = 3;
/** Class code: combining mark (\p{M}); continues a word, never starts one. */
export const MARK = 4;
/** Class code: Han or Hiragana character; each is a word of its own. */
export const IDEO = 5;

const nonAsciiClasses = new Map<number, number>();
function classifyNonAscii(cp: number): number {
  let c = nonAsciiClasses.get(cp);
  if (c !== undefined) return c;
  const ch = String.fromCodePoint(cp);
  if (/[\p{sc=Han}\p{sc=Hiragana}]/u.test(ch)) c = IDEO;
  else if (/[\p{Lu}\p{Lt}]/u.test(ch)) c = UPPER;
  else if (/\p{L}/u.test(ch)) c = LOWER;
  else if (/\p{N}/u.test(ch)) c = DIGIT;
  else if (/\p{M}/u.test(ch)) c = MARK;
  else c = SEP;
  nonAsciiClasses.set(cp, c);
  return c;
}

/** Class of the code point at UTF-16 index `i` (SEP past the end). */
export function classAt(text: string, i: number): number {
  if (i >= text.length) return SEP;
  const u = text.charCodeAt(i);
  if (u < 0x80) {
    if (u >= 97 && u <= 122) return LOWER;
    if (u >= 65 && u <= 90) return UPPER;
    if (u >= 48 && u <= 57) return DIGIT;
    return SEP;
  }
  return classifyNonAscii(text.codePointAt(i)!);
}

/** UTF-16 width of the code point at `i` (1 or 2). */
export function widthAt(text: string, i: number): number {
  const u = text.charCodeAt(i);
  return u >= 0xd800 && u <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

/** Index just past the run of MARK code points starting at `i`. */
export function skipMarks(text: string, i: number): number {
  while (i < text.length && classAt(text, i) === MARK) i += widthAt(text, i);
  return i;
}

/** Index just past the run of letters/digits/marks (not ideographs) starting at `i`. */
export function skipAlnum(text: string, i: number): number {
  for (;;) {
    const c = classAt(text, i);
    if (c === SEP || c === IDEO) return i;
    i += widthAt(text, i);
  }
}

/** True for the classes a word may start with: letters and numbers. */
export const isWordStart = (c: number): boolean => c === UPPER || c === LOWER || c === DIGIT;

