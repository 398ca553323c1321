/** Small commander coercers that throw InvalidArgumentError with a message naming what is allowed. */
import { InvalidArgumentError } from 'commander';

/** A non-negative decimal integer (`--timeout`, `--repository-id`). */
export function nonNegativeInt(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
}

/**
 * `--page`/`--per-page` are passed through as given: GitHub absorbs malformed paging values (defaults) and
 * clamps `per_page` to 100, and the CLI answers exactly as the API would (reference §3.2).
 */
export function pagingValue(raw: string): string {
  return raw;
}
