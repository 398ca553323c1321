/**
 * A minimal `POST /graphql`, for one client need only: gh ≥ 2.79 asks GraphQL which `SearchType` values exist
 * before every issue search and aborts on any error (reference §5.1.2). Every other GraphQL query gets a GraphQL
 * error, since this server serves the REST search API only.
 */
import { renderJson } from '../envelope/envelope.js';

/** The `SearchType` enum values GitHub lists; `ISSUE_ADVANCED` tells gh the advanced issue syntax is served. */
const SEARCH_TYPES = ['DISCUSSION', 'ISSUE', 'ISSUE_ADVANCED', 'REPOSITORY', 'USER'];

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
  const probe = /(?:(\w+)\s*:\s*)?__type\s*\(\s*name\s*:\s*"SearchType"\s*\)/.exec(query);
  if (probe) {
    const alias = probe[1] ?? '__type';
    return renderJson({ data: { [alias]: { enumValues: SEARCH_TYPES.map((name) => ({ name })) } } });
  }
  return renderJson({
    errors: [{ type: 'NOT_SUPPORTED', message: 'This server answers only the REST search API (GET /search/<kind>).' }],
  });
}
