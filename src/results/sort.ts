/**
 * Ordering: best match (score, descending) or a kind's sort key, with a deterministic tie-break (score, then
 * dump order). Records without the sort value come last in either order.
 */
import type { Collection } from '../store/collection.js';
import type { DocList } from '../execute/doc-set.js';

/**
 * Order documents.
 * @param scores one score per entry of `docs`
 * @param sort a sort key of the kind, or undefined for best match
 * @returns positions into `docs`, best first
 */
export function orderResults(
  c: Collection,
  docs: DocList,
  scores: Float64Array,
  sort: string | undefined,
  order: 'asc' | 'desc',
): Uint32Array {
  const positions = Uint32Array.from({ length: docs.length }, (_, i) => i);
  const byScore = (a: number, b: number): number => scores[b]! - scores[a]! || docs[a]! - docs[b]!;
  const getter = sort === undefined ? undefined : c.spec.sorts[sort];
  if (!getter) return positions.sort(byScore);
  const values = new Float64Array(docs.length);
  const column = c.column(getter);
  if (column?.type === 'number') {
    // The sort key's column (built with the index): no record is read.
    for (let i = 0; i < docs.length; i++) values[i] = column.values[docs[i]!]!;
  } else {
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const v = getter(c.records[doc]!, doc, c);
      values[i] = v === undefined || Number.isNaN(v) ? NaN : v;
    }
  }
  const sign = order === 'asc' ? 1 : -1;
  return positions.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    const xMissing = Number.isNaN(x);
    const yMissing = Number.isNaN(y);
    if (xMissing !== yMissing) return xMissing ? 1 : -1;
    if (!xMissing && x !== y) return sign * (x - y);
    return byScore(a, b);
  });
}
