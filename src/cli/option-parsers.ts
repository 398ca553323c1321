/** Small commander coercers that throw InvalidArgumentError with a message naming what is allowed. */
import { InvalidArgumentError } from 'commander';
import { UsageError } from './cli-errors.js';

/** A non-negative decimal integer (`--timeout`, `--repository-id`). */
export function nonNegativeInt(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
}

/** gh's refusal of a `--limit` outside 1..1000 (gh 2.23, `gh search <kind> --limit 5000`). */
export const LIMIT_RANGE_MESSAGE = '`--limit` must be between 1 and 1000';

/**
 * `--limit`/`-L`: a whole number from 1 to 1000. Outside that range, a UsageError with gh's message (gh refuses
 * rather than capping: GitHub serves only the first 1000 results of a search).
 */
export function limitArg(raw: string): number {
  const n = nonNegativeInt(raw);
  if (n < 1 || n > 1000) throw new UsageError(LIMIT_RANGE_MESSAGE, 'GitHub serves only the first 1000 results of a search');
  return n;
}
