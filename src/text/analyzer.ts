/**
 * Text analysis: one tokenizer per kind of text, used both to build the Lunr indexes and to compute
 * `text_matches` highlights, so the two always agree. Offsets are UTF-16 code units (JS string indices);
 * words never split a surrogate pair, and combining marks stay with the character before them.
 *
 * Character classes (Unicode): a word starts with a letter (\p{L}) or number (\p{N}) and continues over
 * letters, numbers and marks (\p{M}). Han and Hiragana characters are one word each (as Elasticsearch's
 * standard tokenizer treats ideographs; that GitHub's legacy search uses it is our inference), so `日本語`
 * is three adjacent words.
 * Everything else (whitespace, punctuation, symbols, emoji) separates words.
 */
import lunr from 'lunr';
import { DIGIT, IDEO, LOWER, MARK, SEP, UPPER, classAt, isWordStart, skipAlnum, skipMarks, widthAt } from './char-class.js';
import { MAX_TERM_LENGTH, fold, plainTerm, proseTerm } from './stem.js';

/**
 * Which analysis a field gets:
 * - `prose`: titles, bodies, messages, descriptions. Words as above, plus joined compounds: letters/digits
 *   joined by single `.`, `_`, `'` or `’` form one word (`v1.2.3`, `node.js`, `read_file`, `don't`), like
 *   the Unicode word-break rules. A compound gives its whole folded form (unstemmed) plus, except for
 *   apostrophe words, each part as a prose term (`node.js` → `node.js`, `node`, `js`). A trailing
 *   possessive `'s` is dropped (`GitHub's` → `github`). Simple words are folded and stemmed with lunr's
 *   Porter stemmer (`running` → `run`); stop words are kept (GitHub ANDs every keyword).
 * - `code`: file content and paths. Identifiers are runs of letters, digits, marks, `_` and `$`; each gives
 *   its whole lowercased form and, when it has several, its parts split at `_`/`$`, camelCase, acronym and
 *   letter/digit boundaries (`XMLHttpRequest` → `xmlhttprequest`, `xml`, `http`, `request`). No stemming,
 *   no stop words. An identifier made only of `_`/`$` is skipped.
 * - `exact`: logins, label and topic names, emails, names. Words are runs of letters/digits/marks (no
 *   compounds, no camelCase split, no stemming, no stop words); the whole trimmed value is also a term
 *   when it differs from its single word, so `good first issue` yields `good first issue`, `good`,
 *   `first`, `issue`. A whole value containing `*` is not a term (lunr would read `*` as a wildcard).
 */
export type AnalyzerName = 'prose' | 'code' | 'exact';

/**
 * Bumped whenever any analyzer changes the terms it produces: it is part of every index cache key, so a cached
 * index built by older analyzers is rebuilt instead of answering with stale terms. 2: stop words are indexed.
 */
export const ANALYZER_VERSION = 2;

/**
 * One index term found in a text. `term` is the final normalised term; `start`/`end` are the UTF-16
 * offsets (end exclusive) of the source text it came from; `position` is the ordinal of the source word
 * (0, 1, 2, ...; stop words still consume an ordinal), shared by a word's whole form and its parts.
 */
export interface Token {
  term: string;
  start: number;
  end: number;
  position: number;
}

/** Receives each term: `primary` marks the term a query word maps to (a word's whole form). */
type Emit = (term: string, start: number, end: number, position: number, primary: boolean) => void;

// ---------------------------------------------------------------- prose

const isProseJoiner = (u: number): boolean => u === 46 || u === 95 || u === 39 || u === 0x2019;
const isApostrophe = (u: number): boolean => u === 39 || u === 0x2019;

function scanProse(text: string, emit: Emit): void {
  const n = text.length;
  let position = 0;
  let i = 0;
  while (i < n) {
    const c = classAt(text, i);
    if (c === IDEO) {
      const end = skipMarks(text, i + widthAt(text, i));
      const t = proseTerm(text.slice(i, end));
      if (t) emit(t, i, end, position, true);
      position++;
      i = end;
      continue;
    }
    if (!isWordStart(c)) {
      i += widthAt(text, i);
      continue;
    }
    const bounds: number[] = [i]; // part starts and ends, flattened
    let j = skipAlnum(text, i);
    while (j + 1 < n && isProseJoiner(text.charCodeAt(j)) && isWordStart(classAt(text, j + 1))) {
      bounds.push(j, j + 1);
      j = skipAlnum(text, j + 1);
    }
    bounds.push(j);
    emitProseWord(text, bounds, position, emit);
    position++;
    i = j;
  }
}

