/** Small commander coercers that throw InvalidArgumentError with a message naming what is allowed. */
import { InvalidArgumentError } from 'commander';

/** A non-negative decimal integer (`--timeout`, `--repository-id`). */
export function nonNegativeInt(raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
}


/** A positive decimal integer (`--limit`). */
export function positiveInt(raw: string): number {
  const n = nonNegativeInt(raw);
  if (n === 0) throw new InvalidArgumentError('expected a number from 1 up');
  return n;
}
