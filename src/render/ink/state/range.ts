/** A half-open `[start, end)` range of UTF-16 code units (a match in a text, the offending part of a query). */
export type Range = readonly [number, number];
