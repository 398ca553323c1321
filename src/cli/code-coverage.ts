/**
 * What the kind searches of this process exercised, as a bit set, for bin/search.js's V8 code cache. The cache holds
 * the compiled code of the functions a run had compiled when it was made; a later run that needs other functions
 * (another kind's projection and rank, the column filters of qualifiers, a sort, text matches, `--jq`) compiles them
 * again, lazily, every time. So bin/search.js rewrites the cache after a run whose coverage has a bit the cache's
 * lacks, and the rewritten cache (made in a process that loaded the old one, so holding its functions too) is
 * marked with the union: a handful of runs after a build, the cache holds what the usual queries run, and it is
 * rewritten no more. The bits are a heuristic (a query is never answered differently, only compiled sooner or later).
 */
import { lex } from '../query/lexer.js';
import { KINDS } from '../kinds/kind.js';
import { parseAccept } from '../request/media-type.js';
import type { SearchRequest } from '../search-request.js';

/** Coverage bits; bit {@link KIND_SHIFT} + i is the search of `KINDS[i]`. */
export const COVERAGE = {
  /** A kind search ran (planned, opened its collection). */
  search: 1 << 0,
  /** It ranked and rendered at least one item (top-k, the priors, the items file). */
  page: 1 << 1,
  /** Its query had a qualifier (the column filters). */
  qualifiers: 1 << 2,
  /** It asked for a sort (ordered by a column, not by score). */
  sort: 1 << 3,
  /** It asked for text matches. */
  textMatch: 1 << 4,
  /** Its output was shaped: `--json FIELDS`, `--jq` or `--limit` (output.ts, json-fields.ts, jq-bounded.ts). */
  shaped: 1 << 5,
  /**
   * The process read a dump or built an index (the store reported progress). Its code cache holds the builder's
   * code too (≈ 0.11 MB more at 100k, ≈ 1 ms more to deserialise in every later query): bin/search.js keeps such a
   * cache only until a run that builds nothing compiles without it and writes its own. bin/search.js names this
   * bit itself (CODE_CACHE_BUILT), before it loads the program.
   */
  built: 1 << 6,
} as const;

/** The first kind bit (below it, {@link COVERAGE}'s; the seven kinds end at bit 14). */
export const KIND_SHIFT = 8;

let covered = 0;

/**
 * Note one kind search that returned (`items` items on its page). `shaped`: its output went through `--json FIELDS`,
 * `--jq` or `--limit`. Never throws.
 */
export function noteSearch(request: SearchRequest, items: number, shaped: boolean): void {
  let bits = COVERAGE.search | (1 << (KIND_SHIFT + KINDS.indexOf(request.kind)));
  if (items > 0) bits |= COVERAGE.page;
  if (request.q !== undefined && lex(request.q, { grouping: false }).some((t) => t.kind === 'qualifier')) bits |= COVERAGE.qualifiers;
  if (request.sort !== undefined) bits |= COVERAGE.sort;
  if (request.accept !== undefined && parseAccept(request.accept).textMatch) bits |= COVERAGE.textMatch;
  if (shaped) bits |= COVERAGE.shaped;
  covered |= bits;
}

/** Note that this process read a dump or built an index ({@link COVERAGE.built}). */
export function noteBuild(): void {
  covered |= COVERAGE.built;
}

/** The union of what {@link noteSearch} and {@link noteBuild} noted in this process: 0 when no kind search returned (help, usage errors). */
export function codeCoverage(): number {
  return covered;
}
