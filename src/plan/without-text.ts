/**
 * The one owner of a kind's "search text is required" refusal (code reference Part A §3.2, §4.2, §5; Part B §2.2,
 * §3.2, §4): a query without text is refused with the kind's message unless a filter that counts is left.
 * understand.ts asks it with every filter the query names (no record read, so `--explain` refuses alike);
 * compile.ts asks it again once user filters are resolved (commits' `author:` naming nobody is no query part).
 */
import { invalidQuery } from '../api-error.js';
import type { Span } from '../query/ast.js';
import type { KindSpec } from '../kinds/spec.js';

/** Whether a filter that counts is among `names` (always true for a kind that answers queries without text). */
export function filtersCount(spec: KindSpec, names: readonly string[]): boolean {
  const rule = spec.withoutText;
  if (!rule) return true;
  if (rule.counting) return names.some((n) => rule.counting!.includes(n));
  return names.some((n) => !(rule.notCounting ?? []).includes(n));
}

/**
 * Refuse a query without text whose filters (`names`, scope included) do not count.
 * @param span the qualifiers of `q` the refusal is about
 * @throws ApiError 422 with the kind's message
 */
export function checkWithoutText(spec: KindSpec, hasText: boolean, names: readonly string[], span: Span | undefined): void {
  if (hasText || !spec.withoutText || filtersCount(spec, names)) return;
  throw invalidQuery(spec.withoutText.message, span);
}
