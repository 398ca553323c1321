/**
 * A set of documents as a bitmap over a collection — the one layout every stored or computed document bitmap uses:
 * u32 words, document `d` is bit `d & 31` of word `d >>> 5`, the bits past the collection's count clear. Stored as
 * little-endian words: the segment's private documents (src/segment/segment.ts `private.bits`) and the columns'
 * bit sets of boolean columns and dense strings (src/cache/column-bits.ts). Read by the anonymous viewer's keyword
 * union and visible statistics (a match tested in one bit instead of a search of the ~100k-entry private list:
 * docs/query-cost.md "Tenth round") and by the column filters (docs/pruning.md "Tenth round: qualifiers").
 * A file directly in src/: the index, the columns (cache/), the kinds' predicates and the executor all read it.
 */

/** Words of a bitmap over `count` documents. */
export const bitWords = (count: number): number => (count + 31) >>> 5;

/** Is `doc` marked in `bits`? (False past the bitmap's end.) */
export const hasBit = (bits: Uint32Array, doc: number): boolean => ((bits[doc >>> 5]! >>> (doc & 31)) & 1) === 1;

/**
 * Marks `docs[from..to)` (each below 32 × (the words of `bits` − `baseWord`)) in the bitmap that starts at word
 * `baseWord` of `bits` (several bitmaps of one collection laid end to end).
 */
export function markInto(bits: Uint32Array, docs: ArrayLike<number>, from = 0, to = docs.length, baseWord = 0): void {
  for (let i = from; i < to; i++) {
    const doc = docs[i]!;
    bits[baseWord + (doc >>> 5)]! |= 1 << (doc & 31);
  }
}

/** The bitmap of `docs` (each below `count`) over `count` documents ({@link bitWords}(count) words). */
export function markedBits(docs: ArrayLike<number>, count: number): Uint32Array {
  const bits = new Uint32Array(bitWords(count));
  markInto(bits, docs);
  return bits;
}

/** How many of `docs` (any order, each below 32 × the words of `bits`) `bits` marks. */
export function countMarked(docs: ArrayLike<number>, bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    count += (bits[doc >>> 5]! >>> (doc & 31)) & 1;
  }
  return count;
}

/**
 * Appends to `out` from index `n` the documents of `docs[from..end)` whose bit is set (`wanted` true) or clear
 * (false), in their order; returns the new length of `out`'s filled part. `out` must have room for `end − from` more.
 */
export function keepByBit(bits: Uint32Array, wanted: boolean, docs: ArrayLike<number>, from: number, end: number, out: Uint32Array, n: number): number {
  const want = wanted ? 1 : 0;
  for (let i = from; i < end; i++) {
    const doc = docs[i]!;
    if (((bits[doc >>> 5]! >>> (doc & 31)) & 1) === want) out[n++] = doc;
  }
  return n;
}

/** The entries of `docs` (each below 32 × the words of `bits`) that `bits` does not mark, in their order (a new array). */
export function withoutMarked(docs: ArrayLike<number>, bits: Uint32Array): Uint32Array {
  const out = new Uint32Array(docs.length);
  return out.subarray(0, keepByBit(bits, false, docs, 0, docs.length, out, 0));
}

/**
 * Writes to `out` from 0, ascending, the documents below `count` whose bit is set in every `sets[i]` with
 * `flips[i] === 0` and clear in every one with `flips[i] === -1` (each set {@link bitWords}(count) words over one
 * collection); returns how many. Word by word: a word's sets combined once (a word whose combination is 0 costs no
 * more), then each surviving bit read out lowest first — work in words plus survivors, not in documents tested.
 * `out` needs room for the survivors (`count` at most). With no set, every document below `count`.
 */
export function keepByWords(sets: readonly (Uint32Array | Int32Array)[], flips: Int32Array, count: number, out: Uint32Array): number {
  const words = bitWords(count);
  const k = sets.length;
  let n = 0;
  for (let w = 0; w < words; w++) {
    let x = -1;
    for (let f = 0; f < k && x !== 0; f++) x &= sets[f]![w]! ^ flips[f]!;
    // The last word's bits past `count` (a clear bit flipped to set) are not documents.
    if (w === words - 1 && (count & 31) !== 0) x &= (1 << (count & 31)) - 1;
    const base = w << 5;
    // The lowest bit set each time (x & -x, the negation wrapping as int32: bit 31 is the sign bit).
    while (x !== 0) {
      const low = x & Math.imul(x, -1);
      out[n++] = base + 31 - Math.clz32(low);
      x ^= low;
    }
  }
  return n;
}
