/**
 * Sort keys over strings (GitHub's keyword sorts: repositories' `name` → `name_sort`, `language`, `license`, code
 * reference Part A §4.2) as the number getters the kind tables declare: a value's rank among the distinct values of
 * the whole collection, compared by UTF-16 code units after lower-casing (a keyword field sorts by bytes; the two
 * orders differ only between astral characters and U+E000–U+FFFF).
 *
 * Ranks need every record of the collection, so they are computed when a query sorts, from `c.records`. While a
 * build streams records the view holds none: there the getter throws, which makes the kind's precomputed column
 * unusable (store/column-defs.ts), and the sort reads the records through the getter at query time. Ranks over all
 * records (private ones included) order the values a viewer may see exactly as ranks over those alone would.
 */
import type { Getter, ReaderSlot } from './collection-view.js';
import type { RawRecord } from './kind.js';

/** Thrown while records stream (no collection yet): the column of a string sort is not precomputed. */
export class NoCollectionYet extends Error {
  constructor() {
    super('string sort keys rank over the whole collection: not available while records stream');
    this.name = 'NoCollectionYet';
  }
}

/**
 * A number getter ordering records by `get`'s string, lower-cased; records without one have no sort value (they
 * come last in either order, as every missing sort value does).
 * @throws NoCollectionYet when the view holds no records (a streaming build)
 */
export function stringSort(get: (record: RawRecord) => string | undefined): Getter<number | undefined> {
  // The ranks of this sort's values, kept by the collection's reader (made on its first sorted query).
  const ranks: ReaderSlot<Map<string, number>> = {
    name: 'string sort ranks',
    make: (c) => {
      const distinct = new Set<string>();
      for (const record of c.records) {
        const value = get(record);
        if (value !== undefined) distinct.add(value.toLowerCase());
      }
      return new Map([...distinct].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((value, rank) => [value, rank]));
    },
  };
  return (record, _doc, c) => {
    const value = get(record);
    if (value === undefined) return undefined;
    if (c.records.length === 0) throw new NoCollectionYet();
    return c.memo(ranks).get(value.toLowerCase());
  };
}
