/**
 * Which order applies to a search (code reference Part B §6 "sort / order", Part A §3.3, §4.2, §5): the planned
 * sort — the `sort` parameter when it names one of the kind's keys, else a `sort:` qualifier in `q` (the planner
 * decides, src/plan/search-plan.ts) — else, only when the query has no free text, the kind's default order, else
 * best match.
 */
import type { KindSpec } from '../kinds/spec.js';

/** A resolved order: a sort key of the kind (undefined: best match) and its direction. */
export interface Order {
  readonly sort: string | undefined;
  readonly order: 'asc' | 'desc';
}

/**
 * The order of one search.
 * @param planned the sort the planner chose from the parameter or the `sort:` qualifier (undefined: none)
 * @param hasText whether the query has free text (kind defaults apply only without it)
 */
export function resolveOrder(
  spec: KindSpec,
  planned: { readonly key: string; readonly order: 'asc' | 'desc' } | undefined,
  hasText: boolean,
): Order {
  if (planned && Object.hasOwn(spec.sorts, planned.key)) return { sort: planned.key, order: planned.order };
  const fallback = spec.rank?.defaultSort;
  if (!hasText && fallback) return { sort: fallback.key, order: fallback.order };
  return { sort: undefined, order: 'desc' };
}
