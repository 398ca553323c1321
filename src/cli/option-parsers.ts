/** Small commander coercers that throw InvalidArgumentError with a message naming what is allowed. */
import { InvalidArgumentError } from 'commander';

/** A non-negative decimal integer (`--timeout`, `--repository-id`). */
export function nonNegativeInt(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
}

