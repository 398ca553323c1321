/**
 * Which order applies to a search (code reference Part B §6 "sort / order", Part A §3.3, §4.2, §5): the `sort`
 * parameter when it names one of the kind's keys, else a `sort:` qualifier in `q`, else — only when the query has
 * no free text — the kind's default order, else best match.
 */
import type { KindSpec } from '../kinds/spec.js';
import { lex } from '../query/lexer.js';

/** A resolved order: a sort key of the kind (undefined: best match) and its direction. */
export interface Order {
  readonly sort: string | undefined;
  readonly order: 'asc' | 'desc';
}

/**
 * The `sort:` qualifier of a query: `sort:stars`, `sort:stars-asc`, `sort:updated-desc`. The value's last
 * `-asc`/`-desc` is the direction (default desc); the rest must be a sort key of the kind, else the qualifier is
 * skipped (GitHub skips unknown keys, Part A §3.3). The right-most usable one wins. Topics take no `sort:` (Part B
 * §4: it is text there).
 */
export function sortQualifier(q: string, spec: KindSpec): Order | undefined {
  if (spec.kind === 'topics') return undefined;
  let found: Order | undefined;
  for (const token of lex(q, { grouping: spec.advancedSyntax })) {
    if (token.kind !== 'qualifier' || token.name.toLowerCase() !== 'sort' || token.negated) continue;
    const m = /^(.*?)(?:-(asc|desc))?$/i.exec(token.value.trim())!;
    const key = m[1]!;
    if (Object.hasOwn(spec.sorts, key)) found = { sort: key, order: m[2]?.toLowerCase() === 'asc' ? 'asc' : 'desc' };
  }
  return found;
}

/**
 * The order of one search.
 * @param param the request's `sort` (undefined when absent; ignored when not a key of the kind) and `order`
 * @param qualifier the query's `sort:` qualifier, if any (see {@link sortQualifier})
 * @param hasText whether the query has free text (kind defaults apply only without it)
 */
export function resolveOrder(
  spec: KindSpec,
  param: { sort: string | undefined; order: 'asc' | 'desc' },
  qualifier: Order | undefined,
  hasText: boolean,
): Order {
  if (param.sort !== undefined && Object.hasOwn(spec.sorts, param.sort)) return { sort: param.sort, order: param.order };
  if (qualifier) return qualifier;
  const fallback = spec.rank?.defaultSort;
  if (!hasText && fallback) return { sort: fallback.key, order: fallback.order };
  return { sort: undefined, order: 'desc' };
}
