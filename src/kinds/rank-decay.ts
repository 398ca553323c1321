/**
 * Elasticsearch's exponential decay function, as GitHub's function scores use it (code reference Part A §3.2,
 * Part B §2.3): a document `scale` away from the origin scores `decay`, twice as far `decay²`, and so on.
 */

/** One day in ms. */
export const DAY_MS = 86_400_000;

/**
 * `decay ^ (|value − origin| / scale)`, in (0, 1]. A missing value (NaN) scores 1, as Elasticsearch's decay
 * functions do for documents without the field; so does a missing origin.
 * @param value epoch ms (NaN when missing)
 * @param origin epoch ms
 * @param scaleMs distance (ms) at which the score is `decay`
 * @param decay the score at `scale` (0 < decay < 1) @default 0.5
 */
export function expDecay(value: number, origin: number, scaleMs: number, decay = 0.5): number {
  if (Number.isNaN(value) || Number.isNaN(origin)) return 1;
  return Math.pow(decay, Math.abs(value - origin) / scaleMs);
}