/** Emits the terms of one prose word given its flattened part bounds [s0, e0, s1, e1, ...]. */
function emitProseWord(text: string, b: number[], position: number, emit: Emit): void {
  let parts = b.length / 2;
  while (parts > 1 && isApostrophe(text.charCodeAt(b[2 * parts - 3]!)) && fold(text.slice(b[2 * parts - 2]!, b[2 * parts - 1])) === 's') {
    parts--; // possessive 's (repeated, so a word and its possessive-stripped slice analyze alike)
  }
  const start = b[0]!;
  const end = b[parts * 2 - 1]!;
  if (parts === 1) {
    const t = proseTerm(text.slice(start, end));
    if (t) emit(t, start, end, position, true);
    return;
  }
  let apostrophe = false;
  for (let k = 1; k < parts; k++) if (isApostrophe(text.charCodeAt(b[2 * k - 1]!))) apostrophe = true;
  const whole = plainTerm(text.slice(start, end)).replace(/\u2019/g, "'");
  if (whole) emit(whole, start, end, position, true);
  if (apostrophe) return;
  for (let k = 0; k < parts; k++) {
    const s = b[2 * k]!;
    const e = b[2 * k + 1]!;
    const t = proseTerm(text.slice(s, e));
    if (t) emit(t, s, e, position, false);
  }
}

// ---------------------------------------------------------------- code

const isIdentPunct = (u: number): boolean => u === 95 || u === 36; // _ $

function scanCode(text: string, emit: Emit): void {
  const n = text.length;
  let position = 0;
  let i = 0;
  while (i < n) {
    const u = text.charCodeAt(i);
    const c = classAt(text, i);
    if (c === IDEO) {
      const end = skipMarks(text, i + widthAt(text, i));
      const t = plainTerm(text.slice(i, end));
      if (t) emit(t, i, end, position, true);
      position++;
      i = end;
      continue;
    }
    if (!isWordStart(c) && !isIdentPunct(u)) {
      i += widthAt(text, i);
      continue;
    }
    let j = i;
    for (;;) {
      if (j < n && isIdentPunct(text.charCodeAt(j))) j++;
      else if (j < n && classAt(text, j) !== SEP && classAt(text, j) !== IDEO) j += widthAt(text, j);
      else break;
    }
    if (emitIdentifier(text, i, j, position, emit)) position++;
    i = j;
  }
}

/** Emits an identifier's whole form and its parts; false when it has no letter or digit at all. */
function emitIdentifier(text: string, start: number, end: number, position: number, emit: Emit): boolean {
  const parts = identifierParts(text, start, end);
  if (parts.length === 0) return false;
  const whole = plainTerm(text.slice(start, end));
  if (whole) emit(whole, start, end, position, true);
  if (parts.length === 2 && parts[0] === start && parts[1] === end) return true;
  for (let k = 0; k < parts.length; k += 2) {
    const t = plainTerm(text.slice(parts[k], parts[k + 1]));
    if (t) emit(t, parts[k]!, parts[k + 1]!, position, false);
  }
  return true;
}

/** Flattened [start, end, ...] of an identifier's parts: split at `_`/`$`, case and letter/digit changes. */
function identifierParts(text: string, start: number, end: number): number[] {
  const out: number[] = [];
  let partStart = -1;
  let prev = SEP;
  for (let i = start; i < end; ) {
    const w = widthAt(text, i);
    let c = isIdentPunct(text.charCodeAt(i)) ? SEP : classAt(text, i);
    if (c === MARK) c = prev === SEP ? SEP : prev;
    let boundary = c === SEP || prev === SEP || (prev === DIGIT) !== (c === DIGIT) || (prev === LOWER && c === UPPER);
    if (!boundary && prev === UPPER && c === UPPER) {
      const next = i + w < end ? classAt(text, i + w) : SEP;
      boundary = next === LOWER;
    }
    if (boundary && partStart >= 0) {
      out.push(partStart, i);
      partStart = -1;
    }
    if (c !== SEP && partStart < 0) partStart = i;
    prev = c;
    i += w;
  }
  if (partStart >= 0) out.push(partStart, end);
  return out;
}

// ---------------------------------------------------------------- exact

