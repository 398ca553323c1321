/**
 * One-byte upper bounds of a rank prior per document ("prior codes"), stored by the build beside the prior itself
 * (the segment's section `code.<name>`, src/segment) so that the top-k collector (order/code-bounds.ts) can rule a
 * match out by its own prior before reading the prior's 8 bytes: at 1M issues a qualifier query's 9,000 matches scattered over the whole
 * collection otherwise read every 4 KiB block of the prior (8 MB) to keep about 200 of them.
 *
 * Section layout: a table of {@link CODE_COUNT} f64 values, ascending — code 0 is 0, code c in [1, 254] is
 * 2^((c − {@link CODE_UNIT}) / 4), code 255 is +∞ — then one code (u8) per document: the smallest code whose table
 * value is at least the prior (NaN and negative priors: 255, no bound). The table is fixed (it depends on no
 * document, so no private record moves a public document's bound), covers 2^-47.25 … 2^16 in steps of 2^(1/4)
 * (a bound at most 19 % above the value), and travels with the codes so a reader never recomputes a power.
 */

/** Codes (one byte). */
export const CODE_COUNT = 256;
/** The code whose table value is 1. */
export const CODE_UNIT = 190;
/** The code meaning "no bound" (+∞: NaN, negative or above the table's range). */
export const CODE_NONE = CODE_COUNT - 1;
/** Bytes of the table at the head of a section. */
export const TABLE_BYTES = CODE_COUNT * 8;

/** The fixed table: code → the largest prior it stands for (0, then powers of 2^(1/4), then +∞). */
export function priorCodeTable(): Float64Array {
  const table = new Float64Array(CODE_COUNT);
  for (let c = 1; c < CODE_NONE; c++) table[c] = Math.pow(2, (c - CODE_UNIT) / 4);
  table[CODE_NONE] = Infinity;
  return table;
}

/**
 * The code of one prior value against `table` ({@link priorCodeTable}): the smallest code whose value is at least
 * `v`; {@link CODE_NONE} for NaN and values below 0 (-0 is 0).
 */
export function priorCode(v: number, table: Float64Array): number {
  if (!(v >= 0)) return CODE_NONE;
  if (v === 0) return 0;
  let c = Math.ceil(4 * Math.log2(v)) + CODE_UNIT;
  c = Math.min(CODE_NONE, Math.max(1, Number.isFinite(c) ? c : CODE_NONE));
  // The logarithm may round either way: settle on the table's own comparisons.
  while (c < CODE_NONE && table[c]! < v) c++;
  while (c > 1 && table[c - 1]! >= v) c--;
  return c;
}

/** The section `code.<name>` for a prior's values (one per document): the table, then a code per document. */
export function encodePriorCodes(values: Float64Array): Uint8Array {
  const table = priorCodeTable();
  const out = new Uint8Array(TABLE_BYTES + values.length);
  out.set(new Uint8Array(table.buffer), 0);
  for (let doc = 0; doc < values.length; doc++) out[TABLE_BYTES + doc] = priorCode(values[doc]!, table);
  return out;
}

/** A section read back: the table and the codes (views of its bytes; the table copied when unaligned). */
export interface PriorCodes {
  readonly table: Float64Array;
  readonly codes: Uint8Array;
}

/**
 * The table and codes of a section's bytes for `count` documents; undefined when the length is not
 * {@link TABLE_BYTES} + `count` or the table is not ascending from 0 (a file this reader did not write).
 */
export function decodePriorCodes(bytes: Uint8Array, count: number): PriorCodes | undefined {
  if (bytes.length !== TABLE_BYTES + count) return undefined;
  const table = bytes.byteOffset % 8 === 0 ? new Float64Array(bytes.buffer, bytes.byteOffset, CODE_COUNT) : new Float64Array(bytes.slice(0, TABLE_BYTES).buffer);
  if (table[0] !== 0) return undefined;
  for (let c = 1; c < CODE_COUNT; c++) if (!(table[c]! > table[c - 1]!)) return undefined;
  return { table, codes: bytes.subarray(TABLE_BYTES) };
}
