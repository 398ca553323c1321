/**
 * Number columns stored narrow too: a column whose every value is a whole multiple of a scale (1, or 1,000 for
 * instants in whole seconds) small enough for 16 or 32 bits is also written as one unsigned code per document, the
 * value being `code × scale` and the largest code meaning no value (cache/columns.ts, `<name>/codes`). A range
 * filter reads a count's 2 bytes or a date's 4 a document instead of 8, and compares the codes themselves against
 * the interval turned into codes (src/kinds/interval-codes.ts); sorts and signals keep reading the Float64 values (widening
 * the codes in a cold process costs more than reading them).
 */

/** How a narrow column is laid out: bytes per code and the scale of its values. */
export interface NarrowShape {
  readonly width: 2 | 4;
  readonly scale: 1 | 1000;
}

/** The code meaning "no value" for codes of `width` bytes (the largest). */
export const noneCode = (width: 2 | 4): number => (width === 2 ? 0xffff : 0xffff_ffff);

/** Whether every value (NaN: no value) is `code × scale` with an integer code below `none`, and not -0. */
function fits(values: Float64Array, scale: number, none: number): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) continue;
    const code = v / scale;
    // (-0 would come back as +0: such a column stays wide.)
    if (!(code >= 0 && code < none && Math.floor(code) === code && code * scale === v) || Object.is(v, -0)) return false;
  }
  return true;
}

/**
 * The narrowest shape that holds every value of `values` exactly — 16-bit whole numbers, 32-bit whole numbers,
 * 32-bit whole thousands — or undefined (the column stays Float64).
 */
export function narrowShape(values: Float64Array): NarrowShape | undefined {
  if (fits(values, 1, noneCode(2))) return { width: 2, scale: 1 };
  if (fits(values, 1, noneCode(4))) return { width: 4, scale: 1 };
  if (fits(values, 1000, noneCode(4))) return { width: 4, scale: 1000 };
  return undefined;
}

/** `values` as codes of `shape` (which must fit them: {@link narrowShape}). */
export function encodeNarrow(values: Float64Array, shape: NarrowShape): Uint16Array | Uint32Array {
  const none = noneCode(shape.width);
  const codes = shape.width === 2 ? new Uint16Array(values.length) : new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    codes[i] = v === v ? v / shape.scale : none;
  }
  return codes;
}
