/**
 * A minimal `POST /graphql`, for one client need only: gh ≥ 2.79 asks GraphQL which `SearchType` values exist
 * before every issue search and aborts on any error (reference §5.1.2). Every other GraphQL query gets a GraphQL
 * error, since this server serves the REST search API only. Linear in the body: JSON.parse plus one forward scan
 * (issue #12: the former unanchored regex was quadratic and a 128 KB body froze the server for 12 s).
 */
import { renderJson } from '../envelope/envelope.js';

/** The `SearchType` enum values GitHub lists; `ISSUE_ADVANCED` tells gh the advanced issue syntax is served. */
const SEARCH_TYPES = ['DISCUSSION', 'ISSUE', 'ISSUE_ADVANCED', 'REPOSITORY', 'USER'];

const SPACE = /\s/;
const WORD = /\w/;
const isSpace = (c: string | undefined): boolean => c !== undefined && SPACE.test(c);
const isWord = (c: string | undefined): boolean => c !== undefined && WORD.test(c);

/** Index after the `tokens` (each may be preceded by whitespace) starting at `at`, or -1 when they are not there. */
function expectTokens(query: string, at: number, tokens: readonly string[]): number {
  let i = at;
  for (const token of tokens) {
    while (isSpace(query[i])) i++;
    if (!query.startsWith(token, i)) return -1;
    i += token.length;
  }
  return i;
}

/**
 * The SearchType introspection probe `[alias:] __type(name: "SearchType")` in a GraphQL query: found → the alias
 * (`__type` without one), else undefined. The first occurrence with the right arguments counts. Linear: each
 * forward check stops at a character that cannot start another `__type`, and the alias is read once.
 */
export function searchTypeProbe(query: string): string | undefined {
  for (let at = query.indexOf('__type'); at >= 0; at = query.indexOf('__type', at + 1)) {
    if (expectTokens(query, at + '__type'.length, ['(', 'name', ':', '"SearchType"', ')']) < 0) continue;
    // An alias: `word \s* : \s*` right before `__type`.
    let i = at;
    while (i > 0 && isSpace(query[i - 1])) i--;
    if (query[i - 1] !== ':') return '__type';
    i--;
    while (i > 0 && isSpace(query[i - 1])) i--;
    const end = i;
    while (i > 0 && isWord(query[i - 1])) i--;
    return i < end ? query.slice(i, end) : '__type';
  }
  return undefined;
}

/**
 * Answer one GraphQL request body. Always a 200 JSON body, as GraphQL servers answer: `data` for the
 * `SearchType` introspection probe (under the alias the query used, `SearchType` by default), `errors` otherwise.
 * @param body the raw request body (`{"query": "...", "variables": {...}}`)
 */
export function answerGraphql(body: string): string {
  let query = '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { query?: unknown }).query === 'string') {
      query = (parsed as { query: string }).query;
    }
  } catch {
    return renderJson({ errors: [{ message: 'Problems parsing JSON' }] });
  }
  const alias = searchTypeProbe(query);
  if (alias !== undefined) {
    return renderJson({ data: { [alias]: { enumValues: SEARCH_TYPES.map((name) => ({ name })) } } });
  }
  return renderJson({
    errors: [{ type: 'NOT_SUPPORTED', message: 'This server answers only the REST search API (GET /search/<kind>).' }],
  });
}
