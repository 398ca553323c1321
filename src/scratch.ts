/**
 * Working arrays of the top-k collector (order/top-k.ts, order/bounds.ts), of a sort key's candidates
 * (order/order.ts), of a keyword's field union (execute/execute.ts) and of the qualifier columns' conjunction
 * (execute/column-filter.ts) and of a top-k round's term-frequency blocks (cache/compact-index-file.ts), kept between
 * calls instead of allocated per query: a typed array of more than a few dozen bytes has its memory outside V8's heap, and allocating and collecting those per round was a large share of a
 * server's time (docs/serve-cost.md). A slot is borrowed for the
 * span of one synchronous call, never handed out past it (results are always copied into fresh arrays), so one
 * set per process is enough. Contents are left over from earlier calls: a borrower writes before it reads.
 */

/** Slots of Float64 working arrays (one borrower each within a call). */
export const F64 = { texts: 0, bounds: 1, maxMultiplier: 2, maxAddend: 3, text: 4, multiplier: 5, addend: 6, dots: 7, scores: 8, subTexts: 9, subMultipliers: 10, subAddends: 11, sortKeys: 12 } as const;
/** Slots of Uint32 working arrays. */
export const U32 = { queue: 0, batch: 1, unionA: 2, unionB: 3, sortCandidates: 4, picked: 5, bitsPassed: 6, passed: 7 } as const;
/** Slots of Int32 working arrays. */
export const I32 = { blocks: 0, starts: 1, chosen: 2, tfBlocks: 3 } as const;

/** Arrays longer than this many entries are allocated for the call and not kept (a rare huge query keeps no memory). */
const KEEP_MAX = 1 << 21;

const f64s: Float64Array[] = Array.from({ length: Object.keys(F64).length }, () => new Float64Array(0));
const u32s: Uint32Array[] = Array.from({ length: Object.keys(U32).length }, () => new Uint32Array(0));
const i32s: Int32Array[] = Array.from({ length: Object.keys(I32).length }, () => new Int32Array(0));

/** The next power of two at least `n` (at least 256). */
function capacity(n: number): number {
  let c = 256;
  while (c < n) c *= 2;
  return c;
}

/** A Float64 working array of at least `n` entries in slot `slot` (contents undefined). */
export function f64(slot: number, n: number): Float64Array {
  const have = f64s[slot]!;
  if (have.length >= n) return have;
  if (n > KEEP_MAX) return new Float64Array(n);
  return (f64s[slot] = new Float64Array(capacity(n)));
}

/** A Uint32 working array of at least `n` entries in slot `slot` (contents undefined). */
export function u32(slot: number, n: number): Uint32Array {
  const have = u32s[slot]!;
  if (have.length >= n) return have;
  if (n > KEEP_MAX) return new Uint32Array(n);
  return (u32s[slot] = new Uint32Array(capacity(n)));
}

/** An Int32 working array of at least `n` entries in slot `slot` (contents undefined). */
export function i32(slot: number, n: number): Int32Array {
  const have = i32s[slot]!;
  if (have.length >= n) return have;
  if (n > KEEP_MAX) return new Int32Array(n);
  return (i32s[slot] = new Int32Array(capacity(n)));
}