function scanExact(text: string, emit: Emit): void {
  const words: number[] = [];
  for (let i = 0; i < text.length; ) {
    const c = classAt(text, i);
    if (c === IDEO) {
      const end = skipMarks(text, i + widthAt(text, i));
      words.push(i, end);
      i = end;
    } else if (isWordStart(c)) {
      const end = skipAlnum(text, i);
      words.push(i, end);
      i = end;
    } else i += widthAt(text, i);
  }
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  const single = words.length === 2 && words[0] === start && words[1] === end;
  if (!single && end > start && !text.includes('*', start)) {
    const whole = plainTerm(text.slice(start, end));
    if (whole) emit(whole, start, end, 0, words.length === 0);
  }
  for (let k = 0; k < words.length; k += 2) {
    const t = plainTerm(text.slice(words[k], words[k + 1]));
    if (t) emit(t, words[k]!, words[k + 1]!, k / 2, true);
  }
}

const SCANNERS: Record<AnalyzerName, (text: string, emit: Emit) => void> = {
  prose: scanProse,
  code: scanCode,
  exact: scanExact,
};

/**
 * All index terms of `text` under `analyzer`, in text order (a word's whole form before its parts).
 * Throws a TypeError for an unknown analyzer name.
 */
export function analyze(text: string, analyzer: AnalyzerName): Token[] {
  const scan = SCANNERS[analyzer];
  if (!scan) throw new TypeError(`unknown analyzer: ${String(analyzer)}`);
  const tokens: Token[] = [];
  scan(text, (term, start, end, position) => tokens.push({ term, start, end, position }));
  return tokens;
}

/**
 * The index terms a single query word must match, in order, to be matched as a phrase (adjacent
 * positions). Only whole forms count, never parts: code `readFileSync` → ['readfilesync'], code
 * `std::vector` → ['std', 'vector'], prose `Running` → ['run'], prose `v1.2.3` → ['v1.2.3'], prose `the`
 * → [] (stop word), exact `good-first` → ['good', 'first'], exact `🎉` (no word at all) → ['🎉'].
 */
export function analyzeQueryWord(word: string, analyzer: AnalyzerName): string[] {
  const scan = SCANNERS[analyzer];
  if (!scan) throw new TypeError(`unknown analyzer: ${String(analyzer)}`);
  const terms: string[] = [];
  scan(word, (term, _s, _e, _p, primary) => {
    if (primary) terms.push(term);
  });
  return terms;
}

/** A lunr tokenizer function with the `separator` property lunr's type declares. */
export type LunrTokenizer = ((obj: unknown, metadata?: Record<string, unknown>) => lunr.Token[]) & {
  separator: RegExp;
};

/**
 * A tokenizer for `lunr.Builder#tokenizer`. It picks the analyzer from `metadata.fields[0]` (lunr's
 * builder passes `{fields: [fieldName]}`) through `fieldAnalyzers`, and returns lunr.Token objects whose
 * strings are FINAL terms: the builder's pipeline must be emptied, all normalisation happens here.
 * Each token's metadata is `{fields, position: [start, length], index}` like lunr's own tokenizer
 * (UTF-16 units). null/undefined give []; arrays are analyzed element by element; other values via
 * `String()`. Throws an Error when the field has no analyzer (a KindSpec/builder mismatch).
 * `separator` is lunr's default separator, kept only because lunr declares the property.
 */
export function lunrTokenizer(fieldAnalyzers: Readonly<Record<string, AnalyzerName>>): LunrTokenizer {
  const tokenize = (obj: unknown, metadata?: Record<string, unknown>): lunr.Token[] => {
    if (obj === null || obj === undefined) return [];
    const fields = metadata?.['fields'];
    const field = Array.isArray(fields) ? String(fields[0]) : '';
    const analyzer = Object.hasOwn(fieldAnalyzers, field) ? fieldAnalyzers[field] : undefined;
    if (!analyzer) throw new Error(`lunrTokenizer: no analyzer for field "${field}"`);
    const out: lunr.Token[] = [];
    const texts = Array.isArray(obj) ? obj : [obj];
    for (const value of texts) {
      if (value === null || value === undefined) continue;
      SCANNERS[analyzer](String(value), (term, start, end) => {
        out.push(new lunr.Token(term, { fields, position: [start, end - start], index: out.length }));
      });
    }
    return out;
  };
  return Object.assign(tokenize, { separator: lunr.tokenizer.separator });
}

export { MAX_TERM_LENGTH };
