/**
 * Oracles for narrow number columns (src/cache/narrow-numbers.ts, src/kinds/interval-codes.ts), by value: what the
 * codes mean, independently of how the filters and the code range compute with them.
 */
import type { NarrowNumbers } from '../../src/kinds/collection-view.js';
import { inInterval, type Interval } from '../../src/kinds/qualifier-values.js';

/** The values of a narrow column, widened: `code × scale`, NaN for the none code. */
export function widen(narrow: NarrowNumbers): Float64Array {
  return Float64Array.from(narrow.codes, (code) => (code === narrow.none ? NaN : code * narrow.scale));
}

/** Whether code `c` of a narrow column lies inside `interval`, by value. */
export function codeInInterval(narrow: Pick<NarrowNumbers, 'scale' | 'none'>, interval: Interval, c: number): boolean {
  return c !== narrow.none && inInterval(interval, c * narrow.scale);
}
